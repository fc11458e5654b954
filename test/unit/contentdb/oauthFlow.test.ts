// The sign-in flow end to end against the fake ContentDB, with a simulated browser following the redirects
// to the real loopback callback server.
import assert from 'node:assert/strict';
import { UriCallbackRouter } from '../../../client/src/contentdb/callbackServer';
import { exchangeCode } from '../../../client/src/contentdb/contentDbClient';
import { ContentDbError, ContentDbErrorKind } from '../../../client/src/contentdb/errors';
import { signIn, SignInOptions, SignInResult } from '../../../client/src/contentdb/oauthFlow';
import { FakeClient, FakeContentDb, simulateBrowser, BrowserVisit } from '../../fakes/contentDb';
import { assertNoSecrets, freePort, LogCollector, occupyPort, portIsClosed } from './helpers';

describe('ContentDB sign-in flow', () => {
  let db: FakeContentDb;
  let port: number;
  let redirectUri: string;
  let client: FakeClient;
  let logs: LogCollector;

  beforeEach(async () => {
    db = await new FakeContentDb().start();
    port = await freePort();
    redirectUri = `http://127.0.0.1:${port}/callback`;
    client = db.registerClient({ redirectUrl: redirectUri });
    logs = new LogCollector();
  });
  afterEach(async () => {
    await db.stop();
  });

  function options(overrides: Partial<SignInOptions> = {}): SignInOptions {
    return {
      baseUrl: db.baseUrl,
      clientId: client.id,
      clientSecret: client.secret,
      redirectUri,
      openBrowser: async () => true,
      log: logs.log,
      ...overrides,
    };
  }

  /** Signs in with a browser that does `browse(authorizeUrl)`; answers the result or error and the browser visit. */
  async function run(
    browse: (url: string) => Promise<BrowserVisit | void>,
    overrides: Partial<SignInOptions> = {},
  ): Promise<{ result?: SignInResult; error?: ContentDbError; visit?: BrowserVisit | void }> {
    let visit: Promise<BrowserVisit | void> | undefined;
    const flow = signIn(
      options({
        openBrowser: async (url) => {
          visit = browse(url);
          return true;
        },
        ...overrides,
      }),
    );
    try {
      const result = await flow;
      return { result, visit: await visit };
    } catch (e) {
      assert.ok(e instanceof ContentDbError, `expected a ContentDbError, got ${String(e)}`);
      return { error: e, visit: await visit };
    }
  }

  const alice = () => ({ cookie: db.loginCookie('alice') });

  it('signs in end to end: consent, callback, multipart token exchange, whoami; the tab says it finished', async () => {
    const { result, visit } = await run((url) => simulateBrowser(url, alice()));
    assert.equal(result!.username, 'alice');
    assert.deepEqual(db.accessTokensOf('alice'), [result!.accessToken]);
    assert.equal(visit!.status, 200);
    assert.match(visit!.body, /Signed in to ContentDB as alice/);
    // The first token request is the check of the client id and secret (a made-up code); the last is the exchange.
    const tokenRequests = db.requestLog.filter((r) => r.path === '/oauth/token/');
    assert.equal(tokenRequests.length, 2);
    assert.match(tokenRequests[0].body, /check-/);
    const tokenRequest = tokenRequests[1];
    assert.match(String(tokenRequest.headers['content-type']), /^multipart\/form-data; boundary=/);
    for (const field of ['grant_type', 'client_id', 'client_secret', 'code'])
      assert.match(tokenRequest.body, new RegExp(`name="${field}"`));
    assert.ok(await portIsClosed(port), 'the callback server closed after the valid callback');
  });

  it('sends a 256-bit random state and the exact registered redirect_uri', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      await run((url) => {
        urls.push(url);
        return simulateBrowser(url, { ...alice(), action: 'cancel' });
      });
    }
    const states = urls.map((u) => new URL(u).searchParams.get('state')!);
    for (const s of states) assert.match(s, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(states[0], states[1]);
    assert.equal(new URL(urls[0]).searchParams.get('redirect_uri'), redirectUri);
    assert.equal(new URL(urls[0]).pathname, '/oauth/authorize/');
  });

  it('reports "Sign-in cancelled" when the user cancels on the consent page, and stores nothing', async () => {
    const { error, visit } = await run((url) => simulateBrowser(url, { ...alice(), action: 'cancel' }));
    assert.equal(error!.kind, 'cancelled');
    assert.equal(error!.message, 'Sign-in cancelled.');
    assert.equal(visit!.callbackUrl, redirectUri, 'the real server redirects to the bare URL');
    assert.match(visit!.body, /sign-in failed[\s\S]*Sign-in cancelled/i);
    assert.ok(!db.requestLog.some((r) => r.path === '/oauth/token/' && !r.body.includes('check-')), 'no code exchange after a cancel');
  });

  it('stops with "cancelled" when the caller aborts while waiting for the browser', async () => {
    const abort = new AbortController();
    const { error } = await run(
      async () => {
        abort.abort();
      },
      { signal: abort.signal },
    );
    assert.equal(error!.kind, 'cancelled');
    assert.ok(await portIsClosed(port));
  });

  it('times out when the browser never comes back, and closes the callback server', async () => {
    const { error } = await run(async () => {}, { waitTimeoutMs: 20 });
    assert.equal(error!.kind, 'timeout');
    assert.match(error!.message, /Sign In" again/);
    assert.ok(await portIsClosed(port));
  });

  it('refuses forged callbacks (wrong state, no state, wrong path) and still completes with the real one', async () => {
    const statuses: Record<string, number> = {};
    const { result, visit } = await run(async (url) => {
      const state = new URL(url).searchParams.get('state')!;
      const hit = async (name: string, path: string) => {
        statuses[name] = (await fetch(`http://127.0.0.1:${port}${path}`)).status;
      };
      await hit('wrong state', '/callback?code=forged&state=not-the-state');
      await hit('no state', '/callback?code=forged');
      await hit('wrong path', `/other?code=forged&state=${state}`);
      return simulateBrowser(url, alice());
    });
    assert.deepEqual(statuses, { 'wrong state': 400, 'no state': 400, 'wrong path': 404 });
    assert.equal(result!.username, 'alice');
    assert.equal(visit!.status, 200);
    assert.ok(!db.requestLog.some((r) => r.body.includes('forged')), 'no forged code was ever sent to ContentDB');
  });

  it('refuses a repeated callback while the first one is being completed, and any after it', async () => {
    let state = '';
    let repeatStatus = 0;
    const { result } = await run((url) => simulateBrowser(url, alice()), {
      onAuthorizeUrl: (url) => (state = new URL(url).searchParams.get('state')!),
      http: {
        // Runs while the valid callback is held open, just before the code is exchanged.
        fetch: async (input, init) => {
          if (String(input).endsWith('/oauth/token/?grant_type=authorization_code')) {
            repeatStatus = (await fetch(`http://127.0.0.1:${port}/callback?code=again&state=${encodeURIComponent(state)}`)).status;
          }
          return fetch(input, init);
        },
      },
    });
    assert.equal(result!.username, 'alice');
    assert.equal(repeatStatus, 409);
    assert.ok(await portIsClosed(port), 'later callbacks find nothing listening');
  });

  it('completes when the callback arrives while the editor still has not confirmed opening the browser', async () => {
    let visit: Promise<BrowserVisit> | undefined;
    const result = await signIn(
      options({
        openBrowser: (url) => {
          visit = simulateBrowser(url, alice());
          return new Promise<boolean>(() => {});
        },
      }),
    );
    assert.equal(result.username, 'alice');
    assert.equal((await visit!).status, 200);
  });

  it('stops when the browser could not be opened', async () => {
    const { error } = await run(async () => {}, { openBrowser: async () => false });
    assert.equal(error!.kind, 'browserNotOpened');
    assert.ok(await portIsClosed(port));
  });

  it('reports a busy port clearly and never opens the browser', async () => {
    const busy = await occupyPort(port);
    try {
      let opened = false;
      const { error } = await run(async () => {
        opened = true;
      });
      assert.equal(error!.kind, 'portInUse');
      assert.match(error!.message, new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`));
      assert.equal(opened, false);
    } finally {
      await busy.release();
    }
  });

  describe('refuses unusable settings before anything is sent', () => {
    const cases: { name: string; change: () => Partial<SignInOptions>; kind: ContentDbErrorKind; says: RegExp }[] = [
      {
        name: 'plain http base URL on the network',
        change: () => ({ baseUrl: 'http://content.example.org' }),
        kind: 'invalidBaseUrl',
        says: /must be reached over https/,
      },
      {
        name: 'base URL that is not a URL',
        change: () => ({ baseUrl: 'content.luanti.org' }),
        kind: 'invalidBaseUrl',
        says: /not a valid URL/,
      },
      { name: 'empty client id', change: () => ({ clientId: '  ' }), kind: 'missingClientId', says: /wikimapQuery\.contentDb\.clientId/ },
      { name: 'empty client secret', change: () => ({ clientSecret: '' }), kind: 'missingClientSecret', says: /client secret/ },
      {
        name: 'redirect URI on another host',
        change: () => ({ redirectUri: 'http://example.org:8000/callback' }),
        kind: 'invalidRedirectUri',
        says: /not on this computer/,
      },
      {
        name: 'redirect URI without port',
        change: () => ({ redirectUri: 'http://127.0.0.1/callback' }),
        kind: 'invalidRedirectUri',
        says: /has no port/,
      },
      {
        name: 'https redirect URI',
        change: () => ({ redirectUri: 'https://example.org/cb' }),
        kind: 'invalidRedirectUri',
        says: /cannot reach the editor/,
      },
      // ContentDB's OAuthClientForm: redirect_url Length(5, 123).
      {
        name: 'a redirect URL longer than ContentDB accepts (124 characters)',
        change: () => ({ redirectUri: `http://127.0.0.1:${port}/${'c'.repeat(124 - `http://127.0.0.1:${port}/`.length)}` }),
        kind: 'invalidRedirectUri',
        says: /is 124 characters long, but ContentDB accepts only 5–123 characters/,
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        let opened = false;
        const { error } = await run(async () => {
          opened = true;
        }, c.change());
        assert.equal(error!.kind, c.kind);
        assert.match(error!.message, c.says);
        assert.equal(opened, false);
        assert.equal(db.requestLog.length, 0);
      });
    }
  });

  describe('token errors through the whole flow', () => {
    it('wrong client secret: found before the browser opens; asks to re-enter the secret', async () => {
      let opened = false;
      const { error } = await run(
        async () => {
          opened = true;
        },
        { clientSecret: 'not-the-secret' },
      );
      assert.equal(error!.kind, 'badClientCredentials');
      assert.equal(error!.forgetClientSecret, true);
      assert.match(
        error!.message,
        /does not know the client id .* with this client secret \("client_id and\/or client_secret is incorrect"\), so the browser was not opened/,
      );
      assert.match(error!.message, /re-enter the client secret/);
      assert.equal(opened, false);
    });

    it('wrong client secret at the exchange (changed meanwhile): tells the browser why', async () => {
      const { error, visit } = await run(async (url) => {
        client.secret = 'changed-on-contentdb';
        return simulateBrowser(url, alice());
      });
      assert.equal(error!.kind, 'badClientCredentials');
      assert.equal(visit!.status, 400);
      assert.match(visit!.body, /client_id and\/or client_secret is incorrect/);
    });

    it('code already redeemed (someone used it first): asks to sign in again', async () => {
      const { error } = await run(async (url) => {
        const visit = await simulateBrowser(url, { ...alice(), followCallback: false });
        const code = new URL(visit.callbackUrl!).searchParams.get('code')!;
        await exchangeCode(new URL(db.baseUrl), { clientId: client.id, clientSecret: client.secret, code });
        return { ...visit, ...(await fetch(visit.callbackUrl!).then(async (r) => ({ status: r.status, body: await r.text() }))) };
      });
      assert.equal(error!.kind, 'badCode');
      assert.match(error!.message, /Incorrect code\. It may have already been redeemed"\. Authorization codes work once; sign in again/);
    });
  });

  describe('exchangeCode maps each of the six token errors to what to do', () => {
    // A proxy between the client and the fake rewrites the request so the fake produces each condition;
    // the answer the client parses is the fake's own.
    const rows: {
      message: string;
      rewrite: (form: FormData, url: string) => { form: FormData; url: string };
      kind: ContentDbErrorKind;
      says: RegExp;
    }[] = [
      {
        message: 'Unsupported grant_type, only authorization_code is supported',
        rewrite: (form, url) => ({ form, url: url.replace(/\?.*$/, '') + '?grant_type=refresh_token' }),
        kind: 'unsupportedGrantType',
        says: /may not be ContentDB/,
      },
      {
        message: 'Missing client_id',
        rewrite: (form, url) => (form.delete('client_id'), { form, url }),
        kind: 'serverMissingClientId',
        says: /Set wikimapQuery\.contentDb\.clientId/,
      },
      {
        message: 'Missing client_secret',
        rewrite: (form, url) => (form.delete('client_secret'), { form, url }),
        kind: 'serverMissingClientSecret',
        says: /enter the client secret/,
      },
      {
        message: 'Missing code',
        rewrite: (form, url) => (form.delete('code'), { form, url }),
        kind: 'serverMissingCode',
        says: /Sign in again/,
      },
      {
        message: 'client_id and/or client_secret is incorrect',
        rewrite: (form, url) => (form.set('client_secret', 'nope'), { form, url }),
        kind: 'badClientCredentials',
        says: /re-enter the client secret/,
      },
      {
        message: 'Incorrect code. It may have already been redeemed',
        rewrite: (form, url) => (form.set('code', 'stale'), { form, url }),
        kind: 'badCode',
        says: /sign in again to get a new one/,
      },
    ];
    for (const row of rows) {
      it(row.message, async () => {
        const visit = await simulateBrowser(
          `${db.baseUrl}/oauth/authorize/?response_type=code&client_id=${client.id}&redirect_uri=${encodeURIComponent(redirectUri)}&state=s`,
          { ...alice(), followCallback: false },
        );
        const code = new URL(visit.callbackUrl!).searchParams.get('code')!;
        const proxy: typeof fetch = async (input, init) => {
          const { form, url } = row.rewrite(init!.body as FormData, String(input));
          return fetch(url, { ...init, body: form });
        };
        await assert.rejects(
          exchangeCode(new URL(db.baseUrl), { clientId: client.id, clientSecret: client.secret, code }, { fetch: proxy }),
          (e: unknown) => {
            assert.ok(e instanceof ContentDbError);
            assert.equal(e.kind, row.kind);
            assert.ok(e.message.includes(`"${row.message}"`), `quotes the server's message: ${e.message}`);
            assert.match(e.message, row.says);
            assert.ok(!e.message.includes(client.secret));
            return true;
          },
        );
      });
    }
  });

  describe('server and network trouble', () => {
    it('a non-JSON answer from the token endpoint', async () => {
      const { error } = await run((url) => {
        db.failNext('/oauth/token/', { status: 502, body: '<html><h1>502 Bad Gateway</h1></html>' });
        return simulateBrowser(url, alice());
      });
      assert.equal(error!.kind, 'badResponse');
      assert.match(error!.message, /HTTP 502 and no JSON \(text\/html\)/);
    });

    it('a redirect from the token endpoint is not followed (the secret is not re-sent)', async () => {
      const { error } = await run((url) => {
        db.failNext('/oauth/token/', { status: 308, body: 'moved' });
        return simulateBrowser(url, alice());
      });
      assert.equal(error!.kind, 'badResponse');
      assert.match(error!.message, /redirected/);
      assert.equal(db.requestLog.filter((r) => r.path === '/oauth/token/' && !r.body.includes('check-')).length, 1);
    });

    it('ContentDB unreachable when the code is exchanged', async () => {
      const { error } = await run(async (url) => {
        const visit = await simulateBrowser(url, { ...alice(), followCallback: false });
        await db.stop();
        const cb = await fetch(visit.callbackUrl!);
        return { ...visit, status: cb.status, body: await cb.text() };
      });
      assert.equal(error!.kind, 'network');
      assert.match(error!.message, /Could not reach ContentDB at http:\/\/127\.0\.0\.1:\d+\/oauth\/token\/ \(ECONNREFUSED\)/);
    });

    it('a token that whoami does not accept is not returned', async () => {
      db.failNext('/api/whoami/', {
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Unknown API token' }),
      });
      const { error } = await run((url) => simulateBrowser(url, alice()));
      assert.equal(error!.kind, 'tokenRejected');
    });
  });

  describe('the authorize page and the application, checked before the browser opens', () => {
    it('a client id ContentDB does not know: said at once, the browser never opens', async () => {
      let opened = false;
      const { error } = await run(
        async () => {
          opened = true;
        },
        { clientId: 'NoSuchClient000000000000' },
      );
      assert.equal(error!.kind, 'badClientCredentials');
      assert.match(error!.message, /does not know the client id NoSuchClient000000000000/);
      assert.equal(opened, false);
    });

    it('an authorize page answering 404 (a wrong base path, or a page shown without login): said at once', async () => {
      let opened = false;
      const { error } = await run(
        async () => {
          opened = true;
        },
        { baseUrl: `${db.baseUrl}/wrong` },
      );
      assert.equal(error!.kind, 'clientNotFound');
      assert.match(
        error!.message,
        /has no OAuth application with client id .* that you can use \(its authorize page answers 404 Page not found\)/,
      );
      assert.match(error!.message, /not approved yet: applications created by users below Editor rank work only for their owner/);
      assert.equal(opened, false);
      assert.deepEqual(
        db.requestLog.map((r) => r.path),
        ['/wrong/oauth/authorize/'],
      );
    });

    it('an application not yet approved: the browser shows 404 to everyone but its owner, and the wait ends saying why', async () => {
      const unapproved = db.registerClient({ redirectUrl: redirectUri, owner: 'appdev', approved: false });
      const { error, visit } = await run((url) => simulateBrowser(url, alice()), {
        clientId: unapproved.id,
        clientSecret: unapproved.secret,
        waitTimeoutMs: 300,
      });
      assert.equal(visit!.status, 404);
      assert.equal(error!.kind, 'timeout');
      assert.match(error!.message, /If ContentDB showed "Page not found" there, the OAuth application is not approved yet/);
    });

    it('its owner can use an application that is not approved yet', async () => {
      const unapproved = db.registerClient({ redirectUrl: redirectUri, owner: 'appdev', approved: false });
      const { result } = await run((url) => simulateBrowser(url, { cookie: db.loginCookie('appdev') }), {
        clientId: unapproved.id,
        clientSecret: unapproved.secret,
      });
      assert.equal(result!.username, 'appdev');
    });
  });

  it('signs in through a vscode:// redirect URI handed over by the editor', async () => {
    const editorUri = 'vscode://wikimap-query.wikimap-query/callback';
    const appClient = db.registerClient({ redirectUrl: editorUri });
    const router = new UriCallbackRouter(logs.log);
    const { result } = await run(
      async (url) => {
        const visit = await simulateBrowser(url, alice());
        const state = new URL(url).searchParams.get('state')!;
        assert.equal(router.handleUri(`${editorUri}?code=forged&state=wrong`), false, 'wrong state ignored');
        assert.equal(
          router.handleUri(`vscode://wikimap-query.wikimap-query/other?code=forged&state=${state}`),
          false,
          'wrong path ignored',
        );
        assert.equal(router.handleUri(visit.callbackUrl!), true);
        return visit;
      },
      { clientId: appClient.id, clientSecret: appClient.secret, redirectUri: editorUri, uriRouter: router },
    );
    assert.equal(result!.username, 'alice');
  });

  it('never writes the secret, the code or the token into logs, error messages or browser pages', async () => {
    const seen: string[] = [];
    const codes: string[] = [];
    const collect = (visit: BrowserVisit) => {
      seen.push(visit.body);
      const code = visit.callbackUrl && new URL(visit.callbackUrl).searchParams.get('code');
      if (code) codes.push(code);
      return visit;
    };
    const ok = await run(async (url) => collect(await simulateBrowser(url, alice())));
    const bad = await run(async (url) => collect(await simulateBrowser(url, alice())), { clientSecret: client.secret + 'x' });
    db.failNext('/oauth/token/', {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: `echo ${client.secret}` }),
    });
    const echoed = await run(async (url) => collect(await simulateBrowser(url, alice())));
    seen.push(bad.error!.message, echoed.error!.message, logs.text);
    const everything = seen.join('\n');
    assertNoSecrets(everything, { 'client secret': client.secret, 'access token': ok.result!.accessToken }, 'logs, errors or pages');
    for (const code of codes) assertNoSecrets(everything, { 'authorization code': code }, 'logs, errors or pages');
    assert.ok(echoed.error!.message.includes('echo ***'), 'a server message echoing the secret is redacted');
  });
});
