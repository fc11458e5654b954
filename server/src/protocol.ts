/**
 * The custom requests the language server answers besides standard LSP, and the
 * settings it reads. Shared by the server and the VS Code client (and usable by any
 * other LSP client): method names are plain strings, params and results plain JSON.
 *
 * This file imports only types, so both bundles can use it without pulling in a
 * second copy of a JSON-RPC library.
 */
import type { Range } from 'vscode-languageserver-types';
import type { RunnableQuery, SeveritySetting } from './service/languageTypes';

export type { RunnableQuery };

/** Language ids the server serves. Documents of the `embeddedLanguages` setting are served too. */
export const WIKI_LANGUAGE_ID = 'wikiquery';
export const MAP_LANGUAGE_ID = 'mapquery';

// ---------------------------------------------------------------------------
// wikimapQuery/catalogue
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/catalogue`: the effective wiki catalogue for a document or a wiki, for the
 * guided query builder. The client keeps no second copy of the catalogue logic.
 *
 * Which catalogue: `apiUrl` when given (a full `…/api.php` URL or the name of an endpoint in
 * `wikimapQuery.wikis`); otherwise the wiki of the first query in document `uri` that names one;
 * otherwise `wikimapQuery.wiki.apiUrl`; otherwise the built-in catalogue.
 */
export const CatalogueRequestMethod = 'wikimapQuery/catalogue';

export interface CatalogueParams {
  uri?: string;
  apiUrl?: string;
}

/** One module in MediaWiki's `action=paraminfo` shape (formatversion 1 flags: `""` means true). */
export interface ParaminfoModule {
  name: string;
  path: string;
  group?: string;
  prefix: string;
  parameters: ParaminfoParameter[];
  [field: string]: unknown;
}

export interface ParaminfoParameter {
  index?: number;
  name: string;
  type: string | string[];
  [field: string]: unknown;
}

export interface CatalogueResult {
  /** Where the catalogue came from: `builtin`, an api.php URL, or a file. */
  source: string;
  /** Every module of the catalogue, `main` and `query` included, as paraminfo module objects. */
  modules: ParaminfoModule[];
  /** The wiki's namespaces (the built-in list for the built-in catalogue). */
  namespaces: Array<{ id: number; name: string }>;
}

// ---------------------------------------------------------------------------
// wikimapQuery/runnableQueries
// ---------------------------------------------------------------------------

/** `wikimapQuery/runnableQueries`: the queries of an open document that can be run (Run lens, run commands). */
export const RunnableQueriesRequestMethod = 'wikimapQuery/runnableQueries';

export interface RunnableQueriesParams {
  uri: string;
}

/** Empty when the document is not open or has no runnable query. */
export type RunnableQueriesResult = RunnableQuery[];

// ---------------------------------------------------------------------------
// wikimapQuery/reloadCatalogue
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/reloadCatalogue`: fetch a wiki's catalogue again ("Wiki Query: Reload Catalogue").
 * Without `apiUrl`, every configured wiki (`wikimapQuery.wiki.apiUrl` and `wikimapQuery.wikis`) is reloaded.
 * Open documents are validated again afterwards.
 */
export const ReloadCatalogueRequestMethod = 'wikimapQuery/reloadCatalogue';

export interface ReloadCatalogueParams {
  apiUrl?: string;
}

export interface ReloadCatalogueResult {
  /** api.php URLs whose catalogue is now loaded. */
  loaded: string[];
  /** One message per wiki that could not be loaded, saying what to do. */
  errors: string[];
}

// ---------------------------------------------------------------------------
// Settings (section `wikimapQuery`), also accepted as `initializationOptions`
// ---------------------------------------------------------------------------

export interface WikimapQuerySettings {
  wiki?: {
    /** Default wiki for bare queries (`action=query&…`), an api.php URL. */
    apiUrl?: string;
    /** The account has `apihighlimits`: multi-value limit 500 instead of 50. */
    highLimits?: boolean;
  };
  /** Named wiki endpoints, e.g. `{ "local": "http://127.0.0.1:8080/api.php" }`. */
  wikis?: Record<string, string>;
  diagnostics?: {
    /** Per-code severity; `off` hides the code. */
    severity?: Record<string, SeveritySetting>;
    /** Debounce before diagnostics are computed after a change, in ms (default 150). */
    delay?: number;
    /** Documents larger than this many characters get fewer checks, said once (default 5 MB). */
    maxFullCheckSize?: number;
  };
  /** Language ids whose documents get wiki features on lines with `api.php?` (default `["markdown"]`). */
  embeddedLanguages?: string[];
  format?: {
    /** How formatting lays out wiki queries: `asWritten` (default: each query keeps its layout), `oneLine`, `multiLine`. */
    queryLayout?: 'asWritten' | 'oneLine' | 'multiLine';
  };
}

/**
 * `initializationOptions`: the settings above (nested, dotted like `"wiki.highLimits"`, or wrapped in
 * `{ wikimapQuery: … }`) for clients without `workspace/configuration`, plus options only a host can give.
 */
export interface WikimapQueryInitializationOptions extends WikimapQuerySettings {
  /** Folder for the disk cache of live wiki catalogues (VS Code: the extension's global storage). Default: `$XDG_CACHE_HOME/wikimap-query`. */
  catalogueCacheDir?: string;
}

/** Extra range type re-exported for clients that build lenses from runnable queries. */
export type { Range };
