/**
 * The ranges quick fixes remove: a `name=value` pair with one `&` (a pair alone on a continuation
 * line takes its line), or one item of a multi-value with one separator.
 */
import type { WikiParam, WikiQuery, WikiValueItem } from './wikiTypes';
import { getValueItems } from './wikiQueryParser';

/** The range that removes a pair with one `&`; a pair alone on a continuation line removes the line. */
export function pairRemoval(text: string, query: WikiQuery, p: WikiParam): { start: number; end: number } {
  const s = p.range.start;
  const e = p.range.end;
  if (s > 0 && text.charCodeAt(s - 1) === 38 /* & */) {
    // Alone on a continuation line ("  &name=value")?
    let ls = s - 1;
    while (ls > 0 && (text.charCodeAt(ls - 1) === 32 || text.charCodeAt(ls - 1) === 9)) ls--;
    const atLineStart = ls === 0 || text.charCodeAt(ls - 1) === 10;
    let le = e;
    while (le < text.length && (text.charCodeAt(le) === 32 || text.charCodeAt(le) === 9 || text.charCodeAt(le) === 13)) le++;
    const atLineEnd = le >= text.length || text.charCodeAt(le) === 10;
    if (atLineStart && atLineEnd && ls > query.range.start) {
      let start = ls - 1; // the newline before
      if (start > 0 && text.charCodeAt(start - 1) === 13) start--;
      return { start, end: le };
    }
    return { start: s - 1, end: e };
  }
  if (e < text.length && text.charCodeAt(e) === 38) return { start: s, end: e + 1 };
  return { start: s, end: e };
}

/** The range that removes one value item with one separator. */
export function itemRemoval(items: WikiValueItem[], item: WikiValueItem): { start: number; end: number } {
  const i = item.index;
  if (i > 0) return { start: items[i - 1].range.end, end: item.range.end };
  if (i + 1 < items.length) return { start: item.range.start, end: items[i + 1].range.start };
  return { start: item.range.start, end: item.range.end };
}

/** The range that removes item `index` of `p`'s value with one separator. */
export function itemRemovalAt(text: string, p: WikiParam, index: number): { start: number; end: number } {
  const items = getValueItems(text, p);
  return itemRemoval(items, items[index]);
}
