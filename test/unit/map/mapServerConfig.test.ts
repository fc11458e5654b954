/**
 * A map server's own config, loaded live from `GET {base}/api/config` (the mapserver's web/config.go) of the
 * fake map server, which follows app/config.go's defaults unless told otherwise: the store in the server layer
 * (bounded, cached, configured servers only), the service using it (diagnostics, completion, hover), and the
 * whole path over LSP with the real server process.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { listenLoopback, type Loopback } from '../../support/loopbackServer';
import { startFakeMapServer, type FakeMapServer } from '../../fakes/mapServer';
import { MapConfigStore, readMapServerUrl } from '../../../server/src/mapConfig/mapConfigStore';
import { nodeTimers } from '../../../server/src/node/nodeRuntime';
import {
  createMapDescriptor,
  getMapLanguageService,
  parseMapServerConfig,
  type MapServerConfig,
} from '../../../server/src/service/map/mapLanguageService';
import { descriptorJson, makeDocument, withCursor } from './mapTestUtil';
import { ensureBuilt, LspClient } from '../../protocol/lspClient';

const descriptor = createMapDescriptor(descriptorJson);
/** A server with its own mapserver.json: one layer deep underground, locator on, bones off. */
const CAVES = { layers: [{ id: 7, name: 'Caves', from: -100, to: -50 }], mapobjects: { locator: true, bones: false } };

async function fetchConfig(server: FakeMapServer): Promise<MapServerConfig> {
  const res = await fetch(`${server.url}/api/config`);
  return parseMapServerConfig(await res.json(), descriptor, server.url);
}

function storeFor(messages: Array<[string, string | undefined]>, extra: Partial<ConstructorParameters<typeof MapConfigStore>[0]> = {}) {
  const service = getMapLanguageService({ descriptor });
  let changes = 0;
  const store = new MapConfigStore({ timers: nodeTimers, log: (m, k) => messages.push([m, k]), onDidChange: () => changes++, ...extra });
  store.bind(service);
  return { service, store, changes: () => changes };
}

describe('map server config: live from the server', () => {
  let caves: FakeMapServer;
  let plain: FakeMapServer;
  before(async () => {
    caves = await startFakeMapServer({ objects: [], ...CAVES });
    plain = await startFakeMapServer({ objects: [] });
  });
  after(async () => {
    await caves.close();
    await plain.close();
  });

  describe('the service with a server config handed in', () => {
    let service: ReturnType<typeof getMapLanguageService>;
    before(async () => {
      service = getMapLanguageService({ descriptor, serverConfig: await fetchConfig(caves) });
    });
    const diagnose = (text: string) => {
      const document = makeDocument(text);
      return service
        .doValidation(document, service.parse(document))
        .map((d) => ({ code: d.code, message: d.message as string, covered: document.getText(d.range) }));
    };

    /** [what, query, expected codes, message must match] */
    const CASES: Array<[string, string, string[], RegExp?]> = [
      [
        "a box in the default Ground layer is outside this server's layers",
        '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 5, "y": 5, "z": 5}, "type": "poi"}',
        ['outsidelayers'],
        /outside every layer of the map server http:\/\/127\.0\.0\.1:\d+: Caves \(layer 7\): map blocks y -100…-50 \(nodes y -1600…-785\)/,
      ],
      ['a box in its Caves layer is fine', '{"pos1": {"x": 0, "y": -80, "z": 0}, "pos2": {"x": 5, "y": -60, "z": 5}, "type": "poi"}', []],
      ['locator is enabled there', '{"pos1": {"x": 0, "y": -80, "z": 0}, "pos2": {"x": 5, "y": -60, "z": 5}, "type": "locator"}', []],
      [
        'bones are switched off there',
        '{"pos1": {"x": 0, "y": -80, "z": 0}, "pos2": {"x": 5, "y": -60, "z": 5}, "type": "bones"}',
        ['typenotenabled'],
        /Type "bones" is not enabled on the map server http:\/\/127\.0\.0\.1:\d+: its config \(GET \/api\/config\) has "bones": false/,
      ],
      ['the whole map (corners omitted) reaches its layer', '{"type": "poi", "limit": 10}', ['defaultcorner', 'defaultcorner']],
    ];
    for (const [what, text, codes, message] of CASES) {
      it(what, () => {
        const got = diagnose(text);
        assert.deepEqual(
          got.map((d) => d.code),
          codes,
        );
        if (message) assert.match(got.find((d) => d.code === codes[0])!.message, message);
      });
    }

    it('completion says which types the server does not index, and lists them last', () => {
      const { text, offset } = withCursor('{"type": "|"}');
      const document = makeDocument(text);
      const items = service.doComplete(document, service.parse(document), offset).items;
      const bones = items.find((i) => i.label === 'bones')!;
      const locator = items.find((i) => i.label === 'locator')!;
      assert.match(bones.detail!, /^not enabled on this server/);
      assert.ok(bones.sortText! > locator.sortText!, 'bones sorts after enabled types');
      assert.doesNotMatch(locator.detail!, /not enabled/);
    });

    it('hover says "type `bones` is not enabled on this server" and names the layer of a y', () => {
      const h = (t: string) => {
        const { text, offset } = withCursor(t);
        const document = makeDocument(text);
        return (service.doHover(document, service.parse(document), offset)!.contents as { value: string }).value;
      };
      assert.match(h('{"type": "bo|nes"}'), /type `bones` is not enabled on this server/);
      assert.match(
        h('{"pos1": {"x": 0, "y": -7|0, "z": 0}}'),
        /In layer 7 \(Caves\) of the map server http:\/\/127\.0\.0\.1:\d+: map blocks y -100…-50/,
      );
      assert.match(h('{"pos1": {"x": 0, "y": |3, "z": 0}}'), /Outside every layer/);
    });
  });

  describe('the store (server layer)', () => {
    it('reads the configured server from the settings: a URL, or a name from mapservers; nothing else', () => {
      assert.equal(readMapServerUrl({ mapserver: { url: 'http://127.0.0.1:8080/' } }), 'http://127.0.0.1:8080');
      assert.equal(
        readMapServerUrl({ wikimapQuery: { mapserver: { url: 'local' }, mapservers: { local: 'http://127.0.0.1:9/map/' } } }),
        'http://127.0.0.1:9/map',
      );
      assert.equal(readMapServerUrl({ 'mapserver.url': 'https://map.example.org' }), 'https://map.example.org');
      assert.equal(readMapServerUrl({}), undefined);
      assert.equal(readMapServerUrl({ mapserver: { url: 'ftp://x' } }), undefined);
      assert.equal(readMapServerUrl({ mapserver: { url: 'http://user:pw@127.0.0.1:1' } }), undefined);
    });

    it('asks no server when none is configured: the defaults of app/config.go are used', async () => {
      const before = caves.requests.length + plain.requests.length;
      const { service, store } = storeFor([]);
      store.configure({ diagnostics: { delay: 0 } });
      await store.settled();
      assert.equal(caves.requests.length + plain.requests.length, before);
      assert.equal(service.getServerConfig().server, undefined);
      assert.deepEqual(
        service.getServerConfig().layers.map((l) => [l.from, l.to]),
        [
          [-1, 10],
          [11, 24],
        ],
      );
    });

    it("loads the configured server's layers and types, hands them to the service, and caches them", async () => {
      const messages: Array<[string, string | undefined]> = [];
      const { service, store, changes } = storeFor(messages);
      store.configure({ mapserver: { url: caves.url } });
      await store.settled();
      const config = service.getServerConfig();
      assert.equal(config.server, caves.url);
      assert.deepEqual(config.layers, CAVES.layers);
      assert.ok(config.enabledTypes.has('locator') && !config.enabledTypes.has('bones'));
      assert.ok(changes() >= 1, 'open documents are validated again');
      const asked = caves.requests.filter((r) => r.url === '/api/config').length;
      store.configure({ mapserver: { url: caves.url } });
      await store.settled();
      assert.equal(caves.requests.filter((r) => r.url === '/api/config').length, asked, 'cached: not asked again');
      // Switching servers switches configs; switching back uses the cached one at once.
      store.configure({ mapserver: { url: plain.url } });
      await store.settled();
      assert.equal(service.getServerConfig().enabledTypes.has('locator'), false);
      store.configure({ mapserver: { url: caves.url } });
      assert.deepEqual(service.getServerConfig().layers, CAVES.layers);
      assert.deepEqual(
        messages.filter(([, k]) => k === 'warning'),
        [],
      );
    });

    it('asks nothing when the fetch policy says no (e.g. an untrusted workspace), and uses the defaults', async () => {
      const before = caves.requests.length;
      const messages: Array<[string, string | undefined]> = [];
      const { service, store } = storeFor(messages, { shouldFetch: () => false });
      store.configure({ mapserver: { url: caves.url } });
      await store.settled();
      assert.equal(caves.requests.length, before);
      assert.equal(service.getServerConfig().server, undefined);
      assert.match(messages.map(([m]) => m).join('\n'), /not loaded \(fetching is not allowed here\)/);
    });

    it('asks again once the cached config is older than its lifetime', async () => {
      let now = 0;
      const { store } = storeFor([], { now: () => now, ttlMs: 1000 });
      store.configure({ mapserver: { url: plain.url } });
      await store.settled();
      const asked = plain.requests.filter((r) => r.url === '/api/config').length;
      now = 5000;
      store.configure({ mapserver: { url: plain.url } });
      await store.settled();
      assert.equal(plain.requests.filter((r) => r.url === '/api/config').length, asked + 1);
    });
  });

  describe('the store against misbehaving servers: bounded, defaults, told once', () => {
    let server: Loopback;
    let base: string;
    const drips: NodeJS.Timeout[] = [];
    before(async () => {
      const misbehaving = createServer((req, res) => {
        if (req.url?.startsWith('/drip/')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{');
          drips.push(setInterval(() => res.write(' '), 50));
        } else if (req.url?.startsWith('/huge/')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          let sent = 0;
          const pump = () => {
            while (sent < 64 && res.write(chunk)) sent++;
            if (sent < 64) res.once('drain', pump);
            else res.end();
          };
          pump();
        } else if (req.url?.startsWith('/moved/')) {
          res.writeHead(302, { location: 'http://127.0.0.1:1/api/config' });
          res.end();
        } else if (req.url?.startsWith('/wiki/')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"batchcomplete": ""}');
        } else {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('404 page not found\n');
        }
      });
      server = await listenLoopback(misbehaving);
      base = server.origin;
    });
    after(async () => {
      for (const d of drips) clearInterval(d);
      await server.close();
    });

    /** [what, path prefix, store options, the warning must say] */
    const CASES: Array<[string, string, { timeoutMs?: number; maxBytes?: number }, RegExp]> = [
      [
        'a server that drips a byte at a time is cut off by the timeout',
        '/drip',
        { timeoutMs: 400 },
        /127\.0\.0\.1:\d+ answered HTTP 200, but its body was not complete within 0\.4 s \(\d+ bytes came\)/,
      ],
      ['a huge answer is cut off at the byte cap', '/huge', { maxBytes: 100_000 }, /passed the 100000-byte limit/],
      ['a redirect is not followed', '/moved', {}, /HTTP 302 redirect to http:\/\/127\.0\.0\.1:1\/api\/config, not followed/],
      ['an answer without layers is not a map server config', '/wiki', {}, /is not a map server's config \(its "layers" are missing/],
      ['a 404 says to check the setting', '/nothing', {}, /HTTP 404; is this a map server\? Check wikimapQuery\.mapserver\.url/],
    ];
    for (const [what, prefix, opts, message] of CASES) {
      it(what, async () => {
        const messages: Array<[string, string | undefined]> = [];
        const { service, store } = storeFor(messages, opts);
        store.configure({ mapserver: { url: `${base}${prefix}` } });
        await store.settled();
        assert.equal(service.getServerConfig().server, undefined, 'defaults are used');
        const warnings = messages.filter(([, k]) => k === 'warning').map(([m]) => m);
        assert.equal(warnings.length, 1, JSON.stringify(messages));
        assert.match(warnings[0], message);
        assert.match(warnings[0], /checked against the default layers and types/);
        store.dispose();
      });
    }

    it('the byte cap is the setting wikimapQuery.mapserver.maxConfigKB, for a server and for a file', async () => {
      const messages: Array<[string, string | undefined]> = [];
      const { store } = storeFor(messages);
      store.configure({ mapserver: { url: `${base}/huge`, maxConfigKB: 100 } });
      await store.settled();
      const warnings = messages.filter(([, k]) => k === 'warning').map(([m]) => m);
      assert.match(
        warnings.join('\n'),
        /passed the 102400-byte limit of a map server's config; raise wikimapQuery\.mapserver\.maxConfigKB/,
      );
      // A workspace mapserver.json of 2 KB: over a 1 KB cap, within a 4 KB one.
      const text = JSON.stringify({ ...CAVES, padding: 'x'.repeat(2048) });
      store.configure({ mapserver: { maxConfigKB: 1 } });
      const refused = store.useFile('mapserver.json', text);
      assert.equal(refused.used, false);
      assert.match(refused.error ?? '', /mapserver\.json is over the 1024-byte limit .*maxConfigKB/);
      // The editor's words only: the checker's option is the checker's to name (mapConfigAdvice.ts).
      assert.doesNotMatch([...warnings, refused.error].join('\n'), /--max-map-config-kb/);
      store.configure({ mapserver: { maxConfigKB: 4 } });
      assert.deepEqual(store.useFile('mapserver.json', text), { used: true });
      store.dispose();
    });
  });

  describe('over LSP, with the real server process', () => {
    before(function () {
      this.timeout(120_000);
      ensureBuilt();
    });

    it("loads the configured map server's config and validates open documents again with its layers and types", async () => {
      const client = await LspClient.start({ initializationOptions: { mapserver: { url: caves.url }, diagnostics: { delay: 0 } } });
      try {
        const uri = 'file:///home/user/maps/deep.mapquery.json';
        await client.open(uri, 'mapquery', '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 5, "y": 5, "z": 5}, "type": "bones"}\n', 1);
        const diagnostics = await client.waitFor("diagnostics from the server's own config", () => {
          const published = client.published.filter((p) => p.uri === uri).pop();
          return published?.diagnostics.some((d) => d.code === 'outsidelayers') ? published.diagnostics : undefined;
        });
        assert.deepEqual(diagnostics.map((d) => d.code).sort(), ['outsidelayers', 'typenotenabled']);
        assert.match(String(diagnostics.find((d) => d.code === 'outsidelayers')!.message), /Caves \(layer 7\)/);
        assert.ok(caves.requests.some((r) => r.url === '/api/config'));
      } finally {
        await client.stop();
      }
    });

    it('never asks a map server that only a document names', async () => {
      const before = plain.requests.length;
      const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
      try {
        const uri = 'file:///home/user/maps/named.mapquery.json';
        // A base URL in a comment or a field is not a configured server.
        await client.open(
          uri,
          'mapquery',
          `// ${plain.url}\n{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 5, "y": 5, "z": 5}, "type": "locator", "server": "${plain.url}"}\n`,
          1,
        );
        const codes = (await client.diagnosticsFor(uri, 1)).map((d) => d.code).sort();
        assert.deepEqual(codes, ['typenotenabled', 'unknownfield']);
        assert.equal(plain.requests.length, before);
      } finally {
        await client.stop();
      }
    });
  });
});
