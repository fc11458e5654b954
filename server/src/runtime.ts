import type { WikiCatalogue } from './service/wiki/wikiCatalogue';
import type { RepoConfig } from './repoConfig';
import type { HttpTransport } from '../../run/transport';
import type { WikiSecret } from '../../run/wiki/wikiAuth';
import type { CatalogueAdvice } from './catalogue/catalogueAdvice';
import type { HostLanguage } from './service/embedded/hostLanguages';
import type { FoundRequest } from './service/embedded/requestFinder';

/**
 * The runtime handed to `startServer`: everything the server needs from its host (file reading,
 * timers, logging, live catalogues). Node provides one in `node/nodeRuntime.ts`; tests or a web
 * worker can provide another. Nothing here imports `fs` or the network.
 */

export interface Disposable {
  dispose(): void;
}

/** Read-only access to the files shipped with the package (`descriptors/…`, `package.json`). */
export interface PackageFiles {
  /** Text of a file, path relative to the package root with `/` separators. Throws when missing. */
  readText(relativePath: string): string;
  /** Names of the files in a package folder (not recursive); empty when the folder is missing. */
  list(relativeDir: string): string[];
  /** Bytes of a file (the tree-sitter WASM grammars); absent where only text can be read. Throws when missing. */
  readBytes?(relativePath: string): Uint8Array;
  /**
   * Bytes of a file read asynchronously, where there is no synchronous read (the browser's worker asks the
   * client for the grammar files). Rejects when missing.
   */
  loadBytes?(relativePath: string): Promise<Uint8Array>;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): Disposable;
  /** Runs the callback after pending I/O (lets a `$/cancelRequest` arrive before work starts). */
  setImmediate(callback: () => void): Disposable;
}

/** What the server uses of the live catalogue store (`catalogue/catalogueStore.ts`). */
export interface CatalogueStoreAccess<C = WikiCatalogue> {
  /** The loaded catalogue of that wiki, or the built-in one (then a background load starts, once). */
  resolve(apiUrl?: string): C;
  /** Fires when a wiki's catalogue arrived or changed. */
  /** `failed`: a load failed (the wiki is judged by the built-in or a stale catalogue, and notes say so). */
  onDidChange(listener: (apiUrl: string, failed?: boolean) => void): Disposable;
  /** Fetches a wiki's catalogue again (default wiki when no URL). Rejects with a message saying what to do. */
  reload(apiUrl?: string): Promise<void>;
  /** What is in use for a wiki (a URL or a name of `wikimapQuery.wikis`) and why. */
  status?(apiUrl?: string): { apiUrl?: string; origin: string; loading: boolean; error?: string };
  /** Drops a wiki's catalogue in memory and on disk (after signing out of it); the built-in one until reloaded. */
  forget?(apiUrl: string): Promise<void>;
  /** Default wiki for bare queries and the named endpoints of `wikimapQuery.wikis`. */
  setEndpoints(defaultApiUrl?: string, named?: Record<string, string>, files?: Record<string, string>): void;
  /** Where a catalogue came from (`builtin`, an api.php URL, a file), if the store knows. */
  describe?(catalogue: C): string | undefined;
  dispose?(): void;
}
/** The budgets of a catalogue load the command line gives (`--max-catalogue-mb`, …); the defaults where absent. */
export interface CatalogueLimits {
  /** Bytes of all of a catalogue's answers together. */
  maxBytes?: number;
  /** Follow-up paraminfo requests after the first answer. */
  maxFollowUps?: number;
  /** Time of one request, in ms. */
  timeoutMs?: number;
}

/** The bounds of a map server's config the checker reads (`--max-map-config-kb`, `--map-config-timeout`). */
export interface MapConfigLimits {
  /** Bytes of the answer or file. */
  maxBytes?: number;
  /** Time of the `/api/config` request, in ms. */
  timeoutMs?: number;
}

export interface CatalogueStoreOptions {
  builtin: WikiCatalogue;
  /** Folder of the disk cache (the editor's global storage); the runtime's default when absent. */
  cacheDir?: string;
  /** Messages for the log; `warning`s (a wiki that cannot be used, said once) are also shown to the user. */
  log(message: string, kind?: 'info' | 'warning'): void;
  /** Whether a wiki met for the first time may be fetched (the `wikimapQuery.wiki.liveCatalogues` policy). */
  shouldFetch?(apiUrl: string): boolean;
  /**
   * Whether a wiki may be on a loopback or private address (the address its name resolves to, checked when
   * connecting): only a configured wiki. Default: yes.
   */
  allowPrivate?(apiUrl: string): boolean;
  /** Most bytes of one catalogue, all answers together (`wikimapQuery.wiki.maxCatalogueMB`), asked at each fetch. */
  maxBytes?(): number;
  /** Most follow-up paraminfo requests of one load (`wikimapQuery.wiki.maxCatalogueFollowUps`), asked at each fetch. */
  maxFollowUps?(): number;
  /** Time of one catalogue request, in ms (`wikimapQuery.wiki.catalogueTimeoutSeconds`), asked at each fetch. */
  timeoutMs?(): number;
  /**
   * The secret the user stored for that wiki (the editor's "Sign in to Wiki…"), asked at each request of
   * a catalogue load; undefined for none. Only asked for configured wikis; absent: every load is anonymous.
   */
  secretFor?(apiUrl: string): Promise<WikiSecret | undefined>;
  /** Every wiki this store loads is signed in to (the command line's signed store, whose transport signs): default from `secretFor`. */
  signedInToAll?: boolean;
  /** What a private wiki's `readapidenied` is explained with (how this client signs in); the CLI's options when absent. */
  readDeniedHelp?: string;
  /** How a failed load's message says to try again or raise a limit (the CLI's options); the editor's when absent. */
  advice?: CatalogueAdvice;
}

/** The messages the connection has handled, counted as it handles them (validationQueue.ts `MessageCounter`). */
export interface MessageCount {
  readonly handled: number;
}

export interface ServerRuntime {
  files: PackageFiles;
  timers: Timers;
  /** The connection's count of handled messages: due checks wait while it moves (requests first). None: checks run when due. */
  messages?: MessageCount;
  /** Version of the package, shown in `serverInfo`. */
  version?: string;
  /**
   * Creates the live catalogue store. Absent where live catalogues cannot be fetched: then every
   * query is judged by the built-in catalogue.
   */
  createCatalogueStore?(options: CatalogueStoreOptions): CatalogueStoreAccess;
  /**
   * The repository config file (`.wikimapquery.json`) that applies to a workspace folder (its URI), read
   * and checked; undefined when there is none. Absent where the workspace's files cannot be read.
   */
  repoConfig?(folderUri: string): RepoConfig | undefined;
  /**
   * A saved catalogue file named in `wikimapQuery.wikis` (a path, absolute or relative to the workspace
   * folder `folderUri`): its absolute path and `file:` URI; undefined when it cannot be one (a relative
   * path without a workspace folder). Absent where the machine's files cannot be read (a browser).
   */
  catalogueFilePath?(value: string, folderUri: string | undefined): { path: string; uri: string } | undefined;
  /**
   * The `fetch` the server uses for the map server's `/api/config` (the global one when absent). A
   * browser's says why a request failed where the browser only says "failed" (CORS, mixed content).
   */
  fetch?: typeof fetch;
  /**
   * How the map server's config travels (`run/transport.ts`): Node's http/https where there is one; absent,
   * a transport over `fetch`.
   */
  transport?: HttpTransport;
  /**
   * Finds the requests in source files with the host languages' parsers (embedded/hostParsers.ts).
   * Absent where grammars cannot be loaded: then only URL literals are read, by a lexer.
   */
  hostFinder?: HostFinder;
}

/** The host-language parsers as the server uses them: grammars load in the background, finding is synchronous. */
export interface HostFinder {
  /** Loads the grammar of a language (resolves at once when loaded or not needed). */
  prepare(lang: HostLanguage): Promise<void>;
  /**
   * The request candidates of a text; undefined while its grammar is not loaded. `doc` names an open
   * document: its syntax tree is kept, and its next text parsed incrementally (until `forget`).
   */
  findLoaded(text: string, lang: HostLanguage, doc?: string): FoundRequest[] | undefined;
  /** Drops the syntax tree kept for a document (it closed). */
  forget?(doc: string): void;
}
