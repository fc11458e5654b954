/** Folding ranges of map queries: objects and arrays spanning lines (the closing bracket stays visible), block comments and runs of line comments. */
import { createScanner, SyntaxKind, type Node } from 'jsonc-parser';
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { MapDocument } from './mapQueryParser';

export function getMapFoldingRanges(document: TextDocument, parsed: MapDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  const stack: Node[] = parsed.root ? [parsed.root] : [];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'object' || node.type === 'array') {
      const startLine = document.positionAt(node.offset).line;
      const closeLine = document.positionAt(node.offset + node.length).line;
      // `{` … `}` on its own line: fold up to the line before it, so the bracket stays shown.
      const closeChar = parsed.text[node.offset + node.length - 1];
      const endLine = closeChar === '}' || closeChar === ']' ? closeLine - 1 : closeLine;
      if (endLine > startLine) out.push({ startLine, endLine });
    }
    for (const child of node.children ?? []) stack.push(child);
  }
  if (parsed.text.includes('/')) {
    const scanner = createScanner(parsed.text, false);
    let run: { start: number; end: number } | undefined;
    const flush = () => {
      if (run && run.end > run.start) out.push({ startLine: run.start, endLine: run.end, kind: FoldingRangeKind.Comment });
      run = undefined;
    };
    for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
      if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
      const line = document.positionAt(scanner.getTokenOffset()).line;
      if (kind === SyntaxKind.BlockCommentTrivia) {
        flush();
        const end = document.positionAt(scanner.getTokenOffset() + scanner.getTokenLength()).line;
        if (end > line) out.push({ startLine: line, endLine: end, kind: FoldingRangeKind.Comment });
      } else if (kind === SyntaxKind.LineCommentTrivia) {
        if (run && line === run.end + 1) run.end = line;
        else {
          flush();
          run = { start: line, end: line };
        }
      } else flush();
    }
    flush();
  }
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}
