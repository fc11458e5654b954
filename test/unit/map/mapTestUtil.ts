/** Helpers for map-service tests: `|` marks the cursor; edits are applied to assert on the resulting text. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, Diagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { LanguageSettings } from '../../../server/src/service/languageTypes';
import { getMapLanguageService } from '../../../server/src/service/map/mapLanguageService';

export const descriptorJson: unknown = JSON.parse(readFileSync(join(__dirname, '../../../descriptors/mapserver/mapobjects.json'), 'utf8'));
export const service = getMapLanguageService({ descriptor: descriptorJson });

let version = 0;
export function makeDocument(text: string): TextDocument {
  return TextDocument.create(`file:///test/q${++version}.mapquery.json`, 'mapquery', 1, text);
}

/** Split a test string at its `|` cursor marker; fails loudly when there is none (or more than one). */
export function withCursor(textWithCursor: string): { text: string; offset: number } {
  const offset = textWithCursor.indexOf('|');
  if (offset < 0) throw new Error(`Test input has no "|" cursor marker: ${JSON.stringify(textWithCursor)}`);
  if (textWithCursor.indexOf('|', offset + 1) >= 0) throw new Error(`Test input has more than one "|": ${JSON.stringify(textWithCursor)}`);
  return { text: textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1), offset };
}

export function diagnose(
  text: string,
  settings?: LanguageSettings,
): Array<Omit<Diagnostic, 'message'> & { message: string; covered: string }> {
  const document = makeDocument(text);
  return service.doValidation(document, service.parse(document), settings).map((d) => ({
    ...d,
    message: typeof d.message === 'string' ? d.message : d.message.value,
    covered: document.getText(d.range),
  }));
}

export function applyEdits(text: string, edits: TextEdit[]): string {
  const document = makeDocument(text);
  return TextDocument.applyEdits(document, edits);
}

/** Replace snippet placeholders (`${1:0}`, `${2}`, `$0`) by their default text. */
export function expandSnippet(snippet: string): string {
  return snippet
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\}/g, '')
    .replace(/\$\d+/g, '');
}

export function complete(textWithCursor: string): { items: CompletionItem[]; apply(label: string): string } {
  const { text, offset } = withCursor(textWithCursor);
  const document = makeDocument(text);
  const list = service.doComplete(document, service.parse(document), offset);
  return {
    items: list.items,
    apply(label: string): string {
      const item = list.items.find((i) => i.label === label);
      if (!item) throw new Error(`No completion "${label}" among: ${list.items.map((i) => i.label).join(', ')}`);
      const edit = item.textEdit as TextEdit;
      return TextDocument.applyEdits(document, [{ range: edit.range, newText: expandSnippet(edit.newText) }]);
    },
  };
}

export function hover(textWithCursor: string): { text: string; covered: string } | null {
  const { text, offset } = withCursor(textWithCursor);
  const document = makeDocument(text);
  const h = service.doHover(document, service.parse(document), offset);
  if (!h) return null;
  const contents = h.contents as { value: string };
  return { text: contents.value, covered: h.range ? document.getText(h.range) : '' };
}

/**
 * Apply the quick fix titled `title` (or the first one) for the first diagnostic with `code`; return the new text.
 * `withoutData`: the diagnostic is sent back without its `data`, as clients that do not echo it do.
 */
export function fix(text: string, code: string, title?: string, withoutData = false): { result: string; titles: string[] } {
  const document = makeDocument(text);
  const parsed = service.parse(document);
  const found = service.doValidation(document, parsed).find((d) => d.code === code);
  if (!found) throw new Error(`No diagnostic "${code}" for ${text}`);
  const diagnostic: Diagnostic = withoutData
    ? { range: found.range, severity: found.severity, code: found.code, source: found.source, message: found.message }
    : found;
  const actions = service.doCodeActions(document, parsed, diagnostic.range, [diagnostic]);
  const titles = actions.map((a) => a.title);
  const chosen = title === undefined ? actions[0] : actions.find((a) => a.title === title);
  if (!chosen) throw new Error(`No quick fix ${title ?? ''} for "${code}"; offered: ${titles.join(' | ')}`);
  const edits = (chosen.edit as WorkspaceEdit).changes![document.uri];
  return { result: TextDocument.applyEdits(document, edits), titles };
}

/** A valid query with optional overrides spliced in as raw JSON text. */
export function query(extra = '', type = 'bones'): string {
  return `{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 10, "z": 10}, "type": "${type}"${extra}}`;
}
