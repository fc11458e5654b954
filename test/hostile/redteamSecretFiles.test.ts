/**
 * Secret files that are not a line (issue 25, "hostile inputs you have not seen"): `--oauth-token-file` and
 * `--bot-password-file` naming `/dev/zero`, `/dev/urandom` or a 50 MB file, through `run`, `check --catalogue`
 * and `catalogue save`. Each is refused at once (exit 2) with what is wrong, before anything is sent, in bounded
 * memory.
 *
 * Found: the file was read whole, so `/dev/zero` grew the CLI past 1 GB and never ended, and a 50 MB token went
 * into an Authorization header (the wiki broke the connection: "could not be reached (EPIPE)").
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI } from '../protocol/lspClient';
import { runMeasured, type MeasuredRun } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';
import { listenLoopback, type Loopback } from '../support/loopbackServer';

const MAX_PEAK_MB = 200;
const MAX_SECONDS = 30;
/** Nothing listens there: a secret that passed would end in "could not be reached", not in the refusal. */
const WIKI = 'http://127.0.0.1:1/api.php';

function assertRefused(run: MeasuredRun, file: string, what: string): void {
  assert.equal(run.status, 2, run.stderr.slice(0, 2000));
  assert.match(
    run.stderr,
    new RegExp(`cannot read the ${what} file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(it holds more than 65536 bytes\\)`),
  );
  assert.doesNotMatch(run.stderr, /could not be reached|cannot reach|ECONNREFUSED/);
  assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

describe('redteam: secret files that are not a line', function () {
  this.timeout(MAX_SECONDS * 4 * 1000);
  const dir = suiteFolder('wmq-redteam-secrets-');
  const query = () => {
    const file = path.join(dir(), 'q.wikiquery');
    fs.writeFileSync(file, 'action=query&list=allpages\n');
    return file;
  };
  const big = () => {
    const file = path.join(dir(), 'big-token');
    fs.writeFileSync(file, Buffer.alloc(50 * 1024 * 1024, 'a'));
    return file;
  };
  const cli = (args: string[]) =>
    runMeasured(process.execPath, [CLI, ...args], MAX_SECONDS * 2, { XDG_CACHE_HOME: path.join(dir(), 'cache') });

  for (const [name, file] of [
    ['/dev/zero', () => '/dev/zero'],
    ['/dev/urandom', () => '/dev/urandom'],
    ['a 50 MB file', big],
  ] as const) {
    it(`run --oauth-token-file ${name}: refused at once (exit 2), bounded`, async () => {
      const f = file();
      assertRefused(await cli(['run', '--api-url', WIKI, '--oauth-token-file', f, query()]), f, 'OAuth token');
    });
  }

  it('check --catalogue URL --bot-password-file /dev/zero: refused at once (exit 2), bounded', async () => {
    assertRefused(
      await cli(['check', '--catalogue', WIKI, '--bot-user', 'Admin@bot', '--bot-password-file', '/dev/zero', query()]),
      '/dev/zero',
      'bot password',
    );
  });

  it('catalogue save URL --oauth-token-file /dev/urandom: refused at once (exit 2), nothing written, bounded', async () => {
    const out = path.join(dir(), 'saved.json');
    assertRefused(await cli(['catalogue', 'save', WIKI, '-o', out, '--oauth-token-file', '/dev/urandom']), '/dev/urandom', 'OAuth token');
    assert.equal(fs.existsSync(out), false);
  });
});

/**
 * A secret given through a pipe (`--oauth-token-file <(pass show wiki)`): the shell hands a FIFO, which has no size
 * and is written when the writer gets to it, so the token is read a piece at a time until the writer closes it. The
 * CLI runs asynchronously here: the writer (this process) opens the FIFO only once the CLI has opened it to read.
 */
describe('redteam: a secret read from a pipe, written in pieces', function () {
  this.timeout(MAX_SECONDS * 4 * 1000);
  const dir = suiteFolder('wmq-redteam-pipes-');
  const TOKEN = 'wmq-pipe-token-0123456789abcdefghijklmnopqrstuvwxyz';
  let wiki: Loopback;
  const seen: Array<string | undefined> = [];

  before(async () => {
    // A wiki that answers every request with an empty page list, and notes the Authorization header it got.
    const server = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ batchcomplete: true, query: { allpages: [] } }));
    });
    wiki = await listenLoopback(server);
  });
  after(async () => wiki.close());

  /** A FIFO in the suite's folder, and a writer that writes `pieces` into it with a pause between them, then closes it. */
  function fifoWriter(pieces: Buffer[]): { file: string; written: Promise<void> } {
    const file = path.join(dir(), `pipe-${pieces.length}-${Date.now()}`);
    execFileSync('mkfifo', [file]);
    const written = (async () => {
      // Opening a FIFO to write waits (in libuv's thread pool) until the CLI opens it to read.
      const handle = await fs.promises.open(file, 'w');
      try {
        for (const piece of pieces) {
          await handle.write(piece);
          await sleep(50);
        }
      } catch (err) {
        // The CLI stops reading past its cap and closes the pipe: the rest cannot be written (EPIPE).
        if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
      } finally {
        await handle.close();
      }
    })();
    return { file, written };
  }

  const query = () => {
    const file = path.join(dir(), 'q.wikiquery');
    fs.writeFileSync(file, 'action=query&list=allpages\n');
    return file;
  };
  const cli = (args: string[]) =>
    runMeasured(process.execPath, [CLI, ...args], MAX_SECONDS * 2, { XDG_CACHE_HOME: path.join(dir(), 'cache') });

  it('run --oauth-token-file FIFO: a token written in four pieces is read whole and sent as the bearer token', async () => {
    const pieces = [TOKEN.slice(0, 3), TOKEN.slice(3, 20), TOKEN.slice(20), '\n'].map((p) => Buffer.from(p));
    const { file, written } = fifoWriter(pieces);
    const from = seen.length;
    const run = await cli(['run', '--api-url', `${wiki.origin}/api.php`, '--oauth-token-file', file, query()]);
    await written;
    assert.equal(run.status, 0, run.stderr.slice(0, 2000));
    const sent = seen.slice(from);
    assert.ok(sent.length > 0, 'the wiki was asked');
    assert.deepEqual([...new Set(sent)], [`Bearer ${TOKEN}`]);
    assert.ok(!run.stdout.includes(TOKEN) && !run.stderr.includes(TOKEN), 'the token is in no output');
    assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
  });

  it('run --oauth-token-file FIFO: 1 MB written in 16 KB pieces is refused past 64 KB (exit 2), nothing sent', async () => {
    const pieces = Array.from({ length: 64 }, () => Buffer.alloc(16 * 1024, 'a'));
    const { file, written } = fifoWriter(pieces);
    const from = seen.length;
    const run = await cli(['run', '--api-url', `${wiki.origin}/api.php`, '--oauth-token-file', file, query()]);
    await written;
    assertRefused(run, file, 'OAuth token');
    assert.equal(seen.length, from, 'nothing sent');
  });

  it('run --oauth-token-file FIFO: a writer that closes without writing is an empty file, refused (exit 2), nothing sent', async () => {
    const { file, written } = fifoWriter([]);
    const from = seen.length;
    const run = await cli(['run', '--api-url', `${wiki.origin}/api.php`, '--oauth-token-file', file, query()]);
    await written;
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /the OAuth token file .* must hold the OAuth token on one line/);
    assert.equal(seen.length, from, 'nothing sent');
  });
});
