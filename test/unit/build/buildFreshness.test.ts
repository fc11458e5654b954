/**
 * The suites that run bundles rebuild them when any file they are made of changed
 * (scripts/lib/buildFreshness.js): the list comes from esbuild's metafile, so a change in common/ or
 * run/ counts as much as one in server/src/.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const freshness = require('../../../scripts/lib/buildFreshness.js') as {
  BUILD_INPUTS: string;
  buildInputs(results: Array<{ metafile?: { inputs: Record<string, unknown>; outputs: Record<string, unknown> } }>): {
    outputs: string[];
    inputs: string[];
  };
  staleReason(root: string): string | undefined;
};

/** A repository of its own: two outputs, three inputs, the files every build reads. */
function fakeRepository(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-fresh-'));
  const files = [
    'common/a.ts',
    'run/b.ts',
    'server/src/c.ts',
    'scripts/build.js',
    'package.json',
    'package-lock.json',
    'descriptors/d.json',
  ];
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), '');
  }
  const list = freshness.buildInputs([
    { metafile: { inputs: { 'common/a.ts': {}, 'server/src/c.ts': {} }, outputs: { 'dist/server.js': {}, 'dist/server.js.map': {} } } },
    { metafile: { inputs: { 'run/b.ts': {}, 'wikimap-query:package-files': {} }, outputs: { 'dist/cli.js': {} } } },
  ]);
  fs.mkdirSync(path.join(root, 'dist'));
  for (const out of list.outputs) fs.writeFileSync(path.join(root, out), '');
  fs.writeFileSync(path.join(root, freshness.BUILD_INPUTS), JSON.stringify(list));
  // every source an hour older than the bundles
  const hourAgo = new Date(Date.now() - 3600_000);
  for (const f of files) fs.utimesSync(path.join(root, f), hourAgo, hourAgo);
  fs.utimesSync(path.join(root, 'descriptors'), hourAgo, hourAgo);
  return root;
}

const touch = (root: string, f: string) => fs.utimesSync(path.join(root, f), new Date(), new Date(Date.now() + 1000));

describe('build freshness', () => {
  let root: string;
  beforeEach(() => (root = fakeRepository()));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keeps the outputs and the real inputs of each build (no source maps, no virtual modules)', () => {
    const list = JSON.parse(fs.readFileSync(path.join(root, freshness.BUILD_INPUTS), 'utf8'));
    assert.deepEqual(list, { outputs: ['dist/cli.js', 'dist/server.js'], inputs: ['common/a.ts', 'run/b.ts', 'server/src/c.ts'] });
    assert.equal(freshness.staleReason(root), undefined);
  });

  const cases: Array<[string, (root: string) => void, RegExp]> = [
    ['a shared file in common/ changed', (r) => touch(r, 'common/a.ts'), /common\/a\.ts changed after the last build/],
    ['the run code changed', (r) => touch(r, 'run/b.ts'), /run\/b\.ts changed/],
    ['the lock file changed', (r) => touch(r, 'package-lock.json'), /package-lock\.json changed/],
    ['a descriptor changed (the web worker carries them)', (r) => touch(r, 'descriptors/d.json'), /descriptors\/ changed/],
    ['an input was deleted', (r) => fs.rmSync(path.join(r, 'server/src/c.ts')), /server\/src\/c\.ts, an input of the last build, is gone/],
    ['an output is missing', (r) => fs.rmSync(path.join(r, 'dist/cli.js')), /dist\/cli\.js is missing/],
    ['never built with the list', (r) => fs.rmSync(path.join(r, freshness.BUILD_INPUTS)), /build-inputs\.json is missing/],
  ];
  for (const [name, change, reason] of cases)
    it(`rebuilds when ${name}`, () => {
      change(root);
      assert.match(freshness.staleReason(root) ?? 'fresh', reason);
    });

  it("the real bundles' lists name their shared code: common/ and run/ as much as server/src/", async function () {
    this.timeout(60000);
    const root = path.join(__dirname, '..', '..', '..');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { bundleOptions } = require('../../../scripts/build.js') as { bundleOptions: (production: boolean) => esbuild.BuildOptions };
    const build = (main: string, outfile: string) => esbuild.build({ ...bundleOptions(false), entryPoints: [main], outfile, write: false });
    const [server, cli] = await Promise.all([
      build('server/src/node/serverMain.ts', 'dist/server.core.js'),
      build('server/src/node/cliMain.ts', 'dist/cli.core.js'),
    ]);
    const inputs = (r: esbuild.BuildResult) => freshness.buildInputs([r as never]).inputs;
    for (const dir of ['common/', 'server/src/service/', 'node_modules/'])
      assert.ok(
        inputs(server).some((f) => f.startsWith(dir)),
        `${dir} is an input of the server bundle`,
      );
    assert.ok(
      inputs(cli).some((f) => f.startsWith('run/')),
      'run/ is an input of the CLI bundle',
    );
    assert.deepEqual(freshness.buildInputs([server as never, cli as never]).outputs, ['dist/cli.core.js', 'dist/server.core.js']);
    assert.ok(
      inputs(cli).every((f) => fs.existsSync(path.join(root, f))),
      'every input is a file of the repository',
    );
  });
});
