/**
 * The semantic-tokens budget (server/src/boundedTokens.ts): tokens computed a piece at a time equal the
 * tokens of the whole text (or range) where they fit, tokens that cross pieces (long lines, comments over
 * many lines) come once, and past the budget the answer is the first MAX_TOKENS of them, marked cut.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import { boundedTokens, MAX_TOKENS, MAX_TOKENS_CHARS } from '../../../server/src/boundedTokens';
import { decodeTokens } from '../../../server/src/service/semanticTokens';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { builtinCatalogue } from '../wiki/helpers';
import { service as mapService } from '../map/mapTestUtil';

const wiki = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });
const REQUEST = 'api.php?action=query&list=allpages&aplimit=max&apfrom=A%20B&format=json&prop=info&titles=Foo|Bar';
const MAP_QUERY = '/* a comment\n   over\n   three lines */ {"type": "node", "pos1": {"x": 1, "y": 2, "z": 3}, "limit": 10}';

interface Case {
  what: string;
  language: 'wiki' | 'map';
  text: () => string;
  range?: (doc: TextDocument) => Range;
  cut: boolean;
}

const CASES: Case[] = [
  { what: 'a few requests', language: 'wiki', text: () => `# requests\n${REQUEST}\n${REQUEST}\n`, cut: false },
  { what: '2,000 requests (tokens across many pieces)', language: 'wiki', text: () => `${REQUEST}\n`.repeat(2000), cut: false },
  { what: 'one line of 200 KB (pieces end inside the line)', language: 'wiki', text: () => `${REQUEST}&`.repeat(2000), cut: false },
  { what: '12,000 requests (past the token budget)', language: 'wiki', text: () => `${REQUEST}\n`.repeat(12_000), cut: true },
  {
    what: 'a range in the middle of 2,000 requests',
    language: 'wiki',
    text: () => `${REQUEST}\n`.repeat(2000),
    range: () => ({ start: { line: 700, character: 30 }, end: { line: 1500, character: 12 } }),
    cut: false,
  },
  {
    what: '5,000 map queries with comments over three lines',
    language: 'map',
    text: () => `[${`${MAP_QUERY},\n`.repeat(5000)}{}]`,
    cut: false,
  },
  {
    what: 'a value of 3 MB (past the character budget)',
    language: 'wiki',
    text: () => `action=query&titles=${'a'.repeat(3 * 1024 * 1024)}&list=allpages`,
    cut: true,
  },
];

let n = 0;
function tokensOf(c: Case) {
  const service = c.language === 'wiki' ? wiki : mapService;
  const document = TextDocument.create(
    `file:///t${++n}.${c.language === 'wiki' ? 'wikiquery' : 'mapquery.json'}`,
    c.language === 'wiki' ? 'wikiquery' : 'mapquery',
    1,
    c.text(),
  );
  const parsed = (service.parse as (d: TextDocument) => unknown)(document);
  const compute = (r?: Range) => (service.getSemanticTokens as (d: TextDocument, p: unknown, r?: Range) => number[])(document, parsed, r);
  const range = c.range?.(document);
  return { document, whole: compute(range), bounded: boundedTokens(document, compute, range) };
}

describe('semantic tokens within a budget (boundedTokens)', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const { document, whole, bounded } = tokensOf(c);
      assert.equal(bounded.cut, c.cut);
      const expected = decodeTokens(whole).filter((t) => document.offsetAt(t) < MAX_TOKENS_CHARS);
      const got = decodeTokens(bounded.data);
      assert.ok(got.length <= MAX_TOKENS, `${got.length} tokens`);
      if (!c.cut) assert.equal(got.length, expected.length);
      assert.ok(got.length > 0, 'some tokens');
      assert.deepEqual(got, expected.slice(0, got.length));
      if (c.cut && expected.length > MAX_TOKENS) assert.equal(got.length, MAX_TOKENS);
    });
  }
});
