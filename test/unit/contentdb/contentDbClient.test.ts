// Which ContentDB addresses are accepted, and the endpoint URLs built from them (always with the trailing
// slash: the real server answers 308 without it).
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import {
  buildAuthorizeUrl,
  checkBaseUrl,
  endpoint,
  exchangeCode,
  MAX_ANSWER_BYTES,
  whoami,
} from '../../../client/src/contentdb/contentDbClient';
import { ContentDbError } from '../../../client/src/contentdb/errors';
import { listenLoopback, type Loopback } from '../../support/loopbackServer';

describe('ContentDB base URL', () => {
  const accepted: { base: string; token: string }[] = [
    { base: 'https://content.luanti.org', token: 'https://content.luanti.org/oauth/token/' },
    { base: 'https://content.luanti.org/', token: 'https://content.luanti.org/oauth/token/' },
    { base: ' https://example.org/contentdb/ ', token: 'https://example.org/contentdb/oauth/token/' },
    { base: 'https://example.org/cdb?x=1#frag', token: 'https://example.org/cdb/oauth/token/' },
    { base: 'http://127.0.0.1:5123', token: 'http://127.0.0.1:5123/oauth/token/' },
    { base: 'http://localhost:5123/', token: 'http://localhost:5123/oauth/token/' },
    { base: 'http://[::1]:5123', token: 'http://[::1]:5123/oauth/token/' },
  ];
  for (const a of accepted) {
    it(`accepts "${a.base}"`, () => {
      assert.equal(endpoint(checkBaseUrl(a.base), '/oauth/token/').toString(), a.token);
    });
  }

  const refused: { base: string; says: RegExp }[] = [
    {
      base: 'http://content.luanti.org',
      says: /must be reached over https:\/\/ \(plain http:\/\/ is only allowed for 127\.0\.0\.1 or localhost\)/,
    },
    { base: 'http://10.0.0.5:8080', says: /must be reached over https/ },
    { base: 'ftp://content.luanti.org', says: /must be reached over https/ },
    { base: 'https://user:pw@content.luanti.org', says: /must not contain a user name or password/ },
    { base: 'content.luanti.org', says: /is not a valid URL/ },
  ];
  for (const r of refused) {
    it(`refuses "${r.base}"`, () => {
      assert.throws(
        () => checkBaseUrl(r.base),
        (e: unknown) => e instanceof ContentDbError && e.kind === 'invalidBaseUrl' && r.says.test(e.message) && !e.message.includes('pw@'),
      );
    });
  }

  it('builds the authorize URL with every parameter encoded', () => {
    const url = new URL(
      buildAuthorizeUrl(checkBaseUrl('https://example.org/cdb/'), 'id 1', 'http://127.0.0.1:47326/callback?x=1&y=2', 'st'),
    );
    assert.equal(url.origin + url.pathname, 'https://example.org/cdb/oauth/authorize/');
    assert.deepEqual(
      [...url.searchParams],
      [
        ['response_type', 'code'],
        ['client_id', 'id 1'],
        ['redirect_uri', 'http://127.0.0.1:47326/callback?x=1&y=2'],
        ['state', 'st'],
      ],
    );
  });
});

describe('ContentDB requests that get no answer', () => {
  let silent: Loopback;
  let base: URL;
  before(async () => {
    // Accepts connections and never answers.
    silent = await listenLoopback(net.createServer());
    base = checkBaseUrl(silent.origin);
  });
  after(async () => silent.close());

  it('the token request gives up after the configured timeout, without the secret in the message', async () => {
    await assert.rejects(
      exchangeCode(base, { clientId: 'id', clientSecret: 'the-client-secret', code: 'c0de' }, { timeoutMs: 50 }),
      (e: unknown) => {
        assert.ok(e instanceof ContentDbError);
        assert.equal(e.kind, 'network');
        assert.match(e.message, /did not answer http:\/\/127\.0\.0\.1:\d+\/oauth\/token\/ within 50 ms/);
        assert.ok(!e.message.includes('the-client-secret'));
        return true;
      },
    );
  });

  it('a cancelled request reports "Sign-in cancelled"', async () => {
    const abort = new AbortController();
    const pending = whoami(base, 'token-0123456789', { signal: abort.signal });
    abort.abort();
    await assert.rejects(
      pending,
      (e: unknown) => e instanceof ContentDbError && e.kind === 'cancelled' && e.message === 'Sign-in cancelled.',
    );
  });
});

describe('ContentDB answers that never end or are huge', () => {
  let server: Loopback;
  let base: URL;
  const timers: NodeJS.Timeout[] = [];
  before(async () => {
    const answers = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/drip/')) {
        // A byte at a time, for ever: only the request's own timer ends it.
        res.write('{');
        timers.push(setInterval(() => res.write(' '), 20));
        return;
      }
      // An endless stream without Content-Length: the reader stops at the cap.
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (res.write(chunk)) {
          if (res.destroyed) return;
        }
        res.once('drain', pump);
      };
      res.write('{"is_authenticated": true, "username": "');
      pump();
    });
    server = await listenLoopback(answers);
    base = checkBaseUrl(server.origin);
  });
  after(async () => {
    timers.forEach((t) => clearInterval(t));
    await server.close();
  });

  it(`reads at most about 1 MB (${MAX_ANSWER_BYTES} bytes) of an answer`, async () => {
    await assert.rejects(
      whoami(base, 'token-0123456789'),
      (e: unknown) => e instanceof ContentDbError && e.kind === 'badResponse' && /larger than 1024 KB/.test(e.message),
    );
  });

  it('a server that drips bytes is cut off by the request timer, which really fires', async () => {
    const dripBase = checkBaseUrl(`${base.origin}/drip`);
    await assert.rejects(
      whoami(dripBase, 'token-0123456789', { timeoutMs: 300 }),
      (e: unknown) => e instanceof ContentDbError && e.kind === 'network' && /within 300 ms/.test(e.message),
    );
  });
});
