/**
 * Agreement with a real MediaWiki on every top-level module but query: each request of
 * corpus-actions.txt (parse, compare, opensearch, expandtemplates, paraminfo, help, checktoken, rsd,
 * the feeds, and the write modules sent as GET) goes to a freshly installed wiki and through
 * `wikimap-query check --catalogue <that wiki's api.php>` (the wiki's whole catalogue, fetched
 * live by the store users use); both must give the same verdict — code and parameter. The same
 * holds for `wikimap-query check --target 1.39`, the built-in version recorded from Debian's 1.39
 * (descriptors/wiki/versions/core-modules.json), judging without the wiki.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBuiltinCatalogue, type WikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { ANSWER_FORMAT_PARAMS, compareVerdicts, corpusMismatches, loadWikiCatalogue, type Agreement } from './agreementRunner';
import { ACTIONS_CORPUS_FILE, judgeActionsByWiki } from './actionVerdicts';
import { checkQueries, ensureBuilt } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readCorpus, type VerdictItem } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));

/** The module families the corpus must cover (the list). */
const FAMILIES = [
  'parse',
  'compare',
  'opensearch',
  'expandtemplates',
  'paraminfo',
  'help',
  'checktoken',
  'rsd',
  'feedrecentchanges',
  'feedcontributions',
  'feedwatchlist',
];

describe('agreement with a real MediaWiki on every module (corpus-actions.txt)', function () {
  this.timeout(600000);
  const corpus = readCorpus(ACTIONS_CORPUS_FILE);
  let wiki: MediaWikiInstance | undefined;
  let catalogue: WikiCatalogue;
  let wikiVerdicts: VerdictItem[][] = [];
  let agreement: Agreement;
  let builtin139: Agreement;
  let cacheHome: string;

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-action-agreement-'));
    await ensureBuilt();
    wiki = await startMediaWiki();
    catalogue = await loadWikiCatalogue(wiki, loadBuiltinCatalogue(readJson));
    wikiVerdicts = await judgeActionsByWiki(
      corpus.map((e) => e.query),
      wiki.apiUrl,
      (p) => catalogue.getModule(p)?.prefix ?? '',
    );
    const { perQuery } = await checkQueries(
      corpus.map((e) => e.query),
      [wiki.apiUrl],
      cacheHome,
    );
    agreement = compareVerdicts(corpus, wikiVerdicts, perQuery, ACTIONS_CORPUS_FILE);
    const byVersion = await checkQueries(
      corpus.map((e) => e.query),
      [],
      cacheHome,
      ['--target', '1.39'],
    );
    builtin139 = compareVerdicts(corpus, wikiVerdicts, byVersion.perQuery, ACTIONS_CORPUS_FILE);
  });

  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('covers every module family and every write module of the wiki, with valid and broken requests', () => {
    const actions = new Set(corpus.map((e) => new URLSearchParams(e.query).get('action') ?? ''));
    assert.deepEqual(
      FAMILIES.filter((f) => !actions.has(f)),
      [],
      'families the corpus never uses',
    );
    // Every POST-only module of the wiki, as a GET.
    const postOnly = [...catalogue.getActionModules()].filter((m) => m.mustbeposted && !m.internal).map((m) => m.name);
    assert.deepEqual(
      postOnly.filter((n) => !actions.has(n)),
      [],
      'write modules the corpus never sends',
    );
    const valid = corpus.filter((e) => e.expected.length === 0).length;
    assert.ok(valid >= 50 && corpus.length - valid >= 100, `${valid} valid and ${corpus.length - valid} broken requests`);
    for (const code of [
      'invalidparammix',
      'invalidsection',
      'missingparam',
      'mustbeposted',
      'mustpostparams',
      'badmodule',
      'warnings',
      'checktoken-percentencoding',
      'parse-titlewithouttext',
      'moduleswithoutvars',
      'deprecation',
    ]) {
      assert.ok(
        corpus.some((e) => e.expected.some((i) => i.code === code)),
        `no request shows ${code}`,
      );
    }
  });

  it('sets none of the parameters the suite uses to read the wiki’s answer', () => {
    const clashing = corpus.filter((e) => ANSWER_FORMAT_PARAMS.some((p) => new RegExp(`(^|&)${p}=`).test(e.query)));
    assert.deepEqual(
      clashing.map((e) => e.line),
      [],
    );
  });

  it('the wiki still gives each request the verdict the corpus records', () => {
    const wrong = corpusMismatches(corpus, wikiVerdicts, ACTIONS_CORPUS_FILE);
    assert.equal(wrong.length, 0, `the wiki judged ${wrong.length} requests differently from the corpus:\n${wrong.join('\n')}`);
  });

  it('`wikimap-query check` gives the wiki’s verdict (code and parameter) for every request', () => {
    console.log(
      `      agreement with MediaWiki ${wiki!.generator.replace('MediaWiki ', '')} on every module: ${agreement.agree}/${agreement.total} agree`,
    );
    assert.equal(
      agreement.disagreements.length,
      0,
      `${agreement.disagreements.length} disagreements:\n${agreement.disagreements.join('\n')}`,
    );
  });

  it('raises no alarm (error or warning) on any request the wiki accepts', () => {
    console.log(`      false alarms on ${agreement.validQueries} valid requests: ${agreement.falseAlarms.length}`);
    assert.equal(agreement.falseAlarms.length, 0, `${agreement.falseAlarms.length} false alarms:\n${agreement.falseAlarms.join('\n')}`);
  });

  it('`wikimap-query check --target 1.39` (the built-in 1.39, no wiki) gives the wiki’s verdict, with no false alarm', () => {
    assert.ok(wiki!.generator.startsWith('MediaWiki 1.39.'), wiki!.generator);
    console.log(
      `      the built-in 1.39: ${builtin139.agree}/${builtin139.total} agree; false alarms on ${builtin139.validQueries} valid requests: ${builtin139.falseAlarms.length}`,
    );
    assert.equal(builtin139.disagreements.length, 0, builtin139.disagreements.join('\n'));
    assert.equal(builtin139.falseAlarms.length, 0, builtin139.falseAlarms.join('\n'));
  });
});
