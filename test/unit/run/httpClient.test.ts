/**
 * The HTTP helper every run uses, against small servers on 127.0.0.1: User-Agent, timeout,
 * response-size cap (declared and streamed), cancellation, unreachable hosts.
 */
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { httpRequest, makeUserAgent } from '../../../run/httpClient';
import { RunError } from '../../../run/runErrors';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { listenLoopback } from '../../support/loopbackServer';

async function serve(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const { origin, close } = await listenLoopback(http.createServer(handler));
  return { url: `${origin}/`, close };
}

const isRunError = (kind: string, message?: RegExp) => (e: unknown) =>
  e instanceof RunError && e.kind === kind && (!message || message.test(e.message));

describe('run HTTP client', () => {
  it('sends a descriptive User-Agent and returns status, type, body and size', async () => {
    let ua = '';
    const s = await serve((req, res) => {
      ua = String(req.headers['user-agent']);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
    try {
      const r = await httpRequest({
        url: s.url,
        method: 'GET',
        headers: { 'User-Agent': makeUserAgent('1.2.3', 'https://example.org/contact') },
        transport: nodeTransport,
        timeoutMs: 5000,
        maxBytes: 1000,
      });
      assert.equal(r.status, 200);
      assert.equal(r.contentType, 'application/json');
      assert.equal(r.body, '{"ok":true}');
      assert.equal(r.bytes, 11);
      assert.match(ua, /^wikimap-query\/1\.2\.3 \(\+https:\/\/example\.org\/contact; VS Code extension "Wiki & Map Query"\) node\/\d+/);
    } finally {
      await s.close();
    }
  });

  it('gives up after the timeout with a message naming the setting', async () => {
    const s = await serve(() => {
      /* never answers */
    });
    try {
      await assert.rejects(
        httpRequest({ url: s.url, method: 'GET', transport: nodeTransport, timeoutMs: 200, maxBytes: 1000 }),
        isRunError('timeout', /wikimapQuery\.run\.timeoutSeconds/),
      );
    } finally {
      await s.close();
    }
  });

  it('stops a response whose declared size is over the cap', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '5000' });
      res.end('x'.repeat(5000));
    });
    try {
      await assert.rejects(
        httpRequest({ url: s.url, method: 'GET', transport: nodeTransport, timeoutMs: 5000, maxBytes: 1024 }),
        isRunError('tooLarge', /larger than the cap of 1\.0 KB.*wikimapQuery\.run\.maxResponseMB/),
      );
    } finally {
      await s.close();
    }
  });

  it('stops a streamed (chunked) response once it passes the cap', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = 'y'.repeat(4096);
      let sent = 0;
      const pump = () => {
        while (sent < 10000 && res.write(chunk)) sent++;
        if (sent < 10000) res.once('drain', pump);
        else res.end();
      };
      res.on('error', () => undefined);
      pump();
    });
    try {
      await assert.rejects(
        httpRequest({ url: s.url, method: 'GET', transport: nodeTransport, timeoutMs: 10000, maxBytes: 64 * 1024 }),
        isRunError('tooLarge'),
      );
    } finally {
      await s.close();
    }
  });

  it('is cancelled by its AbortSignal', async () => {
    let received!: () => void;
    const got = new Promise<void>((r) => (received = r));
    const s = await serve(() => received());
    try {
      const ac = new AbortController();
      const p = httpRequest({ url: s.url, method: 'GET', transport: nodeTransport, timeoutMs: 10000, maxBytes: 1000, signal: ac.signal });
      await got;
      ac.abort();
      await assert.rejects(p, isRunError('cancelled'));
    } finally {
      await s.close();
    }
  });

  it('says the host refused the connection and what to check', async () => {
    const s = await serve(() => undefined);
    const url = s.url;
    await s.close();
    await assert.rejects(
      httpRequest({ url, method: 'GET', transport: nodeTransport, timeoutMs: 5000, maxBytes: 1000 }),
      isRunError('network', /refused the connection\. Check that the server runs/),
    );
  });

  const badUrls: Array<[string, RegExp]> = [
    ['not a url', /not a valid URL/],
    ['file:///etc/passwd', /Only http:\/\/ and https:\/\//],
    ['ftp://127.0.0.1/x', /Only http:\/\/ and https:\/\//],
  ];
  for (const [url, message] of badUrls) {
    it(`refuses ${url}`, async () => {
      await assert.rejects(
        httpRequest({ url, method: 'GET', transport: nodeTransport, timeoutMs: 1000, maxBytes: 1000 }),
        isRunError('badUrl', message),
      );
    });
  }

  it('refuses a URL with user name or password before connecting, and never shows the password', async () => {
    let hits = 0;
    const s = await serve((_req, res) => {
      hits++;
      res.end('{}');
    });
    try {
      const url = s.url.replace('http://', 'http://me:hunter2@');
      await assert.rejects(
        httpRequest({ url, method: 'GET', transport: nodeTransport, timeoutMs: 5000, maxBytes: 1000 }),
        (e: unknown) => isRunError('refused', /user name or password/)(e) && !(e as Error).message.includes('hunter2'),
      );
      assert.equal(hits, 0);
    } finally {
      await s.close();
    }
  });

  it('does not follow a redirect, and says where it pointed', async () => {
    const paths: string[] = [];
    const s = await serve((req, res) => {
      paths.push(String(req.url));
      if (req.url === '/') {
        res.writeHead(302, { Location: '/elsewhere?action=edit&token=abc' });
        res.end();
      } else res.end('{}');
    });
    try {
      await assert.rejects(
        httpRequest({ url: s.url, method: 'GET', transport: nodeTransport, timeoutMs: 5000, maxBytes: 1000 }),
        isRunError('http', /HTTP 302, a redirect to .*\/elsewhere\?action=edit&token=\*\*\*.*do not follow redirects/),
      );
      assert.deepEqual(paths, ['/']);
    } finally {
      await s.close();
    }
  });
});
