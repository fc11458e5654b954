/**
 * `check DIR` and `requests DIR` on a folder an attacker laid out (issue 25, the hostile pass): link
 * loops (a folder linked into itself, two links to each other), links to `/dev/zero` and `/dev/urandom`,
 * a FIFO nobody writes to, a socket, a file and a folder that cannot be read, a path of 4,000 bytes.
 * The walk enters each real folder once, reads only regular files, reports what it cannot read as an
 * `unreadable` error and checks the rest; peak memory (VmHWM from /proc) and time bounded.
 * Unreadable entries need a user without root's override: as root the CLI runs as `nobody`.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { runMeasured, type MeasuredRun } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';

const MAX_SECONDS = 60;
const MAX_PEAK_MB = 300;
const QUERY = 'action=query&list=allpages&aplimt=5\n';
const SOURCE = 'x = "https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimt=5"\n';
/** Sixteen folders of 240 bytes and a 200-byte name: a path of about 4,000 bytes (Linux allows 4,096). */
const DEEP = [...Array.from({ length: 16 }, (_, i) => `${String(i).padStart(2, '0')}${'d'.repeat(238)}`), `${'f'.repeat(200)}.wikiquery`];

/** As root, the CLI runs as nobody (root reads files whatever their mode); otherwise as this user. */
const NOBODY = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

/**
 * The CLI as nobody can start it: the build itself when nobody can read it, else a copy of what the
 * installed package holds for the CLI (`package.json`, `descriptors/`, the Node bundles) in `into`:
 * a clone under a folder only root may enter, as a home folder, is common.
 */
function cliForNobody(into: string): string {
  if (!NOBODY || spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(CLI)})`], NOBODY).status === 0) return CLI;
  const dist = path.dirname(CLI);
  const root = path.dirname(dist);
  fs.mkdirSync(into, { mode: 0o755 });
  fs.copyFileSync(path.join(root, 'package.json'), path.join(into, 'package.json'));
  fs.cpSync(path.join(root, 'descriptors'), path.join(into, 'descriptors'), { recursive: true });
  fs.cpSync(dist, path.join(into, 'dist'), {
    recursive: true,
    filter: (from) => !from.endsWith('.map') && from !== path.join(dist, 'web'),
  });
  return path.join(into, 'dist', path.basename(CLI));
}

function lay(root: string): net.Server {
  fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(root, 'good.wikiquery'), QUERY);
  fs.writeFileSync(path.join(root, 'good.py'), SOURCE);
  fs.symlinkSync('..', path.join(root, 'sub', 'loop'));
  fs.symlinkSync(root, path.join(root, 'sub', 'absolute-loop'));
  fs.symlinkSync('loopB.wikiquery', path.join(root, 'loopA.wikiquery'));
  fs.symlinkSync('loopA.wikiquery', path.join(root, 'loopB.wikiquery'));
  fs.symlinkSync('/dev/zero', path.join(root, 'zero.wikiquery'));
  fs.symlinkSync('/dev/urandom', path.join(root, 'random.py'));
  assert.equal(spawnSync('mkfifo', [path.join(root, 'fifo.wikiquery')]).status, 0, 'mkfifo');
  const deep = path.join(root, ...DEEP);
  fs.mkdirSync(path.dirname(deep), { recursive: true });
  fs.writeFileSync(deep, QUERY);
  fs.writeFileSync(path.join(root, 'unreadable.wikiquery'), QUERY, { mode: 0o000 });
  fs.writeFileSync(path.join(root, 'unreadable.py'), SOURCE, { mode: 0o000 });
  fs.mkdirSync(path.join(root, 'closed'));
  fs.writeFileSync(path.join(root, 'closed', 'hidden.wikiquery'), QUERY);
  fs.chmodSync(path.join(root, 'closed'), 0o000);
  fs.chmodSync(root, 0o755);
  const socket = net.createServer();
  socket.listen(path.join(root, 'socket.wikiquery'));
  return socket;
}

function lines(run: MeasuredRun, pattern: RegExp): string[] {
  return run.stdout.split('\n').filter((l) => pattern.test(l));
}

function assertBounded(run: MeasuredRun): void {
  assert.ok(run.peakMb < MAX_PEAK_MB, `peak RSS ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
  assert.doesNotMatch(run.stdout + run.stderr, /checkfailed|RangeError|ELOOP|ENAMETOOLONG|at .*\.js:\d+/);
}

describe('check DIR and requests DIR on a hostile folder', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  let root = '';
  let socket: net.Server | undefined;
  let cli = CLI;
  // before the suite's folder is removed (hooks run in the order written): the closed folder opened again
  after(() => {
    socket?.close();
    if (root) fs.chmodSync(path.join(root, 'closed'), 0o755);
  });
  const dir = suiteFolder('wmq-folders-');
  before(function () {
    root = path.join(dir(), 'tree');
    fs.mkdirSync(root);
    fs.chmodSync(dir(), 0o755);
    socket = lay(root);
    cli = cliForNobody(path.join(dir(), 'build'));
  });
  it('check: every real file once, links to devices and FIFOs skipped, what cannot be read said (exit 1)', async () => {
    const run = await runMeasured(process.execPath, [cli, 'check', root], MAX_SECONDS, {}, NOBODY);
    assert.equal(run.status, 1, run.stderr);
    const found = lines(run, / unrecognizedparams /);
    // good.wikiquery, good.py and the deep file, each once: neither loop is walked twice
    assert.equal(found.length, 3, run.stdout);
    assert.equal(lines(run, /good\.wikiquery:/).length, 1, run.stdout);
    assert.equal(lines(run, new RegExp(`${DEEP.join('/')}:1:28 warning unrecognizedparams`)).length, 1);
    const unreadable = lines(run, / error unreadable This could not be read \(EACCES\): it is not checked\. The other files are\./);
    assert.deepEqual(unreadable.map((l) => path.basename(l.split(':')[0])).sort(), ['closed', 'unreadable.py', 'unreadable.wikiquery']);
    assert.doesNotMatch(run.stdout, /zero|random|fifo|socket|loopA|hidden/);
    assert.match(run.stderr, /6 problems \(3 errors\) in 6 of 6 files/);
    assertBounded(run);
  });

  it('requests: lists what it can read, says what it cannot (exit 0)', async () => {
    const run = await runMeasured(process.execPath, [cli, 'requests', root], MAX_SECONDS, {}, NOBODY);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /list=allpages\s+1\s+1\s+aplimt/);
    assert.match(run.stderr, /cannot read \S+unreadable\.py \(EACCES\): not listed/);
    assert.match(run.stderr, /cannot read \S+closed \(EACCES\): not listed/);
    assert.match(run.stderr, /1 request in 1 of 1 source files \(2 could not be read\)/);
    assertBounded(run);
  });

  for (const name of ['fifo.wikiquery', 'zero.wikiquery', 'socket.wikiquery']) {
    it(`check ${name} named: refused at once as not a regular file (exit 2)`, async () => {
      const run = await runMeasured(process.execPath, [CLI, 'check', path.join(root, name)], MAX_SECONDS);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /not a regular file or a folder \(a FIFO, a device or a socket is not read\)/);
      assertBounded(run);
    });
  }

  for (const name of ['fifo.wikiquery', 'zero.wikiquery']) {
    it(`check --map-config ${name}: refused at once, not read (exit 2)`, async () => {
      const run = await runMeasured(
        process.execPath,
        [CLI, 'check', '--map-config', path.join(root, name), path.join(root, 'good.wikiquery')],
        MAX_SECONDS,
      );
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /cannot use the map config \S+: it is not a regular file \(a FIFO, a device or a socket is not read\)/);
      assertBounded(run);
    });
  }
});
