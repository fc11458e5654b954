// A hostile wiki's answer to a bot-password login (issue 25): a `result` and a `reason` with a Markdown command
// link, terminal escapes and 200 KB of text went whole into the sign-in error (a VS Code notification, the CLI's
// stderr). Now the wiki's words are cut at 200 characters, control characters dropped, link syntax broken.
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { nodeTransport } from '../../../run/node/nodeTransport';
import { RunError } from '../../../run/runErrors';
import { signedInTransport } from '../../../run/wiki/wikiAuth';
import { listenLoopback, type Loopback } from '../../support/loopbackServer';

const LINK = '[Open settings](command:workbench.action.openSettings)';

describe('wiki sign-in: a hostile login answer', () => {
  let server: Loopback;
  let apiUrl: string;
  before(async () => {
    const wiki = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url?.startsWith('/huge/')) return void res.end(JSON.stringify({ query: { tokens: { logintoken: 'x'.repeat(300_000) } } }));
      if (req.method === 'GET') return void res.end(JSON.stringify({ query: { tokens: { logintoken: 'abc+\\' } } }));
      res.end(JSON.stringify({ login: { result: `Failed${LINK}\u001b[2J`, reason: `${LINK}\u001b]0;x\u0007${'r'.repeat(200_000)}` } }));
    });
    server = await listenLoopback(wiki);
    apiUrl = `${server.origin}/w/api.php`;
  });
  after(async () => server.close());

  it('a login answer of 300 KB: said to be too large for a login answer, not a query to cut down', async () => {
    const huge = apiUrl.replace('/w/', '/huge/');
    const transport = signedInTransport(nodeTransport, {
      apiUrl: huge,
      secret: { kind: 'botPassword', username: 'Me@bot', password: 'pw-secret' },
    });
    await assert.rejects(
      transport.request({
        url: new URL(`${huge}?action=query`),
        method: 'GET',
        headers: {},
        maxBytes: 1 << 20,
        signal: new AbortController().signal,
      }),
      (e: unknown) =>
        e instanceof RunError &&
        /^The login answer of 127\.0\.0\.1:\d+ is larger than 256 KB \(a login answer is a few hundred bytes\); check that the URL is the wiki's api\.php\.$/.test(
          e.message,
        ),
    );
  });

  it('the error says the wiki refused, in its words bounded, without a link or an escape sequence', async () => {
    const transport = signedInTransport(nodeTransport, {
      apiUrl,
      secret: { kind: 'botPassword', username: 'Me@bot', password: 'pw-secret' },
    });
    await assert.rejects(
      transport.request({
        url: new URL(`${apiUrl}?action=query&meta=siteinfo&format=json`),
        method: 'GET',
        headers: {},
        maxBytes: 1 << 20,
        signal: new AbortController().signal,
      }),
      (e: unknown) => {
        assert.ok(e instanceof RunError, String(e));
        assert.match(
          e.message,
          /^Signing in to 127\.0\.0\.1:\d+ as Me@bot failed \(Failed\[Open settings\] \(command:workbench\.action\.openSettings\)\[2J: \[Open settings\] \(command:/,
        );
        assert.match(e.message, /r…\)\. Check the bot password/);
        assert.ok(e.message.length < 600, `${e.message.length} characters`);
        assert.doesNotMatch(e.message, /\]\(command:|[\u0000-\u001f]|pw-secret/);
        return true;
      },
    );
  });
});
