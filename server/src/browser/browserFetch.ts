/**
 * The network of the language server in a browser (a Web Worker): the page's own `fetch`, which a
 * browser bounds by rules of its own. When it refuses, it only says "Failed to fetch"; this module
 * says why in words a user can act on, and refuses up front what the browser would refuse anyway:
 * - `http://` addresses from an `https://` page (mixed content);
 * - loopback and private-network addresses from a public page (Private Network Access);
 * - any answer without CORS headers (a stock map server's `/api/config`; a wiki when `origin=*` is
 *   stripped by a proxy) — said with the `corsHint` of what was being read.
 * The time, byte and memory bounds are the caller's, as on the desktop (catalogue/boundedFetch.ts).
 */
import { isPrivateHost } from '../catalogue/fetchPolicy';

/** Why a page at `page` cannot read `target`, or undefined when the browser lets it try. */
export function browserRefusal(target: URL, page: URL | undefined): string | undefined {
  if (!page) return undefined;
  if (page.protocol === 'https:' && target.protocol === 'http:') {
    return (
      `the browser blocks http:// addresses from an https:// page (mixed content): ` +
      `use the https:// address of ${target.host}, or the desktop editor`
    );
  }
  if (isPrivateHost(target.hostname) && !isPrivateHost(page.hostname)) {
    return (
      `the browser does not let a public page (${page.host}) reach loopback or private-network addresses ` +
      `such as ${target.host}: use the desktop editor for that server`
    );
  }
  return undefined;
}

/**
 * A `fetch` that fails with a message saying why: a refusal decided before sending, or, when the
 * browser rejects with its bare TypeError, the likely cause for this kind of request.
 */
export function explainingFetch(base: typeof fetch, page: URL | undefined, corsHint: string): typeof fetch {
  return async (input, init) => {
    const target = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const refusal = browserRefusal(target, page);
    if (refusal) throw new Error(refusal);
    try {
      return await base(input, init);
    } catch (err) {
      // Aborts (time limit, cancel) are the caller's to describe. The bare TypeError is left out as the
      // cause on purpose: the callers report a cause's message first, and its "Failed to fetch" says nothing.
      // eslint-disable-next-line preserve-caught-error -- see above
      if (err instanceof TypeError) throw new Error(`the browser could not read ${target.host}: ${corsHint}`);
      throw err;
    }
  };
}

/** For live catalogues (`action=paraminfo`, siteinfo). */
export const WIKI_CORS_HINT =
  'either it cannot be reached or it sends no CORS headers (MediaWiki answers anonymous cross-origin reads with origin=*, unless a proxy strips them)';

/** For the map server's `/api/config`. */
export const MAP_CONFIG_CORS_HINT =
  "stock map servers send no CORS headers, so a browser page cannot read /api/config (put the server's mapserver.json in the workspace to check against its layers and types, or use the desktop editor)";
