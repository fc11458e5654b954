#!/usr/bin/env node
// `npm run bench` entry: see runBench.ts. The benchmark is bundled with esbuild like the shipped
// server (same options as scripts/build.js), so it measures the code users run, not a
// transpile-on-load version of it. The server-process rows (start-up, stdio, memory) run the
// release build of the server (minified, as packaged), made here in a temporary package folder
// that links to the project's package.json and descriptors/.
'use strict';
const esbuild = require('esbuild');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { bundleOptions, launcherBuilds, copyGrammars } = require('../scripts/build.js');
const { writeRuntimeData } = require('../scripts/lib/runtimeData.js');

const root = path.join(__dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-bench-'));
const outfile = path.join(dir, 'runBench.js');
// esbuild's asynchronous API (works whatever the shared build options carry).
async function main() {
  await esbuild.build({
    ...bundleOptions(false),
    sourcemap: false,
    entryPoints: [path.join(__dirname, 'runBench.ts')],
    outfile,
    // esbuild (for the size rows) is loaded from the project; the peer is bundled like our code
    external: ['vscode', 'esbuild', 'playwright-core'],
    nodePaths: [path.join(root, 'node_modules')],
    // The build script is required as it is, from the project: bundled, its require.resolve of
    // 'web-tree-sitter/…' would go through the build's own alias of 'web-tree-sitter'.
    plugins: [
      {
        name: 'build-script-as-is',
        setup(build) {
          build.onResolve({ filter: /scripts[\\/]build\.js$/ }, () => ({ path: path.join(root, 'scripts', 'build.js'), external: true }));
        },
      },
    ],
  });
  const release = path.join(dir, 'release');
  fs.mkdirSync(path.join(release, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(root, 'package.json'), path.join(release, 'package.json'));
  fs.symlinkSync(path.join(root, 'descriptors'), path.join(release, 'descriptors'), 'dir');
  const server = path.join(release, 'dist', 'server.js');
  // The launcher and the bundle it runs, as scripts/build.js makes them.
  await Promise.all(launcherBuilds(bundleOptions(true), path.join(release, 'dist')));
  copyGrammars(path.join(release, 'dist'));
  // The data as the bundles read it (dist/descriptors/), as scripts/build.js writes it.
  writeRuntimeData(root, path.join(release, 'dist'));
  const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      WIKIMAP_BENCH_ROOT: root,
      WIKIMAP_BENCH_SERVER: server,
      WIKIMAP_BENCH_DATA: path.join(release, 'dist'),
      NODE_PATH: path.join(root, 'node_modules'),
      // The server's V8 code cache (server/src/node/compileCache.ts) in a folder of this run (`off`: without).
      WIKIMAP_QUERY_COMPILE_CACHE: process.env.WIKIMAP_QUERY_COMPILE_CACHE ?? path.join(dir, 'compile-cache'),
    },
  });
  process.exitCode = r.status ?? 1;
}
main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
