#!/usr/bin/env node
// `npm run package`: a production build, then the .vsix (bundles, grammars, descriptors,
// README, LICENSE, CHANGELOG, icon only — see .vscodeignore). Prints the file list and size.
// @ts-check
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
const pkg = require(path.join(root, 'package.json'));
const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
const out = path.join(root, `${pkg.name}-${pkg.version}.vsix`);

execFileSync(process.execPath, [path.join(__dirname, 'build.js'), '--production'], { cwd: root, stdio: 'inherit' });
const files = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .map((l) => l.trim())
  .filter(Boolean)
  .sort();
execFileSync(
  process.execPath,
  [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
const size = fs.statSync(out).size;
console.log(`files in ${path.basename(out)}:`);
for (const f of files) {
  const full = path.join(root, f);
  const bytes = fs.existsSync(full) ? fs.statSync(full).size : 0;
  console.log(`  ${f}  (${(bytes / 1024).toFixed(1)} KB)`);
}
console.log(`${path.basename(out)}: ${(size / 1024).toFixed(1)} KB, ${files.length} files`);
