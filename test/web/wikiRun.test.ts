/**
 * Wiki runs as the web extension makes them: the shared run code (run/wiki/wikiRun.ts) on the browser's
 * transport (run/browser/fetchTransport.ts), bundled for the browser and run in a page of Debian's
 * Chromium against a real MediaWiki on another loopback port — a cross-origin read, so the answer
 * arrives only because the request asks with `origin=*` and the wiki allows `Api-User-Agent`.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startMediaWiki, type MediaWikiInstance } from '../mediawiki/mediawikiServer';
import { bundleForPage, launchChromium, servePage } from './webHarness';

/** The run code and the browser transport, bundled as the web extension bundles them, exposed to the page. */
async function bundleRunCode(): Promise<Uint8Array> {
  const entry = `
    import { getContinuation, runWikiQuery, runContinuation } from './run/wiki/wikiRun';
    import { fetchTransport } from './run/browser/fetchTransport';
    const options = (maxBytes) => ({ transport: fetchTransport(), crossOrigin: true, timeoutMs: 20000, maxBytes, userAgent: 'wikimap-query/test (web suite)' });
    globalThis.wmqRun = async (apiUrl, params, maxBytes = 1000000) => {
      try {
        const first = await runWikiQuery(apiUrl, params, options(maxBytes));
        const next = getContinuation(first.json) ? await runContinuation(first, options(maxBytes)) : undefined;
        return { ok: true, first: first.json, next: next?.json, url: first.displayUrl };
      } catch (e) {
        return { ok: false, kind: e.kind, message: e.message };
      }
    };`;
  return bundleForPage(entry);
}

interface RunAnswer {
  ok: boolean;
  first?: any;
  next?: any;
  url?: string;
  kind?: string;
  message?: string;
}

describe('wiki runs in the browser (fetch transport, Chromium, a real MediaWiki across origins)', function () {
  this.timeout(180000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof servePage>>;
  let wiki: MediaWikiInstance;
  let page: Page;
  const run = (params: Array<[string, string]>, maxBytes?: number) =>
    page.evaluate(([apiUrl, p, max]) => (globalThis as any).wmqRun(apiUrl, p, max), [
      wiki.apiUrl,
      params,
      maxBytes,
    ] as const) as Promise<RunAnswer>;

  before(async () => {
    const code = await bundleRunCode();
    [browser, site, wiki] = await Promise.all([launchChromium(), servePage({ '/run.js': code }), startMediaWiki()]);
    page = await browser.newPage();
    await page.goto(site.url);
    await page.addScriptTag({ url: '/run.js' });
  });
  after(async () => {
    await browser?.close();
    await Promise.all([site?.close(), wiki?.stop()]);
  });

  it('runs a read query and follows its continuation', async () => {
    const answer = await run([
      ['action', 'query'],
      ['list', 'allpages'],
      ['aplimit', '1'],
    ]);
    assert.equal(answer.ok, true, answer.message);
    assert.match(answer.url ?? '', /[?&]origin=\*/);
    assert.equal(answer.first.query.allpages.length, 1);
    assert.equal(answer.next.query.allpages.length, 1);
    assert.notEqual(answer.next.query.allpages[0].title, answer.first.query.allpages[0].title);
  });

  it('stops reading past the byte cap, with the advice of the desktop', async () => {
    const answer = await run(
      [
        ['action', 'query'],
        ['list', 'allpages'],
        ['aplimit', 'max'],
      ],
      200,
    );
    assert.equal(answer.kind, 'tooLarge', answer.message);
    assert.match(answer.message ?? '', /larger than the cap/);
  });

  it('refuses a write action before anything is sent', async () => {
    const answer = await run([
      ['action', 'edit'],
      ['title', 'X'],
    ]);
    assert.equal(answer.ok, false);
    assert.match(answer.message ?? '', /POST/);
  });

  it('says why a server that sends no CORS headers cannot be read', async () => {
    // The page's own server answers without CORS headers: from another origin the browser hides the answer.
    const other = site.url.replace('127.0.0.1', 'localhost');
    const answer = (await page.evaluate((url) => (globalThis as any).wmqRun(url, [['action', 'query']]), `${other}api.php`)) as RunAnswer;
    assert.equal(answer.kind, 'network', answer.message);
    assert.match(answer.message ?? '', /cross-origin reads/);
  });
});
