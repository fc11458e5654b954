/**
 * The one HTTP helper every run uses: GET or POST with a User-Agent, an overall timeout (its own
 * timer, covering connect and body), a response-size cap read from the stream, cancellation, no
 * redirects followed and no credentials from the URL sent. The bytes move through the transport it
 * is handed (`run/transport.ts`; Node's is `run/node/nodeTransport.ts`), so the same code runs in
 * the extension, the CLI, the server and a browser.
 */
import { RunError } from './runErrors';
import { redirectTarget } from './redact';
import { brokenAnswer, timeLimitAdvice, TransportError, unfinishedAnswer, type AddressPolicy, type HttpTransport } from './transport';

/** What a wiki or map run is given: its bounds, its abort signal, its user agent. */
export interface RunOptions {
  /** How the bytes travel (Node's http/https: `run/node/nodeTransport.ts`). */
  transport: HttpTransport;
  /** The address check made when connecting (absent: none). */
  addressPolicy?: AddressPolicy;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  userAgent?: string;
  /** Memory budget of the parsed answer, estimated before parsing (`wikimapQuery.run.maxParsedMB`; default 512 MB). */
  maxParsedBytes?: number;
  /**
   * Sent from a browser page: wiki requests carry `origin=*` (MediaWiki's anonymous cross-origin reads)
   * and the transport names the tool in `Api-User-Agent` (`run/browser/fetchTransport.ts`).
   */
  crossOrigin?: boolean;
  /**
   * From a browser page, signed in to the wiki with an OAuth 2 token: wiki requests carry `crossorigin=1`
   * (MediaWiki 1.44+'s authenticated cross-origin read) instead of `origin=*`.
   */
  signedCrossOrigin?: boolean;
  /** Called before each request with the loggable URL (secrets removed). */
  onRequest?: (displayUrl: string, method: string) => void;
}

export interface HttpRequestOptions {
  transport: HttpTransport;
  addressPolicy?: AddressPolicy;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Overall time limit for connect + response, in milliseconds. */
  timeoutMs: number;
  /** Stop reading (and fail) once the body exceeds this many bytes. */
  maxBytes: number;
  signal?: AbortSignal;
  /** The error for a redirect (never followed); default: a message naming the target and the endpoint to fix. */
  redirectError?(status: number, target: string): RunError;
  /** URL as it may be shown to people (secrets removed); used in messages. */
  displayUrl?: string;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: number;
  elapsedMs: number;
}

const DEFAULT_VERSION = '0.1.0';

/** A descriptive User-Agent as MediaWiki's policy asks: client/version (contact) library/version. */
export function makeUserAgent(version: string = DEFAULT_VERSION, contact?: string): string {
  const about = contact ? `+${contact}; ` : '';
  const runtime = typeof process !== 'undefined' && process.versions?.node ? ` node/${process.versions.node}` : '';
  return `wikimap-query/${version} (${about}VS Code extension "Wiki & Map Query")${runtime}`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** The URL a run may fetch (http or https, no user-info), or the error saying why not. */
function runnableUrl(raw: string, shown: string): URL | RunError {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return new RunError('badUrl', `"${shown}" is not a valid URL. Write a full http:// or https:// address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return new RunError('badUrl', `Only http:// and https:// addresses can be run, not "${url.protocol}". Fix the endpoint URL.`);
  }
  if (url.username || url.password) {
    return new RunError(
      'refused',
      `Not run: the address of ${url.host} carries a user name or password (user:password@). Credentials in URLs are never sent, stored or shown; runs are anonymous. Remove them from the URL.`,
    );
  }
  return url;
}

/** A redirect answer: never followed (it could point anywhere: another host, a write endpoint). */
function redirectError(opts: HttpRequestOptions, url: URL, status: number, location: string | undefined): RunError {
  const target = redirectTarget(location, url);
  return (
    opts.redirectError?.(status, target) ??
    new RunError(
      'http',
      `${url.host} answered HTTP ${status}, a redirect to ${target}. Runs do not follow redirects: run the address it points to, or fix the endpoint URL.`,
      status,
    )
  );
}

/** A transport failure said for people: what happened and what to check. */
function transportError(e: unknown, opts: HttpRequestOptions, url: URL, shown: string): RunError {
  if (e instanceof RunError) return e;
  if (!(e instanceof TransportError)) return new RunError('network', `${url.host} could not be reached (${String(e)}). Try again.`);
  if (e.kind === 'tooLarge')
    return new RunError(
      'tooLarge',
      `The response from ${url.host} is larger than the cap of ${formatBytes(opts.maxBytes)}; reading stopped. Lower the query's limit, or raise wikimapQuery.run.maxResponseMB.`,
      e.status,
    );
  if (e.kind === 'privateAddress')
    return new RunError(
      'refused',
      `Not run: ${url.host} resolves to ${e.code ?? 'a private address'}, a loopback or private address, and is not a configured wiki or map server. ${opts.addressPolicy?.howToAllow ?? 'Set it as wikimapQuery.wiki.apiUrl (or mapserver.url) to run it.'}`,
    );
  const broken = brokenAnswer(e);
  if (broken) {
    return new RunError(
      'network',
      `${url.host} answered, but ${broken}. Check the endpoint URL (${shown}); a proxy in between may be at fault.`,
    );
  }
  const what =
    e.code === 'ECONNREFUSED'
      ? 'refused the connection'
      : e.code === 'ENOTFOUND'
        ? 'was not found (DNS)'
        : e.code === 'ECONNRESET'
          ? `broke the connection (${e.message})`
          : `could not be reached (${e.code ?? e.message})`;
  return new RunError('network', `${url.host} ${what}. Check that the server runs and the endpoint URL (${shown}) is right.`);
}

/**
 * The time limit passed: what had come by then (transport.ts `unfinishedAnswer`, as catalogue loads say it), and
 * what to do, fitting what came (`timeLimitAdvice`: more time only where it can help).
 */
function timeoutError(e: unknown, opts: HttpRequestOptions, url: URL): RunError {
  const progress = e instanceof TransportError ? e.progress : undefined;
  const what = unfinishedAnswer(url.host, progress, opts.timeoutMs);
  return new RunError('timeout', `${what[0].toUpperCase()}${what.slice(1)}. ${timeLimitAdvice(progress, opts.timeoutMs)}`);
}

/**
 * One bounded request through the options' transport: the URL checked (http(s), no user-info), an
 * overall timer covering connect and body, cancellation, the byte cap, redirects refused.
 */
export async function httpRequest(opts: HttpRequestOptions): Promise<HttpResponse> {
  const shown = opts.displayUrl ?? opts.url;
  const url = runnableUrl(opts.url, shown);
  if (url instanceof RunError) throw url;
  const cancelled = () => new RunError('cancelled', 'The request was cancelled.');
  if (opts.signal?.aborted) throw cancelled();
  const started = Date.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const res = await opts.transport.request({
      url,
      method: opts.method,
      headers: { Accept: 'application/json, text/plain;q=0.5, */*;q=0.1', ...opts.headers },
      body: opts.body,
      maxBytes: opts.maxBytes,
      signal: controller.signal,
      addressPolicy: opts.addressPolicy,
    });
    if (res.status >= 300 && res.status < 400) throw redirectError(opts, url, res.status, headerText(res.headers.location));
    return {
      status: res.status,
      statusText: res.statusText,
      contentType: headerText(res.headers['content-type']) ?? '',
      headers: res.headers,
      body: res.body,
      bytes: res.bytes,
      elapsedMs: Date.now() - started,
    };
  } catch (e) {
    if (timedOut) throw timeoutError(e, opts, url);
    if (opts.signal?.aborted) throw cancelled();
    throw transportError(e, opts, url, shown);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

function headerText(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
