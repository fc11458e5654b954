import assert from 'node:assert/strict';
import { createMapDescriptor, getMapLanguageService } from '../../../server/src/service/map/mapLanguageService';
import { descriptorJson } from './mapTestUtil';

const clone = (): Record<string, any> => JSON.parse(JSON.stringify(descriptorJson));

describe('map descriptor', () => {
  it("holds the request fields and the descriptor's known types with their attribute keys", () => {
    const d = createMapDescriptor(descriptorJson);
    assert.deepEqual(
      d.fields.map((f) => [f.name, f.required]),
      [
        ['pos1', false],
        ['pos2', false],
        ['type', true],
        ['attributelike', false],
        ['limit', false],
      ],
    );
    // every type of the JSON, in its order (the count is the descriptor's: adding a type changes no test)
    const names = (descriptorJson as { types: Array<{ name: string }> }).types.map((t) => t.name);
    assert.ok(names.length > 0);
    assert.deepEqual(
      d.types.map((t) => t.name),
      names,
    );
    assert.deepEqual(
      d.typeByName.get('bones')!.attributes.map((a) => a.name),
      ['time', 'owner', 'info', 'item_count'],
    );
    assert.deepEqual(
      d.typeByName.get('um_area_forsale')!.attributes.map((a) => a.name),
      ['owner', 'id', 'price', 'description'],
    );
    assert.deepEqual(d.bounds, { min: -2048, max: 2048 });
    assert.equal(d.defaultLimit, 1000);
  });

  // Every fact below is read in minetest-mapserver/mapserver (file named per line).
  it('agrees with the real server source on defaults, types and attribute values', () => {
    const d = createMapDescriptor(descriptorJson);
    // app/config.go ParseConfig: layers Ground -1…10 and Sky 11…24.
    assert.deepEqual(d.layers, [
      { id: 0, name: 'Ground', from: -1, to: 10 },
      { id: 1, name: 'Sky', from: 11, to: 24 },
    ]);
    // app/config.go: Locator and Minecart false, everything else true.
    assert.deepEqual(
      Object.entries(d.mapobjects)
        .filter(([, on]) => !on)
        .map(([k]) => k)
        .sort(),
      ['locator', 'minecart'],
    );
    // web/mapobjects.go: nil Pos1/Pos2 → ±2048.
    assert.deepEqual(d.fieldByName.get('pos1')!.default, { x: -2048, y: -2048, z: -2048 });
    assert.deepEqual(d.fieldByName.get('pos2')!.default, { x: 2048, y: 2048, z: 2048 });
    // mapobject/atm.go: type is atm, atm2, atm3 or wiretransfer.
    assert.deepEqual(d.typeByName.get('atm')!.attributes.find((a) => a.name === 'type')!.values, ['atm', 'atm2', 'atm3', 'wiretransfer']);
    // mapobject/bones.go: item_count sums item.Count over the main inventory.
    assert.match(d.typeByName.get('bones')!.attributes.find((a) => a.name === 'item_count')!.description, /items .*sum of every stack/);
    // mapobject/setup.go: which switch registers which listener.
    assert.deepEqual(d.typeByName.get('poi')!.configKeys, ['mapserver_poi', 'tileserverlegacy']);
    assert.deepEqual(d.typeByName.get('shop')!.configKeys, ['smartshop', 'fancyvend']);
    assert.deepEqual(d.typeByName.get('digilinelcd')!.configKeys, ['digilines']);
  });

  /** [what is broken, how, the message must say] */
  const BROKEN: Array<[string, (d: Record<string, any>) => unknown, RegExp]> = [
    ['not an object', () => [], /top level: expected a JSON object/],
    [
      'a newer version',
      (d) => {
        d.version = 2;
        return d;
      },
      /unsupported "version" 2/,
    ],
    [
      'a type without attributes',
      (d) => {
        delete d.types[0].attributes;
        return d;
      },
      /type "bones": "attributes" must be an array/,
    ],
    [
      'a type listed twice',
      (d) => {
        d.types.push(d.types[0]);
        return d;
      },
      /type "bones" is listed twice/,
    ],
    [
      'a field of unknown kind',
      (d) => {
        d.fields[0].kind = 'point';
        return d;
      },
      /fields\[0\]: "kind" must be one of/,
    ],
    [
      'bounds reversed',
      (d) => {
        d.bounds = { min: 5, max: -5 };
        return d;
      },
      /bounds: "min" must not exceed "max"/,
    ],
    [
      'a type without config keys',
      (d) => {
        delete d.types[0].configKeys;
        return d;
      },
      /type "bones": "configKeys" must list/,
    ],
    [
      'a config key not among the switches',
      (d) => {
        d.types[0].configKeys = ['nosuch'];
        return d;
      },
      /config key "nosuch" is not in "mapobjects"/,
    ],
    [
      'no layers',
      (d) => {
        d.layers = [];
        return d;
      },
      /layers: expected a non-empty array/,
    ],
    [
      'an attribute without a name',
      (d) => {
        d.types[1].attributes[0] = { description: 'x' };
        return d;
      },
      /type "poi" attributes\[0\]: "name" must be a non-empty string/,
    ],
  ];
  for (const [what, breakIt, message] of BROKEN) {
    it(`rejects a descriptor with ${what}, saying where`, () => {
      assert.throws(
        () => getMapLanguageService({ descriptor: breakIt(clone()) }),
        (e: Error) => e.name === 'MapDescriptorError' && message.test(e.message) && /Fix descriptors\/mapserver/.test(e.message),
      );
    });
  }
});
