/**
 * The live catalogue store: for each wiki (an api.php URL) the catalogue that wiki describes itself,
 * fetched over HTTP (see liveCatalogueFetcher.ts), cached on disk by wiki and version (see
 * catalogueCache.ts), and the built-in catalogue wherever no live one is available yet.
 *
 * - `resolve(apiUrl)` never waits: it answers with what is loaded (or the built-in catalogue) and
 *   starts one background load per wiki; `onDidChange` fires when the live catalogue arrives, so the
 *   server re-validates. Typing is never blocked by the network.
 * - A wiki that cannot be reached is said once (per wiki, until it loads again), and the built-in
 *   catalogue stays in use — or that wiki's last cached catalogue, when there is one.
 * - `reload(apiUrl)` ("Wiki Query: Reload Catalogue") fetches again, bypassing the cache.
 * - `load(apiUrlOrFile)` is the awaitable form for the CLI: an api.php URL, or a saved paraminfo file.
 * - A named wiki may be a saved catalogue file instead of a URL (`setEndpoints`' `files`): it is read
 *   in the background like a wiki is fetched (bounded by the catalogue budget), and read again by
 *   `reload` (the editor calls it when the file changes).
 *
 * Network and files enter through `fetchImpl` and `files`, so tests run it against a local server.
 */
import { createWikiCatalogue, type WikiCatalogue } from '../service/wiki/wikiCatalogue';
import { CACHE_FORMAT, CatalogueCache, type CatalogueFiles } from './catalogueCache';
import type { FetchOptions, LiveCatalogueData } from './liveCatalogueFetcher';
import { EDITOR_CATALOGUE_ADVICE, type CatalogueAdvice } from './catalogueAdvice';
import { normaliseApiUrl, withoutUserInfo } from './apiUrl';
import { catalogueNetwork } from './lazyCatalogueNetwork';
import type { HttpTransport } from '../../../run/transport';
import { FIXED_LIMITS, settingSpec } from '../../../common/settings';

export { normaliseApiUrl } from './apiUrl';

export interface CatalogueStoreOptions {
  /** The catalogue used for bare queries without a wiki, and while a wiki's own is not there. */
  builtin: WikiCatalogue;
  /** Folder of the disk cache (the editor's global storage, or `$XDG_CACHE_HOME/wikimap-query`); no cache without it. */
  cacheDir?: string;
  /** Sent with every request; build it with `catalogueUserAgent(version)`. */
  userAgent: string;
  /** Per request (default 15 s, `wikimapQuery.wiki.catalogueTimeoutSeconds`). A function is asked at each fetch. */
  timeoutMs?: number | (() => number);
  /**
   * Most bytes of all of one catalogue's answers together (default 32 MB; `wikimapQuery.wiki.maxCatalogueMB`);
   * also the cap on a cache file. A function is asked at each fetch.
   */
  maxBytes?: number | (() => number);
  /** Most follow-up paraminfo requests of one load (default 20; `wikimapQuery.wiki.maxCatalogueFollowUps`). Asked at each fetch. */
  maxFollowUps?: number | (() => number);
  /** Most wikis fetched in the background in one session (default 20); more are judged by the built-in catalogue. */
  maxBackgroundWikis?: number;
  /** Most files kept in the disk cache (default 50); the oldest are removed first. */
  maxCacheFiles?: number;
  /**
   * Messages for the user/log. `warning`: something the user should see (a wiki that cannot be
   * reached, a stale or corrupt cache, a bad endpoint setting); `info`: progress (a catalogue loaded).
   */
  log(message: string, kind?: 'info' | 'warning'): void;
  /** How the bytes travel (`run/transport.ts`; Node's http/https checks addresses at connect time). */
  transport?: HttpTransport;
  /**
   * Whether that wiki may be on a loopback or private address (checked on the address its name
   * resolves to, when connecting): yes for the wikis the user configured, no for the others. Default: yes
   * (the CLI's `--catalogue URL` is the user's own choice). Left to the browser where it connects.
   */
  allowPrivate?(apiUrl: string): boolean;
  /** Used when no `transport` is given (defaults to the global `fetch`). */
  fetchImpl?: typeof fetch;
  /** How a private wiki's `readapidenied` is explained (how this client signs in); the CLI's options when absent. */
  readDeniedHelp?: string;
  /** How a failed load's message says to try again or raise a limit (this client's words); the editor's when absent. */
  advice?: CatalogueAdvice;
  /**
   * Whether the user signed in to that wiki in the editor (a stored secret its requests carry): its
   * catalogue then counts as logged in for login-dependent verdicts. Absent: no wiki does.
   */
  signedIn?(apiUrl: string): Promise<boolean>;
  /** `descriptors/wiki/constraints.json`: module-enforced rules, applied to every live catalogue too. */
  constraints?: unknown;
  /** `descriptors/wiki/action-constraints.json`: rules of top-level modules, applied to every live catalogue too. */
  actionConstraints?: unknown;
  /** `descriptors/wiki/api-core.json`: main/query/format descriptors for saved files that lack them. */
  core?: unknown;
  /** File access for the cache and saved files (node's: `node/nodeCatalogueFiles.ts`; a browser's: in memory). */
  files: CatalogueFiles;
  /**
   * A browser page's fetch: requests carry `origin=*` (MediaWiki's anonymous cross-origin reads) and
   * `Api-User-Agent` only, as the browser owns `User-Agent`.
   */
  crossOrigin?: boolean;
  /** After a failed load, `resolve` tries again in the background after this long (default 5 minutes; the message is not repeated). */
  retryAfterMs?: number;
  /** Clock (ms), for the retry delay; defaults to Date.now. */
  now?: () => number;
  /**
   * Whether `resolve` may fetch that wiki's catalogue in the background (e.g. a host setting that
   * turns live catalogues off, or allows only the configured wikis). Default: every http(s) wiki.
   * `load` and `reload` are explicit requests and always fetch.
   */
  shouldFetch?(apiUrl: string): boolean;
}

const DEFAULT_MAX_BACKGROUND_WIKIS = FIXED_LIMITS.catalogueBackgroundWikis;
const DEFAULT_MAX_CACHE_FILES = FIXED_LIMITS.catalogueCacheFiles;
/** The default budget of one catalogue, all answers together (`wikimapQuery.wiki.maxCatalogueMB`). */
const DEFAULT_CATALOGUE_BYTES = 32 * 1024 * 1024;
/** The default time of one catalogue request (`wikimapQuery.wiki.catalogueTimeoutSeconds`). */
const DEFAULT_TIMEOUT_MS = (settingSpec('wiki.catalogueTimeoutSeconds').default as number) * 1000;

/** An option given as a value or as a function asked each time. */
function valueOf(option: number | (() => number) | undefined): number | undefined {
  return typeof option === 'function' ? option() : option;
}

/** `wikimap-query/<version> (language server; …)`: MediaWiki's API etiquette asks for a User-Agent naming the tool. */
export function catalogueUserAgent(version = '0.0.0'): string {
  return `wikimap-query/${version} (language server; reads action=paraminfo and siteinfo to check MediaWiki API queries)`;
}

/** Load failures of a wiki the user was signed in to when it failed (marked by `noteSignedIn`). */
const SIGNED_IN_FAILURE = new WeakSet<Error>();

/** Where the catalogue in use for a wiki came from. */
export type CatalogueOrigin = 'builtin' | 'live' | 'cache' | 'stale-cache' | 'file';

interface WikiState {
  apiUrl: string;
  catalogue?: WikiCatalogue;
  origin?: CatalogueOrigin;
  generator?: string;
  /** The load in flight, if any. */
  loading?: Promise<WikiCatalogue>;
  /** Bumped by each load; an older load finishing late does not overwrite a newer one. */
  generation: number;
  /** The last load failed with this message. */
  error?: string;
  failedAt?: number;
  /** The fallback message was shown for the current failure episode. */
  warned: boolean;
  /**
   * The last load failed while the user is signed in to the wiki and the catalogue in use (or the built-in
   * one) was not loaded signed in: it judges as signed in (`signedInView`) until a load works.
   */
  signInFailed?: boolean;
}

export interface CatalogueStatus {
  apiUrl?: string;
  origin: CatalogueOrigin;
  /** The wiki's version (siteinfo `generator`) when a live or cached catalogue is in use. */
  generator?: string;
  loading: boolean;
  /** Why the built-in (or a stale cached) catalogue is in use. */
  error?: string;
  modules: number;
}

export class CatalogueStore {
  private readonly wikis = new Map<string, WikiState>();
  private readonly listeners = new Set<(apiUrl: string, failed?: boolean) => void>();
  private readonly cache?: CatalogueCache;
  private readonly files: CatalogueFiles;
  private readonly abort = new AbortController();
  private readonly origins = new WeakMap<WikiCatalogue, CatalogueOrigin>();
  private defaultApiUrl?: string;
  private named: Record<string, string> = {};
  /** Named saved catalogue files (name → path); a file's path is its key. */
  private namedFiles: Record<string, string> = {};
  private readonly fileKeys = new Set<string>();
  private readonly badEndpointsSaid = new Set<string>();
  /** Wikis fetched in the background this session (the per-session cap counts them). */
  private backgroundWikis = 0;
  private toldWikiCap = false;
  private disposed = false;

  constructor(private readonly options: CatalogueStoreOptions) {
    this.files = options.files;
    if (options.cacheDir) this.cache = new CatalogueCache(options.cacheDir, this.files, () => this.cacheFileCap());
    this.origins.set(options.builtin, 'builtin');
  }

  get builtin(): WikiCatalogue {
    return this.options.builtin;
  }

  /**
   * The default wiki (`wikimapQuery.wiki.apiUrl`) and the named ones (`wikimapQuery.wikis`): api.php URLs
   * (`named`) and saved catalogue files (`files`, name → path; only those the host may read).
   * A name from `named` or `files` can be passed wherever an api.php URL is expected.
   */
  setEndpoints(defaultApiUrl?: string, named?: Record<string, string>, files?: Record<string, string>): void {
    this.named = {};
    for (const [name, url] of Object.entries(named ?? {})) {
      const key = this.normalise(url, `wikimapQuery.wikis["${name}"]`);
      if (key) this.named[name] = key;
    }
    this.namedFiles = { ...files };
    for (const file of Object.values(this.namedFiles)) this.fileKeys.add(file);
    this.defaultApiUrl = defaultApiUrl
      ? (this.named[defaultApiUrl] ?? this.namedFiles[defaultApiUrl] ?? this.normalise(defaultApiUrl, 'wikimapQuery.wiki.apiUrl'))
      : undefined;
  }

  /** The store key of a URL or endpoint name; undefined for none / the built-in catalogue. */
  keyFor(apiUrl?: string): string | undefined {
    if (apiUrl === undefined || apiUrl === '') return this.defaultApiUrl;
    if (Object.prototype.hasOwnProperty.call(this.named, apiUrl)) return this.named[apiUrl];
    if (Object.prototype.hasOwnProperty.call(this.namedFiles, apiUrl)) return this.namedFiles[apiUrl];
    if (this.fileKeys.has(apiUrl)) return apiUrl;
    return this.normalise(apiUrl, 'the query URL');
  }

  /**
   * The catalogue to judge a query of that wiki by, right now. Starts a background load the first
   * time a wiki is asked for; until it arrives (or when it cannot), the built-in catalogue.
   */
  resolve(apiUrl?: string): WikiCatalogue {
    const key = this.keyFor(apiUrl);
    if (!key || this.disposed) return this.options.builtin;
    let state = this.wikis.get(key);
    if (!state && this.fileKeys.has(key)) {
      // A saved catalogue file the user named: read, never fetched (no fetch policy, no cap on wikis).
      state = { apiUrl: key, generation: 0, warned: false };
      this.wikis.set(key, state);
      this.startBackgroundLoad(state);
    } else if (!state) {
      if (this.options.shouldFetch && !this.options.shouldFetch(key)) return this.options.builtin;
      const cap = this.options.maxBackgroundWikis ?? DEFAULT_MAX_BACKGROUND_WIKIS;
      if (this.backgroundWikis >= cap) {
        if (!this.toldWikiCap) {
          this.toldWikiCap = true;
          this.options.log(
            `Wiki Query: the catalogues of ${cap} wikis were fetched in this session; other wikis are judged by the built-in catalogue. Run "Wiki Query: Reload Catalogue" with a wiki's URL to load it anyway.`,
            'warning',
          );
        }
        return this.options.builtin;
      }
      this.backgroundWikis++;
      state = { apiUrl: key, generation: 0, warned: false };
      this.wikis.set(key, state);
      this.startBackgroundLoad(state);
    } else if ((!state.catalogue || state.origin === 'stale-cache') && !state.loading && state.failedAt !== undefined) {
      // Down last time (built-in or a stale cached catalogue in use): try again quietly after a while.
      const now = (this.options.now ?? Date.now)();
      if (now - state.failedAt >= (this.options.retryAfterMs ?? 5 * 60_000)) this.startBackgroundLoad(state);
    }
    const catalogue = state.catalogue ?? this.options.builtin;
    return state.signInFailed ? catalogue.signedInView() : catalogue;
  }

  /**
   * `listener(key, failed)` fires when a wiki's catalogue arrived or changed, and when a load failed where
   * the previous one did not (so notes that say "could not be loaded" are shown at once).
   */
  onDidChange(listener: (apiUrl: string, failed?: boolean) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  /**
   * Fetches again, bypassing the disk cache: that wiki, else the default wiki, else every wiki
   * asked for so far. Rejects with a message saying what to do when a wiki cannot be loaded (its
   * previous catalogue, if any, stays in use).
   */
  async reload(apiUrl?: string): Promise<void> {
    let keys: string[];
    if (apiUrl) {
      const key = this.keyFor(apiUrl);
      if (!key) throw new Error(`${apiUrl} is neither an api.php URL nor a name from wikimapQuery.wikis.`);
      keys = [key];
    } else if (this.defaultApiUrl) {
      keys = [this.defaultApiUrl];
    } else {
      keys = [...this.wikis.keys()];
      if (keys.length === 0) {
        throw new Error(
          'No wiki to reload: set wikimapQuery.wiki.apiUrl (or name wikis in wikimapQuery.wikis), or write queries with a full api.php URL.',
        );
      }
    }
    const errors: string[] = [];
    await Promise.all(
      keys.map(async (key) => {
        let state = this.wikis.get(key);
        if (!state) {
          state = { apiUrl: key, generation: 0, warned: false };
          this.wikis.set(key, state);
        }
        try {
          await this.runLoad(state, { bypassCache: true, background: false });
        } catch (err) {
          errors.push(
            state.signInFailed ? `${(err as Error).message.replace(/\.$/, '')}. ${this.signInFailedNote(state)}` : (err as Error).message,
          );
        }
      }),
    );
    if (errors.length) throw new Error(errors.join('\n'));
  }

  /**
   * Forgets what was loaded of a wiki (after signing out of it: what a signed-in load brought must not
   * stay in use): its catalogue in memory, a load in flight, and its cache files on disk. Documents of
   * that wiki are judged by the built-in catalogue until it is loaded again (`reload`). Fires a change
   * when a catalogue was in use.
   */
  async forget(apiUrl: string): Promise<void> {
    const key = this.keyFor(apiUrl);
    if (!key) return;
    const state = this.wikis.get(key);
    const had = !!state?.catalogue;
    if (state) {
      // A load still in flight (signed in) finishes into an older generation and is dropped.
      state.generation++;
      Object.assign(state, { catalogue: undefined, origin: undefined, generator: undefined, loading: undefined });
      Object.assign(state, { error: undefined, failedAt: undefined, warned: false, signInFailed: false });
    }
    const gone = (await this.cache?.removeWiki(key)) ?? [];
    if (gone.length) this.options.log(`Wiki Query: removed the cached catalogue of ${key} (${gone.length} file(s)).`, 'info');
    if (had) this.fire(key);
  }

  /**
   * The catalogue of a wiki (an http(s) api.php URL or a name from `wikimapQuery.wikis`) or of a
   * saved paraminfo JSON file, once loaded. Rejects with a message saying what to do.
   */
  async load(apiUrlOrFile: string): Promise<WikiCatalogue> {
    const isUrl = /^https?:\/\//i.test(apiUrlOrFile.trim());
    const isNamed = [this.named, this.namedFiles].some((n) => Object.prototype.hasOwnProperty.call(n, apiUrlOrFile));
    if (!isUrl && !isNamed) return this.loadFile(apiUrlOrFile);
    const key = this.keyFor(apiUrlOrFile);
    if (!key) throw new Error(`${withoutUserInfo(apiUrlOrFile)} is not a usable api.php URL.`);
    let state = this.wikis.get(key);
    if (!state) {
      state = { apiUrl: key, generation: 0, warned: false };
      this.wikis.set(key, state);
    }
    if (state.catalogue) return state.catalogue;
    if (state.loading) return state.loading;
    return this.runLoad(state, { bypassCache: false, background: false });
  }

  /**
   * A snapshot of a wiki for `wikimap-query catalogue save`: its answers fetched now (never from the
   * cache), siteinfo with the wiki's extensions, checked to build a catalogue. Rejects with a message
   * saying what to do.
   */
  async snapshot(apiUrl: string): Promise<{ data: LiveCatalogueData; catalogue: WikiCatalogue }> {
    const key = this.keyFor(apiUrl);
    if (!key) throw new Error(`${withoutUserInfo(apiUrl)} is not a usable api.php URL.`);
    const opts = this.fetchOptions(key);
    const { fetchSiteinfo, fetchLiveCatalogueData } = catalogueNetwork();
    const site = await fetchSiteinfo(key, opts, ['extensions']);
    const data = await fetchLiveCatalogueData(key, opts, site);
    try {
      return { data, catalogue: this.build(data) };
    } catch (err) {
      throw new Error(`${key} answered paraminfo that cannot be read (${(err as Error).message}); report this with the wiki's version`, {
        cause: err,
      });
    }
  }

  /** Where a catalogue came from (`built-in`, an api.php URL with its version, a file). */
  describe(catalogue: WikiCatalogue): string | undefined {
    catalogue = catalogue.viewOf ?? catalogue;
    const origin = this.origins.get(catalogue);
    if (origin === 'builtin') return 'built-in';
    for (const s of this.wikis.values()) {
      if (s.catalogue === catalogue && origin === 'file') return `${s.apiUrl} (saved catalogue, ${s.generator ?? 'unknown version'})`;
      if (s.catalogue === catalogue) {
        const how = origin === 'live' ? 'fetched' : origin === 'cache' ? 'cached' : 'cached earlier; the wiki could not be reached';
        return `${s.apiUrl} (${s.generator ?? 'unknown version'}, ${how})`;
      }
    }
    return catalogue.source;
  }

  /** What is in use for a wiki and why (for "show catalogue" views and tests). */
  status(apiUrl?: string): CatalogueStatus {
    const key = this.keyFor(apiUrl);
    const state = key ? this.wikis.get(key) : undefined;
    const catalogue = state?.catalogue ?? this.options.builtin;
    return {
      apiUrl: key,
      origin: state?.catalogue ? (state.origin ?? 'live') : 'builtin',
      generator: state?.catalogue ? state.generator : undefined,
      loading: !!state?.loading,
      error: state?.error,
      modules: catalogue.modules.length,
    };
  }

  /** Stops requests in flight; the store answers with the built-in catalogue afterwards. */
  dispose(): void {
    this.disposed = true;
    this.abort.abort();
    this.listeners.clear();
  }

  // ---------------------------------------------------------------------------

  private normalise(url: string, what: string): string | undefined {
    try {
      return normaliseApiUrl(url);
    } catch (err) {
      if (!this.badEndpointsSaid.has(url)) {
        this.badEndpointsSaid.add(url);
        this.options.log(
          `Wiki Query: ${what} ${JSON.stringify(withoutUserInfo(url))} cannot be used: ${(err as Error).message}. Using the built-in catalogue.`,
          'warning',
        );
      }
      return undefined;
    }
  }

  private fire(apiUrl: string, failed = false): void {
    for (const l of [...this.listeners]) {
      try {
        l(apiUrl, failed);
      } catch (err) {
        this.options.log(`Wiki Query: a catalogue listener failed: ${(err as Error).message}`, 'warning');
      }
    }
  }

  private startBackgroundLoad(state: WikiState): void {
    // Errors are reported inside runLoad (once); nothing may escape as an unhandled rejection.
    this.runLoad(state, { bypassCache: false, background: true }).catch(() => undefined);
  }

  private runLoad(state: WikiState, how: { bypassCache: boolean; background: boolean }): Promise<WikiCatalogue> {
    const generation = ++state.generation;
    const load = this.fileKeys.has(state.apiUrl)
      ? this.readNamedFile(state.apiUrl)
      : this.fetchCatalogue(state.apiUrl, how.bypassCache)
          .then((r) => this.markSignedIn(state.apiUrl, r))
          .catch((err: unknown) => this.noteSignedIn(state.apiUrl, err));
    const promise = load.then(
      ({ catalogue, origin, generator, notice }) => {
        if (state.generation === generation) {
          state.loading = undefined;
          state.signInFailed = false;
          if (this.disposed) return catalogue;
          const changed = state.catalogue !== catalogue;
          state.catalogue = catalogue;
          state.origin = origin;
          state.generator = generator;
          this.origins.set(catalogue, origin);
          if (origin === 'stale-cache') {
            state.error = notice;
            state.failedAt = (this.options.now ?? Date.now)();
            if (!state.warned) {
              state.warned = true;
              this.options.log(notice!, 'warning');
            }
          } else {
            state.error = undefined;
            state.failedAt = undefined;
            state.warned = false;
            const how = origin === 'cache' ? 'from the cache' : origin === 'file' ? 'saved catalogue file' : 'fetched';
            this.options.log(
              `Wiki Query: using the catalogue of ${state.apiUrl} (${generator}, ${catalogue.modules.length} modules, ${how}).`,
              'info',
            );
          }
          if (changed) this.fire(state.apiUrl);
        }
        return catalogue;
      },
      (err: Error) => {
        if (state.generation === generation) {
          state.loading = undefined;
          const before = state.error;
          const wasSignInFailed = !!state.signInFailed;
          state.signInFailed = SIGNED_IN_FAILURE.has(err) && !state.catalogue?.signedIn;
          state.error = err.message;
          state.failedAt = (this.options.now ?? Date.now)();
          // Documents judged meanwhile said "until its own loads": they are judged again (once per new failure).
          if ((before !== err.message || wasSignInFailed !== state.signInFailed) && !this.disposed) this.fire(state.apiUrl, true);
          // Said once, for background loads; awaited loads (CLI, reload command) reject with the message instead.
          if (how.background && !state.warned && !this.disposed) {
            state.warned = true;
            const using = state.signInFailed
              ? this.signInFailedNote(state)
              : state.catalogue
                ? 'Keeping the catalogue loaded before.'
                : 'Using the built-in catalogue meanwhile.';
            this.options.log(
              `Wiki Query: cannot load the catalogue of ${state.apiUrl}: ${err.message.replace(/\.$/, '')}. ${using}`,
              'warning',
            );
          }
        }
        throw err;
      },
    );
    state.loading = promise;
    return promise;
  }

  /** Marks a load failure of a wiki the user is signed in to (SIGNED_IN_FAILURE); rethrows it. */
  private async noteSignedIn(apiUrl: string, err: unknown): Promise<never> {
    const signedIn = this.options.signedIn ? await this.options.signedIn(apiUrl).catch(() => false) : false;
    if (signedIn && err instanceof Error) SIGNED_IN_FAILURE.add(err);
    throw err;
  }

  /** What a failed load of a wiki signed in to leaves in use, said after the failure's own message. */
  private signInFailedNote(state: WikiState): string {
    const by = state.catalogue ? 'the catalogue loaded before signing in' : 'the built-in catalogue';
    return `You are signed in to ${state.apiUrl}, but its catalogue could not be loaded signed in: until a load works, its queries are judged as sent signed in, by ${by}, without the account's name and rights (assert=bot and assertuser are not judged). Run "Wiki Query: Reload Catalogue" to try again, or sign out.`;
  }

  /** A catalogue loaded through the user's sign-in counts as logged in (set before anyone sees it). */
  private async markSignedIn<R extends { catalogue: WikiCatalogue }>(apiUrl: string, r: R): Promise<R> {
    const signedIn = this.options.signedIn ? await this.options.signedIn(apiUrl).catch(() => false) : false;
    if (!signedIn) return r;
    r.catalogue.signedIn = true;
    // The account's name and rights, for the verdicts that depend on them (assert=bot, assertuser); unknown when not read.
    const account = await catalogueNetwork()
      .fetchAccount(apiUrl, this.fetchOptions(apiUrl))
      .catch((err: Error) => {
        if (!this.disposed) {
          this.options.log(
            `Wiki Query: signed in to ${apiUrl}, but the account could not be read (${err.message.replace(/\.$/, '')}); assert=bot and assertuser are not judged for it.`,
            'warning',
          );
        }
        return undefined;
      });
    if (account) r.catalogue.account = { name: account.name, rights: new Set(account.rights) };
    return r;
  }

  /** Largest cache file: the catalogue budget, with room for JSON written differently from how the wiki sent it. */
  private cacheFileCap(): number {
    const budget = valueOf(this.options.maxBytes);
    return Math.ceil((budget ?? DEFAULT_CATALOGUE_BYTES) * FIXED_LIMITS.catalogueCacheFileFactor);
  }

  /** The options of one load of that wiki: its own budget, its address rule. */
  private fetchOptions(apiUrl: string): FetchOptions {
    const allowPrivate = this.options.allowPrivate?.(apiUrl) ?? true;
    return {
      transport: this.options.transport,
      addressPolicy: { allowPrivate },
      spent: { bytes: 0, parsed: 0, requests: 0 },
      fetchImpl: this.options.fetchImpl ?? fetch,
      userAgent: this.options.userAgent,
      crossOrigin: this.options.crossOrigin,
      timeoutMs: valueOf(this.options.timeoutMs) ?? DEFAULT_TIMEOUT_MS,
      maxFollowUps: valueOf(this.options.maxFollowUps),
      signal: this.abort.signal,
      readDeniedHelp: this.options.readDeniedHelp,
      advice: this.options.advice ?? EDITOR_CATALOGUE_ADVICE,
      maxBytes: valueOf(this.options.maxBytes) ?? DEFAULT_CATALOGUE_BYTES,
    };
  }

  private build(data: LiveCatalogueData): WikiCatalogue {
    return createWikiCatalogue(data.paraminfo, {
      core: this.options.core,
      siteinfo: data.siteinfo,
      constraints: this.options.constraints,
      actionConstraints: this.options.actionConstraints,
      source: data.apiUrl,
    });
  }

  private async fetchCatalogue(
    apiUrl: string,
    bypassCache: boolean,
  ): Promise<{ catalogue: WikiCatalogue; origin: CatalogueOrigin; generator: string; notice?: string }> {
    const opts = this.fetchOptions(apiUrl);
    const { fetchSiteinfo, fetchLiveCatalogueData, WikiFetchError } = catalogueNetwork();
    let site: { siteinfo: unknown; generator: string };
    try {
      site = await fetchSiteinfo(apiUrl, opts);
    } catch (err) {
      // Unreachable: the last cached catalogue of that wiki beats the built-in one.
      if (this.cache && err instanceof WikiFetchError && err.unreachable && !this.disposed) {
        const old = await this.cache.readNewest(apiUrl);
        if (old.kind === 'hit') {
          try {
            const catalogue = this.build(old.data);
            const notice = `Wiki Query: ${err.message}. Using its catalogue cached on ${old.data.fetchedAt} (${old.data.generator}).`;
            return { catalogue, origin: 'stale-cache', generator: old.data.generator, notice };
          } catch {
            // fall through to the error
          }
        }
      }
      throw err;
    }
    if (this.cache && !bypassCache) {
      const cached = await this.cache.read(apiUrl, site.generator);
      if (cached.kind === 'hit') {
        try {
          return { catalogue: this.build(cached.data), origin: 'cache', generator: site.generator };
        } catch (err) {
          this.options.log(
            `Wiki Query: the cached catalogue ${cached.file} is unusable (${(err as Error).message}); fetching it again.`,
            'warning',
          );
          await this.cache.remove(cached.file).catch(() => undefined);
        }
      } else if (cached.kind === 'corrupt') {
        this.options.log(`Wiki Query: the cached catalogue ${cached.file} is unusable (${cached.reason}); fetching it again.`, 'warning');
        await this.cache.remove(cached.file).catch(() => undefined);
      }
    }
    const data = await fetchLiveCatalogueData(apiUrl, opts, site);
    let catalogue: WikiCatalogue;
    try {
      catalogue = this.build(data);
    } catch (err) {
      throw new Error(
        `${apiUrl} answered paraminfo that cannot be read (${(err as Error).message}); report this with the wiki's version (${data.generator})`,
        { cause: err },
      );
    }
    if (this.cache) {
      try {
        await this.cache.write(data);
        await this.cache.evict(this.options.maxCacheFiles ?? DEFAULT_MAX_CACHE_FILES);
      } catch (err) {
        this.options.log(
          `Wiki Query: cannot write the catalogue cache (${(err as Error).message}); the catalogue of ${apiUrl} will be fetched again next time.`,
          'warning',
        );
      }
    }
    return { catalogue, origin: 'live', generator: data.generator };
  }

  /** A named saved catalogue file, read for `runLoad` (its version: the wiki's generator, when the file has siteinfo). */
  private async readNamedFile(
    file: string,
  ): Promise<{ catalogue: WikiCatalogue; origin: CatalogueOrigin; generator: string; notice?: string }> {
    const catalogue = await this.loadFile(file);
    return {
      catalogue,
      origin: 'file',
      generator: catalogue.mediaWikiVersion ? `MediaWiki ${catalogue.mediaWikiVersion}` : 'unknown version',
    };
  }

  private async loadFile(file: string): Promise<WikiCatalogue> {
    let text: string | undefined;
    // A saved catalogue is held to the same budget as a wiki's answers: a file over it is never read.
    const budget = valueOf(this.options.maxBytes) ?? DEFAULT_CATALOGUE_BYTES;
    const size = await this.files.size?.(file).catch(() => undefined);
    if (size !== undefined && size > budget)
      throw new Error(
        `${file} is ${Math.ceil(size / 1048576)} MB, over the catalogue budget of ${Math.round(budget / 1048576)} MB (--max-catalogue-mb, wikimapQuery.wiki.maxCatalogueMB); it is not read`,
      );
    try {
      text = await this.files.readText(file, budget);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EFBIG')
        throw new Error(`${file} is over the catalogue budget of ${Math.round(budget / 1048576)} MB; it is not read`, { cause: err });
      if (code === 'ENOTFILE')
        throw new Error(`${file} is not a regular file (a saved catalogue is a JSON file); it is not read`, { cause: err });
      throw new Error(`cannot read ${file} (${code ?? (err as Error).message})`, { cause: err });
    }
    if (text === undefined) throw new Error(`${file}: no such file; give a saved action=paraminfo JSON file or an http(s) api.php URL`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new Error(`${file} is not JSON (${(err as Error).message}); save the wiki's action=paraminfo&format=json output`, {
        cause: err,
      });
    }
    const { paraminfo, siteinfo } = splitSavedFile(json);
    try {
      const catalogue = createWikiCatalogue(paraminfo, {
        core: this.options.core,
        constraints: this.options.constraints,
        actionConstraints: this.options.actionConstraints,
        siteinfo,
        source: file,
      });
      this.origins.set(catalogue, 'file');
      return catalogue;
    } catch (err) {
      throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
    }
  }
}

/**
 * A saved file is paraminfo output, or an array of answers where one may be the siteinfo answer
 * (`{"query": {"namespaces": …}}`), or one of this store's cache files (paraminfo + siteinfo).
 */
function splitSavedFile(json: unknown): { paraminfo: unknown; siteinfo?: unknown } {
  const obj = json as { format?: unknown; paraminfo?: unknown; siteinfo?: unknown };
  if (obj && typeof obj === 'object' && obj.format === CACHE_FORMAT) return { paraminfo: obj.paraminfo, siteinfo: obj.siteinfo };
  const isSiteinfo = (p: unknown) => !!p && typeof p === 'object' && !!(p as { query?: { namespaces?: unknown } }).query?.namespaces;
  if (Array.isArray(json)) {
    return { paraminfo: json.filter((p) => !isSiteinfo(p)), siteinfo: json.find(isSiteinfo) };
  }
  return { paraminfo: json };
}
