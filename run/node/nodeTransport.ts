/**
 * Node's transport for the run code (`run/transport.ts`): plain http/https, no redirects followed,
 * the body read into one buffer that grows by doubling (never one object per chunk: an answer that
 * arrives a byte at a time costs its size, not millions of small buffers), reading stopped past
 * `maxBytes`, the connection let go as soon as the signal aborts.
 *
 * Answers may come compressed: the transport asks for `Accept-Encoding: gzip, deflate, br` and decodes an
 * answer with one of those as it streams in (zlib or raw deflate told apart by the first two bytes, however
 * they are split into chunks). `maxBytes` counts the DECODED bytes (and the bytes on the
 * wire, which are fewer): a "zip bomb" is refused when its decoded text reaches the cap, having never held
 * more than the cap and one decoder chunk. Any other or several `Content-Encoding` values are not decoded
 * (the bytes are handed on as they came; the caller finds they are not JSON).
 *
 * With an `addressPolicy` that does not allow private addresses, the address is checked where the
 * connection is made: a host written as an address before connecting, a name in the `lookup` the
 * socket uses (every address it resolved to), so a name that resolves to 127.0.0.1 — or resolves to
 * a public address first and to a loopback one when connecting (DNS rebinding) — is refused.
 */
import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import * as zlib from 'node:zlib';
import { isIpLiteral, isPrivateAddress } from '../address';
import { serverText } from '../redact';
import { TransportError, type AnswerProgress, type BoundedResponse, type HttpTransport, type TransportRequest } from '../transport';

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

/**
 * The encodings decoded: gzip, brotli, and `deflate`, which is zlib-wrapped as HTTP says, or raw deflate as
 * some servers send.
 */
type Encoding = 'gzip' | 'deflate' | 'br';
const ENCODINGS: Record<string, Encoding> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate', br: 'br' };
/** What the transport asks for when the caller does not say. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

type Decoder = zlib.Gunzip | zlib.Inflate | zlib.InflateRaw | zlib.BrotliDecompress;

function encodingOf(res: http.IncomingMessage): Encoding | undefined {
  const value = res.headers['content-encoding'];
  return typeof value === 'string' ? ENCODINGS[value.trim().toLowerCase()] : undefined;
}

/**
 * Whether `head` (the first two bytes of a deflate answer) is a zlib header (RFC 1950): compression method 8,
 * a window of at most 32 KB, and the check bits. A raw deflate stream starts so only with a stored block
 * whose padding bits are not zero, which no encoder writes.
 */
function isZlibHeader(head: Buffer): boolean {
  const cmf = head[0];
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && ((cmf << 8) | head[1]) % 31 === 0;
}

/** The bytes needed before the decoder can be chosen: a zlib header is two bytes, whatever the chunks. */
function headBytes(encoding: Encoding): number {
  return encoding === 'deflate' ? 2 : 1;
}

/** The decoder for an answer whose first bytes are `head` (at least `headBytes`, unless the answer is shorter). */
function decoderFor(encoding: Encoding, head: Buffer): Decoder {
  if (encoding === 'gzip') return zlib.createGunzip();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  return head.length >= 2 && isZlibHeader(head) ? zlib.createInflate() : zlib.createInflateRaw();
}

/**
 * Where the bytes on the wire go: straight into `body`, or through a decoder chosen once the first bytes
 * are in (kept until then, so an answer sent a byte at a time is read as one sent at once). Calls `done`
 * once the (decoded) body is complete, `fail` when a chunk would pass the cap or the compressed stream is
 * broken.
 */
function bodySink(
  res: http.IncomingMessage,
  req: TransportRequest,
  body: GrowingBuffer,
  events: SinkEvents,
): (chunk: Buffer | null) => void {
  const encoding = encodingOf(res);
  let wire = 0;
  let head: Buffer[] = [];
  let decoder: Decoder | undefined;
  const take = (chunk: Buffer) => {
    if (!body.push(chunk)) {
      decoder?.destroy();
      events.tooLarge();
    }
  };
  const start = (enc: Encoding) => {
    const first = Buffer.concat(head);
    head = [];
    decoder = decoderFor(enc, first);
    decoder.on('data', take);
    decoder.on('end', events.done);
    decoder.on('error', (e) => events.broken(`the answer is not valid ${enc} (${e.message})`));
    decoder.write(first);
  };
  return (chunk) => {
    if (chunk === null) {
      if (encoding && !decoder && wire > 0) start(encoding);
      if (decoder) decoder.end();
      else events.done();
      return;
    }
    wire += chunk.byteLength;
    if (!encoding) return take(chunk);
    if (wire > req.maxBytes) return events.tooLarge();
    if (decoder) return void decoder.write(chunk);
    head.push(chunk);
    if (wire >= headBytes(encoding)) start(encoding);
  };
}

interface SinkEvents {
  done(): void;
  tooLarge(): void;
  broken(message: string): void;
}

/** What the request has seen so far, for the message when it is let go (`AnswerProgress`). */
interface Watch {
  socket?: Socket;
  connected: boolean;
  interim: number;
  /** Set when the final answer's headers came; `lastAt` when the last byte came (the headers, then each body chunk). */
  headers?: { status: number; bodyBytes: number; declared?: number; lastAt: number };
}

function progressOf(watch: Watch): AnswerProgress {
  if (watch.headers) {
    const { lastAt, ...seen } = watch.headers;
    return { stage: 'headers', ...seen, quietMs: Date.now() - lastAt };
  }
  if (!watch.connected) return { stage: 'connecting' };
  return { stage: 'connected', received: watch.socket?.bytesRead ?? 0, interim: watch.interim };
}

function readBody(res: http.IncomingMessage, req: TransportRequest, settle: Settle, watch: Watch): void {
  const status = res.statusCode ?? 0;
  const answer = (body: string, bytes: number): BoundedResponse => ({
    status,
    // The server's own words, shown in messages ("answered HTTP 500 …"): bounded, no link syntax (run/redact.ts).
    statusText: serverText(res.statusMessage ?? ''),
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
  const seen = {
    status,
    bodyBytes: 0,
    declared: res.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : undefined,
    lastAt: Date.now(),
  };
  watch.headers = seen;
  if (Number.isFinite(declared) && declared > req.maxBytes) {
    settle(tooLarge());
    return;
  }
  const body = new GrowingBuffer(Number.isFinite(declared) && declared > 0 ? declared : FIRST_BUFFER, req.maxBytes);
  const sink = bodySink(res, req, body, {
    done: () => settle(null, answer(body.text(), body.length)),
    tooLarge: () => settle(tooLarge()),
    broken: (message) => settle(new TransportError('network', message, undefined, status)),
  });
  res.on('data', (chunk: Buffer) => {
    seen.bodyBytes += chunk.byteLength;
    seen.lastAt = Date.now();
    sink(chunk);
  });
  res.on('end', () => sink(null));
  res.on('error', (e: NodeJS.ErrnoException) => settle(new TransportError('network', e.message, e.code ?? 'ECONNRESET')));
}

/** Code of the lookup error that carries a refused address. */
const PRIVATE_ADDRESS = 'EWMQPRIVATEADDRESS';

function privateAddressError(host: string, address: string): TransportError {
  return new TransportError('privateAddress', `${host} resolves to ${address}, a loopback or private address`, address);
}

/** `dns.lookup`, and every address it gives checked: an error naming the first private one. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused) {
      const e: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${refused.address}`);
      e.code = PRIVATE_ADDRESS;
      (e as NodeJS.ErrnoException & { address?: string }).address = refused.address;
      return callback(e, '', 0);
    }
    if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/** The refusal of a host written as a private address, or undefined (names are checked by the lookup). */
function refusedLiteral(req: TransportRequest): TransportError | undefined {
  if (!req.addressPolicy || req.addressPolicy.allowPrivate) return undefined;
  const host = req.url.hostname;
  return isIpLiteral(host) && isPrivateAddress(host) ? privateAddressError(req.url.host, host.replace(/^\[|\]$/g, '')) : undefined;
}

function connectError(req: TransportRequest, e: NodeJS.ErrnoException & { address?: string }): TransportError {
  if (e.code === PRIVATE_ADDRESS) return privateAddressError(req.url.host, e.address ?? 'a private address');
  return new TransportError('network', e.message, e.code);
}

function request(req: TransportRequest): Promise<BoundedResponse> {
  if (req.signal.aborted) return Promise.reject(new TransportError('aborted', 'the request was aborted'));
  const literal = refusedLiteral(req);
  if (literal) return Promise.reject(literal);
  const lib = req.url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { ...req.headers };
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept-encoding')) headers['Accept-Encoding'] = ACCEPT_ENCODING;
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
    const watch: Watch = { connected: false, interim: 0 };
    // Let go (a time limit, a cancel): how far the answer had come goes with the error, to be said.
    const onAbort = () => settle(new TransportError('aborted', 'the request was aborted', undefined, undefined, progressOf(watch)));
    // A connection of its own (agent: false): never a kept-alive socket another request is closing.
    const lookup = req.addressPolicy && !req.addressPolicy.allowPrivate ? publicOnlyLookup : undefined;
    const outgoing = lib.request(req.url, { method: req.method, headers, agent: false, lookup }, (res) =>
      readBody(res, req, settle, watch),
    );
    outgoing.on('error', (e: NodeJS.ErrnoException) => settle(connectError(req, e)));
    outgoing.on('socket', (socket: Socket) => {
      watch.socket = socket;
      if (socket.connecting) socket.once('connect', () => (watch.connected = true));
      else watch.connected = true;
    });
    // 1xx answers (100 Continue, 103 Early Hints) before the final one: counted, a flood of them is said so.
    outgoing.on('information', () => watch.interim++);
    // A switch to another protocol (101) that no request here asks for (RFC 9110 section 15.2.2 forbids it): without
    // this listener Node leaves the request waiting until the time limit, even when the server closed the connection.
    outgoing.on('upgrade', (_res, socket: Socket) => {
      socket.destroy();
      settle(
        new TransportError(
          'network',
          'the answer is not valid HTTP: it switched to another protocol (HTTP 101), which the request did not ask for',
          undefined,
          101,
        ),
      );
    });
    req.signal.addEventListener('abort', onAbort);
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}

/** Node's http/https transport. */
export const nodeTransport: HttpTransport = { request };
