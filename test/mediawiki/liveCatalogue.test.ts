/**
 * Live catalogues against real MediaWikis: one plain wiki and one with the TextExtracts extension
 * (which adds `prop=extracts`). Shows the user-visible results of the catalogue store: a module an
 * extension adds, modules a wiki lacks, the wiki's own namespaces, one document mixing wikis, the
 * disk cache, "Reload Catalogue", and the fallback when a wiki is down — through `wikimap-query check`
 * and the store itself, with the wiki's own answers alongside.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogueStore, catalogueUserAgent } from '../../server/src/catalogue/catalogueStore';
import { cacheFileName } from '../../server/src/catalogue/catalogueCache';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { checkQueries, ensureBuilt, runCheck } from './checkerCli';
import { MediaWikiClient, RECIPE_NS, startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { checkerVerdict, formatVerdict, sameVerdict, wikiVerdict, type VerdictItem } from './wikiVerdict';
import { nodeCatalogueFiles } from '../../server/src/node/nodeCatalogueFiles';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const builtin = loadBuiltinCatalogue(readJson);

const EXTRACTS = 'action=query&prop=extracts&titles=Alpha&exintro=1&explaintext=1&exsentences=1';
const CODEXICONS = 'action=query&list=codexicons&names=cdxIconAdd';
const RECIPES = `action=query&list=allpages&apnamespace=${RECIPE_NS}`;

/** A real `fetch` that also counts the requests by kind (paraminfo / siteinfo). */
function countingFetch() {
  const counts = { paraminfo: 0, siteinfo: 0 };
  const fetchImpl: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('action=paraminfo')) counts.paraminfo++;
    if (url.includes('meta=siteinfo')) counts.siteinfo++;
    return fetch(input, init);
  };
  return { counts, fetchImpl };
}

describe('live catalogues from real MediaWikis', function () {
  this.timeout(300000);
  let plain: MediaWikiInstance | undefined;
  let extracts: MediaWikiInstance | undefined;
  let cacheHome: string;
  const wikiSays = async (wiki: MediaWikiInstance, query: string): Promise<VerdictItem[]> => {
    const answer = await new MediaWikiClient(wiki.apiUrl).get(`${query}&format=json&formatversion=2&errorformat=plaintext`);
    return wikiVerdict(answer, query.replace(/^action=query&/, ''), () => '');
  };
  /** The checker's verdict on one query with these `--catalogue` arguments (none: the built-in catalogue). */
  const checkerSays = async (query: string, catalogues: string[]): Promise<VerdictItem[]> => {
    const { perQuery } = await checkQueries([query], catalogues, cacheHome);
    return checkerVerdict(perQuery[0]);
  };
  const assertSame = (wiki: VerdictItem[], checker: VerdictItem[]) =>
    assert.ok(sameVerdict(wiki, checker), `wiki: ${formatVerdict(wiki)}\nchecker: ${formatVerdict(checker)}`);
  const codes = (items: VerdictItem[]) => [...new Set(items.map((i) => `${i.code}:${i.params.join(',')}`))].sort();

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-live-cache-'));
    await ensureBuilt();
    [plain, extracts] = await Promise.all([startMediaWiki(), startMediaWiki({ extensions: ['TextExtracts'] })]);
  });
  after(async () => {
    await Promise.all([plain?.stop(), extracts?.stop()]);
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('a module an extension adds (TextExtracts: prop=extracts) is valid against the wiki that has it', async () => {
    assert.deepEqual(await wikiSays(extracts!, EXTRACTS), []);
    assert.deepEqual(await checkerSays(EXTRACTS, [extracts!.apiUrl]), []);
    // Unknown to the wiki without the extension (module and its parameters) — and to the built-in catalogue.
    const plainWiki = await wikiSays(plain!, EXTRACTS);
    assert.deepEqual(codes(plainWiki), ['unrecognizedparams:exintro,explaintext,exsentences', 'unrecognizedvalues:prop']);
    assertSame(plainWiki, await checkerSays(EXTRACTS, [plain!.apiUrl]));
    assertSame(plainWiki, await checkerSays(EXTRACTS, []));
  });

  it('list=codexicons is unknown to MediaWiki 1.39 but valid against the built-in catalogue', async () => {
    const wiki = await wikiSays(plain!, CODEXICONS);
    assert.deepEqual(codes(wiki), ['unrecognizedparams:names', 'unrecognizedvalues:list']);
    assertSame(wiki, await checkerSays(CODEXICONS, [plain!.apiUrl]));
    assert.deepEqual(await checkerSays(CODEXICONS, []), []);
  });

  it('namespaces are the wiki’s own: its Recipe namespace (3000) is valid there, unknown to the built-in catalogue', async () => {
    assert.deepEqual(await wikiSays(plain!, RECIPES), []);
    assert.deepEqual(await checkerSays(RECIPES, [plain!.apiUrl]), []);
    assert.deepEqual(codes(await checkerSays(RECIPES, [])), ['badvalue:apnamespace']);
  });

  it('one document mixing wikis: each full-URL query is judged by its own wiki', async () => {
    const lines = [`${extracts!.apiUrl}?${EXTRACTS}`, `${plain!.apiUrl}?${EXTRACTS}`, `${plain!.apiUrl}?${RECIPES}`];
    const { perQuery } = await checkQueries(lines, [plain!.apiUrl, extracts!.apiUrl], cacheHome);
    const verdicts = perQuery.map((d) => codes(checkerVerdict(d)));
    assert.deepEqual(verdicts[0], []);
    assert.ok(verdicts[1].includes('unrecognizedvalues:prop'), verdicts[1].join(' '));
    assert.deepEqual(verdicts[2], []);
  });

  it('keeps the catalogue on disk by wiki and version; the next start asks the wiki only its version', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-store-cache-'));
    try {
      const first = countingFetch();
      const store1 = new CatalogueStore({
        files: nodeCatalogueFiles,
        builtin,
        cacheDir,
        userAgent: catalogueUserAgent('test'),
        timeoutMs: 30000,
        log: () => undefined,
        fetchImpl: first.fetchImpl,
      });
      const live = await store1.load(extracts!.apiUrl);
      assert.ok(live.getQueryModule('extracts'));
      assert.equal(first.counts.paraminfo, 1, 'MediaWiki 1.39 expands query+* in one request');
      const file = path.join(cacheDir, cacheFileName(extracts!.apiUrl, extracts!.generator));
      assert.ok(fs.existsSync(file), `expected the cache file ${path.basename(file)}; found ${fs.readdirSync(cacheDir).join(', ')}`);

      const second = countingFetch();
      const store2 = new CatalogueStore({
        files: nodeCatalogueFiles,
        builtin,
        cacheDir,
        userAgent: catalogueUserAgent('test'),
        timeoutMs: 30000,
        log: () => undefined,
        fetchImpl: second.fetchImpl,
      });
      const again = await store2.load(extracts!.apiUrl);
      assert.deepEqual(second.counts, { paraminfo: 0, siteinfo: 1 });
      assert.equal(store2.status(extracts!.apiUrl).origin, 'cache');
      assert.ok(again.getQueryModule('extracts'));

      // "Wiki Query: Reload Catalogue" fetches again, bypassing the cache.
      await store2.reload(extracts!.apiUrl);
      assert.equal(second.counts.paraminfo, 1);
      assert.equal(store2.status(extracts!.apiUrl).origin, 'live');
    } finally {
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('the CLI caches under $XDG_CACHE_HOME/wikimap-query', async () => {
    const res = await runCheck(['--catalogue', plain!.apiUrl, '--format', 'json', '-'], cacheHome);
    // `-` with no input is an empty document: no diagnostics, exit 0.
    assert.equal(res.code, 0, res.stderr);
    const files = fs.readdirSync(path.join(cacheHome, 'wikimap-query'));
    assert.ok(files.includes(cacheFileName(plain!.apiUrl, plain!.generator)), files.join(', '));
  });

  it('when a wiki is down: its cached catalogue if there is one, else the built-in catalogue with one clear message', async () => {
    // The CLI has cached the plain wiki above; now the wiki goes away.
    const apiUrl = plain!.apiUrl;
    await plain!.stop();
    const withCache = await checkQueries([RECIPES, EXTRACTS], [apiUrl], cacheHome);
    assert.deepEqual(checkerVerdict(withCache.perQuery[0]), [], 'the cached catalogue knows the wiki’s Recipe namespace');
    assert.ok(codes(checkerVerdict(withCache.perQuery[1])).includes('unrecognizedvalues:prop'), 'and knows the wiki has no TextExtracts');

    // Without a cache, the CLI cannot judge by that wiki and says so (exit 2).
    const emptyCache = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-empty-cache-'));
    try {
      const res = await runCheck(['--catalogue', apiUrl, '-'], emptyCache);
      assert.equal(res.code, 2);
      assert.match(res.stderr, /cannot use the catalogue .*cannot reach/);
    } finally {
      fs.rmSync(emptyCache, { recursive: true, force: true });
    }

    // The editor's store: the built-in catalogue at once, one message, no repeated attempts while typing.
    const messages: string[] = [];
    const store = new CatalogueStore({
      files: nodeCatalogueFiles,
      builtin,
      userAgent: catalogueUserAgent('test'),
      timeoutMs: 30000,
      log: (m) => messages.push(m),
    });
    store.setEndpoints(apiUrl);
    assert.equal(store.resolve(), builtin);
    const deadline = Date.now() + 30000;
    while (!messages.some((m) => /cannot load the catalogue/.test(m)) && Date.now() < deadline) {
      assert.equal(store.resolve(), builtin);
      await new Promise((r) => setTimeout(r, 20));
    }
    for (let i = 0; i < 10; i++) assert.equal(store.resolve(), builtin);
    // "Reload Catalogue" says why it failed; the message in the log is not repeated.
    await assert.rejects(store.reload(), /cannot reach .*Reload Catalogue/);
    assert.equal(messages.filter((m) => /cannot load the catalogue/.test(m)).length, 1, messages.join('\n'));
    assert.match(
      messages.find((m) => /cannot load the catalogue/.test(m))!,
      /Using the built-in catalogue meanwhile/,
    );
    store.dispose();
  });
});
