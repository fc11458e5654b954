/**
 * The bundles carry the settings table (common/settings.ts) without its descriptions, which only the
 * generated docs read (scripts/lib/settingsDocsStrip.js): what the table means at run time is unchanged,
 * the description texts are not in the server's or the client's bundle, and no code that runs reads them.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import * as esbuild from 'esbuild';
import { SETTINGS, settingSpec } from '../../../common/settings';

const ROOT = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('../../../scripts/build.js') as { bundleOptions: (production: boolean) => esbuild.BuildOptions };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const strip = require('../../../scripts/lib/settingsDocsStrip.js') as { DOC_PROPERTIES: ReadonlySet<string> };

/** A bundle of `entry` as the release build makes it, as text. */
async function bundled(entry: string, production = true): Promise<string> {
  const r = await esbuild.build({
    ...build.bundleOptions(production),
    absWorkingDir: ROOT,
    entryPoints: [entry],
    external: ['vscode'],
    write: false,
  });
  return r.outputFiles![0].text;
}

/** A copy of a value without the documentation properties, at any depth. */
function withoutDocs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDocs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !strip.DOC_PROPERTIES.has(k))
      .map(([k, v]) => [k, withoutDocs(v)]),
  );
}

/** The `.ts` files of a folder, recursively. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((e) => (e.isFile() && e.name.endsWith('.ts') ? [path.join(e.parentPath, e.name)] : []));
}

describe('settings table bundled without its descriptions', () => {
  it('the bundled table is the source table less the description properties, and says the same at run time', async function () {
    this.timeout(60000);
    for (const production of [false, true]) {
      const text = await bundled('common/settings.ts', production);
      const module = { exports: {} as { SETTINGS?: unknown } };
      vm.runInNewContext(text, { module, exports: module.exports, require });
      assert.deepEqual(structuredClone(module.exports.SETTINGS), withoutDocs(SETTINGS), production ? 'release build' : 'development build');
    }
    // The source still describes every setting (the generated package.json and README read it).
    assert.ok(SETTINGS.every((s) => s.markdownDescription && s.readme));
  });

  it('the server, CLI and client bundles hold every setting key and none of the descriptions', async function () {
    this.timeout(60000);
    const spec = settingSpec('wiki.apiUrl');
    for (const entry of ['server/src/node/serverMain.ts', 'server/src/node/cliMain.ts', 'client/src/extension.ts']) {
      const text = await bundled(entry);
      for (const s of SETTINGS) {
        if (s.readBy === (entry.startsWith('client') ? 'server' : 'client')) continue;
        assert.ok(text.includes(JSON.stringify(s.key)), `${entry}: ${s.key}`);
      }
      for (const s of SETTINGS) assert.ok(!text.includes(s.readme.slice(0, 40)), `${entry} holds the description of ${s.key}`);
      assert.ok(!text.includes(spec.markdownDescription.slice(0, 40)), entry);
    }
  });

  it('no code that runs reads a description property', () => {
    const runtime = ['server/src', 'client/src', 'run', 'common'].flatMap((d) => sources(path.join(ROOT, d)));
    assert.ok(runtime.length > 100);
    const reads = new RegExp(`[.?]\\s*(${[...strip.DOC_PROPERTIES].join('|')})\\b|\\[\\s*['"](${[...strip.DOC_PROPERTIES].join('|')})['"]`);
    const found = runtime.filter((f) => !f.endsWith('.test.ts') && reads.test(fs.readFileSync(f, 'utf8')));
    assert.deepEqual(
      found.map((f) => path.relative(ROOT, f)),
      [],
    );
  });
});
