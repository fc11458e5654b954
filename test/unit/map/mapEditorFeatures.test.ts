/**
 * The map service's editor features, table-driven: semantic tokens read back as `type:text`, inlay
 * hints for map-block coordinates, folding ranges, selection ranges (`|` marks the cursor) and JSON
 * formatting.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { SelectionRange } from 'vscode-languageserver-types';
import { decodeTokens } from '../../../server/src/service/semanticTokens';
import { makeDocument, query, service, withCursor } from './mapTestUtil';

function tokens(text: string): string[] {
  const document = makeDocument(text);
  return decodeTokens(service.getSemanticTokens(document, service.parse(document))).map((t) => {
    const start = document.offsetAt({ line: t.line, character: t.character });
    return `${t.type}:${text.slice(start, start + t.length)}`;
  });
}

describe('map semantic tokens', () => {
  /** [what, text, tokens that must be among the result, in order] */
  const TABLE: Array<[string, string, string[]]> = [
    [
      'request fields and coordinates',
      query(),
      ['property:"pos1"', 'property:"x"', 'number:0', 'property:"pos2"', 'property:"type"', 'enumMember:"bones"'],
    ],
    ['an unknown type is a plain string', query('', 'travelnett'), ['property:"type"', 'string:"travelnett"']],
    ['a field the server ignores is a variable', query(', "radius": 5'), ['variable:"radius"', 'number:5']],
    [
      'attributelike: the key names an attribute, LIKE wildcards in the value',
      query(', "attributelike": {"key": "owner", "value": "a_b%"}'),
      ['property:"key"', 'property:"owner"', 'property:"value"', 'string:"a', 'regexp:_', 'string:b', 'regexp:%', 'string:"'],
    ],
    [
      'JSON escapes in strings',
      query(', "attributelike": {"key": "owner", "value": "\\u00e9"}'),
      ['string:"', 'regexp:\\u00e9', 'string:"'],
    ],
    ['comments, line and block', '// q\n/* a\n b */' + query(), ['comment:// q', 'comment:/* a', 'comment: b */']],
    ['literals', '{"limit": null, "x": true}', ['property:"limit"', 'keyword:null', 'variable:"x"', 'keyword:true']],
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
});

describe('map inlay hints', () => {
  const TABLE: Array<[string, string, string[]]> = [
    [
      'each coordinate: the nodes its block covers',
      '{"pos1": {"x": -1, "y": 0, "z": 2}}',
      ['-1 ⟨nodes -16…-1⟩', '0 ⟨nodes 0…15⟩', '2 ⟨nodes 32…47⟩'],
    ],
    ['not a coordinate: no hint', '{"limit": 5, "pos1": {"x": 1.5}}', []],
  ];
  for (const [what, text, expected] of TABLE) {
    it(what, () => {
      const document = makeDocument(text);
      const hints = service.getInlayHints(document, service.parse(document), {
        start: { line: 0, character: 0 },
        end: document.positionAt(text.length),
      });
      assert.deepEqual(
        hints.map((h) => `${/-?[\d.]+$/.exec(text.slice(0, document.offsetAt(h.position)))![0]} ⟨${h.label}⟩`),
        expected,
      );
    });
  }
});

describe('map folding ranges', () => {
  const TABLE: Array<[string, string, Array<[number, number]>]> = [
    [
      'an array of objects',
      '[\n  {\n    "type": "bones"\n  },\n  {"type": "poi"}\n]',
      [
        [0, 4],
        [1, 2],
      ],
    ],
    ['a one-line object does not fold', '{"type": "bones"}', []],
    [
      'line comments in a run, block comments',
      '// a\n// b\n/* c\n d */\n{"type": "bones"}',
      [
        [0, 1],
        [2, 3],
      ],
    ],
  ];
  for (const [what, text, expected] of TABLE) {
    it(what, () => {
      const document = makeDocument(text);
      assert.deepEqual(
        service.getFoldingRanges(document, service.parse(document)).map((r) => [r.startLine, r.endLine]),
        expected,
      );
    });
  }
});

describe('map selection ranges', () => {
  const TABLE: Array<[string, string, string[]]> = [
    [
      'a number → property → object → …',
      '{"pos1": {"x": 1|0}}',
      ['10', '"x": 10', '{"x": 10}', '"pos1": {"x": 10}', '{"pos1": {"x": 10}}'],
    ],
    [
      'a string: its contents first',
      '[{"type": "bo|nes"}]',
      ['bones', '"bones"', '"type": "bones"', '{"type": "bones"}', '[{"type": "bones"}]'],
    ],
  ];
  for (const [what, marked, expected] of TABLE) {
    it(what, () => {
      const { text, offset } = withCursor(marked);
      const document = makeDocument(text);
      const [sel] = service.getSelectionRanges(document, service.parse(document), [document.positionAt(offset)]);
      const chain: string[] = [];
      for (let s: SelectionRange | undefined = sel; s; s = s.parent) chain.push(document.getText(s.range));
      assert.deepEqual(chain, expected);
    });
  }
});

describe('map features on deep nesting (found by fuzzing: a recursive walk overflowed the stack)', () => {
  // The fuzzer's deep-JSON shape: 2150 arrays, then 1075 objects, unclosed.
  const text = '['.repeat(2150) + '{"pos1":' + '{"x":'.repeat(1075) + '1' + '}'.repeat(537) + ']'.repeat(716);
  const document = makeDocument(text);
  const parsed = service.parse(document);
  // Deeper than the parser's depth limit (512): the document is not parsed, so nothing is coloured.
  it('semantic tokens: none beyond the depth limit', () => assert.equal(service.getSemanticTokens(document, parsed).length, 0));
  it('semantic tokens within the depth limit: every key and the number', () => {
    const within = makeDocument('['.repeat(200) + '{"pos1":' + '{"x":'.repeat(250) + '1' + '}'.repeat(251) + ']'.repeat(200));
    assert.equal(service.getSemanticTokens(within, service.parse(within)).length / 5, 1 + 250 + 1);
  });
  it('folding ranges (none: one line)', () => assert.deepEqual(service.getFoldingRanges(document, parsed), []));
  it('selection ranges', () =>
    assert.ok(service.getSelectionRanges(document, parsed, [document.positionAt(text.indexOf('1'))]).length === 1));
  it('formatting leaves it alone', () => assert.deepEqual(service.format(document, parsed, { tabSize: 2, insertSpaces: true }), []));
});

describe('map formatting', () => {
  it('leaves very deeply nested JSON alone rather than apply a partial formatting', () => {
    const text = '['.repeat(200) + '{"pos1":' + '{"x":'.repeat(100) + '1' + '}'.repeat(50) + ']'.repeat(66);
    const document = makeDocument(text);
    assert.deepEqual(service.format(document, service.parse(document), { tabSize: 2, insertSpaces: true }), []);
  });

  it('formats JSON with the editor options, comments kept', () => {
    const text = '{"type":"bones", // t\n"pos1":{"x":0}}';
    const document = makeDocument(text);
    const edits = service.format(document, service.parse(document), { tabSize: 4, insertSpaces: true });
    assert.equal(TextDocument.applyEdits(document, edits), '{\n    "type": "bones", // t\n    "pos1": {\n        "x": 0\n    }\n}');
  });

  // jsonc-parser's table of line breaks with indents stops at 199 characters: an indent of exactly 200 had an
  // edit with no text, and the document was not formatted at all.
  const nested = (depth: number, indent: string, eol: string): string => {
    const open = Array.from({ length: depth }, (_, level) => `${indent.repeat(level)}"a": {`);
    const close = Array.from({ length: depth }, (_, level) => `${indent.repeat(depth - level)}}`);
    return ['{', ...open.map((line) => indent + line), `${indent.repeat(depth + 1)}"x": 1`, ...close, '}'].join(eol);
  };
  const indents: Array<[tabSize: number, insertSpaces: boolean, depth: number, eol: string]> = [
    [4, true, 50, '\n'], // an indent of 200 spaces at the innermost value
    [4, true, 49, '\r\n'], // …and at the brace that closes depth 49
    [8, true, 25, '\n'],
    [5, true, 40, '\n'],
    [10, true, 20, '\r\n'],
    [25, true, 8, '\n'],
    [32, true, 7, '\n'], // 192 and 224 around 200
    [6, true, 33, '\n'], // 198 then 204: past the table with no exact hit, built by the library
    [1, false, 63, '\n'], // tabs: at most 64 deep, never 200
  ];
  for (const [tabSize, insertSpaces, depth, eol] of indents) {
    it(`tabSize ${tabSize}${insertSpaces ? '' : ' (tabs)'} at depth ${depth}: every line indented`, () => {
      const expected = nested(depth, insertSpaces ? ' '.repeat(tabSize) : '\t', eol);
      const document = makeDocument(expected.replace(/\s+/g, eol === '\r\n' ? '\r\n' : ''));
      const edits = service.format(document, service.parse(document), { tabSize, insertSpaces });
      assert.equal(TextDocument.applyEdits(document, edits), expected);
    });
  }
});
