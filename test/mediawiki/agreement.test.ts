/**
 * Agreement with a real MediaWiki: every query of corpus.txt goes to a freshly installed wiki and
 * through `wikimap-query check --catalogue <that wiki's api.php>` (the catalogue fetched live by the
 * same store the editor uses); both must give the same verdict — code and parameter.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBuiltinCatalogue, type WikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import {
  ANSWER_FORMAT_PARAMS,
  compareVerdicts,
  corpusMismatches,
  judgeByChecker,
  judgeByWiki,
  loadWikiCatalogue,
  type Agreement,
} from './agreementRunner';
import { ensureBuilt } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { CORPUS_FILE, readCorpus, WIKI_CODES, type VerdictItem } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));

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
  let agreement: Agreement;
  let cacheHome: string;

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-agreement-cache-'));
    await ensureBuilt();
    wiki = await startMediaWiki();
    catalogue = await loadWikiCatalogue(wiki, loadBuiltinCatalogue(readJson));
    wikiVerdicts = await judgeByWiki(corpus, wiki, catalogue);
    agreement = compareVerdicts(corpus, wikiVerdicts, await judgeByChecker(corpus, wiki, cacheHome), CORPUS);
  });

  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('corpus.txt has at least 400 queries: every module of the wiki, its generators, and every kind of mistake', () => {
    assert.ok(ownCorpus.length >= 400, `only ${ownCorpus.length} queries`);
    const used = new Map<string, Set<string>>([
      ['list', new Set()],
      ['prop', new Set()],
      ['meta', new Set()],
      ['generator', new Set()],
    ]);
    for (const e of ownCorpus) {
      for (const kv of e.query.split('&')) {
        const [k, v = ''] = kv.split('=');
        let value = v;
        try {
          value = decodeURIComponent(v);
        } catch {
          // a stray % stays as written (PHP does the same)
        }
        for (const name of value.split(/[|\u001f]/)) used.get(k)?.add(name);
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
    const codes = new Set(ownCorpus.flatMap((e) => e.expected.map((i) => i.code)));
    assert.deepEqual(
      [...WIKI_CODES].filter((c) => !codes.has(c)),
      [],
      'diagnostic kinds the corpus never shows',
    );
    const valid = ownCorpus.filter((e) => e.expected.length === 0).length;
    assert.ok(valid >= 200 && ownCorpus.length - valid >= 200, `${valid} valid and ${ownCorpus.length - valid} broken queries`);
  });

  it('sets none of the parameters the suite uses to read the wiki’s answer', () => {
    const clashing = corpus.filter((e) => ANSWER_FORMAT_PARAMS.some((p) => new RegExp(`(^|&)${p}=`).test(e.query)));
    assert.deepEqual(
      clashing.map((e) => `${path.basename(CORPUS)}:${e.line}`),
      [],
      `queries must not set ${ANSWER_FORMAT_PARAMS.join(', ')}: the suite sets them to read the wiki's answer`,
    );
  });

  it('the wiki still gives each query the verdict the corpus records', () => {
    const wrong = corpusMismatches(corpus, wikiVerdicts, CORPUS);
    assert.equal(wrong.length, 0, `the wiki judged ${wrong.length} queries differently from the corpus:\n${wrong.join('\n')}`);
  });

  it('`wikimap-query check` gives the wiki’s verdict (code and parameter) for every query', () => {
    console.log(`      agreement with MediaWiki ${wiki!.generator.replace('MediaWiki ', '')}: ${agreement.agree}/${agreement.total} agree`);
    console.log(
      `      (on ${agreement.beyondFirstError} of them the checker also names mistakes the wiki never reached: it stops at its first error)`,
    );
    assert.equal(
      agreement.disagreements.length,
      0,
      `${agreement.disagreements.length} disagreements:\n${agreement.disagreements.join('\n')}`,
    );
  });

  it('raises no alarm (error or warning) on any query the wiki accepts', () => {
    console.log(`      false alarms on ${agreement.validQueries} valid queries: ${agreement.falseAlarms.length}`);
    assert.equal(agreement.falseAlarms.length, 0, `${agreement.falseAlarms.length} false alarms:\n${agreement.falseAlarms.join('\n')}`);
  });
});
