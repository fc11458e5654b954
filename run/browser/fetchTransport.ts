/**
 * The one transport (`run/transport.ts`) over a `fetch` function: what the browser build uses, for wiki
 * runs from the web client and for live catalogues and map config in the language server's worker.
 * - Redirects are not followed (`redirect: 'manual'`); a browser shows one as an opaque answer (status 0,
 *   no headers), returned as a 302 all the same.
 * - A declared Content-Length over `maxBytes` is refused before reading; the body is read from the
 *   stream into one buffer that grows by doubling, and reading stops past `maxBytes`.
 * - The browser owns `User-Agent`, so the tool names itself in `Api-User-Agent` (MediaWiki's header for
 *   browser clients).
 * - The address check is the browser's own (mixed content, private network): `addressPolicy` is left to
 *   it. A refused or unreachable address comes back as the browser's bare TypeError, said here with its
 *   likely causes; a `fetch` that says why (Node's, with a `cause`, or one that explains) is quoted.
 * - The signal aborts the request. Every failure, an abort after `fetch` already rejected included,
 *   settles as one `TransportError`; nothing is left to reject unobserved.
 */
import { serverText } from '../redact';
import { TransportError, type AnswerProgress, type BoundedResponse, type HttpTransport, type TransportRequest } from '../transport';

export const BROWSER_REFUSAL =
  'the browser could not read it: the server must allow cross-origin reads (MediaWiki does for anonymous requests with origin=*; stock map servers do not), and an https:// page cannot reach http:// or private-network addresses';

const FIRST_BUFFER = 64 * 1024;

/** The request's headers with `User-Agent` sent as `Api-User-Agent` (unless that is given already). */
export function browserHeaders(headers: Record<string, string>): Record<string, string> {
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'user-agent') out[name] = value;
    else if (!names.includes('api-user-agent')) out['Api-User-Agent'] = value;
  }
  return out;
}

/** Let go; `progress` once the headers came (before that a `fetch` does not tell how far it got). */
function aborted(progress?: AnswerProgress): TransportError {
  return new TransportError('aborted', 'the request was aborted', undefined, undefined, progress);
}

/** Why `fetch` itself rejected, in words. */
function sendFailure(e: unknown, signal: AbortSignal): TransportError {
  if (e instanceof TransportError) return e;
  if (signal.aborted) return aborted();
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err?.cause?.message || err?.cause?.code)
    return new TransportError('network', String(err.cause.message ?? err.cause.code), err.cause.code);
  if (e instanceof TypeError) return new TransportError('network', BROWSER_REFUSAL);
  return new TransportError('network', String(err?.message ?? e));
}

function tooLarge(req: TransportRequest, status: number): TransportError {
  return new TransportError('tooLarge', `the answer of ${req.url.host} is larger than ${req.maxBytes} bytes`, undefined, status);
}

/** The body, read from the stream into one buffer, at most `maxBytes` of it. */
async function readCapped(res: Response, req: TransportRequest): Promise<{ body: string; bytes: number }> {
  if (!res.body) return { body: '', bytes: 0 };
  const reader = res.body.getReader();
  let buf = new Uint8Array(Math.min(FIRST_BUFFER, req.maxBytes));
  let length = 0;
  let lastAt = Date.now();
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) break;
      const chunk = step.value;
      lastAt = Date.now();
      if (length + chunk.byteLength > req.maxBytes) throw tooLarge(req, res.status);
      if (length + chunk.byteLength > buf.length) {
        const next = new Uint8Array(Math.min(req.maxBytes, Math.max(length + chunk.byteLength, buf.length * 2)));
        next.set(buf.subarray(0, length));
        buf = next;
      }
      buf.set(chunk, length);
      length += chunk.byteLength;
    }
  } catch (e) {
    if (e instanceof TransportError) throw e;
    if (req.signal.aborted)
      throw aborted({
        stage: 'headers',
        status: res.status,
        bodyBytes: length,
        declared: declaredLength(res),
        quietMs: Date.now() - lastAt,
      });
    throw new TransportError('network', `the answer broke off (${String(e)})`);
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return { body: new TextDecoder('utf-8').decode(buf.subarray(0, length)), bytes: length };
}

/** The Content-Length the answer announced, if any. */
function declaredLength(res: Response): number | undefined {
  const declared = Number(res.headers.get('content-length') ?? undefined);
  return Number.isFinite(declared) ? declared : undefined;
}

function headersOf(res: Response): BoundedResponse['headers'] {
  const out: BoundedResponse['headers'] = {};
  res.headers.forEach((value, name) => (out[name] = value));
  return out;
}

async function answer(res: Response, req: TransportRequest): Promise<BoundedResponse> {
  const headers = headersOf(res);
  if (res.type === 'opaqueredirect') return { status: 302, statusText: 'redirect', headers, body: '', bytes: 0 };
  // The server's own words, shown in messages: bounded, no link syntax (run/redact.ts).
  const base = { status: res.status, statusText: serverText(res.statusText), headers };
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel().catch(() => undefined);
    return { ...base, body: '', bytes: 0 };
  }
  const declared = declaredLength(res);
  if (declared !== undefined && declared > req.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(req, res.status);
  }
  return { ...base, ...(await readCapped(res, req)) };
}

/** A transport that moves bytes with `fetchImpl` (the page's or worker's `fetch` by default). */
export function fetchTransport(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): HttpTransport {
  return {
    async request(req) {
      if (req.signal.aborted) throw aborted();
      let res: Response;
      try {
        res = await fetchImpl(req.url.toString(), {
          method: req.method,
          headers: browserHeaders(req.headers),
          body: req.body,
          signal: req.signal,
          redirect: 'manual',
        });
      } catch (e) {
        throw sendFailure(e, req.signal);
      }
      return answer(res, req);
    },
  };
}
