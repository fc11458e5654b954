/**
 * Wiki runs against a REAL MediaWiki on loopback (test/mediawiki/mediawikiServer.ts): one run,
 * continuation, fetch-all, the wiki's warnings and errors placed on the query's parameters, and
 * refusal of write actions before anything is sent.
 */
import assert from 'node:assert/strict';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { startMediaWiki, type MediaWikiInstance } from '../../mediawiki/mediawikiServer';
import { RunError } from '../../../run/runErrors';
import { typedQuery } from '../../support/typedQuery';
import { continueParams, fetchAll, getContinuation, runContinuation, runWikiQuery, type RunOptions } from '../../../run/wiki/wikiRun';
import { extractWikiMessages, placeWikiMessages } from '../../../run/wiki/wikiMessages';
import { locateParam } from '../../../run/wiki/paramLocator';
import { formatWikiResultDocument, summariseWikiResult } from '../../../run/wiki/wikiResultDocument';
import { nodeTransport } from '../../../run/node/nodeTransport';

const opts = (extra: Partial<RunOptions> = {}): RunOptions => ({
  transport: nodeTransport,
  timeoutMs: 30000,
  maxBytes: 50 * 1024 * 1024,
  ...extra,
});
const titles = (json: any): string[] => json.query.allpages.map((p: any) => p.title);

describe('wiki runs against a real MediaWiki', function () {
  this.timeout(180000);
  let wiki: MediaWikiInstance;

  before(async () => {
    wiki = await startMediaWiki();
  });
  after(async () => {
    await wiki?.stop();
  });

  it('runs a bare query with format=json&formatversion=2 added and counts the items', async () => {
    const q = typedQuery('action=query&list=allpages&aplimit=2');
    const r = await runWikiQuery(wiki.apiUrl, q.params, opts());
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.sentParams.filter(([k]) => ['format', 'formatversion'].includes(k)),
      [
        ['format', 'json'],
        ['formatversion', '2'],
      ],
    );
    assert.equal(titles(r.json).length, 2);
    const s = summariseWikiResult(r);
    assert.equal(s.items, 2);
    assert.deepEqual(s.byList, [['allpages', 2]]);
    assert.equal(s.hasContinue, true);
    assert.equal(s.errors, 0);
  });

  it('"Continue" fetches the next batch with the continue values merged into the original query', async () => {
    const q = typedQuery('action=query&list=allpages&aplimit=2');
    const first = await runWikiQuery(wiki.apiUrl, q.params, opts());
    const cont = getContinuation(first.json)!;
    const second = await runContinuation(first, opts());
    assert.equal(second.batch, 1);
    assert.deepEqual(second.queryParams, continueParams(q.params, cont));
    assert.ok(second.queryParams.some(([k, v]) => k === 'apcontinue' && v === cont.apcontinue));
    // The next batch starts where the first one said it would, with no overlap.
    assert.equal(titles(second.json)[0], cont.apcontinue);
    assert.equal(titles(first.json).filter((t) => titles(second.json).includes(t)).length, 0);
    // A third batch is again built from the original query, not from the second request.
    if (getContinuation(second.json)) {
      const third = await runContinuation(second, opts());
      assert.equal(third.batch, 2);
      assert.equal(third.queryParams.filter(([k]) => k === 'apcontinue').length, 1);
    }
  });

  it('"Fetch all" stops at its total byte budget and keeps what it fetched', async () => {
    const params = typedQuery('action=query&list=allpages&aplimit=1').params;
    const one = await runWikiQuery(wiki.apiUrl, params, opts());
    // Room for two pages and a half: the third page would pass the budget.
    const r = await fetchAll(wiki.apiUrl, params, { ...opts(), maxPages: 100, maxTotalBytes: Math.floor(one.bytes * 2.5) });
    assert.ok(r.pages >= 2 && r.pages <= 3, `pages ${r.pages}`);
    assert.match(r.stoppedEarly ?? '', /wikimapQuery\.run\.fetchAllMaxMB/);
    assert.equal(titles(r.json).length, r.pages, 'every fetched page is kept');
    assert.ok(getContinuation(r.json), 'the result says more remains');
  });

  it('"Fetch all" follows continuation and merges the batches into what one big request returns', async () => {
    const pagesSeen: number[] = [];
    const all = await fetchAll(wiki.apiUrl, typedQuery('action=query&list=allpages&aplimit=2').params, {
      ...opts(),
      maxPages: 100,
      onPage: (page) => pagesSeen.push(page),
    });
    const once = await runWikiQuery(wiki.apiUrl, typedQuery('action=query&list=allpages&aplimit=max').params, opts());
    assert.deepEqual(titles(all.json), titles(once.json));
    assert.ok(all.pages > 1, 'several pages were fetched');
    assert.deepEqual(
      pagesSeen,
      Array.from({ length: all.pages }, (_, i) => i + 1),
    );
    assert.equal(getContinuation(all.json), undefined);
    assert.equal(all.stoppedEarly, undefined);
    assert.match(formatWikiResultDocument(all), /pages merged/);
  });

  it('"Fetch all" stops at the page cap, keeps what it has and says more remain', async () => {
    const r = await fetchAll(wiki.apiUrl, typedQuery('action=query&list=allpages&aplimit=1').params, { ...opts(), maxPages: 2 });
    assert.equal(r.pages, 2);
    assert.equal(titles(r.json).length, 2);
    assert.match(r.stoppedEarly ?? '', /stopped after 2 pages/);
    assert.ok(getContinuation(r.json), 'the continue section is kept so the user can go on');
  });

  it('"Fetch all" stops when cancelled and keeps the pages it already has', async () => {
    const ac = new AbortController();
    const r = await fetchAll(wiki.apiUrl, typedQuery('action=query&list=allpages&aplimit=1').params, {
      ...opts({ signal: ac.signal }),
      maxPages: 100,
      onPage: (page) => {
        if (page === 2) ac.abort();
      },
    });
    assert.equal(r.pages, 2);
    assert.match(r.stoppedEarly ?? '', /cancelled after 2 pages/);
  });

  // Each row: a query in a document, and the text each wiki message must be placed on.
  const placements: Array<{ name: string; doc: string; expect: Array<{ code: string; severity: string; on: string }> }> = [
    {
      name: 'unknown parameter and out-of-range limit (warnings)',
      doc: '# allpages\naction=query&list=allpages\n  &aplimit=9999\n  &foo=1\n',
      expect: [
        { code: 'unrecognizedparams', severity: 'warning', on: 'foo=1' },
        { code: 'outofrange', severity: 'warning', on: 'aplimit=9999' },
      ],
    },
    {
      name: 'bad namespace (error)',
      doc: 'https://wiki.invalid/api.php?action=query&list=allpages&apnamespace=99',
      expect: [{ code: 'badvalue', severity: 'error', on: '99' }],
    },
    {
      name: 'unknown module in a list (one value of the list)',
      doc: 'action=query&list=allpages|nope&aplimit=1',
      expect: [{ code: 'unrecognizedvalues', severity: 'warning', on: 'nope' }],
    },
  ];
  for (const row of placements) {
    it(`places the wiki's messages on the parameters: ${row.name}`, async () => {
      const parsed = typedQuery(row.doc);
      const r = await runWikiQuery(wiki.apiUrl, parsed.params, opts());
      const placed = placeWikiMessages(extractWikiMessages(r.json), parsed.params);
      for (const want of row.expect) {
        const m = placed.find((p) => p.code === want.code);
        assert.ok(m, `the wiki reported ${want.code}; got ${JSON.stringify(placed)}`);
        assert.equal(m.severity, want.severity);
        const span = locateParam(row.doc, 0, row.doc.length, m.param!, m.value);
        assert.ok(span, `${want.code} placed on a parameter of the query`);
        assert.equal(row.doc.slice(span.start, span.end), want.on);
      }
    });
  }

  it('reads warnings in the default "bc" error format too', async () => {
    const parsed = typedQuery('action=query&list=allpages&aplimit=1&foo=1&errorformat=bc');
    const r = await runWikiQuery(wiki.apiUrl, parsed.params, opts());
    const placed = placeWikiMessages(extractWikiMessages(r.json), parsed.params);
    assert.ok(
      placed.some((m) => m.severity === 'warning' && m.param === 'foo'),
      JSON.stringify(placed),
    );
  });

  const refused: Array<[string, RegExp]> = [
    [
      'action=edit&title=Alpha&text=vandalism',
      /action=edit changes the wiki: MediaWiki takes it only as a POST request with a "csrf" token/,
    ],
    ['action=purge&titles=Alpha', /action=purge changes the wiki: MediaWiki takes it only as a POST request\./],
    ['action=rollback&title=Alpha&user=Admin', /with a "rollback" token/],
    ['action=delete&title=Alpha', /action=delete/],
    ['action=login&lgname=Admin', /action=login/],
    ['action=query&list=allpages&token=%2B%5C', /carries "token"/],
  ];
  for (const [query, message] of refused) {
    it(`refuses a write request before sending anything: ${query}`, async () => {
      const sent: string[] = [];
      await assert.rejects(
        runWikiQuery(wiki.apiUrl, typedQuery(query).params, opts({ onRequest: (u) => sent.push(u) })),
        (e: unknown) => e instanceof RunError && e.kind === 'refused' && message.test(e.message),
      );
      assert.deepEqual(sent, []);
    });
  }

  // Read modules that allow GET run as action=query does (issue: every module, not only query).
  const readModules: Array<[string, (r: Awaited<ReturnType<typeof runWikiQuery>>) => boolean]> = [
    ['action=parse&page=Alpha&prop=wikitext', (r) => typeof (r.json as any)?.parse?.wikitext === 'string'],
    ['action=compare&fromtitle=Alpha&totitle=Beta&prop=size', (r) => typeof (r.json as any)?.compare?.fromsize === 'number'],
    [
      'action=expandtemplates&text=%7B%7BPAGENAME%7D%7D&title=Alpha&prop=wikitext',
      (r) => (r.json as any)?.expandtemplates?.wikitext === 'Alpha',
    ],
    ['action=opensearch&search=Al&namespace=0', (r) => Array.isArray(r.json) && (r.json as any)[1].includes('Alpha')],
  ];
  for (const [query, ok] of readModules) {
    it(`runs the read module: ${query}`, async () => {
      const r = await runWikiQuery(wiki.apiUrl, typedQuery(query).params, opts());
      assert.ok(ok(r), r.text.slice(0, 300));
    });
  }

  it('runs a feed and shows its RSS as XML, not as a JSON string', async () => {
    const r = await runWikiQuery(wiki.apiUrl, typedQuery('action=feedrecentchanges&feedformat=rss').params, opts());
    assert.equal(r.json, undefined);
    const doc = formatWikiResultDocument(r);
    assert.match(doc, /^<\?xml[^>]*\?>\n<!-- GET /);
    assert.match(doc, /<rss[\s>]/);
    assert.ok(!doc.includes('\\n'), 'the body is not a JSON-escaped string');
  });

  it('a feed with a bad value answers with a JSON error, read as usual', async () => {
    const r = await runWikiQuery(wiki.apiUrl, typedQuery('action=feedrecentchanges&feedformat=bogus').params, opts());
    assert.equal((r.json as any).errors[0].code, 'badvalue');
  });

  it('the page Alpha is unchanged after the refused edit', async () => {
    const r = await runWikiQuery(
      wiki.apiUrl,
      typedQuery('action=query&prop=revisions&titles=Alpha&rvprop=content&rvslots=main').params,
      opts(),
    );
    const content = (r.json as any).query.pages[0].revisions[0].slots.main.content as string;
    assert.ok(!content.includes('vandalism'));
  });

  it('says clearly when the endpoint is not api.php (HTML instead of JSON)', async () => {
    await assert.rejects(
      runWikiQuery(`${wiki.server}/index.php`, typedQuery('action=query&list=allpages').params, opts()),
      (e: unknown) => e instanceof RunError && e.kind === 'notJson' && /not with JSON/.test(e.message) && /api\.php/.test(e.message),
    );
  });

  it('writes a result document that is valid JSONC with the summary in leading comments', async () => {
    const r = await runWikiQuery(
      wiki.apiUrl,
      typedQuery('action=query&list=allpages&aplimit=2&foo=<script>alert(1)</script>').params,
      opts(),
    );
    const text = formatWikiResultDocument(r);
    const errors: ParseError[] = [];
    const body = parseJsonc(text, errors, { allowTrailingComma: false });
    assert.deepEqual(errors, []);
    assert.deepEqual(body, r.json);
    const header = text.split('\n').filter((l) => l.startsWith('//'));
    assert.match(header[0], /^\/\/ GET http:\/\/127\.0\.0\.1:\d+\/api\.php\?action=query&list=allpages/);
    assert.match(header[1], /HTTP 200 .* 2 items \(allpages: 2\) · 1 warning · 0 errors/);
    assert.ok(header.some((l) => /warning unrecognizedparams \(main\): Unrecognized parameter: foo\./.test(l)));
    assert.ok(header.some((l) => /Continue/.test(l)));
  });
});
