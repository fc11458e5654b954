/**
 * Agreement with MediaWiki 1.45 on ExpiryDef values and StringDef limits, without the wiki: its
 * verdicts on corpus-limits.txt were recorded (record-limits-1.45.ts, on a 1.45 wiki with
 * $wgWatchlistExpiry and action=limitsprobe) into fixtures/limits-1.45.json, with its own paraminfo
 * and siteinfo (fixtures/limits-1.45.catalogue.json); `wikimap-query check --catalogue` that
 * recording must give the same verdicts. 1.45's ExpiryDef also refuses times past the year 9999
 * (isInMwRange), which the checker applies for wikis from 1.45 on.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createWikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { compareVerdicts } from './agreementRunner';
import { checkQueries, ensureBuilt } from './checkerCli';
import type { RecordedActionVerdicts } from './record-actions-1.45';
import { LIMITS_CORPUS_FILE, limitsFixtureFiles } from './record-limits-1.45';
import { parseVerdict, readCorpus, type CorpusEntry } from './wikiVerdict';

describe('agreement with MediaWiki 1.45 on expiry values and string limits (recorded verdicts of corpus-limits.txt)', function () {
  this.timeout(300000);
  const files = limitsFixtureFiles('1.45');
  const recording = JSON.parse(fs.readFileSync(files.verdicts, 'utf8')) as RecordedActionVerdicts;
  const [paraminfo, siteinfo] = JSON.parse(fs.readFileSync(files.catalogue, 'utf8')) as [unknown, unknown];

  it('the recording is of MediaWiki 1.45, of today’s corpus, and its catalogue has the limits and expiry types', () => {
    assert.match(recording.generator, /^MediaWiki 1\.45\./);
    const corpus = readCorpus(LIMITS_CORPUS_FILE).map((e) => e.query);
    const recorded = recording.verdicts.map((v) => v.query);
    assert.deepEqual(
      corpus.filter((q) => !recorded.includes(q)),
      [],
      'requests not recorded yet: run record-limits-1.45.ts against a 1.45 wiki',
    );
    const catalogue = createWikiCatalogue(paraminfo, { siteinfo });
    assert.equal(catalogue.getModule('watch')?.paramByName.get('expiry')?.type, 'expiry');
    assert.equal(catalogue.getModule('edit')?.paramByName.get('watchlistexpiry')?.type, 'expiry');
    const text = catalogue.getModule('limitsprobe')?.paramByName.get('text');
    assert.deepEqual([text?.maxbytes, text?.maxchars], [12, 5]);
  });

  it('`wikimap-query check` with the recorded catalogue gives 1.45’s verdict on every request, with no false alarm', async () => {
    await ensureBuilt();
    const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-limits-145-'));
    try {
      const entries: CorpusEntry[] = recording.verdicts.map((v, i) => ({
        line: i + 1,
        query: v.query,
        expected: parseVerdict(v.verdict, `limits-1.45.json #${i + 1}`).map((item) =>
          v.errors?.includes(item.code) ? { ...item, error: true } : item,
        ),
        section: '',
      }));
      const { perQuery } = await checkQueries(
        entries.map((e) => e.query),
        [files.catalogue],
        cacheHome,
      );
      const a = compareVerdicts(
        entries,
        entries.map((e) => e.expected),
        perQuery,
        'limits-1.45.json',
      );
      console.log(
        `      agreement with recorded MediaWiki 1.45 on expiry values and string limits: ${a.agree}/${a.total} agree; false alarms on ${a.validQueries} valid requests: ${a.falseAlarms.length}`,
      );
      assert.equal(a.disagreements.length, 0, a.disagreements.join('\n'));
      assert.equal(a.falseAlarms.length, 0, a.falseAlarms.join('\n'));
    } finally {
      fs.rmSync(cacheHome, { recursive: true, force: true });
    }
  });
});
