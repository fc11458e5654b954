/**
 * A transport (`run/transport.ts`) over a `fetch` function: what a browser build uses, where the
 * browser owns the connection (and so the address it connects to: `addressPolicy` is left to it).
 * Redirects are not followed (`redirect: 'manual'`), the body is read from the stream and reading
 * stops past `maxBytes`, the signal aborts the request. Every failure, an abort after `fetch` already
 * rejected included, settles as one `TransportError`; nothing is left to reject unobserved.
 */
import { TransportError, type BoundedResponse, type HttpTransport, type TransportRequest } from './transport';

function failure(e: unknown, signal: AbortSignal): TransportError {
  if (e instanceof TransportError) return e;
  if (signal.aborted) return new TransportError('aborted', 'the request was aborted');
  const err = e as Error & { cause?: { code?: string; message?: string } };
  return new TransportError('network', String(err?.cause?.message ?? err?.message ?? e), err?.cause?.code);
}

function headersOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => (out[name] = value));
  return out;
}

async function readBody(res: Response, req: TransportRequest): Promise<{ body: string; bytes: number }> {
  if (!res.body) return { body: '', bytes: 0 };
  const tooLarge = () =>
    new TransportError('tooLarge', `the answer of ${req.url.host} is larger than ${req.maxBytes} bytes`, undefined, res.status);
  const reader = res.body.getReader();
  let buf = new Uint8Array(64 * 1024);
  let length = 0;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) break;
      const chunk = step.value;
      if (length + chunk.byteLength > req.maxBytes) throw tooLarge();
      if (length + chunk.byteLength > buf.length) {
        const next = new Uint8Array(Math.min(req.maxBytes, Math.max(length + chunk.byteLength, buf.length * 2)));
        next.set(buf.subarray(0, length));
        buf = next;
      }
      buf.set(chunk, length);
      length += chunk.byteLength;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return { body: new TextDecoder('utf-8').decode(buf.subarray(0, length)), bytes: length };
}

async function send(fetchImpl: typeof fetch, req: TransportRequest): Promise<BoundedResponse> {
  const res = await fetchImpl(req.url.toString(), {
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal: req.signal,
    redirect: 'manual',
  });
  const headers = headersOf(res);
  const base = { status: res.status, statusText: res.statusText, headers };
  if ((res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect') {
    await res.body?.cancel().catch(() => undefined);
    return { ...base, status: res.status || 302, body: '', bytes: 0 };
  }
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > req.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new TransportError('tooLarge', `the answer of ${req.url.host} is larger than ${req.maxBytes} bytes`, undefined, res.status);
  }
  return { ...base, ...(await readBody(res, req)) };
}

/** A transport that moves bytes with `fetchImpl` (the page's or worker's `fetch` by default). */
export function fetchTransport(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): HttpTransport {
  return {
    async request(req) {
      if (req.signal.aborted) throw new TransportError('aborted', 'the request was aborted');
      try {
        return await send(fetchImpl, req);
      } catch (e) {
        throw failure(e, req.signal);
      }
    },
  };
}
