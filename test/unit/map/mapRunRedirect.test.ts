/**
 * A map run meeting a redirect. The mapserver redirects only `/api/mapobjects` without its slash (web/serve.go
 * registers "/api/mapobjects/" with net/http's ServeMux, which answers the bare path with 301); a proxy in
 * front of it may redirect too (http → https). Runs never follow: the user is told where it pointed.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { startFakeMapServer, type FakeMapServer } from '../../fakes/mapServer';
import { runMapQuery } from '../../../run/map/mapRun';
import { RunError } from '../../../run/runErrors';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { listenLoopback, type Loopback } from '../../support/loopbackServer';

describe('map runs and redirects', () => {
  let fake: FakeMapServer;
  let proxy: Loopback;
  let proxyUrl: string;
  before(async () => {
    fake = await startFakeMapServer();
    proxy = await listenLoopback(
      createServer((req, res) => {
        req.resume();
        res.writeHead(301, { location: `https://maps.example.org${req.url}` });
        res.end();
      }),
    );
    proxyUrl = proxy.origin;
  });
  after(async () => {
    await fake.close();
    await proxy.close();
  });

  it('the fake, like the real server, redirects the path without its slash with 301', async () => {
    const res = await fetch(`${fake.url}/api/mapobjects`, { method: 'POST', body: '{"type": "bones"}', redirect: 'manual' });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/api/mapobjects/');
  });

  it('a run is sent to the path with the slash, so it gets the objects', async () => {
    const r = await runMapQuery(fake.url, { type: 'bones' }, { transport: nodeTransport, timeoutMs: 10000, maxBytes: 10 * 1024 * 1024 });
    assert.ok(r.objects.length > 0);
  });

  it('a redirect is not followed, and the message says where it pointed and what to set', async () => {
    await assert.rejects(
      runMapQuery(proxyUrl, { type: 'bones' }, { transport: nodeTransport, timeoutMs: 10000, maxBytes: 1024 * 1024 }),
      (e: unknown) =>
        e instanceof RunError &&
        e.status === 301 &&
        /HTTP 301, a redirect to https:\/\/maps\.example\.org\/api\/mapobjects\/, which runs do not follow/.test(e.message) &&
        /wikimapQuery\.mapserver\.url/.test(e.message),
    );
  });
});
