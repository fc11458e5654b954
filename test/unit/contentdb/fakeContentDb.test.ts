// The fake ContentDB behaves like the real one (see the header of test/fakes/contentDb.ts), so the flow tests
// that rely on it mean something.
import assert from 'node:assert/strict';
import { FakeContentDb, simulateBrowser, startFakeContentDb } from '../../fakes/contentDb';

describe('fake ContentDB', () => {
  let db: FakeContentDb;
  const redirect = 'http://127.0.0.1:9/callback';

  beforeEach(async () => {
    db = await new FakeContentDb().start();
  });
  afterEach(async () => {
    await db.stop();
  });

  function authorizeUrl(params: Record<string, string>): string {
    const u = new URL('/oauth/authorize/', db.baseUrl);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  }

  async function codeFor(
    user: string,
    client = db.registerClient({ redirectUrl: redirect }),
  ): Promise<{ code: string; client: typeof client }> {
    const visit = await simulateBrowser(authorizeUrl({ response_type: 'code', client_id: client.id, redirect_uri: redirect, state: 's' }), {
      cookie: db.loginCookie(user),
      followCallback: false,
    });
    const code = new URL(visit.callbackUrl!).searchParams.get('code')!;
    return { code, client };
  }

  async function postToken(
    fields: Record<string, string>,
    encoding: 'multipart' | 'urlencoded',
    query = '',
  ): Promise<{ status: number; body: any }> {
    let body: FormData | string;
    const headers: Record<string, string> = {};
    if (encoding === 'multipart') {
      body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
    } else {
      body = new URLSearchParams(fields).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(new URL('/oauth/token/' + query, db.baseUrl), { method: 'POST', body, headers });
    return { status: res.status, body: await res.json() };
  }

  describe('authorize', () => {
    it('redirects to the callback with code and the echoed state after consent', async () => {
      const client = db.registerClient({ redirectUrl: redirect });
      const visit = await simulateBrowser(
        authorizeUrl({ response_type: 'code', client_id: client.id, redirect_uri: redirect, state: 'xyz' }),
        {
          cookie: db.loginCookie('alice'),
          followCallback: false,
        },
      );
      const cb = new URL(visit.callbackUrl!);
      assert.equal(`${cb.origin}${cb.pathname}`, redirect);
      assert.equal(cb.searchParams.get('state'), 'xyz');
      assert.match(cb.searchParams.get('code')!, /^[A-Za-z0-9]{32}$/);
    });

    it('redirects to the bare registered URL on cancel: no code, no state, no error', async () => {
      const client = db.registerClient({ redirectUrl: redirect });
      const visit = await simulateBrowser(
        authorizeUrl({ response_type: 'code', client_id: client.id, redirect_uri: redirect, state: 'xyz' }),
        {
          cookie: db.loginCookie('alice'),
          action: 'cancel',
          followCallback: false,
        },
      );
      assert.equal(visit.callbackUrl, redirect);
    });

    const refusals: { name: string; params: (id: string) => Record<string, string>; status: number; text: string }[] = [
      {
        name: 'wrong redirect_uri',
        params: (id) => ({ client_id: id, redirect_uri: 'http://127.0.0.1:9/other' }),
        status: 400,
        text: 'redirect_uri does not match client',
      },
      { name: 'missing client_id', params: () => ({ redirect_uri: redirect }), status: 400, text: 'Missing client_id' },
      { name: 'missing redirect_uri', params: (id) => ({ client_id: id }), status: 400, text: 'Missing redirect_uri' },
      { name: 'unknown client', params: () => ({ client_id: 'nope', redirect_uri: redirect }), status: 404, text: 'Page not found' },
      {
        name: 'response_type other than code',
        params: (id) => ({ response_type: 'token', client_id: id, redirect_uri: redirect }),
        status: 400,
        text: 'Unsupported response_type, only code is supported',
      },
      {
        name: 'scope other than public',
        params: (id) => ({ client_id: id, redirect_uri: redirect, scope: 'all' }),
        status: 400,
        text: 'Unsupported scope, only public is supported',
      },
    ];
    for (const r of refusals) {
      it(`refuses ${r.name} with HTTP ${r.status}`, async () => {
        const client = db.registerClient({ redirectUrl: redirect });
        const res = await fetch(authorizeUrl(r.params(client.id)), { headers: { cookie: db.loginCookie('alice') }, redirect: 'manual' });
        assert.equal(res.status, r.status);
        assert.match(await res.text(), new RegExp(r.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      });
    }

    it('sends a browser that is not logged in to the login page', async () => {
      const client = db.registerClient({ redirectUrl: redirect });
      const res = await fetch(authorizeUrl({ client_id: client.id, redirect_uri: redirect }), { redirect: 'manual' });
      assert.equal(res.status, 302);
      assert.match(res.headers.get('location')!, /^\/user\/login\/\?next=/);
    });

    it('lets a browser that is not logged in sign in on the login page first, then shows the consent page', async () => {
      const client = db.registerClient({ redirectUrl: redirect });
      db.addUser('carol', 'hunter2');
      const url = authorizeUrl({ response_type: 'code', client_id: client.id, redirect_uri: redirect, state: 'st' });
      const wrong = await simulateBrowser(url, { login: { username: 'carol', password: 'nope' }, followCallback: false });
      assert.match(wrong.body, /Incorrect password/);
      assert.equal(wrong.callbackUrl, undefined);
      const visit = await simulateBrowser(url, { login: { username: 'carol', password: 'hunter2' }, followCallback: false });
      assert.equal(new URL(visit.callbackUrl!).searchParams.get('state'), 'st');
      assert.deepEqual(
        db.tokens.map((t) => t.owner),
        ['carol'],
      );
    });

    it('re-consent skips the consent page and replaces the previous access token', async () => {
      const client = db.registerClient({ redirectUrl: redirect });
      const first = await codeFor('alice', client);
      const t1 = await postToken(
        { grant_type: 'authorization_code', client_id: client.id, client_secret: client.secret, code: first.code },
        'multipart',
      );
      const url = authorizeUrl({ response_type: 'code', client_id: client.id, redirect_uri: redirect, state: 'again' });
      const res = await fetch(url, { headers: { cookie: db.loginCookie('alice') }, redirect: 'manual' });
      assert.equal(res.status, 302, 'no consent page the second time');
      const code2 = new URL(res.headers.get('location')!).searchParams.get('code')!;
      const t2 = await postToken(
        { grant_type: 'authorization_code', client_id: client.id, client_secret: client.secret, code: code2 },
        'urlencoded',
      );
      assert.notEqual(t2.body.access_token, t1.body.access_token);
      const old = await fetch(new URL('/api/whoami/', db.baseUrl), { headers: { authorization: `Bearer ${t1.body.access_token}` } });
      assert.equal(old.status, 403);
    });

    it('answers 308 to the slashed path when the trailing slash is missing', async () => {
      const res = await fetch(new URL('/oauth/authorize?x=1', db.baseUrl), { redirect: 'manual' });
      assert.equal(res.status, 308);
      assert.equal(res.headers.get('location'), '/oauth/authorize/?x=1');
    });
  });

  describe('token', () => {
    for (const encoding of ['multipart', 'urlencoded'] as const) {
      it(`issues a Bearer token for a valid ${encoding} request, and the code works only once`, async () => {
        const { code, client } = await codeFor('alice');
        const fields = { grant_type: 'authorization_code', client_id: client.id, client_secret: client.secret, code };
        const ok = await postToken(fields, encoding);
        assert.equal(ok.status, 200);
        assert.deepEqual(Object.keys(ok.body).sort(), ['access_token', 'success', 'token_type']);
        assert.equal(ok.body.success, true);
        assert.equal(ok.body.token_type, 'Bearer');
        const again = await postToken(fields, encoding);
        assert.deepEqual(again, { status: 400, body: { success: false, error: 'Incorrect code. It may have already been redeemed' } });
      });
    }

    const errors: { condition: string; change: (f: Record<string, string>) => Record<string, string>; query?: string; message: string }[] =
      [
        {
          condition: 'grant_type in the query is not authorization_code (where the real server reads it)',
          change: (f) => f,
          query: '?grant_type=refresh_token',
          message: 'Unsupported grant_type, only authorization_code is supported',
        },
        { condition: 'client_id is absent', change: ({ client_id: _, ...f }) => f, message: 'Missing client_id' },
        { condition: 'client_secret is absent', change: ({ client_secret: _, ...f }) => f, message: 'Missing client_secret' },
        { condition: 'code is absent', change: ({ code: _, ...f }) => f, message: 'Missing code' },
        {
          condition: 'the secret is wrong',
          change: (f) => ({ ...f, client_secret: 'wrong-secret' }),
          message: 'client_id and/or client_secret is incorrect',
        },
        {
          condition: 'the client id is unknown',
          change: (f) => ({ ...f, client_id: 'unknown-client' }),
          message: 'client_id and/or client_secret is incorrect',
        },
        {
          condition: 'the code is wrong',
          change: (f) => ({ ...f, code: 'not-a-code' }),
          message: 'Incorrect code. It may have already been redeemed',
        },
      ];
    for (const e of errors) {
      it(`answers 400 "${e.message}" when ${e.condition}`, async () => {
        const { code, client } = await codeFor('alice');
        const fields = e.change({ grant_type: 'authorization_code', client_id: client.id, client_secret: client.secret, code });
        assert.deepEqual(await postToken(fields, 'multipart', e.query), { status: 400, body: { success: false, error: e.message } });
      });
    }

    // app/blueprints/oauth/__init__.py oauth_grant: grant_type = request.args.get("grant_type", "authorization_code").
    it('reads grant_type from the query string only: a form field is ignored, whatever it says', async () => {
      const { code, client } = await codeFor('alice');
      const res = await postToken({ grant_type: 'password', client_id: client.id, client_secret: client.secret, code }, 'multipart');
      assert.equal(res.status, 200);
      assert.equal(res.body.token_type, 'Bearer');
    });

    it('refuses a code issued to another client', async () => {
      const { code } = await codeFor('alice');
      const other = db.registerClient({ redirectUrl: redirect });
      const res = await postToken(
        { grant_type: 'authorization_code', client_id: other.id, client_secret: other.secret, code },
        'multipart',
      );
      assert.deepEqual(res.body, { success: false, error: 'Incorrect code. It may have already been redeemed' });
    });
  });

  describe('whoami', () => {
    async function whoami(authorization?: string): Promise<{ status: number; body: unknown }> {
      const res = await fetch(new URL('/api/whoami/', db.baseUrl), { headers: authorization ? { authorization } : {} });
      return { status: res.status, body: await res.json() };
    }

    it('names the owner of a Bearer token', async () => {
      const { code, client } = await codeFor('alice');
      const t = await postToken(
        { grant_type: 'authorization_code', client_id: client.id, client_secret: client.secret, code },
        'multipart',
      );
      assert.deepEqual(await whoami(`Bearer ${t.body.access_token}`), { status: 200, body: { is_authenticated: true, username: 'alice' } });
    });

    const cases: { name: string; header?: string; status: number; body: unknown }[] = [
      { name: 'no Authorization header', status: 200, body: { is_authenticated: false, username: null } },
      { name: 'an unknown token', header: 'Bearer 0123456789abcdef', status: 403, body: { success: false, error: 'Unknown API token' } },
      { name: 'a too short token', header: 'Bearer abc', status: 400, body: { success: false, error: 'API token is too short' } },
      {
        name: 'Basic authentication',
        header: 'Basic YWxpY2U6cHc=',
        status: 403,
        body: { success: false, error: 'Unsupported authentication method' },
      },
    ];
    for (const c of cases) {
      it(`answers ${c.status} for ${c.name}`, async () => {
        assert.deepEqual(await whoami(c.header), { status: c.status, body: c.body });
      });
    }
  });

  describe('applications and tokens as the real ContentDB has them', () => {
    // OAuthClientForm: redirect_url = URLField(..., [InputRequired(), Length(5, 123)]).
    it('accepts redirect URLs of 5 to 123 characters only', () => {
      const at = (n: number) => `http://127.0.0.1:9/${'c'.repeat(n - 'http://127.0.0.1:9/'.length)}`;
      assert.equal(db.registerClient({ redirectUrl: at(123) }).redirectUrl.length, 123);
      assert.throws(() => db.registerClient({ redirectUrl: at(124) }), /Field must be between 5 and 123 characters long/);
      assert.throws(() => db.registerClient({ redirectUrl: 'a:b' }), /Field must be between 5 and 123 characters long/);
    });

    // create_edit_client: client.approved = current_user.rank.at_least(UserRank.EDITOR); oauth_start: 404 unless owner.
    it('an application made by a user below Editor is not approved: its authorize page is 404 for all but its owner', async () => {
      const client = db.registerClient({ redirectUrl: redirect, owner: 'newbie', ownerRank: 'member' });
      assert.equal(client.approved, false);
      const url = authorizeUrl({ response_type: 'code', client_id: client.id, redirect_uri: redirect, state: 's' });
      const other = await simulateBrowser(url, { cookie: db.loginCookie('alice'), followCallback: false });
      assert.equal(other.status, 404);
      const owner = await simulateBrowser(url, { cookie: db.loginCookie('newbie'), followCallback: false });
      assert.ok(owner.callbackUrl, 'the owner gets the consent page and a code');
      const anonymous = await fetch(url, { redirect: 'manual' });
      assert.equal(anonymous.status, 302, 'login_required comes first: a browser that is not logged in goes to the login page');
      assert.equal(db.registerClient({ redirectUrl: redirect, ownerRank: 'editor' }).approved, true);
    });

    // APIToken.can_operate_on_package: `if self.client is not None: return False`.
    it('OAuth tokens can never act on packages; a personal API token of the author can', async () => {
      db.addPackage('alice', 'mymod', [1, 2]);
      const { code, client } = await codeFor('alice');
      const oauth = (await postToken({ client_id: client.id, client_secret: client.secret, code }, 'multipart')).body
        .access_token as string;
      const del = async (token: string | undefined, id: number) => {
        const res = await fetch(new URL(`/api/packages/alice/mymod/releases/${id}/`, db.baseUrl), {
          method: 'DELETE',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        return { status: res.status, body: await res.json() };
      };
      assert.deepEqual(await del(oauth, 1), {
        status: 403,
        body: { success: false, error: 'API token does not have access to the package' },
      });
      assert.deepEqual(await del(undefined, 1), { status: 401, body: { success: false, error: 'Authentication needed' } });
      assert.deepEqual(await del(db.addPersonalToken('bob'), 1), {
        status: 403,
        body: { success: false, error: 'API token does not have access to the package' },
      });
      const personal = db.addPersonalToken('alice');
      assert.deepEqual(await del(personal, 9), { status: 404, body: { success: false, error: 'Release not found' } });
      assert.deepEqual(await del(personal, 1), { status: 200, body: { success: true } });
      assert.deepEqual(await del(personal, 2), {
        status: 403,
        body: { success: false, error: "Unable to delete the release, make sure there's a newer release available" },
      });
      assert.deepEqual(db.releasesOf('alice', 'mymod'), [2]);
    });
  });

  it('startFakeContentDb: one application and one user, ready for a browser in another process', async () => {
    const started = await startFakeContentDb({ redirectUri: redirect });
    try {
      const url = `${started.url}/oauth/authorize/?response_type=code&client_id=${started.clientId}&redirect_uri=${encodeURIComponent(started.redirectUri)}&state=s`;
      const visit = await simulateBrowser(url, {
        login: { username: started.username, password: started.password },
        followCallback: false,
      });
      const code = new URL(visit.callbackUrl!).searchParams.get('code')!;
      const form = new FormData();
      for (const [k, v] of Object.entries({
        grant_type: 'authorization_code',
        client_id: started.clientId,
        client_secret: started.clientSecret,
        code,
      }))
        form.append(k, v);
      const res = await fetch(`${started.url}/oauth/token/`, { method: 'POST', body: form });
      assert.equal(((await res.json()) as { token_type: string }).token_type, 'Bearer');
    } finally {
      await started.stop();
    }
  });
});
