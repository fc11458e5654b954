import assert from 'node:assert/strict';
import { parseTree, visit, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import { createJsonTreeBuilder, MAX_JSON_DEPTH } from '../../../server/src/service/map/mapJsonTree';
import { propertyPathAt } from '../../../server/src/service/map/mapQueryParser';

const builder = createJsonTreeBuilder();
const buildTree = (text: string, errors: ParseError[]) => builder(text, errors).root;
import { query } from './mapTestUtil';

/** A node without parent links, to compare with jsonc-parser's own tree. */
function strip(n: Node | undefined): unknown {
  return (
    n && { type: n.type, offset: n.offset, length: n.length, value: n.value, colonOffset: n.colonOffset, children: n.children?.map(strip) }
  );
}

const SAMPLES = [
  query(),
  `[${query()}, ${query(', "limit": 5', 'poi')}]`,
  '{"a": }',
  '{"a" 1}',
  '{"a":',
  '{',
  '[',
  '',
  '  ',
  '{"a": 1,}',
  '{"a": 1 "b": 2}',
  '{"a": [1, }',
  '1 2',
  '{"a": {"b": 1}',
  '// c\n{"a": /* x */ 2}',
  '{"pos1": {"x": 1.5, "y": null, "z": "3"}, "type": true}',
  '[[], {}, [{}]]',
  '{"a": "unterminated',
  '{"a": 1}}',
  '{,}',
  '{"a": 1, , "b": 2}',
  // Strings seen before in a parse are shared: equal ones come back, and ones that land in the same slot of
  // the table (same length and end characters) or differ only inside stay apart, keys and values alike.
  '[{"type": "bones", "pos1": {"x": 1}}, {"type": "bones", "pos2": {"x": 2}}, {"tyXe": "boXes", "pos1": {"x": 3}}]',
  '[{"axb": "ayb", "ayb": "axb", "a\\u0078b": 1}, {"axb": 1, "": "", "ayb": ""}]',
  '// the tolerant path\n[{"type": "bones"}, {"type": "bones", "tyXe": "boXes", "bones": "type"}]',
  `{"${'k'.repeat(64)}": 1, "${'k'.repeat(65)}": 2, "${'k'.repeat(64)}": 3, "${'k'.repeat(63)}x": "${'k'.repeat(65)}"}`,
];

describe('map query parser', () => {
  it("builds the same tree and errors as jsonc-parser's parseTree, for whole and broken documents", () => {
    const inputs = [...SAMPLES];
    // Every prefix of a real query: what the tree looks like while it is being typed.
    const full = `[${query(', "attributelike": {"key": "owner", "value": "%a%"}')}]`;
    for (let i = 0; i <= full.length; i++) inputs.push(full.slice(0, i));
    for (const text of inputs) {
      const expectedErrors: ParseError[] = [];
      const actualErrors: ParseError[] = [];
      const expected = strip(parseTree(text, expectedErrors, { allowTrailingComma: false, disallowComments: false }));
      assert.deepEqual(strip(buildTree(text, actualErrors)), expected, JSON.stringify(text));
      assert.deepEqual(actualErrors, expectedErrors, JSON.stringify(text));
    }
  });

  // The definition: walk the text with jsonc-parser's visit; the path of the last property, value or
  // container that starts at or before the offset (array indices left out).
  function visitedPaths(text: string): Array<string | null> {
    const events: Array<[number, string | null]> = [];
    const at = (start: number, path: JSONPath) => {
      events.push([start, path.filter((p) => typeof p === 'string').join('.') || null]);
    };
    visit(text, {
      onObjectBegin: (start, _l, _sl, _sc, path) => at(start, path()),
      onArrayBegin: (start, _l, _sl, _sc, path) => at(start, path()),
      onObjectProperty: (property, start, _l, _sl, _sc, path) => at(start, [...path(), property]),
      onLiteralValue: (_v, start, _l, _sl, _sc, path) => at(start, path()),
    });
    return Array.from({ length: text.length + 1 }, (_, offset) => {
      let last: string | null = null;
      for (const [start, path] of events) if (start <= offset) last = path;
      return last;
    });
  }

  it('finds the property path at every offset of whole and broken documents as a walk of the text does', () => {
    const full = `[${query(', "attributelike": {"key": "owner", "value": "%a%"}, "": {"": [1, {"x": 2}]}')}, 3, [{"a": {}}]]`;
    const inputs = [...SAMPLES, full, ...Array.from({ length: full.length }, (_, i) => full.slice(0, i))];
    for (const text of inputs) {
      const root = buildTree(text, []);
      const expected = visitedPaths(text);
      for (let offset = 0; offset <= text.length; offset++)
        assert.equal(propertyPathAt(root, offset), expected[offset], `${JSON.stringify(text)} at ${offset}`);
    }
  });

  it('shares no string between parses: a second text with colliding keys gets its own', () => {
    const keys = (text: string) => buildTree(text, [])!.children!.map((p) => p.children![0].value);
    assert.deepEqual(keys('{"pos1": 1, "type": 2}'), ['pos1', 'type']);
    assert.deepEqual(keys('{"pXs1": 1, "tXpe": 2, "pos1": 3}'), ['pXs1', 'tXpe', 'pos1']);
  });

  // The direct path counts its own depth (no scan first); the tolerant path is scanned before jsonc-parser
  // recurses. Both stop at the same level: [what, text, the offset of the bracket past the limit].
  const nest = (levels: number, open = '[', close = ']', inner = '') => `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
  const DEPTHS: Array<[string, string, number | undefined]> = [
    ['strict, exactly at the limit', nest(MAX_JSON_DEPTH), undefined],
    ['strict, one past the limit', nest(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH],
    ['strict objects, one past the limit', `${'{"a":'.repeat(MAX_JSON_DEPTH)}{}${'}'.repeat(MAX_JSON_DEPTH)}`, 5 * MAX_JSON_DEPTH],
    ['with a comment, exactly at the limit', `// c\n${nest(MAX_JSON_DEPTH)}`, undefined],
    ['with a comment, one past the limit', `// c\n${nest(MAX_JSON_DEPTH + 1)}`, 5 + MAX_JSON_DEPTH],
    ['broken, one past the limit', nest(MAX_JSON_DEPTH + 1, '[', '', '1,'), MAX_JSON_DEPTH],
    ['brackets inside a string do not count', `["${'['.repeat(MAX_JSON_DEPTH + 5)}"]`, undefined],
  ];
  for (const [what, text, tooDeepAt] of DEPTHS) {
    it(`nesting: ${what}`, () => {
      const errors: ParseError[] = [];
      const tree = builder(text, errors);
      assert.equal(tree.tooDeepAt, tooDeepAt);
      if (tooDeepAt === undefined) assert.ok(tree.root);
      else assert.deepEqual([tree.root, errors], [undefined, []]);
    });
  }
});
