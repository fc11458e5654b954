#!/usr/bin/env node
// `npm run bench` entry: see runBench.ts. The benchmark is bundled with esbuild like the shipped
// server (same options as scripts/build.js), so it measures the code users run, not a
// transpile-on-load version of it.
'use strict';
const esbuild = require('esbuild');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { bundleOptions } = require('../scripts/build.js');

const root = path.join(__dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-bench-'));
const outfile = path.join(dir, 'runBench.js');
try {
  esbuild.buildSync({
    ...bundleOptions(false),
    sourcemap: false,
    entryPoints: [path.join(__dirname, 'runBench.ts')],
    outfile,
    // esbuild (for the size rows) is loaded from the project; the peer is bundled like our code
    external: ['vscode', 'esbuild'],
    nodePaths: [path.join(root, 'node_modules')],
  });
  const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, WIKIMAP_BENCH_ROOT: root, NODE_PATH: path.join(root, 'node_modules') },
  });
  process.exitCode = r.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
