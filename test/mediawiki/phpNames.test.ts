/**
 * Parameter names as PHP reads them, against a real MediaWiki: the wiki sees ` action` as `action`
 * and `ap.limit` as `ap_limit`. The run guard judges a request by those names, so the bypass
 * `action=query&%20action=edit&…&%20token=…` is refused before anything is sent, and the checker
 * reports what the wiki will really see.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RunError } from '../../run/runErrors';
import { runWikiQuery } from '../../run/wiki/wikiRun';
import { typedQuery } from '../support/typedQuery';
import { checkQueries, ensureBuilt } from './checkerCli';
import { MediaWikiClient, startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { nodeTransport } from '../../run/node/nodeTransport';

const BYPASS = 'action=query&%20action=edit&title=Sandbox&text=x&%20token=%2B%5C';

describe('parameter names as PHP reads them (real MediaWiki)', function () {
  this.timeout(300000);
  let wiki: MediaWikiInstance | undefined;
  let cacheHome: string;

  before(async () => {
    await ensureBuilt();
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-phpnames-'));
    wiki = await startMediaWiki({ seed: false });
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('the wiki reads " action" as action and "ap.limit" as ap_limit', async () => {
    const api = new MediaWikiClient(wiki!.apiUrl);
    // A leading space: the later " action=paraminfo" overrides action=query (a read-only module).
    const renamed = await api.get('action=query&%20action=paraminfo&modules=query&format=json&formatversion=2');
    assert.ok(renamed.paraminfo, `the wiki ran paraminfo: ${JSON.stringify(renamed).slice(0, 300)}`);
    // The bypass, sent as GET straight to the wiki: it reaches the edit module (only its POST requirement stops it).
    const bypass = await api.get(`${BYPASS}&format=json&formatversion=2&errorformat=plaintext`);
    // The wiki read " token" as token (which the edit module wants in the POST body) and " action" as action.
    assert.equal(bypass.errors?.[0]?.module, 'edit', JSON.stringify(bypass));
    assert.ok(['mustpostparams', 'mustbeposted'].includes(bypass.errors?.[0]?.code), JSON.stringify(bypass));
    if (bypass.errors[0].code === 'mustpostparams') assert.match(bypass.errors[0].text, /\btoken\b/);
    const dotted = await api.get('action=query&list=allpages&ap.limit=1&format=json&formatversion=2&errorformat=plaintext');
    assert.ok(JSON.stringify(dotted.warnings).includes('ap_limit'), JSON.stringify(dotted.warnings));
  });

  it('the run guard refuses the bypass before anything is sent', async () => {
    const sent: string[] = [];
    const attempt = runWikiQuery(wiki!.apiUrl, typedQuery(BYPASS).params, {
      transport: nodeTransport,
      timeoutMs: 10000,
      maxBytes: 1_000_000,
      onRequest: (url) => sent.push(url),
    });
    await assert.rejects(
      attempt,
      (e: unknown) => e instanceof RunError && e.kind === 'refused' && /action=edit changes the wiki/.test(e.message),
    );
    assert.equal(sent.length, 0, 'nothing was sent');
    // Variants: a leading-space token alone, a dotted action, an array-style action.
    for (const q of ['action=query&list=allpages&%20token=x', 'action=query&%20%20action=delete&title=X', 'action[x]=edit&title=X']) {
      await assert.rejects(
        runWikiQuery(wiki!.apiUrl, typedQuery(q).params, {
          transport: nodeTransport,
          timeoutMs: 10000,
          maxBytes: 1_000_000,
          onRequest: (url) => sent.push(url),
        }),
        /Not run/,
      );
    }
    assert.equal(sent.length, 0);
    // A read-only query still runs.
    const ok = await runWikiQuery(wiki!.apiUrl, typedQuery('action=query&meta=siteinfo').params, {
      transport: nodeTransport,
      timeoutMs: 30000,
      maxBytes: 10_000_000,
    });
    assert.equal(ok.status, 200);
  });

  it('the checker reports what the wiki will see', async () => {
    const { perQuery } = await checkQueries([BYPASS, 'action=query&list=allpages&ap.limit=1'], [wiki!.apiUrl], cacheHome);
    const [bypass, dotted] = perQuery;
    const renamed = bypass.filter((d) => d.code === 'phpname');
    assert.equal(renamed.length, 2, JSON.stringify(bypass));
    assert.match(renamed[0].message, /" action" as "action"/);
    assert.ok(
      bypass.some((d) => d.code === 'postonly' && /action=edit/.test(d.message)),
      'checked as action=edit, as the wiki saw it',
    );
    assert.ok(
      dotted.some((d) => d.code === 'unrecognizedparams' && d.param === 'ap_limit'),
      JSON.stringify(dotted),
    );
  });
});
