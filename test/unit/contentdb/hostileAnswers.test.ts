// A hostile ContentDB's answers to the token request and whoami (issue 25): odd JSON, HTML error pages, huge
// or CR/LF-laden tokens, 100 KB or control-character user names, and server text with Markdown links
// (`[label](command:…)`, which a VS Code notification turns into a clickable link). Each is refused with a
// message of bounded length, or shown with the link syntax broken; nothing throws but a ContentDbError.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { checkBaseUrl, exchangeCode, revokeToken, whoami } from '../../../client/src/contentdb/contentDbClient';
import { ContentDbError, serverText } from '../../../client/src/contentdb/errors';
import { listenLoopback, type Loopback } from '../../support/loopbackServer';

const LINK = '[Open settings](command:workbench.action.openSettings?%22x%22)';

/** Path → [status, content type, body] of the fake's answer. */
const ANSWERS: Record<string, [number, string, string]> = {
  '/html/oauth/token/': [500, 'text/html', `<html><body><h1>Internal Server Error</h1>${'x'.repeat(10_000)}</body></html>`],
  '/array/oauth/token/': [200, 'application/json', '[1,2,3]'],
  '/null/oauth/token/': [200, 'application/json', 'null'],
  '/crlf/oauth/token/': [
    200,
    'application/json',
    JSON.stringify({ success: true, access_token: 'abc\r\nX-Injected: 1', token_type: 'Bearer' }),
  ],
  '/hugetoken/oauth/token/': [
    200,
    'application/json',
    JSON.stringify({ success: true, access_token: 't'.repeat(500_000), token_type: 'Bearer' }),
  ],
  '/tokentype/oauth/token/': [
    200,
    'application/json',
    JSON.stringify({ success: true, access_token: 'abc', token_type: `${LINK}${'y'.repeat(5000)}` }),
  ],
  '/error/oauth/token/': [400, 'application/json', JSON.stringify({ success: false, error: `${LINK}\u001b[2J${'e'.repeat(500_000)}` })],
  '/wrongtypes/oauth/token/': [200, 'application/json', JSON.stringify({ success: 'true', access_token: 42, error: { x: 1 } })],
  '/longname/api/whoami/': [200, 'application/json', JSON.stringify({ is_authenticated: true, username: 'u'.repeat(100_000) })],
  '/ctrlname/api/whoami/': [
    200,
    'application/json',
    JSON.stringify({ is_authenticated: true, username: 'evil\u001b]8;;http://x\u0007name' }),
  ],
  '/linkname/api/whoami/': [200, 'application/json', JSON.stringify({ is_authenticated: true, username: LINK })],
  '/whoerror/api/whoami/': [500, 'application/json', JSON.stringify({ error: `${LINK}${'w'.repeat(300_000)}` })],
  '/revoke/api/delete-token/': [500, 'application/json', JSON.stringify({ error: `${LINK}${'r'.repeat(300_000)}` })],
};

describe('ContentDB: hostile token and whoami answers', () => {
  let server: Loopback;
  let origin: string;
  before(async () => {
    server = await listenLoopback(
      http.createServer((req, res) => {
        const [status, type, body] = ANSWERS[new URL(req.url ?? '/', 'http://x').pathname] ?? [404, 'text/plain', 'no'];
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      }),
    );
    origin = server.origin;
  });
  after(async () => server.close());
  const base = (name: string) => checkBaseUrl(`${origin}/${name}`);
  const exchange = (name: string) => exchangeCode(base(name), { clientId: 'id', clientSecret: 'the-client-secret', code: 'c0de' });

  const refused: Array<[string, () => Promise<unknown>, ContentDbError['kind'], RegExp]> = [
    ['the token request answered by an HTML error page', () => exchange('html'), 'badResponse', /HTTP 500 and no JSON \(text\/html\)/],
    ['the token request answered by a JSON array', () => exchange('array'), 'badResponse', /HTTP 200 and no JSON/],
    ['the token request answered by null', () => exchange('null'), 'badResponse', /HTTP 200 and no JSON/],
    ['a token with CR/LF (a header injection)', () => exchange('crlf'), 'badResponse', /a token of 18 characters that cannot be sent/],
    ['a token of 500,000 characters', () => exchange('hugetoken'), 'badResponse', /a token of 500000 characters that cannot be sent/],
    ['a token type of 5 KB with a command link', () => exchange('tokentype'), 'badResponse', /of type "\[Open settings\] \(command:/],
    [
      'an error of 500 KB with a command link and ESC',
      () => exchange('error'),
      'tokenRefused',
      /refused the sign-in \(HTTP 400\): "\[Open settings\] \(command:[^\u001b]*…"/,
    ],
    ['every field of the wrong type', () => exchange('wrongtypes'), 'badResponse', /neither a token nor an error/],
    [
      'whoami: a user name of 100,000 characters',
      () => whoami(base('longname'), 'tok'),
      'badResponse',
      /a user name of 100000 characters, which no/,
    ],
    [
      'whoami: a user name with control characters',
      () => whoami(base('ctrlname'), 'tok'),
      'badResponse',
      /with control characters, which no/,
    ],
    [
      'whoami: an error of 300 KB with a command link',
      () => whoami(base('whoerror'), 'tok'),
      'badResponse',
      /answered whoami with "\[Open settings\] \(command:.*…"/,
    ],
    [
      'revoke: an error of 300 KB with a command link',
      () => revokeToken(base('revoke'), 'tok'),
      'badResponse',
      /did not revoke the token \("\[Open settings\] \(command:.*…"\)/,
    ],
  ];
  for (const [what, call, kind, message] of refused) {
    it(`${what}: ${kind}, said in a bounded message`, async () => {
      await assert.rejects(call(), (e: unknown) => {
        assert.ok(e instanceof ContentDbError, String(e));
        assert.equal(e.kind, kind, e.message);
        assert.match(e.message, message);
        assert.ok(e.message.length < 600, `${e.message.length} characters`);
        assert.doesNotMatch(e.message, /\]\(command:|[\u0000-\u001f]/);
        return true;
      });
    });
  }

  it('whoami: a user name that is a Markdown command link is read, and shown with the link syntax broken', async () => {
    const me = await whoami(base('linkname'), 'tok');
    assert.equal(me.username, LINK);
    assert.equal(serverText(me.username!), '[Open settings] (command:workbench.action.openSettings?%22x%22)');
  });

  // [what, a server's text, as a message quotes it]
  const UNSEEN: Array<[string, string, string]> = [
    ['a right-to-left override (the name reads as another)', 'admin\u202Egnp.exe', 'admingnp.exe'],
    ['isolates and embeddings', '\u2067evil\u2069 \u202Ax\u202C', 'evil x'],
    ['zero-width and direction marks', 'us\u200Ber\u200F', 'user'],
    ['terminal escapes and a NUL', 'a\u001b]0;pwned\u0007b\u0000c', 'a]0;pwnedbc'],
    ['letters of any script are kept', 'Ödön שלום 名前', 'Ödön שלום 名前'],
  ];
  for (const [what, text, shown] of UNSEEN) {
    it(`serverText drops what would hide or reorder text: ${what}`, () => assert.equal(serverText(text), shown));
  }
});
