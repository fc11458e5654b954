/**
 * Private wikis in an editor that keeps secrets (VS Code's "Wiki Query: Sign in to Wiki…"), over stdio:
 * a client declaring `initializationOptions.wikiSignIn` is asked `wikimapQuery/wikiSecret` for a
 * configured wiki's secret when its catalogue is loaded, and the server signs that wiki's requests with
 * it (the command line's sign-in code). Against the fake wiki with the OAuth extension (an OAuth 2
 * owner-only token; the bot-password path is run against the real MediaWiki in the VS Code end-to-end
 * suite). Signed out, the load fails with `readapidenied` explained with the command that signs in; a
 * client that cannot sign in is never asked and is pointed to a saved catalogue; the secret is asked
 * only for configured wikis and appears in nothing the server sent or printed.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FAKE_ACCOUNT, startFakeOAuthWiki, type FakeOAuthWiki } from '../fakes/oauthWiki';
import { LspClient, ROOT } from './lspClient';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.wmq-editor-owner-only.c2lnbmF0dXJl';
const SNAPSHOT = path.join(ROOT, 'test', 'fixtures', 'catalogues', 'mediawiki-1.39.json');

interface Reload {
  loaded: string[];
  errors: string[];
}

/** Waits until the last diagnostics published for `uri` have exactly the codes `wanted` (sorted). */
function codesSettle(client: LspClient, uri: string): (what: string, wanted: string[]) => Promise<unknown> {
  const codesNow = () => {
    const last = [...client.published].reverse().find((p) => p.uri === uri);
    return last ? JSON.stringify(last.diagnostics.map((d) => String(d.code)).sort()) : undefined;
  };
  return (what, wanted) => client.waitFor(what, () => (codesNow() === JSON.stringify(wanted) ? true : undefined), 20000);
}

describe('signing in to a private wiki from the editor (wikimapQuery/wikiSecret, fake wiki with the OAuth extension)', function () {
  this.timeout(60000);
  let wiki: FakeOAuthWiki;
  let cacheDir: string;
  const clients: LspClient[] = [];

  before(async () => {
    wiki = await startFakeOAuthWiki(SNAPSHOT, TOKEN);
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-signin-'));
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) {
      // Nothing the server sent or printed holds the secret.
      const everything = [...c.logs, ...c.shown.map((m) => m.message), ...c.stderr, JSON.stringify(c.published)].join('\n');
      assert.ok(!everything.includes(TOKEN), 'the token is in no log line, message or diagnostic');
      await c.stop();
    }
  });

  /** A server whose client keeps `secret` for the wiki (or nothing), recording what it was asked. */
  async function start(opts: { signIn: boolean; secret?: string; extra?: Record<string, unknown>; cache?: string }) {
    const asked: string[] = [];
    const client = await LspClient.start({
      initializationOptions: {
        wikis: { intranet: wiki.apiUrl },
        catalogueCacheDir: opts.cache ?? fs.mkdtempSync(path.join(cacheDir, 'c-')),
        ...(opts.signIn ? { wikiSignIn: true } : {}),
        ...opts.extra,
      },
      handlers: {
        'wikimapQuery/wikiSecret': (p: { apiUrl: string }) => {
          asked.push(p.apiUrl);
          // Read at each ask: a test signs out by clearing it.
          return opts.secret && p.apiUrl === wiki.apiUrl ? { kind: 'oauth2', accessToken: opts.secret } : null;
        },
      },
    });
    clients.push(client);
    return { client, asked };
  }

  it("signed in: Reload Catalogue loads the private wiki's catalogue, every request to it signed", async () => {
    const { client, asked } = await start({ signIn: true, secret: TOKEN });
    const before = wiki.seen.length;
    const reload = await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' });
    assert.deepEqual(reload, { loaded: [wiki.apiUrl], errors: [] });
    const sent = wiki.seen.slice(before);
    assert.ok(sent.length >= 2, 'siteinfo and paraminfo');
    for (const r of sent) assert.equal(r.authorization, `Bearer ${TOKEN}`);
    assert.ok(asked.length >= 1 && asked.every((u) => u === wiki.apiUrl), `asked only for the configured wiki: ${asked.join(', ')}`);
    const catalogue = await client.request<{ source: string }>('wikimapQuery/catalogue', { apiUrl: 'intranet' });
    assert.match(catalogue.source, new RegExp(`${wiki.apiUrl.replace(/[.?]/g, '\\$&')} \\(MediaWiki 1\\.39`));
  });

  it('signed out: readapidenied, explained with the command that signs in; nothing sent with a token', async () => {
    const { client, asked } = await start({ signIn: true });
    const before = wiki.seen.length;
    const reload = await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' });
    assert.deepEqual(reload.loaded, []);
    assert.equal(reload.errors.length, 1);
    assert.match(reload.errors[0], /refused the request: readapidenied: You need read permission to use this module\./);
    assert.match(
      reload.errors[0],
      /Run "Wiki Query: Sign in to Wiki…" with a bot password \(Special:BotPasswords\) or an OAuth 2 owner-only token/,
    );
    assert.ok(asked.includes(wiki.apiUrl));
    for (const r of wiki.seen.slice(before)) assert.equal(r.authorization, undefined);
  });

  it('signed out (reload with forget): the catalogue the signed-in load brought is dropped from memory and the disk cache', async () => {
    const cache = fs.mkdtempSync(path.join(cacheDir, 'out-'));
    const opts = { signIn: true, secret: TOKEN as string | undefined, cache };
    const { client } = await start(opts);
    assert.deepEqual(await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' }), {
      loaded: [wiki.apiUrl],
      errors: [],
    });
    assert.equal(fs.readdirSync(cache).length, 1, 'the signed-in catalogue was cached');
    const sourceOf = async () => (await client.request<{ source: string }>('wikimapQuery/catalogue', { apiUrl: 'intranet' })).source;
    assert.match(await sourceOf(), /MediaWiki 1\.39/);

    opts.secret = undefined;
    const plain = await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' });
    assert.match(plain.errors.join(' '), /readapidenied/);
    assert.match(await sourceOf(), /MediaWiki 1\.39/, 'a plain reload that fails keeps what was loaded: why sign-out forgets');

    const out = await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet', forget: true });
    assert.deepEqual(out.loaded, []);
    assert.match(out.errors.join(' '), /readapidenied/);
    assert.equal(await sourceOf(), 'built-in');
    assert.deepEqual(fs.readdirSync(cache), [], 'no cache file of the private wiki is left');
  });

  it('login-dependent verdicts follow the sign-in: anonymous, then as the account signed in to (its name and rights from meta=userinfo), then anonymous again after signing out', async () => {
    const opts = { signIn: true, secret: undefined as string | undefined };
    const { client } = await start(opts);
    const uri = 'file:///q/private.wikiquery';
    const text = [
      `${wiki.apiUrl}?action=query&meta=userinfo&assert=user`,
      `${wiki.apiUrl}?action=query&list=watchlist`,
      `${wiki.apiUrl}?action=query&meta=siteinfo&assert=bot`,
      `${wiki.apiUrl}?action=query&meta=siteinfo&assertuser=Wiki_owner`,
      '',
    ].join('\n\n');
    const settle = codesSettle(client, uri);
    const anonymous = ['assertbotfailed', 'assertnameduserfailed', 'assertuserfailed', 'notloggedin'];

    // Signed out: the private wiki's load fails; the built-in catalogue judges, as a request sent without logging in.
    await client.open(uri, 'wikiquery', text, 1);
    await client.diagnosticsFor(uri, 1);
    await settle('the anonymous verdicts', anonymous);

    // "Sign in to Wiki…" stores the secret, then reloads the catalogue: the open document is judged again, logged in.
    opts.secret = TOKEN;
    assert.deepEqual(await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' }), {
      loaded: [wiki.apiUrl],
      errors: [],
    });
    // The account (FAKE_ACCOUNT) lacks the bot right: assert=bot still fails, and the message names it; assertuser names it.
    await settle('the signed-in verdicts (only assert=bot left)', ['assertbotfailed']);
    const last = [...client.published].reverse().find((p) => p.uri === uri)!;
    assert.match(String(last.diagnostics[0].message), new RegExp(`${FAKE_ACCOUNT.name}, the account this wiki was signed in to, lacks it`));
    assert.ok(wiki.seen.some((r) => /meta=userinfo&uiprop=rights/.test(r.query) && r.authorization === `Bearer ${TOKEN}`));

    // "Sign out of Wiki" forgets the secret and what the signed-in load brought: anonymous verdicts again.
    opts.secret = undefined;
    await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet', forget: true });
    await settle('the anonymous verdicts after signing out', anonymous);
  });

  it('a public wiki whose catalogue was loaded before signing in: judged logged in once signed in (the sign-in reloads it)', async () => {
    const open = await startFakeOAuthWiki(SNAPSHOT, TOKEN, { anonymousRead: true });
    let secret: string | undefined;
    const client = await LspClient.start({
      initializationOptions: {
        wikis: { public: open.apiUrl },
        catalogueCacheDir: fs.mkdtempSync(path.join(cacheDir, 'p-')),
        wikiSignIn: true,
      },
      handlers: {
        'wikimapQuery/wikiSecret': (p: { apiUrl: string }) =>
          secret && p.apiUrl === open.apiUrl ? { kind: 'oauth2', accessToken: secret } : null,
      },
    });
    clients.push(client);
    try {
      const uri = 'file:///q/public.wikiquery';
      const settle = codesSettle(client, uri);
      await client.open(uri, 'wikiquery', `${open.apiUrl}?action=query&list=watchlist&assert=user\n`, 1);
      // Loaded without signing in: the wiki's own catalogue, anonymous verdicts.
      assert.deepEqual(await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'public' }), {
        loaded: [open.apiUrl],
        errors: [],
      });
      const source = await client.request<{ source: string }>('wikimapQuery/catalogue', { apiUrl: 'public' });
      assert.match(source.source, /MediaWiki 1\.39/);
      await settle('the anonymous verdicts', ['assertuserfailed', 'notloggedin']);
      assert.ok(open.seen.every((r) => r.authorization === undefined));

      secret = TOKEN;
      const before = open.seen.length;
      assert.deepEqual(await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'public' }), {
        loaded: [open.apiUrl],
        errors: [],
      });
      await settle('the signed-in verdicts (the account, FAKE_ACCOUNT, is known: assert=user holds)', []);
      for (const r of open.seen.slice(before)) assert.equal(r.authorization, `Bearer ${TOKEN}`);
    } finally {
      await open.stop();
    }
  });

  it('a reload after signing in that fails says the real state: signed in, judged as signed in by the catalogue loaded before, the account unknown', async () => {
    const open = await startFakeOAuthWiki(SNAPSHOT, TOKEN, { anonymousRead: true });
    let secret: string | undefined;
    const client = await LspClient.start({
      initializationOptions: {
        wikis: { public: open.apiUrl },
        catalogueCacheDir: fs.mkdtempSync(path.join(cacheDir, 'f-')),
        wikiSignIn: true,
        diagnostics: { delay: 0 },
      },
      handlers: {
        'wikimapQuery/wikiSecret': (p: { apiUrl: string }) =>
          secret && p.apiUrl === open.apiUrl ? { kind: 'oauth2', accessToken: secret } : null,
      },
    });
    clients.push(client);
    try {
      const uri = 'file:///q/failed.wikiquery';
      const settle = codesSettle(client, uri);
      const text = `${open.apiUrl}?action=query&list=watchlist&assert=user\n\n${open.apiUrl}?action=query&meta=siteinfo&assert=bot\n`;
      await client.open(uri, 'wikiquery', text, 1);
      assert.deepEqual(await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'public' }), {
        loaded: [open.apiUrl],
        errors: [],
      });
      await settle('the anonymous verdicts', ['assertbotfailed', 'assertuserfailed', 'notloggedin']);

      // "Sign in to Wiki…" with a token the wiki refuses: the reload after it fails.
      secret = 'a-token-the-wiki-does-not-know';
      const failed = await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'public' });
      assert.deepEqual(failed.loaded, []);
      assert.equal(failed.errors.length, 1);
      assert.match(failed.errors[0], /refused the request: mwoauth-invalid-authorization: .*Invalid access token\. You are signed in to /);
      assert.match(
        failed.errors[0],
        /but its catalogue could not be loaded signed in: until a load works, its queries are judged as sent signed in, by the catalogue loaded before signing in, without the account's name and rights \(assert=bot and assertuser are not judged\)\. Run "Wiki Query: Reload Catalogue" to try again, or sign out\.$/,
      );
      // Judged as signed in (no verdict only anonymous requests get), nothing of the account: not "not logged in".
      await settle('judged as signed in, the account unknown', []);
      const source = await client.request<{ source: string }>('wikimapQuery/catalogue', { apiUrl: 'public' });
      assert.match(source.source, /MediaWiki 1\.39/, 'the catalogue loaded before is still the one in use');

      // The right token: loaded signed in, the account known (it lacks the bot right).
      secret = TOKEN;
      assert.deepEqual(await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'public' }), {
        loaded: [open.apiUrl],
        errors: [],
      });
      await settle('the account judged', ['assertbotfailed']);

      // Signed out: anonymous again.
      secret = undefined;
      await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'public', forget: true });
      await settle('anonymous after signing out', ['assertbotfailed', 'assertuserfailed', 'notloggedin']);
    } finally {
      await open.stop();
    }
  });

  it('a client that cannot sign in is never asked, and is pointed to a saved catalogue', async () => {
    const { client, asked } = await start({ signIn: false, secret: TOKEN });
    const reload = await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' });
    assert.deepEqual(reload.loaded, []);
    assert.match(
      reload.errors[0],
      /readapidenied.*which this editor does not offer\. Save its catalogue signed in with `wikimap-query catalogue save/,
    );
    assert.deepEqual(asked, []);
  });

  it('a wiki a document names is never signed in to, even with liveCatalogues "any"; an untrusted workspace asks nothing', async () => {
    const other = await startFakeOAuthWiki(SNAPSHOT, TOKEN);
    try {
      const { client, asked } = await start({ signIn: true, secret: TOKEN, extra: { wiki: { liveCatalogues: 'any' } } });
      await client.open('file:///q/other.wikiquery', 'wikiquery', `${other.apiUrl}?action=query&list=allpages\n`, 1);
      await client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: other.apiUrl }).catch(() => undefined);
      assert.ok(!asked.includes(other.apiUrl), `not asked for ${other.apiUrl}: ${asked.join(', ')}`);
      for (const r of other.seen) assert.equal(r.authorization, undefined);

      const untrusted = await start({ signIn: true, secret: TOKEN, extra: { workspaceTrusted: false } });
      await untrusted.client.request<Reload>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' }).catch(() => undefined);
      assert.deepEqual(untrusted.asked, []);
    } finally {
      await other.stop();
    }
  });
});
