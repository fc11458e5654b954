/**
 * Agreement with MediaWiki 1.45 on every module, without the wiki: its verdicts on
 * corpus-actions.txt were recorded (record-actions-1.45.ts) into fixtures/actions-1.45.json, and
 * `wikimap-query check` with the built-in catalogue — whose action modules were recorded from the
 * same version (descriptors/wiki/action-modules.json) — must give the same verdicts.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts } from './agreementRunner';
import { ACTIONS_CORPUS_FILE } from './actionVerdicts';
import { checkQueries, ensureBuilt } from './checkerCli';
import { actionsFixtureFile, type RecordedActionVerdicts } from './record-actions-1.45';
import { parseVerdict, readCorpus, type CorpusEntry } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');

describe('agreement with MediaWiki 1.45 on every module (recorded verdicts of corpus-actions.txt)', function () {
  this.timeout(300000);
  const recording = JSON.parse(fs.readFileSync(actionsFixtureFile('1.45'), 'utf8')) as RecordedActionVerdicts;
  const builtinVersion = JSON.parse(fs.readFileSync(path.join(ROOT, 'descriptors/wiki/action-modules.json'), 'utf8')).mediawiki as string;

  it('the recording is of the version the built-in action modules describe, and of today’s corpus', () => {
    assert.equal(recording.generator, `MediaWiki ${builtinVersion}`);
    const corpus = readCorpus(ACTIONS_CORPUS_FILE).map((e) => e.query);
    const recorded = recording.verdicts.map((v) => v.query);
    assert.deepEqual(
      corpus.filter((q) => !recorded.includes(q)),
      [],
      'requests not recorded yet: run record-actions-1.45.ts against a 1.45 wiki',
    );
  });

  it('`wikimap-query check` (built-in catalogue) gives 1.45’s verdict on every request, with no false alarm', async () => {
    await ensureBuilt();
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-actions-145-'));
    try {
      const entries: CorpusEntry[] = recording.verdicts.map((v, i) => ({
        line: i + 1,
        query: v.query,
        expected: parseVerdict(v.verdict, `actions-1.45.json #${i + 1}`).map((item) =>
          v.errors?.includes(item.code) ? { ...item, error: true } : item,
        ),
        section: '',
      }));
      const { perQuery } = await checkQueries(
        entries.map((e) => e.query),
        [],
        cacheHome,
      );
      const a = compareVerdicts(
        entries,
        entries.map((e) => e.expected),
        perQuery,
        'actions-1.45.json',
      );
      console.log(
        `      agreement with recorded MediaWiki 1.45 on every module: ${a.agree}/${a.total} agree; false alarms on ${a.validQueries} valid requests: ${a.falseAlarms.length}`,
      );
      assert.equal(a.disagreements.length, 0, a.disagreements.join('\n'));
      assert.equal(a.falseAlarms.length, 0, a.falseAlarms.join('\n'));
    } finally {
      fs.rmSync(cacheHome, { recursive: true, force: true });
    }
  });
});
