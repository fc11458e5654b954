/**
 * One bounded HTTP read for the language server and the CLI: every catalogue request goes through
 * `boundedFetchText`, which
 * - has its own AbortController and timer covering connect *and* body, cleared in `finally`
 *   (`AbortSignal.timeout` combined with `AbortSignal.any` can lose its timer to garbage collection,
 *   so a server sending a byte a second would keep the request open for ever);
 * - reads the body from the stream and stops past `maxBytes` (a declared Content-Length over the cap
 *   is refused before reading), so an endless or huge answer costs at most the cap in memory;
 * - never follows redirects: a 3xx answer is an error that says where it pointed;
 * - refuses URLs with user info (`user:pass@host`): credentials are never sent.
 *
 * Pure apart from the `fetchImpl` it is given (the global `fetch` by default).
 */

export type BoundedFetchFailure = 'timeout' | 'tooLarge' | 'redirect' | 'network' | 'cancelled' | 'credentials' | 'badUrl';

export class BoundedFetchError extends Error {
  constructor(
    readonly kind: BoundedFetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BoundedFetchError';
  }
}

export interface BoundedFetchOptions {
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

function formatMegabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** The URL with any `user:password@` removed, for messages and logs. */
export function withoutUserInfo(raw: string): string {
  try {
    const url = new URL(raw);
    if (!url.username && !url.password) return raw;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1');
  }
}

/** Reads a URL's text within the bounds of `opts`. Rejects with a `BoundedFetchError` saying what happened. */
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
async function redirectRefused(res: Response, url: URL): Promise<BoundedFetchError> {
  const location = res.headers.get('location');
  let target = location ?? 'another address';
  try {
    if (location) target = withoutUserInfo(new URL(location, url).toString());
  } catch {
    /* keep as sent */
  }
  await res.body?.cancel().catch(() => undefined);
  return new BoundedFetchError(
    'redirect',
    `${url.host} answered HTTP ${res.status}, a redirect to ${target}; redirects are not followed — use the address it points to`,
    res.status,
  );
}

export async function boundedFetchText(rawUrl: string, opts: BoundedFetchOptions): Promise<BoundedResponse> {
  const url = fetchableUrl(rawUrl);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  else opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const failure = (err: unknown): BoundedFetchError => {
    if (err instanceof BoundedFetchError) return err;
    if (timedOut) return new BoundedFetchError('timeout', `no answer within ${opts.timeoutMs} ms`);
    if (opts.signal?.aborted) return new BoundedFetchError('cancelled', 'the request was cancelled');
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return new BoundedFetchError('network', String(e.cause?.code ?? e.cause?.message ?? e.message));
  };
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    let res: Response;
    try {
      res = await (opts.fetchImpl ?? fetch)(url.toString(), {
        method: 'GET',
        headers: opts.headers,
        signal: controller.signal,
        redirect: 'manual',
      });
    } catch (err) {
      throw failure(err);
    }
    if ((res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect') throw await redirectRefused(res, url);
    const declared = Number(res.headers.get('content-length'));
    const tooLarge = () =>
      new BoundedFetchError(
        'tooLarge',
        `the answer of ${url.host} is larger than the cap of ${formatMegabytes(opts.maxBytes)}; reading stopped`,
        res.status,
      );
    if (Number.isFinite(declared) && declared > opts.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    if (res.body) {
      reader = res.body.getReader();
      for (;;) {
        let step: { done: boolean; value?: Uint8Array };
        try {
          step = await reader.read();
        } catch (err) {
          throw failure(err);
        }
        if (step.done) break;
        bytes += step.value!.byteLength;
        if (bytes > opts.maxBytes) throw tooLarge();
        chunks.push(step.value!);
      }
    }
    const text = new TextDecoder('utf-8').decode(concat(chunks, bytes));
    return { status: res.status, statusText: res.statusText, contentType: res.headers.get('content-type') ?? '', text, bytes };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    // Whatever happened, the connection is let go (abort also ends a body still streaming).
    if (reader) reader.cancel().catch(() => undefined);
    controller.abort();
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
