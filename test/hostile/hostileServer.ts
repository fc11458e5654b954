/**
 * Loopback HTTP servers that behave as an attacker's "wiki" would (test/hostile): each path is one
 * behaviour, and every request is counted by path so tests can prove what was (not) fetched.
 *
 *   /endless/api.php   200, JSON-looking bytes streamed as fast as the client reads, for ever
 *   /drip/api.php      200, then one byte a second, for ever
 *   /huge/api.php      200 with Content-Length of 100 MB, streamed
 *   /redirect/api.php  302 to /target/api.php (which must never be asked)
 *   /cont/api.php      a list=allpages answer with `continue`; with `apcontinue`, page N answers
 *                      ~100 KB and continues again, and `apcontinue=endless` streams for ever
 *   /loop/api.php      a list=allpages answer whose `continue` is always the same (`apcontinue=A`)
 *   /cycle/api.php     the same, alternating `A` and `B`
 *   /grow/api.php      the same, its `apcontinue` twice as long with each answer (from 1 KB)
 *   /numbers/api.php   a list=allpages answer of 49 MB of numbers (`[0,0,0,…]`) that always continues
 *   /objects/api.php   the same with `{}` items (`[{},{},…]`: 3 bytes each, ~80 once parsed)
 *   /bytewise/api.php  a 20 MB JSON answer in 1-byte HTTP chunks (one chunk per byte)
 *   /many/api.php      a real siteinfo, then a paraminfo whose `main` lists 5,000 actions it does not describe
 *                      (one follow-up request per 50 of them, were the first answer to decide)
 *   /encodings/api.php 64 KB answers with six Content-Encoding values
 *   /gzipbomb/api.php  a gzip answer of 2 MB on the wire that decodes to 2 GB (32 members of 64 MB of spaces)
 *   /brbomb/api.php    a brotli answer of a few KB on the wire that decodes to 1 GB (JSON-looking: spaces in a string)
 *   /gzipped/api.php   a real siteinfo and paraminfo (MediaWiki 1.39), gzip-encoded as asked
 *   /layersN/api/config   a map server's config listing N layers, none holding the boxes near y 0
 *   /mapcreds/api/config  a map server's config redirecting to an address with `user:password@`
 *   anything else      404
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ensureBuilt, ROOT } from '../protocol/lspClient';
import { listenLoopback } from '../support/loopbackServer';

export interface HostileServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  /** Requests per path (`/drip/api.php` → 1). */
  hits: Map<string, number>;
  total(): number;
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');
const FIXTURES = path.join(__dirname, '..', 'unit', 'catalogue-store', 'fixtures');
const SITEINFO = fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-siteinfo.json'), 'utf8');
const PARAMINFO = fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-paraminfo.json'), 'utf8');

/** A paraminfo answer whose `main` lists `n` actions it does not describe, and the real `query` module. */
function manyModules(n: number): string {
  const paraminfo = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-paraminfo.json'), 'utf8'));
  const query = paraminfo.paraminfo.modules.find((m: { path: string }) => m.path === 'query');
  const names = Array.from({ length: n }, (_, i) => `mod${i}`);
  const main = { name: 'main', path: 'main', parameters: [{ name: 'action', type: names }] };
  return JSON.stringify({ paraminfo: { modules: [main, query] } });
}
const HUGE = 100 * 1024 * 1024;

let bombMember: Buffer | undefined;
/** A JSON-looking gzip stream decoding to 2 GB: one member of 64 MB of spaces (64 KB compressed), sent 32 times. */
function gzipBomb(res: http.ServerResponse): void {
  bombMember ??= zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, ' '), { level: 9 });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
  res.write(zlib.gzipSync('{"batchcomplete":true,"x":"'));
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < 32) {
      sent++;
      if (!res.write(bombMember)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(zlib.gzipSync('"}'));
  };
  pump();
}

let brotliBombBytes: Promise<Buffer> | undefined;
/** `{"batchcomplete":true,"x":"` + 1 GB of spaces + `"}`, brotli-compressed as a stream (never 1 GB in memory here). */
async function makeBrotliBomb(): Promise<Buffer> {
  const encoder = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  const out: Buffer[] = [];
  encoder.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise<void>((r) => encoder.on('end', r));
  const spaces = Buffer.alloc(1024 * 1024, ' ');
  encoder.write('{"batchcomplete":true,"x":"');
  for (let i = 0; i < 1024; i++) {
    if (!encoder.write(spaces)) await new Promise((r) => encoder.once('drain', r));
  }
  encoder.end('"}');
  await ended;
  return Buffer.concat(out);
}

function brotliBomb(res: http.ServerResponse): void {
  brotliBombBytes ??= makeBrotliBomb();
  void brotliBombBytes.then((bytes) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' });
    res.end(bytes);
  });
}

/** A real 1.39 answer, gzip-encoded when the client asks for it. */
function gzipped(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
  const text = url.searchParams.get('action') === 'query' ? SITEINFO : PARAMINFO;
  if (!/\bgzip\b/.test(String(req.headers['accept-encoding']))) {
    res.writeHead(406, { 'Content-Type': 'text/plain' });
    return void res.end('this wiki only sends gzip');
  }
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
  res.end(zlib.gzipSync(text));
}

function stream(res: http.ServerResponse, limit = Infinity): void {
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < limit) {
      const chunk = limit - sent < CHUNK.length ? CHUNK.subarray(0, limit - sent) : CHUNK;
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (sent >= limit && !res.destroyed) res.end();
  };
  res.write('{"batchcomplete":true,"x":"');
  pump();
}

const PAGE_BYTES = 49 * 1024 * 1024;
const pageItems = new Map<string, Buffer>();
/** `n,n,n,…` of about 49 MB (made once per item). */
function itemsOf(item: string): Buffer {
  let b = pageItems.get(item);
  if (!b) {
    const count = Math.floor(PAGE_BYTES / (item.length + 1));
    b = Buffer.from(`${item},`.repeat(count - 1) + item);
    pageItems.set(item, b);
  }
  return b;
}

/** A 49 MB page of `item`s under query.allpages, continuing for ever. */
function bigPage(res: http.ServerResponse, url: URL, item: string): void {
  const page = Number(url.searchParams.get('apcontinue') ?? 0);
  const head = Buffer.from(`{"batchcomplete":true,"continue":{"apcontinue":"${page + 1}","continue":"-||"},"query":{"allpages":[`);
  const tail = Buffer.from(']}}');
  const items = itemsOf(item);
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(head.length + items.length + tail.length) });
  res.write(head);
  res.write(items);
  res.end(tail);
}

/**
 * `continue` that never ends in other ways: /loop/ sends back the value it was sent (`apcontinue=A` first),
 * /cycle/ alternates `A` and `B`, /grow/ doubles the value's length with each answer (from 1 KB).
 */
function continuing(res: http.ServerResponse, url: URL): void {
  const from = url.searchParams.get('apcontinue');
  const kind = url.pathname.split('/')[1];
  const next = kind === 'loop' ? 'A' : kind === 'cycle' ? (from === 'A' ? 'B' : 'A') : from ? from + from : 'g'.repeat(1024);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(
    JSON.stringify({
      batchcomplete: true,
      continue: { apcontinue: next, continue: '-||' },
      query: { allpages: [{ pageid: 1, ns: 0, title: `After ${(from ?? '').slice(0, 20)}` }] },
    }),
  );
}

const mapConfigs = new Map<number, string>();
/** A map server's config listing `n` layers, none holding y −10…10 (the first named with 100,000 characters). */
function mapConfig(res: http.ServerResponse, n: number): void {
  if (!mapConfigs.has(n)) {
    const layers = Array.from({ length: n }, (_, i) => ({
      id: i,
      name: `Layer ${i} ${'n'.repeat(i === 0 ? 100_000 : 10)}`,
      from: 1000 + 2 * i,
      to: 1001 + 2 * i,
    }));
    mapConfigs.set(n, JSON.stringify({ layers, mapobjects: { bones: true } }));
  }
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(mapConfigs.get(n));
}

const DEEP = 1_000_000;
const KEYS = 4_000_000;
/** One object of 4,000,000 distinct keys (48 MB): V8 keeps each key as a string and a dictionary entry. */
function manyKeys(res: http.ServerResponse): void {
  const parts: string[] = [];
  for (let i = 0; i < KEYS; i++) parts.push(`"k${i}":1`);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(`{"batchcomplete":true,"query":{${parts.join(',')}}}`);
}

const BYTEWISE = 20 * 1024 * 1024;
/** 20 MB of JSON as one HTTP chunk per byte (`1\r\nx\r\n`), written straight to the socket. */
function bytewise(req: http.IncomingMessage): void {
  const socket = req.socket;
  const piece = Buffer.from('1\r\nx\r\n'.repeat(1024 * 1024));
  const body = (text: string) => Buffer.from([...text].map((c) => `1\r\n${c}\r\n`).join(''));
  socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n');
  socket.write(body('{"x":"'));
  let sent = 0;
  const pump = () => {
    while (!socket.destroyed && sent < BYTEWISE) {
      sent += 1024 * 1024;
      if (!socket.write(piece)) return void socket.once('drain', pump);
    }
    if (!socket.destroyed) socket.end(Buffer.concat([body('"}'), Buffer.from('0\r\n\r\n')]));
  };
  pump();
}

export async function startHostileServer(): Promise<HostileServer> {
  const hits = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  // Headers as large as a client sends (a /grow/ continue value of megabytes), not Node's 16 KB.
  const server = http.createServer({ maxHeaderSize: 256 * 1024 * 1024 }, (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    res.on('error', () => undefined);
    const layers = /^\/layers(\d+)\/api\/config$/.exec(url.pathname);
    if (layers) return mapConfig(res, Number(layers[1]));
    switch (url.pathname) {
      case '/endless/api.php':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return stream(res);
      case '/huge/api.php':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(HUGE) });
        return stream(res, HUGE - 27);
      case '/drip/api.php': {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{');
        const timer = setInterval(() => res.write(' '), 1000);
        timers.add(timer);
        res.on('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
        return;
      }
      case '/redirect/api.php':
        res.writeHead(302, { Location: `/target/api.php${url.search}` });
        return void res.end();
      case '/cont/api.php': {
        const from = url.searchParams.get('apcontinue');
        if (from === 'endless') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return stream(res);
        }
        const page = from ? Number(from) : 0;
        const next = url.searchParams.get('endless-after') === String(page) ? 'endless' : String(page + 1);
        const title = `Page ${page} ${'y'.repeat(100 * 1024)}`;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(
          JSON.stringify({
            batchcomplete: true,
            continue: { apcontinue: next, continue: '-||' },
            query: { allpages: [{ pageid: page + 1, ns: 0, title }] },
          }),
        );
      }
      case '/loop/api.php':
      case '/cycle/api.php':
      case '/grow/api.php':
        return continuing(res, url);
      case '/numbers/api.php':
        return bigPage(res, url, '0');
      case '/objects/api.php':
        return bigPage(res, url, '{}');
      case '/bytewise/api.php':
        return bytewise(req);
      case '/deep/api.php':
        // 1,000,000 nested arrays: 2 MB that printing or merging would recurse through
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(`{"batchcomplete":true,"query":{"x":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}}`);
      case '/keys/api.php':
        return manyKeys(res);
      case '/many/api.php':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return void res.end(url.searchParams.get('action') === 'query' ? SITEINFO : manyModules(5000));
      case '/mapcreds/api/config':
        res.writeHead(302, { Location: 'http://mapuser:s3cret-pw@127.0.0.1:1/api/config' });
        return void res.end();
      case '/encodings/api.php':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip, deflate, br, gzip, deflate, br' });
        return void res.end(Buffer.alloc(64 * 1024, 'x'));
      case '/gzipbomb/api.php':
        return gzipBomb(res);
      case '/brbomb/api.php':
        return brotliBomb(res);
      case '/gzipped/api.php':
        return gzipped(req, res, url);
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('not found');
    }
  });
  const { origin, port, close } = await listenLoopback(server);
  return {
    origin,
    port,
    hits,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () => {
      for (const t of timers) clearInterval(t);
      return close();
    },
  };
}

/** What a suite set up by useHostileServer has, from its `before` on. */
export interface HostileSuite<S> {
  /** The server `start` made. */
  server: S;
  /** A temporary folder of the suite's own (files for the CLI, caches, a hosts file). */
  dir: string;
}

/**
 * The set-up the hostile suites share: before their cases the bundles are built, a loopback server is
 * started by `start` (startHostileServer, startLyingServer, …) and a temporary folder made (named from
 * `prefix`); after them both are closed and removed.
 */
export function useHostileServer<S extends { close(): Promise<void> }>(prefix: string, start: () => Promise<S>): HostileSuite<S> {
  const suite = {} as HostileSuite<S>;
  before(async () => {
    ensureBuilt();
    suite.server = await start();
    suite.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  after(async () => {
    await suite.server?.close();
    if (suite.dir) fs.rmSync(suite.dir, { recursive: true, force: true });
  });
  return suite;
}

/** The command line that runs `command args` with `hosts` bound over /etc/hosts, in a mount namespace of its own (as root). */
export function inPrivateHosts(hosts: string) {
  return (command: string, args: string[]): [string, string[]] => [
    'unshare',
    ['-m', '--propagation', 'private', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hosts, command, ...args],
  ];
}

/** Peak resident memory (VmHWM) of a process, in MB, or undefined when it has exited (Linux). */
export function peakRssMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmHWM:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used so far, in seconds, or undefined when it has exited (Linux). */
export function cpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** What a process measured by runMeasured did. */
export interface MeasuredRun {
  status: number | null;
  stdout: string;
  stderr: string;
  peakMb: number;
  seconds: number;
}

/**
 * Runs a command from the repository's root, reading its peak resident memory from /proc while it runs;
 * killed after `killAfterSeconds`. `env` is added to this process's environment; `user` runs it as another user (as root only).
 */
export function runMeasured(
  command: string,
  args: string[],
  killAfterSeconds: number,
  env: NodeJS.ProcessEnv = {},
  user?: { uid: number; gid: number },
  /** What the process reads on its standard input (piped; nothing when absent). */
  feed?: (stdin: NodeJS.WritableStream) => void,
): Promise<MeasuredRun> {
  return new Promise((resolve) => {
    const started = Date.now();
    const stdio = [feed ? 'pipe' : 'ignore', 'pipe', 'pipe'] as const;
    const child = spawn(command, args, { cwd: ROOT, stdio: [...stdio], env: { ...process.env, ...env }, ...user });
    if (feed) {
      child.stdin!.on('error', () => undefined); // the process may stop reading early
      feed(child.stdin!);
    }
    let stdout = '';
    let stderr = '';
    let peakMb = 0;
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const sample = setInterval(() => (peakMb = Math.max(peakMb, peakRssMb(child.pid!) ?? 0)), 20);
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterSeconds * 1000);
    child.on('close', (status) => {
      clearInterval(sample);
      clearTimeout(killer);
      resolve({ status, stdout, stderr, peakMb, seconds: (Date.now() - started) / 1000 });
    });
  });
}
