/**
 * Agreement with a real MediaWiki 1.39 on the verdicts that depend on the signed-in account
 * (corpus-account.txt): each request is sent LOGGED IN with a bot password (action=login, as bots
 * do), and checked by `wikimap-query check --catalogue <that wiki> --bot-user <the same bot password>`,
 * which reads the account's name and rights at its signed-in catalogue load (meta=userinfo). Two
 * accounts: Admin (sysop, not a bot) and Robot (in the bot group). Both must give the same verdict —
 * code and parameter — with no false alarm on a request the wiki accepts. Requests marked `checker=logged-in`
 * are checked with `--logged-in` instead (the program logs in, its account not known to the checker).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts, corpusMismatches, type Agreement } from './agreementRunner';
import { ensureBuilt } from './checkerCli';
import { accountVerdict, checkAccountRequests, judgedOn } from './record-account';
import { ADMIN_USER, MediaWikiClient, createBotPassword, createUser, startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readCorpus, type CorpusEntry, type VerdictItem } from './wikiVerdict';

export const ACCOUNT_CORPUS_FILE = path.join(__dirname, 'corpus-account.txt');
/** Bot passwords: 32 or more of 0-9 and a-w, as MediaWiki makes them. */
const SECRET = 'wmqaccount0123456789abcdefghijklm';
const APP = 'wmqcheck';
const GRANTS = ['basic', 'highvolume', 'viewdeleted'];
const ROBOT = 'Robot';
/** Sent with every request, to read the wiki's verdict in English. */
const ANSWER = '&format=json&formatversion=2&errorformat=plaintext&errorlang=en';

/** The account a request is sent as (`as=NAME` after it). */
const accountOf = (e: CorpusEntry): string | undefined => /(?:^|\s)as=(\S+)/.exec(e.notes ?? '')?.[1];

interface Judged {
  entries: CorpusEntry[];
  wiki: VerdictItem[][];
  agreement: Agreement;
}

describe('agreement with a real MediaWiki 1.39 signed in with a bot password (corpus-account.txt)', function () {
  this.timeout(600000);
  let wiki: MediaWikiInstance | undefined;
  let cacheHome: string;
  const judged = new Map<string, Judged>();
  const corpus = readCorpus(ACCOUNT_CORPUS_FILE).filter((e) => judgedOn(e.notes, '1.39'));
  const accounts = [...new Set(corpus.map((e) => accountOf(e) ?? ''))];

  async function judge(account: string): Promise<Judged> {
    const entries = corpus.filter((e) => accountOf(e) === account);
    const botUser = `${account}@${APP}`;
    const client = new MediaWikiClient(wiki!.apiUrl);
    await client.botLogin(botUser, SECRET);
    const verdicts: VerdictItem[][] = [];
    // One at a time: PHP's built-in server answers one request at a time anyway.
    for (const e of entries) verdicts.push(accountVerdict(await client.get(e.query + ANSWER), e.query));
    const perQuery = await checkAccountRequests(entries, wiki!.apiUrl, account, SECRET, cacheHome);
    return { entries, wiki: verdicts, agreement: compareVerdicts(entries, verdicts, perQuery, `corpus-account.txt (as ${account})`) };
  }

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-account-'));
    await ensureBuilt();
    wiki = await startMediaWiki({ seed: false });
    createUser(wiki, ROBOT, 'Wikimap-robot-pass-1', ['bot']);
    createBotPassword(wiki, ADMIN_USER, APP, SECRET, GRANTS);
    createBotPassword(wiki, ROBOT, APP, SECRET, GRANTS);
    for (const account of accounts) judged.set(account, await judge(account));
  });

  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('every request names its account (as=Admin or as=Robot), and both accounts have requests', () => {
    assert.deepEqual(accounts.sort(), [ADMIN_USER, ROBOT]);
  });

  for (const account of [ADMIN_USER, ROBOT]) {
    it(`as ${account}: the wiki still gives each request the verdict the corpus records`, () => {
      const j = judged.get(account)!;
      const wrong = corpusMismatches(j.entries, j.wiki, `corpus-account.txt (as ${account})`);
      assert.equal(wrong.length, 0, `the wiki judged ${wrong.length} requests differently from the corpus:\n${wrong.join('\n')}`);
    });

    it(`as ${account}: \`wikimap-query check --bot-user\` gives the wiki’s verdict, with no false alarm`, () => {
      const a = judged.get(account)!.agreement;
      console.log(
        `      corpus-account.txt as ${account} with MediaWiki ${wiki!.generator.replace('MediaWiki ', '')}: ${a.agree}/${a.total} agree; ` +
          `false alarms on ${a.validQueries} valid requests: ${a.falseAlarms.length}`,
      );
      assert.equal(a.falseAlarms.length, 0, `${a.falseAlarms.length} false alarms:\n${a.falseAlarms.join('\n')}`);
      assert.equal(a.disagreements.length, 0, `${a.disagreements.length} disagreements:\n${a.disagreements.join('\n')}`);
    });
  }
});
