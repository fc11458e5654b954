/**
 * A loopback private "wiki" with the OAuth extension whose answers to a signed-in reader are hostile
 * (test/hostile): `/NAME/api.php` reads only with `Authorization: Bearer TOKEN` (else `readapidenied`, as
 * a private MediaWiki answers), answers siteinfo and paraminfo as a real MediaWiki 1.39 does, and answers
 * `meta=userinfo` — the account the sign-in reads as — as the case NAME says: a user name of 10 MB, one
 * with terminal escapes and a `command:` link, 2,000,000 rights, rights nested 1,000,000 deep, every
 * field of the wrong type, an answer dripped a byte a second, 100 MB of answer, a redirect, a refusal of
 * 10 MB with escapes. `/refusal/api.php` refuses every signed request with such a text. Every request
 * is recorded (path, query, whether it carried the token), so tests can prove where the token went.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { listenLoopback } from '../support/loopbackServer';

const FIXTURES = path.join(__dirname, '..', 'unit', 'catalogue-store', 'fixtures');
const SITEINFO = fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-siteinfo.json'), 'utf8');
const PARAMINFO = fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-paraminfo.json'), 'utf8');

/** Terminal escapes (a title change, a screen clear) and a link VS Code would make clickable. */
export const ESCAPES = 'Evil\u001b]0;pwned\u0007\u001b[2J[click](command:workbench.action.quit)';

const userinfo = (info: unknown) => JSON.stringify({ batchcomplete: true, query: { userinfo: info } });
const RIGHTS = ['read', 'edit', 'writeapi', 'apihighlimits'];

/** The userinfo answer of each case, as text (built when first asked, kept). */
const USERINFO: Record<string, () => string> = {
  /** A well-formed account, for comparison. */
  plain: () => userinfo({ id: 2, name: 'Wiki owner', rights: RIGHTS }),
  hugename: () => userinfo({ id: 2, name: 'A'.repeat(10_000_000), rights: RIGHTS }),
  escname: () => userinfo({ id: 2, name: ESCAPES + 's'.repeat(100_000), rights: RIGHTS }),
  /** A short name that a MediaWiki user name cannot be: link syntax (`[` `]`, `(`). */
  linkname: () => userinfo({ id: 2, name: '[click](command:workbench.action.quit)', rights: RIGHTS }),
  rights: () => userinfo({ id: 2, name: 'Wiki owner', rights: Array.from({ length: 2_000_000 }, (_, i) => `right${i}`) }),
  deep: () =>
    `{"batchcomplete":true,"query":{"userinfo":{"id":2,"name":"Wiki owner","rights":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}}}`,
  wrongtypes: () => userinfo({ id: 'two', name: { first: 'Wiki' }, rights: 'read|edit|bot' }),
  wrongrights: () => userinfo({ id: 2, name: 'Wiki owner', rights: ['read', 42, null, { bot: true }, ['bot']] }),
  notobject: () => JSON.stringify({ batchcomplete: true, query: { userinfo: ['Wiki owner', RIGHTS] } }),
};

/** Cases whose userinfo answer is not a JSON body. */
type Special = (res: http.ServerResponse, origin: string) => void;
const SPECIAL: Record<string, Special> = {
  /** 200, then one byte a second, for ever. */
  drip: (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 1000);
    res.on('close', () => clearInterval(timer));
  },
  /** 100 MB of a JSON-looking answer, as fast as the client reads. */
  huge: (res) => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(100 * 1024 * 1024 + 2) });
    res.write('"');
    let sent = 0;
    const pump = () => {
      while (!res.destroyed && sent < 1600) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('"');
    };
    pump();
  },
  /** A redirect to another path of this server, then to another host name (the token must go to neither). */
  redirect: (res, origin) => {
    res.writeHead(302, { Location: `${origin.replace('127.0.0.1', 'localhost')}/steal/api.php?action=query&meta=userinfo` });
    res.end();
  },
  /** A refusal of 10 MB with terminal escapes and a link, in the error's code and info. */
  refused: (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'MediaWiki-API-Error': 'x' });
    res.end(JSON.stringify({ error: { code: `${ESCAPES}code`, info: `${ESCAPES} ${'i'.repeat(10_000_000)}` } }));
  },
  /** An HTML error page with a 500 status. */
  html: (res) => {
    res.writeHead(500, { 'Content-Type': 'text/html' });
    res.end(`<html><body><script>alert(1)</script>${ESCAPES}${'e'.repeat(100_000)}</body></html>`);
  },
};

/** Every case of the userinfo answer, with what it is (for test names). */
export const SIGN_IN_CASES: Record<string, string> = {
  hugename: 'a user name of 10 MB',
  escname: 'a user name of 100,000 characters with terminal escapes and a command link',
  linkname: 'a user name in link syntax',
  rights: '2,000,000 rights',
  deep: 'rights nested 1,000,000 deep',
  wrongtypes: 'every field of the wrong type',
  wrongrights: 'rights of the wrong types',
  notobject: 'a userinfo that is an array',
  drip: 'an answer dripped a byte a second',
  huge: 'an answer of 100 MB',
  redirect: 'a redirect to another path and host',
  refused: 'a refusal of 10 MB with terminal escapes and a command link',
  html: 'an HTML error page',
};

export interface SeenRequest {
  path: string;
  query: string;
  signed: boolean;
  authorization?: string;
}

export interface HostileSignInWiki {
  origin: string;
  apiUrl(name: string): string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

function apiError(res: http.ServerResponse, code: string, info: string): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'MediaWiki-API-Error': code });
  res.end(JSON.stringify({ error: { code, info } }));
}

function answer(name: string, params: URLSearchParams, res: http.ServerResponse, origin: string, built: Map<string, string>): void {
  const json = (text: string) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(text);
  };
  if (name === 'refusal') return SPECIAL.refused(res, origin);
  if (params.get('action') === 'paraminfo') return json(PARAMINFO);
  if (params.get('meta') === 'siteinfo') return json(SITEINFO);
  if (params.get('meta') === 'userinfo') {
    const special = SPECIAL[name];
    if (special) return special(res, origin);
    const make = USERINFO[name] ?? USERINFO.plain;
    let text = built.get(name);
    if (text === undefined) built.set(name, (text = make()));
    return json(text);
  }
  return json(JSON.stringify({ batchcomplete: true, query: { allpages: [{ pageid: 1, ns: 0, title: 'Main Page' }] } }));
}

/** Starts the wiki on a free loopback port; `token` is the only OAuth 2 token it takes. */
export async function startHostileSignInWiki(token: string): Promise<HostileSignInWiki> {
  const seen: SeenRequest[] = [];
  const built = new Map<string, string>();
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const signed = req.headers.authorization === `Bearer ${token}`;
    seen.push({ path: url.pathname, query: url.search.slice(1), signed, authorization: req.headers.authorization });
    const m = /^\/(\w+)\/api\.php$/.exec(url.pathname);
    req.resume();
    if (!m) {
      res.writeHead(404);
      return void res.end();
    }
    if (!signed) return apiError(res, 'readapidenied', 'You need read permission to use this module.');
    answer(m[1], url.searchParams, res, origin, built);
  });
  const loopback = await listenLoopback(server);
  origin = loopback.origin;
  return { origin, apiUrl: (name) => `${origin}/${name}/api.php`, seen, close: loopback.close };
}
