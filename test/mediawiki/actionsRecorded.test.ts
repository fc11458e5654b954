/**
 * Agreement with MediaWiki 1.45.0 and 1.43.3 on every module, without the wikis: their verdicts on
 * corpus-actions.txt were recorded (record-actions-1.45.ts) into fixtures/actions-<version>.json.
 * `wikimap-query check` must give each version's verdicts:
 * - with the built-in version of that wiki (`--target 1.45`, `--target 1.43`: the core modules
 *   recorded from the same release, descriptors/wiki/versions/core-modules.json), where parameters
 *   added, removed or deprecated between the versions give each version its own verdict;
 * - for 1.45, also with the default built-in catalogue, whose action modules were recorded from the
 *   same version (descriptors/wiki/action-modules.json).
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
const builtinVersion = JSON.parse(fs.readFileSync(path.join(ROOT, 'descriptors/wiki/action-modules.json'), 'utf8')).mediawiki as string;

/** Each recorded version, and how the checker is told to judge as that wiki. */
const JUDGES: { version: string; release: string; how: string; flags: string[] }[] = [
  { version: '1.45', release: '1.45.0', how: 'the built-in catalogue', flags: [] },
  { version: '1.45', release: '1.45.0', how: 'the built-in version 1.45 (--target 1.45)', flags: ['--target', '1.45'] },
  { version: '1.43', release: '1.43.3', how: 'the built-in version 1.43 (--target 1.43)', flags: ['--target', '1.43'] },
];

for (const version of ['1.45', '1.43']) {
  describe(`agreement with MediaWiki ${version} on every module (recorded verdicts of corpus-actions.txt)`, function () {
    this.timeout(300000);
    const recording = JSON.parse(fs.readFileSync(actionsFixtureFile(version), 'utf8')) as RecordedActionVerdicts;
    let cacheHome: string;
    before(async () => {
      cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), `wikimap-actions-${version}-`));
      await ensureBuilt();
    });
    after(() => fs.rmSync(cacheHome, { recursive: true, force: true }));

    it('the recording is of that version, and of today’s corpus', () => {
      const release = JUDGES.find((j) => j.version === version)!.release;
      assert.equal(recording.generator, `MediaWiki ${release}`);
      if (version === '1.45') assert.equal(recording.generator, `MediaWiki ${builtinVersion}`, 'the built-in action modules are of 1.45.0');
      const corpus = readCorpus(ACTIONS_CORPUS_FILE).map((e) => e.query);
      const recorded = recording.verdicts.map((v) => v.query);
      assert.deepEqual(
        corpus.filter((q) => !recorded.includes(q)),
        [],
        `requests not recorded yet: npm run record-actions -- http://HOST/api.php of a ${version} wiki`,
      );
    });

    for (const judge of JUDGES.filter((j) => j.version === version)) {
      it(`\`wikimap-query check\` with ${judge.how} gives ${version}’s verdict on every request, with no false alarm`, async () => {
        const entries: CorpusEntry[] = recording.verdicts.map((v, i) => ({
          line: i + 1,
          query: v.query,
          expected: parseVerdict(v.verdict, `actions-${version}.json #${i + 1}`).map((item) =>
            v.errors?.includes(item.code) ? { ...item, error: true } : item,
          ),
          section: '',
        }));
        const { perQuery } = await checkQueries(
          entries.map((e) => e.query),
          [],
          cacheHome,
          judge.flags,
        );
        const a = compareVerdicts(
          entries,
          entries.map((e) => e.expected),
          perQuery,
          `actions-${version}.json`,
        );
        console.log(
          `      agreement with recorded MediaWiki ${version} on every module (${judge.how}): ${a.agree}/${a.total} agree; false alarms on ${a.validQueries} valid requests: ${a.falseAlarms.length}`,
        );
        assert.equal(a.disagreements.length, 0, a.disagreements.join('\n'));
        assert.equal(a.falseAlarms.length, 0, a.falseAlarms.join('\n'));
      });
    }
  });
}
