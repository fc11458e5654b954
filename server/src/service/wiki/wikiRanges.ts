/** Offsets of the parse tree to LSP ranges: one helper for every wiki feature. */
import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { OffsetRange } from '../languageTypes';

/** The document range of a span of UTF-16 offsets. */
export function toRange(document: TextDocument, r: OffsetRange): Range {
  return { start: document.positionAt(r.start), end: document.positionAt(r.end) };
}
