/**
 * The one transport over `fetch` (run/browser/fetchTransport.ts: the web client's wiki runs and the
 * worker's catalogue and map-config reads), driven with Node's own `fetch` against servers on
 * 127.0.0.1: headers sent, redirects not followed, the cap on declared and streamed bodies, an answer
 * breaking off, aborts, and what a failed `fetch` is said as. The browser's own refusals (a bare
 * TypeError) are exercised in Chromium by the web suite; here a `fetch` that rejects as a browser does.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { BROWSER_REFUSAL, browserHeaders, fetchTransport } from '../../../run/browser/fetchTransport';
import { TransportError, type TransportRequest } from '../../../run/transport';
import { listenLoopback } from '../../support/loopbackServer';

async function serve(handler: http.RequestListener): Promise<{ url: URL; close(): Promise<void> }> {
  const { origin, close } = await listenLoopback(http.createServer(handler));
  return { url: new URL(`${origin}/w/api.php`), close };
}

function request(url: URL, maxBytes: number, extra: Partial<TransportRequest> = {}): TransportRequest {
  return { url, method: 'GET', headers: { 'User-Agent': 'wikimap-query/test' }, maxBytes, signal: new AbortController().signal, ...extra };
}

const failsWith = (kind: string, message: RegExp | string, code?: string) => (e: unknown) =>
  e instanceof TransportError &&
  e.kind === kind &&
  (typeof message === 'string' ? e.message === message : message.test(e.message)) &&
  (code === undefined || e.code === code);

describe('fetch transport (browser build)', () => {
  const headerCases: [string, Record<string, string>, Record<string, string>][] = [
    ['User-Agent becomes Api-User-Agent', { 'User-Agent': 'ua/1', Accept: 'x' }, { 'Api-User-Agent': 'ua/1', Accept: 'x' }],
    ['a given Api-User-Agent is kept, User-Agent dropped', { 'user-agent': 'a', 'Api-User-Agent': 'b' }, { 'Api-User-Agent': 'b' }],
    ['no User-Agent: unchanged', { Accept: 'application/json' }, { Accept: 'application/json' }],
  ];
  for (const [name, given, sent] of headerCases) it(`headers: ${name}`, () => assert.deepEqual(browserHeaders(given), sent));

  it('sends Api-User-Agent, reads the body and says its size', async () => {
    let seen: http.IncomingHttpHeaders = {};
    const s = await serve((req, res) => {
      seen = req.headers;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"é":1}');
    });
    try {
      const r = await fetchTransport().request(request(s.url, 1000));
      assert.equal(seen['api-user-agent'], 'wikimap-query/test');
      assert.deepEqual([r.status, r.body, r.bytes, r.headers['content-type']], [200, '{"é":1}', 8, 'application/json']);
    } finally {
      await s.close();
    }
  });

  it('does not follow a redirect: returns it with its Location and no body', async () => {
    let hits = 0;
    const s = await serve((_req, res) => {
      hits++;
      res.writeHead(301, { Location: 'http://127.0.0.1:1/elsewhere' });
      res.end('moved');
    });
    try {
      const r = await fetchTransport().request(request(s.url, 1000));
      assert.deepEqual([r.status, r.headers.location, r.body, hits], [301, 'http://127.0.0.1:1/elsewhere', '', 1]);
    } finally {
      await s.close();
    }
  });

  const capCases: [string, http.RequestListener][] = [
    ['a declared Content-Length over the cap', (_q, res) => res.writeHead(200, { 'Content-Length': '5000' }).end('x'.repeat(5000))],
    [
      'a chunked body growing past the cap',
      (_q, res) => {
        res.writeHead(200);
        for (let i = 0; i < 50; i++) res.write('y'.repeat(100));
        res.end();
      },
    ],
  ];
  for (const [name, handler] of capCases) {
    it(`stops at the cap: ${name}`, async () => {
      const s = await serve(handler);
      try {
        await assert.rejects(fetchTransport().request(request(s.url, 1000)), failsWith('tooLarge', /larger than 1000 bytes/));
      } finally {
        await s.close();
      }
    });
  }

  it('says an answer broke off mid-body', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Length': '1000' });
      res.write('z'.repeat(100), () => res.destroy());
    });
    try {
      await assert.rejects(fetchTransport().request(request(s.url, 10000)), failsWith('network', /the answer broke off/));
    } finally {
      await s.close();
    }
  });

  it('settles an abort while waiting as one aborted error', async () => {
    const s = await serve(() => undefined);
    const ac = new AbortController();
    try {
      const pending = fetchTransport().request(request(s.url, 1000, { signal: ac.signal }));
      setImmediate(() => ac.abort());
      await assert.rejects(pending, failsWith('aborted', /aborted/));
    } finally {
      await s.close();
    }
  });

  const sendFailures: [string, () => Promise<Response>, RegExp | string, string | undefined][] = [
    ["a browser's bare TypeError", () => Promise.reject(new TypeError('Failed to fetch')), BROWSER_REFUSAL, undefined],
    [
      'an explaining fetch (the worker)',
      () => Promise.reject(new Error('the browser blocks http:// addresses')),
      /^the browser blocks http/,
      undefined,
    ],
  ];
  for (const [name, fakeFetch, message, code] of sendFailures) {
    it(`says a failed fetch: ${name}`, async () => {
      const transport = fetchTransport(fakeFetch);
      await assert.rejects(
        transport.request(request(new URL('https://wiki.example/w/api.php'), 1000)),
        failsWith('network', message, code),
      );
    });
  }

  it("quotes Node's cause: a refused connection with its code", async () => {
    const s = await serve(() => undefined);
    const url = s.url;
    await s.close();
    await assert.rejects(fetchTransport().request(request(url, 1000)), failsWith('network', /ECONNREFUSED/, 'ECONNREFUSED'));
  });
});
