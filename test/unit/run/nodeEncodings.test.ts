/**
 * Compressed answers in Node's transport (run/node/nodeTransport.ts), from servers on 127.0.0.1: it asks
 * for gzip, deflate and brotli, decodes them as they stream in (also when they arrive a byte at a time), counts the decoded bytes against the cap (a
 * small compressed answer that decodes past it is refused), says a broken stream, and hands on the
 * bytes of encodings it does not decode.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { TransportError, type BoundedResponse } from '../../../run/transport';
import { listenLoopback } from '../../support/loopbackServer';

const TEXT = JSON.stringify({ batchcomplete: true, query: { general: { sitename: 'Wikí', generator: 'MediaWiki 1.39.17' } } });

/** Writes `body` a byte at a time, each byte sent before the next is written. */
async function byteByByte(res: http.ServerResponse, body: Buffer): Promise<void> {
  res.flushHeaders();
  for (const byte of body) {
    await new Promise<void>((r) => res.write(Buffer.of(byte), () => r()));
    await new Promise((r) => setTimeout(r, 2));
  }
  res.end();
}

async function answerWith(
  encoding: string | undefined,
  body: Buffer,
  maxBytes = 1 << 20,
  oneByteChunks = false,
): Promise<{ res: BoundedResponse; asked: string }> {
  let asked = '';
  const server = http.createServer((req, res) => {
    asked = String(req.headers['accept-encoding']);
    res.writeHead(200, { 'Content-Type': 'application/json', ...(encoding ? { 'Content-Encoding': encoding } : {}) });
    if (oneByteChunks) void byteByByte(res, body);
    else res.end(body);
  });
  const { origin, close } = await listenLoopback(server);
  try {
    const url = new URL(`${origin}/w/api.php`);
    const res = await nodeTransport.request({ url, method: 'GET', headers: {}, maxBytes, signal: new AbortController().signal });
    return { res, asked };
  } finally {
    await close();
  }
}

describe('Node transport: compressed answers', () => {
  const decoded: [string, string | undefined, Buffer][] = [
    ['gzip', 'gzip', zlib.gzipSync(TEXT)],
    ['x-gzip, upper case and spaces', ' X-GZIP ', zlib.gzipSync(TEXT)],
    ['two gzip members one after the other', 'gzip', Buffer.concat([zlib.gzipSync(TEXT.slice(0, 20)), zlib.gzipSync(TEXT.slice(20))])],
    ['deflate (zlib-wrapped, as HTTP says)', 'deflate', zlib.deflateSync(TEXT)],
    ['deflate sent raw (as some servers do)', 'deflate', zlib.deflateRawSync(TEXT)],
    ['deflate, zlib-wrapped with the smallest window', 'deflate', zlib.deflateSync(TEXT, { windowBits: 9 })],
    ['deflate sent raw, stored blocks (no compression)', 'deflate', zlib.deflateRawSync(TEXT, { level: 0 })],
    ['brotli', 'br', zlib.brotliCompressSync(TEXT)],
    ['brotli, upper case', 'BR', zlib.brotliCompressSync(TEXT)],
    ['identity', 'identity', Buffer.from(TEXT)],
    ['none', undefined, Buffer.from(TEXT)],
  ];
  for (const [name, encoding, body] of decoded) {
    it(`decodes ${name}; asks for gzip, deflate and br; the size is the decoded size`, async () => {
      const { res, asked } = await answerWith(encoding, body);
      assert.equal(asked, 'gzip, deflate, br');
      assert.equal(res.body, TEXT);
      assert.equal(res.bytes, Buffer.byteLength(TEXT));
    });
  }

  // Zlib-wrapped and raw deflate are told apart by two bytes: a first chunk of one byte must not decide.
  const byteAtATime: [string, string, Buffer][] = [
    ['deflate (zlib-wrapped)', 'deflate', zlib.deflateSync(TEXT)],
    ['raw deflate', 'deflate', zlib.deflateRawSync(TEXT)],
    ['raw deflate, stored blocks', 'deflate', zlib.deflateRawSync(TEXT, { level: 0 })],
    ['gzip', 'gzip', zlib.gzipSync(TEXT)],
    ['brotli', 'br', zlib.brotliCompressSync(TEXT)],
  ];
  for (const [name, encoding, body] of byteAtATime) {
    it(`decodes ${name} sent one byte per chunk`, async function () {
      this.timeout(20_000);
      const { res } = await answerWith(encoding, body, 1 << 20, true);
      assert.equal(res.body, TEXT);
    });
  }

  it('an empty deflate answer is an empty body', async () => {
    const { res } = await answerWith('deflate', Buffer.alloc(0));
    assert.equal(res.body, '');
    assert.equal(res.bytes, 0);
  });

  it('hands on the bytes of several encodings undecoded (the caller finds they are not JSON)', async () => {
    const body = zlib.gzipSync(TEXT);
    const { res } = await answerWith('gzip, br', body);
    assert.equal(res.bytes, body.length);
    assert.notEqual(res.body, TEXT);
  });

  it('refuses a 64 KB gzip answer that decodes to 64 MB at a cap of 1 MB (decoded bytes count)', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 << 20, ' '), { level: 9 });
    assert.ok(bomb.length < 100 * 1024, `${bomb.length} bytes on the wire`);
    await assert.rejects(
      answerWith('gzip', bomb),
      (e: unknown) => e instanceof TransportError && e.kind === 'tooLarge' && /is larger than 1048576 bytes/.test(e.message),
    );
  });

  it('refuses a brotli answer of a few hundred bytes that decodes to 256 MB at a cap of 1 MB', async () => {
    const bomb = zlib.brotliCompressSync(Buffer.alloc(256 << 20, ' '), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    assert.ok(bomb.length < 4096, `${bomb.length} bytes on the wire`);
    await assert.rejects(
      answerWith('br', bomb),
      (e: unknown) => e instanceof TransportError && e.kind === 'tooLarge' && /is larger than 1048576 bytes/.test(e.message),
    );
  });

  const broken: [string, string, Buffer, RegExp][] = [
    ['gzip that is not gzip', 'gzip', Buffer.from(TEXT), /is not valid gzip \(incorrect header check\)/],
    ['gzip cut short', 'gzip', zlib.gzipSync(TEXT).subarray(0, 30), /is not valid gzip \(unexpected end of file\)/],
    ['deflate that is not deflate', 'deflate', Buffer.from('\xff\xff\xff\xff', 'latin1'), /is not valid deflate/],
    ['one byte of deflate', 'deflate', Buffer.of(0x78), /is not valid deflate \(unexpected end of file\)/],
    ['brotli that is not brotli', 'br', Buffer.from(TEXT), /is not valid br/],
    ['brotli cut short', 'br', zlib.brotliCompressSync(TEXT).subarray(0, 10), /is not valid br \(unexpected end of file\)/],
  ];
  for (const [name, encoding, body, message] of broken) {
    it(`says ${name}`, async () => {
      await assert.rejects(
        answerWith(encoding, body),
        (e: unknown) => e instanceof TransportError && e.kind === 'network' && e.code === undefined && message.test(e.message),
      );
    });
  }
});
