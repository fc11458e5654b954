/**
 * `check --baseline FILE` given what no `--format json` run writes (issue 25, the hostile pass): 300 MB
 * of `[` once took the CLI to 21 GB and minutes (V8's JSON.parse of deep nesting); a FIFO or a device
 * would block or never end. Each is refused at once with a message naming the baseline (exit 2), peak
 * memory (VmHWM from /proc) and time bounded; a real baseline still excuses its problems.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { runMeasured } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';

const MAX_SECONDS = 60;
const MAX_PEAK_MB = 300;
const QUERY = 'action=query&list=allpages&aplimt=5\n';

interface Case {
  what: string;
  /** Writes the baseline into `dir` and returns its path. */
  make: (dir: string) => string;
  message: RegExp;
}

const CASES: Case[] = [
  {
    what: '70 MB (over the 64 MB read)',
    make: (dir) => write(dir, 'big.json', Buffer.alloc(70 * 1024 * 1024, '[')),
    message: /cannot read the baseline .*big\.json: it has 73400320 bytes, more than the 67108864 read/,
  },
  {
    what: '10 MB of `[` (nested ten million deep)',
    make: (dir) => write(dir, 'deep.json', Buffer.alloc(10 * 1024 * 1024, '[')),
    message: /the baseline nests deeper than 16 levels: it is not a result list/,
  },
  {
    what: 'deep nesting hidden after a valid entry',
    make: (dir) => write(dir, 'hidden.json', `[{"file":"a","code":"x","message":"[[["},${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}]`),
    message: /the baseline nests deeper than 16 levels/,
  },
  {
    what: 'a FIFO nobody writes to',
    make: (dir) => {
      const fifo = path.join(dir, 'fifo.json');
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
      return fifo;
    },
    message: /cannot read the baseline .*fifo\.json: it is not a regular file/,
  },
  {
    what: 'a folder',
    make: (dir) => {
      const sub = path.join(dir, 'folder.json');
      fs.mkdirSync(sub);
      return sub;
    },
    message: /cannot read the baseline .*folder\.json: it is a folder/,
  },
];

function write(dir: string, name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

describe('check --baseline with hostile baselines', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  const dir = suiteFolder('wmq-baseline-');

  for (const c of CASES) {
    it(`${c.what}: refused at once (exit 2), bounded`, async () => {
      const query = write(dir(), 'q.wikiquery', QUERY);
      const run = await runMeasured(process.execPath, [CLI, 'check', '--baseline', c.make(dir()), query], MAX_SECONDS);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, c.message);
      assert.ok(run.peakMb < MAX_PEAK_MB, `peak RSS ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
    });
  }

  it('a real baseline still excuses its problem', async () => {
    const query = write(dir(), 'real.wikiquery', QUERY);
    const first = await runMeasured(process.execPath, [CLI, 'check', '--format', 'json', query], MAX_SECONDS);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /aplimt/);
    const baseline = write(dir(), 'real-baseline.json', first.stdout);
    const again = await runMeasured(process.execPath, [CLI, 'check', '--baseline', baseline, query], MAX_SECONDS);
    assert.equal(again.status, 0, again.stderr);
    assert.doesNotMatch(again.stdout, /aplimt/);
  });
});
