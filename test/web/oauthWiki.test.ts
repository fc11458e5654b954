/**
 * Private wikis in the browser: an OAuth 2 owner-only token sent as MediaWiki 1.44+ reads it across
 * sites (`Authorization: Bearer` with `crossorigin=1` in place of `origin=*`), by the run code on the
 * browser transport and by the web build's language server in its Worker, both in a page of Debian's
 * Chromium, whose own CORS rules decide what may be read. The wiki is the fake with the OAuth extension
 * (test/fakes/oauthWiki.ts: ApiMain's cross-origin handling as in 1.44+, the extension's session), on
 * another loopback port than the page.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startFakeOAuthWiki, type FakeOAuthWiki } from '../fakes/oauthWiki';
import { bundleForPage, ensureWebBuilt, launchChromium, ROOT, servePage, startWorkerClient, type WorkerClient } from './webHarness';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.wmq-browser-owner-only.c2lnbmF0dXJl';
const SNAPSHOT = path.join(ROOT, 'test', 'fixtures', 'catalogues', 'mediawiki-1.39.json');

/** The run code on the browser transport, signed per wiki as the web extension signs it, exposed to the page. */
async function bundleSignedRunCode(): Promise<Uint8Array> {
  const entry = `
    import { runWikiQuery } from './run/wiki/wikiRun';
    import { fetchTransport } from './run/browser/fetchTransport';
    import { perWikiSignInTransport } from './run/wiki/wikiAuth';
    globalThis.wmqSignedRun = async (apiUrl, params, signedWiki, token) => {
      const secretFor = async (wiki) => (token && wiki === signedWiki ? { kind: 'oauth2', accessToken: token } : undefined);
      const transport = perWikiSignInTransport(fetchTransport(), secretFor, 'wikimap-query/test (web suite)');
      try {
        const r = await runWikiQuery(apiUrl, params, { transport, crossOrigin: true, timeoutMs: 20000, maxBytes: 1000000 });
        return { ok: true, json: r.json };
      } catch (e) {
        return { ok: false, kind: e.kind, message: e.message };
      }
    };`;
  return bundleForPage(entry);
}

interface RunAnswer {
  ok: boolean;
  json?: any;
  kind?: string;
  message?: string;
}

/** The wiki's error code, in either error format. */
const errorCode = (json: any): string | undefined => json?.error?.code ?? json?.errors?.[0]?.code;

const ALLPAGES: Array<[string, string]> = [
  ['action', 'query'],
  ['list', 'allpages'],
];

describe('private wikis in the browser: an OAuth 2 token with crossorigin=1 (Chromium, the OAuth fake across origins)', function () {
  this.timeout(180000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof servePage>>;
  let wiki: FakeOAuthWiki;
  let other: FakeOAuthWiki;
  let page: Page;
  const pages: Page[] = [];

  const run = (apiUrl: string, token?: string) =>
    page.evaluate(([url, params, signed, t]) => (globalThis as any).wmqSignedRun(url, params, signed, t), [
      apiUrl,
      ALLPAGES,
      wiki.apiUrl,
      token,
    ] as const) as Promise<RunAnswer>;

  before(async () => {
    ensureWebBuilt();
    const code = await bundleSignedRunCode();
    [browser, site, wiki, other] = await Promise.all([
      launchChromium(),
      servePage({ '/signed.js': code }),
      startFakeOAuthWiki(SNAPSHOT, TOKEN),
      startFakeOAuthWiki(SNAPSHOT, TOKEN),
    ]);
    page = await browser.newPage();
    await page.goto(site.url);
    await page.addScriptTag({ url: '/signed.js' });
  });
  after(async () => {
    await browser?.close();
    await Promise.all([site?.close(), wiki?.stop(), other?.stop()]);
  });

  it('anonymous (origin=*): the page reads the private wiki’s readapidenied', async () => {
    const answer = await run(wiki.apiUrl);
    assert.equal(answer.ok, true, answer.message);
    assert.equal(errorCode(answer.json), 'readapidenied', JSON.stringify(answer.json));
  });

  it('signed in: the preflight, then the read with the token and crossorigin=1 (no origin=*)', async () => {
    const before = wiki.seen.length;
    const answer = await run(wiki.apiUrl, TOKEN);
    assert.equal(answer.ok, true, answer.message);
    assert.deepEqual(answer.json.query.allpages, [{ pageid: 1, ns: 0, title: 'Main Page' }]);
    const sent = wiki.seen.slice(before);
    const preflight = sent.find((r) => r.method === 'OPTIONS');
    assert.ok(preflight, `a preflight among ${JSON.stringify(sent)}`);
    assert.match(preflight.query, /[?&]crossorigin=1(&|$)/);
    assert.equal(preflight.authorization, undefined, 'the browser sends no credential with the preflight');
    const get = sent.filter((r) => r.method === 'GET');
    assert.equal(get.length, 1);
    assert.equal(get[0].authorization, `Bearer ${TOKEN}`);
    assert.match(get[0].query, /[?&]crossorigin=1(&|$)/);
    assert.doesNotMatch(get[0].query, /[?&]origin=/);
    assert.equal(get[0].origin, new URL(site.url).origin, 'sent from the page, across origins');
  });

  it('a token the wiki does not take: the browser cannot read the refusal, and the message says what to check', async () => {
    const answer = await run(wiki.apiUrl, 'not-the-token');
    assert.equal(answer.ok, false);
    assert.equal(answer.kind, 'network', answer.message);
    assert.match(answer.message ?? '', /MediaWiki 1\.44 or later with the OAuth extension/);
    assert.match(answer.message ?? '', /Check the token/);
    assert.ok(!(answer.message ?? '').includes('not-the-token'), 'the token is not in the message');
  });

  it('another wiki gets no token: it is read anonymously with origin=*', async () => {
    const before = other.seen.length;
    const answer = await run(other.apiUrl, TOKEN);
    assert.equal(answer.ok, true, answer.message);
    assert.equal(errorCode(answer.json), 'readapidenied', JSON.stringify(answer.json));
    const sent = other.seen.slice(before);
    assert.ok(sent.length >= 1);
    for (const r of sent) {
      assert.equal(r.authorization, undefined);
      assert.doesNotMatch(r.query, /crossorigin/);
    }
  });

  /** The web build's server in a Worker of a new page, whose client keeps `token` for the private wiki. */
  async function worker(token: string | undefined): Promise<{ client: WorkerClient; asked: string[] }> {
    const p = await browser.newPage();
    pages.push(p);
    await p.goto(site.url);
    const asked: string[] = [];
    const client = await startWorkerClient(p, { diagnostics: { delay: 0 }, wikis: { intranet: wiki.apiUrl }, wikiSignIn: 'oauth2' });
    client.connection.onRequest('wikimapQuery/wikiSecret', (params: { apiUrl: string }) => {
      asked.push(params.apiUrl);
      return token && params.apiUrl === wiki.apiUrl ? { kind: 'oauth2', accessToken: token } : null;
    });
    return { client, asked };
  }

  it('the language server in its Worker loads the private wiki’s catalogue signed in, and says how to sign in without', async () => {
    const signedIn = await worker(TOKEN);
    const before = wiki.seen.length;
    const loaded = await signedIn.client.connection.sendRequest('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' });
    assert.deepEqual(loaded, { loaded: [wiki.apiUrl], errors: [] });
    const reads = wiki.seen.slice(before).filter((r) => r.method === 'GET');
    assert.ok(reads.length >= 2, 'siteinfo and paraminfo');
    for (const r of reads) {
      assert.equal(r.authorization, `Bearer ${TOKEN}`);
      assert.match(r.query, /[?&]crossorigin=1(&|$)/);
    }
    assert.deepEqual([...new Set(signedIn.asked)], [wiki.apiUrl]);

    const anonymous = await worker(undefined);
    const refused = await anonymous.client.connection.sendRequest<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', {
      apiUrl: 'intranet',
    });
    assert.deepEqual(refused.loaded, []);
    const said = refused.errors.join(' ');
    assert.match(said, /readapidenied/);
    assert.match(said, /Sign in to Wiki….*OAuth 2 owner-only token.*1\.44 or later.*bot password needs the desktop editor/);
    for (const c of [signedIn.client, anonymous.client]) {
      assert.deepEqual(c.workerErrors, []);
      assert.ok(!JSON.stringify(c.shown).includes(TOKEN), 'the token is in no message');
    }
  });
});
