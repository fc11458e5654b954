/**
 * A loopback wiki that answers a signed-in catalogue load from the recordings of a real MediaWiki
 * (1.43, 1.45: CI cannot start them), for accountRecorded.test.ts. It does what MediaWiki does for the
 * requests `wikimap-query check --catalogue URL --bot-user USER@APP` sends, and nothing else:
 *   - `meta=tokens&type=login`: a login token, and a session cookie (ApiQueryTokens; the session starts);
 *   - POST `action=login` with that token, a bot password's `User@app` name and its password: `Success`
 *     and the session is that user's (ApiLogin); a wrong name or password: `Failed` with MediaWiki's
 *     reason text ("Incorrect username or password entered. Please try again."), a wrong token `WrongToken`;
 *   - `meta=siteinfo`, `action=paraminfo` (the modules asked for; `*` and `query+*` by their paths): the
 *     wiki's recorded answers (formatversion 2, which the loader reads as it reads formatversion 1);
 *   - `meta=userinfo&uiprop=rights`: the signed-in account's recorded answer (name and the rights its bot
 *     password's grants leave), or an anonymous reader without a session.
 * Any other request is answered HTTP 500 and listed in `unexpected`, so a change in what the loader asks
 * shows as a failure rather than a made-up answer.
 */
import * as http from 'node:http';
import { listenLoopback } from '../support/loopbackServer';

export interface RecordedAccountWiki {
  apiUrl: string;
  /** Requests it has no recording for. */
  unexpected: string[];
  stop(): Promise<void>;
}

export interface RecordedAccountWikiOptions {
  /** paraminfo answers (formatversion 2) holding every module, `main` included. */
  modules: Array<{ path: string }>;
  /** The siteinfo answer (formatversion 2). */
  siteinfo: unknown;
  /** Bot password login name (`User@app`) → the account's recorded userinfo. */
  accounts: Map<string, { id: number; name: string; rights: string[] }>;
  password: string;
}

const LOGIN_TOKEN = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4+\\';

function pathMatches(asked: string, path: string): boolean {
  if (asked === path) return true;
  if (asked === '*') return !path.includes('+');
  return asked.endsWith('+*') && path.startsWith(asked.slice(0, -1)) && !path.slice(asked.length - 1).includes('+');
}

export async function startRecordedAccountWiki(opts: RecordedAccountWikiOptions): Promise<RecordedAccountWiki> {
  const sessions = new Map<string, { id: number; name: string; rights: string[] } | undefined>();
  const unexpected: string[] = [];
  let nextSession = 1;
  const sessionOf = (req: http.IncomingMessage): string | undefined =>
    /(?:^|;\s*)wmqwiki_session=(\w+)/.exec(req.headers.cookie ?? '')?.[1];

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams;
      const send = (answer: unknown, cookie?: string) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        if (cookie) res.setHeader('Set-Cookie', `wmqwiki_session=${cookie}; path=/; HttpOnly`);
        res.end(JSON.stringify(answer));
      };
      const session = sessionOf(req);
      const account = session === undefined ? undefined : sessions.get(session);
      if (url.pathname !== '/api.php') {
        unexpected.push(`${req.method} ${req.url}`);
        res.statusCode = 404;
        res.end();
      } else if (params.get('meta') === 'tokens' && params.get('type') === 'login') {
        const id = String(nextSession++);
        sessions.set(id, undefined);
        send({ batchcomplete: true, query: { tokens: { logintoken: LOGIN_TOKEN } } }, id);
      } else if (req.method === 'POST' && params.get('action') === 'login') {
        const who = opts.accounts.get(params.get('lgname') ?? '');
        if (session === undefined || !sessions.has(session) || params.get('lgtoken') !== LOGIN_TOKEN)
          send({ login: { result: 'WrongToken' } });
        else if (who === undefined || params.get('lgpassword') !== opts.password)
          send({ login: { result: 'Failed', reason: 'Incorrect username or password entered. Please try again.' } });
        else {
          sessions.set(session, who);
          send({ login: { result: 'Success', lguserid: who.id, lgusername: who.name } });
        }
      } else if (req.method === 'GET' && params.get('action') === 'query' && params.get('meta') === 'siteinfo') {
        send(opts.siteinfo);
      } else if (req.method === 'GET' && params.get('action') === 'query' && params.get('meta') === 'userinfo') {
        const who = account ?? { id: 0, name: '127.0.0.1', anon: true, rights: ['read'] };
        send({
          batchcomplete: true,
          query: { userinfo: params.get('uiprop')?.split('|').includes('rights') ? who : { ...who, rights: undefined } },
        });
      } else if (req.method === 'GET' && params.get('action') === 'paraminfo') {
        const asked = (params.get('modules') ?? '').split('|');
        send({ paraminfo: { helpformat: 'none', modules: opts.modules.filter((m) => asked.some((a) => pathMatches(a, m.path))) } });
      } else {
        unexpected.push(`${req.method} ${url.search}${body ? ` (body ${body.length} bytes)` : ''}`);
        res.statusCode = 500;
        res.end();
      }
    });
  });
  const { origin, close } = await listenLoopback(server);
  return { apiUrl: `${origin}/api.php`, unexpected, stop: close };
}
