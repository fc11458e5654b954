/**
 * `.wikimapquery.json`: where it is looked for, and what of it is taken (server/src/repoConfig.ts).
 * The checker and the server reading the same file the same way: test/protocol/repoConfig.test.ts.
 */
import assert from 'node:assert/strict';
import { findRepoConfig, loadRepoConfig, parseRepoConfig, type RepoConfigFiles } from '../../../server/src/repoConfig';

/** An in-memory tree: paths of files (text) and of folders (`null`). */
function tree(entries: Record<string, string | null>): RepoConfigFiles {
  return {
    kind: (p) => (p in entries ? (entries[p] === null ? 'directory' : 'file') : undefined),
    readFile: (p) => entries[p] ?? '',
    join: (...parts) => parts.join('/').replace(/\/+/g, '/'),
  };
}

describe('the repository config file', () => {
  /** [files, the folder looked from, the file found] */
  const FIND: Array<[string, Record<string, string | null>, string, string | undefined]> = [
    ['in the folder itself', { '/r/.git': null, '/r/a/.wikimapquery.json': '{}' }, '/r/a', '/r/a/.wikimapquery.json'],
    ['two folders up, at the repository top', { '/r/.git': null, '/r/.wikimapquery.json': '{}' }, '/r/a/b', '/r/.wikimapquery.json'],
    ['not above the repository top', { '/r/.git': null, '/.wikimapquery.json': '{}' }, '/r/a', undefined],
    ['up to the file-system top outside a repository', { '/.wikimapquery.json': '{}' }, '/x/y', '/.wikimapquery.json'],
    ['the nearest of two', { '/r/.wikimapquery.json': '{}', '/r/a/.wikimapquery.json': '{}' }, '/r/a/b', '/r/a/.wikimapquery.json'],
  ];
  for (const [name, files, from, found] of FIND) {
    it(`is found ${name}`, () => assert.equal(findRepoConfig(from, tree(files)), found));
  }

  /** [file text, the settings taken, what is said (one pattern per problem)] */
  const PARSE: Array<[string, Record<string, unknown>, RegExp[]]> = [
    ['{ "diagnostics": { "severity": { "deprecation": "off" } } }', { 'diagnostics.severity': { deprecation: 'off' } }, []],
    ['{ "$schema": "x", "wiki.highLimits": true, // a comment\n }', { 'wiki.highLimits': true }, []],
    [
      '{ "wikis": { "w": "https://w.example/api.php" }, "mapserver.url": "http://127.0.0.1:8080" }',
      { wikis: { w: 'https://w.example/api.php' }, 'mapserver.url': 'http://127.0.0.1:8080' },
      [],
    ],
    ['{ "wiki.approvedCatalogues": ["https://a.example"] }', {}, [/is a user setting: a repository cannot set it/]],
    ['{ "contentDb.clientId": "x" }', {}, [/is an editor setting/]],
    ['{ "wikimapQuery": { "wiki.highLimits": true } }', {}, [/without the "wikimapQuery\." prefix/]],
    ['{ "diagnostics.delay": "soon", "x": 1 }', {}, [/diagnostics\.delay must be a number/, /x is not a setting/]],
    ['[1]', {}, [/must hold a JSON object of settings/]],
    ['{ "a": }', {}, [/not valid JSON \(ValueExpected at line 1, column 8\)/]],
  ];
  for (const [text, taken, said] of PARSE) {
    it(`takes ${JSON.stringify(taken)} from ${text.replace(/\n/g, ' ')}`, () => {
      const config = parseRepoConfig(text, 'r/.wikimapquery.json');
      assert.deepEqual(Object.fromEntries(config.values), taken);
      assert.equal(config.problems.length, said.length, config.problems.join('\n'));
      said.forEach((pattern, i) => assert.match(config.problems[i], pattern));
      for (const problem of config.problems) assert.ok(problem.startsWith('r/.wikimapquery.json: '), problem);
    });
  }

  it('is not even read when the host says it is huge', () => {
    const files = { ...tree({ '/r/.wikimapquery.json': '' }), size: () => 5e9, readFile: () => assert.fail('read') };
    assert.match(loadRepoConfig('/r', files)!.problems.join(''), /larger than 256 KB/);
  });

  it('is not read past 256 KB', () => {
    const config = parseRepoConfig(`{ "x": "${'a'.repeat(300 * 1024)}" }`, 'f');
    assert.match(config.problems.join(''), /larger than 256 KB/);
    assert.equal(config.values.size, 0);
  });
});
