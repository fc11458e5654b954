/**
 * Map runs against the fake map server (test/fakes/mapServer.ts, which follows the real Go
 * server): the POST itself, the results, HTTP 500 plain-text errors, wrong base URLs; then CSV and
 * JSON export of what came back.
 */
import assert from 'node:assert/strict';
import { startFakeMapServer, type FakeMapServer } from '../../fakes/mapServer';
import { mapObjectsUrl, runMapQuery } from '../../../run/map/mapRun';
import { csvField, mapSummaryLine, toCsv, toJson } from '../../../run/map/mapExport';
import { RunError } from '../../../run/runErrors';
import type { RunOptions } from '../../../run/wiki/wikiRun';
import { nodeTransport } from '../../../run/node/nodeTransport';

const opts: RunOptions = { transport: nodeTransport, timeoutMs: 10000, maxBytes: 10 * 1024 * 1024 };
const isRunError = (kind: string, message: RegExp) => (e: unknown) => e instanceof RunError && e.kind === kind && message.test(e.message);

describe('map runs against the fake map server', () => {
  let server: FakeMapServer;
  before(async () => {
    server = await startFakeMapServer();
  });
  after(async () => {
    await server?.close();
  });

  const urls: Array<[string, string]> = [
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/api/mapobjects/'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/api/mapobjects/'],
    ['https://maps.example.org/world1/', 'https://maps.example.org/world1/api/mapobjects/'],
    ['http://127.0.0.1:8080/api/mapobjects', 'http://127.0.0.1:8080/api/mapobjects/'],
  ];
  for (const [base, url] of urls) {
    it(`posts to ${url} for base ${base}`, () => assert.equal(mapObjectsUrl(base), url));
  }

  it('POSTs the JSON body with Content-Type application/json and shows what the server found', async () => {
    const type = server.objects[0].type;
    const query = { pos1: { x: -2048, y: -2048, z: -2048 }, pos2: { x: 2048, y: 2048, z: 2048 }, type };
    const before = server.requests.length;
    const r = await runMapQuery(`${server.url}/`, query, opts);
    const req = server.requests[before];
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/api/mapobjects/');
    assert.match(String(req.headers['content-type']), /^application\/json(; charset=utf-8)?$/);
    assert.match(String(req.headers['user-agent']), /^wikimap-query\//);
    assert.deepEqual(JSON.parse(req.body), query);
    const expected = server.objects.filter((o) => o.type === type);
    assert.ok(expected.length > 0);
    assert.equal(r.objects.length, expected.length);
    assert.deepEqual(new Set(r.objects.map((o) => `${o.x},${o.y},${o.z}`)), new Set(expected.map((o) => `${o.x},${o.y},${o.z}`)));
    assert.match(mapSummaryLine(r), new RegExp(`^HTTP 200 · \\d+ ms · ${expected.length} objects? \\(${type}: ${expected.length}\\)$`));
  });

  it('an unknown type is an empty list, not an error (exact type match)', async () => {
    const r = await runMapQuery(
      server.url,
      { pos1: { x: -2048, y: -2048, z: -2048 }, pos2: { x: 2048, y: 2048, z: 2048 }, type: server.objects[0].type.toUpperCase() },
      opts,
    );
    assert.deepEqual(r.objects, []);
  });

  it("shows the server's HTTP 500 plain-text answer as a clear error", async () => {
    await assert.rejects(
      runMapQuery(server.url, { pos1: { x: 1.5, y: 0, z: 0 }, pos2: { x: 2, y: 2, z: 2 }, type: 'bones' }, opts),
      (e: unknown) =>
        e instanceof RunError &&
        e.kind === 'http' &&
        e.status === 500 &&
        /answered HTTP 500 with ".+" instead of a JSON list/.test(e.message) &&
        /check that it is valid JSON/.test(e.message),
    );
  });

  it('says to check the map server URL when the base is wrong (404 page)', async () => {
    await assert.rejects(
      runMapQuery(`${server.url}/tiles`, { pos1: { x: 0, y: 0, z: 0 }, pos2: { x: 1, y: 1, z: 1 }, type: 'bones' }, opts),
      isRunError('http', /HTTP 404.*wikimapQuery\.mapserver\.url/),
    );
  });

  it('refuses a body that is not one query object before sending', async () => {
    const before = server.requests.length;
    await assert.rejects(
      runMapQuery(server.url, [{ type: 'bones' }], opts),
      isRunError('badUrl', /one JSON object with pos1, pos2 and type/),
    );
    assert.equal(server.requests.length, before);
  });

  it('exports what came back as CSV (one row per object, attribute columns) and JSON', async () => {
    const r = await runMapQuery(
      server.url,
      { pos1: { x: -2048, y: -2048, z: -2048 }, pos2: { x: 2048, y: 2048, z: 2048 }, type: server.objects[0].type },
      opts,
    );
    const csv = toCsv(r.objects);
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, r.objects.length + 1 + (csv.match(/"[^"]*\r\n[^"]*"/g)?.length ?? 0));
    assert.match(lines[0], /^type,x,y,z,mapblock_x,mapblock_y,mapblock_z,mtime,mtime_iso(,attr_\w+)+$/);
    assert.deepEqual(JSON.parse(toJson(r.objects)), r.objects);
  });
});

describe('map export escaping', () => {
  const fields: Array<[string | number, string]> = [
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+1+2', "'+1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-12', '-12'],
    [-12, '-12'],
    [Number.NaN, ''],
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
  ];
  for (const [value, out] of fields) {
    it(`writes ${JSON.stringify(value)} as ${out}`, () => assert.equal(csvField(value), out));
  }
});
