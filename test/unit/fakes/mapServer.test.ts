import assert from 'node:assert/strict';
import { startFakeMapServer, sqliteLike, type FakeMapServer, type MapObject } from '../../fakes/mapServer';

async function post(
  server: FakeMapServer,
  body: string,
  path = '/api/mapobjects/',
  method = 'POST',
): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(server.url + path, {
    method,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: method === 'GET' ? undefined : body,
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

async function query(server: FakeMapServer, q: unknown): Promise<MapObject[]> {
  const res = await post(server, JSON.stringify(q));
  assert.equal(res.status, 200, res.text);
  assert.equal(res.type, 'application/json');
  return JSON.parse(res.text) as MapObject[];
}

const obj = (type: string, x: number, y: number, z: number, attributes: Record<string, string>): MapObject => ({
  mapblock: { x: Math.floor(x / 16), y: Math.floor(y / 16), z: Math.floor(z / 16) },
  x,
  y,
  z,
  type,
  mtime: 1700000000,
  attributes,
});

const WORLD = { pos1: { x: -2048, y: -2048, z: -2048 }, pos2: { x: 2048, y: 2048, z: 2048 } };

describe('fake map server', () => {
  describe('seeded objects', () => {
    let server: FakeMapServer;
    before(async () => {
      server = await startFakeMapServer({ seed: 7 });
    });
    after(async () => {
      await server.close();
    });

    it('listens on 127.0.0.1', () => {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    });

    it('holds realistic objects whose node positions lie in their map blocks', () => {
      const types = new Set(server.objects.map((o) => o.type));
      for (const t of ['bones', 'poi', 'shop', 'travelnet', 'train']) assert.ok(types.has(t), t);
      for (const o of server.objects) {
        for (const a of ['x', 'y', 'z'] as const) assert.equal(o.mapblock[a], Math.floor(o[a] / 16), `${o.type} ${a}`);
        assert.ok(Number.isInteger(o.mtime) && o.mtime > 1_600_000_000, 'mtime in Unix seconds');
        assert.ok(Object.values(o.attributes).every((v) => typeof v === 'string'));
      }
      const bones = server.objects.find((o) => o.type === 'bones')!;
      assert.deepEqual(Object.keys(bones.attributes).sort(), ['info', 'item_count', 'owner', 'time']);
    });

    it('is deterministic for a seed and differs between seeds', async () => {
      const again = await startFakeMapServer({ seed: 7 });
      const other = await startFakeMapServer({ seed: 8 });
      try {
        assert.deepEqual(again.objects, server.objects);
        assert.notDeepEqual(other.objects, server.objects);
      } finally {
        await again.close();
        await other.close();
      }
    });

    it('answers a query with exactly the objects of that type inside the box, in the response shape', async () => {
      const box = { pos1: { x: -10, y: -5, z: -10 }, pos2: { x: 10, y: 5, z: 10 } };
      const got = await query(server, { ...box, type: 'shop', limit: 100000 });
      const expected = server.objects.filter(
        (o) => o.type === 'shop' && (['x', 'y', 'z'] as const).every((a) => o.mapblock[a] >= box.pos1[a] && o.mapblock[a] <= box.pos2[a]),
      );
      assert.ok(expected.length > 0, 'the seed puts shops near spawn');
      assert.deepEqual(got, expected);
      assert.deepEqual(Object.keys(got[0]), ['mapblock', 'x', 'y', 'z', 'type', 'mtime', 'attributes']);
    });

    it('matches the type exactly: an unknown or differently cased type returns an empty list', async () => {
      assert.deepEqual(await query(server, { ...WORLD, type: 'Bones' }), []);
      assert.deepEqual(await query(server, { ...WORLD, type: 'bone' }), []);
    });

    it('stops at 1000 rows by default, counting object × attribute rows and cutting the last object', async () => {
      const got = await query(server, { ...WORLD, type: 'bones' });
      const rows = got.reduce((n, o) => n + Object.keys(o.attributes).length, 0);
      const all = server.objects.filter((o) => o.type === 'bones');
      assert.ok(all.length * 4 > 1000, 'enough bones to hit the default limit');
      assert.equal(rows, 1000);
      assert.equal(got.length, 250);
    });

    it('applies "limit" to rows, so an object can come back with only some attributes', async () => {
      const got = await query(server, { ...WORLD, type: 'bones', limit: 6 });
      assert.equal(got.length, 2);
      assert.equal(Object.keys(got[0].attributes).length, 4);
      assert.equal(Object.keys(got[1].attributes).length, 2);
    });
  });

  describe('request handling as the Go server does it', () => {
    let server: FakeMapServer;
    const objects = [
      obj('bones', 5, 2, 5, { owner: 'Sokomine', time: '12', info: 'fell', item_count: '3' }),
      obj('bones', 40, 2, 5, { owner: 'singleplayer', time: '7', info: 'lava', item_count: '0' }),
      obj('bones', -17, 2, 5, { owner: 'SOKO_x', time: '1', info: '<b>&', item_count: '9' }),
      obj('poi', 100, 20, 100, { name: 'Spawn', category: 'town' }),
      obj('sign', 1, 1, 1, {}),
    ];
    before(async () => {
      server = await startFakeMapServer({ objects });
    });
    after(async () => {
      await server.close();
    });

    const box = (x1: number, x2: number) => ({ pos1: { x: x1, y: 0, z: 0 }, pos2: { x: x2, y: 0, z: 0 } });

    it('compares map-block coordinates inclusively on each axis', async () => {
      assert.deepEqual(
        (await query(server, { ...box(0, 2), type: 'bones' })).map((o) => o.x),
        [5, 40],
      );
      assert.deepEqual(
        (await query(server, { ...box(-2, -2), type: 'bones' })).map((o) => o.x),
        [-17],
      );
    });

    it('does not swap corners: an inverted box matches nothing', async () => {
      assert.deepEqual(await query(server, { ...box(2, 0), type: 'bones' }), []);
    });

    it('finds nothing when node coordinates are sent instead of map blocks', async () => {
      assert.deepEqual(await query(server, { pos1: { x: 0, y: 0, z: 0 }, pos2: { x: 40, y: 2, z: 5 }, type: 'poi' }), []);
    });

    it('filters with attributelike as SQLite LIKE (%, _, ASCII case-insensitive, exact key)', async () => {
      const owners = async (al: unknown) =>
        (await query(server, { ...box(-5, 5), type: 'bones', attributelike: al })).map((o) => o.attributes.owner);
      assert.deepEqual(await owners({ key: 'owner', value: 'soko%' }), ['Sokomine', 'SOKO_x']);
      assert.deepEqual(await owners({ key: 'owner', value: 'soko_x' }), ['SOKO_x']);
      assert.deepEqual(await owners({ key: 'owner', value: 'sokomin' }), []);
      assert.deepEqual(await owners({ key: 'Owner', value: '%' }), []);
    });

    it('ignores unknown fields and matches field names case-insensitively like encoding/json', async () => {
      assert.deepEqual((await query(server, { ...box(0, 0), type: 'bones', radius: 4, colour: 'red' })).length, 1);
      assert.deepEqual((await query(server, { Pos1: { X: 0, y: 0, z: 0 }, POS2: { x: 0, y: 0, z: 0 }, Type: 'bones' })).length, 1);
    });

    it('searches the whole map when pos1 or pos2 is left out', async () => {
      assert.equal((await query(server, { type: 'bones' })).length, 3);
    });

    it('escapes <, > and & the way Go encodes JSON and sorts attribute keys', async () => {
      const res = await post(server, JSON.stringify({ ...box(-2, -2), type: 'bones' }));
      assert.match(res.text, /"info":"\\u003cb\\u003e\\u0026"/);
      assert.match(res.text, /"attributes":\{"info":.*"item_count":.*"owner":.*"time":/);
      assert.ok(res.text.endsWith('\n'));
    });

    it('fails with HTTP 500 when an object without attributes is in the result (NULL from the left join)', async () => {
      const res = await post(server, JSON.stringify({ ...WORLD, type: 'sign' }));
      assert.equal(res.status, 500);
      assert.match(res.text, /converting NULL to string is unsupported/);
    });

    /** [body, Go's plain-text error] */
    const BAD: Array<[string, string]> = [
      ['', 'EOF'],
      ['{"pos1": ', 'unexpected EOF'],
      ['{"pos1" 1}', "invalid character '1' after object key"],
      ['{"type": "bones",}', "invalid character '}' looking for beginning of object key string"],
      ['hello', "invalid character 'h' looking for beginning of value"],
      ['nonsense', "invalid character 'o' in literal null (expecting 'u')"],
      ['[1, 2]', 'json: cannot unmarshal array into Go value of type mapobjectdb.SearchQuery'],
      ['{"type": 5}', 'json: cannot unmarshal number into Go struct field SearchQuery.type of type string'],
      ['{"pos1": {"x": 1.5, "y": 0, "z": 0}}', 'json: cannot unmarshal number 1.5 into Go struct field MapBlockCoords.pos1.x of type int'],
      ['{"pos2": {"x": 0, "y": "3", "z": 0}}', 'json: cannot unmarshal string into Go struct field MapBlockCoords.pos2.y of type int'],
      ['{"limit": "10"}', 'json: cannot unmarshal string into Go struct field SearchQuery.limit of type int'],
      // The Go type names of mapobjectdb/accessor.go's SearchQuery fields (types.MapBlockCoords, mapobjectdb.SearchAttributeLike).
      ['{"pos1": "here"}', 'json: cannot unmarshal string into Go struct field SearchQuery.pos1 of type types.MapBlockCoords'],
      [
        '{"attributelike": ["owner"]}',
        'json: cannot unmarshal array into Go struct field SearchQuery.attributelike of type mapobjectdb.SearchAttributeLike',
      ],
      [
        '{"attributelike": {"key": 1}}',
        'json: cannot unmarshal number into Go struct field SearchAttributeLike.attributelike.key of type string',
      ],
    ];
    for (const [body, message] of BAD) {
      it(`answers ${JSON.stringify(body)} with HTTP 500 and Go's plain-text error`, async () => {
        const res = await post(server, body);
        assert.equal(res.status, 500);
        assert.equal(res.type, 'text/plain; charset=utf-8');
        assert.equal(res.text, message);
      });
    }

    it('reads only the first JSON value of the body, as json.Decoder does', async () => {
      const res = await post(server, JSON.stringify({ ...box(0, 0), type: 'bones' }) + ' trailing');
      assert.equal(res.status, 200);
      assert.equal(JSON.parse(res.text).length, 1);
    });

    it('routes by path only (net/http ServeMux, web/serve.go): the path without its slash answers 301; other paths are 404 text', async () => {
      const noSlash = await fetch(`${server.url}/api/mapobjects`, { method: 'POST', body: '{}', redirect: 'manual' });
      assert.deepEqual([noSlash.status, noSlash.headers.get('location'), await noSlash.text()], [301, '/api/mapobjects/', '']);
      const getNoSlash = await fetch(`${server.url}/api/mapobjects?x=1`, { redirect: 'manual' });
      assert.deepEqual(
        [getNoSlash.status, getNoSlash.headers.get('location'), await getNoSlash.text()],
        [301, '/api/mapobjects/?x=1', '<a href="/api/mapobjects/?x=1">Moved Permanently</a>.\n\n'],
      );
      const get = await post(server, '', '/api/mapobjects/', 'GET');
      assert.deepEqual([get.status, get.text], [500, 'EOF']);
      const other = await post(server, '', '/api/nothing', 'GET');
      assert.deepEqual([other.status, other.text], [404, '404 page not found\n']);
    });

    it('null corners are nil pointers (the whole map); a null or missing coordinate is 0', async () => {
      assert.equal((await query(server, { pos1: null, pos2: null, type: 'bones' })).length, 3);
      // y missing and z null: both 0, so the box is x 0…2, y 0, z 0 (bones at node (5, 2, 5) is in block (0, 0, 0)).
      assert.deepEqual(
        (await query(server, { pos1: { x: 0, z: null }, pos2: { x: 2, y: null, z: 0 }, type: 'bones' })).map((o) => o.x),
        [5, 40],
      );
      assert.equal((await query(server, { ...WORLD, type: 'bones', limit: null })).length, 3);
    });

    it('records every request', async () => {
      const before = server.requests.length;
      await post(server, '{"type": "poi"}');
      const last = server.requests[server.requests.length - 1];
      assert.equal(server.requests.length, before + 1);
      assert.deepEqual(
        [last.method, last.url, last.body, last.headers['content-type']],
        ['POST', '/api/mapobjects/', '{"type": "poi"}', 'application/json; charset=utf-8'],
      );
    });
  });

  describe('layers and map-object switches (app/config.go, mapobject/setup.go, mapblockaccessor/mtime.go)', () => {
    it('indexes only map blocks inside its default layers (y -1…10 and 11…24): deep bones are never found', async () => {
      const server = await startFakeMapServer({ seed: 3 });
      try {
        assert.ok(server.objects.length > 0);
        for (const o of server.objects) assert.ok(o.mapblock.y >= -1 && o.mapblock.y <= 24, `${o.type} at block y ${o.mapblock.y}`);
        assert.ok(
          server.notIndexed.some((o) => o.mapblock.y < -1),
          'the seeded world has bones below the layers',
        );
        const deep = await query(server, { pos1: { x: -2048, y: -2048, z: -2048 }, pos2: { x: 2048, y: -2, z: 2048 }, type: 'bones' });
        assert.deepEqual(deep, []);
      } finally {
        await server.close();
      }
    });

    it('publishes its layers and switches at GET /api/config, as web/config.go does', async () => {
      const server = await startFakeMapServer({ objects: [] });
      try {
        const res = await fetch(`${server.url}/api/config`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'application/json');
        const text = await res.text();
        assert.ok(text.endsWith('\n'));
        const config = JSON.parse(text);
        assert.deepEqual(Object.keys(config), ['version', 'layers', 'mapobjects', 'defaultoverlays', 'pagename', 'enablesearch']);
        assert.deepEqual(config.layers, [
          { id: 0, name: 'Ground', from: -1, to: 10 },
          { id: 1, name: 'Sky', from: 11, to: 24 },
        ]);
        assert.equal(config.mapobjects.locator, false);
        assert.equal(config.mapobjects.minecart, false);
        assert.equal(config.mapobjects.bones, true);
      } finally {
        await server.close();
      }
    });

    it('a server with its own layers and switches indexes and publishes exactly those', async () => {
      const objects = [
        obj('bones', 0, -1000, 0, { owner: 'a', time: '1', info: '', item_count: '1' }), // block y -63: in the "Caves" layer
        obj('bones', 0, 50, 0, { owner: 'b', time: '1', info: '', item_count: '1' }), // block y 3: no layer any more
        obj('locator', 0, -990, 0, { owner: 'c', name: 'home', active: '1', level: '1' }),
        obj('travelnet', 0, -990, 0, { owner: 'd', station_name: 'x', station_network: 'n', nodename: 'travelnet:travelnet' }),
      ];
      const server = await startFakeMapServer({
        objects,
        layers: [{ id: 7, name: 'Caves', from: -100, to: -50 }],
        mapobjects: { locator: true, travelnet: false },
      });
      try {
        assert.deepEqual(
          server.objects.map((o) => o.attributes.owner),
          ['a', 'c'],
        );
        assert.deepEqual(
          server.notIndexed.map((o) => o.attributes.owner),
          ['b', 'd'],
        );
        const config = (await (await fetch(`${server.url}/api/config`)).json()) as { layers: unknown; mapobjects: Record<string, boolean> };
        assert.deepEqual(config.layers, [{ id: 7, name: 'Caves', from: -100, to: -50 }]);
        assert.deepEqual([config.mapobjects.locator, config.mapobjects.travelnet], [true, false]);
        assert.equal((await query(server, { type: 'locator' })).length, 1);
        assert.equal((await query(server, { type: 'travelnet' })).length, 0);
      } finally {
        await server.close();
      }
    });
  });

  describe('SQLite LIKE', () => {
    const CASES: Array<[string, string, boolean]> = [
      ['Sokomine', 'soko%', true],
      ['Sokomine', '%MINE', true],
      ['Sokomine', 's_komine', true],
      ['Sokomine', 'Soko', false],
      ['ÄRGER', 'ärger', false],
      ['a%b', 'a%b', true],
      ['', '%', true],
      ['x', '', false],
      ['日本', '__', true],
    ];
    for (const [value, pattern, expected] of CASES) {
      it(`${JSON.stringify(value)} LIKE ${JSON.stringify(pattern)} is ${expected}`, () => {
        assert.equal(sqliteLike(value, pattern), expected);
      });
    }
  });
});
