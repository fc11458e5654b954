/**
 * Records what a real MediaWiki that CI cannot start (1.43, 1.45: built from source, see README.md)
 * says to the requests of corpus-account.txt, sent SIGNED IN with a bot password as
 * accountAgreement.test.ts sends them to the live 1.39: per account, its `meta=userinfo&uiprop=rights`
 * answer (the name and the rights the bot password's grants leave) and its verdict on each of its
 * requests, into test/mediawiki/fixtures/account-<major.minor>.json, with that wiki's `main` module
 * (paraminfo; the as-written catalogue of the same version holds every other module). accountRecorded.test.ts
 * then checks `wikimap-query check --bot-user` against it through a loopback wiki that answers from these
 * recordings, without the wiki.
 *
 * The wiki needs the accounts of the live suite: `Robot` in the bot group, and bot passwords `wmqcheck` of
 * grants basic, highvolume and viewdeleted for Admin and Robot, with the password in WIKIMAP_QUERY_BOT_PASSWORD
 * (on the wiki's host: `php maintenance/run.php createAndPromote --bot Robot PASSWORD`,
 * `php maintenance/run.php createBotPassword --appid=wmqcheck --grants=basic,highvolume,viewdeleted USER PASSWORD`).
 *
 *   WIKIMAP_QUERY_BOT_PASSWORD=… npm run record-account -- http://HOST/api.php
 *
 * Read-only: every corpus request is a GET (the login is the only POST).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadBuiltinCatalogue, type WikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { actionAnswerVerdict } from './actionVerdicts';
import { checkQueries } from './checkerCli';
import { MediaWikiClient } from './mediawikiServer';
import { formatVerdict, readCorpus, type CheckerDiagnostic, type CorpusEntry, type VerdictItem } from './wikiVerdict';

export const ACCOUNT_CORPUS_FILE = path.join(__dirname, 'corpus-account.txt');
/** The bot password's application id (Special:BotPasswords), as in accountAgreement.test.ts. */
export const ACCOUNT_APP = 'wmqcheck';
/** Sent with every request, to read the wiki's verdict in English. */
export const ACCOUNT_ANSWER = '&format=json&formatversion=2&errorformat=plaintext&errorlang=en';

/** The account a request of corpus-account.txt is sent as (`as=NAME` in its notes). */
export const accountOf = (notes: string | undefined): string | undefined => /(?:^|\s)as=(\S+)/.exec(notes ?? '')?.[1];

/**
 * Whether a request of corpus-account.txt is judged on MediaWiki `version` (`1.39`, `1.43.3`): all are, unless its notes
 * say `versions=1.43,1.45` (a verdict those versions give, where the others answer something no rule can say: 1.39's
 * internal error for a deletedrevs continue timestamp that is none).
 */
export function judgedOn(notes: string | undefined, version: string): boolean {
  const list = /(?:^|\s)versions=(\S+)/.exec(notes ?? '')?.[1];
  return list === undefined || list.split(',').includes(version.replace(/^(\d+\.\d+)\..*$/, '$1'));
}

/**
 * Whether the checker of a request of corpus-account.txt is told only that the program logs in
 * (`checker=logged-in` in its notes: `check --logged-in`, the account not known), not signed in with `--bot-user`.
 */
export const loggedInOnly = (notes: string | undefined): boolean => /(?:^|\s)checker=logged-in(?:\s|$)/.test(notes ?? '');

/**
 * The checker's diagnostics for one account's requests, in order: `check --catalogue API_URL --bot-user
 * ACCOUNT@wmqcheck` (the password in WIKIMAP_QUERY_BOT_PASSWORD), or `check --catalogue API_URL --logged-in`
 * for the requests marked `checker=logged-in`.
 */
export async function checkAccountRequests(
  entries: CorpusEntry[],
  apiUrl: string,
  account: string,
  password: string,
  cacheHome: string,
): Promise<CheckerDiagnostic[][]> {
  const out: CheckerDiagnostic[][] = entries.map(() => []);
  for (const plain of [false, true]) {
    const at = entries.flatMap((e, i) => (loggedInOnly(e.notes) === plain ? [i] : []));
    if (at.length === 0) continue;
    const { perQuery } = await checkQueries(
      at.map((i) => entries[i].query),
      [apiUrl],
      cacheHome,
      plain ? ['--logged-in'] : ['--bot-user', `${account}@${ACCOUNT_APP}`],
      plain ? {} : { WIKIMAP_QUERY_BOT_PASSWORD: password },
    );
    at.forEach((i, k) => (out[i] = perQuery[k]));
  }
  return out;
}

let builtin: WikiCatalogue | undefined;
/** A module's parameter prefix, to name the parameter of a wiki message that names none (`badcontinue`): the built-in catalogue's. */
export function accountPrefixOf(modulePath: string): string {
  const root = path.join(__dirname, '..', '..');
  builtin ??= loadBuiltinCatalogue((rel) => JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8')));
  return builtin.getModule(modulePath)?.prefix ?? '';
}

/** The wiki's verdict on one answer (messages that name no parameter, as `badcontinue`, pointed at the one they are about). */
export function accountVerdict(answer: unknown, query: string): VerdictItem[] {
  return actionAnswerVerdict(JSON.stringify(answer), query, accountPrefixOf);
}

export interface RecordedAccounts {
  mediawiki: string;
  /** The wiki's paraminfo answer for `main` (formatversion 2, helpformat none). */
  main: unknown;
  /** Account name → its userinfo (`query.userinfo` of meta=userinfo&uiprop=rights, signed in) and its verdicts by query. */
  accounts: Record<string, { userinfo: { id: number; name: string; rights: string[] }; verdicts: Record<string, string> }>;
}

export function accountFixtureFile(version: string): string {
  return path.join(__dirname, 'fixtures', `account-${version.replace(/^(\d+\.\d+)\..*$/, '$1')}.json`);
}

async function main(): Promise<void> {
  const apiUrl = process.argv[2];
  const password = process.env.WIKIMAP_QUERY_BOT_PASSWORD;
  if (!apiUrl || !password) throw new Error('usage: WIKIMAP_QUERY_BOT_PASSWORD=… record-account.ts http://HOST/api.php');
  const anon = new MediaWikiClient(apiUrl);
  const generator: string = (await anon.get('action=query&meta=siteinfo&format=json&formatversion=2')).query.general.generator;
  const version = generator.replace('MediaWiki ', '');
  const main = await anon.get('action=paraminfo&modules=main&helpformat=none&format=json&formatversion=2');
  if (main.error || main.warnings) throw new Error(`paraminfo answered ${JSON.stringify(main.error ?? main.warnings)}`);
  const out: RecordedAccounts = { mediawiki: version, main, accounts: {} };
  const corpus = readCorpus(ACCOUNT_CORPUS_FILE);
  for (const account of [...new Set(corpus.map((e) => accountOf(e.notes) ?? ''))]) {
    const client = new MediaWikiClient(apiUrl);
    await client.botLogin(`${account}@${ACCOUNT_APP}`, password);
    const u = (await client.get('action=query&meta=userinfo&uiprop=rights&format=json&formatversion=2')).query.userinfo;
    if (u.name !== account) throw new Error(`signed in as ${account}, the wiki says ${u.name}`);
    const verdicts: Record<string, string> = {};
    for (const e of corpus.filter((c) => accountOf(c.notes) === account))
      verdicts[e.query] = formatVerdict(accountVerdict(await client.get(e.query + ACCOUNT_ANSWER), e.query));
    out.accounts[account] = { userinfo: { id: u.id, name: u.name, rights: u.rights }, verdicts };
  }
  const file = accountFixtureFile(version);
  fs.writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
  console.log(`recorded MediaWiki ${version} signed in: ${path.relative(process.cwd(), file)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.stack : String(e));
    process.exit(1);
  });
}
