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
  for (const query of parsed.queries) {
    if (parsed.comments.some((c) => c.start > query.range.start && c.end < query.range.end)) continue;
    const formatted = canonicalQuery(parsed.text, query, layout);
    if (formatted === undefined || formatted === parsed.text.slice(query.range.start, query.range.end)) continue;
    edits.push({ range: { start: document.positionAt(query.range.start), end: document.positionAt(query.range.end) }, newText: formatted });
  }
  return edits;
}

/** The canonical text of one query, or undefined when it has nothing to write. */
function canonicalQuery(text: string, query: WikiQuery, layout: QueryLayout): string | undefined {
  const params = query.params
    .filter((p) => p.range.end > p.range.start)
    .map((p) => text.slice(p.range.start, p.range.end).trim())
    .filter((p) => p !== '');
  const firstStart = query.params[0]?.range.start ?? query.range.end;
  const lead = text.slice(query.range.start, firstStart);
  const head = query.urlRange ? `${text.slice(query.urlRange.start, query.urlRange.end)}?` : lead.includes('?') ? '?' : '';
  if (!params.length) return head || undefined;
  const multi = layout === 'multiLine' || (layout === 'asWritten' && query.multiLine);
  return multi
    ? head +
        params[0] +
        params
          .slice(1)
          .map((p) => `\n${CONTINUATION_INDENT}&${p}`)
          .join('')
    : head + params.join('&');
}
