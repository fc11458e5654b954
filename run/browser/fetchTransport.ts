/**
 * The browser's transport for the run code (`run/transport.ts`): the page's `fetch`, redirects not
 * followed, the body read from the stream and stopped past `maxBytes`, the request let go when the
 * signal aborts. The browser owns `User-Agent`, so the tool names itself in `Api-User-Agent`
 * (MediaWiki's header for browser clients); the address check is the browser's own (mixed content,
 * private network), and a refused or unreachable address comes back as the browser's bare TypeError,
 * said here with its likely causes.
 */
import { TransportError, type BoundedResponse, type HttpTransport, type TransportRequest } from '../transport';

const BROWSER_REFUSAL =
  'the browser could not read it: the server must allow cross-origin reads (MediaWiki does for anonymous requests with origin=*; stock map servers do not), and an https:// page cannot reach http:// or private-network addresses';

function browserHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'user-agent') out['Api-User-Agent'] = value;
    else out[name] = value;
  }
  return out;
}

async function readCapped(res: Response, req: TransportRequest): Promise<{ body: string; bytes: number }> {
  const tooLarge = () =>
    new TransportError('tooLarge', `the answer of ${req.url.host} is larger than ${req.maxBytes} bytes`, undefined, res.status);
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > req.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return { body: '', bytes: 0 };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > req.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return { body: new TextDecoder('utf-8').decode(all), bytes };
}

export function fetchTransport(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): HttpTransport {
  return {
    async request(req) {
      if (req.signal.aborted) throw new TransportError('aborted', 'the request was aborted');
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
        if (req.signal.aborted) throw new TransportError('aborted', 'the request was aborted');
        throw new TransportError('network', e instanceof TypeError ? BROWSER_REFUSAL : String(e));
      }
      const headers: BoundedResponse['headers'] = {};
      res.headers.forEach((value, name) => (headers[name] = value));
      // A browser shows a manual redirect as an opaque answer (status 0, no headers): a redirect all the same.
      if (res.type === 'opaqueredirect') return { status: 302, statusText: 'redirect', headers, body: '', bytes: 0 };
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel().catch(() => undefined);
        return { status: res.status, statusText: res.statusText, headers, body: '', bytes: 0 };
      }
      try {
        const { body, bytes } = await readCapped(res, req);
        return { status: res.status, statusText: res.statusText, headers, body, bytes };
      } catch (e) {
        if (e instanceof TransportError) throw e;
        if (req.signal.aborted) throw new TransportError('aborted', 'the request was aborted');
        throw new TransportError('network', `the answer broke off (${String(e)})`);
      }
    },
  };
}
