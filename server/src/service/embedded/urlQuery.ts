/** Where a request's query string lies in a decoded literal (`…api.php?…`, `action=…`, `?action=…`). */
import { HOLE, MappedText } from './virtualText';

/** Where a URL in decoded text starts and ends, and where its query string starts. */
function locateQuery(
  text: string,
  fragments: boolean,
): { urlStart: number; queryStart: number; end: number; api: boolean; fragment?: true } | undefined {
  let lead = 0;
  while (text[lead] === HOLE) lead++;
  // `…/api.php?`, not another application's `yourls-api.php?` or `myapi.php?`.
  let api = text.indexOf('api.php?');
  while (api > 0 && /[\w.-]/.test(text[api - 1])) api = text.indexOf('api.php?', api + 8);
  let queryStart: number;
  let urlStart: number;
  let fragment: true | undefined;
  if (api >= 0) {
    queryStart = api + 8;
    urlStart = api;
    while (urlStart > 0 && !/[\s"'<>()`]/.test(text[urlStart - 1])) urlStart--;
  } else if (/^[?&]?action=/.test(text.slice(lead))) {
    urlStart = lead;
    queryStart = text[lead] === '?' || text[lead] === '&' ? lead + 1 : lead;
  } else if (fragments && isQueryFragment(text)) {
    urlStart = 0;
    queryStart = 1;
    fragment = true;
  } else return undefined;
  let end = queryStart;
  while (end < text.length && !/[\s"'<>`#]/.test(text[end])) end++;
  return { urlStart, queryStart, end, api: api >= 0, fragment };
}

/**
 * A literal that starts with `&list=`, `&prop=`, `&meta=` or `&generator=` and a module name: the rest of a query a
 * wrapper appends to `…api.php?action=query` (Mediawiki-Japi's `getQueryResult("&meta=siteinfo&siprop=general")`).
 */
const QUERY_FRAGMENT = /^&(?:list|prop|meta|generator)=[a-z]/;
/** A pair of the page set or another plain name first, with the query module later (`&titles=…&prop=revisions`). */
const LATER_MODULE = /&(?:list|prop|meta|generator)=[a-z]/;

/** Whether a decoded literal is a query fragment: `QUERY_FRAGMENT`, or `&name=…` pairs that name a query module later. */
function isQueryFragment(text: string): boolean {
  return QUERY_FRAGMENT.test(text) || (PAIR_FRAGMENT.test(text) && LATER_MODULE.test(text));
}

/** A literal of `&name=value` pairs, the rest of a request a wrapper puts after the `action` it is given. */
export const PAIR_FRAGMENT = /^&[a-z][a-z0-9_]*=/;

/**
 * The virtual query of a URL literal: `https://host/…/api.php?` kept when wholly literal (it picks the wiki).
 * With `fragments`, a query-module fragment (`QUERY_FRAGMENT`) is read too, marked `fragment`.
 */
export function urlQueryOf(text: MappedText, fragments = false): { query: MappedText; api: boolean; fragment?: true } | undefined {
  const at = locateQuery(text.text, fragments);
  if (!at) return undefined;
  const query = new MappedText();
  const prefix = text.text.slice(at.urlStart, at.queryStart);
  const keepUrl = at.api && /^https?:\/\/[^/\s]+\/\S*api\.php\?$/i.test(prefix) && !text.hasHole(at.urlStart, at.queryStart);
  query.append(text, keepUrl ? at.urlStart : at.queryStart, at.end);
  return { query, api: at.api, fragment: at.fragment };
}
