/**
 * corpus-authmanager.txt: AuthManager's modules (clientlogin, createaccount, changeauthenticationdata,
 * removeauthenticationdata, linkaccount) sent by POST with a real token, anonymously or logged in as a throwaway
 * account, and the checker's verdict on the same body. What a field does depends on the step, the requests named and
 * who sends it (ApiAuthManagerHelper::loadAuthenticationRequests), and a GET dies before any of it (mustbeposted):
 * only a POST shows it, so these requests are not in the GET corpora.
 *
 * Used by authManagerAgreement.test.ts (the live 1.39 of the suite's harness), record-authmanager.ts (1.43, 1.45)
 * and authManagerRecorded.test.ts (their recordings).
 */
import * as path from 'node:path';
import { actionAnswerVerdict } from './actionVerdicts';
import { checkQueries, type CheckedQueries } from './checkerCli';
import { MediaWikiClient } from './mediawikiServer';
import type { CheckerDiagnostic, CorpusEntry, VerdictItem } from './wikiVerdict';

export const AUTHMANAGER_CORPUS_FILE = path.join(__dirname, 'corpus-authmanager.txt');
/**
 * The throwaway account the `as=probe` requests are sent as; WIKIMAP_QUERY_PROBE_USER names another (a wiki that has
 * the account with a password the recorder does not know).
 */
export const PROBE_USER = process.env.WIKIMAP_QUERY_PROBE_USER || 'ProbeAuthUser';
/** Replaced in a body by the probe account's password. */
const PASSWORD_MARK = '$PROBE';
/** Sent with every request, to read the wiki's verdict in English. */
const ANSWER = { format: 'json', formatversion: '2', errorformat: 'plaintext', errorlang: 'en' };

/** Each module's token: its type (meta=tokens) and the parameter that carries it. */
const TOKENS: Record<string, { type: string; param: string }> = {
  clientlogin: { type: 'login', param: 'logintoken' },
  createaccount: { type: 'createaccount', param: 'createtoken' },
  changeauthenticationdata: { type: 'csrf', param: 'changeauthtoken' },
  removeauthenticationdata: { type: 'csrf', param: 'token' },
  linkaccount: { type: 'csrf', param: 'linktoken' },
};

/** Who sends a request: `as=probe` (logged in as PROBE_USER) or `as=anonymous`. */
export function senderOf(e: CorpusEntry): 'probe' | 'anonymous' {
  const who = /(?:^|\s)as=(\S+)/.exec(e.notes ?? '')?.[1];
  if (who !== 'probe' && who !== 'anonymous') throw new Error(`corpus-authmanager.txt:${e.line}: say as=probe or as=anonymous`);
  return who;
}

function tokenOf(body: string): { type: string; param: string } {
  const action = new URLSearchParams(body).get('action') ?? '';
  const token = TOKENS[action];
  if (!token) throw new Error(`not an AuthManager module: ${body}`);
  return token;
}

/** The body the checker reads: as written, with the token parameter (a placeholder value) the wiki is sent. */
export function checkedBody(body: string): string {
  return `${body}&${tokenOf(body).param}=t`;
}

async function token(client: MediaWikiClient, type: string): Promise<string> {
  const answer = await client.get(`action=query&meta=tokens&type=${type}&format=json&formatversion=2`);
  const value = answer?.query?.tokens?.[`${type}token`];
  if (typeof value !== 'string') throw new Error(`no ${type} token: ${JSON.stringify(answer)}`);
  return value;
}

/** Creates PROBE_USER over the API (action=createaccount, anonymously) unless the wiki has it. */
export async function ensureProbeUser(apiUrl: string, password: string): Promise<void> {
  const client = new MediaWikiClient(apiUrl);
  const users = await client.get(`action=query&list=users&ususers=${PROBE_USER}&format=json&formatversion=2`);
  if (!users?.query?.users?.[0]?.missing) return;
  const createtoken = await token(client, 'createaccount');
  const res = await client.post({
    action: 'createaccount',
    username: PROBE_USER,
    password,
    retype: password,
    createreturnurl: apiUrl,
    createtoken,
    format: 'json',
    formatversion: '2',
  });
  if (res?.createaccount?.status !== 'PASS') throw new Error(`creating ${PROBE_USER} failed: ${JSON.stringify(res)}`);
}

/**
 * The wiki's verdict on each request of `entries`, sent by POST with a fresh token, each in a session of its own
 * (a logged-in one for as=probe: a failed login or creation leaves no state for the next request).
 */
export async function sendAuthManagerCorpus(apiUrl: string, password: string, entries: CorpusEntry[]): Promise<VerdictItem[][]> {
  await ensureProbeUser(apiUrl, password);
  const out: VerdictItem[][] = [];
  for (const e of entries) {
    const client = new MediaWikiClient(apiUrl);
    if (senderOf(e) === 'probe') await client.login(PROBE_USER, password);
    const { type, param } = tokenOf(e.query);
    const form = Object.fromEntries(new URLSearchParams(e.query.replaceAll(PASSWORD_MARK, encodeURIComponent(password))));
    const answer = await client.post({ ...form, [param]: await token(client, type), ...ANSWER });
    out.push(actionAnswerVerdict(JSON.stringify(answer), e.query, () => ''));
  }
  return out;
}

/** Codes that say the request is a URL (a GET, a token in the query string): not a POST body's. */
const URL_ONLY = new Set(['mustpostparams', 'mustbeposted']);

/**
 * The checker's diagnostics on each body, judged as a POST body: `wikimap-query check` with `catalogueArgs`
 * (`--logged-in` for as=probe), its URL-only verdicts left out.
 */
export async function checkAuthManagerCorpus(
  entries: CorpusEntry[],
  catalogueArgs: string[],
  cacheHome: string,
): Promise<CheckerDiagnostic[][]> {
  const out: CheckerDiagnostic[][] = entries.map(() => []);
  for (const who of ['anonymous', 'probe'] as const) {
    const at = entries.flatMap((e, i) => (senderOf(e) === who ? [i] : []));
    if (at.length === 0) continue;
    const { perQuery }: CheckedQueries = await checkQueries(
      at.map((i) => checkedBody(entries[i].query)),
      catalogueArgs,
      cacheHome,
      who === 'probe' ? ['--logged-in'] : [],
    );
    at.forEach((i, k) => (out[i] = perQuery[k].filter((d) => !URL_ONLY.has(d.code))));
  }
  return out;
}
