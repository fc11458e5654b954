/**
 * The network code (catalogueNetwork.ts), required on first use: the language server's and the CLI's
 * bundles leave this `require` to run time (scripts/build.js, LAZY_CHUNKS), the browser worker's bundle
 * carries the module.
 */
import type { HttpTransport, TransportRequest } from '../../../run/transport';
import type { WikiSecret } from '../../../run/wiki/wikiSecrets';

export type CatalogueNetwork = typeof import('./catalogueNetwork');

let loaded: CatalogueNetwork | undefined;

/** The network code, loaded at the first call. */
export function catalogueNetwork(): CatalogueNetwork {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use on purpose
  return (loaded ??= require('./catalogueNetwork') as CatalogueNetwork);
}

/** `perWikiSignInTransport` of run/wiki/wikiAuth.ts, made at the first request (which loads the network code). */
export function lazyPerWikiSignInTransport(
  inner: HttpTransport,
  secretFor: (apiUrl: string) => Promise<WikiSecret | undefined>,
  userAgent?: string,
): HttpTransport {
  let made: HttpTransport | undefined;
  return {
    request(req: TransportRequest) {
      made ??= catalogueNetwork().perWikiSignInTransport(inner, secretFor, userAgent);
      return made.request(req);
    },
  };
}
