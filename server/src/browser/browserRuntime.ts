/**
 * The runtime of the language server in a browser's Web Worker (the web extension): package files
 * bundled into the worker, the worker's timers, live catalogues fetched with the page's `fetch`
 * (`origin=*`, `Api-User-Agent`) and cached by the editor in the extension's storage (in memory when the
 * client keeps no cache). No Node API is used here or below.
 */
import type { CatalogueStoreAccess, CatalogueStoreOptions, PackageFiles, ServerRuntime, Timers } from '../runtime';
import { CatalogueStore, catalogueUserAgent } from '../catalogue/catalogueStore';
import { liveCatalogueData, packageVersion } from '../packageData';
import { createBundledPackageFiles } from './bundledFiles';
import { explainingFetch, MAP_CONFIG_CORS_HINT, WIKI_CORS_HINT } from './browserFetch';
import type { CatalogueFiles } from '../catalogue/catalogueCache';
import { memoryCatalogueFiles } from './memoryCatalogueFiles';
import { fetchTransport } from '../../../run/browser/fetchTransport';
import { perWikiSignInTransport, signedInBy } from '../../../run/wiki/wikiAuth';
import { HOST_PARSERS_SCRIPT, lazyBrowserHostFinder } from './lazyHostParsers';

/** Per request to a wiki when fetching its catalogue (as on the desktop). */
/** Most text kept by the in-memory catalogue cache (a big wiki's catalogue is a few MB). */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

const browserTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    return { dispose: () => clearTimeout(handle) };
  },
  // A worker has no setImmediate: a zero timeout also lets queued messages (a cancel) arrive first.
  setImmediate(callback) {
    const handle = setTimeout(callback, 0);
    return { dispose: () => clearTimeout(handle) };
  },
};

export interface BrowserRuntimeOptions {
  /** The bundled package files, path → text. */
  files: Readonly<Record<string, string>>;
  /** The worker's address: a request the browser would refuse from there is refused with the reason. */
  page?: URL;
  fetchImpl?: typeof fetch;
  /**
   * The cache files the client keeps (./editorCatalogueFiles.ts), used when the client names a cache folder
   * (`initializationOptions.catalogueCacheDir`); otherwise catalogues are cached in memory for the session.
   */
  editorCacheFiles?: CatalogueFiles;
  /**
   * Reads a file of the extension's dist/grammars (the tree-sitter runtime, a grammar) by its name: the client
   * answers from the extension's own folder (`wikimapQuery/grammarFile`). Absent: source files are read for URL
   * literals only, by the lexer.
   */
  grammarFile?: (name: string) => Promise<Uint8Array>;
}

/** The folder of the shipped grammar files (scripts/build.js `copyGrammars`), the only files read as bytes here. */
const GRAMMARS_DIR = 'dist/grammars/';

/** The text of the host parsers' script (./lazyHostParsers.ts), read as the grammars are. */
const hostParsersScript = (grammarFile: (name: string) => Promise<Uint8Array>) => async () =>
  new TextDecoder().decode(await grammarFile(HOST_PARSERS_SCRIPT));

/** `loadBytes` of the package files: a file of dist/grammars from the client, nothing else. */
function grammarBytes(grammarFile: (name: string) => Promise<Uint8Array>): (relativePath: string) => Promise<Uint8Array> {
  return async (relativePath) => {
    const name = relativePath.startsWith(GRAMMARS_DIR) ? relativePath.slice(GRAMMARS_DIR.length) : '';
    if (!name || name.includes('/')) throw new Error(`${relativePath} is not in the web extension`);
    return grammarFile(name);
  };
}

function createBrowserCatalogueStore(
  files: PackageFiles,
  network: typeof fetch,
  options: CatalogueStoreOptions,
  editorCacheFiles?: CatalogueFiles,
): CatalogueStore {
  const onEditor = options.cacheDir && editorCacheFiles;
  const userAgent = catalogueUserAgent(packageVersion(files));
  // Signed in from the editor (OAuth 2 tokens in the browser's secret storage): each configured wiki's
  // requests carry that wiki's own token, with crossorigin=1 in place of origin=* (run/wiki/wikiAuth.ts).
  const transport = options.secretFor ? perWikiSignInTransport(fetchTransport(network), options.secretFor, userAgent) : undefined;
  return new CatalogueStore({
    builtin: options.builtin,
    cacheDir: onEditor ? options.cacheDir : 'memory',
    files: onEditor ? editorCacheFiles : memoryCatalogueFiles(MEMORY_CACHE_BYTES),
    userAgent,
    crossOrigin: true,
    fetchImpl: network,
    transport,
    readDeniedHelp: options.readDeniedHelp,
    signedIn: signedInBy(options.secretFor),
    timeoutMs: options.timeoutMs,
    log: options.log,
    shouldFetch: options.shouldFetch,
    // The browser connects: the address a name resolves to is its business (no lookup from a worker).
    maxBytes: options.maxBytes,
    maxFollowUps: options.maxFollowUps,
    ...liveCatalogueData(files),
  });
}

export function createBrowserRuntime(options: BrowserRuntimeOptions): ServerRuntime {
  const bundled = createBundledPackageFiles(options.files);
  const files = options.grammarFile ? { ...bundled, loadBytes: grammarBytes(options.grammarFile) } : bundled;
  const base = options.fetchImpl ?? ((input, init) => fetch(input, init));
  return {
    files,
    timers: browserTimers,
    version: packageVersion(files),
    createCatalogueStore: (storeOptions): CatalogueStoreAccess =>
      createBrowserCatalogueStore(files, explainingFetch(base, options.page, WIKI_CORS_HINT), storeOptions, options.editorCacheFiles),
    fetch: explainingFetch(base, options.page, MAP_CONFIG_CORS_HINT),
    // The same finder as on the desktop; its code, the runtime and each grammar load when a document first needs them.
    hostFinder: options.grammarFile ? lazyBrowserHostFinder(files, hostParsersScript(options.grammarFile)) : undefined,
  };
}
