/**
 * Agreement with a real MediaWiki: every query of corpus.txt goes to a freshly installed wiki and
 * through `wikimap-query check --catalogue <that wiki's api.php>` (the catalogue fetched live by the
 * same store the editor uses); both must give the same verdict — code and parameter.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogueStore, catalogueUserAgent } from '../../server/src/catalogue/catalogueStore';
import { loadBuiltinCatalogue, type WikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { checkQueries, ensureBuilt } from './checkerCli';
import { MediaWikiClient, startMediaWiki, TEST_PASSWORD, TEST_USER, type MediaWikiInstance } from './mediawikiServer';
import {
  CORPUS_FILE,
  beyondFirstError,
  checkerVerdict,
  formatVerdict,
  readCorpus,
  sameVerdict,
  WIKI_CODES,
  wikiVerdict,
  type CorpusEntry,
  type VerdictItem,
} from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return out;
}

/**
 * The corpus to judge: corpus.txt, or another file in the same format named by
 * WIKIMAP_AGREEMENT_CORPUS (to check cases kept elsewhere); the coverage test always reads corpus.txt.
 */
const CORPUS = process.env.WIKIMAP_AGREEMENT_CORPUS ? path.resolve(process.env.WIKIMAP_AGREEMENT_CORPUS) : CORPUS_FILE;

describe(`agreement with a real MediaWiki (${path.basename(CORPUS)})`, function () {
  this.timeout(600000);
  const corpus = readCorpus(CORPUS);
  const ownCorpus = readCorpus(CORPUS_FILE);
  let wiki: MediaWikiInstance | undefined;
  let catalogue: WikiCatalogue;
  let wikiVerdicts: VerdictItem[][] = [];
  let cacheHome: string;

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-agreement-cache-'));
    await ensureBuilt();
    wiki = await startMediaWiki();
    // The catalogue the wiki describes itself, through the store (for module prefixes in messages).
    const store = new CatalogueStore({
      builtin: loadBuiltinCatalogue(readJson),
      userAgent: catalogueUserAgent('test'),
      timeoutMs: 30000,
      log: () => undefined,
    });
    catalogue = await store.load(wiki.apiUrl);
    const client = new MediaWikiClient(wiki.apiUrl);
    await client.login(TEST_USER, TEST_PASSWORD);
    const prefixOf = (modulePath: string) => catalogue.getModule(modulePath)?.prefix ?? '';
    wikiVerdicts = await mapLimit(corpus, 4, async (entry) => {
      const answer = await client.get(`action=query&${entry.query}&format=json&formatversion=2&errorformat=plaintext`);
      return wikiVerdict(answer, entry.query, prefixOf);
    });
  });

  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('corpus.txt has at least 400 queries: every module of the wiki, its generators, and every kind of mistake', () => {
    const corpus = ownCorpus;
    assert.ok(corpus.length >= 400, `only ${corpus.length} queries`);
    const used = new Map<string, Set<string>>([
      ['list', new Set()],
      ['prop', new Set()],
      ['meta', new Set()],
      ['generator', new Set()],
    ]);
    for (const e of corpus) {
      for (const kv of e.query.split('&')) {
        const [k, v = ''] = kv.split('=');
        for (const name of decodeURIComponent(v).split(/[|\u001f]/)) used.get(k)?.add(name);
      }
    }
    const missing: string[] = [];
    for (const m of catalogue.modules.filter((x) => x.path.startsWith('query+'))) {
      // stashimageinfo needs an upload stashed in the same session: not judged by running it here.
      if (m.name === 'stashimageinfo') continue;
      if (!used.get(m.group)?.has(m.name)) missing.push(`${m.group}=${m.name}`);
      if (m.generator && !used.get('generator')!.has(m.name)) missing.push(`generator=${m.name}`);
    }
    assert.deepEqual(missing, [], 'modules the corpus never uses');
    const codes = new Set(corpus.flatMap((e) => e.expected.map((i) => i.code)));
    assert.deepEqual([...WIKI_CODES].filter((c) => !codes.has(c)), [], 'diagnostic kinds the corpus never shows');
    const valid = corpus.filter((e) => e.expected.length === 0).length;
    assert.ok(valid >= 200 && corpus.length - valid >= 200, `${valid} valid and ${corpus.length - valid} broken queries`);
  });

  it('the wiki still gives each query the verdict the corpus records', () => {
    const wrong = corpus
      .map((e, i) => ({ e, got: formatVerdict(wikiVerdicts[i]), want: formatVerdict(e.expected) }))
      .filter((x) => x.got !== x.want)
      .map((x) => `${path.basename(CORPUS)}:${x.e.line}  ${x.e.query}\n    corpus: ${x.want}\n    wiki:   ${x.got}`);
    assert.equal(wrong.length, 0, `the wiki judged ${wrong.length} queries differently from the corpus:\n${wrong.join('\n')}`);
  });

  it('`wikimap-query check` gives the wiki’s verdict (code and parameter) for every query', async () => {
    const { perQuery } = await checkQueries(
      corpus.map((e) => `action=query&${e.query}`),
      [wiki!.apiUrl],
      cacheHome,
    );
    const disagreements: string[] = [];
    let agree = 0;
    let more = 0;
    corpus.forEach((e: CorpusEntry, i) => {
      const checker = checkerVerdict(perQuery[i]);
      if (beyondFirstError(wikiVerdicts[i], checker).length) more++;
      if (sameVerdict(wikiVerdicts[i], checker)) agree++;
      else {
        disagreements.push(
          `${path.basename(CORPUS)}:${e.line}  action=query&${e.query}\n    wiki:    ${formatVerdict(wikiVerdicts[i])}\n    checker: ${formatVerdict(checker)}` +
            perQuery[i].map((d) => `\n      ${d.severity} ${d.code} [${d.param ?? ''}] ${d.message}`).join(''),
        );
      }
    });
    console.log(`      agreement with MediaWiki ${wiki!.generator.replace('MediaWiki ', '')}: ${agree}/${corpus.length} agree`);
    console.log(`      (on ${more} of them the checker also names mistakes the wiki never reached: it stops at its first error)`);
    assert.equal(disagreements.length, 0, `${disagreements.length} disagreements:\n${disagreements.join('\n')}`);
  });

  it('raises no alarm (error or warning) on any query the wiki accepts', async () => {
    const validIdx = corpus.map((_, i) => i).filter((i) => wikiVerdicts[i].length === 0);
    const { perQuery } = await checkQueries(
      validIdx.map((i) => `action=query&${corpus[i].query}`),
      [wiki!.apiUrl],
      cacheHome,
    );
    const alarms = validIdx
      .map((idx, j) => ({ e: corpus[idx], alarms: perQuery[j].filter((d) => d.severity === 'error' || d.severity === 'warning') }))
      .filter((x) => x.alarms.length > 0)
      .map((x) => `${path.basename(CORPUS)}:${x.e.line}  ${x.e.query}` + x.alarms.map((d) => `\n      ${d.severity} ${d.code} [${d.param ?? ''}] ${d.message}`).join(''));
    console.log(`      false alarms on ${validIdx.length} valid queries: ${alarms.length}`);
    assert.equal(alarms.length, 0, `${alarms.length} false alarms:\n${alarms.join('\n')}`);
  });
});
