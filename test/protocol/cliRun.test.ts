/**
 * `wikimap-query run FILE[:LINE]` for map queries, against the fake map server (which follows the real
 * server's source): the real `dist/cli.js` process. Wiki queries are run against a real MediaWiki in
 * test/mediawiki/runCli.test.ts; here only what no MediaWiki answers on its own (an HTTP error status with a
 * JSON body, as a proxy in front of a wiki sends).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { startFakeMapServer, type FakeMapServer } from '../fakes/mapServer';
import { CLI, ensureBuilt, ROOT } from './lspClient';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI without blocking this process (the fake server answers from it). */
function cli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const QUERIES = `// two map queries
[
  {
    "pos1": { "x": -10, "y": -2, "z": -10 },
    "pos2": { "x": 10, "y": 2, "z": 10 },
    "type": "bones"
  },
  {
    "pos1": { "x": -100, "y": -10, "z": -100 },
    "pos2": { "x": 100, "y": 10, "z": 100 },
    "type": "poi",
    "limit": 3
  }
]
`;

describe('wikimap-query run (CLI): map queries', function () {
  this.timeout(30000);
  let dir: string;
  let file: string;
  let map: FakeMapServer;

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-run-map-'));
    file = path.join(dir, 'queries.mapquery.json');
    fs.writeFileSync(file, QUERIES);
    map = await startFakeMapServer();
  });
  after(async () => {
    await map.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What the map server answers when the query is POSTed to it directly. */
  async function direct(body: unknown): Promise<unknown[]> {
    const res = await fetch(`${map.url}/api/mapobjects/`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    return (await res.json()) as unknown[];
  }

  const cases: Array<{ name: string; target: (f: string) => string; body: Record<string, unknown> }> = [
    {
      name: 'without a line: the first query',
      target: (f) => f,
      body: { pos1: { x: -10, y: -2, z: -10 }, pos2: { x: 10, y: 2, z: 10 }, type: 'bones' },
    },
    {
      name: 'FILE:LINE inside the second query',
      target: (f) => `${f}:12`,
      body: { pos1: { x: -100, y: -10, z: -100 }, pos2: { x: 100, y: 10, z: 100 }, type: 'poi', limit: 3 },
    },
  ];
  for (const c of cases) {
    it(`prints the map objects the server answers (${c.name})`, async () => {
      const before = map.requests.length;
      const r = await cli(['run', '--map-server', map.url, c.target(file)]);
      assert.equal(r.status, 0, r.stderr);
      const printed = JSON.parse(r.stdout);
      const expected = await direct(c.body);
      assert.ok(expected.length > 0, 'the fake server has matching objects');
      assert.deepEqual(
        printed.map((o: any) => [o.type, o.x, o.y, o.z, o.attributes]),
        expected.map((o: any) => [o.type, o.x, o.y, o.z, o.attributes]),
      );
      const sent = map.requests[before];
      assert.equal(sent.method, 'POST');
      assert.equal(sent.url, '/api/mapobjects/');
      assert.deepEqual(JSON.parse(sent.body), c.body);
    });
  }

  const refusals: Array<{ name: string; args: (f: string) => string[]; status: number; message: RegExp }> = [
    { name: 'no map server given', args: (f) => ['run', f], status: 2, message: /--map-server URL/ },
    {
      name: '--all on a map query',
      args: (f) => ['run', '--all', '--map-server', 'http://127.0.0.1:9', f],
      status: 2,
      message: /--all follows the continuation of wiki queries/,
    },
    {
      name: 'a line between the queries',
      args: (f) => ['run', '--map-server', 'http://127.0.0.1:9', `${f}:1`],
      status: 2,
      message: /no query at line 1 .*lines 3-7, 8-13/,
    },
    {
      name: 'a line past 2^53: the digits as written',
      args: (f) => ['run', '--map-server', 'http://127.0.0.1:9', `${f}:99999999999999999999`],
      status: 2,
      message: /has no line 99999999999999999999\./,
    },
    {
      name: 'a missing file',
      args: (f) => ['run', '--map-server', 'http://127.0.0.1:9', `${f}.missing:3`],
      status: 2,
      message: /no such file/,
    },
    { name: 'a bad option value', args: (f) => ['run', '--timeout', '0', f], status: 2, message: /--timeout takes a number from 1 to 600/ },
  ];
  for (const c of refusals) {
    it(`exits ${c.status} without sending anything: ${c.name}`, async () => {
      const before = map.requests.length;
      const r = await cli(c.args(file));
      assert.equal(r.status, c.status, r.stderr);
      assert.match(r.stderr, c.message);
      assert.equal(r.stdout, '');
      assert.equal(map.requests.length, before);
    });
  }

  it("exits 1 with the editor's message when the map server cannot be reached", async () => {
    const gone = await startFakeMapServer();
    const url = gone.url;
    await gone.close();
    const r = await cli(['run', '--map-server', url, file]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /refused the connection/);
  });

  it('dist/cli.js and dist/server.js run by their own #! line (as npm and the .vsix link them)', () => {
    for (const bundle of ['cli.js', 'server.js']) {
      const file = path.join(path.dirname(CLI), bundle);
      assert.ok(fs.readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n'), bundle);
      assert.ok((fs.statSync(file).mode & 0o111) === 0o111, `${bundle} is executable`);
    }
    const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };
    const version = spawnSync(CLI, ['--version'], { encoding: 'utf8', env });
    assert.equal(version.status, 0, version.stderr);
    assert.equal(version.stdout.trim(), JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('--help documents FILE[:LINE], --all and the exit statuses', async () => {
    const r = await cli(['run', '--help']);
    assert.equal(r.status, 0);
    for (const text of ['FILE[:LINE]', '--all', '--map-server', '--api-url', 'Exit status:', '3  refused'])
      assert.ok(r.stdout.includes(text), text);
  });
});

describe('wikimap-query run (CLI): a wiki query answered in JSON with an HTTP error status', function () {
  this.timeout(30000);
  let dir: string;
  let server: http.Server;
  let apiUrl: string;
  /** What the server answers next: status, reason phrase, JSON body. */
  let answer: { status: number; reason: string; body: string };

  before(async () => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-run-http-'));
    server = http.createServer((_req, res) => {
      res.writeHead(answer.status, answer.reason, { 'content-type': 'application/json; charset=utf-8' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.php`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // [what, status, reason phrase, body, what stderr says]
  const TABLE: Array<[string, number, string, string, RegExp]> = [
    [
      'an empty object with 500',
      500,
      'Internal Server Error',
      '{}',
      /the wiki answered HTTP 500 Internal Server Error \(its answer is printed above\)/,
    ],
    ["a proxy's 429 in JSON", 429, 'Too Many Requests', '{"message":"slow down"}', /the wiki answered HTTP 429 Too Many Requests/],
  ];
  for (const [what, status, reason, body, said] of TABLE) {
    it(`exits 1, prints the answer and says the status: ${what}`, async () => {
      answer = { status, reason, body };
      const file = path.join(dir, 'q.wikiquery');
      fs.writeFileSync(file, 'action=query&meta=siteinfo\n');
      const r = await cli(['run', '--api-url', apiUrl, file]);
      assert.equal(r.status, 1, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), JSON.parse(body));
      assert.match(r.stderr, said);
    });
  }

  it('an API error with an error status is told as an API error, once', async () => {
    answer = { status: 500, reason: 'Internal Server Error', body: '{"error":{"code":"internal_api_error_DBQueryError","info":"x"}}' };
    const file = path.join(dir, 'q.wikiquery');
    fs.writeFileSync(file, 'action=query&meta=siteinfo\n');
    const r = await cli(['run', '--api-url', apiUrl, file]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /the wiki answered with an error \(see "error" in the result\)/);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  });
});
