/**
 * The live catalogue store against a local HTTP server that answers with saved real MediaWiki 1.39
 * output (see fakeWiki.ts): what it asks a wiki, batching, the disk cache, the fallback when the
 * wiki cannot be reached, and what the user then sees in diagnostics.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CatalogueStore, catalogueUserAgent, type CatalogueStoreOptions } from '../../../server/src/catalogue/catalogueStore';
import { cacheFileName } from '../../../server/src/catalogue/catalogueCache';
import { loadBuiltinCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import {
  deadApiUrl,
  SAVED_PARAMINFO,
  SAVED_PARAMINFO_FILE,
  SAVED_SITEINFO,
  startFakeWiki,
  type FakeWiki,
  type FakeWikiBehaviour,
} from './fakeWiki';
import { CLI_CATALOGUE_ADVICE, EDITOR_CATALOGUE_ADVICE, type CatalogueAdvice } from '../../../server/src/catalogue/catalogueAdvice';
import { nodeCatalogueFiles } from '../../../server/src/node/nodeCatalogueFiles';
import { nodeTransport } from '../../../run/node/nodeTransport';

const ROOT = path.join(__dirname, '..', '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const builtin = loadBuiltinCatalogue(readJson);
const constraints = readJson('descriptors/wiki/constraints.json');
const SAVED_QUERY_MODULES = SAVED_PARAMINFO.paraminfo.modules.filter((m: { path: string }) => m.path.startsWith('query+')).length;
/** Every action and format module the saved wiki has (query aside): `main` lists them. */
const SAVED_TOP_MODULES = SAVED_PARAMINFO.paraminfo.modules.filter(
  (m: { path: string }) => !m.path.includes('+') && m.path !== 'main' && m.path !== 'query',
).length;

const tempDirs: string[] = [];
after(() => {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});
function tempCacheDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-catalogue-cache-'));
  tempDirs.push(dir);
  return dir;
}

function makeStore(extra: Partial<CatalogueStoreOptions> = {}): { store: CatalogueStore; messages: string[] } {
  const messages: string[] = [];
  const store = new CatalogueStore({
    files: nodeCatalogueFiles,
    // The desktop's transport (Node's http/https, which sends User-Agent; a browser's fetch cannot).
    transport: nodeTransport,
    builtin,
    constraints,
    userAgent: catalogueUserAgent('0.1.0'),
    timeoutMs: 5000,
    log: (m) => messages.push(m),
    ...extra,
  });
  return { store, messages };
}

/** Resolves on the store's next change event for that wiki (event, not sleep). */
function nextChange(store: CatalogueStore, apiUrl: string): Promise<void> {
  return new Promise((resolve) => {
    const sub = store.onDidChange((url) => {
      if (url === apiUrl) {
        sub.dispose();
        resolve();
      }
    });
  });
}

/** Resolves when a logged message matches (the store reports failures through `log`). */
function messageMatching(messages: string[], re: RegExp, deadlineMs = 10000): Promise<string> {
  const deadline = Date.now() + deadlineMs;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const m = messages.find((x) => re.test(x));
      if (m) return resolve(m);
      if (Date.now() > deadline)
        return reject(new Error(`no message matching ${re} within ${deadlineMs} ms; got:\n${messages.join('\n')}`));
      setTimeout(poll, 10);
    };
    poll();
  });
}

/** Diagnostics (code and wire parameter) the user sees for a document, judged through the store. */
function diagnose(store: CatalogueStore, text: string): string[] {
  const service = getWikiLanguageService({ resolveCatalogue: (apiUrl?: string) => store.resolve(apiUrl) });
  const doc = TextDocument.create('file:///test.wikiquery', 'wikiquery', 1, text);
  return service
    .doValidation(doc, service.parse(doc))
    .filter((d) => d.severity === 1 || d.severity === 2)
    .map((d) => `${d.range.start.line}:${d.code}`);
}

describe('catalogue store: live catalogues', () => {
  const wikis: FakeWiki[] = [];
  async function fakeWiki(...args: Parameters<typeof startFakeWiki>): Promise<FakeWiki> {
    const w = await startFakeWiki(...args);
    wikis.push(w);
    return w;
  }
  after(async () => {
    for (const w of wikis) await w.close();
  });

  it('answers at once with the built-in catalogue, then with the wiki’s own when it arrives', async () => {
    const wiki = await fakeWiki();
    const { store } = makeStore();
    store.setEndpoints(wiki.apiUrl);
    const text = 'action=query&list=allpages&apnamespace=3000\n\naction=query&list=codexicons&names=*';
    const arrived = nextChange(store, wiki.apiUrl);
    assert.equal(store.resolve(), builtin, 'typing is never blocked: the built-in catalogue answers first');
    // The built-in catalogue knows MediaWiki's default namespaces only, and has codexicons.
    assert.deepEqual(diagnose(store, text), ['0:badvalue']);
    await arrived;
    const live = store.resolve();
    assert.notEqual(live, builtin);
    assert.equal(store.status().origin, 'live');
    assert.equal(store.status().generator, 'MediaWiki 1.39.17');
    // The wiki's own namespace (Recipe, 3000) is valid now; its 1.39 has no codexicons module.
    assert.ok(live.namespaces.some((ns) => ns.id === 3000 && ns.name === 'Recipe'));
    assert.deepEqual(diagnose(store, text), ['2:unrecognizedvalues', '2:unrecognizedparams']);
    store.dispose();
  });

  it('a wiki the user signed in to counts as logged in: no verdict only anonymous requests get', async () => {
    const wiki = await fakeWiki();
    const text = 'action=query&list=watchlist';
    for (const signedIn of [false, true]) {
      const asked: string[] = [];
      const { store } = makeStore({
        signedIn: async (apiUrl) => {
          asked.push(apiUrl);
          return signedIn;
        },
      });
      store.setEndpoints(wiki.apiUrl);
      const arrived = nextChange(store, wiki.apiUrl);
      assert.equal(store.resolve(), builtin, 'the built-in catalogue answers while the wiki loads');
      await arrived;
      assert.equal(store.resolve().signedIn, signedIn);
      assert.deepEqual(diagnose(store, text), signedIn ? [] : ['0:notloggedin']);
      assert.deepEqual(asked, [wiki.apiUrl], 'asked once per load, for that wiki');
      store.dispose();
    }
  });

  it('a wiki signed in to whose load fails: judged as signed in (the account unknown) by what was in use, said with the real state; not so for a wiki not signed in', async () => {
    const wiki = await fakeWiki({ failWith: { status: 404, body: 'Not Found' } });
    for (const signedIn of [false, true]) {
      const { store, messages } = makeStore({ signedIn: async () => signedIn });
      store.setEndpoints(wiki.apiUrl);
      const failed = nextChange(store, wiki.apiUrl);
      store.resolve();
      await failed;
      const said = await messageMatching(messages, /cannot load the catalogue of/);
      const inUse = store.resolve();
      assert.equal(inUse.signedIn, signedIn);
      assert.equal(inUse.account, undefined);
      assert.equal(store.describe(inUse), 'built-in');
      assert.equal(inUse.modules, builtin.modules, 'the built-in catalogue, not a copy');
      assert.equal(builtin.signedIn, false, 'the built-in catalogue itself is unchanged');
      assert.deepEqual(diagnose(store, 'action=query&list=watchlist'), signedIn ? [] : ['0:notloggedin']);
      if (signedIn) {
        assert.match(said, /answered HTTP 404 Not Found; check that it is the wiki's api\.php URL.*\. You are signed in to /);
        assert.match(said, /its queries are judged as sent signed in, by the built-in catalogue, without the account's name and rights/);
        await assert.rejects(store.reload(wiki.apiUrl), /HTTP 404.*\. You are signed in to .*by the built-in catalogue/);
      } else {
        assert.match(said, /Using the built-in catalogue meanwhile\.$/);
        await assert.rejects(store.reload(wiki.apiUrl), (err: Error) => !/signed in/.test(err.message));
      }
      await store.forget(wiki.apiUrl);
      assert.equal(store.resolve().signedIn, false, 'forgotten (signed out): nothing judged as signed in');
      store.dispose();
    }
  });

  it('asks the wiki for paraminfo of main|query|query+*|* and siteinfo (with its interwiki prefixes), with a descriptive User-Agent', async () => {
    const wiki = await fakeWiki();
    const { store } = makeStore();
    await store.load(wiki.apiUrl);
    const paraminfo = wiki.paraminfoRequests();
    assert.equal(paraminfo.length, 1);
    assert.equal(paraminfo[0].params.get('modules'), 'main|query|query+*|*');
    assert.equal(paraminfo[0].params.get('helpformat'), 'none');
    assert.equal(paraminfo[0].params.get('format'), 'json');
    const siteinfo = wiki.requests.filter((r) => r.params.get('meta') === 'siteinfo');
    assert.equal(siteinfo.length, 1);
    assert.deepEqual(siteinfo[0].params.get('siprop')!.split('|').sort(), ['general', 'interwikimap', 'namespacealiases', 'namespaces']);
    for (const r of wiki.requests) assert.match(r.userAgent ?? '', /^wikimap-query\/0\.1\.0 \(language server; .+\)$/);
  });

  it('fetches the actions, formats and submodules a wiki did not expand in batches of at most 50 (MediaWiki before 1.26)', async () => {
    const wiki = await fakeWiki({ wildcard: false });
    const { store } = makeStore();
    const catalogue = await store.load(wiki.apiUrl);
    const batches = wiki
      .paraminfoRequests()
      .slice(1)
      .map((r) => r.params.get('modules')!.split('|'));
    assert.equal(batches.length, Math.ceil((SAVED_QUERY_MODULES + SAVED_TOP_MODULES) / 50));
    for (const b of batches) assert.ok(b.length <= 50, `a batch of ${b.length} modules`);
    assert.equal(batches.flat().length, SAVED_QUERY_MODULES + SAVED_TOP_MODULES);
    assert.equal(catalogue.modules.filter((m) => m.path.startsWith('query+')).length, SAVED_QUERY_MODULES);
    assert.ok(catalogue.getActionModule('parse') && catalogue.getActionModule('edit')?.mustbeposted);
    assert.ok(catalogue.getFormatModule('json'));
  });

  it('a live catalogue describes every action of the wiki: action=parse is checked with the wiki’s own parameters', async () => {
    const wiki = await fakeWiki();
    const { store } = makeStore();
    const catalogue = await store.load(wiki.apiUrl);
    assert.equal([...catalogue.getActionModules()].length, SAVED_TOP_MODULES - 8 /* formats */);
    assert.equal(catalogue.getActionModule('edit')?.parameters.find((d) => d.name === 'token')?.tokentype, 'csrf');
  });

  it('starts one background load per wiki however often it is asked', async () => {
    const wiki = await fakeWiki();
    const { store } = makeStore();
    const arrived = nextChange(store, wiki.apiUrl);
    for (let i = 0; i < 20; i++) store.resolve(wiki.apiUrl);
    await arrived;
    assert.equal(wiki.requests.filter((r) => r.params.get('meta') === 'siteinfo').length, 1);
    assert.equal(wiki.paraminfoRequests().length, 1);
  });

  it('judges each query of a document by its own wiki', async () => {
    const full = await fakeWiki();
    const small = await fakeWiki({ withoutModules: ['allpages'] });
    const { store } = makeStore();
    await Promise.all([store.load(full.apiUrl), store.load(small.apiUrl)]);
    const text = [
      `${full.apiUrl}?action=query&list=allpages`,
      '',
      `${small.apiUrl}?action=query&list=allpages`,
      '',
      'action=query&list=allpages',
    ].join('\n');
    assert.deepEqual(diagnose(store, text), ['2:unrecognizedvalues']);
  });

  it('asks only the wikis the host allows in the background', async () => {
    const allowed = await fakeWiki();
    const other = await fakeWiki();
    const { store } = makeStore({ shouldFetch: (url) => url === allowed.apiUrl });
    const arrived = nextChange(store, allowed.apiUrl);
    assert.equal(store.resolve(other.apiUrl), builtin);
    assert.equal(store.resolve(allowed.apiUrl), builtin);
    await arrived;
    assert.notEqual(store.resolve(allowed.apiUrl), builtin);
    assert.equal(store.resolve(other.apiUrl), builtin);
    assert.equal(other.requests.length, 0, 'no request to a wiki the host did not allow');
  });

  it('resolves the named endpoints of wikimapQuery.wikis', async () => {
    const wiki = await fakeWiki({ withoutModules: ['allusers'] });
    const { store } = makeStore();
    store.setEndpoints('local', { local: wiki.apiUrl });
    const byName = await store.load('local');
    assert.equal(store.resolve('local'), byName);
    assert.equal(store.resolve(), byName, 'the default may name an endpoint');
    assert.equal(store.resolve(wiki.apiUrl + '?action=query'), byName, 'a query string does not make another wiki');
    assert.equal(byName.getQueryModule('allusers'), undefined);
    assert.ok(builtin.getQueryModule('allusers'));
  });

  it('loads a saved file bundling paraminfo with siteinfo, and its own cache files, with the wiki’s namespaces', async () => {
    const dir = tempCacheDir();
    const bundle = path.join(dir, 'wiki.json');
    fs.writeFileSync(bundle, JSON.stringify([SAVED_PARAMINFO, SAVED_SITEINFO]));
    const { store } = makeStore();
    const fromBundle = await store.load(bundle);
    assert.equal(fromBundle.getNamespace(3000)?.name, 'Recipe');

    const wiki = await fakeWiki();
    const cacheDir = tempCacheDir();
    await makeStore({ cacheDir }).store.load(wiki.apiUrl);
    const cached = await store.load(path.join(cacheDir, fs.readdirSync(cacheDir)[0]));
    assert.equal(cached.getNamespace(3000)?.name, 'Recipe');
    assert.ok(cached.getQueryModule('allpages'));
  });

  it('loads a saved paraminfo file, and says what to do when the file is missing or not paraminfo', async () => {
    const { store } = makeStore();
    const fromFile = await store.load(SAVED_PARAMINFO_FILE);
    assert.ok(fromFile.getQueryModule('allpages'));
    assert.equal(fromFile.getQueryModule('codexicons'), undefined);
    await assert.rejects(
      store.load(path.join(tempCacheDir(), 'nope.json')),
      /no such file; give a saved action=paraminfo JSON file or an http\(s\) api\.php URL/,
    );
    const notJson = path.join(tempCacheDir(), 'broken.json');
    fs.writeFileSync(notJson, '{"paraminfo": ');
    await assert.rejects(store.load(notJson), /is not JSON .*save the wiki's action=paraminfo&format=json output/);
  });

  it('a named saved catalogue file: read in the background (by name, or as the default wiki), read again by reload, a failure told to listeners', async () => {
    const dir = tempCacheDir();
    const file = path.join(dir, 'intranet.json');
    fs.copyFileSync(SAVED_PARAMINFO_FILE, file);
    const { store } = makeStore({ shouldFetch: () => false });
    store.setEndpoints('intranet', {}, { intranet: file });
    const events: string[] = [];
    store.onDidChange((key, failed) => events.push(`${key === file ? 'file' : key}:${failed ? 'failed' : 'loaded'}`));
    const arrived = nextChange(store, file);
    assert.equal(store.resolve('intranet'), builtin, 'read in the background (never fetched: shouldFetch says no to wikis)');
    await arrived;
    assert.ok(store.resolve('intranet').getQueryModule('allpages'));
    assert.equal(store.resolve(), store.resolve('intranet'), 'wiki.apiUrl may name it');
    assert.equal(store.status('intranet').origin, 'file');
    fs.writeFileSync(file, '{"paraminfo": ');
    await assert.rejects(store.reload('intranet'), /is not JSON/);
    assert.deepEqual(events, ['file:loaded', 'file:failed']);
    assert.ok(store.resolve('intranet').getQueryModule('allpages'), 'the catalogue read before stays in use');
    store.dispose();
  });

  // A saved file is read bounded: what is not a regular file, or holds more than the budget, is refused unread.
  const unreadable: Array<{ name: string; make(dir: string): string | undefined; refused: RegExp }> = [
    {
      name: 'a FIFO (no writer: opening it must not wait)',
      make: (dir) => {
        const fifo = path.join(dir, 'catalogue.json');
        return spawnSync('mkfifo', [fifo]).status === 0 ? fifo : undefined;
      },
      refused: /is not a regular file/,
    },
    {
      name: 'a link to /dev/zero (endless)',
      make: (dir) => {
        const link = path.join(dir, 'zero.json');
        fs.symlinkSync('/dev/zero', link);
        return link;
      },
      refused: /is not a regular file/,
    },
    {
      name: 'a file over the budget',
      make: (dir) => {
        const big = path.join(dir, 'big.json');
        fs.writeFileSync(big, `[${'0,'.repeat(600_000)}0]`);
        return big;
      },
      refused: /is 2 MB, over the catalogue budget of 1 MB/,
    },
  ];
  for (const c of unreadable) {
    it(`refuses a saved catalogue that is ${c.name}`, async function () {
      if (process.platform === 'win32') this.skip();
      const file = c.make(tempCacheDir());
      if (!file) this.skip();
      const { store } = makeStore({ maxBytes: 1024 * 1024 });
      await assert.rejects(store.load(file), c.refused);
    });
  }
});

describe('catalogue store: disk cache', () => {
  const wikis: FakeWiki[] = [];
  after(async () => {
    for (const w of wikis) await w.close();
  });

  it('keeps the catalogue on disk by wiki and version, and the next start reads it without paraminfo requests', async () => {
    const wiki = await startFakeWiki();
    wikis.push(wiki);
    const cacheDir = tempCacheDir();
    await makeStore({ cacheDir }).store.load(wiki.apiUrl);
    const file = path.join(cacheDir, cacheFileName(wiki.apiUrl, 'MediaWiki 1.39.17'));
    assert.ok(fs.existsSync(file), `cache file ${file}`);
    assert.match(path.basename(file), /^127\.0\.0\.1-\d+-[0-9a-f]{16}-MediaWiki-1\.39\.17\.json$/);

    const before = wiki.paraminfoRequests().length;
    const { store: second } = makeStore({ cacheDir });
    const again = await second.load(wiki.apiUrl);
    assert.equal(wiki.paraminfoRequests().length, before, 'no paraminfo request: the cache answered');
    assert.equal(second.status(wiki.apiUrl).origin, 'cache');
    assert.ok(again.namespaces.some((ns) => ns.id === 3000));
  });

  it('fetches again when the wiki reports a new version', async () => {
    const wiki = await startFakeWiki();
    wikis.push(wiki);
    const cacheDir = tempCacheDir();
    await makeStore({ cacheDir }).store.load(wiki.apiUrl);
    wiki.behaviour.generator = 'MediaWiki 1.43.0';
    const before = wiki.paraminfoRequests().length;
    const { store } = makeStore({ cacheDir });
    await store.load(wiki.apiUrl);
    assert.equal(wiki.paraminfoRequests().length, before + 1);
    assert.equal(store.status(wiki.apiUrl).generator, 'MediaWiki 1.43.0');
    assert.deepEqual(
      fs.readdirSync(cacheDir).sort(),
      [cacheFileName(wiki.apiUrl, 'MediaWiki 1.39.17'), cacheFileName(wiki.apiUrl, 'MediaWiki 1.43.0')].sort(),
    );
  });

  it('forget (after a sign-out): drops the catalogue in memory and every cache file of that wiki, not of others; the built-in one judges until a reload works', async () => {
    const [wiki, other] = [await startFakeWiki({ withoutModules: ['random'] }), await startFakeWiki()];
    wikis.push(wiki, other);
    const cacheDir = tempCacheDir();
    const { store, messages } = makeStore({ cacheDir });
    await store.load(other.apiUrl);
    await store.load(wiki.apiUrl);
    wiki.behaviour.generator = 'MediaWiki 1.43.0';
    await store.reload(wiki.apiUrl);
    assert.equal(fs.readdirSync(cacheDir).length, 3, 'two versions of the wiki, one of the other');
    assert.equal(store.resolve(wiki.apiUrl).getQueryModule('random'), undefined, 'the wiki’s own catalogue');

    const changed = nextChange(store, wiki.apiUrl);
    await store.forget(wiki.apiUrl);
    await changed;
    assert.deepEqual(fs.readdirSync(cacheDir), [cacheFileName(other.apiUrl, 'MediaWiki 1.39.17')]);
    assert.equal(store.status(wiki.apiUrl).origin, 'builtin');
    assert.ok(store.resolve(wiki.apiUrl).getQueryModule('random'), 'the built-in catalogue judges it now');
    assert.match(messages.join('\n'), /removed the cached catalogue of .* \(2 file\(s\)\)/);

    // Unsigned, the wiki refuses: the reload fails and nothing of the old catalogue comes back.
    wiki.behaviour.failWith = { status: 403, body: 'Forbidden' };
    await assert.rejects(store.reload(wiki.apiUrl));
    assert.equal(store.status(wiki.apiUrl).origin, 'builtin');
    assert.ok(store.resolve(wiki.apiUrl).getQueryModule('random'));
  });

  const corruptions: Array<[string, string]> = [
    ['cut-off JSON', '{"format":"wikimap-query/catalogue-cache","formatVersion":2,"paraminfo":[{"paraminfo":'],
    ['another file format', '{"hello": "world"}'],
    [
      'a file of format 1 (query modules only): fetched again for every module',
      JSON.stringify({
        format: 'wikimap-query/catalogue-cache',
        formatVersion: 1,
        apiUrl: 'X',
        generator: 'MediaWiki 1.39.17',
        fetchedAt: '2026-01-01T00:00:00Z',
        paraminfo: [{ paraminfo: { modules: [] } }],
        siteinfo: {},
      }),
    ],
    [
      'paraminfo without modules',
      JSON.stringify({
        format: 'wikimap-query/catalogue-cache',
        formatVersion: 2,
        apiUrl: 'X',
        generator: 'MediaWiki 1.39.17',
        fetchedAt: '2026-01-01T00:00:00Z',
        paraminfo: [{}],
        siteinfo: {},
      }),
    ],
  ];
  for (const [what, content] of corruptions) {
    it(`reports a corrupt cache file (${what}), fetches again and repairs it`, async () => {
      const wiki = await startFakeWiki();
      wikis.push(wiki);
      const cacheDir = tempCacheDir();
      const file = path.join(cacheDir, cacheFileName(wiki.apiUrl, 'MediaWiki 1.39.17'));
      fs.writeFileSync(file, content.replace('"X"', JSON.stringify(wiki.apiUrl)));
      const { store, messages } = makeStore({ cacheDir });
      const catalogue = await store.load(wiki.apiUrl);
      assert.ok(catalogue.getQueryModule('allpages'));
      assert.equal(wiki.paraminfoRequests().length, 1);
      assert.ok(
        messages.some((m) => m.includes(file) && /unusable .*fetching it again/.test(m)),
        messages.join('\n'),
      );
      assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).format, 'wikimap-query/catalogue-cache');
    });
  }

  it('"Reload Catalogue" bypasses the cache and tells listeners', async () => {
    const wiki = await startFakeWiki();
    wikis.push(wiki);
    const cacheDir = tempCacheDir();
    const { store } = makeStore({ cacheDir });
    store.setEndpoints(wiki.apiUrl);
    const first = await store.load(wiki.apiUrl);
    wiki.behaviour.withoutModules = ['search'];
    const changed = nextChange(store, wiki.apiUrl);
    await store.reload();
    await changed;
    assert.equal(wiki.paraminfoRequests().length, 2);
    assert.notEqual(store.resolve(), first);
    assert.equal(store.resolve().getQueryModule('search'), undefined);
  });

  it('says what to do when there is no wiki to reload', async () => {
    const { store } = makeStore();
    await assert.rejects(store.reload(), /No wiki to reload: set wikimapQuery\.wiki\.apiUrl/);
  });
});

describe('catalogue store: a wiki that cannot be reached', () => {
  const wikis: FakeWiki[] = [];
  after(async () => {
    for (const w of wikis) await w.close();
  });

  it('keeps the built-in catalogue and says so once; retries quietly later', async () => {
    const apiUrl = await deadApiUrl();
    let now = 1_000_000;
    const { store, messages } = makeStore({ now: () => now, retryAfterMs: 60_000 });
    assert.equal(store.resolve(apiUrl), builtin);
    const message = await messageMatching(messages, /cannot load the catalogue/);
    assert.match(message, /cannot reach .*Wiki Query: Reload Catalogue.*Using the built-in catalogue meanwhile/);
    // Asked again and again (every keystroke): still the built-in catalogue, no new attempt, no new message.
    for (let i = 0; i < 10; i++) assert.equal(store.resolve(apiUrl), builtin);
    assert.equal(store.status(apiUrl).loading, false);
    assert.equal(messages.filter((m) => /cannot load/.test(m)).length, 1);
    // After the retry delay one quiet attempt starts.
    now += 60_000;
    store.resolve(apiUrl);
    assert.equal(store.status(apiUrl).loading, true);
    await assert.rejects(store.reload(apiUrl), /cannot reach/);
    assert.equal(messages.filter((m) => /cannot load/.test(m)).length, 1);
  });

  it('uses the wiki’s last cached catalogue while it is down', async () => {
    const wiki = await startFakeWiki({ withoutModules: ['random'] });
    const cacheDir = tempCacheDir();
    await makeStore({ cacheDir }).store.load(wiki.apiUrl);
    await wiki.close();
    const { store, messages } = makeStore({ cacheDir });
    const arrived = nextChange(store, wiki.apiUrl);
    store.resolve(wiki.apiUrl);
    await arrived;
    assert.equal(store.status(wiki.apiUrl).origin, 'stale-cache');
    assert.equal(store.resolve(wiki.apiUrl).getQueryModule('random'), undefined);
    assert.ok(
      messages.some((m) => /cannot reach .*Using its catalogue cached on .*MediaWiki 1\.39\.17/.test(m)),
      messages.join('\n'),
    );
  });

  it('picks the wiki up again when it is back (a quiet retry after the delay)', async () => {
    const wiki = await startFakeWiki();
    wikis.push(wiki);
    const cacheDir = tempCacheDir();
    await makeStore({ cacheDir }).store.load(wiki.apiUrl);
    wiki.behaviour.failWith = { status: 503, body: 'Service Unavailable' };
    let now = 0;
    const { store, messages } = makeStore({ cacheDir, now: () => now, retryAfterMs: 1000 });
    let changed = nextChange(store, wiki.apiUrl);
    store.resolve(wiki.apiUrl);
    await changed;
    assert.equal(store.status(wiki.apiUrl).origin, 'stale-cache');
    wiki.behaviour.failWith = undefined;
    store.resolve(wiki.apiUrl);
    assert.equal(store.status(wiki.apiUrl).loading, false, 'no retry before the delay');
    now += 1000;
    changed = nextChange(store, wiki.apiUrl);
    store.resolve(wiki.apiUrl);
    await changed;
    assert.equal(store.status(wiki.apiUrl).origin, 'cache');
    assert.equal(messages.filter((m) => /answered HTTP 503 .*down.*Using its catalogue cached on/.test(m)).length, 1, messages.join('\n'));
  });

  it('gives up after the timeout, saying the wiki took the connection and sent nothing', async () => {
    const wiki = await startFakeWiki({ hang: true });
    wikis.push(wiki);
    const { store } = makeStore({ timeoutMs: 300 });
    await assert.rejects(
      store.load(wiki.apiUrl),
      /^WikiFetchError: 127\.0\.0\.1:\d+ took the connection but sent nothing within 0\.3 s; check that http:\/\/127\.0\.0\.1:\d+\/w\/api\.php is the wiki's api\.php URL/,
    );
  });

  const broken: Array<[string, FakeWikiFailure, RegExp]> = [
    [
      'a page that is not api.php (HTTP 404)',
      { status: 404, body: '<h1>Not Found</h1>' },
      /answered HTTP 404.*check that it is the wiki's api\.php URL/,
    ],
    [
      'an HTML page with HTTP 200',
      { status: 200, body: '<html><body>Main Page</body></html>' },
      /did not answer with JSON; check that it is the wiki's api\.php URL/,
    ],
    [
      'a private wiki',
      {
        status: 200,
        body: JSON.stringify({ error: { code: 'readapidenied', info: 'You need read permission to use this module.' } }),
        contentType: 'application/json',
      },
      /refused the request: readapidenied.*private/,
    ],
    [
      'a server error',
      { status: 503, body: 'Service Unavailable' },
      /answered HTTP 503 .*the wiki is down or has a problem.*Reload Catalogue/,
    ],
  ];
  for (const [what, failWith, expected] of broken) {
    it(`says what is wrong with ${what}`, async () => {
      const wiki = await startFakeWiki({ failWith });
      wikis.push(wiki);
      const { store } = makeStore();
      await assert.rejects(store.load(wiki.apiUrl), expected);
      assert.equal(store.resolve(wiki.apiUrl), builtin);
    });
  }

  // One source for the messages; each client names its own way to try again or raise a limit (the command line
  // never says an editor command, the editor never a command-line option).
  const advised: Array<[string, Partial<FakeWikiBehaviour>, Partial<CatalogueStoreOptions>, keyof CatalogueAdvice]> = [
    ['a server error (HTTP 503)', { failWith: { status: 503, body: 'Service Unavailable' } }, {}, 'retry'],
    ['a wiki that took the connection and sent nothing', { hang: true }, { timeoutMs: () => 300 }, 'retryWithMoreTime'],
    ['a catalogue over the byte budget', {}, { maxBytes: () => 1000 }, 'raiseBytes'],
    [
      'a first answer that lists more modules than the follow-ups allowed',
      { wildcard: false },
      { maxFollowUps: () => 0 },
      'raiseFollowUps',
    ],
  ];
  for (const [what, behaviour, limits, said] of advised) {
    for (const [client, advice, other] of [
      ['the editor', EDITOR_CATALOGUE_ADVICE, CLI_CATALOGUE_ADVICE],
      ['the command line', CLI_CATALOGUE_ADVICE, EDITOR_CATALOGUE_ADVICE],
    ] as const) {
      it(`${what}: ${client}'s advice (${said})`, async () => {
        const wiki = await startFakeWiki(behaviour);
        wikis.push(wiki);
        const { store } = makeStore({ ...limits, advice });
        const error: Error = await store.load(wiki.apiUrl).then(
          () => assert.fail('loaded'),
          (e: Error) => e,
        );
        assert.ok(error.message.toLowerCase().includes(advice[said].toLowerCase()), error.message);
        for (const words of Object.values(other)) assert.ok(!error.message.toLowerCase().includes(words.toLowerCase()), error.message);
        assert.doesNotMatch(error.message, client === 'the editor' ? /--[a-z]/ : /Wiki Query|wikimapQuery\./);
      });
    }
  }

  it('rejects an endpoint that is not an http(s) URL, saying so once', () => {
    const { store, messages } = makeStore();
    store.setEndpoints('ftp://example.org/api.php');
    assert.equal(store.resolve(), builtin);
    assert.equal(store.resolve(), builtin);
    assert.equal(messages.length, 1);
    assert.match(messages[0], /wikimapQuery\.wiki\.apiUrl "ftp:\/\/example\.org\/api\.php" cannot be used: .* is not an http\(s\) URL/);
  });
});

type FakeWikiFailure = { status: number; body: string; contentType?: string };

describe('catalogue store: bounds', () => {
  it('fetches at most maxBackgroundWikis wikis per session, then says so once and uses the built-in catalogue', async () => {
    const wiki = await startFakeWiki();
    try {
      const { store, messages } = makeStore({ maxBackgroundWikis: 3 });
      // Five "wikis" on the same fake server (different paths): each is a distinct wiki to the store.
      const urls = [1, 2, 3, 4, 5].map((i) => wiki.apiUrl.replace('/api.php', `/w${i}/api.php`));
      const loaded = urls.slice(0, 3).map((u) => nextChange(store, u));
      for (const url of urls) store.resolve(url);
      await Promise.all(loaded);
      await messageMatching(messages, /catalogues of 3 wikis were fetched in this session/);
      assert.equal(messages.filter((m) => /catalogues of 3 wikis/.test(m)).length, 1, 'said once');
      assert.equal(store.resolve(urls[4]), builtin);
      assert.notEqual(store.resolve(urls[0]), builtin, 'the first three were loaded');
      store.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('keeps at most maxCacheFiles files in the disk cache, removing the oldest', async () => {
    const cacheDir = tempCacheDir();
    const wiki = await startFakeWiki();
    try {
      const { store } = makeStore({ cacheDir, maxCacheFiles: 2 });
      for (const i of [1, 2, 3, 4]) await store.load(wiki.apiUrl.replace('/api.php', `/c${i}/api.php`));
      const files = fs.readdirSync(cacheDir).filter((n) => n.endsWith('.json'));
      assert.equal(files.length, 2, files.join(', '));
      store.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('refuses an answer larger than maxBytes, reading no further', async () => {
    const wiki = await startFakeWiki();
    try {
      const { store } = makeStore({ maxBytes: 1000 });
      await assert.rejects(store.load(wiki.apiUrl), /larger than the cap of 1000 bytes.*wikimapQuery\.wiki\.maxCatalogueMB/);
      store.dispose();
    } finally {
      await wiki.close();
    }
  });
});
