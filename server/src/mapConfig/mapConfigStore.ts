/**
 * The configured map server's own config, loaded live: `GET {base}/api/config` (the mapserver's web/config.go
 * publishes its layers and map-object switches there). Handed to the map service, which then warns about
 * boxes outside the server's layers and types it does not index.
 *
 * Safe by default:
 * - only the map server the user configured (`wikimapQuery.mapserver.url`, or a name from
 *   `wikimapQuery.mapservers`) is ever asked; a host named in a document never is;
 * - one request at a time per server, bounded in time (own timer, cleared in `finally`) and in bytes (read
 *   from the stream, cancelled past the cap), redirects not followed;
 * - answers are cached in memory for a while; on any failure the defaults of app/config.go are used and the
 *   user is told once per server.
 */
import type { Disposable, Timers } from '../runtime';
import { parseMapServerConfig, type MapServerConfig } from '../service/map/mapServerConfig';
import type { MapDescriptor } from '../service/map/mapDescriptor';
import { errorMessage } from '../../../common/errorMessage';
import { FIXED_LIMITS, readSettings, settingSpec, settingValue, type SettingValues } from '../../../common/settings';
import { redactUserInfo } from '../../../run/redact';
import type { HttpTransport } from '../../../run/transport';
import type { BoundedFetchError, BoundedResponse } from '../catalogue/boundedFetch';
import { catalogueNetwork } from '../catalogue/lazyCatalogueNetwork';
import { EDITOR_MAP_CONFIG_ADVICE, overCap, type MapConfigAdvice } from './mapConfigAdvice';

/** The default time of the config request (`wikimapQuery.mapserver.configTimeoutSeconds`). */
const MAP_CONFIG_TIMEOUT_MS = (settingSpec('mapserver.configTimeoutSeconds').default as number) * 1000;
/**
 * The default cap of a config's bytes (`wikimapQuery.mapserver.maxConfigKB`): a real answer is about 1 KB;
 * anything near this cap is not a map server's config.
 */
export const MAP_CONFIG_MAX_BYTES = (settingSpec('mapserver.maxConfigKB').default as number) * 1024;

/** `mapserver.maxConfigKB` of checked settings, in bytes. */
function mapConfigMaxBytes(values: SettingValues): number {
  return Math.round((settingValue(values, 'mapserver.maxConfigKB') as number) * 1024);
}
/** `mapserver.configTimeoutSeconds` of checked settings, in ms. */
function mapConfigTimeoutMs(values: SettingValues): number {
  return Math.round((settingValue(values, 'mapserver.configTimeoutSeconds') as number) * 1000);
}
/** A config's parsed JSON may take this many times the byte cap in memory (estimated before parsing). */
const MAP_CONFIG_PARSED_PER_BYTE = FIXED_LIMITS.mapConfigParsedPerByte;
/** How long a loaded config is reused before it is asked for again. */
const MAP_CONFIG_TTL_MS = 10 * 60_000;

/** What the store needs of the map service. */
export interface MapConfigTarget {
  descriptor: MapDescriptor;
  setServerConfig(config: MapServerConfig | undefined): void;
}

export interface MapConfigStoreOptions {
  timers: Timers;
  /** `kind: 'warning'` is also shown to the user (said once per server). */
  log(message: string, kind?: 'info' | 'warning'): void;
  /** Called after the config the service uses changed (to validate open documents again). */
  onDidChange(): void;
  /** How the bytes travel (`run/transport.ts`); default: a transport over `fetchImpl`. */
  transport?: HttpTransport;
  fetchImpl?: typeof fetch;
  /** The time of the request; `wikimapQuery.mapserver.configTimeoutSeconds` of the settings when absent. */
  timeoutMs?: number;
  /** The byte cap; `wikimapQuery.mapserver.maxConfigKB` of the settings when absent. */
  maxBytes?: number;
  ttlMs?: number;
  /** Clock for the cache (tests). */
  now?(): number;
  /**
   * Whether the configured server may be asked now (e.g. false in an untrusted workspace, or when the
   * user's fetch policy says no); asked before every request. Default: yes.
   */
  shouldFetch?(server: string): boolean;
}

interface CacheEntry {
  json: unknown;
  at: number;
}

/**
 * The map server base URL of the settings (`mapserver.url`, a URL or a name from `mapservers`), in any of the
 * shapes clients send settings in (nested, dotted, wrapped in `wikimapQuery`). Undefined when none is set or
 * it is not an http(s) URL.
 */
export function readMapServerUrl(raw: unknown): string | undefined {
  const { values } = readSettings(raw);
  const value = (settingValue(values, 'mapserver.url') as string).trim();
  if (!value) return undefined;
  const named = settingValue(values, 'mapservers') as Record<string, string>;
  return normaliseBase(named[value] ?? value);
}

/** `http(s)://host[:port][/prefix]` without trailing slash, query or credentials; undefined when not usable. */
export function normaliseBase(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return undefined;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) return undefined;
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

export class MapConfigStore implements Disposable {
  private server: string | undefined;
  private target: MapConfigTarget | undefined;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly told = new Set<string>();
  private inflight: { server: string; controller: AbortController; done: Promise<void> } | undefined;
  private disposed = false;
  /** A config given as a file (`useFile`): used instead of the server's. */
  private file: { name: string; json: unknown } | undefined;
  /** The byte cap of the settings (`mapserver.maxConfigKB`). */
  private settingsMaxBytes = MAP_CONFIG_MAX_BYTES;
  /** The time of the request of the settings (`mapserver.configTimeoutSeconds`). */
  private settingsTimeoutMs = MAP_CONFIG_TIMEOUT_MS;

  constructor(private readonly options: MapConfigStoreOptions) {}

  /** The map service to hand configs to (it may be created after the settings arrived). */
  bind(target: MapConfigTarget): void {
    this.target = target;
    this.apply(false);
  }

  /** New settings: switches to the configured server (loading its config) or back to the defaults. */
  configure(rawSettings: unknown): void {
    const { values } = readSettings(rawSettings);
    this.settingsMaxBytes = mapConfigMaxBytes(values);
    this.settingsTimeoutMs = mapConfigTimeoutMs(values);
    const server = readMapServerUrl(rawSettings);
    if (server === this.server) {
      if (server) void this.ensureLoaded(server);
      return;
    }
    this.server = server;
    this.apply();
    if (server) void this.ensureLoaded(server);
  }

  /**
   * A map server's config given as a file's text (a workspace `mapserver.json`, or a saved `/api/config`
   * answer), used instead of asking the server; no text: back to the server's. Says why a file cannot be used.
   */
  useFile(name: string | undefined, text: string | undefined): { used: boolean; error?: string } {
    if (name === undefined || text === undefined) {
      if (this.file) {
        this.file = undefined;
        this.apply();
        if (this.server) void this.ensureLoaded(this.server);
      }
      return { used: false };
    }
    const maxBytes = this.maxBytes();
    if (text.length > maxBytes) return { used: false, error: overCap(`${name} is over`, maxBytes, EDITOR_MAP_CONFIG_ADVICE) };
    let json: unknown;
    try {
      json = JSON.parse(text);
      if (this.target) parseMapServerConfig(json, this.target.descriptor, name);
    } catch (err) {
      return {
        used: false,
        error: `${name} is not a map server's config (${err instanceof SyntaxError ? 'not JSON' : errorMessage(err)})`,
      };
    }
    this.file = { name, json };
    this.options.log(`Map queries are checked against the layers and types of ${name}.`);
    this.apply();
    return { used: true };
  }

  /** The configured server's base URL, if any. */
  get currentServer(): string | undefined {
    return this.server;
  }

  /** Resolves when the current load (if any) has finished. For tests and for callers that want to wait. */
  async settled(): Promise<void> {
    await this.inflight?.done;
  }

  /** Drops the cached config of the current server and loads it again. */
  async reload(): Promise<void> {
    if (!this.server) return;
    this.cache.delete(this.server);
    this.told.delete(this.server);
    await this.ensureLoaded(this.server);
  }

  dispose(): void {
    this.disposed = true;
    this.inflight?.controller.abort();
  }

  private fresh(server: string): CacheEntry | undefined {
    const entry = this.cache.get(server);
    const now = this.options.now?.() ?? Date.now();
    return entry && now - entry.at < (this.options.ttlMs ?? MAP_CONFIG_TTL_MS) ? entry : undefined;
  }

  private apply(notify = true): void {
    if (!this.target) return;
    const server = this.server;
    const entry = server ? this.cache.get(server) : undefined;
    let config: MapServerConfig | undefined;
    if (this.file) {
      config = parseMapServerConfig(this.file.json, this.target.descriptor, this.file.name);
    } else if (server && entry) {
      try {
        config = parseMapServerConfig(entry.json, this.target.descriptor, server);
      } catch (err) {
        this.tell(
          server,
          `${server}/api/config is not a map server's config (${errorMessage(err)}); map queries are checked against the default layers and types.`,
        );
        this.cache.delete(server);
      }
    }
    this.target.setServerConfig(config);
    if (notify) this.options.onDidChange();
  }

  private async ensureLoaded(server: string): Promise<void> {
    if (this.disposed || this.file || this.fresh(server)) return;
    if (this.options.shouldFetch && !this.options.shouldFetch(server)) {
      this.options.log(
        `The config of the map server ${server} is not loaded (fetching is not allowed here); map queries are checked against the default layers and types.`,
      );
      return;
    }
    if (this.inflight?.server === server) return this.inflight.done;
    this.inflight?.controller.abort();
    const controller = new AbortController();
    const done = this.fetchConfig(server, controller)
      .then(
        (json) => {
          this.cache.set(server, { json, at: this.options.now?.() ?? Date.now() });
          this.options.log(`Map server config of ${server} loaded (layers and map-object types).`);
          if (this.server === server) this.apply();
        },
        (err: unknown) => {
          // Disposed, or replaced by a load of another server: nothing to say.
          if (this.disposed || (controller.signal.aborted && this.inflight?.controller !== controller)) return;
          this.tell(
            server,
            `Could not load the config of the map server ${server} (${errorMessage(err)}); map queries are checked against the default layers and types.`,
          );
        },
      )
      .finally(() => {
        if (this.inflight?.controller === controller) this.inflight = undefined;
      });
    this.inflight = { server, controller, done };
    return done;
  }

  private tell(server: string, message: string): void {
    if (this.told.has(server)) {
      this.options.log(message);
      return;
    }
    this.told.add(server);
    this.options.log(message, 'warning');
  }

  private fetchConfig(server: string, controller: AbortController): Promise<unknown> {
    const { timers, fetchImpl, transport } = this.options;
    const timeoutMs = this.options.timeoutMs ?? this.settingsTimeoutMs;
    return fetchMapServerConfig(server, { timers, controller, timeoutMs, maxBytes: this.maxBytes(), fetchImpl, transport });
  }

  private maxBytes(): number {
    return this.options.maxBytes ?? this.settingsMaxBytes;
  }
}

export interface MapConfigFetchOptions {
  timers: Timers;
  /** Aborts the request (the timeout aborts it too). */
  controller?: AbortController;
  timeoutMs?: number;
  maxBytes?: number;
  transport?: HttpTransport;
  fetchImpl?: typeof fetch;
  /** What the messages advise, in the words of the client that asks (default: the editor's settings). */
  advice?: MapConfigAdvice;
}

/** A failure of the config request, said for people (credentials left out of any address). */
function configFailure(e: BoundedFetchError, maxBytes: number, advice: MapConfigAdvice): Error {
  switch (e.kind) {
    case 'timeout':
      // What had come by then, said as catalogue loads and runs say it (run/transport.ts `unfinishedAnswer`).
      return new Error(e.message, { cause: e });
    case 'tooLarge':
      return new Error(overCap('the answer passed', maxBytes, advice), { cause: e });
    case 'redirect':
      return new Error(`HTTP ${e.status} redirect to ${e.target}, not followed: set ${advice.server} to the server's own address`, {
        cause: e,
      });
    default:
      return new Error(redactUserInfo(e.message), { cause: e });
  }
}

/**
 * One bounded GET of `{server}/api/config` (the editor's store and the checker's --map-config): the
 * parsed JSON, or an Error saying what went wrong. Redirects are not followed. The bytes move through
 * the run code's transport (`run/transport.ts`); the server is the one the user configured, so its
 * address may be a loopback or private one.
 */
export async function fetchMapServerConfig(server: string, options: MapConfigFetchOptions): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? MAP_CONFIG_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAP_CONFIG_MAX_BYTES;
  const advice = options.advice ?? EDITOR_MAP_CONFIG_ADVICE;
  // The network code (the bounded read, the answer budget), loaded at the first fetch.
  const { boundedFetchText, BoundedFetchError, estimateParsedSize } = catalogueNetwork();
  let res: BoundedResponse;
  try {
    res = await boundedFetchText(`${server}/api/config`, {
      transport: options.transport,
      fetchImpl: options.fetchImpl,
      addressPolicy: { allowPrivate: true },
      timeoutMs,
      maxBytes,
      signal: options.controller?.signal,
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    throw err instanceof BoundedFetchError ? configFailure(err, maxBytes, advice) : err;
  }
  if (res.status !== 200) throw new Error(`HTTP ${res.status}; is this a map server? Check ${advice.server}`);
  if (estimateParsedSize(res.text).bytes > maxBytes * MAP_CONFIG_PARSED_PER_BYTE) {
    throw new Error(
      `the answer would take too much memory once read (${res.bytes} bytes of mostly brackets and commas); it is not a map server's config`,
    );
  }
  try {
    return JSON.parse(res.text);
  } catch {
    throw new Error('the answer is not JSON');
  }
}
