// Runs the end-to-end mocha suite inside the real VS Code extension host.
// The extension under test is the packaged .vsix, installed before VS Code starts.
'use strict';
const path = require('path');
const fs = require('fs');

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const Mocha = require(path.join(repoRoot, 'node_modules', 'mocha'));

function run() {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 120000, reporter: 'spec' });
  const only = process.env.WIKIMAP_E2E_GREP;
  if (only) mocha.grep(only);
  for (const f of fs
    .readdirSync(__dirname)
    .filter((n) => n.endsWith('.e2e.js'))
    .sort()) {
    mocha.addFile(path.join(__dirname, f));
  }
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed`));
        else resolve();
      });
    } catch (err) {
      reject(err);
    }
  });
}

module.exports = { run };
