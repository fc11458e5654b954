/**
 * corpus-account.txt against MediaWiki 1.45.0 and 1.43.3 signed in, without the wikis: what each said to
 * every request sent logged in with a bot password (fixtures/account-<version>.json, by record-account.ts)
 * and the account's userinfo. `wikimap-query check --catalogue URL --bot-user USER@wmqcheck` signs in
 * to a loopback wiki that answers from those recordings (recordedAccountWiki.ts: the login, that
 * version's own paraminfo and siteinfo from its as-written catalogue, the account's recorded userinfo),
 * as accountAgreement.test.ts does against the live 1.39. Same verdict, code and parameter, with no false alarm.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts } from './agreementRunner';
import { checkQueries, ensureBuilt } from './checkerCli';
import {
  ACCOUNT_APP,
  ACCOUNT_CORPUS_FILE,
  accountFixtureFile,
  accountOf,
  checkAccountRequests,
  judgedOn,
  type RecordedAccounts,
} from './record-account';
import { asWrittenFixtureFiles } from './record-as-written';
import { startRecordedAccountWiki, type RecordedAccountWiki } from './recordedAccountWiki';
import { formatVerdict, parseVerdict, readCorpus } from './wikiVerdict';

const SECRET = 'wmqrecorded0123456789abcdefghijk';
const VERSIONS = ['1.45', '1.43'];

for (const version of VERSIONS) {
  describe(`agreement with a recorded MediaWiki ${version} signed in with a bot password (fixtures/account-${version}.json)`, function () {
    this.timeout(300000);
    const recorded = JSON.parse(fs.readFileSync(accountFixtureFile(version), 'utf8')) as RecordedAccounts;
    const [paraminfo, siteinfo] = JSON.parse(fs.readFileSync(asWrittenFixtureFiles(version).catalogue, 'utf8')) as [
      { paraminfo: { modules: Array<{ path: string }> } },
      unknown,
    ];
    const corpus = readCorpus(ACCOUNT_CORPUS_FILE).filter((e) => judgedOn(e.notes, version));
    let wiki: RecordedAccountWiki | undefined;
    let cacheHome: string;

    before(async () => {
      cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-account-recorded-'));
      await ensureBuilt();
      const main = (recorded.main as { paraminfo: { modules: Array<{ path: string }> } }).paraminfo.modules;
      wiki = await startRecordedAccountWiki({
        modules: [...main, ...paraminfo.paraminfo.modules],
        siteinfo,
        accounts: new Map(Object.values(recorded.accounts).map((a) => [`${a.userinfo.name}@${ACCOUNT_APP}`, a.userinfo])),
        password: SECRET,
      });
    });

    after(async () => {
      await wiki?.stop();
      if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
    });

    it('the recording is of that version and holds every request of the corpus, each under its account', () => {
      assert.match(recorded.mediawiki, new RegExp(`^${version.replace('.', '\\.')}\\.`));
      const missing = corpus.filter((e) => recorded.accounts[accountOf(e.notes) ?? '']?.verdicts[e.query] === undefined);
      assert.deepEqual(
        missing.map((e) => `${e.line}: ${e.query}`),
        [],
        'record again: WIKIMAP_QUERY_BOT_PASSWORD=… npm run record-account -- URL',
      );
    });

    it('the recorded wiki gave each request the verdict the corpus records (1.39 live)', () => {
      const differ = corpus
        .filter((e) => recorded.accounts[accountOf(e.notes) ?? '']?.verdicts[e.query] !== formatVerdict(e.expected))
        .map(
          (e) =>
            `${e.line}: ${e.query}: corpus ${formatVerdict(e.expected)}, ${version} ${recorded.accounts[accountOf(e.notes) ?? '']?.verdicts[e.query]}`,
        );
      assert.deepEqual(differ, []);
    });

    for (const account of Object.keys(recorded.accounts)) {
      it(`as ${account}: \`wikimap-query check --bot-user\` gives the recorded wiki’s verdict, with no false alarm`, async () => {
        const entries = corpus.filter((e) => accountOf(e.notes) === account);
        const perQuery = await checkAccountRequests(entries, wiki!.apiUrl, account, SECRET, cacheHome);
        const verdicts = entries.map((e) => parseVerdict(recorded.accounts[account].verdicts[e.query], `account-${version}.json`));
        const a = compareVerdicts(entries, verdicts, perQuery, `corpus-account.txt (as ${account})`);
        console.log(
          `      corpus-account.txt as ${account}, MediaWiki ${recorded.mediawiki} recorded: ${a.agree}/${a.total} agree; ` +
            `false alarms on ${a.validQueries} valid requests: ${a.falseAlarms.length}`,
        );
        assert.deepEqual(wiki!.unexpected, [], 'the checker asked the recorded wiki something it has no recording for');
        assert.equal(a.falseAlarms.length, 0, `${a.falseAlarms.length} false alarms:\n${a.falseAlarms.join('\n')}`);
        assert.equal(a.disagreements.length, 0, `${a.disagreements.length} disagreements:\n${a.disagreements.join('\n')}`);
        assert.equal(a.agree, entries.length);
      });
    }

    it('a wrong bot password is refused by the recorded wiki as MediaWiki refuses it, and the check says so', async () => {
      await assert.rejects(
        checkQueries(['action=query&meta=siteinfo&assert=bot'], [wiki!.apiUrl], cacheHome, ['--bot-user', `Robot@${ACCOUNT_APP}`], {
          WIKIMAP_QUERY_BOT_PASSWORD: 'wmqwrong0123456789abcdefghijklmno',
        }),
        /Incorrect username or password/,
      );
    });
  });
}
