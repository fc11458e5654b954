import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import { compileCacheDir } from '../../../server/src/node/compileCache';

describe('compile cache folder (compileCacheDir)', () => {
  const home = path.resolve('/home/ada');
  const TABLE: Array<[string, NodeJS.ProcessEnv, NodeJS.Platform, string | undefined]> = [
    ['Linux: ~/.cache', {}, 'linux', path.join(home, '.cache', 'wikimap-query', 'compile-cache')],
    [
      'Linux: XDG_CACHE_HOME',
      { XDG_CACHE_HOME: path.resolve('/var/cache/ada') },
      'linux',
      path.join(path.resolve('/var/cache/ada'), 'wikimap-query', 'compile-cache'),
    ],
    [
      'Linux: a relative XDG_CACHE_HOME is ignored (the XDG rule)',
      { XDG_CACHE_HOME: 'cache' },
      'linux',
      path.join(home, '.cache', 'wikimap-query', 'compile-cache'),
    ],
    ['macOS: ~/Library/Caches', {}, 'darwin', path.join(home, 'Library', 'Caches', 'wikimap-query', 'compile-cache')],
    [
      'Windows: LOCALAPPDATA',
      { LOCALAPPDATA: path.resolve('/users/ada/local') },
      'win32',
      path.join(path.resolve('/users/ada/local'), 'wikimap-query', 'Cache', 'compile-cache'),
    ],
    ['Windows without LOCALAPPDATA', {}, 'win32', path.join(home, 'AppData', 'Local', 'wikimap-query', 'Cache', 'compile-cache')],
    [
      'WIKIMAP_QUERY_COMPILE_CACHE wins',
      { WIKIMAP_QUERY_COMPILE_CACHE: path.resolve('/tmp/c'), XDG_CACHE_HOME: path.resolve('/x') },
      'linux',
      path.resolve('/tmp/c'),
    ],
    ['WIKIMAP_QUERY_COMPILE_CACHE relative: resolved', { WIKIMAP_QUERY_COMPILE_CACHE: 'rel' }, 'linux', path.resolve('rel')],
    ['WIKIMAP_QUERY_COMPILE_CACHE=off: no cache', { WIKIMAP_QUERY_COMPILE_CACHE: 'off' }, 'linux', undefined],
    ['WIKIMAP_QUERY_COMPILE_CACHE empty: no cache', { WIKIMAP_QUERY_COMPILE_CACHE: '' }, 'darwin', undefined],
  ];
  for (const [name, env, platform, expected] of TABLE) {
    it(name, () => assert.equal(compileCacheDir(env, platform, home), expected));
  }
  it('no home folder and nothing set: no cache', () => assert.equal(compileCacheDir({}, 'linux', ''), undefined));
});
