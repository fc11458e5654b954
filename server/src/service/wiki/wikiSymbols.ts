/**
 * Navigation for wiki query documents:
 * - document symbols: one outline entry per query, named by its modules
 *   (`list=categorymembers · generator=allpages`), with its parameters as children;
 * - document links: the request URL of every query that names its wiki (`https://…/api.php?…`),
 *   multi-line queries joined into one URL, so the link opens the same request the query describes.
 */
import { SymbolKind, type DocumentLink, type DocumentSymbol } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { WikiDocument, WikiQuery } from './wikiTypes';
import { MODULE_LIST_PARAMS } from './wikiSelectedModules';
import { toRange } from './wikiRanges';

/** Most symbols (queries and their parameters together) in one outline; past it parameters, then queries, are left out. */
export const MAX_SYMBOLS = 5000;
/** Longest value shown as a parameter symbol's detail. */
const MAX_DETAIL = 60;

/** Whether list=/prop=/meta=/generator= name query modules here (action=query, or no action yet). */
function isQueryAction(query: WikiQuery): boolean {
  const action = query.byName.get('action')?.value;
  return action === undefined || action === 'query';
}

/** The outline name of a query: its module lists; for another action, the action and what it works on. */
function getQueryName(query: WikiQuery): string {
  const parts: string[] = [];
  if (!isQueryAction(query)) {
    // action=parse · page=Pet_door: the action, then its first parameter (what it is about).
    const action = query.byName.get('action')!;
    const first = query.params.find((p) => p !== action && !p.overridden && p.name !== 'format' && p.name !== 'formatversion');
    return first ? `action=${action.value} · ${first.name}=${shorten(first.value)}` : `action=${action.value}`;
  }
  for (const name of MODULE_LIST_PARAMS) {
    const p = query.byName.get(name);
    if (p && p.value !== '') parts.push(`${name}=${p.value}`);
  }
  if (parts.length) return parts.join(' · ');
  const action = query.byName.get('action')?.value;
  if (action) return `action=${action}`;
  return query.params.length ? query.params[0].name || '(query)' : '(query)';
}

function shorten(s: string): string {
  return s.length > MAX_DETAIL ? s.slice(0, MAX_DETAIL - 1) + '…' : s;
}

export function findWikiDocumentSymbols(document: TextDocument, parsed: WikiDocument): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  let budget = MAX_SYMBOLS;
  // Leave room for every query before handing out children.
  let childBudget = Math.max(0, MAX_SYMBOLS - parsed.queries.length);
  for (const query of parsed.queries) {
    if (budget <= 0) break;
    budget--;
    const firstModuleParam = isQueryAction(query)
      ? query.params.find((p) => !p.overridden && (MODULE_LIST_PARAMS as readonly string[]).includes(p.name))
      : query.byName.get('action');
    const selection = firstModuleParam?.range ?? query.lines[0] ?? query.range;
    const children: DocumentSymbol[] = [];
    for (const p of query.params) {
      if (childBudget <= 0) break;
      childBudget--;
      children.push({
        name: p.name || '(empty name)',
        detail: shorten(p.value) + (p.overridden ? ' (overridden by a later one)' : ''),
        kind: SymbolKind.Property,
        range: toRange(document, p.range),
        selectionRange: toRange(document, p.nameRange),
      });
    }
    out.push({
      name: getQueryName(query),
      detail: query.apiUrl ? hostOf(query.apiUrl) : query.multiLine ? `${query.lines.length} lines` : undefined,
      kind: SymbolKind.Object,
      range: toRange(document, query.range),
      selectionRange: toRange(document, selection),
      children,
    });
  }
  return out;
}

function hostOf(url: string): string {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(url);
  return m ? m[1] : url;
}

/** The full request URL of a query that names an http(s) wiki, parameters as written (joined with `&`). */
function getRequestUrl(parsed: WikiDocument, query: WikiQuery): string | undefined {
  if (!query.apiUrl || !/^https?:\/\//i.test(query.apiUrl)) return undefined;
  const text = parsed.text;
  const params = query.params.map((p) => text.slice(p.range.start, p.range.end)).filter((s) => s !== '');
  const url = params.length ? `${query.apiUrl}?${params.join('&')}` : query.apiUrl;
  // Characters a URL cannot hold as written (spaces, quotes…) are percent-encoded; existing escapes stay.
  return url.replace(/[\s"<>\\^`{}]/g, (c) => encodeURIComponent(c));
}

export function findWikiDocumentLinks(document: TextDocument, parsed: WikiDocument): DocumentLink[] {
  const links: DocumentLink[] = [];
  for (const query of parsed.queries) {
    const target = getRequestUrl(parsed, query);
    if (!target) continue;
    const first = query.lines[0] ?? query.range;
    links.push({
      range: toRange(document, query.multiLine ? (query.urlRange ?? first) : first),
      target,
      tooltip: query.multiLine ? 'Open the whole request (all its lines) in the browser' : 'Open the request in the browser',
    });
  }
  return links;
}
