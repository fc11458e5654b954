/**
 * One document judged against three targets in one run: the real MediaWiki 1.39 started here (live),
 * and the recorded MediaWiki 1.43.3 and 1.45.0 (recorded/mediawiki-<version>/catalogue.json). One
 * `wikimap-query check --target … --format json` over corpus-rules.txt; each diagnostic's `targets`
 * says which target produced it, and per target the verdicts must be the ones that wiki gave (live
 * for 1.39, the recording for the others), with no false alarm.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { judgeByWiki, loadWikiCatalogue, type Agreement } from './agreementRunner';
import { ensureBuilt, runCheck } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readRecording } from './recordedWiki';
import { itAgreesOnEachTarget, targetAgreements, type TargetNames } from './targetsRunner';
import { readCorpus, type CheckerDiagnostic } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const FILE = 'corpus-rules.txt';
const NAMES: TargetNames = ['1.39', '1.43', '1.45'];
describe('one document, three targets: MediaWiki 1.39 live, 1.43.3 and 1.45.0 recorded', function () {
  this.timeout(600000);
  const corpus = readCorpus(path.join(__dirname, FILE));
  let wiki: MediaWikiInstance | undefined;
  let cacheHome: string;
  let agreements = new Map<string, Agreement>();
  let stderr = '';
  let all: CheckerDiagnostic[] = [];

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-cache-'));
    await ensureBuilt();
    wiki = await startMediaWiki();
    const live = await judgeByWiki(corpus, wiki, await loadWikiCatalogue(wiki, loadBuiltinCatalogue(readJson)));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-'));
    const file = path.join(dir, 'corpus.wikiquery');
    fs.writeFileSync(file, corpus.map((e) => `action=query&${e.query}`).join('\n\n') + '\n');
    const targets = [
      '--target',
      `1.39=${wiki.apiUrl}`,
      '--target',
      `1.43=${readRecording('1.43.3').catalogueFile}`,
      '--target',
      `1.45=${readRecording('1.45.0').catalogueFile}`,
    ];
    // --logged-in: the live wiki is asked logged in (the recordings' session verdicts are not compared).
    const run = await runCheck([...targets, '--logged-in', '--format', 'json', file], cacheHome);
    fs.rmSync(dir, { recursive: true, force: true });
    stderr = run.stderr;
    assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
    const results = JSON.parse(run.stdout) as CheckerDiagnostic[];
    all = results;
    agreements = targetAgreements(corpus, FILE, live, NAMES, (i, name) =>
      results.filter((d) => (d.line - 1) / 2 === i && d.targets?.includes(name)),
    );
  });
  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  itAgreesOnEachTarget(NAMES, FILE, 'on', () => agreements);

  it('every target is judged: none is left out', () => {
    assert.equal(stderr.includes('left out'), false, stderr);
  });

  it('a request the targets judge differently: rctitle outside rcnamespace is invalidparammix on 1.43 and 1.45 only', () => {
    const i = corpus.findIndex((e) => e.query === 'list=recentchanges&rctitle=Alpha&rcnamespace=1');
    assert.ok(i >= 0, 'the corpus line is there');
    const on = all.filter((d) => (d.line - 1) / 2 === i).map((d) => [d.code, d.targets]);
    assert.deepEqual(on, [['invalidparammix', ['1.43', '1.45']]]);
  });
});
