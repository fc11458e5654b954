// The account layer behind the VS Code provider: where the secret and the token are kept, sign-in again,
// sign-out (with server-side revocation) and "Who Am I", against the fake ContentDB.
import assert from 'node:assert/strict';
import { ContentDbAccount, ContentDbConfig, SignInUi } from '../../../client/src/contentdb/contentDbAccount';
import { ContentDbError } from '../../../client/src/contentdb/errors';
import { FakeClient, FakeContentDb, simulateBrowser } from '../../fakes/contentDb';
import { assertNoSecrets, freePort, LogCollector, MemorySecrets } from './helpers';

describe('ContentDB account', () => {
  let db: FakeContentDb;
  let client: FakeClient;
  let cfg: ContentDbConfig;
  let secrets: MemorySecrets;
  let logs: LogCollector;
  let account: ContentDbAccount;
  let asked: number;

  beforeEach(async () => {
    db = await new FakeContentDb().start();
    const redirectUri = `http://127.0.0.1:${await freePort()}/callback`;
    client = db.registerClient({ redirectUrl: redirectUri });
    cfg = Object.freeze({ baseUrl: db.baseUrl, clientId: client.id, redirectUri });
    secrets = new MemorySecrets();
    logs = new LogCollector();
    // A browser that fails shows up as a clear 'timeout' instead of a hung test.
    account = new ContentDbAccount(secrets, { log: logs.log, waitTimeoutMs: 10_000 });
    asked = 0;
  });
  afterEach(async () => {
    await db.stop();
  });

  /** A user who types `secret` when asked and presses `action` in the browser. */
  function ui(secret: string | undefined = client.secret, action: 'authorize' | 'cancel' = 'authorize', user = 'alice'): SignInUi {
    return {
      askClientSecret: async () => {
        asked++;
        return secret;
      },
      openBrowser: async (url) => {
        simulateBrowser(url, { cookie: db.loginCookie(user), action }).catch((e) => logs.log(`browser failed: ${e}`));
        return true;
      },
    };
  }

  async function failure(p: Promise<unknown>): Promise<ContentDbError> {
    try {
      await p;
    } catch (e) {
      assert.ok(e instanceof ContentDbError, String(e));
      return e;
    }
    assert.fail('expected the sign-in to fail');
  }

  it('asks for the client secret once, keeps it and the token only in the secret store', async () => {
    const first = await account.signIn(cfg, ui());
    const second = await account.signIn(cfg, ui());
    assert.equal(asked, 1, 'the secret was asked for once');
    assert.equal(second.username, 'alice');
    assert.deepEqual(await account.getSession(cfg), second);
    assert.notEqual(first.accessToken, second.accessToken, 'signing in again replaced the token');
    // The secret store holds exactly the secret, the session and the list of session keys (for sign-out);
    // its keys carry neither secret nor token.
    assert.equal(secrets.map.size, 3);
    assert.deepEqual(
      JSON.parse(secrets.map.get('contentDb.sessionKeys')!),
      [...secrets.map.keys()].filter((k) => k.startsWith('contentDb.session|')),
    );
    const keys = [...secrets.map.keys()].join('\n');
    assertNoSecrets(keys, { 'client secret': client.secret, 'access token': second.accessToken }, 'secret-store keys');
    assert.ok([...secrets.map.values()].includes(client.secret));
    assertNoSecrets(
      logs.text,
      { 'client secret': client.secret, 'access token': second.accessToken, 'old token': first.accessToken },
      'the log',
    );
    assert.deepEqual(cfg, { baseUrl: db.baseUrl, clientId: client.id, redirectUri: cfg.redirectUri }, 'settings untouched');
  });

  it('forgets a client secret that ContentDB refuses, stores no session, and asks again next time', async () => {
    const err = await failure(account.signIn(cfg, ui('wrong-secret')));
    assert.equal(err.kind, 'badClientCredentials');
    assert.equal(await account.hasClientSecret(cfg), false);
    assert.equal(await account.getSession(cfg), undefined);
    assert.ok(!err.message.includes('wrong-secret'));
    await account.signIn(cfg, ui());
    assert.equal(asked, 2);
  });

  it('a dismissed secret prompt cancels without opening the browser', async () => {
    let opened = false;
    const err = await failure(
      account.signIn(cfg, {
        askClientSecret: async () => undefined,
        openBrowser: async () => (opened = true),
      }),
    );
    assert.equal(err.kind, 'cancelled');
    assert.equal(opened, false);
    assert.equal(secrets.map.size, 0);
  });

  it('a cancelled consent keeps the previous session', async () => {
    const before = await account.signIn(cfg, ui());
    // Re-consent never shows the consent page on the real server, so cancel as a different user.
    const err = await failure(account.signIn(cfg, ui(undefined, 'cancel', 'bob')));
    assert.equal(err.kind, 'cancelled');
    assert.deepEqual(await account.getSession(cfg), before);
  });

  // ContentDB's /api/whoami/ answers `token.owner.username` as stored (app/blueprints/api/endpoints.py): a name
  // with capitals, a first capital or letters outside ASCII is shown as it came, in the session, "Who Am I" and the log.
  for (const name of ['RubenWardy', 'Wuzzy', 'ÉLodie_ü', 'x_Y-z']) {
    it(`the user name is kept as ContentDB answers it: ${name}`, async () => {
      const session = await account.signIn(cfg, ui(client.secret, 'authorize', name));
      assert.equal(session.username, name);
      assert.equal((await account.getSession(cfg))?.username, name);
      assert.equal(await account.whoAmI(cfg), name);
      assert.ok(logs.text.includes(`ContentDB sign-in: signed in as ${name}.`), logs.text);
      // Signing out names the account as it came too.
      await account.signOut(cfg);
      assert.ok(logs.text.includes(`ContentDB: signed out ${name} (`), logs.text);
    });
  }

  it('"Who Am I" names the user; a token replaced elsewhere is dropped with "sign in again"', async () => {
    const session = await account.signIn(cfg, ui());
    assert.equal(await account.whoAmI(cfg), 'alice');
    // The same user signs in with this application somewhere else: ContentDB replaces the token.
    const elsewhere = new ContentDbAccount(new MemorySecrets(), { log: () => {} });
    const otherPort = await freePort();
    db.clients.get(client.id)!.redirectUrl = `http://127.0.0.1:${otherPort}/callback`;
    await elsewhere.signIn({ ...cfg, redirectUri: `http://127.0.0.1:${otherPort}/callback` }, ui());
    const err = await failure(account.whoAmI(cfg));
    assert.equal(err.kind, 'tokenRejected');
    assert.match(err.message, /Sign in again/);
    assert.ok(!err.message.includes(session.accessToken));
    assert.equal(await account.getSession(cfg), undefined);
  });

  it('signing out revokes the token on ContentDB and forgets it locally', async () => {
    const session = await account.signIn(cfg, ui());
    const removed = await account.signOut(cfg);
    assert.equal(removed!.id, session.id);
    assert.equal(await account.getSession(cfg), undefined);
    assert.deepEqual(db.accessTokensOf('alice'), []);
    const res = await fetch(`${db.baseUrl}/api/whoami/`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    assert.equal(res.status, 403);
    assert.equal((await failure(account.whoAmI(cfg))).kind, 'notSignedIn');
    assert.equal(await account.hasClientSecret(cfg), true, 'the client secret stays until forgotten');
    await account.forgetClientSecret(cfg);
    assert.equal(await account.hasClientSecret(cfg), false);
  });

  it('signing out while ContentDB is unreachable still signs out locally, without logging the token', async () => {
    const session = await account.signIn(cfg, ui());
    await db.stop();
    await account.signOut(cfg);
    assert.equal(await account.getSession(cfg), undefined);
    assert.match(logs.text, /could not be revoked on the server/);
    assertNoSecrets(logs.text, { 'access token': session.accessToken }, 'the log');
  });

  it('"Sign Out" removes every token the extension stored, also under earlier settings, and says whose', async () => {
    const first = await account.signIn(cfg, ui());
    // The user switches to another OAuth application (other settings) and signs in as bob there.
    const other = db.registerClient({ redirectUrl: cfg.redirectUri });
    const cfg2 = { ...cfg, clientId: other.id };
    const second = await account.signIn(cfg2, ui(other.secret, 'authorize', 'bob'));
    // Signing out with the second settings current removes both tokens, here and on ContentDB.
    const removed = await account.signOutAll(cfg2);
    assert.deepEqual(removed.map((r) => r.username).sort(), ['alice', 'bob']);
    assert.equal(await account.getSession(cfg), undefined);
    assert.equal(await account.getSession(cfg2), undefined);
    assert.deepEqual(
      [...secrets.map.keys()].filter((k) => k.includes('session')),
      [],
      'no session and no index left',
    );
    for (const t of [first.accessToken, second.accessToken]) {
      const res = await fetch(`${db.baseUrl}/api/whoami/`, { headers: { authorization: `Bearer ${t}` } });
      assert.equal(res.status, 403, 'revoked on ContentDB');
    }
    assert.deepEqual(await account.signOutAll(cfg2), [], 'a second sign-out finds nothing');
    assertNoSecrets(logs.text, { 'access token': first.accessToken, 'second token': second.accessToken }, 'the log');
  });

  it('keeps sessions apart per server and client id', async () => {
    await account.signIn(cfg, ui());
    assert.equal(await account.getSession({ ...cfg, clientId: 'another-client' }), undefined);
    assert.equal(await account.getSession({ ...cfg, baseUrl: 'https://content.luanti.org' }), undefined);
    assert.equal(await account.getSession({ ...cfg, baseUrl: 'not a url' }), undefined);
    assert.equal(
      (await account.getSession({ ...cfg, baseUrl: db.baseUrl + '/' }))?.username,
      'alice',
      'a trailing slash is the same server',
    );
  });
});
