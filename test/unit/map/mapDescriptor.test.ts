import assert from 'node:assert/strict';
import { createMapDescriptor, getMapLanguageService } from '../../../server/src/service/map/mapLanguageService';
import { descriptorJson } from './mapTestUtil';

const clone = (): Record<string, any> => JSON.parse(JSON.stringify(descriptorJson));

describe('map descriptor', () => {
  it('holds the request fields and the 24 known types with their attribute keys', () => {
    const d = createMapDescriptor(descriptorJson);
    assert.deepEqual(d.fields.map((f) => [f.name, f.required]), [['pos1', true], ['pos2', true], ['type', true], ['attributelike', false], ['limit', false]]);
    assert.equal(d.types.length, 24);
    assert.deepEqual(d.typeByName.get('bones')!.attributes.map((a) => a.name), ['time', 'owner', 'info', 'item_count']);
    assert.deepEqual(d.typeByName.get('um_area_forsale')!.attributes.map((a) => a.name), ['owner', 'id', 'price', 'description']);
    assert.deepEqual(d.bounds, { min: -2048, max: 2048 });
    assert.equal(d.defaultLimit, 1000);
  });

  /** [what is broken, how, the message must say] */
  const BROKEN: Array<[string, (d: Record<string, any>) => unknown, RegExp]> = [
    ['not an object', () => [], /top level: expected a JSON object/],
    ['a newer version', (d) => { d.version = 2; return d; }, /unsupported "version" 2/],
    ['a type without attributes', (d) => { delete d.types[0].attributes; return d; }, /type "bones": "attributes" must be an array/],
    ['a type listed twice', (d) => { d.types.push(d.types[0]); return d; }, /type "bones" is listed twice/],
    ['a field of unknown kind', (d) => { d.fields[0].kind = 'point'; return d; }, /fields\[0\]: "kind" must be one of/],
    ['bounds reversed', (d) => { d.bounds = { min: 5, max: -5 }; return d; }, /bounds: "min" must not exceed "max"/],
    ['an attribute without a name', (d) => { d.types[1].attributes[0] = { description: 'x' }; return d; }, /type "poi" attributes\[0\]: "name" must be a non-empty string/],
  ];
  for (const [what, breakIt, message] of BROKEN) {
    it(`rejects a descriptor with ${what}, saying where`, () => {
      assert.throws(() => getMapLanguageService({ descriptor: breakIt(clone()) }), (e: Error) => e.name === 'MapDescriptorError' && message.test(e.message) && /Fix descriptors\/mapserver/.test(e.message));
    });
  }
});
