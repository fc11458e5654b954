/**
 * Building wiki requests: what is refused, what is added, how what the server read in a typed
 * query becomes a request, how URLs are shown in logs, and how continuation and batches merge.
 */
import assert from 'node:assert/strict';
import { RunError } from '../../../run/runErrors';
import {
  buildWikiUrl,
  checkReadOnly,
  describeParams,
  requestOfTypedQuery,
  withDeadline,
  withJsonFormat,
  type WikiParams,
} from '../../../run/wiki/wikiRequest';
import type { RunnableQuery } from '../../../common/protocol';

/** The pairs as written (names not yet as PHP reads them): what the guard must judge whatever the source. */
const pairs = (query: string): WikiParams => [...new URLSearchParams(query)];
import { redactUrl } from '../../../run/redact';
import { continueParams, countItems, mergeBatches } from '../../../run/wiki/wikiRun';

describe('wiki request building', () => {
  const readOnly: Array<[string, boolean]> = [
    ['action=query&list=allpages', true],
    ['action=parse&page=Alpha', true],
    ['action=paraminfo&modules=query+allpages', true],
    ['action=expandtemplates&text={{x}}', true],
    ['action=opensearch&search=a', true],
    ['list=allpages', true], // no action: MediaWiki shows help
    ['action=query&meta=tokens', true], // asks for a token, takes none
    ['action=edit&title=A&text=b', false],
    ['action=delete&title=A', false],
    ['action=move&from=A&to=B', false],
    ['action=upload&filename=a.png', false],
    ['action=login&lgname=x', false],
    ['action=clientlogin', false],
    ['action=purge&titles=A', false],
    ['action=options&change=x', false],
    ['action=watch&titles=A', false],
    ['action=query&list=allpages&token=abc', false],
    ['action=parse&page=A&csrftoken=abc', false],
    // Names as PHP reads them (leading spaces dropped, spaces and dots to _, [ starts an array key).
    ['action=query&%20action=edit&title=Sandbox&text=x&%20token=%2B%5C', false],
    ['action=query&+action=delete&title=A', false],
    ['action=query&list=allpages&%20%20token=x', false],
    ['action=query&list=allpages&lg%2Epassword=x', true], // lg_password is not lgpassword
    ['action=query&list=allpages&%20lgpassword=x', false],
    ['action[0]=edit&title=A', false],
    ['action=query&list[x]=allpages', false],
    ['action=query&%20list=allpages', true], // renamed, but nothing overridden or written twice
    ['action=query&list=allpages&%20list=search', false], // the renamed one hides the other
    ['%00action=edit&action=query&list=allpages', true], // a name cut at NUL is empty: PHP drops it
  ];
  for (const [query, ok] of readOnly) {
    it(`${ok ? 'allows' : 'refuses'} ${query}`, () => {
      const run = () => checkReadOnly(pairs(query));
      if (ok) run();
      else assert.throws(run, (e: unknown) => e instanceof RunError && e.kind === 'refused' && /^Not run: /.test(e.message));
    });
  }

  it('adds format=json, formatversion=2 and errorformat=plaintext only when absent; last repeat wins', () => {
    assert.deepEqual(withJsonFormat(pairs('action=query&list=a&list=allpages')), [
      ['action', 'query'],
      ['list', 'allpages'],
      ['format', 'json'],
      ['formatversion', '2'],
      ['errorformat', 'plaintext'],
    ]);
    assert.deepEqual(withJsonFormat(pairs('action=query&format=json&formatversion=1&errorformat=bc')), [
      ['action', 'query'],
      ['format', 'json'],
      ['formatversion', '1'],
      ['errorformat', 'bc'],
    ]);
  });

  it('builds the URL on the endpoint, keeping | readable and encoding the rest', () => {
    assert.equal(
      buildWikiUrl('https://example.org/w/api.php?old=1#x', [
        ['action', 'query'],
        ['titles', 'A b|C&D'],
        ['sep', '\u001f'],
      ]),
      'https://example.org/w/api.php?action=query&titles=A%20b|C%26D&sep=%1F',
    );
    assert.throws(
      () => buildWikiUrl('example.org/api.php', []),
      (e: unknown) => e instanceof RunError && e.kind === 'badUrl' && /wikimapQuery\.wiki\.apiUrl/.test(e.message),
    );
  });

  const wikiQuery = (apiUrl: string | undefined, params: WikiParams): RunnableQuery => ({
    kind: 'wiki',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
    apiUrl,
    params,
  });
  const mapQuery: RunnableQuery = { kind: 'map', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, body: {} };
  const typedCases: Array<[string, RunnableQuery[], { apiUrl?: string; params: WikiParams } | RegExp]> = [
    [
      'one query with its wiki',
      [wikiQuery('https://w.example/api.php', [['action', 'query']])],
      { apiUrl: 'https://w.example/api.php', params: [['action', 'query']] },
    ],
    [
      'one bare query (the selected wiki)',
      [wikiQuery(undefined, [['action', 'query']])],
      { apiUrl: undefined, params: [['action', 'query']] },
    ],
    ['an empty apiUrl is none', [wikiQuery('', [['action', 'query']])], { apiUrl: undefined, params: [['action', 'query']] }],
    ['nothing read', [], /No wiki query in the text/],
    ['only a map query', [mapQuery], /No wiki query in the text/],
    ['two queries', [wikiQuery(undefined, []), wikiQuery(undefined, [])], /holds 2 queries. Run one at a time/],
  ];
  for (const [what, queries, expected] of typedCases) {
    it(`a typed query: ${what}`, () => {
      if (expected instanceof RegExp)
        assert.throws(
          () => requestOfTypedQuery(queries),
          (e: unknown) => e instanceof RunError && e.kind === 'badUrl' && expected.test(e.message),
        );
      else assert.deepEqual(requestOfTypedQuery(queries), expected);
    });
  }

  it('gives up on a language server that does not answer, with a timeout error', async () => {
    const never = new Promise<never>(() => undefined);
    await assert.rejects(
      withDeadline(never, 20, 'no answer'),
      (e: unknown) => e instanceof RunError && e.kind === 'timeout' && e.message === 'no answer',
    );
    assert.equal(await withDeadline(Promise.resolve(7), 1000, 'no answer'), 7);
  });

  const redactions: Array<[string, string]> = [
    [
      'https://w.example/api.php?action=query&list=watchlist&wlowner=Bob&wltoken=s3cret',
      'https://w.example/api.php?action=query&list=watchlist&wlowner=Bob&wltoken=***',
    ],
    ['https://user:pw@w.example/api.php?lgpassword=hunter2&x=1', 'https://w.example/api.php?lgpassword=***&x=1'],
    ['http://127.0.0.1:8080/api/mapobjects/', 'http://127.0.0.1:8080/api/mapobjects/'],
    ['https://w.example/api.php?action=query&list=allpages', 'https://w.example/api.php?action=query&list=allpages'],
  ];
  for (const [url, shown] of redactions) {
    it(`logs ${url} without secrets`, () => {
      assert.equal(redactUrl(url), shown);
    });
  }

  it('describes a query in one line without format params or secrets', () => {
    assert.equal(
      describeParams(
        withJsonFormat([
          ['action', 'query'],
          ['list', 'watchlist'],
          ['wltoken', 'abc'],
        ]),
      ),
      'list=watchlist&wltoken=***',
    );
  });

  it('continues from the original query, replacing and appending the continue values', () => {
    const original: Array<[string, string]> = [
      ['action', 'query'],
      ['list', 'allpages'],
      ['apcontinue', 'old'],
      ['aplimit', '2'],
    ];
    assert.deepEqual(continueParams(original, { apcontinue: 'Delta', continue: '-||' }), [
      ['action', 'query'],
      ['list', 'allpages'],
      ['apcontinue', 'Delta'],
      ['aplimit', '2'],
      ['continue', '-||'],
    ]);
  });

  it('merges batches: lists concatenate, pages merge by id with their sub-lists joined', () => {
    const a = {
      batchcomplete: true,
      query: {
        pages: [
          { pageid: 1, title: 'A', links: [{ title: 'X' }] },
          { pageid: 2, title: 'B' },
        ],
      },
      warnings: [{ code: 'w', text: 't' }],
    };
    const b = {
      query: {
        pages: [
          { pageid: 1, title: 'A', links: [{ title: 'Y' }] },
          { pageid: 3, title: 'C' },
        ],
      },
      warnings: [{ code: 'w', text: 't' }],
    };
    const merged = mergeBatches(a, b) as any;
    assert.deepEqual(
      merged.query.pages.map((p: any) => p.title),
      ['A', 'B', 'C'],
    );
    assert.deepEqual(merged.query.pages[0].links, [{ title: 'X' }, { title: 'Y' }]);
    assert.equal(merged.warnings.length, 1);
    assert.deepEqual(countItems(merged), { total: 3, byList: [['pages', 3]] });
  });
});

describe('credentials in URLs', () => {
  it('redacts user info in URLs and in free text', async () => {
    const { redactUserInfo } = await import('../../../run/redact');
    assert.equal(redactUrl('http://user:secret@wiki.example.org/w/api.php?action=query'), 'http://wiki.example.org/w/api.php?action=query');
    assert.equal(
      redactUserInfo('failed: "http://user:secret@wiki.example.org/w/api.php" is bad'),
      'failed: "http://wiki.example.org/w/api.php" is bad',
    );
    assert.equal(redactUserInfo('no url here'), 'no url here');
  });
  it('refuses to build a message with the password in it', () => {
    assert.throws(
      () => buildWikiUrl('ftp://user:secret@wiki.example.org/api.php', []),
      (e: unknown) => e instanceof Error && !e.message.includes('secret'),
    );
  });
});
