/**
 * Agreement on ParamValidator's ExpiryDef and StringDef limits (corpus-limits.txt): a wiki with
 * $wgWatchlistExpiry = true (so that action=watch has `expiry` and the write modules have
 * `watchlistexpiry`, typed `expiry` in paraminfo) and a small API module of the test's own with
 * string limits (limitsProbe.ts: MediaWiki core and the extensions Debian ships declare none) judges
 * corpus-limits.txt, and so does `wikimap-query check` with that wiki's live catalogue. The checker models a conservative subset
 * of PHP's strtotime(); a second test holds that subset against the real strtotime() of the PHP
 * that runs the wiki: every value the checker rejects, PHP rejects too (no false alarm).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBuiltinCatalogue, type WikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { expiryProblem } from '../../server/src/service/wiki/wikiExpiryValue';
import { compareVerdicts, corpusMismatches, loadWikiCatalogue, type Agreement } from './agreementRunner';
import { judgeActionsByWiki } from './actionVerdicts';
import { checkQueries, ensureBuilt } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readCorpus, type VerdictItem } from './wikiVerdict';
import { LIMITS_SETTINGS } from './limitsProbe';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const CORPUS = path.join(__dirname, 'corpus-limits.txt');

const PHP = process.env.WIKIMAP_PHP || 'php';

describe('agreement on expiry values and string limits ($wgWatchlistExpiry, a module with limits; corpus-limits.txt)', function () {
  this.timeout(600000);
  const corpus = readCorpus(CORPUS);
  let wiki: MediaWikiInstance | undefined;
  let catalogue: WikiCatalogue;
  let wikiVerdicts: VerdictItem[][] = [];
  let agreement: Agreement;
  let cacheHome: string;

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-limits-agreement-'));
    await ensureBuilt();
    wiki = await startMediaWiki({ seed: false, extraSettings: LIMITS_SETTINGS });
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
    agreement = compareVerdicts(corpus, wikiVerdicts, perQuery, CORPUS);
  });
  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('the wiki types these parameters `expiry`, and gives the string limits, in paraminfo', () => {
    assert.equal(catalogue.getModule('watch')?.paramByName.get('expiry')?.type, 'expiry');
    assert.equal(catalogue.getModule('edit')?.paramByName.get('watchlistexpiry')?.type, 'expiry');
    const text = catalogue.getModule('limitsprobe')?.paramByName.get('text');
    assert.deepEqual([text?.maxbytes, text?.maxchars], [12, 5]);
    const items = catalogue.getModule('limitsprobe')?.paramByName.get('items');
    assert.deepEqual([items?.maxbytes, items?.maxchars], [undefined, 3]);
  });

  it('the wiki still gives each request the verdict the corpus records', () => {
    const wrong = corpusMismatches(corpus, wikiVerdicts, CORPUS);
    assert.equal(wrong.length, 0, `the wiki judged ${wrong.length} requests differently from the corpus:\n${wrong.join('\n')}`);
  });

  it('`wikimap-query check` with the wiki’s live catalogue gives the same verdicts, with no false alarm', () => {
    console.log(
      `      agreement with MediaWiki ${wiki!.generator.replace('MediaWiki ', '')} ($wgWatchlistExpiry, limitsprobe) on expiry values and string limits: ${agreement.agree}/${agreement.total} agree`,
    );
    assert.equal(
      agreement.disagreements.length,
      0,
      `${agreement.disagreements.length} disagreements:\n${agreement.disagreements.join('\n')}`,
    );
    assert.equal(agreement.falseAlarms.length, 0, `${agreement.falseAlarms.length} false alarms:\n${agreement.falseAlarms.join('\n')}`);
  });

  it('every value the checker rejects, PHP’s strtotime() rejects too (and the ones it is sure of are caught)', () => {
    // [value, the checker must reject it] — the rest must simply not be a false alarm.
    const VALUES: Array<[string, boolean]> = [
      ['bogus', true],
      ['forever', true],
      ['Infinite', true],
      ['INFINITY', true],
      ['Never', true],
      [' infinite', true],
      ['', true],
      ['1 fortnite', true],
      ['permanent', true],
      ['eternity', true],
      ['indefinitely', true],
      ['none', true],
      ['null', true],
      ['false', true],
      ['unlimited', true],
      ['temporary', true],
      ['later', true],
      ['soon', true],
      ['abc', true],
      ['qq', true],
      ['2001-01-01T00:00:00Z', true],
      ['tomorrowx', false],
      ['est', false],
      ['sat', false],
      ['z', false],
      ['j', false],
      ['1 weekest', false],
      ['weekest', false],
      ['  ', false],
      ['3 dayz', false],
      ['2030-02-30', false],
      ['1week', false],
      ['-1', false],
      ['1', false],
      ['0', false],
      ['in 3 days', false],
      ['never ever', false],
      ['1 wk', false],
      ['1d', false],
      ['1 week', false],
      ['next monday', false],
      ['2999-01-01T00:00:00Z', false],
      ['yesterday', false],
      ['noonx', false],
      ['secondsx', false],
      ['foo bar', false],
    ];
    const script =
      '$o=[];foreach(json_decode(file_get_contents("php://stdin"),true) as $x){$t=strtotime($x);' +
      '$o[]=($t===false||!($t>strtotime("0000-01-01T00:00:00Z")&&$t<strtotime("9999-12-31T00:00:00Z")))?"bad":($t<time()?"past":"ok");}echo json_encode($o);';
    const run = spawnSync(PHP, ['-r', script], { input: JSON.stringify(VALUES.map(([v]) => v)), encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const php = JSON.parse(run.stdout) as string[];
    const now = Date.now();
    const wrong: string[] = [];
    VALUES.forEach(([v, sure], i) => {
      const ours = expiryProblem(v, now, { yearLimit: true });
      const mine = ours ? (ours.code === 'badexpiry' ? 'bad' : 'past') : 'ok';
      if (mine !== 'ok' && mine !== php[i]) wrong.push(`${JSON.stringify(v)}: checker ${mine}, PHP ${php[i]}`);
      if (sure && mine === 'ok') wrong.push(`${JSON.stringify(v)}: the checker should reject it (PHP: ${php[i]})`);
      if (sure && php[i] === 'ok') wrong.push(`${JSON.stringify(v)}: PHP accepts it; the table is wrong`);
    });
    assert.deepEqual(wrong, []);
  });
});
