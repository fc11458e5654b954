/**
 * A loopback "wiki" written on the raw socket that lies while a secret is in play (test/hostile): it takes
 * any OAuth 2 token (`Authorization: Bearer …`) or bot password (the login flow: a login token, then
 * `action=login` POSTed, answered `Success` with a session cookie), answers paraminfo, siteinfo and
 * userinfo as a real MediaWiki 1.39 does, and then, as the case NAME of `/NAME/api.php` says, sends the
 * secret it was given back: in a status line with 16 KB of reason phrase and a command link, an error's
 * info, a redirect's address, the account's name, a help URL of a module, the login's refusal; or holds
 * its answer after the headers. Every request is recorded with the secret it carried, so tests can prove
 * where the secret went.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { listenLoopback } from '../support/loopbackServer';

const FIXTURES = path.join(__dirname, '..', 'unit', 'catalogue-store', 'fixtures');
const SITEINFO = fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-siteinfo.json'), 'utf8');
const PARAMINFO = fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-paraminfo.json'), 'utf8');
const LINK = '[click](command:workbench.action.quit)';

/** What each case does with the secret, for test names. */
export const ECHO_CASES: Record<string, string> = {
  status: 'an HTTP 500 whose reason phrase is the secret, a command link and 16 KB more',
  info: 'an error whose info repeats the secret',
  redirect: 'a redirect to an address holding the secret',
  name: 'an account named as the secret',
  helpurl: "a module's help URL holding the secret (kept in a saved catalogue, shown in hovers)",
  held: 'headers, then the body held back past the time limit',
  login: "a bot-password login refused with a reason that repeats the password (OAuth 2: the case 'info')",
};

export interface EchoRequest {
  name: string;
  /** The secret the request carried (the token, or the password POSTed to action=login), if any. */
  secret?: string;
}

export interface EchoWiki {
  apiUrl(name: string): string;
  seen: EchoRequest[];
  close(): Promise<void>;
}

const json = (body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`;
const apiError = (code: string, info: string) => json(JSON.stringify({ error: { code, info } }), `MediaWiki-API-Error: ${code}\r\n`);

/** The answer to a signed request of case `name` that carried `secret`. */
function signedAnswer(name: string, params: URLSearchParams, secret: string): string {
  switch (name) {
    case 'status':
      return `HTTP/1.1 500 ${secret} ${LINK} ${'x'.repeat(16_000)}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
    case 'info':
      return apiError(
        'mwoauth-invalid-authorization',
        `The authorization headers in your request are not valid: ${secret} is not a token we know`,
      );
    case 'redirect':
      return `HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:1/${secret}/api.php?again=${secret}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
    case 'held':
      return `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"batchcomplete":true,"echo":"${secret}"`;
  }
  if (params.get('action') === 'paraminfo') {
    if (name !== 'helpurl') return json(PARAMINFO);
    const info = JSON.parse(PARAMINFO) as { paraminfo: { modules: Array<{ helpurls?: string[] }> } };
    for (const m of info.paraminfo.modules) m.helpurls = [`https://www.mediawiki.org/wiki/API:${secret}`];
    return json(JSON.stringify(info));
  }
  if (params.get('meta') === 'siteinfo') return json(SITEINFO);
  if (params.get('meta') === 'userinfo') {
    const account = name === 'name' ? secret : 'Wiki owner';
    return json(JSON.stringify({ batchcomplete: true, query: { userinfo: { id: 2, name: account, rights: ['read', 'writeapi'] } } }));
  }
  return json(JSON.stringify({ batchcomplete: true, query: {} }));
}

/** Reads one request off the socket (head and a Content-Length body), then answers it. */
function onRequest(s: net.Socket, answer: (head: string, body: string) => string | undefined): void {
  let data = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    data = Buffer.concat([data, chunk]);
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = data.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (data.length < end + 4 + length) return;
    s.off('data', onData);
    const text = answer(head, data.subarray(end + 4, end + 4 + length).toString('utf8'));
    if (text !== undefined) s.write(text);
    // Held answers stay open (the client lets go at its time limit); the rest are closed.
    if (!/Content-Length: 1000000/.test(text ?? '')) s.end();
  };
  s.on('data', onData);
}

/** Starts the wiki on a free loopback port. */
export async function startEchoWiki(): Promise<EchoWiki> {
  const seen: EchoRequest[] = [];
  /** The session cookie of each bot-password login, with the password it was made with. */
  const sessions = new Map<string, string>();
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    onRequest(s, (head, body) => {
      const m = /^(GET|POST) \/(\w+)\/api\.php(?:\?(\S*))? HTTP/.exec(head);
      if (!m) return 'HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';
      const name = m[2];
      const params = new URLSearchParams(m[1] === 'POST' ? body : (m[3] ?? ''));
      const bearer = /\r\nauthorization: Bearer (\S+)/i.exec(head)?.[1];
      const cookie = /\r\ncookie: [^\r]*wmq_session=(\w+)/i.exec(head)?.[1];
      if (params.get('action') === 'login') {
        const password = params.get('lgpassword') ?? '';
        seen.push({ name, secret: password });
        if (name === 'login')
          return json(
            JSON.stringify({ login: { result: 'Failed', reason: `Incorrect password "${password}" for ${params.get('lgname')}.` } }),
          );
        const id = `s${sessions.size + 1}`;
        sessions.set(id, password);
        return json(
          JSON.stringify({ login: { result: 'Success', lguserid: 2, lgusername: 'Wiki owner' } }),
          `Set-Cookie: wmq_session=${id}; path=/\r\n`,
        );
      }
      if (params.get('meta') === 'tokens') {
        seen.push({ name });
        return json(JSON.stringify({ batchcomplete: true, query: { tokens: { logintoken: 'a1b2c3+\\' } } }));
      }
      const secret = bearer ?? (cookie ? sessions.get(cookie) : undefined);
      seen.push({ name, secret });
      if (secret === undefined) return apiError('readapidenied', 'You need read permission to use this module.');
      return signedAnswer(name === 'login' ? 'info' : name, params, secret);
    });
  });
  const loopback = await listenLoopback(server);
  return { apiUrl: (name) => `${loopback.origin}/${name}/api.php`, seen, close: loopback.close };
}
