import assert from 'node:assert/strict';
import { hover } from './mapTestUtil';

/** [what, document with | cursor, text the hover covers, phrases the hover must contain] */
const CASES: Array<[string, string, string, RegExp[]]> = [
  [
    'pos1: meaning and unit',
    '{"po|s1": {"x": 5, "y": 0, "z": -1}}',
    '"pos1"',
    [
      /\*\*pos1\*\* \(optional\)/,
      /map blocks/,
      /covers nodes 16·b … 16·b\+15/,
      /\(-2048, -2048, -2048\)/,
      /Ground \(layer 0\): map blocks y -1…10 \(nodes y -16…175\)/,
    ],
  ],
  ['pos2: the maximum corner', '{"pos|2": {"x": 5, "y": 0, "z": -1}}', '"pos2"', [/maximum corner/, /inverted box matches nothing/]],
  [
    'a coordinate value: the node range of its block',
    '{"pos1": {"x": 5|, "y": 0, "z": -1}}',
    '5',
    [/pos1\.x\*\*, in map blocks: map block 5 covers nodes x = 80 … 95/],
  ],
  ['a negative coordinate', '{"pos1": {"x": 5, "y": 0, "z": -|1}}', '-1', [/map block -1 covers nodes z = -16 … -1/]],
  ['a coordinate that is a node position', '{"pos1": {"x": 31|00, "y": 0, "z": 0}}', '3100', [/beyond the map/, /map block 193/]],
  ['a coordinate key', '{"pos1": {"|y": 2, "x": 0, "z": 0}}', '"y"', [/map block 2 covers nodes y = 32 … 47/]],
  [
    'a whole corner',
    '{"pos1": |{"x": 1, "y": 2, "z": 3}}',
    '{"x": 1, "y": 2, "z": 3}',
    [/map block \(1, 2, 3\) covers nodes x 16 … 31, y 32 … 47, z 48 … 63/],
  ],
  ['type: exact match', '{"ty|pe": "bones"}', '"type"', [/matched exactly/, /empty list/]],
  ['a type value: its attributes', '{"type": "bo|nes"}', '"bones"', [/type `bones`/, /`time`/, /`owner`/, /`info`/, /`item_count`/]],
  ['a shop type value: shop kinds', '{"type": "sh|op"}', '"shop"', [/`smartshop`, `fancyvend`/]],
  ['an unknown type value', '{"type": "bon|e"}', '"bone"', [/Unknown type `bone`/, /empty list/]],
  [
    'limit: rows, not objects',
    '{"type": "bones", "li|mit": 10}',
    '"limit"',
    [/default 1000/, /\*\*rows\*\*/, /only some of its attributes/],
  ],
  ['a limit value', '{"type": "bones", "limit": 1|0}', '10', [/\*\*rows\*\*/]],
  ['attributelike', '{"attribute|like": {"key": "owner", "value": "a%"}}', '"attributelike"', [/SQL LIKE/, /`%` any run/]],
  ['attributelike.value', '{"attributelike": {"key": "owner", "val|ue": "a%"}}', '"value"', [/LIKE pattern/, /case-insensitive for ASCII/]],
  [
    'an attribute key of the type',
    '{"type": "travelnet", "attributelike": {"key": "station_na|me", "value": "%"}}',
    '"station_name"',
    [/travelnet\.station_name\*\*: Station name/],
  ],
  ['an attribute key without a type', '{"attributelike": {"key": "pri|ce", "value": "%"}}', '"price"', [/`um_area_forsale`/]],
  [
    'a pattern without wildcards',
    '{"attributelike": {"key": "owner", "value": "si|ngleplayer"}}',
    '"singleplayer"',
    [/matches the whole value exactly/],
  ],
  ['an unknown field', '{"rad|ius": 4}', '"radius"', [/ignores it/]],
  // Layers, defaults and null, as the server reads them (app/config.go, web/mapobjects.go, encoding/json).
  [
    'a y inside the Ground layer',
    '{"pos1": {"x": 0, "y": |3, "z": 0}}',
    '3',
    [/In layer 0 \(Ground\) of a map server with the default config: map blocks y -1…10/],
  ],
  [
    'a y below every layer',
    '{"pos1": {"x": 0, "y": -1|2, "z": 0}}',
    '-12',
    [/Outside every layer/, /nothing at this y is indexed/, /Sky \(layer 1\): map blocks y 11…24 \(nodes y 176…399\)/],
  ],
  [
    'a null coordinate is read as 0',
    '{"pos1": {"x": 0, "y": nu|ll, "z": 0}}',
    'null',
    [/`null` is read as 0/, /map block 0, nodes y = 0 … 15/],
  ],
  ['a null corner is the default corner', '{"pos2": nu|ll}', 'null', [/read as omitted/, /\(2048, 2048, 2048\)/]],
  ['a null limit is the default', '{"limit": nu|ll}', 'null', [/default of 1000 rows/]],
  [
    'a type the default config does not index',
    '{"type": "loca|tor"}',
    '"locator"',
    [/type `locator` is not enabled by default/, /`"locator": true`/],
  ],
  ['an indexed type says so', '{"type": "bo|nes"}', '"bones"', [/Indexed by a map server with the default config/]],
  [
    'bones item_count counts items, not stacks',
    '{"type": "bones", "attributelike": {"key": "item_co|unt", "value": "%"}}',
    '"item_count"',
    [/Number of items inside \(the sum of every stack's count/],
  ],
  ['an ATM type lists its values', '{"type": "a|tm"}', '"atm"', [/`atm`, `atm2`, `atm3`, `wiretransfer`/]],
];

describe('map query hover', () => {
  for (const [what, text, covered, phrases] of CASES) {
    it(what, () => {
      const h = hover(text);
      assert.ok(h, 'expected a hover');
      assert.equal(h.covered, covered);
      for (const phrase of phrases) assert.match(h.text, phrase);
    });
  }

  it('says nothing between properties', () => {
    assert.equal(hover('{"type": "bones",|   "limit": 4}'), null);
  });
});
