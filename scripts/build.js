#!/usr/bin/env node
// Builds the two bundles the extension ships (client, server) plus the CLI.
// `vscode` stays external; descriptors are read at run time from ../descriptors.
'use strict';
const esbuild = require('esbuild');
const path = require('path');

const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';
const root = path.join(__dirname, '..');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  absWorkingDir: root,
  // Prefer ES module builds: jsonc-parser's UMD build requires files at run time that a bundle lacks.
  mainFields: ['module', 'main'],
};

async function main() {
  await Promise.all([
    esbuild.build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
    esbuild.build({ ...common, entryPoints: ['server/src/node/serverMain.ts'], outfile: 'dist/server.js', external: ['vscode'], banner: { js: '#!/usr/bin/env node' } }),
    esbuild.build({ ...common, entryPoints: ['server/src/node/cliMain.ts'], outfile: 'dist/cli.js', external: ['vscode'], banner: { js: '#!/usr/bin/env node' } }),
  ]);
}

main().catch((err) => {
  console.error(err.message || err);
  process.exit(1);
});
