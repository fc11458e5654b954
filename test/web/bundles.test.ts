/**
 * The web bundles (dist/web/) import no Node built-in: a browser has none, so one would break the
 * extension on vscode.dev at the first call. Checked on the bundles as built, beside the lint rule
 * that checks the sources (wikimap/no-node-in-web).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { isNodeBuiltin } from '../../scripts/lint/nodeBuiltins';
import { ensureWebBuilt, WEB_BUNDLES } from './webHarness';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { webOptions } = require('../../scripts/build.js') as { webOptions: (production: boolean) => esbuild.BuildOptions };

/** Every module a bundle still loads at run time: `require("…")`, `import … from "…"`, `import("…")`. */
function loadedModules(code: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
    /(?:^|[;\n])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'\n]+)["']/g,
    /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.add(m[1]);
  return [...found].sort();
}

describe('the web bundles', function () {
  this.timeout(120000);
  before(() => ensureWebBuilt());

  it('the scan finds the imports it looks for (checked on a sample)', () => {
    const sample = 'const a = require("node:fs"); import x from "path"; import("vscode"); require(`http`)';
    assert.deepEqual(loadedModules(sample), ['http', 'node:fs', 'path', 'vscode']);
    assert.deepEqual(loadedModules(sample).filter(isNodeBuiltin), ['http', 'node:fs', 'path']);
  });

  for (const bundle of WEB_BUNDLES) {
    const name = path.relative(path.join(__dirname, '..', '..'), bundle);
    const allowed = name.endsWith('client.js') ? ['vscode'] : [];
    it(`${name} loads no Node built-in (nothing at run time but ${allowed.join(', ') || 'itself'})`, () => {
      const modules = loadedModules(fs.readFileSync(bundle, 'utf8'));
      assert.deepEqual(modules.filter(isNodeBuiltin), []);
      assert.deepEqual(modules, allowed);
    });
  }

  it('the worker holds neither web-tree-sitter nor the host parsers (loaded when a source file needs them); their script does', async () => {
    // The files each bundle is made of, built with the web build's own options.
    const inputs = async (entry: string) => {
      const r = await esbuild.build({ ...webOptions(false), entryPoints: [entry], outfile: 'dist/x.js', format: 'iife', write: false });
      return Object.keys(r.metafile!.inputs);
    };
    const lazy = (f: string) => f.includes('node_modules/web-tree-sitter/') || f === 'server/src/embedded/hostParsers.ts';
    assert.deepEqual((await inputs('server/src/browser/serverWorker.ts')).filter(lazy), []);
    assert.equal((await inputs('server/src/browser/hostParsersScript.ts')).filter(lazy).length, 2);
  });

  it('the worker carries the descriptors it reads (no package folder in a browser)', () => {
    const server = fs.readFileSync(WEB_BUNDLES[1], 'utf8');
    for (const file of ['descriptors/wiki/query-modules.json', 'descriptors/wiki/api-core.json', 'descriptors/mapserver/mapobjects.json']) {
      assert.ok(server.includes(JSON.stringify(file)), `${file} is not bundled`);
    }
  });
});
