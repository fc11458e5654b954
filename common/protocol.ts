/**
 * The protocol between the VS Code client and the language server, beyond standard LSP: the
 * language ids, the custom requests (typed descriptors, in the manner of rust-analyzer's
 * lsp_ext.ts) and the settings the server reads. The one definition of each, imported by the
 * server (server/src), the client (client/src) and the tests; usable by any other LSP client:
 * method names are plain strings, params and results plain JSON.
 *
 * Why the descriptors are not vscode-jsonrpc's `RequestType`: this file must import only types.
 * The client's activation bundle (dist/client.js) carries no JSON-RPC library (the library is
 * loaded after activation, see client/src/languageClient.ts), and the server's
 * vscode-languageserver pins an older vscode-jsonrpc than the client's, whose `RequestType`
 * classes are not assignable to each other. A descriptor here is its method plus the param and
 * result types; each side passes `.method` to its library and gets the types from the descriptor
 * (`RequestParams<typeof X>`, `RequestResult<typeof X>`).
 */
import type { Range } from 'vscode-languageserver-types';
import type { RunnableQuery } from './queryTypes';

export type { RunnableQuery };

// ---------------------------------------------------------------------------
// Language ids
// ---------------------------------------------------------------------------

/** Wiki query documents (`*.wikiquery`). Documents of the `embeddedLanguages` setting (markdown) are served too. */
export const WIKI_LANGUAGE_ID = 'wikiquery';
/** Map-object query documents (`*.mapquery.json`). */
export const MAP_LANGUAGE_ID = 'mapquery';

// ---------------------------------------------------------------------------
// Typed request descriptors
// ---------------------------------------------------------------------------

/** A custom request: its method name, carrying the types of its params and result. */
export interface RequestType<P, R> {
  readonly method: string;
  /** Never set: only here so that the descriptor carries `P` and `R`. */
  readonly _types?: { params: P; result: R };
}

/** The params type of a request descriptor. */
export type RequestParams<T> = T extends RequestType<infer P, unknown> ? P : never;
/** The result type of a request descriptor. */
export type RequestResult<T> = T extends RequestType<unknown, infer R> ? R : never;

function request<P, R>(method: string): RequestType<P, R> {
  return { method };
}

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

export const CatalogueRequest = request<CatalogueParams | undefined, CatalogueResult>('wikimapQuery/catalogue');
/** The method names alone, for code that registers handlers by name. */
export const CatalogueRequestMethod = CatalogueRequest.method;

// ---------------------------------------------------------------------------
// wikimapQuery/runnableQueries
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/runnableQueries`: the queries that can be run (Run lens, run commands), of an open
 * document (`uri`) or of a text typed into "Run Query…" (`text`, read as a `wikiquery` document: the
 * server's parser is the only one; at most MAX_RUN_QUERY_TEXT characters).
 */
export type RunnableQueriesParams = { uri: string; text?: undefined } | { text: string; uri?: undefined };

/** The longest text `wikimapQuery/runnableQueries` reads (a query typed or pasted, not a file). */
export const MAX_RUN_QUERY_TEXT = 256 * 1024;

/** Empty when the document is not open or has no runnable query. */
export type RunnableQueriesResult = RunnableQuery[];

export const RunnableQueriesRequest = request<RunnableQueriesParams, RunnableQueriesResult>('wikimapQuery/runnableQueries');
export const RunnableQueriesRequestMethod = RunnableQueriesRequest.method;

// ---------------------------------------------------------------------------
// wikimapQuery/reloadCatalogue
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/reloadCatalogue`: fetch a wiki's catalogue again ("Wiki Query: Reload Catalogue").
 * Without `apiUrl`, every configured wiki (`wikimapQuery.wiki.apiUrl` and `wikimapQuery.wikis`) is reloaded.
 * Open documents are validated again afterwards.
 */
export interface ReloadCatalogueParams {
  apiUrl?: string;
  /**
   * Drop what was loaded of that wiki first, in memory and in the disk cache (after signing out of it),
   * so a catalogue a signed-in load brought is not kept when the reload fails.
   */
  forget?: boolean;
}

export interface ReloadCatalogueResult {
  /** api.php URLs whose catalogue is now loaded. */
  loaded: string[];
  /** One message per wiki that could not be loaded, saying what to do. */
  errors: string[];
}

export const ReloadCatalogueRequest = request<ReloadCatalogueParams | undefined, ReloadCatalogueResult>('wikimapQuery/reloadCatalogue');
export const ReloadCatalogueRequestMethod = ReloadCatalogueRequest.method;

// ---------------------------------------------------------------------------
// wikimapQuery/mapConfigFile
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/mapConfigFile`: a map server's config given as a file's text — the server's own
 * `mapserver.json` in the workspace, or a saved `/api/config` answer — used instead of asking the map
 * server (the web extension sends it: a browser page cannot read `/api/config`). Without `text`: no
 * file any more, the server's config is asked for again.
 */
export interface MapConfigFileParams {
  /** What messages call it (the file's path in the workspace). */
  name?: string;
  text?: string;
}

export interface MapConfigFileResult {
  /** Whether map queries are now checked against this file's layers and types. */
  used: boolean;
  /** Why the file cannot be used (not JSON, too large, no layers). */
  error?: string;
}

export const MapConfigFileRequest = request<MapConfigFileParams, MapConfigFileResult>('wikimapQuery/mapConfigFile');

// ---------------------------------------------------------------------------
// wikimapQuery/wikiSecret (server → client)
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/wikiSecret`, asked BY the server OF the client, only when the client said it can answer
 * (`initializationOptions.wikiSignIn`: `true` or `'oauth2'`) and only for a wiki the user configured: the sign-in the user
 * stored for exactly that wiki ("Wiki Query: Sign in to Wiki…", kept in VS Code's SecretStorage), used to
 * load its catalogue. `apiUrl` is the wiki's api.php URL without query (scheme, host, port, path); the
 * answer is null when the user has not signed in to it. The secret is used for that wiki's requests only
 * and never written to a log, a message or a file.
 */
export interface WikiSecretParams {
  apiUrl: string;
}

export type WikiSecretResult = { kind: 'botPassword'; username: string; password: string } | { kind: 'oauth2'; accessToken: string } | null;

export const WikiSecretRequest = request<WikiSecretParams, WikiSecretResult>('wikimapQuery/wikiSecret');

// ---------------------------------------------------------------------------
// wikimapQuery/catalogueCacheFile (server → client)
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/catalogueCacheFile`, asked by the server of the client: one operation on a file of the
 * live catalogue cache that the client keeps for it. The web extension answers it (a language server in a
 * Web Worker has no files: the cache lives in the extension's global storage, through VS Code's file
 * system); the server asks only when `initializationOptions.catalogueCacheDir` was given and it cannot
 * write files itself. `name` is a file name of the cache folder (`host-hash-version.json`), never a path:
 * the client refuses any other name. The cache's bounds (file count, file size) are the server's, as on
 * the desktop.
 */
export interface CatalogueCacheFileParams {
  op: 'read' | 'write' | 'list' | 'remove' | 'stat';
  /** The file (every operation but `list`). */
  name?: string;
  /** `write`: the whole text. */
  text?: string;
}

export interface CatalogueCacheFileResult {
  /** `read`: the text; absent when there is no such file. */
  text?: string;
  /** `list`: the file names of the cache folder. */
  names?: string[];
  /** `stat`: bytes and last modification (ms since epoch); absent when there is no such file. */
  size?: number;
  mtime?: number;
}

export const CatalogueCacheFileRequest = request<CatalogueCacheFileParams, CatalogueCacheFileResult>('wikimapQuery/catalogueCacheFile');

// ---------------------------------------------------------------------------
// wikimapQuery/grammarFile (server -> client)
// ---------------------------------------------------------------------------

/**
 * `wikimapQuery/grammarFile`, asked by the server of the client: a WebAssembly file of the host-language
 * parsers (the tree-sitter runtime or one grammar) that the extension ships in `dist/grammars/`. The web
 * extension answers it: a language server in a Web Worker reads no files, and its worker may run from a
 * blob (an extension installed on a remote), so the client reads the file from the extension's own folder
 * through VS Code's file system; nothing is fetched from anywhere else. `name` is a file name of that folder
 * (`tree-sitter.wasm`, `tree-sitter-python.wasm`), or `server.hostParsers.js` (the parsers' code, in
 * `dist/web/`), never a path: the client refuses any other name.
 * Asked only when a source document that may hold a request needs a grammar not loaded yet.
 */
export interface GrammarFileParams {
  name: string;
}

export interface GrammarFileResult {
  /** The file's bytes, base64. */
  base64: string;
}

export const GrammarFileRequest = request<GrammarFileParams, GrammarFileResult>('wikimapQuery/grammarFile');

// ---------------------------------------------------------------------------
// Settings (section `wikimapQuery`), also accepted as `initializationOptions`
// ---------------------------------------------------------------------------

/**
 * The settings the server reads, as a client may send them: nested (`{ wiki: { apiUrl } }`), dotted
 * (`{ "wiki.apiUrl": … }`) or wrapped in `{ wikimapQuery: … }`. Names, types and defaults: the one table,
 * common/settings.ts (its entries whose `readBy` is `server` or `both`).
 */
export type WikimapQuerySettings = Record<string, unknown>;

/**
 * `initializationOptions`: the settings above (nested, dotted like `"wiki.highLimits"`, or wrapped in
 * `{ wikimapQuery: … }`) for clients without `workspace/configuration`, plus options only a host can give.
 */
export interface WikimapQueryInitializationOptions {
  [setting: string]: unknown;
  /** Folder for the disk cache of live wiki catalogues (VS Code: the extension's global storage). Default: `$XDG_CACHE_HOME/wikimap-query`. */
  catalogueCacheDir?: string;
  /** False in a workspace the user does not trust (VS Code Workspace Trust): then no catalogue or map config is fetched and the repository config file (`.wikimapquery.json`) is ignored. Default true. */
  workspaceTrusted?: boolean;
  /**
   * The client answers `wikimapQuery/wikiSecret` (VS Code: "Wiki Query: Sign in to Wiki…"): `true` with
   * bot passwords and OAuth 2 tokens (the desktop), `'oauth2'` with OAuth 2 tokens only (the browser,
   * where a bot password's session cookie does not cross sites). Default false: a private wiki's
   * `readapidenied` then points to a saved catalogue.
   */
  wikiSignIn?: boolean | 'oauth2';
}

/** Extra range type re-exported for clients that build lenses from runnable queries. */
export type { Range };
