#!/usr/bin/env node
// A third real LSP client: Emacs 28 with eglot (Debian's elpa-eglot) starts
// `wikimap-query-server --stdio`, opens a sample file and checks diagnostics, a completion and a hover.
// Closes with `N passed, N failed`.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const { createCheckList } = require('../support/checkList');
const { prepareEditorSession } = require('../support/editorSession');

const root = path.resolve(__dirname, '..', '..');
const server = path.join(root, 'dist', 'server.js');
const { check, finish } = createCheckList();

function main() {
  console.log('Emacs eglot against wikimap-query-server --stdio');
  const v = spawnSync('emacs', ['--version'], { encoding: 'utf8' });
  if (v.status !== 0) {
    check('Emacs is installed (Debian packages emacs-nox, elpa-eglot; scripts/setup.sh installs them)', false, v.error ? v.error.message : v.stderr);
    return;
  }
  console.log(`  ${v.stdout.split('\n')[0]}`);
  const { dir, out, env } = prepareEditorSession('EMACS', server);
  env.HOME = dir; // a clean Emacs profile
  const r = spawnSync('emacs', ['--batch', '-q', '-l', path.join(__dirname, 'eglot_check.el')], { env, encoding: 'utf8', timeout: 120000 });
  if (!fs.existsSync(out)) {
    check('Emacs ran the eglot session and wrote its result', false, `exit ${r.status}\n${r.stdout}\n${r.stderr}`.slice(-3000));
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  const errors = res.errors || [];
  check('no client or server errors', errors.length === 0, JSON.stringify(errors));
  const diags = res.diagnostics || [];
  check('diagnostics arrive through flymake: aplimit=5000 is out of range (line 2)', diags.some((d) => d.line === 1 && /aplimit/.test(d.text)), JSON.stringify(diags));
  const completion = res.completion || [];
  check('completion after "&cm" offers categorymembers parameters (cmlimit)', completion.includes('cmlimit'), JSON.stringify(completion.slice(0, 30)));
  check('hover on "allpages" describes the module', /allpages/.test(res.hover || '') && /list/.test(res.hover || ''), res.hover);
  fs.rmSync(dir, { recursive: true, force: true });
}

try { main(); } catch (err) { check('the Emacs suite ran', false, err && err.stack); }
finish();
