/**
 * The commands' V8 code cache (server/src/node/compileCache.ts), through the real dist/server.js and
 * dist/cli.js: a first start writes it, later starts use it, and nothing about it — a corrupt or
 * foreign file, a folder others may write to, a folder that is a file, `off` — stops the server or
 * the checker from working or changes what they answer.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'mocha';
import { ensureBuilt, runCli, SERVER } from './lspClient';

interface Start {
  /** The `initialize` result. */
  result: { capabilities: Record<string, unknown> };
  /** What the launcher traced on stderr. */
  trace: string;
}

/**
 * Starts the server with `cacheDir` and waits for its `initialize` answer; with `untilCache`, keeps it
 * running until it has written its code cache (polled, with a deadline); then ends it with `exit`.
 */
function startServer(cacheDir: string, untilCache = false): Promise<Start> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], {
      env: { ...process.env, WIKIMAP_QUERY_COMPILE_CACHE: cacheDir, WIKIMAP_QUERY_TRACE_START: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let trace = '';
    let result: Start['result'] | undefined;
    const deadline = setTimeout(() => {
      child.kill();
      reject(new Error(`no initialize answer within 15 s; stderr: ${trace}`));
    }, 15000);
    child.stderr.on('data', (d) => (trace += d));
    child.stdout.on('data', (d) => {
      out += d;
      const body = out.slice(out.indexOf('\r\n\r\n') + 4);
      if (result !== undefined || out.indexOf('\r\n\r\n') < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(out)?.[1]);
      if (Buffer.byteLength(body) < length) return;
      result = JSON.parse(Buffer.from(body).subarray(0, length).toString()).result;
      clearTimeout(deadline);
      const end = () => send({ jsonrpc: '2.0', method: 'exit' });
      if (untilCache) void waitForCache(cacheDir, 'server.core-').then(end, end);
      else end();
    });
    child.on('close', () =>
      result ? resolve({ result, trace }) : reject(new Error(`the server ended without answering; stderr: ${trace}`)),
    );
    const send = (msg: object) => {
      const text = JSON.stringify(msg);
      child.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
    };
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  });
}

/** The CLI with the code cache in `cacheDir` and its start-up traced (the trace is its stderr). */
function cliTraced(cacheDir: string, args: string[]): { status: number | null; stdout: string; trace: string } {
  const r = runCli(args, { env: { WIKIMAP_QUERY_COMPILE_CACHE: cacheDir, WIKIMAP_QUERY_TRACE_START: '1' } });
  return { status: r.status, stdout: r.stdout, trace: r.stderr };
}

const cacheFiles = (dir: string, prefix: string) =>
  fs.existsSync(dir) && fs.statSync(dir).isDirectory()
    ? fs.readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.v8cache'))
    : [];

/** Waits until a cache file with `prefix` is in `dir` (the server writes it a second after start). */
async function waitForCache(dir: string, prefix: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [name] = cacheFiles(dir, prefix);
    if (name) return path.join(dir, name);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${prefix} cache in ${dir}`);
}

describe('V8 code cache of the commands', function () {
  this.timeout(60000);
  let tmp: string;
  let plain: Start;

  before(async () => {
    ensureBuilt();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-compile-cache-'));
    plain = await startServer('off');
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('off: the server starts as it always did, without a cache', () => {
    assert.match(plain.trace, /compile cache: off/);
    assert.ok(plain.result.capabilities.textDocumentSync !== undefined);
  });

  it('a first start writes the cache; the next start uses it and answers the same', async () => {
    const dir = path.join(tmp, 'server');
    const first = await startServer(dir, true);
    assert.match(first.trace, /compile cache: missing/);
    const file = await waitForCache(dir, 'server.core-');
    if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o077, 0, 'the cache file is the user’s alone');
    const second = await startServer(dir);
    assert.match(second.trace, /compile cache: used/);
    assert.deepEqual(second.result, plain.result);
  });

  it('a corrupt cache file is rejected and removed, the server starts; the next start writes a good one', async () => {
    const dir = path.join(tmp, 'corrupt');
    await startServer(dir, true);
    const file = await waitForCache(dir, 'server.core-');
    fs.writeFileSync(file, Buffer.alloc(4096, 0x5a), { mode: 0o600 });
    const start = await startServer(dir);
    assert.match(start.trace, /compile cache: rejected/);
    assert.deepEqual(start.result, plain.result);
    assert.deepEqual(cacheFiles(dir, 'server.core-'), []);
    assert.match((await startServer(dir, true)).trace, /compile cache: missing/);
    await waitForCache(dir, 'server.core-');
    assert.match((await startServer(dir)).trace, /compile cache: used/);
  });

  it('a cache file others may write to is not read', async function () {
    if (process.platform === 'win32') this.skip();
    const dir = path.join(tmp, 'foreign');
    await startServer(dir, true);
    const file = await waitForCache(dir, 'server.core-');
    fs.chmodSync(file, 0o666);
    const start = await startServer(dir);
    assert.match(start.trace, /compile cache: missing/);
    assert.deepEqual(start.result, plain.result);
  });

  const unusable: Array<[string, (dir: string) => void]> = [
    [
      'a folder others may write to',
      (dir) => {
        fs.mkdirSync(dir);
        fs.chmodSync(dir, 0o777);
      },
    ],
    ['a file where the folder should be', (dir) => fs.writeFileSync(dir, 'not a folder')],
    ['a folder under a file', () => undefined],
  ];
  for (const [what, make] of unusable) {
    it(`${what}: not used, the server starts all the same`, async function () {
      if (process.platform === 'win32' && what.startsWith('a folder others')) this.skip();
      let dir = path.join(tmp, what.replace(/\W+/g, '-'));
      if (what === 'a folder under a file') {
        fs.writeFileSync(dir, 'a file');
        dir = path.join(dir, 'cache');
      }
      make(dir);
      // (No write is planned from an unusable folder, so the server need not stay up to show it.)
      const start = await startServer(dir);
      assert.match(start.trace, /compile cache: unsafe-folder/);
      assert.deepEqual(start.result, plain.result);
      assert.deepEqual(cacheFiles(dir, 'server.core-'), []);
    });
  }

  it('the checker writes its cache when a run ends, and the next run uses it with the same output', () => {
    const dir = path.join(tmp, 'cli');
    const sample = path.join('examples', 'common-mistakes.wikiquery');
    const first = cliTraced(dir, ['check', sample]);
    assert.match(first.trace, /compile cache: missing/);
    assert.match(first.stdout, /common-mistakes\.wikiquery:\d+:\d+/, 'the check reports the sample’s mistakes');
    assert.equal(cacheFiles(dir, 'cli.core-').length, 1);
    const second = cliTraced(dir, ['check', sample]);
    assert.match(second.trace, /compile cache: used/);
    assert.equal(second.status, first.status);
    assert.equal(second.stdout, first.stdout);
  });

  it('a bundle required on first use (the map service) gets a cache of its own, used by the next run with the same output', () => {
    const dir = path.join(tmp, 'cli-chunk');
    const sample = path.join('examples', 'map-mistakes.mapquery.json');
    const first = cliTraced(dir, ['check', sample]);
    assert.match(first.trace, /compile cache: missing/);
    assert.match(first.trace, /compile cache of server\.map\.js: missing/);
    assert.match(first.stdout, /map-mistakes\.mapquery\.json:\d+:\d+/, 'the check reports the sample’s mistakes');
    assert.equal(cacheFiles(dir, 'server.map-').length, 1);
    const second = cliTraced(dir, ['check', sample]);
    assert.match(second.trace, /compile cache of server\.map\.js: used/);
    assert.equal(second.status, first.status);
    assert.equal(second.stdout, first.stdout);
    const off = cliTraced('off', ['check', sample]);
    assert.doesNotMatch(off.trace, /server\.map\.js/, 'without a cache, Node requires the bundle as before');
    assert.equal(off.stdout, first.stdout);
  });
});
