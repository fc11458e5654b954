/**
 * corpus-authmanager.txt against MediaWiki 1.45.0 and 1.43.3, without the wikis: what each said to every request
 * sent by POST with real tokens (fixtures/authmanager-<version>.json, by record-authmanager.ts), and
 * `wikimap-query check` (the built-in catalogue, `--logged-in` for the requests sent logged in) on the same bodies,
 * judged as POST bodies (authManagerProbe.ts). Same verdict, code and parameter, with no false alarm.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts } from './agreementRunner';
import { AUTHMANAGER_CORPUS_FILE, checkAuthManagerCorpus } from './authManagerProbe';
import { ensureBuilt } from './checkerCli';
import { authManagerFixtureFile, recordingKey, type RecordedAuthManager } from './record-authmanager';
import { formatVerdict, parseVerdict, readCorpus } from './wikiVerdict';

for (const version of ['1.45', '1.43']) {
  describe(`AuthManager's modules by POST: agreement with a recorded MediaWiki ${version} (fixtures/authmanager-${version}.json)`, function () {
    this.timeout(300000);
    const recorded = JSON.parse(fs.readFileSync(authManagerFixtureFile(version), 'utf8')) as RecordedAuthManager;
    const corpus = readCorpus(AUTHMANAGER_CORPUS_FILE);
    let cacheHome: string;

    before(async () => {
      cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-authmanager-recorded-'));
      await ensureBuilt();
    });

    after(() => {
      if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
    });

    it('the recording is of that version, holds every request of the corpus, and gives each the verdict the corpus records', () => {
      assert.match(recorded.mediawiki, new RegExp(`^${version.replace('.', '\\.')}\\.`));
      const wrong = corpus
        .filter((e) => recorded.verdicts[recordingKey(e)] !== formatVerdict(e.expected))
        .map(
          (e) =>
            `corpus-authmanager.txt:${e.line} ${recordingKey(e)}\n    corpus: ${formatVerdict(e.expected)}\n    wiki:   ${recorded.verdicts[recordingKey(e)]}`,
        );
      assert.deepEqual(wrong, []);
      assert.equal(Object.keys(recorded.verdicts).length, corpus.length);
    });

    it('the checker gives every request the verdict the wiki gave, with no false alarm', async () => {
      const wiki = corpus.map((e) => parseVerdict(recorded.verdicts[recordingKey(e)], `fixtures/authmanager-${version}.json`));
      const checked = await checkAuthManagerCorpus(corpus, [], cacheHome);
      const agreement = compareVerdicts(corpus, wiki, checked, AUTHMANAGER_CORPUS_FILE);
      console.log(`      corpus-authmanager.txt on ${recorded.mediawiki}: ${agreement.agree}/${agreement.total} agree`);
      assert.deepEqual(agreement.falseAlarms, []);
      assert.deepEqual(agreement.disagreements, []);
    });
  });
}
