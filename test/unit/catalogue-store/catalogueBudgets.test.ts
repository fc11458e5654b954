/**
 * A catalogue load is bounded as a whole: the first answer does not decide how many requests are made,
 * all answers share one byte budget, their parsed size is estimated before parsing, the cache file is
 * capped, and a wiki that is not configured may not be on a loopback or private address (checked on the
 * address its name resolves to, when connecting). Against a local HTTP server with hostile answers.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogueStore, catalogueUserAgent, type CatalogueStoreOptions } from '../../../server/src/catalogue/catalogueStore';
import { CatalogueCache } from '../../../server/src/catalogue/catalogueCache';
import { loadBuiltinCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { nodeCatalogueFiles } from '../../../server/src/node/nodeCatalogueFiles';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { SAVED_PARAMINFO, SAVED_SITEINFO } from './fakeWiki';
import { listenLoopback } from '../../support/loopbackServer';

const ROOT = path.join(__dirname, '..', '..', '..');
const builtin = loadBuiltinCatalogue((rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8')));

interface Hostile {
  apiUrl: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

/** A wiki whose siteinfo is real and whose paraminfo answers are `paraminfo(query)`. */
async function startHostileWiki(paraminfo: (query: URLSearchParams) => string): Promise<Hostile> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    requests.push(q.get('action') ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(q.get('action') === 'query' ? JSON.stringify(SAVED_SITEINFO) : paraminfo(q));
  });
  const { origin, port, close } = await listenLoopback(server);
  return { apiUrl: `${origin}/w/api.php`, port, requests, close };
}

function makeStore(extra: Partial<CatalogueStoreOptions> = {}): CatalogueStore {
  return new CatalogueStore({
    files: nodeCatalogueFiles,
    builtin,
    userAgent: catalogueUserAgent('0.1.0'),
    timeoutMs: 10000,
    transport: nodeTransport,
    log: () => undefined,
    ...extra,
  });
}

/** main lists `n` actions none of which the answer describes (each would need a follow-up request). */
function manyModules(n: number): string {
  const names = Array.from({ length: n }, (_, i) => `mod${i}`);
  const main = { name: 'main', path: 'main', parameters: [{ name: 'action', type: names }] };
  const query = SAVED_PARAMINFO.paraminfo.modules.find((m: { path: string }) => m.path === 'query');
  return JSON.stringify({ paraminfo: { modules: [main, query] } });
}

describe('catalogue store: budgets of a whole load', function () {
  this.timeout(30000);

  it('refuses a first answer that would need more than 20 follow-up requests, making none', async () => {
    const wiki = await startHostileWiki(() => manyModules(5000));
    try {
      const store = makeStore();
      await assert.rejects(store.load(wiki.apiUrl), /lists 50\d\d modules .* 10\d more requests, over the limit of 20/);
      assert.deepEqual(wiki.requests, ['query', 'paraminfo'], 'siteinfo and the first paraminfo only');
      store.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('wiki.maxCatalogueFollowUps raises the limit: 212 modules beyond the first answer load with 5, are refused with 4', async () => {
    // The first answer lists 150 actions and query's 62 submodules without describing them; each follow-up
    // describes the modules it asks for (the real 1.39 ones where there are).
    const wiki = await startHostileWiki((q) => {
      const asked = q.get('modules') ?? '';
      if (asked.includes('*')) return manyModules(150);
      const real = new Map(SAVED_PARAMINFO.paraminfo.modules.map((m: { path: string }) => [m.path, m]));
      const modules = asked.split('|').map((p) => real.get(p) ?? { name: p, path: p, parameters: [] });
      return JSON.stringify({ paraminfo: { modules } });
    });
    try {
      const refused = makeStore({ maxFollowUps: () => 4 });
      await assert.rejects(refused.load(wiki.apiUrl), /lists 212 modules .* 5 more requests, over the limit of 4 .*maxCatalogueFollowUps/);
      refused.dispose();
      wiki.requests.length = 0;
      const raised = makeStore({ maxFollowUps: () => 5 });
      const catalogue = await raised.load(wiki.apiUrl);
      assert.deepEqual(wiki.requests, ['query', ...Array(6).fill('paraminfo')]);
      assert.ok(
        catalogue.modules.some((m) => m.path === 'mod149'),
        'the last follow-up module is in the catalogue',
      );
      raised.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('wiki.catalogueTimeoutSeconds is the time of each request, asked at each load', async () => {
    let stall = true;
    const wiki = await startHostileWiki(() => JSON.stringify(SAVED_PARAMINFO));
    const slow = http.createServer((req, res) => {
      if (stall) return; // never answers while stalling
      res.setHeader('content-type', 'application/json');
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      res.end(JSON.stringify(q.get('action') === 'query' ? SAVED_SITEINFO : SAVED_PARAMINFO));
    });
    const slowLoopback = await listenLoopback(slow);
    const apiUrl = `${slowLoopback.origin}/w/api.php`;
    let timeout = 300;
    const store = makeStore({ timeoutMs: () => timeout });
    try {
      await assert.rejects(store.load(apiUrl), /0\.3 s|300 ms|did not answer within/);
      stall = false;
      timeout = 10_000;
      const catalogue = await store.reload(apiUrl).then(() => store.resolve(apiUrl));
      assert.notEqual(catalogue, builtin, 'loaded once the wiki answers within the time');
    } finally {
      store.dispose();
      await slowLoopback.close();
      await wiki.close();
    }
  });

  it('counts every answer against one byte budget (each answer alone fits, together they do not)', async () => {
    const answer = JSON.stringify(SAVED_PARAMINFO);
    const wiki = await startHostileWiki(() => answer);
    try {
      const store = makeStore({ maxBytes: answer.length + 100 });
      await assert.rejects(
        store.load(wiki.apiUrl),
        /the catalogue of http:\/\/127\.0\.0\.1:\d+\/w\/api\.php is larger than the cap of [\d.]+ KB; reading stopped \(the cap counts all of a catalogue.s answers together\).*maxCatalogueMB/,
      );
      store.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('refuses, before parsing, an answer that would take more than its memory budget once parsed', async () => {
    const empties = `{"paraminfo":{"modules":[${'{},'.repeat(400_000)}{}]}}`;
    const wiki = await startHostileWiki(() => empties);
    try {
      const store = makeStore({ maxBytes: 2 * 1024 * 1024 });
      await assert.rejects(store.load(wiki.apiUrl), /would take more than 16 MB of memory once read/);
      store.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('a wiki that is not configured may not be on a private address: the refusal names the resolved address', async () => {
    const wiki = await startHostileWiki(() => JSON.stringify(SAVED_PARAMINFO));
    try {
      const byName = `http://localhost:${wiki.port}/w/api.php`;
      const refused = makeStore({ allowPrivate: () => false });
      await assert.rejects(refused.load(byName), /localhost:\d+ resolves to (127\.0\.0\.1|::1), a loopback or private address/);
      await assert.rejects(refused.load(wiki.apiUrl), /127\.0\.0\.1:\d+ resolves to 127\.0\.0\.1/);
      assert.deepEqual(wiki.requests, [], 'no request reached the server');
      refused.dispose();
      const allowed = makeStore({ allowPrivate: (url) => url === byName });
      const catalogue = await allowed.load(byName);
      assert.ok(catalogue.modules.length > 100);
      allowed.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('caps the cache file: a larger catalogue is not written, a larger file is not read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-cache-cap-'));
    try {
      const cache = new CatalogueCache(dir, nodeCatalogueFiles, () => 1000);
      const data = {
        apiUrl: 'https://wiki.example/w/api.php',
        generator: 'MediaWiki 1.39.17',
        paraminfo: [SAVED_PARAMINFO],
        siteinfo: SAVED_SITEINFO,
        fetchedAt: new Date().toISOString(),
      };
      await assert.rejects(
        cache.write(data),
        /as a cache file, over the cap of 0 MB \(wikimapQuery\.wiki\.maxCatalogueMB\); it is not cached/,
      );
      const roomy = new CatalogueCache(dir, nodeCatalogueFiles, () => 64 * 1024 * 1024);
      await roomy.write(data);
      const read = await cache.read(data.apiUrl, data.generator);
      assert.equal(read.kind, 'corrupt');
      assert.match((read as { reason: string }).reason, /over the cap/);
      assert.equal((await roomy.read(data.apiUrl, data.generator)).kind, 'hit');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
