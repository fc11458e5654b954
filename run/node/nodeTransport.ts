/**
 * Node's transport for the run code (`run/transport.ts`): plain http/https, no redirects followed,
 * the body read into one buffer that grows by doubling (never one object per chunk: an answer that
 * arrives a byte at a time costs its size, not millions of small buffers), reading stopped past
 * `maxBytes`, the connection let go as soon as the signal aborts.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { TransportError, type BoundedResponse, type HttpTransport, type TransportRequest } from '../transport';

/** The body so far, in one buffer that doubles when full (at most `cap` bytes kept). */
class GrowingBuffer {
  private buf: Buffer;
  length = 0;
  constructor(
    initial: number,
    private readonly cap: number,
  ) {
    this.buf = Buffer.allocUnsafe(Math.max(1, Math.min(initial, cap)));
  }
  /** Appends a chunk; false (and nothing kept) when it would pass the cap. */
  push(chunk: Uint8Array): boolean {
    const needed = this.length + chunk.byteLength;
    if (needed > this.cap) return false;
    if (needed > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.min(this.cap, Math.max(needed, this.buf.length * 2)));
      this.buf.copy(next, 0, 0, this.length);
      this.buf = next;
    }
    this.buf.set(chunk, this.length);
    this.length = needed;
    return true;
  }
  text(): string {
    return this.buf.toString('utf8', 0, this.length);
  }
}

const FIRST_BUFFER = 64 * 1024;

type Settle = (err: TransportError | null, res?: BoundedResponse) => void;

function readBody(res: http.IncomingMessage, req: TransportRequest, settle: Settle): void {
  const status = res.statusCode ?? 0;
  const answer = (body: string, bytes: number): BoundedResponse => ({
    status,
    statusText: res.statusMessage ?? '',
    headers: res.headers,
    body,
    bytes,
  });
  if (status >= 300 && status < 400) {
    settle(null, answer('', 0));
    return;
  }
  const tooLarge = () =>
    new TransportError('tooLarge', `the answer of ${req.url.host} is larger than ${req.maxBytes} bytes`, undefined, status);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > req.maxBytes) {
    settle(tooLarge());
    return;
  }
  const body = new GrowingBuffer(Number.isFinite(declared) && declared > 0 ? declared : FIRST_BUFFER, req.maxBytes);
  res.on('data', (chunk: Buffer) => {
    if (!body.push(chunk)) settle(tooLarge());
  });
  res.on('end', () => settle(null, answer(body.text(), body.length)));
  res.on('error', (e: NodeJS.ErrnoException) => settle(new TransportError('network', e.message, e.code ?? 'ECONNRESET')));
}

function request(req: TransportRequest): Promise<BoundedResponse> {
  if (req.signal.aborted) return Promise.reject(new TransportError('aborted', 'the request was aborted'));
  const lib = req.url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
  return new Promise<BoundedResponse>((resolve, reject) => {
    let settled = false;
    const settle: Settle = (err, res) => {
      if (settled) return;
      settled = true;
      req.signal.removeEventListener('abort', onAbort);
      // Whatever happened, the connection is let go once the answer is read or refused.
      outgoing.destroy();
      if (err) reject(err);
      else resolve(res!);
    };
    const onAbort = () => settle(new TransportError('aborted', 'the request was aborted'));
    // A connection of its own (agent: false): never a kept-alive socket another request is closing.
    const outgoing = lib.request(req.url, { method: req.method, headers, agent: false }, (res) => readBody(res, req, settle));
    outgoing.on('error', (e: NodeJS.ErrnoException) => settle(new TransportError('network', e.message, e.code)));
    req.signal.addEventListener('abort', onAbort);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

/** Node's http/https transport. */
export const nodeTransport: HttpTransport = { request };
