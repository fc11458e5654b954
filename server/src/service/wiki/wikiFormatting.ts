/**
 * Formatting of `.wikiquery` documents: every query in its canonical form. Formatting changes the
 * layout only, never the request sent: each pair keeps its written text, blanks at its ends
 * included (`list=x ` sends `x `); empty pairs (`&&`, a trailing `&`, a pair of spaces, which PHP
 * drops) go; the layout is one line (`name=value&name=value`), or multi-line (first parameter on
 * the query's first line, each other on a continuation line `  &name=value`), as the setting
 * `wikimapQuery.format.queryLayout` says (`asWritten` keeps each query's own layout).
 * Where the new layout would make the parser read a character differently, only that character is
 * percent-encoded: blanks a pair ends with when it ends a line (the parser drops a line's trailing
 * blanks), and a `#` moved onto the first line of a `?` query (there it starts the URL's fragment).
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
  // A `?` head makes the parser end the first line's pairs at a `#` (a URL's fragment).
  const fragmentOnFirstLine = head.endsWith('?');
  // Each pair's written text, in order; the empty ones (nothing sent) go.
  let out = head;
  let any = false;
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    const r = p.range;
    if (r.end <= r.start) continue;
    if (p.name === '' && isBlank(text, r.start, r.end)) continue;
    let written = text.slice(r.start, r.end);
    if (fragmentOnFirstLine && (!any || !multi) && written.indexOf('#') >= 0) written = written.replace(/#/g, '%23');
    if (multi && isBlankCode(text.charCodeAt(r.end - 1))) written = encodeTrailingBlanks(written);
    out = any ? out + separator + written : out + written;
    any = true;
  }
  if (!any) return head || undefined;
  // On one line, the last pair ends it (the separator `&` is no blank: the blanks `out` ends with are that pair's).
  return multi || !isBlankCode(out.charCodeAt(out.length - 1)) ? out : encodeTrailingBlanks(out);
}

/** Whether a character is a space, a tab or a carriage return (what the parser trims at a line's ends). */
function isBlankCode(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/** Whether `text[start, end)` is only spaces, tabs and carriage returns (what the parser trims at a line's ends). */
function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** `s` with the blanks it ends with percent-encoded (the parser drops them at a line's end; the wiki reads the same). */
function encodeTrailingBlanks(s: string): string {
  let t = s.length;
  while (t > 0) {
    const c = s.charCodeAt(t - 1);
    if (c !== 32 && c !== 9 && c !== 13) break;
    t--;
  }
  if (t === s.length) return s;
  let tail = '';
  for (let i = t; i < s.length; i++) {
    const c = s.charCodeAt(i);
    tail += c === 32 ? '%20' : c === 9 ? '%09' : '%0D';
  }
  return s.slice(0, t) + tail;
}
