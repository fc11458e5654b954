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
import { compareVerdicts, judgeByWiki, loadWikiCatalogue, type Agreement } from './agreementRunner';
import { ensureBuilt, runCheck } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readRecording } from './recordedWiki';
import { readCorpus, type CheckerDiagnostic, type CorpusEntry, type VerdictItem } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));
const FILE = 'corpus-rules.txt';
/** Verdicts that depend on the session or the wiki's pages (the recordings are anonymous): not compared. */
const SESSION_OR_CONTENT = new Set([
  'notloggedin',
  'permissiondenied',
  'assertuserfailed',
  'assertnameduserfailed',
  'bad_wlowner',
  'nosuchpageid',
]);
const comparable = (items: VerdictItem[] | undefined) =>
  items !== undefined && !items.some((i) => SESSION_OR_CONTENT.has(i.code) || i.code.startsWith('internal_api_error_'));

describe('one document, three targets: MediaWiki 1.39 live, 1.43.3 and 1.45.0 recorded', function () {
  this.timeout(600000);
  const corpus = readCorpus(path.join(__dirname, FILE));
  let wiki: MediaWikiInstance | undefined;
  let cacheHome: string;
  const agreements = new Map<string, Agreement>();
  let stderr = '';
  let all: CheckerDiagnostic[] = [];

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-cache-'));
    await ensureBuilt();
    wiki = await startMediaWiki();
    const live = await judgeByWiki(corpus, wiki, await loadWikiCatalogue(wiki, loadBuiltinCatalogue(readJson)));
    const r143 = readRecording('1.43.3');
    const r145 = readRecording('1.45.0');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-'));
    const file = path.join(dir, 'corpus.wikiquery');
    fs.writeFileSync(file, corpus.map((e) => `action=query&${e.query}`).join('\n\n') + '\n');
    const targets = ['--target', `1.39=${wiki.apiUrl}`, '--target', `1.43=${r143.catalogueFile}`, '--target', `1.45=${r145.catalogueFile}`];
    const run = await runCheck([...targets, '--format', 'json', file], cacheHome);
    fs.rmSync(dir, { recursive: true, force: true });
    stderr = run.stderr;
    assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
    const results = JSON.parse(run.stdout) as CheckerDiagnostic[];
    all = results;
    const wikis: Record<string, (e: CorpusEntry, i: number) => VerdictItem[] | undefined> = {
      '1.39': (_e, i) => live[i],
      '1.43': (e) => r143.verdicts.corpora[FILE]?.[e.query],
      '1.45': (e) => r145.verdicts.corpora[FILE]?.[e.query],
    };
    for (const [name, verdictOf] of Object.entries(wikis)) {
      const kept = corpus.map((e, i) => ({ e, i, v: verdictOf(e, i) })).filter((x) => comparable(x.v));
      const perQuery = kept.map(({ i }) => results.filter((d) => (d.line - 1) / 2 === i && d.targets?.includes(name)));
      agreements.set(
        name,
        compareVerdicts(
          kept.map((x) => x.e),
          kept.map((x) => x.v!),
          perQuery,
          FILE,
        ),
      );
    }
  });
  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  for (const name of ['1.39', '1.43', '1.45']) {
    it(`target ${name}: the diagnostics that name it give that wiki's verdicts, with no false alarm`, () => {
      const a = agreements.get(name)!;
      console.log(
        `      ${FILE} on target ${name}: ${a.agree}/${a.total} agree; false alarms on ${a.validQueries} valid queries: ${a.falseAlarms.length}`,
      );
      assert.equal(stderr.includes('left out'), false, stderr);
      assert.ok(a.total >= 50, `only ${a.total} queries compared`);
      assert.deepEqual(a.disagreements, []);
      assert.deepEqual(a.falseAlarms, []);
    });
  }

  it('a request the targets judge differently: rctitle outside rcnamespace is invalidparammix on 1.43 and 1.45 only', () => {
    const i = corpus.findIndex((e) => e.query === 'list=recentchanges&rctitle=Alpha&rcnamespace=1');
    assert.ok(i >= 0, 'the corpus line is there');
    const on = all.filter((d) => (d.line - 1) / 2 === i).map((d) => [d.code, d.targets]);
    assert.deepEqual(on, [['invalidparammix', ['1.43', '1.45']]]);
  });
});
