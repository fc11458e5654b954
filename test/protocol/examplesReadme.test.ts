/**
 * The examples' own README is prose about queries, not a query: `wikimap-query check examples/` must
 * report nothing on it (its placeholder wording once read as `api.php?…`, a query with no action).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { CLI, ensureBuilt, ROOT } from './lspClient';

describe('wikimap-query check examples/: the README of the examples', function () {
  this.timeout(30000);
  before(() => ensureBuilt());

  it('reports no problem on examples/README.md', () => {
    const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', 'examples/'], { cwd: ROOT, encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
    const problems = JSON.parse(r.stdout) as Array<{ file: string; code: string }>;
    assert.ok(problems.length > 0, 'the checker read the examples (the mistakes files have problems)');
    const inReadme = problems.filter((p) => p.file === 'examples/README.md');
    assert.deepEqual(inReadme, []);
  });
});
