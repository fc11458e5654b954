/**
 * Agreement on modules that only extensions add: a wiki with TextExtracts (`prop=extracts`) and
 * PageImages (`prop=pageimages`) judges corpus-extensions.txt, and so does `wikimap-query check`
 * with that wiki's live catalogue — the built-in catalogue knows neither module.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { compareVerdicts, corpusMismatches, judgeByChecker, judgeByWiki, loadWikiCatalogue, type Agreement } from './agreementRunner';
import { ensureBuilt } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readCorpus, type VerdictItem } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const CORPUS = path.join(__dirname, 'corpus-extensions.txt');

describe('agreement on extension modules (TextExtracts, PageImages; corpus-extensions.txt)', function () {
  this.timeout(600000);
  const corpus = readCorpus(CORPUS);
  const builtin = loadBuiltinCatalogue(readJson);
  let wiki: MediaWikiInstance | undefined;
  let wikiVerdicts: VerdictItem[][] = [];
  let agreement: Agreement;
  let cacheHome: string;

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-ext-agreement-cache-'));
    await ensureBuilt();
    wiki = await startMediaWiki({ extensions: ['TextExtracts', 'PageImages'] });
    const catalogue = await loadWikiCatalogue(wiki, builtin);
    wikiVerdicts = await judgeByWiki(corpus, wiki, catalogue);
    agreement = compareVerdicts(corpus, wikiVerdicts, await judgeByChecker(corpus, wiki, cacheHome), CORPUS);
  });
  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('uses modules the built-in catalogue does not have', () => {
    assert.equal(builtin.getQueryModule('extracts'), undefined);
    assert.equal(builtin.getQueryModule('pageimages'), undefined);
    const modules = new Set(
      corpus.flatMap((e) => [...e.query.matchAll(/(?:^|&)(?:prop|generator)=([^&]*)/g)].flatMap((m) => m[1].split('|'))),
    );
    assert.ok(modules.has('extracts') && modules.has('pageimages'), [...modules].join(', '));
  });

  it('the wiki still gives each query the verdict the corpus records', () => {
    const wrong = corpusMismatches(corpus, wikiVerdicts, CORPUS);
    assert.equal(wrong.length, 0, `the wiki judged ${wrong.length} queries differently from the corpus:\n${wrong.join('\n')}`);
  });

  it('`wikimap-query check` with the wiki’s live catalogue gives the same verdicts, with no false alarm', () => {
    console.log(
      `      agreement with MediaWiki ${wiki!.generator.replace('MediaWiki ', '')} + TextExtracts + PageImages: ${agreement.agree}/${agreement.total} agree`,
    );
    assert.equal(
      agreement.disagreements.length,
      0,
      `${agreement.disagreements.length} disagreements:\n${agreement.disagreements.join('\n')}`,
    );
    assert.equal(agreement.falseAlarms.length, 0, `${agreement.falseAlarms.length} false alarms:\n${agreement.falseAlarms.join('\n')}`);
  });
});
