/**
 * `wikimap-query check DIR --jobs N`: on a tree big enough for worker threads (the generated source
 * tree of the benchmark, 1% of its files holding a request), the output is the same with workers as
 * without, in JSON and text, and so is the exit status.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { writeSourceTree, type SourceTree } from '../../bench/sourceTree';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { ensureBuilt, runCli } from './lspClient';

const check = (args: string[], cwd: string) => runCli(['check', ...args], { cwd });

describe('check DIR with worker threads (CLI)', function () {
  this.timeout(300000);
  let tree: SourceTree;

  before(() => {
    ensureBuilt();
    tree = writeSourceTree(os.tmpdir(), 400, 7);
  });
  after(() => fs.rmSync(tree.dir, { recursive: true, force: true }));

  it('json: the same results with 1, 2 and 3 threads, problems found only in the files holding a request', () => {
    const one = check(['--jobs', '1', '--format', 'json', '.'], tree.dir);
    assert.equal(one.stderr, '');
    const results = JSON.parse(one.stdout) as CheckResult[];
    // problems are found, and only in files that hold a request (1 in 100)
    const files = new Set(results.map((r) => r.file));
    assert.ok(files.size > 0 && files.size <= tree.withRequests, `${files.size} files with problems of ${tree.withRequests}`);
    for (const jobs of ['2', '3']) {
      const many = check(['--jobs', jobs, '--format', 'json', '.'], tree.dir);
      assert.equal(many.status, one.status);
      assert.equal(many.stdout, one.stdout, `--jobs ${jobs}`);
    }
  });

  it('text: the same output and totals with workers as without', () => {
    for (const format of ['text']) {
      const one = check(['--jobs', '1', '--format', format, '.'], tree.dir);
      const two = check(['--jobs', '2', '--format', format, '.'], tree.dir);
      assert.equal(two.stdout, one.stdout, format);
      assert.equal(two.stderr, one.stderr, format);
      assert.equal(two.status, one.status, format);
    }
  });

  it('--jobs takes a whole number from 1 to 64', () => {
    for (const bad of ['0', 'x', '1.5', '65']) {
      const r = check(['--jobs', bad, '.'], tree.dir);
      assert.equal(r.status, 2, bad);
      assert.match(r.stderr, /--jobs takes a whole number of threads from 1 to 64/);
    }
  });
});
