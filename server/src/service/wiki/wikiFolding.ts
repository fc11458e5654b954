/**
 * Folding ranges of `.wikiquery` documents: a multi-line query folds to its first line, a block of
 * two or more `#` comment lines folds to its first. Embedded documents (markdown) fold as their own
 * language does: nothing from here.
 */
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { WikiDocument } from './wikiTypes';

export function getWikiFoldingRanges(document: TextDocument, parsed: WikiDocument): FoldingRange[] {
  if (parsed.embedded) return [];
  const out: FoldingRange[] = [];
  // A query of one line (no `&` continuation line) folds only if the editor breaks that line, at a
  // lone CR: without a CR in the text, no position of it needs to be computed.
  const lineBreaksOnlyAtLf = parsed.text.indexOf('\r') < 0;
  for (const query of parsed.queries) {
    if (!query.multiLine && lineBreaksOnlyAtLf) continue;
    const startLine = document.positionAt(query.range.start).line;
    const endLine = document.positionAt(query.range.end).line;
    if (endLine > startLine) out.push({ startLine, endLine });
  }
  let blockStart = -1;
  let blockEnd = -1;
  const flush = () => {
    if (blockEnd > blockStart && blockStart >= 0) out.push({ startLine: blockStart, endLine: blockEnd, kind: FoldingRangeKind.Comment });
  };
  for (const c of parsed.comments) {
    const line = document.positionAt(c.start).line;
    if (line === blockEnd + 1 && blockStart >= 0) blockEnd = line;
    else {
      flush();
      blockStart = blockEnd = line;
    }
  }
  flush();
  return out.sort((a, b) => a.startLine - b.startLine);
}
