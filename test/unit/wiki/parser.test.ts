import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { getQueryText, getValueItems, parseWikiDocument, decodeComponent } from '../../../server/src/service/wiki/wikiQueryParser';
import { getCursorContext } from '../../../server/src/service/wiki/wikiCursor';
import type { WikiDocument } from '../../../server/src/service/wiki/wikiTypes';
import { cursor } from './helpers';
import { seededRandom } from '../../support/seededRandom';

/** Each query as [apiUrl, [name, decoded value][]], plus the text of every range, to compare with the source. */
function summary(doc: WikiDocument) {
  return doc.queries.map((q) => ({
    apiUrl: q.apiUrl,
    params: q.params.map((p) => [p.name, p.value]),
  }));
}

describe('wiki parser: query forms', () => {
  const TABLE: Array<[string, string, ReturnType<typeof summary>]> = [
    [
      'full URL',
      'https://en.wikipedia.org/w/api.php?action=query&list=allpages',
      [
        {
          apiUrl: 'https://en.wikipedia.org/w/api.php',
          params: [
            ['action', 'query'],
            ['list', 'allpages'],
          ],
        },
      ],
    ],
    [
      'api.php? without host',
      'api.php?action=query&meta=siteinfo',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['meta', 'siteinfo'],
          ],
        },
      ],
    ],
    [
      '?action=',
      '?action=query&meta=siteinfo',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['meta', 'siteinfo'],
          ],
        },
      ],
    ],
    [
      'bare parameters',
      'action=query&list=allpages',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'allpages'],
          ],
        },
      ],
    ],
    [
      'protocol-relative URL',
      '//example.org/w/api.php?action=query',
      [{ apiUrl: 'https://example.org/w/api.php', params: [['action', 'query']] }],
    ],
    [
      'comments and blank lines',
      '# a comment\naction=query&list=a\n\n# another\n\naction=query&list=b\n',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'a'],
          ],
        },
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'b'],
          ],
        },
      ],
    ],
    [
      'multi-line form with leading spaces',
      'action=query\n  &list=allpages\n\t&aplimit=5\n&apdir=descending',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'allpages'],
            ['aplimit', '5'],
            ['apdir', 'descending'],
          ],
        },
      ],
    ],
    [
      'a comment inside a multi-line query does not end it',
      'action=query\n# why\n  &list=allpages',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'allpages'],
          ],
        },
      ],
    ],
    [
      'a new line without & starts a new query',
      'action=query&list=a\naction=query&list=b',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'a'],
          ],
        },
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'b'],
          ],
        },
      ],
    ],
    [
      'CRLF line ends',
      'action=query\r\n  &list=allpages\r\n\r\naction=query\r\n',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['list', 'allpages'],
          ],
        },
        { apiUrl: undefined, params: [['action', 'query']] },
      ],
    ],
    [
      'percent-decoding and +',
      'action=query&titles=Main%20Page|A+B|%E2%82%AC&list=x%7cy',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['titles', 'Main Page|A B|€'],
            ['list', 'x|y'],
          ],
        },
      ],
    ],
    [
      'invalid escapes stay literal',
      'action=query&titles=100%&srsearch=%zz%E2',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['titles', '100%'],
            ['srsearch', '%zz\u00e2'],
          ],
        },
      ],
    ],
    [
      'PHP turns spaces and dots in names into underscores',
      'action=query&cm.title=A&a+b=1&%20x=2',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['cm_title', 'A'],
            ['a_b', '1'],
            ['x', '2'],
          ],
        },
      ],
    ],
    [
      'a URL fragment is not sent',
      'https://w.org/w/api.php?action=query&list=allpages#top',
      [
        {
          apiUrl: 'https://w.org/w/api.php',
          params: [
            ['action', 'query'],
            ['list', 'allpages'],
          ],
        },
      ],
    ],
    [
      'names without = and empty values',
      'action=query&redirects&titles=&&x=',
      [
        {
          apiUrl: undefined,
          params: [
            ['action', 'query'],
            ['redirects', ''],
            ['titles', ''],
            ['x', ''],
          ],
        },
      ],
    ],
  ];
  for (const [name, text, expected] of TABLE) {
    it(name, () => assert.deepEqual(summary(parseWikiDocument(text)), expected));
  }

  it('records exact source ranges for names and values', () => {
    const text = '# x\nhttps://w.org/api.php?action=query&cm%74itle=Category%3AA+B';
    const [q] = parseWikiDocument(text).queries;
    const p = q.byName.get('cmtitle')!;
    assert.equal(text.slice(p.nameRange.start, p.nameRange.end), 'cm%74itle');
    assert.equal(text.slice(p.valueRange.start, p.valueRange.end), 'Category%3AA+B');
    assert.equal(p.value, 'Category:A B');
    assert.equal(text.slice(q.urlRange!.start, q.urlRange!.end), 'https://w.org/api.php');
    assert.equal(getQueryText(text, q), text.slice(4));
  });

  it('a repeated parameter: only the last counts', () => {
    const [q] = parseWikiDocument('action=query&titles=A&titles=B').queries;
    assert.equal(q.byName.get('titles')!.value, 'B');
    assert.deepEqual(
      q.params.map((p) => p.overridden),
      [false, true, false],
    );
  });

  // byName scans the pairs of a short query and maps those of a long one: both must read as a Map
  // of name → last pair would (values in the order names first appear, earlier repeats overridden).
  const names = ['action', 'list', 'titles', 'prop', 'cmtitle', 'x%5B0%5D', 'a.b', 'rvprop'];
  for (const count of [0, 1, 2, 5, 24, 25, 60]) {
    for (const seed of [1, 2, 3]) {
      it(`byName reads like a Map of the last occurrences (${count} pairs, seed ${seed})`, () => {
        const r = seededRandom(seed * 1000 + count);
        const pairs = Array.from({ length: count }, (_, i) => `${names[Math.floor(r() * names.length)]}=${i}`);
        const [q] = parseWikiDocument('action=query' + pairs.map((p) => '&' + p).join('')).queries;
        const reference = new Map<string, (typeof q.params)[number]>();
        for (const p of q.params) reference.set(p.name, p);
        assert.deepEqual([...q.byName.values()], [...reference.values()]);
        for (const name of [...names, 'x[0]', 'a_b', 'nothere']) {
          assert.equal(q.byName.get(name), reference.get(name), name);
          assert.equal(q.byName.has(name), reference.has(name), name);
        }
        assert.deepEqual(
          q.params.map((p) => p.overridden),
          q.params.map((p) => reference.get(p.name) !== p),
        );
      });
    }
  }
});

describe('wiki parser: value items', () => {
  const TABLE: Array<[string, string, Array<[string, string]>]> = [
    [
      '| separated',
      'a|b|c',
      [
        ['a', 'a'],
        ['b', 'b'],
        ['c', 'c'],
      ],
    ],
    [
      '%7C and %7c separate',
      'a%7Cb%7cc',
      [
        ['a', 'a'],
        ['b', 'b'],
        ['c', 'c'],
      ],
    ],
    [
      'empty items are kept',
      'a||b',
      [
        ['a', 'a'],
        ['', ''],
        ['b', 'b'],
      ],
    ],
    ['an empty value has no items', '', []],
    [
      'U+001F prefix switches the separator (%1F)',
      '%1Fa|b%1Fc',
      [
        ['a|b', 'a|b'],
        ['c', 'c'],
      ],
    ],
    [
      'U+001F prefix switches the separator (raw)',
      '\u001fa|b\u001fc',
      [
        ['a|b', 'a|b'],
        ['c', 'c'],
      ],
    ],
    ['a lone U+001F has no items', '%1F', []],
    [
      'encoded items decode',
      'Main%20Page|A+B',
      [
        ['Main Page', 'Main%20Page'],
        ['A B', 'A+B'],
      ],
    ],
  ];
  for (const [name, value, expected] of TABLE) {
    it(name, () => {
      const text = `action=query&titles=${value}`;
      const [q] = parseWikiDocument(text).queries;
      const items = getValueItems(text, q.byName.get('titles')!);
      assert.deepEqual(
        items.map((i) => [i.text, text.slice(i.range.start, i.range.end)]),
        expected,
      );
      assert.deepEqual(
        items.map((i) => i.index),
        expected.map((_, i) => i),
      );
    });
  }
});

describe('wiki parser: embedded mode (markdown)', () => {
  it('finds api.php URLs anywhere and only those', () => {
    const text = [
      'Use [this query](https://en.wikipedia.org/w/api.php?action=query&list=allpages&apfrom=A_(b)).',
      'Not this: https://example.org/?action=query. Nor `action=query&list=x`.',
      'Bare: api.php?action=query&meta=siteinfo, then prose.',
    ].join('\n');
    const doc = parseWikiDocument(text, { embedded: true });
    assert.deepEqual(
      doc.queries.map((q) => getQueryText(text, q)),
      ['https://en.wikipedia.org/w/api.php?action=query&list=allpages&apfrom=A_(b)', 'api.php?action=query&meta=siteinfo'],
    );
    assert.equal(doc.queries[0].apiUrl, 'https://en.wikipedia.org/w/api.php');
    assert.deepEqual(doc.comments, []);
  });
});

describe('wiki parser: decoding', () => {
  it('decodes like PHP urldecode', () => {
    assert.equal(decodeComponent('a+b%20c%7C%7c'), 'a b c||');
    assert.equal(decodeComponent('%'), '%');
    // Not UTF-8: the whole value is read as Windows-1252, as MediaWiki's API does.
    assert.equal(decodeComponent('%C3%A9%FF'), '\u00c3\u00a9\u00ff');
    assert.equal(decodeComponent('%E9t%E9%80'), 'été€');
  });
});

describe('wiki cursor: where is the cursor?', () => {
  type Row = [name: string, text: string, expected: Record<string, unknown>, marker?: string];
  const TABLE: Row[] = [
    ['on a parameter name', 'action=query&apli|mit=5', { kind: 'paramName', prefix: 'apli', name: 'aplimit' }],
    ['at the end of a name before =', 'action=query&aplimit|=5', { kind: 'paramName', prefix: 'aplimit', name: 'aplimit' }],
    ['an empty slot after &', 'action=query&|', { kind: 'paramName', prefix: '', name: undefined }],
    ['on an empty continuation line', 'action=query\n  &|', { kind: 'paramName', prefix: '', name: undefined }],
    ['in a value', 'action=query&apdir=asc|', { kind: 'paramValue', prefix: 'asc', name: 'apdir', item: 0 }],
    ['in an empty value', 'action=query&apdir=|', { kind: 'paramValue', prefix: '', name: 'apdir', item: 0 }],
    ['in the second item of a list', 'action=query&inprop=url|ta¦', { kind: 'paramValue', prefix: 'ta', name: 'inprop', item: 1 }, '¦'],
    ['after a trailing |', 'action=query&inprop=url|¦', { kind: 'paramValue', prefix: '', name: 'inprop', item: 1 }, '¦'],
    ['module list after list=', 'action=query&list=all|', { kind: 'moduleList', group: 'list', prefix: 'all', item: 0 }],
    ['module list, second module', 'action=query&prop=info|rev¦isions', { kind: 'moduleList', group: 'prop', prefix: 'rev', item: 1 }, '¦'],
    ['generator value', 'action=query&generator=|', { kind: 'moduleList', group: 'generator', prefix: '', item: 0 }],
    ['in an encoded value', 'action=query&titles=Main%20P|', { kind: 'paramValue', prefix: 'Main P', name: 'titles', item: 0 }],
    ['on a comment', '# com|ment\naction=query', { kind: 'comment' }],
    ['on a blank line', 'action=query\n|\naction=query', { kind: 'none' }],
    ['in the URL', 'https://en.wiki|pedia.org/w/api.php?action=query', { kind: 'url' }],
    ['right after ?', 'https://w.org/w/api.php?|', { kind: 'paramName', prefix: '' }],
  ];
  for (const [name, marked, expected, marker] of TABLE) {
    it(name, () => {
      const { text, offset } = cursor(marked, marker);
      const ctx = getCursorContext(parseWikiDocument(text), offset);
      const got: Record<string, unknown> = { kind: ctx.kind };
      if ('prefix' in ctx) got.prefix = ctx.prefix;
      if ('group' in ctx) got.group = ctx.group;
      if (ctx.kind === 'paramName' && 'name' in expected) got.name = ctx.param?.name;
      if (ctx.kind === 'paramValue') got.name = ctx.param.name;
      if (ctx.kind === 'paramValue' || ctx.kind === 'moduleList') got.item = ctx.item.index;
      assert.deepEqual(got, expected);
    });
  }

  it('the cursor helper fails loudly without a marker', () => {
    assert.throws(() => cursor('action=query'), /no cursor marker/);
    assert.throws(() => cursor('a|b|c'), /more than one/);
  });

  it('a paramName context carries the range to replace', () => {
    const { text, offset } = cursor('action=query&cmti|tle=X');
    const ctx = getCursorContext(parseWikiDocument(text), offset);
    assert.equal(ctx.kind, 'paramName');
    if (ctx.kind === 'paramName') assert.equal(text.slice(ctx.range.start, ctx.range.end), 'cmtitle');
  });

  it('a value context carries the item range', () => {
    const { text, offset } = cursor('action=query&inprop=url|tal¦kid|x', '¦');
    const ctx = getCursorContext(parseWikiDocument(text), offset);
    assert.equal(ctx.kind, 'paramValue');
    if (ctx.kind === 'paramValue') {
      assert.equal(text.slice(ctx.item.range.start, ctx.item.range.end), 'talkid');
      assert.deepEqual(
        ctx.items.map((i) => i.text),
        ['url', 'talkid', 'x'],
      );
    }
  });
});
