import assert from 'node:assert/strict';
import { fix, query } from './mapTestUtil';

/** [what, document, diagnostic code, quick-fix title (first offered when omitted), text after the fix] */
const CASES: Array<[string, string, string, string | undefined, string]> = [
  [
    'node coordinates become map blocks in both corners (floored)',
    '{"pos1": {"x": -3200, "y": -17, "z": 100}, "pos2": {"x": 4000, "y": 16, "z": 200}, "type": "bones"}',
    'nodecoordinates',
    'Convert node coordinates to map blocks (÷16, floored) in pos1 and pos2',
    '{"pos1": {"x": -200, "y": -2, "z": 6}, "pos2": {"x": 250, "y": 1, "z": 12}, "type": "bones"}',
  ],
  [
    'an inverted box is swapped on the inverted axes only',
    '{"pos1": {"x": 10, "y": 0, "z": 7}, "pos2": {"x": -2, "y": 5, "z": 3}, "type": "bones"}',
    'invertedbox',
    'Swap pos1 and pos2 on x, z',
    '{"pos1": {"x": -2, "y": 0, "z": 3}, "pos2": {"x": 10, "y": 5, "z": 7}, "type": "bones"}',
  ],
  ['an unknown type takes the suggestion', query('', 'travelnett'), 'unknowntype', 'Change to "travelnet"', query('', 'travelnet')],
  ['a type in the wrong case', query('', 'POI'), 'unknowntype', undefined, query('', 'poi')],
  [
    'an unknown attribute key',
    query(', "attributelike": {"key": "ownr", "value": "x"}'),
    'unknownattribute',
    'Change to "owner"',
    query(', "attributelike": {"key": "owner", "value": "x"}'),
  ],
  ['a misspelt field is renamed', query(', "limt": 5'), 'unknownfield', 'Change to "limit"', query(', "limit": 5')],
  ['an ignored field is removed', query(', "radius": 5'), 'unknownfield', 'Remove the ignored field', query()],
  [
    'a field in other case is rewritten',
    '{"TYPE": "bones", "pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}}',
    'fieldcase',
    'Write "type"',
    '{"type": "bones", "pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}}',
  ],
  [
    'a coordinate in other case is rewritten',
    '{"pos1": {"x": 0, "Y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    'fieldcase',
    'Write "y"',
    '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
  ],
  [
    'a large region gets a limit',
    '{"pos1": {"x": -1000, "y": -10, "z": -1000}, "pos2": {"x": 1000, "y": 10, "z": 1000}, "type": "poi"}',
    'regiontoolarge',
    'Add "limit": 10000',
    '{"pos1": {"x": -1000, "y": -10, "z": -1000}, "pos2": {"x": 1000, "y": 10, "z": 1000}, "type": "poi", "limit": 10000}',
  ],
  [
    'a missing type is added',
    '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}}',
    'missingfield',
    'Add "type"',
    '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
  ],
  [
    'an overridden field is removed',
    query(', "type": "poi"'),
    'duplicatefield',
    'Remove the overridden field',
    '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 10, "z": 10}, "type": "poi"}',
  ],
];

describe('map query quick fixes', () => {
  for (const [what, text, code, title, expected] of CASES) {
    it(what, () => {
      assert.equal(fix(text, code, title).result, expected);
    });
    it(`${what} (diagnostic sent back without data)`, () => {
      assert.equal(fix(text, code, title, true).result, expected);
    });
  }

  it('fixes apply to the query of an array the diagnostic is in', () => {
    const text = `[${query()}, {"pos1": {"x": 5, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 0, "z": 0}, "type": "bones"}]`;
    assert.equal(
      fix(text, 'invertedbox').result,
      `[${query()}, {"pos1": {"x": 1, "y": 0, "z": 0}, "pos2": {"x": 5, "y": 0, "z": 0}, "type": "bones"}]`,
    );
  });
});
