/**
 * The network code of the language server and the CLI: catalogue loads (liveCatalogueFetcher.ts), the
 * bounded read under them and map config (boundedFetch.ts), the signed-in transport (run/wiki/wikiAuth.ts)
 * and the answer budget. A bundle of its own for the two commands (scripts/build.js, LAZY_CHUNKS),
 * required by `catalogueNetwork()` (lazyCatalogueNetwork.ts) at the first fetch: a session checked against the
 * built-in or a saved catalogue neither reads nor compiles it.
 */
export { fetchAccount, fetchLiveCatalogueData, fetchSiteinfo, WikiFetchError } from './liveCatalogueFetcher';
export { boundedFetchText, BoundedFetchError } from './boundedFetch';
export { perWikiSignInTransport } from '../../../run/wiki/wikiAuth';
export { estimateParsedSize } from '../../../run/jsonBudget';
