/**
 * Compressed answers in Node's transport (run/node/nodeTransport.ts), from servers on 127.0.0.1: it asks
 * for gzip and deflate, decodes them as they stream in, counts the decoded bytes against the cap (a
 * small compressed answer that decodes past it is refused), says a broken stream, and hands on the
 * bytes of encodings it does not decode.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { TransportError, type BoundedResponse } from '../../../run/transport';

const TEXT = JSON.stringify({ batchcomplete: true, query: { general: { sitename: 'Wikí', generator: 'MediaWiki 1.39.17' } } });

async function answerWith(
  encoding: string | undefined,
  body: Buffer,
  maxBytes = 1 << 20,
): Promise<{ res: BoundedResponse; asked: string }> {
  let asked = '';
  const server = http.createServer((req, res) => {
    asked = String(req.headers['accept-encoding']);
    res.writeHead(200, { 'Content-Type': 'application/json', ...(encoding ? { 'Content-Encoding': encoding } : {}) });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  try {
    const url = new URL(`http://127.0.0.1:${port}/w/api.php`);
    const res = await nodeTransport.request({ url, method: 'GET', headers: {}, maxBytes, signal: new AbortController().signal });
    return { res, asked };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

describe('Node transport: compressed answers', () => {
  const decoded: [string, string | undefined, Buffer][] = [
    ['gzip', 'gzip', zlib.gzipSync(TEXT)],
    ['x-gzip, upper case and spaces', ' X-GZIP ', zlib.gzipSync(TEXT)],
    ['two gzip members one after the other', 'gzip', Buffer.concat([zlib.gzipSync(TEXT.slice(0, 20)), zlib.gzipSync(TEXT.slice(20))])],
    ['deflate (zlib-wrapped, as HTTP says)', 'deflate', zlib.deflateSync(TEXT)],
    ['deflate sent raw (as some servers do)', 'deflate', zlib.deflateRawSync(TEXT)],
    ['identity', 'identity', Buffer.from(TEXT)],
    ['none', undefined, Buffer.from(TEXT)],
  ];
  for (const [name, encoding, body] of decoded) {
    it(`decodes ${name}; asks for gzip and deflate; the size is the decoded size`, async () => {
      const { res, asked } = await answerWith(encoding, body);
      assert.equal(asked, 'gzip, deflate');
      assert.equal(res.body, TEXT);
      assert.equal(res.bytes, Buffer.byteLength(TEXT));
    });
  }

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

  const broken: [string, string, Buffer, RegExp][] = [
    ['gzip that is not gzip', 'gzip', Buffer.from(TEXT), /is not valid gzip \(incorrect header check\)/],
    ['gzip cut short', 'gzip', zlib.gzipSync(TEXT).subarray(0, 30), /is not valid gzip \(unexpected end of file\)/],
    ['deflate that is not deflate', 'deflate', Buffer.from('\xff\xff\xff\xff', 'latin1'), /is not valid deflate/],
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
