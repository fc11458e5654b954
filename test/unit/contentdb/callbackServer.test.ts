// The pieces of the callback receiver on their own: which redirect URIs are usable, how a callback query is
// judged, and what the loopback server refuses.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { judgeCallback, parseRedirectUri, startLoopbackReceiver } from '../../../client/src/contentdb/callbackServer';
import { ContentDbError } from '../../../client/src/contentdb/errors';
import { freePort, portIsClosed } from './helpers';

describe('ContentDB callback receiver', () => {
  describe('parseRedirectUri', () => {
    const usable: { uri: string; kind: string; port?: number; path: string }[] = [
      { uri: 'http://127.0.0.1:47326/callback', kind: 'loopback', port: 47326, path: '/callback' },
      { uri: 'http://localhost:8080/cb', kind: 'loopback', port: 8080, path: '/cb' },
      { uri: 'vscode://wikimap-query.wikimap-query/callback', kind: 'uriHandler', path: '/callback' },
    ];
    for (const u of usable) {
      it(`accepts ${u.uri}`, () => {
        const t = parseRedirectUri(u.uri);
        assert.equal(t.kind, u.kind);
        assert.equal(t.path, u.path);
        if (t.kind === 'loopback') assert.equal(t.port, u.port);
      });
    }
    const unusable: { uri: string; says: RegExp }[] = [
      { uri: 'http://192.168.1.5:8000/callback', says: /not on this computer/ },
      { uri: 'http://127.0.0.1/callback', says: /has no port/ },
      { uri: 'https://example.org/callback', says: /cannot reach the editor/ },
      { uri: '127.0.0.1:8000/callback', says: /not a valid URL|not on this computer|cannot/ },
      { uri: '', says: /not a valid URL/ },
    ];
    for (const u of unusable) {
      it(`refuses "${u.uri}"`, () => {
        assert.throws(
          () => parseRedirectUri(u.uri),
          (e: unknown) => e instanceof ContentDbError && e.kind === 'invalidRedirectUri' && u.says.test(e.message),
        );
      });
    }
  });

  describe('judgeCallback', () => {
    const state = 'S'.repeat(43);
    const cases: { query: string; expect: unknown }[] = [
      { query: `code=abc&state=${state}`, expect: { accept: { kind: 'code', code: 'abc' } } },
      { query: '', expect: { accept: { kind: 'cancelled' } } },
      { query: `state=${state}`, expect: { accept: { kind: 'cancelled' } } },
      {
        query: `error=access_denied&state=${state}`,
        expect: { accept: { kind: 'error', error: 'access_denied', description: undefined } },
      },
      { query: 'code=abc&state=other', expect: 'reject' },
      { query: 'code=abc', expect: 'reject' },
      { query: 'error=access_denied', expect: 'reject' },
      { query: `code=abc&state=${state}x`, expect: 'reject' },
    ];
    for (const c of cases) {
      it(`"?${c.query.replace(state, '<state>')}"`, () => {
        const verdict = judgeCallback(new URLSearchParams(c.query), state);
        if (c.expect === 'reject') assert.ok('reject' in verdict && /state mismatch/.test(verdict.reject));
        else assert.deepEqual(verdict, c.expect);
      });
    }
  });

  describe('loopback server', () => {
    /** A raw GET (fetch cannot set the Host header). Answers the status code. */
    function get(host: string, port: number, headers: Record<string, string> = {}, method = 'GET'): Promise<number> {
      return new Promise((resolve, reject) => {
        const req = http.request({ host, port, method, path: '/callback?code=a&state=the-state', headers }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.end();
      });
    }

    it('binds 127.0.0.1 only, refuses other methods and foreign Host headers, answers the tab, then closes', async () => {
      const port = await freePort();
      const receiver = await startLoopbackReceiver({ port, path: '/callback' }, 'the-state');
      try {
        assert.equal(await get('127.0.0.1', port, {}, 'POST'), 405);
        assert.equal(await get('127.0.0.1', port, { host: `evil.example:${port}` }), 400, 'DNS-rebinding guard');
        await assert.rejects(get('::1', port), /ECONNREFUSED|EADDRNOTAVAIL|ENETUNREACH/, 'nothing listens on other addresses');
        const tab = fetch(`http://127.0.0.1:${port}/callback?code=a&state=the-state`);
        assert.deepEqual(await receiver.outcome, { kind: 'code', code: 'a' });
        receiver.finish({ ok: true, message: 'Signed in <as> "x"' });
        const page = await (await tab).text();
        assert.match(page, /Signed in &lt;as&gt; &quot;x&quot;/, 'the page escapes what it shows');
      } finally {
        await receiver.close();
      }
      assert.ok(await portIsClosed(port));
    });
  });
});
