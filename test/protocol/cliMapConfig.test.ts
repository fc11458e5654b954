/**
 * `wikimap-query check --map-config FILE_OR_URL`: map queries checked against a map server's own
 * layers and enabled types, from its `/api/config` (the fake map server, which follows the real Go
 * server's web/config.go) or from a saved file. The real `dist/cli.js` process, run asynchronously so
 * the fake in this process can answer.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { startFakeMapServer, type FakeMapServer } from '../fakes/mapServer';
import { CLI, ensureBuilt } from './lspClient';
import { unusedLoopbackPort } from '../support/loopbackServer';

const CAVES = { layers: [{ id: 7, name: 'Caves', from: -100, to: -50 }], mapobjects: { locator: true, bones: false } };
/** Bones in the default Ground layer: outside the Caves server's layers, and a type it does not index. */
const QUERY = '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 5, "y": 5, "z": 5}, "type": "bones"}\n';

function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('wikimap-query check --map-config', function () {
  this.timeout(30000);
  let dir: string;
  let caves: FakeMapServer;
  let query: string;

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-mapconfig-'));
    caves = await startFakeMapServer({ objects: [], ...CAVES });
    query = path.join(dir, 'bones.mapquery.json');
    fs.writeFileSync(query, QUERY);
    // What a user saves with `curl URL/api/config`, and a mapserver.json (the server's own file: the same keys and more).
    fs.writeFileSync(path.join(dir, 'saved-config.json'), await (await fetch(`${caves.url}/api/config`)).text());
    fs.writeFileSync(path.join(dir, 'mapserver.json'), JSON.stringify({ port: 8080, enablerendering: true, ...CAVES }, null, 2));
    fs.writeFileSync(path.join(dir, 'not-a-config.json'), JSON.stringify({ hello: 'world' }));
    fs.writeFileSync(path.join(dir, 'not-json.json'), 'port = 8080\n');
  });
  after(async () => {
    await caves.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('without it, map queries are checked against the defaults (no network)', async () => {
    const run = await cli(['check', '--format', 'json', query]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      (JSON.parse(run.stdout) as CheckResult[]).map((r) => r.code),
      [],
    );
  });

  const GOOD: Array<[string, () => string]> = [
    ["the map server's base URL (GET /api/config)", () => caves.url],
    ['the base URL with a trailing slash', () => `${caves.url}/`],
    ['a saved /api/config answer', () => path.join(dir, 'saved-config.json')],
    ["the server's own mapserver.json", () => path.join(dir, 'mapserver.json')],
  ];
  for (const [what, spec] of GOOD) {
    it(`takes ${what}: the box is outside its layers and bones are not indexed there`, async () => {
      const run = await cli(['check', '--format', 'json', '--map-config', spec(), query]);
      assert.equal(run.status, 0, run.stderr);
      const results = JSON.parse(run.stdout) as CheckResult[];
      assert.deepEqual(results.map((r) => r.code).sort(), ['outsidelayers', 'typenotenabled']);
      assert.match(results.find((r) => r.code === 'outsidelayers')!.message, /Caves \(layer 7\)/);
    });
  }

  const BAD: Array<[string, () => Promise<string> | string, RegExp]> = [
    ['a missing file', () => path.join(dir, 'missing.json'), /cannot use the map config .*missing\.json: no such file/],
    ['a file that is not JSON', () => path.join(dir, 'not-json.json'), /cannot use the map config .*not-json\.json: the file is not JSON/],
    [
      "JSON that is not a map server's config",
      () => path.join(dir, 'not-a-config.json'),
      /cannot use the map config .*not-a-config\.json: its "layers" are missing/,
    ],
    [
      'a server that does not answer',
      async () => `http://127.0.0.1:${await unusedLoopbackPort()}`,
      /cannot use the map config http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/,
    ],
    [
      'a URL with a password (never sent)',
      () => caves.url.replace('http://', 'http://user:secret@'),
      /cannot use the map config http:\/\/127\.0\.0\.1:\d+\/?: give the map server's base address/,
    ],
  ];
  for (const [what, spec, message] of BAD) {
    it(`exits 2 on ${what}, saying why`, async () => {
      const before = caves.requests.length;
      const run = await cli(['check', '--map-config', await spec(), query]);
      assert.equal(run.status, 2, run.stdout);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stderr, /secret/);
      if (what.includes('password')) assert.equal(caves.requests.length, before, 'nothing sent');
    });
  }

  it("over the byte cap, names the checker's own option to raise it, not the editor's setting", async () => {
    const big = path.join(dir, 'big-config.json');
    fs.writeFileSync(big, JSON.stringify({ ...CAVES, padding: 'x'.repeat(2048) }));
    const run = await cli(['check', '--max-map-config-kb', '1', '--map-config', big, query]);
    assert.equal(run.status, 2, run.stdout);
    assert.match(
      run.stderr,
      /the file is over the 1024-byte limit of a map server's config; raise --max-map-config-kb N if it really is that large/,
    );
    assert.doesNotMatch(run.stderr, /wikimapQuery\./);
  });

  it('exits 2 when given twice', async () => {
    const run = await cli(['check', '--map-config', caves.url, '--map-config', caves.url, query]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--map-config can be given only once/);
  });
});
