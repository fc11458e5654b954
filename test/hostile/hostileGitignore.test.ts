/**
 * `check DIR` with a `.gitignore` written to make its matcher backtrack (issue 25, the hostile pass):
 * thirty patterns `*a*b` … `*a*a…*a*b` against files of 200-character names of `a`s. As regular
 * expressions they took the CLI past two minutes; the linear matcher answers at once, and the files
 * are still checked. A .gitignore of a million lines is not read, and past 5,000 patterns in all the
 * rest is not applied; each said. Peak memory (VmHWM from /proc) and time bounded.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { runMeasured } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';

const MAX_SECONDS = 60;

describe('check DIR with a .gitignore of backtracking patterns', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  const dir = suiteFolder('wmq-gitignore-');

  it('thirty many-star patterns, long names: the files checked, bounded', async () => {
    const root = path.join(dir(), 'tree');
    fs.mkdirSync(root);
    const patterns = Array.from({ length: 30 }, (_, i) => `${'*a'.repeat(i + 1)}*b`);
    fs.writeFileSync(path.join(root, '.gitignore'), `${patterns.join('\n')}\n`);
    for (let i = 0; i < 5; i++)
      fs.writeFileSync(path.join(root, `${'a'.repeat(200)}${i}.wikiquery`), 'action=query&list=allpages&aplimt=5\n');
    const run = await runMeasured(process.execPath, [CLI, 'check', root], MAX_SECONDS);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.split('\n').filter((l) => / unrecognizedparams /.test(l)).length, 5, run.stdout);
    assert.ok(run.peakMb < 300, `peak RSS ${run.peakMb.toFixed(0)} MB`);
    assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
  });

  // A million lines once took the CLI to 1.6 GB and 28 s on 51 files: every path is matched against every pattern.
  const HUGE: Array<[string, number, RegExp]> = [
    [
      'a million lines (18 MB): not read',
      1_000_000,
      /\.gitignore: \d{8} bytes, more than the 4194304 read: not read; the files it would ignore are checked\./,
    ],
    [
      '150,000 patterns (2.5 MB): the first 5,000 applied',
      150_000,
      /\.gitignore: more than the 5000 patterns applied in all: the rest not applied; the files it would ignore are checked\./,
    ],
  ];
  for (const [what, lines, message] of HUGE)
    it(`a .gitignore of ${what}, said; the files checked, bounded`, async () => {
      const root = path.join(dir(), `huge${lines}`);
      fs.mkdirSync(root);
      const patterns = Array.from({ length: lines }, (_, i) => (i % 2 ? `*a*b*c${i}` : `p${i}/**/*.tmp${i}`));
      // the last pattern would ignore every query file, were it applied
      fs.writeFileSync(path.join(root, '.gitignore'), `${patterns.join('\n')}\n*.wikiquery\n`);
      for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(root, `q${i}.wikiquery`), 'action=query&list=allpages&aplimt=5\n');
      const run = await runMeasured(process.execPath, [CLI, 'check', root], MAX_SECONDS);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stderr, message);
      assert.equal(run.stdout.split('\n').filter((l) => / unrecognizedparams /.test(l)).length, 50, run.stdout);
      assert.ok(run.peakMb < 300, `peak RSS ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
    });
});
