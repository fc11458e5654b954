#!/usr/bin/env node
// The one-command start (for now): build if needed, then check the sample files in examples/
// with the `wikimap-query` CLI on the built-in catalogue and print what it finds.
// The examples contain deliberate mistakes, so problems in *mistakes* files are expected.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'cli.js');

/** Newest modification time of the files under a folder (0 when missing). */
function newest(dir) {
  let latest = 0;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

function needsBuild() {
  if (!fs.existsSync(cli)) return true;
  return newest(path.join(root, 'server', 'src')) > fs.statSync(cli).mtimeMs;
}

if (needsBuild()) {
  console.log('Building…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed (see above). Run `npm ci` first if node_modules is missing.');
    process.exit(1);
  }
}

console.log('$ wikimap-query check examples/\n');
const run = spawnSync(process.execPath, [cli, 'check', 'examples'], { cwd: root, stdio: 'inherit' });
if (run.status === 2 || run.status === null) {
  console.error('\nThe checker could not run (see the message above).');
  process.exit(1);
}
console.log(
  '\nThe problems above are the deliberate mistakes in examples/*mistakes*: open those files in an editor\n' +
    'with the extension (or any LSP client running `wikimap-query-server --stdio`) to see them underlined,\n' +
    'with hovers, completion and quick fixes.',
);
