/**
 * Formatting of `.wikiquery` documents: every query in its canonical form. Parameters keep their
 * written text (nothing is re-encoded, so the wiki reads the same request); empty pairs (`&&`, a
 * trailing `&`) go; the layout is one line (`name=value&name=value`), or multi-line (first parameter
 * on the query's first line, each other on a continuation line `  &name=value`), as the setting
 * `wikimapQuery.format.queryLayout` says (`asWritten` keeps each query's own layout).
 * Queries with comment lines inside are left alone (joining them would lose the comments), and so
 * are embedded documents (markdown is not ours to format).
 */
import type { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { WikiDocument, WikiQuery } from './wikiTypes';

export type QueryLayout = 'asWritten' | 'oneLine' | 'multiLine';

/** Indentation of continuation lines (as the one-line ⇄ multi-line rewrite writes them). */
export const CONTINUATION_INDENT = '  ';

export function formatWikiDocument(document: TextDocument, parsed: WikiDocument, layout: QueryLayout = 'asWritten'): TextEdit[] {
  if (parsed.embedded) return [];
  const edits: TextEdit[] = [];
  const text = parsed.text;
  // Comments and queries are in document order, and neither overlaps another: the first comment
  // after a query's start is the only one that can be inside it (one pass over both).
  const comments = parsed.comments;
  let c = 0;
  for (const query of parsed.queries) {
    const { start, end } = query.range;
    while (c < comments.length && comments[c].start <= start) c++;
    if (c < comments.length && comments[c].start > start && comments[c].end < end) continue;
    const formatted = canonicalQuery(text, query, layout);
    if (formatted === undefined || sameText(text, start, end, formatted)) continue;
    edits.push({ range: { start: document.positionAt(start), end: document.positionAt(end) }, newText: formatted });
  }
  return edits;
}

/** Whether `text[start, end)` is `s` (compared in place: no slice of the document is made). */
function sameText(text: string, start: number, end: number, s: string): boolean {
  return end - start === s.length && text.startsWith(s, start);
}

/** Whether `text[start, end)` has a `?`. */
function hasQuestionMark(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 63 /* ? */) return true;
  return false;
}

/** The canonical text of one query, or undefined when it has nothing to write. */
function canonicalQuery(text: string, query: WikiQuery, layout: QueryLayout): string | undefined {
  const params = query.params;
  const firstStart = params.length > 0 ? params[0].range.start : query.range.end;
  const head = query.urlRange
    ? `${text.slice(query.urlRange.start, query.urlRange.end)}?`
    : hasQuestionMark(text, query.range.start, firstStart)
      ? '?'
      : '';
  const multi = layout === 'multiLine' || (layout === 'asWritten' && query.multiLine);
  const separator = multi ? `\n${CONTINUATION_INDENT}&` : '&';
  // Each non-empty pair's written text, trimmed, in order.
  let out = head;
  let any = false;
  for (let i = 0; i < params.length; i++) {
    const r = params[i].range;
    if (r.end <= r.start) continue;
    const written = text.slice(r.start, r.end).trim();
    if (written === '') continue;
    out = any ? out + separator + written : out + written;
    any = true;
  }
  if (!any) return head || undefined;
  return out;
}
