import assert from 'node:assert/strict';
import { complete, descriptorJson, withCursor } from './mapTestUtil';

/** [what, document with | cursor, label to pick, text after accepting it] */
const APPLY: Array<[string, string, string, string]> = [
  ['pos1 in an empty object, with its coordinate snippet', '{|}', 'pos1', '{"pos1": {"x": 0, "y": 0, "z": 0}}'],
  [
    'pos2 after a value needs a comma',
    '{"pos1": {"x": 0, "y": 0, "z": 0} |}',
    'pos2',
    '{"pos1": {"x": 0, "y": 0, "z": 0} , "pos2": {"x": 0, "y": 0, "z": 0}}',
  ],
  ['a half-typed key is replaced', '{"po|}', 'pos1', '{"pos1": {"x": 0, "y": 0, "z": 0}}'],
  ['a key before an existing colon is renamed only', '{"typ|": "bones"}', 'type', '{"type": "bones"}'],
  ['type', '{"pos1": {"x": 0, "y": 0, "z": 0}, |}', 'type', '{"pos1": {"x": 0, "y": 0, "z": 0}, "type": ""}'],
  ['attributelike', '{"type": "bones", |}', 'attributelike', '{"type": "bones", "attributelike": {"key": "", "value": "%"}}'],
  ['limit with the default', '{"type": "bones", |}', 'limit', '{"type": "bones", "limit": 1000}'],
  ['a type value after the colon', '{"type": |}', 'travelnet', '{"type": "travelnet"}'],
  ['a type value inside quotes', '{"type": "sh|"}', 'shop', '{"type": "shop"}'],
  ['a coordinate key', '{"pos1": {"x": 0, |}}', 'y', '{"pos1": {"x": 0, "y": 0}}'],
  ['a corner value', '{"pos2": |}', '{"x": 0, "y": 0, "z": 0}', '{"pos2": {"x": 0, "y": 0, "z": 0}}'],
  ['an attributelike key field', '{"type": "poi", "attributelike": {|}}', 'key', '{"type": "poi", "attributelike": {"key": ""}}'],
  [
    'an attribute key of the chosen type',
    '{"type": "poi", "attributelike": {"key": "|"}}',
    'category',
    '{"type": "poi", "attributelike": {"key": "category"}}',
  ],
  [
    'a known attribute value',
    '{"type": "shop", "attributelike": {"key": "type", "value": |}}',
    'fancyvend',
    '{"type": "shop", "attributelike": {"key": "type", "value": "fancyvend"}}',
  ],
  [
    'a whole query in an empty document',
    '|',
    'map query',
    '{\n\t"pos1": {"x": 0, "y": 0, "z": 0},\n\t"pos2": {"x": 0, "y": 0, "z": 0},\n\t"type": "bones"\n}',
  ],
  [
    'a field in the second query of an array',
    '[{"type": "poi"}, {"type": "bones", |}]',
    'pos1',
    '[{"type": "poi"}, {"type": "bones", "pos1": {"x": 0, "y": 0, "z": 0}}]',
  ],
];

/** [what, document with | cursor, labels offered (exactly, in any order)] */
const LABELS: Array<[string, string, string[]]> = [
  ['all fields in an empty object', '{|}', ['pos1', 'pos2', 'type', 'attributelike', 'limit']],
  ['fields not yet present', '{"pos1": {"x": 0, "y": 0, "z": 0}, "type": "bones", |}', ['pos2', 'attributelike', 'limit']],
  ['missing coordinates only', '{"pos1": {"x": 0, "z": 1, |}}', ['y']],
  ['bones attribute keys', '{"type": "bones", "attributelike": {"key": "|"}}', ['time', 'owner', 'info', 'item_count']],
  ['attributelike fields not yet present', '{"attributelike": {"key": "owner", |}}', ['value']],
];

describe('map query completion', () => {
  for (const [what, text, label, expected] of APPLY) {
    it(`completes ${what}`, () => {
      assert.equal(complete(text).apply(label), expected);
    });
  }
  for (const [what, text, labels] of LABELS) {
    it(`offers ${what}`, () => {
      assert.deepEqual(
        complete(text)
          .items.map((i) => i.label)
          .sort(),
        [...labels].sort(),
      );
    });
  }

  it('offers every type, with its attribute keys in the detail', () => {
    const items = complete('{"type": "|"}').items;
    assert.deepEqual(
      items.map((i) => i.label).sort(),
      (descriptorJson as { types: Array<{ name: string }> }).types.map((t) => t.name).sort(),
    );
    const shop = items.find((i) => i.label === 'shop');
    assert.equal(shop?.detail, 'attributes: owner, type, in_item, in_count, out_item, out_count, stock');
    const bones = items.find((i) => i.label === 'bones');
    assert.equal(bones?.detail, 'attributes: time, owner, info, item_count');
  });

  it('offers attribute keys of every type when the type is unknown', () => {
    const labels = complete('{"type": "nope", "attributelike": {"key": "|"}}').items.map((i) => i.label);
    for (const key of ['owner', 'station_network', 'song_title', 'price']) assert.ok(labels.includes(key), key);
  });

  it('fails loudly when the test forgets the cursor', () => {
    assert.throws(() => withCursor('{"type": "bones"}'), /no "\|" cursor marker/);
  });
});
