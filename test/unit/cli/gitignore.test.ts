/**
 * The `.gitignore` matcher of `check DIR` (server/src/cli/gitignore.ts): patterns of several `*` / `**`
 * go through a linear matcher, which must agree with git's rules as the regular expressions did; and
 * `*a*a*a…*b` against a long name of `a`s (minutes of backtracking as a regular expression) is answered.
 */
import assert from 'node:assert/strict';
import { GitignoreMatcher, parseGitignore } from '../../../server/src/cli/gitignore';

/** [pattern, path, is a folder, ignored] */
const CASES: Array<[string, string, boolean, boolean]> = [
  ['*.py', 'src/a.py', false, true],
  ['a*b*c', 'axxbyyc', false, true],
  ['a*b*c', 'axx/byyc', false, false],
  ['a*b*c', 'dir/axxbyyc', false, true],
  ['src/*/x*.py', 'src/lib/xa.py', false, true],
  ['src/*/x*.py', 'src/lib/deep/xa.py', false, false],
  ['src/**/*.py', 'src/a.py', false, true],
  ['src/**/*.py', 'src/a/b/c.py', false, true],
  ['src/**/*.py', 'srcx/a.py', false, false],
  ['**/build/**', 'a/b/build/c/d', false, true],
  ['**/build/**', 'a/b/builds/c', false, false],
  ['*[0-9]*.log', 'run7x.log', false, true],
  ['*[0-9]*.log', 'runx.log', false, false],
  ['*[!0-9]?.*', 'ab.c', false, true],
  ['*\\**.txt', 'a*b.txt', false, true],
  ['*\\**.txt', 'ab.txt', false, false],
  ['*a*a*a*a*b', 'aaaaab', false, true],
];

describe('.gitignore matcher', () => {
  for (const [pattern, path, dir, ignored] of CASES) {
    it(`${pattern} ${ignored ? 'ignores' : 'keeps'} ${path}`, () => {
      const m = new GitignoreMatcher();
      m.add(parseGitignore(pattern, ''));
      assert.equal(m.ignores(path, dir), ignored);
    });
  }

  it('thirty patterns of many stars against a 250-character name: answered (no backtracking)', () => {
    const m = new GitignoreMatcher();
    m.add(parseGitignore(Array.from({ length: 30 }, (_, i) => `${'*a'.repeat(i + 1)}*b`).join('\n'), ''));
    assert.equal(m.ignores('a'.repeat(250), false), false);
    assert.equal(m.ignores(`${'a'.repeat(250)}b`, false), true);
  });
});
