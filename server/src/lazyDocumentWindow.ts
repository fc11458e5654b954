/**
 * The windows of documents over the parse budget (documentWindow.ts), required on first use: the language
 * server's bundle leaves this `require` to run time (scripts/build.js, LAZY_CHUNKS), the browser worker's
 * bundle carries the module. A session without such a document never reads it.
 */
export type DocumentWindowModule = typeof import('./documentWindow');

let loaded: DocumentWindowModule | undefined;

/** The window code, loaded at the first call. */
export function documentWindow(): DocumentWindowModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use on purpose
  return (loaded ??= require('./documentWindow') as DocumentWindowModule);
}
