/**
 * The one HTTP helper every run uses: GET or POST with a User-Agent, an overall timeout (its own
 * timer, covering connect and body), a response-size cap read from the stream, cancellation, no
 * redirects followed and no credentials from the URL sent. VS Code-free (plain node http/https) so it is
 * unit-tested against local servers.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { RunError } from './runErrors';
import { redactUrl } from './redact';

/** What a wiki or map run is given: its bounds, its abort signal, its user agent. */
export interface RunOptions {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  userAgent?: string;
  /** Called before each request with the loggable URL (secrets removed). */
  onRequest?: (displayUrl: string, method: string) => void;
}

export interface HttpRequestOptions {
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
  return `wikimap-query/${version} (${about}VS Code extension "Wiki & Map Query") node/${process.versions.node}`;
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
  let target = String(location ?? 'another address');
  try {
    target = redactUrl(new URL(target, url).toString());
  } catch {
    /* shown as sent */
  }
  return (
    opts.redirectError?.(status, target) ??
    new RunError(
      'http',
      `${url.host} answered HTTP ${status}, a redirect to ${target}. Runs do not follow redirects: run the address it points to, or fix the endpoint URL.`,
      status,
    )
  );
}

type Finish = (err: RunError | null, res?: HttpResponse) => void;

/** Reads an answer within the byte cap (redirects refused), then calls `finish` once. */
function readResponse(res: http.IncomingMessage, opts: HttpRequestOptions, url: URL, started: number, finish: Finish): void {
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    finish(redirectError(opts, url, status, res.headers.location));
    return;
  }
  const tooLarge = () =>
    new RunError(
      'tooLarge',
      `The response from ${url.host} is larger than the cap of ${formatBytes(opts.maxBytes)}; reading stopped. Lower the query's limit, or raise wikimapQuery.run.maxResponseMB.`,
      res.statusCode,
    );
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes) {
    finish(tooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  res.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > opts.maxBytes) {
      finish(tooLarge());
      return;
    }
    chunks.push(chunk);
  });
  res.on('end', () =>
    finish(null, {
      status: res.statusCode ?? 0,
      statusText: res.statusMessage ?? '',
      contentType: String(res.headers['content-type'] ?? ''),
      headers: res.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      bytes,
      elapsedMs: Date.now() - started,
    }),
  );
  res.on('error', (e) => finish(new RunError('network', `The connection to ${url.host} broke while reading: ${e.message}. Try again.`)));
}

/** A connection that failed, said with what to check. */
function networkError(e: NodeJS.ErrnoException, url: URL, shown: string): RunError {
  const what =
    e.code === 'ECONNREFUSED'
      ? 'refused the connection'
      : e.code === 'ENOTFOUND'
        ? 'was not found (DNS)'
        : `could not be reached (${e.code ?? e.message})`;
  return new RunError('network', `${url.host} ${what}. Check that the server runs and the endpoint URL (${shown}) is right.`);
}

export function httpRequest(opts: HttpRequestOptions): Promise<HttpResponse> {
  const shown = opts.displayUrl ?? opts.url;
  const url = runnableUrl(opts.url, shown);
  if (url instanceof RunError) return Promise.reject(url);
  if (opts.signal?.aborted) return Promise.reject(new RunError('cancelled', 'The request was cancelled.'));

  const started = Date.now();
  const lib = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { Accept: 'application/json, text/plain;q=0.5, */*;q=0.1', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(opts.body));

  return new Promise<HttpResponse>((resolve, reject) => {
    let settled = false;
    const finish: Finish = (err, res) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(res!);
    };
    const onAbort = () => finish(new RunError('cancelled', 'The request was cancelled.'));
    const timer = setTimeout(
      () =>
        finish(
          new RunError(
            'timeout',
            `No complete answer from ${url.host} within ${Math.round(opts.timeoutMs / 1000)} s. Check the endpoint, or raise wikimapQuery.run.timeoutSeconds.`,
          ),
        ),
      opts.timeoutMs,
    );
    opts.signal?.addEventListener('abort', onAbort);

    const req = lib.request(url, { method: opts.method, headers }, (res) => readResponse(res, opts, url, started, finish));
    req.on('error', (e: NodeJS.ErrnoException) => finish(networkError(e, url, shown)));
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}
