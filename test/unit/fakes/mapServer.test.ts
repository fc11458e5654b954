import assert from 'node:assert/strict';
import { startFakeMapServer, sqliteLike, type FakeMapServer, type MapObject } from '../../fakes/mapServer';

async function post(server: FakeMapServer, body: string, path = '/api/mapobjects/', method = 'POST'): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(server.url + path, { method, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: method === 'GET' ? undefined : body });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

async function query(server: FakeMapServer, q: unknown): Promise<MapObject[]> {
  const res = await post(server, JSON.stringify(q));
  assert.equal(res.status, 200, res.text);
  assert.equal(res.type, 'application/json');
  return JSON.parse(res.text) as MapObject[];
}

const obj = (type: string, x: number, y: number, z: number, attributes: Record<string, string>): MapObject => ({
  mapblock: { x: Math.floor(x / 16), y: Math.floor(y / 16), z: Math.floor(z / 16) }, x, y, z, type, mtime: 1700000000, attributes,
});

const WORLD = { pos1: { x: -2048, y: -2048, z: -2048 }, pos2: { x: 2048, y: 2048, z: 2048 } };

describe('fake map server', () => {
  describe('seeded objects', () => {
    let server: FakeMapServer;
    before(async () => { server = await startFakeMapServer({ seed: 7 }); });
    after(async () => { await server.close(); });

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
      const expected = server.objects.filter((o) => o.type === 'shop' && (['x', 'y', 'z'] as const).every((a) => o.mapblock[a] >= box.pos1[a] && o.mapblock[a] <= box.pos2[a]));
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
    before(async () => { server = await startFakeMapServer({ objects }); });
    after(async () => { await server.close(); });

    const box = (x1: number, x2: number) => ({ pos1: { x: x1, y: 0, z: 0 }, pos2: { x: x2, y: 0, z: 0 } });

    it('compares map-block coordinates inclusively on each axis', async () => {
      assert.deepEqual((await query(server, { ...box(0, 2), type: 'bones' })).map((o) => o.x), [5, 40]);
      assert.deepEqual((await query(server, { ...box(-2, -2), type: 'bones' })).map((o) => o.x), [-17]);
    });

    it('does not swap corners: an inverted box matches nothing', async () => {
      assert.deepEqual(await query(server, { ...box(2, 0), type: 'bones' }), []);
    });

    it('finds nothing when node coordinates are sent instead of map blocks', async () => {
      assert.deepEqual(await query(server, { pos1: { x: 0, y: 0, z: 0 }, pos2: { x: 40, y: 2, z: 5 }, type: 'poi' }), []);
    });

    it('filters with attributelike as SQLite LIKE (%, _, ASCII case-insensitive, exact key)', async () => {
      const owners = async (al: unknown) => (await query(server, { ...box(-5, 5), type: 'bones', attributelike: al })).map((o) => o.attributes.owner);
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

    it('routes by path only: the endpoint needs its trailing slash; other paths are 404 text', async () => {
      const noSlash = await post(server, '{}', '/api/mapobjects');
      assert.deepEqual([noSlash.status, noSlash.text], [404, '404 page not found\n']);
      const get = await post(server, '', '/api/mapobjects/', 'GET');
      assert.deepEqual([get.status, get.text], [500, 'EOF']);
    });

    it('records every request', async () => {
      const before = server.requests.length;
      await post(server, '{"type": "poi"}');
      const last = server.requests[server.requests.length - 1];
      assert.equal(server.requests.length, before + 1);
      assert.deepEqual([last.method, last.url, last.body, last.headers['content-type']], ['POST', '/api/mapobjects/', '{"type": "poi"}', 'application/json; charset=utf-8']);
    });
  });

  describe('SQLite LIKE', () => {
    const CASES: Array<[string, string, boolean]> = [
      ['Sokomine', 'soko%', true], ['Sokomine', '%MINE', true], ['Sokomine', 's_komine', true], ['Sokomine', 'Soko', false],
      ['ÄRGER', 'ärger', false], ['a%b', 'a%b', true], ['', '%', true], ['x', '', false], ['日本', '__', true],
    ];
    for (const [value, pattern, expected] of CASES) {
      it(`${JSON.stringify(value)} LIKE ${JSON.stringify(pattern)} is ${expected}`, () => {
        assert.equal(sqliteLike(value, pattern), expected);
      });
    }
  });
});
