// ContentDB sign-in in a real VS Code against the fake ContentDB: signing in through the
// extension's authentication provider makes the account appear to VS Code (and to other extensions
// through authentication.getSession), signing out removes it. The browser's part (log in, allow) is
// played with fetch, as the user's browser would do it.
'use strict';
const assert = require('node:assert/strict');
const path = require('node:path');
const vscode = require('vscode');
const { waitFor, screenshot, ui, activeExtension } = require('./helpers');
const { silentSession, accounts } = require(path.join(__dirname, '..', 'host', 'authProbe.js'));

const PROVIDER = 'contentdb';
const env = {
  baseUrl: process.env.WIKIMAP_E2E_CONTENTDB,
  clientId: process.env.WIKIMAP_E2E_CONTENTDB_CLIENT_ID,
  clientSecret: process.env.WIKIMAP_E2E_CONTENTDB_CLIENT_SECRET,
  redirectUri: process.env.WIKIMAP_E2E_CONTENTDB_REDIRECT_URI,
  username: process.env.WIKIMAP_E2E_CONTENTDB_USERNAME,
  password: process.env.WIKIMAP_E2E_CONTENTDB_PASSWORD,
};

/**
 * The user's browser: opens the authorize URL, logs in on ContentDB's login page when asked, presses
 * "authorize" on the consent page and follows the redirect to the extension's callback.
 */
async function actAsBrowser(authorizeUrl, login) {
  let cookie = '';
  const headers = () => (cookie ? { cookie } : {});
  const get = (url) => fetch(url, { headers: headers(), redirect: 'manual' });
  const post = (url, form) =>
    fetch(url, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });

  let res = await get(authorizeUrl);
  const loginAt = res.headers.get('location');
  if (res.status === 302 && loginAt && new URL(loginAt, authorizeUrl).pathname === '/user/login/') {
    const loginUrl = new URL(loginAt, authorizeUrl).toString();
    const done = await post(loginUrl, login);
    assert.equal(done.status, 302, `logging in on ${loginUrl}: ${await done.text()}`);
    cookie = (done.headers.get('set-cookie') || '').split(';')[0];
    res = await get(new URL(done.headers.get('location'), loginUrl).toString());
  }
  assert.equal(res.status, 200, 'the consent page');
  const page = await res.text();
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(page);
  assert.ok(csrf, `a consent form: ${page.slice(0, 300)}`);
  res = await post(authorizeUrl, { csrf_token: csrf[1], action: 'authorize' });
  const callback = res.headers.get('location');
  assert.ok(res.status === 302 && callback, `authorize redirects to the callback (HTTP ${res.status})`);
  const landed = await fetch(new URL(callback, authorizeUrl), { redirect: 'manual' });
  return { callback: new URL(callback, authorizeUrl).toString(), status: landed.status, body: await landed.text() };
}

describe('ContentDB sign-in in a real VS Code', () => {
  before(async () => {
    for (const [k, v] of Object.entries(env)) assert.ok(v, `the fake ContentDB did not start (no ${k}; see the [e2e] lines above)`);
    await activeExtension();
    const cfg = vscode.workspace.getConfiguration('wikimapQuery.contentDb');
    await cfg.update('baseUrl', env.baseUrl, vscode.ConfigurationTarget.Global);
    await cfg.update('clientId', env.clientId, vscode.ConfigurationTarget.Global);
    await cfg.update('redirectUri', env.redirectUri, vscode.ConfigurationTarget.Global);
    assert.equal(
      await vscode.commands.executeCommand('wikimapQuery.contentDb.setClientSecret', env.clientSecret),
      true,
      'the client secret is stored',
    );
  });

  it('is signed out at first', async () => {
    assert.equal(await silentSession(PROVIDER), undefined);
    assert.deepEqual(await accounts(PROVIDER), []);
  });

  it('signs in through the browser; the account appears to VS Code and to other extensions', async () => {
    const changed = new Promise((resolve) => {
      const sub = vscode.authentication.onDidChangeSessions((e) => {
        if (e.provider.id === PROVIDER) {
          sub.dispose();
          resolve(e);
        }
      });
    });
    const signingIn = vscode.commands.executeCommand('wikimapQuery.contentDb.signIn');
    const authorizeUrl = await waitFor(
      () => vscode.commands.executeCommand('wikimapQuery.contentDb.pendingAuthorizeUrl'),
      'the sign-in to wait for the browser',
    );
    const url = new URL(authorizeUrl);
    assert.equal(`${url.origin}${url.pathname}`, `${env.baseUrl}/oauth/authorize/`);
    assert.equal(url.searchParams.get('client_id'), env.clientId);
    assert.equal(url.searchParams.get('redirect_uri'), env.redirectUri);

    const visit = await actAsBrowser(authorizeUrl, { username: env.username, password: env.password });
    assert.ok(visit.callback.startsWith(env.redirectUri), visit.callback);
    assert.equal(visit.status, 200, `the callback page: ${visit.body.slice(0, 200)}`);

    assert.deepEqual(await signingIn, { username: env.username });
    await changed;
    const listed = await accounts(PROVIDER);
    assert.deepEqual(
      listed.map((a) => a.label),
      [env.username],
    );
    const session = await silentSession(PROVIDER);
    assert.ok(session, 'getSession(…, { silent: true }) returns the session');
    assert.equal(session.account.label, env.username);
    assert.ok(session.accessToken.length > 8, 'with an access token');
    // the token works against ContentDB itself
    const who = await fetch(`${env.baseUrl}/api/whoami/`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    assert.equal(who.status, 200);
    assert.equal((await who.json()).username, env.username);
    assert.equal(await vscode.commands.executeCommand('wikimapQuery.contentDb.whoAmI'), env.username);

    // the Accounts menu shows it
    await ui({ click: '.activitybar .action-item .codicon-accounts-view-bar-icon' });
    await screenshot('contentdb-account', { waitFor: '.monaco-menu-container', text: env.username });
    await ui({ press: 'Escape' });
  });

  it('signs out; the account is gone', async () => {
    assert.equal(await vscode.commands.executeCommand('wikimapQuery.contentDb.signOut'), true);
    await waitFor(async () => (await accounts(PROVIDER)).length === 0, 'the account to disappear');
    assert.equal(await silentSession(PROVIDER), undefined);
    assert.equal(await vscode.commands.executeCommand('wikimapQuery.contentDb.signOut'), false, 'signing out twice says so');
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
  });
});
