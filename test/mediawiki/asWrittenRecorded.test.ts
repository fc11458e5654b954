/**
 * corpus-classes.txt and corpus-realworld.txt against MediaWiki 1.45.0 and 1.43.3 without the wikis:
 * their verdicts recorded by record-as-written.ts (fixtures/as-written-<version>.json), the checker
 * using each wiki's own catalogue (fixtures/as-written-<version>.catalogue.json: paraminfo of every
 * module and siteinfo). Requests marked `depends=` and recorded answers that depend on the recording
 * wiki's pages or session rather than on the request (its pages differ from the 1.39 test wiki's)
 * are left out and counted.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts } from './agreementRunner';
import { CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE, notesOf } from './asWrittenVerdicts';
import { checkQueries, ensureBuilt } from './checkerCli';
import { asWrittenFixtureFiles, type RecordedAsWritten } from './record-as-written';
import { parseVerdict, readCorpus, wikiErrorOf } from './wikiVerdict';

/** Codes whose answer depends on the recording wiki's pages, users or session, not on the request. */
const CONTENT_CODES = new Set(['missingtitle', 'nosuchsection', 'nosuchuser', 'nosuchrevid', 'bad_wlowner', 'bad_wltoken']);

for (const version of ['1.45', '1.43']) {
  const files = asWrittenFixtureFiles(`${version}.0`);
  describe(`agreement with a recorded MediaWiki ${version} on requests sent as written`, function () {
    this.timeout(300000);
    if (!fs.existsSync(files.verdicts)) {
      it(`is not recorded yet (npm run record-as-written -- http://HOST/api.php of a ${version} wiki)`, () => undefined);
      return;
    }
    const recorded = JSON.parse(fs.readFileSync(files.verdicts, 'utf8')) as RecordedAsWritten;
    let cacheHome: string;
    before(async () => {
      cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-aswritten-rec-'));
      await ensureBuilt();
    });
    after(() => fs.rmSync(cacheHome, { recursive: true, force: true }));

    for (const file of [CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE]) {
      const name = path.basename(file);
      it(`${name}: the checker with MediaWiki ${recorded.mediawiki}'s catalogue gives its recorded verdicts, with no false alarm`, async () => {
        const byQuery = recorded.verdicts[name] ?? {};
        const all = readCorpus(file);
        const missing = all.filter((e) => byQuery[e.query] === undefined).map((e) => e.line);
        assert.deepEqual(missing, [], `requests not recorded yet: npm run record-as-written against a ${version} wiki`);
        const entries = all
          .filter((e) => notesOf(e).depends === undefined)
          .map((e) => ({ ...e, expected: parseVerdict(byQuery[e.query], `${name}:${e.line}`) }))
          .filter((e) => !e.expected.some((i) => CONTENT_CODES.has(i.code)));
        const { perQuery } = await checkQueries(
          entries.map((e) => e.query),
          [files.catalogue],
          cacheHome,
        );
        // A recording keeps codes, not whether each was an error: an item whose code the checker
        // reports as an error is one (the wiki stopped there, so later warnings were never given).
        const expected = entries.map((e, i) => e.expected.map((w) => ({ ...w, error: perQuery[i].some((d) => wikiErrorOf(d, w.code)) })));
        const a = compareVerdicts(entries, expected, perQuery, name);
        console.log(
          `      ${name} on MediaWiki ${recorded.mediawiki} (recorded): ${a.agree}/${a.total} agree (${all.length - entries.length} left out: depends= or the recording wiki's content); false alarms on ${a.validQueries} valid requests: ${a.falseAlarms.length}`,
        );
        assert.equal(a.falseAlarms.length, 0, a.falseAlarms.join('\n'));
        assert.equal(a.disagreements.length, 0, a.disagreements.join('\n'));
      });
    }
  });
}
