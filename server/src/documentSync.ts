/**
 * Document sync as the LSP specification says: the content changes of one `didChange` are applied in
 * order, each against the text the previous one produced. Editors batch changes (Neovim groups the
 * changes of ~150 ms, Emacs/eglot too), so clamping them all against the text before the notification
 * scrambles the document.
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { LineIndexedDocument, type TextChange } from './lineIndexedDocument';
import type { Range } from 'vscode-languageserver-types';

/**
 * The content changes of one `didChange`, applied as the LSP specification says: in order, each one
 * against the text the previous one produced (so each is clamped against that text, not the text
 * before the notification). The version is set once all changes are in.
 */
export function applyContentChanges(
  document: LineIndexedDocument,
  contentChanges: readonly TextDocumentContentChangeEvent[] | undefined,
  version: number,
): LineIndexedDocument {
  const changes = Array.isArray(contentChanges) ? contentChanges : [];
  // All in one update: a long batch is applied to the text in pieces (LineIndexedDocument.update).
  const applied: TextChange[] = [];
  for (let i = lastFullReplacement(changes); i < changes.length; i++) {
    const change = sanitiseChange(changes[i]);
    if (change) applied.push(change);
  }
  document.update(applied, version);
  return document;
}

/**
 * Where applying starts: the last change that replaces the whole text (what came before it cannot show
 * in the result), else the first change. A batch of 10,000 replacements, each followed by an edit in
 * its text, built the line index of every text in turn (6.5 s for 100 lines each); now only the last
 * replacement and the changes after it are applied.
 */
function lastFullReplacement(changes: readonly TextDocumentContentChangeEvent[]): number {
  for (let i = changes.length - 1; i > 0; i--) {
    const change = sanitiseChange(changes[i]);
    if (change && !change.range) return i;
  }
  return 0;
}

/** Drops changes that are not changes; the document clamps the rest to its text (out-of-range edits never throw). */
function sanitiseChange(change: TextDocumentContentChangeEvent): TextChange | undefined {
  if (!change || typeof change !== 'object' || typeof (change as { text?: unknown }).text !== 'string') return undefined;
  if (!('range' in change) || change.range === undefined || change.range === null) return { text: change.text };
  const r = change.range as Range;
  if (!isPosition(r.start) || !isPosition(r.end)) return undefined;
  return { range: { start: r.start, end: r.end }, text: change.text };
}

function isPosition(p: unknown): p is { line: number; character: number } {
  const q = p as { line?: unknown; character?: unknown } | null;
  return !!q && Number.isFinite(q.line) && Number.isFinite(q.character);
}
