/**
 * The ContentDB sign-in's loopback callback attacked as the other hostile suites do not (issue 25, "hostile
 * inputs you have not seen"): request targets that are not URLs, OAuth parameters given twice, a 100 KB query,
 * percent escapes that are not UTF-8, and an `error=` redirect whose `error` and `error_description` carry HTML,
 * terminal escapes and a `command:` link. Against the real sign-in flow, the fake ContentDB and the real loopback
 * receiver, with raw sockets as the browser: each odd callback is refused with an answer (never left hanging,
 * never an uncaught exception) and the sign-in goes on to finish with the real callback; what the user is
 * told stays one bounded line with no escapes and no link.
 *
 * Found: a target in absolute form that is not a URL (`GET http://[x/callback`) threw in the request handler (an
 * uncaught exception in the extension host; the browser never answered); `code=a&code=b` signed in with the
 * first code; the `error_description` went into the notification as sent (escapes, `[click](command:…)`).
 */
import { strict as assert } from 'node:assert';
import * as net from 'node:net';
import { ContentDbError } from '../../client/src/contentdb/errors';
import { signIn, type SignInResult } from '../../client/src/contentdb/oauthFlow';
import { FakeContentDb, simulateBrowser, type FakeClient } from '../fakes/contentDb';
import { unusedLoopbackPort } from '../support/loopbackServer';

/** A raw HTTP/1.1 request to the callback port; answers the status line's code and the page (or what the socket said). */
function rawRequest(port: number, text: string): Promise<{ status: number; page: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    const parts: Buffer[] = [];
    socket.on('data', (d: Buffer) => parts.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(parts).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1] ?? 0), page: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
  });
}

const get = (port: number, target: string, host = `127.0.0.1:${port}`) =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);

/** Odd callbacks sent before the real one: each refused with an answer; the sign-in still waits. */
const REFUSED: Array<[string, (state: string, code: string) => string, number, RegExp]> = [
  ['a target in absolute form that is not a URL', () => 'http://[x/callback', 400, /Not the sign-in callback/],
  ['an absolute-form target with a port out of range', (s) => `http://h:99999/callback?code=a&state=${s}`, 400, /Not the sign-in callback/],
  ['code given twice', (s, c) => `/callback?code=${c}&code=forged&state=${s}`, 400, /gives &quot;code&quot; more than once/],
  [
    'state given twice (the right one first)',
    (s, c) => `/callback?code=${c}&state=${s}&state=other`,
    400,
    /gives &quot;state&quot; more than once/,
  ],
  [
    'state given twice (the right one last)',
    (s, c) => `/callback?code=${c}&state=other&state=${s}`,
    400,
    /gives &quot;state&quot; more than once/,
  ],
  [
    'error given twice beside a code',
    (s, c) => `/callback?code=${c}&state=${s}&error=a&error=b`,
    400,
    /gives &quot;error&quot; more than once/,
  ],
  ['a state that is not UTF-8', (_s, c) => `/callback?code=${c}&state=%FF%FE%C0`, 400, /state mismatch/],
  ['a query of 100 KB', (s, c) => `/callback?code=${c}&state=${s}&x=${'a'.repeat(100_000)}`, 431, /^$/],
  ['the right query on another path', (s, c) => `/callback/../other?code=${c}&state=${s}`, 404, /Not the sign-in callback/],
];

const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const HOSTILE_TEXT = `<script>alert(1)</script>\u001b]0;pwned\u0007\u001b[2J[click](command:workbench.action.quit)${'d'.repeat(6000)}`;

describe('redteam: the ContentDB sign-in callback given odd and repeated parameters', function () {
  this.timeout(60_000);
  let db: FakeContentDb;
  let client: FakeClient;
  let port: number;
  const logs: string[] = [];
  const uncaught: unknown[] = [];
  const onUncaught = (e: unknown) => uncaught.push(e);

  beforeEach(async () => {
    db = await new FakeContentDb().start();
    port = await unusedLoopbackPort();
    client = db.registerClient({ redirectUrl: `http://127.0.0.1:${port}/callback` });
    logs.length = 0;
    uncaught.length = 0;
    // Mocha would report such an exception against some test; here it is counted against this one.
    process.prependListener('uncaughtException', onUncaught);
  });
  afterEach(async () => {
    process.removeListener('uncaughtException', onUncaught);
    await db.stop();
  });

  /** Signs in; `browse` plays the browser with the authorize URL, the state and the real callback's code. */
  async function signInWith(
    browse: (state: string, code: string, callbackUrl: string) => Promise<void>,
  ): Promise<SignInResult | ContentDbError> {
    try {
      return await signIn({
        baseUrl: db.baseUrl,
        clientId: client.id,
        clientSecret: client.secret,
        redirectUri: `http://127.0.0.1:${port}/callback`,
        waitTimeoutMs: 30_000,
        log: (m) => logs.push(m),
        openBrowser: async (url) => {
          const state = new URL(url).searchParams.get('state')!;
          // The consent, up to the redirect to the callback (not followed: the test sends it itself).
          const visit = await simulateBrowser(url, { cookie: db.loginCookie('alice'), followCallback: false });
          const callbackUrl = visit.callbackUrl!;
          void browse(state, new URL(callbackUrl).searchParams.get('code')!, callbackUrl);
          return true;
        },
      });
    } catch (e) {
      assert.ok(e instanceof ContentDbError, String(e));
      return e;
    }
  }

  for (const [what, target, status, page] of REFUSED) {
    it(`${what}: refused (HTTP ${status}) with an answer, and the sign-in finishes with the real callback`, async () => {
      let refused: { status: number; page: string } | undefined;
      const result = await signInWith(async (state, code, callbackUrl) => {
        refused = await get(port, target(state, code));
        await fetch(callbackUrl);
      });
      assert.deepEqual(uncaught, []);
      assert.ok(!(result instanceof ContentDbError), result instanceof ContentDbError ? result.message : '');
      assert.equal(result.username, 'alice');
      assert.equal(refused?.status, status, refused?.page);
      assert.match(refused.page, page);
      assert.ok(!db.requestLog.some((r) => r.body.includes('forged')), 'no forged code was sent to ContentDB');
    });
  }

  it('a code whose escapes are not UTF-8, with the right state: the sign-in ends with ContentDB\'s "Incorrect code", said plainly', async () => {
    const result = await signInWith(async (state) => void (await get(port, `/callback?code=%FF%FE%00%1B&state=${state}`)));
    assert.deepEqual(uncaught, []);
    assert.ok(result instanceof ContentDbError);
    assert.equal(result.kind, 'badCode');
    assert.doesNotMatch(result.message, CONTROL);
  });

  it('an error redirect whose error and error_description carry HTML, terminal escapes and a command link: one bounded line, the tab escaped', async () => {
    let answered: Promise<{ status: number; page: string }> | undefined;
    const result = await signInWith(async (state) => {
      const q = new URLSearchParams({ error: `access_denied${HOSTILE_TEXT}`, error_description: HOSTILE_TEXT, state });
      answered = get(port, `/callback?${q}`);
    });
    const tab = await answered!;
    assert.deepEqual(uncaught, []);
    assert.ok(result instanceof ContentDbError);
    assert.equal(result.kind, 'authorizeError');
    assert.match(
      result.message,
      /^ContentDB did not authorize the sign-in \(access_denied<script>alert\(1\)<\/script>\]0;pwned\[2J\[click\] \(command:/,
    );
    assert.doesNotMatch(result.message, CONTROL);
    assert.ok(!result.message.includes(']('), 'a Markdown link');
    assert.ok(result.message.length < 600, `${result.message.length} characters`);
    const logged = logs.join('\n');
    assert.doesNotMatch(logged, CONTROL);
    assert.ok(logged.length < 2000, `${logged.length} characters logged`);
    assert.equal(tab.status, 400);
    assert.ok(!tab.page.includes('<script>'), 'the tab shows the text, escaped');
    assert.match(tab.page, /&lt;script&gt;/);
  });
});
