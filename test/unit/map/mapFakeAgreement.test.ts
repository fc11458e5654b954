/**
 * The descriptor (what the editor says) and the fake map server (what the tests run against) agree with each
 * other on every fact taken from the real mapserver's source (minetest-mapserver/mapserver), each row naming the
 * file it comes from. A change to one without the other fails here.
 */
import assert from 'node:assert/strict';
import { DEFAULT_LAYERS, DEFAULT_MAPOBJECTS, TYPE_SWITCHES, startFakeMapServer, type FakeMapServer } from '../../fakes/mapServer';
import { createMapDescriptor, defaultMapServerConfig, parseMapServerConfig } from '../../../server/src/service/map/mapLanguageService';
import { descriptorJson, diagnose } from './mapTestUtil';

const descriptor = createMapDescriptor(descriptorJson);

describe('descriptor and fake map server agree with the real server source', () => {
  let fake: FakeMapServer;
  before(async () => {
    fake = await startFakeMapServer({ seed: 11 });
  });
  after(async () => {
    await fake.close();
  });

  /** [fact, source file, descriptor side, fake side] */
  const FACTS: Array<[string, string, () => unknown, () => unknown]> = [
    ['default layers', 'app/config.go', () => descriptor.layers, () => DEFAULT_LAYERS],
    ['default map-object switches', 'app/config.go, app/types.go', () => descriptor.mapobjects, () => DEFAULT_MAPOBJECTS],
    [
      'the switches that index each type',
      'mapobject/setup.go',
      () => Object.fromEntries(descriptor.types.map((t) => [t.name, t.configKeys])),
      () => TYPE_SWITCHES,
    ],
    [
      'the corners used when pos1/pos2 are omitted',
      'web/mapobjects.go',
      () => [descriptor.fieldByName.get('pos1')!.default, descriptor.fieldByName.get('pos2')!.default],
      () => [
        { x: -2048, y: -2048, z: -2048 },
        { x: 2048, y: 2048, z: 2048 },
      ],
    ],
    ['the default limit', 'web/mapobjects.go', () => descriptor.defaultLimit, () => 1000],
  ];
  for (const [fact, source, ours, fakes] of FACTS) {
    it(`${fact} (${source})`, () => assert.deepEqual(ours(), fakes()));
  }

  it("the fake's /api/config read by the service is the descriptor's default config (web/config.go)", async () => {
    const json = await (await fetch(`${fake.url}/api/config`)).json();
    const live = parseMapServerConfig(json, descriptor, fake.url);
    const builtin = defaultMapServerConfig(descriptor);
    assert.deepEqual(live.layers, builtin.layers);
    assert.deepEqual([...live.enabledTypes].sort(), [...builtin.enabledTypes].sort());
    assert.deepEqual(
      descriptor.types.filter((t) => !builtin.enabledTypes.has(t.name)).map((t) => t.name),
      ['locator'],
    );
  });

  it('every object the fake indexed lies in a layer and is of a type the descriptor knows and enables; every one it did not, is not', () => {
    const config = defaultMapServerConfig(descriptor);
    const inLayer = (y: number) => config.layers.some((l) => y >= l.from && y <= l.to);
    for (const o of fake.objects) {
      assert.ok(descriptor.typeByName.has(o.type), o.type);
      assert.ok(inLayer(o.mapblock.y) && config.enabledTypes.has(o.type), `${o.type} at block y ${o.mapblock.y}`);
      for (const key of Object.keys(o.attributes))
        assert.ok(
          descriptor.typeByName.get(o.type)!.attributes.some((a) => a.name === key),
          `${o.type}.${key}`,
        );
    }
    for (const o of fake.notIndexed) assert.ok(!inLayer(o.mapblock.y) || !config.enabledTypes.has(o.type));
    assert.ok(fake.notIndexed.length > 0);
  });

  it('the editor warns exactly where the fake finds nothing because of the layers', async () => {
    for (const [y1, y2] of [
      [-20, -2],
      [-2, -1],
      [24, 30],
      [25, 40],
      [0, 0],
    ] as const) {
      const body = { pos1: { x: -2048, y: y1, z: -2048 }, pos2: { x: 2048, y: y2, z: 2048 }, type: 'bones', limit: 100000 };
      const warned = diagnose(JSON.stringify(body)).some((d) => d.code === 'outsidelayers');
      const found = (await (
        await fetch(`${fake.url}/api/mapobjects/`, { method: 'POST', body: JSON.stringify(body) })
      ).json()) as unknown[];
      const anyInWorld = [...fake.objects, ...fake.notIndexed].some((o) => o.type === 'bones' && o.mapblock.y >= y1 && o.mapblock.y <= y2);
      if (warned)
        assert.deepEqual(found, [], `y ${y1}…${y2}: warned, and the server finds nothing (the world has bones there: ${anyInWorld})`);
      else assert.ok(found.length > 0 || !anyInWorld, `y ${y1}…${y2}: not warned, and the server finds the indexed bones`);
    }
  });
});
