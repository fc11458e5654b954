/**
 * Document sync as the LSP specification says: the content changes of one `didChange` are applied in
 * order, each against the text the previous one produced. Editors batch changes (Neovim groups the
 * changes of ~150 ms, Emacs/eglot too), so clamping them all against the text before the notification
 * scrambles the document.
 */
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';

/**
 * The content changes of one `didChange`, applied as the LSP specification says: in order, each one
 * against the text the previous one produced (so each is clamped against that text, not the text
 * before the notification). The version is set once all changes are in.
 */
export function applyContentChanges(
  document: TextDocument,
  contentChanges: readonly TextDocumentContentChangeEvent[] | undefined,
  version: number,
): TextDocument {
  let doc = document;
  for (const raw of Array.isArray(contentChanges) ? contentChanges : []) {
    const change = sanitiseChange(doc, raw);
    if (change) doc = TextDocument.update(doc, [change], doc.version);
  }
  return TextDocument.update(doc, [], version);
}

/** Clamps a change to the document; drops changes that are not changes. Out-of-range edits never throw. */
function sanitiseChange(doc: TextDocument, change: TextDocumentContentChangeEvent): TextDocumentContentChangeEvent | undefined {
  if (!change || typeof change !== 'object' || typeof (change as { text?: unknown }).text !== 'string') return undefined;
  if (!('range' in change) || change.range === undefined || change.range === null) return { text: change.text };
  const r = change.range as Range;
  if (!isPosition(r.start) || !isPosition(r.end)) return undefined;
  let start = doc.offsetAt(r.start);
  let end = doc.offsetAt(r.end);
  if (end < start) [start, end] = [end, start];
  return { range: { start: doc.positionAt(start), end: doc.positionAt(end) }, text: change.text };
}

function isPosition(p: unknown): p is { line: number; character: number } {
  const q = p as { line?: unknown; character?: unknown } | null;
  return !!q && Number.isFinite(q.line) && Number.isFinite(q.character);
}
