/**
 * One bounded HTTP read for the language server and the CLI: every catalogue and map-config request
 * goes through `boundedFetchText`, which
 * - has its own AbortController and timer covering connect *and* body, cleared in `finally`;
 * - reads the body from the stream and stops past `maxBytes` (a declared Content-Length over the cap
 *   is refused before reading), so an endless or huge answer costs at most the cap in memory;
 * - never follows redirects: a 3xx answer is an error that says where it pointed;
 * - refuses URLs with user info (`user:pass@host`): credentials are never sent.
 *
 * The bytes move through the transport it is given (`run/transport.ts`), the run code's seam: Node's
 * http/https with the address check at connect time, or a browser's `fetch`.
 */

import { recognisedAcrossBundles } from '../../../common/bundleClass';
import { fetchTransport } from '../../../run/browser/fetchTransport';
import { redirectTarget } from '../../../run/redact';
import { withoutUserInfo } from './apiUrl';
import { RunError } from '../../../run/runErrors';
import {
  brokenAnswer,
  TransportError,
  unfinishedAnswer,
  type AddressPolicy,
  type AnswerProgress,
  type BoundedResponse as TransportResponse,
  type HttpTransport,
} from '../../../run/transport';

export type BoundedFetchFailure =
  'timeout' | 'tooLarge' | 'redirect' | 'network' | 'broken' | 'badAnswer' | 'cancelled' | 'credentials' | 'badUrl' | 'privateAddress';

export class BoundedFetchError extends Error {
  constructor(
    readonly kind: BoundedFetchFailure,
    message: string,
    readonly status?: number,
    /** Where a refused redirect pointed (credentials removed). */
    readonly target?: string,
    /** For `timeout`: how far the answer had come (`run/transport.ts`). */
    readonly progress?: AnswerProgress,
  ) {
    super(message);
    this.name = 'BoundedFetchError';
  }
}
recognisedAcrossBundles(BoundedFetchError, 'BoundedFetchError');

export interface BoundedFetchOptions {
  /** How the bytes travel (Node's: `run/node/nodeTransport.ts`); default: a transport over `fetchImpl`. */
  transport?: HttpTransport;
  /** The address check made when connecting (absent: none; the browser leaves it to the browser). */
  addressPolicy?: AddressPolicy;
  /** Used when no `transport` is given (the global `fetch` by default). */
  fetchImpl?: typeof fetch;
  /** Whole request (connect, headers and body), in milliseconds. */
  timeoutMs: number;
  /** Most body bytes read; past it reading stops with a `tooLarge` error. */
  maxBytes: number;
  headers?: Record<string, string>;
  /** Cancels the request from outside (e.g. the server shutting down). */
  signal?: AbortSignal;
}

export interface BoundedResponse {
  status: number;
  statusText: string;
  contentType: string;
  text: string;
  bytes: number;
}

export { withoutUserInfo } from './apiUrl';

export function formatMegabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** The URL to fetch: http(s) only, never with credentials in it. */
function fetchableUrl(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new BoundedFetchError('badUrl', `${withoutUserInfo(rawUrl)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BoundedFetchError('badUrl', `${url.protocol} URLs are not fetched, only http(s)`);
  }
  if (url.username || url.password) {
    throw new BoundedFetchError(
      'credentials',
      `the URL of ${url.host} carries a user name or password; credentials in URLs are never sent — remove them`,
    );
  }
  return url;
}

/** A redirect answer, refused: said with where it points (credentials left out). */
function redirectRefused(res: TransportResponse, url: URL): BoundedFetchError {
  const raw = res.headers.location;
  const target = redirectTarget(Array.isArray(raw) ? raw[0] : raw, url);
  return new BoundedFetchError(
    'redirect',
    `${url.host} answered HTTP ${res.status}, a redirect to ${target}; redirects are not followed — use the address it points to`,
    res.status,
    target,
  );
}

/** A transport failure as a `BoundedFetchError`: what happened, in words. */
function transportFailure(err: unknown, url: URL, opts: BoundedFetchOptions, timedOut: boolean): BoundedFetchError {
  if (err instanceof BoundedFetchError) return err;
  if (timedOut) {
    // What had come by then, said as the run code says it: a wiki that sent its headers was reached.
    const progress = err instanceof TransportError ? err.progress : undefined;
    return new BoundedFetchError('timeout', unfinishedAnswer(url.host, progress, opts.timeoutMs), undefined, undefined, progress);
  }
  if (opts.signal?.aborted) return new BoundedFetchError('cancelled', 'the request was cancelled');
  // A signed-in transport (run/wiki/wikiAuth.ts) whose sign-in failed: said as the wiki said it.
  if (err instanceof RunError) return new BoundedFetchError('credentials', err.message);
  if (err instanceof TransportError) {
    if (err.kind === 'tooLarge')
      return new BoundedFetchError(
        'tooLarge',
        `the answer of ${url.host} is larger than the cap of ${formatMegabytes(opts.maxBytes)}; reading stopped`,
        err.status,
      );
    if (err.kind === 'privateAddress')
      return new BoundedFetchError(
        'privateAddress',
        `${url.host} resolves to ${err.code ?? 'a private address'}, a loopback or private address; only a configured wiki or map server may be on one — set it in the settings to use it`,
      );
    const broken = brokenAnswer(err);
    if (broken) return new BoundedFetchError('badAnswer', `${url.host} answered, but ${broken}`, err.status);
    // The server took the connection and then closed it mid-answer: it was reached (as the run code says it).
    if (err.code === 'ECONNRESET') return new BoundedFetchError('broken', `${url.host} broke the connection (${err.message})`);
    return new BoundedFetchError('network', err.code ?? err.message);
  }
  return new BoundedFetchError('network', err instanceof Error ? err.message : String(err));
}

/**
 * Reads a URL's text within the bounds of `opts`, through the transport it is given (`run/transport.ts`:
 * Node's http/https, or a browser's `fetch`). Rejects with a `BoundedFetchError` saying what happened;
 * nothing else is thrown, and no request is left running.
 */
export async function boundedFetchText(rawUrl: string, opts: BoundedFetchOptions): Promise<BoundedResponse> {
  const url = fetchableUrl(rawUrl);
  const transport = opts.transport ?? fetchTransport(opts.fetchImpl);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    const res = await transport.request({
      url,
      method: 'GET',
      headers: opts.headers ?? {},
      maxBytes: opts.maxBytes,
      signal: controller.signal,
      addressPolicy: opts.addressPolicy,
    });
    if (res.status >= 300 && res.status < 400) throw redirectRefused(res, url);
    const type = res.headers['content-type'];
    const contentType = (Array.isArray(type) ? type[0] : type) ?? '';
    return { status: res.status, statusText: res.statusText, contentType, text: res.body, bytes: res.bytes };
  } catch (err) {
    throw transportFailure(err, url, opts, timedOut);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    controller.abort();
  }
}
