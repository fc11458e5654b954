/** Selection ranges in map queries: JSON nesting, innermost first (string contents → value → property → object → …). */
import type { Position, SelectionRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { MapDocument } from './mapQueryParser';

export function getMapSelectionRanges(document: TextDocument, parsed: MapDocument, positions: Position[]): SelectionRange[] {
  return positions.map((position) => {
    const offset = document.offsetAt(position);
    const spans: Array<{ start: number; end: number }> = [];
    let node = parsed.root;
    while (node && offset >= node.offset && offset <= node.offset + node.length) {
      spans.push({ start: node.offset, end: node.offset + node.length });
      node = (node.children ?? []).find((c) => offset >= c.offset && offset <= c.offset + c.length);
    }
    const last = spans[spans.length - 1];
    // Inside a string: its contents without the quotes first.
    if (last && last.end - last.start >= 2 && parsed.text[last.start] === '"' && offset > last.start && offset < last.end) {
      spans.push({ start: last.start + 1, end: last.end - 1 });
    }
    let result: SelectionRange | undefined;
    let prev: { start: number; end: number } | undefined;
    for (const s of spans) {
      if (prev && prev.start === s.start && prev.end === s.end) continue;
      result = { range: { start: document.positionAt(s.start), end: document.positionAt(s.end) }, parent: result };
      prev = s;
    }
    return result ?? { range: { start: position, end: position } };
  });
}
