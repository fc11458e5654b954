/**
 * "Where is the cursor?" — asked once per request; completion and hover switch on the answer.
 */
import type { ModuleListKind, OffsetRange, WikiCursorContext, WikiDocument, WikiParam, WikiQuery, WikiValueItem } from './wikiTypes';
import { decodeRange, getValueItems } from './wikiQueryParser';

const MODULE_LISTS: ReadonlySet<string> = new Set(['list', 'prop', 'meta', 'generator']);

/** The query whose lines contain `offset` (line ends included), if any. */
export function findQueryAt(doc: WikiDocument, offset: number): WikiQuery | undefined {
  const qs = doc.queries;
  let lo = 0;
  let hi = qs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = qs[mid].range;
    if (offset < r.start) hi = mid - 1;
    else if (offset > r.end) lo = mid + 1;
    else return qs[mid];
  }
  return undefined;
}

/** The parameter pair whose range contains `offset` (ends included), if any. */
export function findParamAt(query: WikiQuery, offset: number): WikiParam | undefined {
  const ps = query.params;
  let lo = 0;
  let hi = ps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ps[mid].range;
    if (offset < r.start) hi = mid - 1;
    else if (offset > r.end) lo = mid + 1;
    else return ps[mid];
  }
  return undefined;
}

function inRange(r: OffsetRange, offset: number): boolean {
  return offset >= r.start && offset <= r.end;
}

/** What the cursor at `offset` is on. */
export function getCursorContext(doc: WikiDocument, offset: number): WikiCursorContext {
  const text = doc.text;
  const query = findQueryAt(doc, offset);
  if (!query) {
    for (const c of doc.comments) if (inRange(c, offset)) return { kind: 'comment', range: c };
    return { kind: 'none' };
  }
  // Inside the query's span but maybe on a comment line between its continuation lines.
  if (query.multiLine) {
    let onLine = false;
    for (const l of query.lines) if (inRange(l, offset)) onLine = true;
    if (!onLine) {
      for (const c of doc.comments) if (inRange(c, offset)) return { kind: 'comment', range: c };
      return { kind: 'none', query };
    }
  }
  if (query.urlRange && offset >= query.urlRange.start && offset <= query.urlRange.end) {
    // The end of the URL is the `?`: completing there is completing the URL, not a parameter.
    if (offset < query.urlRange.end || text.charCodeAt(offset) === 63) return { kind: 'url', query, range: query.urlRange };
  }
  const param = findParamAt(query, offset);
  if (!param) {
    return { kind: 'paramName', query, range: { start: offset, end: offset }, prefix: '' };
  }
  if (!param.hasEquals || offset <= param.nameRange.end) {
    const prefix = decodeRange(text, { start: param.nameRange.start, end: Math.min(offset, param.nameRange.end) });
    return { kind: 'paramName', query, param, range: param.nameRange, prefix };
  }
  const items = getValueItems(text, param);
  let item: WikiValueItem | undefined;
  for (const it of items) {
    if (offset >= it.range.start && offset <= it.range.end) {
      item = it;
      break;
    }
  }
  if (!item) {
    // Empty value (or the cursor right after a leading U+001F): an empty item at the cursor.
    item = { text: '', range: { start: offset, end: offset }, index: items.length };
  }
  const prefix = decodeRange(text, { start: item.range.start, end: offset });
  // list=/prop=/meta=/generator= name query modules only under action=query (parse has its own prop).
  const action = query.byName.get('action')?.value;
  if (MODULE_LISTS.has(param.name) && (action === undefined || action === 'query')) {
    return { kind: 'moduleList', group: param.name as ModuleListKind, query, param, item, items, prefix };
  }
  return { kind: 'paramValue', query, param, item, items, prefix };
}
