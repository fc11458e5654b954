/**
 * Selection ranges (expand selection) in wiki queries: value item → the value (item list) → the
 * parameter (`name=value`) → the query line (multi-line queries) → the query. On a name: name →
 * parameter → … ; on the URL: URL → query.
 */
import type { Position, SelectionRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { OffsetRange } from '../languageTypes';
import type { WikiDocument } from './wikiTypes';
import { findQueryAt } from './wikiCursor';
import { getValueItems } from './wikiQueryParser';
import { toRange } from './wikiRanges';

export function getWikiSelectionRanges(document: TextDocument, parsed: WikiDocument, positions: Position[]): SelectionRange[] {
  return positions.map((position) => selectionAt(document, parsed, document.offsetAt(position)));
}

function selectionAt(document: TextDocument, parsed: WikiDocument, offset: number): SelectionRange {
  const chain: OffsetRange[] = [];
  const query = findQueryAt(parsed, offset);
  const inside = (r: OffsetRange) => offset >= r.start && offset <= r.end;
  if (query && inside(query.range)) {
    chain.push(query.range);
    const line = query.multiLine ? query.lines.find(inside) : undefined;
    if (line) chain.push(line);
    if (query.urlRange && inside(query.urlRange)) chain.push(query.urlRange);
    const param = query.params.find((p) => inside(p.range));
    if (param) {
      chain.push(param.range);
      if (inside(param.nameRange)) chain.push(param.nameRange);
      else if (param.hasEquals && offset > param.nameRange.end) {
        chain.push(param.valueRange);
        const item = getValueItems(parsed.text, param).find((i) => inside(i.range));
        if (item) chain.push(item.range);
      }
    }
  } else {
    const comment = parsed.comments.find(inside);
    if (comment) chain.push(comment);
  }
  let result: SelectionRange = { range: toRange(document, { start: offset, end: offset }) };
  let parent: SelectionRange | undefined;
  let last: OffsetRange | undefined;
  for (const r of chain) {
    // Each range strictly contains the next (equal ones are one step).
    if (last && r.start === last.start && r.end === last.end) continue;
    if (last && (r.start < last.start || r.end > last.end)) continue;
    parent = { range: toRange(document, r), parent };
    last = r;
  }
  if (parent) result = parent;
  return result;
}
