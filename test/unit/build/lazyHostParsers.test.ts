/**
 * The server's host parsers (web-tree-sitter and the syntax-tree finder) are a bundle of their own,
 * loaded when the first source file needs them (server/src/node/lazyHostFinder.ts): the server's main
 * bundle does not carry them, and a text that can hold no request does not load them.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { lazyHostFinder } from '../../../server/src/node/lazyHostFinder';
import * as hostParsers from '../../../server/src/embedded/hostParsers';
import { hostLanguageOf } from '../../../server/src/service/embedded/hostLanguages';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';

const ROOT = path.join(__dirname, '..', '..', '..');
const python = hostLanguageOf('python', 'file:///a.py')!;
const REQUEST = "import requests\nrequests.get('https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimit=9999')\n";

/** A lazy finder over the real parsers, counting the loads. */
function counted() {
  const loads = { n: 0 };
  const finder = lazyHostFinder(createPackageFiles(), () => {
    loads.n++;
    return hostParsers;
  });
  return { finder, loads };
}

describe('host parsers loaded on first use', () => {
  it('the main server bundle holds neither web-tree-sitter nor the host parsers; their own bundle does', async function () {
    this.timeout(60000);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const build = require('../../../scripts/build.js') as { bundleOptions: (production: boolean) => esbuild.BuildOptions };
    const bundle = (entry: string) =>
      esbuild.build({ ...build.bundleOptions(false), absWorkingDir: ROOT, entryPoints: [entry], outfile: 'dist/x.js', write: false });
    const [main, parsers] = await Promise.all([bundle('server/src/node/serverMain.ts'), bundle('server/src/embedded/hostParsers.ts')]);
    const inputs = (r: esbuild.BuildResult) => Object.keys(r.metafile!.inputs);
    const lazy = (f: string) => f.includes('node_modules/web-tree-sitter/') || f === 'server/src/embedded/hostParsers.ts';
    assert.deepEqual(inputs(main).filter(lazy), []);
    assert.equal(inputs(parsers).filter(lazy).length, 2);
  });

  it('a text that can hold no request is answered without loading them', () => {
    const { finder, loads } = counted();
    assert.deepEqual(finder.findLoaded('print("hello")\n', python), []);
    assert.equal(loads.n, 0);
  });

  it('the first request-like text loads them once; the grammar then loads as before', async function () {
    this.timeout(30000);
    const { finder, loads } = counted();
    assert.equal(finder.findLoaded(REQUEST, python), undefined, 'undefined while the grammar is not loaded');
    await finder.prepare(python);
    const found = finder.findLoaded(REQUEST, python)!;
    assert.equal(loads.n, 1);
    assert.equal(found.length, 1);
    assert.deepEqual(found, await new hostParsers.HostParsers(createPackageFiles()).find(REQUEST, python));
  });

  it('parsers that cannot be loaded: prepare rejects with the reason, texts are read by the lexer, no second try', async () => {
    let tries = 0;
    const finder = lazyHostFinder(createPackageFiles(), () => {
      tries++;
      throw new Error('no such file');
    });
    await assert.rejects(finder.prepare(python), /no such file/);
    const found = finder.findLoaded(REQUEST, python)!;
    assert.equal(found.length, 1, 'the URL literal is still found');
    await assert.rejects(finder.prepare(python), /no such file/);
    assert.equal(tries, 1);
  });
});
