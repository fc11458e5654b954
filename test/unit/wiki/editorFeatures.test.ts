/**
 * The wiki service's editor features, table-driven: semantic tokens read back as `type:text`,
 * inlay hints at the text they follow, folding ranges, selection ranges (`¦` marks the cursor, since
 * `|` separates values) and formatting by layout.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { SelectionRange } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { decodeTokens } from '../../../server/src/service/semanticTokens';
import { builtinCatalogue, cursor } from './helpers';
import { seededRandom } from '../../support/seededRandom';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });
let n = 0;
function open(text: string, languageId = 'wikiquery'): { document: TextDocument; parsed: ReturnType<typeof service.parse> } {
  const document = TextDocument.create(`file:///features/${++n}.${languageId === 'wikiquery' ? 'wikiquery' : 'md'}`, languageId, 1, text);
  return { document, parsed: service.parse(document) };
}

function tokens(text: string, languageId?: string): string[] {
  const { document, parsed } = open(text, languageId);
  return decodeTokens(service.getSemanticTokens(document, parsed)).map((t) => {
    const start = document.offsetAt({ line: t.line, character: t.character });
    return `${t.type}${t.modifiers.length ? '.' + t.modifiers.join('.') : ''}:${text.slice(start, start + t.length)}`;
  });
}

describe('wiki semantic tokens', () => {
  /** [what, text, the tokens that must be among the result (in order)] */
  const TABLE: Array<[string, string, string[]]> = [
    [
      'module names, prefixes and separators',
      'action=query&list=allpages&aplimit=5',
      [
        'property:action',
        'operator:=',
        'class:query',
        'operator:&',
        'property:list',
        'operator:=',
        'class:allpages',
        'operator:&',
        'namespace:ap',
        'property:limit',
        'operator:=',
        'number:5',
      ],
    ],
    [
      'the generator prefix is part of the prefix',
      'action=query&generator=allpages&gaplimit=max',
      ['class:allpages', 'namespace:gap', 'property:limit', 'keyword:max'],
    ],
    ['enum values and their separator', 'action=query&list=allpages&apdir=descending', ['enumMember:descending']],
    [
      'a %7C separator is a separator',
      'action=query&prop=info&titles=A&inprop=url%7Ctalkid',
      ['enumMember:url', 'operator:%7C', 'enumMember:talkid'],
    ],
    ['percent-escapes inside a value', 'action=query&list=allpages&apfrom=A%26B', ['string:A', 'regexp:%26', 'string:B']],
    ['the URL and ?', 'https://w.example/w/api.php?action=query', ['string:https://w.example/w/api.php', 'operator:?', 'property:action']],
    ['comment lines', '# a note\naction=query', ['comment:# a note', 'property:action']],
    ['continuation lines start with an &', 'action=query\n  &list=allpages', ['class:query', 'operator:&', 'property:list']],
    [
      'a deprecated parameter',
      'action=query&list=categorymembers&cmtitle=Category:X&cmstartsortkey=a',
      ['namespace.deprecated:cm', 'property.deprecated:startsortkey'],
    ],
    ['timestamps: now is a keyword', 'action=query&list=recentchanges&rcstart=now', ['keyword:now']],
    ['an unknown parameter is a plain property with a string', 'action=query&foo=bar', ['property:foo', 'operator:=', 'string:bar']],
  ];
  for (const [what, text, expected] of TABLE) {
    it(what, () => {
      const got = tokens(text);
      let at = 0;
      for (const e of expected) {
        const i = got.indexOf(e, at);
        assert.ok(i >= 0, `${e} (in order) among ${JSON.stringify(got)}`);
        at = i + 1;
      }
    });
  }

  it('tokens never overlap and stay within their line', () => {
    const text = 'action=query&list=allpages|categorymembers&cmtitle=A%7C&aplimit=max\n  &apfrom=%F0%9F%98%80😀\n# c\n';
    const { document, parsed } = open(text);
    const decoded = decodeTokens(service.getSemanticTokens(document, parsed));
    let last = { line: -1, end: 0 };
    for (const t of decoded) {
      const lineLength = text.split('\n')[t.line].length;
      assert.ok(t.character + t.length <= lineLength, `token ${JSON.stringify(t)} within its line`);
      if (t.line === last.line) assert.ok(t.character >= last.end, `token ${JSON.stringify(t)} after the previous one`);
      last = { line: t.line, end: t.character + t.length };
    }
  });

  it('a lone \\r ends a line for LSP: a token across it is cut in two', () => {
    const text = 'action=query&list=allpages&apfrom=A\rB\n';
    const { document, parsed } = open(text);
    const decoded = decodeTokens(service.getSemanticTokens(document, parsed));
    for (const t of decoded)
      assert.ok(
        t.character + t.length <=
          document.getText({ start: { line: t.line, character: 0 }, end: { line: t.line + 1, character: 0 } }).replace(/(\r\n|\r|\n)$/, '')
            .length,
        JSON.stringify(t),
      );
    assert.deepEqual(
      decoded.slice(-2).map((t) => [t.line, t.length]),
      [
        [0, 1],
        [1, 1],
      ],
    );
  });

  it('range: only the tokens of the lines asked for', () => {
    const text = '# a\naction=query\n# b\n';
    const { document, parsed } = open(text);
    const data = service.getSemanticTokens(document, parsed, { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } });
    assert.deepEqual(
      decodeTokens(data).map((t) => [t.line, t.type]),
      [[2, 'comment']],
    );
  });

  it('markdown: only the api.php URLs', () => {
    assert.deepEqual(tokens('# Title\nhttps://w.example/api.php?action=query text\n', 'markdown'), [
      'string:https://w.example/api.php',
      'operator:?',
      'property:action',
      'operator:=',
      'class:query',
    ]);
  });
});

describe('wiki inlay hints', () => {
  /** [what, text, settings, hints as "text before the hint ⟨label⟩"] */
  const TABLE: Array<[string, string, { highLimits?: boolean }, string[]]> = [
    ['the decoded text of a percent-escaped value', 'action=query&list=allpages&apfrom=A%26B', {}, ['…apfrom=A%26B ⟨= “A&B”⟩']],
    ['+ decodes to a space', 'action=query&list=search&srsearch=two+words', {}, ['…srsearch=two+words ⟨= “two words”⟩']],
    ['a value without escapes has no hint', 'action=query&list=allpages&apfrom=AB', {}, []],
    ['an escaped parameter name', 'action=query&list=allpages&ap%6Cimit=5', {}, ['…ap%6Cimit ⟨“aplimit”⟩']],
    ['max for a limit, normal rights', 'action=query&list=allpages&aplimit=max', {}, ['…aplimit=max ⟨= 500 (5000 with apihighlimits)⟩']],
    [
      'max for a limit, with apihighlimits',
      'action=query&list=allpages&aplimit=max',
      { highLimits: true },
      ['…aplimit=max ⟨= 5000 (with apihighlimits)⟩'],
    ],
    ['max for something that is not a limit: no hint', 'action=query&list=allpages&apfrom=max', {}, []],
  ];
  for (const [what, text, settings, expected] of TABLE) {
    it(what, () => {
      const { document, parsed } = open(text);
      const hints = service.getInlayHints(
        document,
        parsed,
        { start: { line: 0, character: 0 }, end: document.positionAt(text.length) },
        settings,
      );
      assert.deepEqual(
        hints.map((h) => {
          const at = document.offsetAt(h.position);
          return `…${text.slice(0, at).split('&').pop()} ⟨${h.label}⟩`;
        }),
        expected,
      );
    });
  }
});

describe('wiki folding ranges', () => {
  const TABLE: Array<[string, string, Array<[number, number, string | undefined]>]> = [
    ['a multi-line query folds to its first line', 'action=query\n  &list=allpages\n  &aplimit=5\n', [[0, 2, undefined]]],
    ['a one-line query does not fold', 'action=query&list=allpages\n', []],
    [
      'CRLF line ends: a multi-line query folds, a one-line one does not',
      'action=query\r\n  &list=x\r\naction=query&list=y\r\n',
      [[0, 1, undefined]],
    ],
    ['a lone CR inside a query breaks its line in the editor: it folds', 'action=query&list=x\r&aplimit=5\n', [[0, 1, undefined]]],
    [
      'a block of comment lines folds; one comment line does not',
      '# a\n# b\n# c\naction=query\n\n# d\naction=query\n',
      [[0, 2, 'comment']],
    ],
  ];
  for (const [what, text, expected] of TABLE) {
    it(what, () => {
      const { document, parsed } = open(text);
      assert.deepEqual(
        service.getFoldingRanges(document, parsed).map((r) => [r.startLine, r.endLine, r.kind]),
        expected,
      );
    });
  }
  it('markdown folds as markdown does: nothing from here', () => {
    const { document, parsed } = open('a\nhttps://w.example/api.php?action=query\n  &list=x\n', 'markdown');
    assert.deepEqual(service.getFoldingRanges(document, parsed), []);
  });
});

describe('wiki selection ranges', () => {
  /** [what, text with ¦ at the cursor, the ranges from innermost out, as the text they cover] */
  const TABLE: Array<[string, string, string[]]> = [
    [
      'a value item → value → parameter → query',
      'action=query&prop=info&titles=A&inprop=url|ta¦lkid',
      ['talkid', 'url|talkid', 'inprop=url|talkid', 'action=query&prop=info&titles=A&inprop=url|talkid'],
    ],
    [
      'a single value → parameter → query',
      'action=query&list=allpages&aplimit=5¦0',
      ['50', 'aplimit=50', 'action=query&list=allpages&aplimit=50'],
    ],
    [
      'a parameter name → parameter → query',
      'action=query&list=allpages&apli¦mit=50',
      ['aplimit', 'aplimit=50', 'action=query&list=allpages&aplimit=50'],
    ],
    [
      'on a continuation line: the line comes between parameter and query',
      'action=query\n  &list=all¦pages',
      ['allpages', 'list=allpages', '&list=allpages', 'action=query\n  &list=allpages'],
    ],
    ['the URL → query', 'https://w.exa¦mple/api.php?action=query', ['https://w.example/api.php', 'https://w.example/api.php?action=query']],
  ];
  for (const [what, withCursor, expected] of TABLE) {
    it(what, () => {
      const { text, offset } = cursor(withCursor, '¦');
      const { document, parsed } = open(text);
      const [sel] = service.getSelectionRanges(document, parsed, [document.positionAt(offset)]);
      const chain: string[] = [];
      for (let s: SelectionRange | undefined = sel; s; s = s.parent) chain.push(document.getText(s.range));
      assert.deepEqual(chain, expected);
    });
  }
});

describe('wiki formatting', () => {
  /** [what, text, layout, formatted text] */
  const TABLE: Array<[string, string, 'asWritten' | 'oneLine' | 'multiLine', string]> = [
    ['empty pairs and a trailing & go', 'action=query&&list=allpages&\n', 'asWritten', 'action=query&list=allpages\n'],
    [
      'continuation lines get the canonical indentation',
      'action=query\n&list=allpages\n        &aplimit=5\n',
      'asWritten',
      'action=query\n  &list=allpages\n  &aplimit=5\n',
    ],
    [
      'oneLine joins a multi-line query',
      'action=query\n  &list=allpages\n  &aplimit=5\n',
      'oneLine',
      'action=query&list=allpages&aplimit=5\n',
    ],
    [
      'multiLine splits a one-line query',
      'https://w.example/w/api.php?action=query&list=allpages\n',
      'multiLine',
      'https://w.example/w/api.php?action=query\n  &list=allpages\n',
    ],
    [
      'values keep their written form (nothing re-encoded)',
      'action=query&list=allpages&apfrom=A%26B+C\n',
      'multiLine',
      'action=query\n  &list=allpages\n  &apfrom=A%26B+C\n',
    ],
    [
      'a query with a comment inside is left alone',
      'action=query\n# keep me\n  &list=allpages\n',
      'oneLine',
      'action=query\n# keep me\n  &list=allpages\n',
    ],
    [
      'other queries and blank lines stay where they are',
      'action=query&&meta=siteinfo\n\n\n# c\naction=query&list=allpages\n',
      'asWritten',
      'action=query&meta=siteinfo\n\n\n# c\naction=query&list=allpages\n',
    ],
    [
      'comments before, between and after queries: only the query with one inside is left alone',
      '# a\naction=query&&list=x\n# b\n# c\naction=query\n# in\n  &list=y\naction=query&&meta=z\n# end\n',
      'oneLine',
      '# a\naction=query&list=x\n# b\n# c\naction=query\n# in\n  &list=y\naction=query&meta=z\n# end\n',
    ],
    [
      'a comment right after a multi-line query does not keep it from being joined',
      'action=query\n  &list=y\n# after\naction=query\n  &meta=z\n',
      'oneLine',
      'action=query&list=y\n# after\naction=query&meta=z\n',
    ],
    ['a leading ? stays', '?action=query&list=x&&\n', 'asWritten', '?action=query&list=x\n'],
    ['api.php? keeps its path', 'api.php?action=query&&list=x\n', 'multiLine', 'api.php?action=query\n  &list=x\n'],
    ['a query of empty pairs only keeps its ?', 'https://w.example/api.php?&&\n', 'oneLine', 'https://w.example/api.php?\n'],
    // Formatting never changes what is sent: blanks inside a line belong to the pair they touch.
    ['a value ending in a space keeps it', 'action=query&list=x &meta=y\n', 'asWritten', 'action=query&list=x &meta=y\n'],
    ['a value starting with a space keeps it', 'action=query&titles= A&meta=y\n', 'oneLine', 'action=query&titles= A&meta=y\n'],
    ['a name starting with a space keeps it', 'action=query& list=x\n', 'multiLine', 'action=query\n  & list=x\n'],
    ['a name ending in a space keeps it (PHP reads list_)', 'action=query&list =x\n', 'multiLine', 'action=query\n  &list =x\n'],
    [
      'a trailing space that would end a line is written %20',
      'action=query&titles=A &meta=y\n',
      'multiLine',
      'action=query\n  &titles=A%20\n  &meta=y\n',
    ],
    [
      'a trailing tab that would end a line is written %09',
      'action=query&titles=A\t&meta=y\n',
      'multiLine',
      'action=query\n  &titles=A%09\n  &meta=y\n',
    ],
    [
      'a trailing carriage return that would end a line is written %0D',
      'action=query&titles=A\r&meta=y\n',
      'multiLine',
      'action=query\n  &titles=A%0D\n  &meta=y\n',
    ],
    ['%20 and + are kept as written', 'action=query&titles=A%20&list=+x+\n', 'multiLine', 'action=query\n  &titles=A%20\n  &list=+x+\n'],
    ['blanks at a line end are outside the query and stay', 'action=query  \n  &list=x\t \n', 'oneLine', 'action=query&list=x\t \n'],
    ['a pair of spaces only (PHP drops it) goes', 'action=query&  &list=x\n', 'asWritten', 'action=query&list=x\n'],
    ['a pair of one tab (sent as a name) stays', 'action=query&\t&list=x\n', 'asWritten', 'action=query&\t&list=x\n'],
    [
      'a # moved onto the first line of a ? query is written %23 (there it would start the fragment)',
      'api.php?action=query\n  &titles=A#B\n',
      'oneLine',
      'api.php?action=query&titles=A%23B\n',
    ],
    [
      'a # on a continuation line stays',
      'api.php?action=query&titles=A\n  &list=B#C\n',
      'multiLine',
      'api.php?action=query\n  &titles=A\n  &list=B#C\n',
    ],
    ['a # in a query without ? stays', 'action=query\n  &titles=A#B\n', 'oneLine', 'action=query&titles=A#B\n'],
  ];
  for (const [what, text, layout, expected] of TABLE) {
    it(`${what} (${layout})`, () => {
      const { document, parsed } = open(text);
      const formatted = TextDocument.applyEdits(
        document,
        service.format(document, parsed, { tabSize: 2, insertSpaces: true }, { queryLayout: layout }),
      );
      assert.equal(formatted, expected);
      // The wiki reads the same request, and formatting again changes nothing.
      const again = open(formatted);
      assert.deepEqual(
        service.getRunnableQueries(again.document, again.parsed).map((q) => q.params),
        service.getRunnableQueries(document, parsed).map((q) => q.params),
      );
      assert.deepEqual(service.format(again.document, again.parsed, { tabSize: 2, insertSpaces: true }, { queryLayout: layout }), []);
    });
  }
  it('random documents: every layout sends the same requests, and a second formatting changes nothing (seeded)', () => {
    const r = seededRandom(2025);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
    const NAMES = ['action', 'list', 'titles', ' list', 'list ', 'a.b', 'x[', 'x[1]', '', '\t', ' ', '%20', 'm+n', 'p%26q'];
    const VALUES = ['', 'x', ' x', 'x ', ' ', '\t', 'x\t', 'A%20B', 'A+B', '+', '%', '%2', 'a#b', '#', 'a?b', '=', 'x\r', '%7C|y', 'ü'];
    const HEADS = ['', '', '?', 'api.php?', 'https://w.example/w/api.php?', '//w.example/api.php?', ' ? '];
    const pair = (): string => {
      const name = pick(NAMES);
      if (r() < 0.1) return name;
      return `${name}=${pick(VALUES)}${r() < 0.2 ? pick(VALUES) : ''}`;
    };
    const pairs = (): string => {
      const n = 1 + Math.floor(r() * 4);
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push(r() < 0.1 ? '' : pair());
      return out.join('&');
    };
    const blanks = (): string => pick(['', '', ' ', '\t', '  ', ' \t']);
    const randomDocument = (): string => {
      const lines: string[] = [];
      const queries = 1 + Math.floor(r() * 4);
      for (let q = 0; q < queries; q++) {
        lines.push(`${pick(HEADS)}action=${pick(VALUES)}&${pairs()}${r() < 0.2 ? '#frag' : ''}${blanks()}`);
        const more = Math.floor(r() * 3);
        for (let i = 0; i < more; i++) lines.push(`${blanks()}&${pairs()}${blanks()}`);
        if (r() < 0.3) lines.push(pick(['', '# c', '\t']));
      }
      return lines.join(r() < 0.2 ? '\r\n' : '\n') + (r() < 0.5 ? '\n' : '');
    };
    const requests = (text: string) => {
      const { document, parsed } = open(text);
      return service.getRunnableQueries(document, parsed).map((q) => [q.apiUrl, q.params]);
    };
    for (let round = 0; round < 3000; round++) {
      const text = randomDocument();
      const { document, parsed } = open(text);
      for (const layout of ['asWritten', 'oneLine', 'multiLine'] as const) {
        const formatted = TextDocument.applyEdits(
          document,
          service.format(document, parsed, { tabSize: 2, insertSpaces: true }, { queryLayout: layout }),
        );
        assert.deepEqual(requests(formatted), requests(text), `${layout}: ${JSON.stringify(text)} → ${JSON.stringify(formatted)}`);
        const again = open(formatted);
        assert.deepEqual(
          service.format(again.document, again.parsed, { tabSize: 2, insertSpaces: true }, { queryLayout: layout }),
          [],
          `${layout}, formatted twice: ${JSON.stringify(formatted)}`,
        );
      }
    }
  });
  it('markdown is not formatted', () => {
    const { document, parsed } = open('x https://w.example/api.php?action=query&&list=allpages y\n', 'markdown');
    assert.deepEqual(service.format(document, parsed, { tabSize: 2, insertSpaces: true }, { queryLayout: 'multiLine' }), []);
  });
});
