/**
 * vscode-languageserver-types' namespaces made pure calls (scripts/build.js, lspTypesPurePlugin): the module exports the
 * same values, and a bundle importing one constant no longer carries the others.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('../../../scripts/build.js') as {
  bundleOptions: (production: boolean) => esbuild.BuildOptions;
  pureLspTypes: (source: string) => string;
};
const FILE = path.join(ROOT, 'node_modules/vscode-languageserver-types/lib/esm/main.js');

/** The module text evaluated as CommonJS: its exports. */
async function evaluate(contents: string): Promise<Record<string, unknown>> {
  const r = await esbuild.build({
    stdin: { contents, resolveDir: path.dirname(FILE), loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', r.outputFiles[0].text)(module, module.exports, require);
  return module.exports;
}

/** A value as text: constants as they are, functions by their source, objects member by member. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return `function ${value.toString()}`;
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return value;
}

describe('vscode-languageserver-types made tree-shakable (lspTypesPurePlugin)', () => {
  const source = fs.readFileSync(FILE, 'utf8');

  it('exports the same names with the same members, constants and functions', async () => {
    const [before, after] = await Promise.all([evaluate(source), evaluate(build.pureLspTypes(source))]);
    assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort());
    assert.ok(Object.keys(before).length > 80);
    for (const name of Object.keys(before)) assert.deepEqual(shape(after[name]), shape(before[name]), name);
    // Functions that read other namespaces still work.
    const Range = after.Range as { create(a: number, b: number, c: number, d: number): unknown; is(v: unknown): boolean };
    assert.ok(Range.is(Range.create(0, 1, 2, 3)));
  });

  it('a bundle importing one namespace carries only it (and what it reads)', async () => {
    const r = await esbuild.build({
      ...build.bundleOptions(true),
      absWorkingDir: ROOT,
      sourcemap: false,
      metafile: false,
      stdin: { contents: "import { MarkupKind } from 'vscode-languageserver-types'; console.log(MarkupKind.Markdown);", resolveDir: ROOT },
      write: false,
    });
    const text = r.outputFiles[0].text;
    assert.ok(text.length < 2000, `${text.length} characters`);
    assert.ok(text.includes('markdown'));
    assert.ok(!text.includes('refactor.extract'), "CodeActionKind's members are left out");
  });

  it('a file of another shape fails the build, not the bundle', () => {
    assert.throws(() => build.pureLspTypes('export var A;\n(function (A) {\n    A.x = 1;\n})(A);\n'), /0 of 1 exported namespaces/);
  });
});
