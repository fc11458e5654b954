#!/usr/bin/env node
// A second real LSP client: Neovim's built-in client (Debian's neovim) starts
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
  console.log('Neovim built-in LSP client against wikimap-query-server --stdio');
  const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (nvim.status !== 0) {
    check('Neovim is installed (Debian package neovim; scripts/setup.sh installs it)', false, nvim.error ? nvim.error.message : nvim.stderr);
    return;
  }
  console.log(`  ${nvim.stdout.split('\n')[0]}`);
  if (!fs.existsSync(server)) {
    check('the server bundle is built (npm run build)', false, server);
    return;
  }
  const { dir, out, env } = prepareEditorSession('NVIM', server);
  const r = spawnSync('nvim', ['--headless', '--clean', '-n', '-u', 'NONE', '-c', `luafile ${path.join(__dirname, 'lsp_check.lua')}`], { env, encoding: 'utf8', timeout: 90000 });
  if (!fs.existsSync(out)) {
    check('Neovim ran the LSP session and wrote its result', false, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  check('no client or server errors', res.errors.length === 0, JSON.stringify(res.errors));
  const limitDiag = res.diagnostics.find((d) => d.lnum === 1 && d.code === 'outofrange');
  check('diagnostics arrive: aplimit=5000 is outofrange (line 2)', !!limitDiag, JSON.stringify(res.diagnostics));
  check('diagnostics carry the source "wikimap-query"', res.diagnostics.length > 0 && res.diagnostics.every((d) => d.source === 'wikimap-query'), JSON.stringify(res.diagnostics));
  check('completion after "&cm" offers categorymembers parameters (cmlimit)', res.completion.includes('cmlimit'), JSON.stringify(res.completion.slice(0, 30)));
  check('hover on "allpages" describes the module', /allpages/.test(res.hover) && /list/.test(res.hover), res.hover);
  fs.rmSync(dir, { recursive: true, force: true });
}

try {
  main();
} catch (err) {
  check('the Neovim suite ran', false, err && err.stack);
}
finish();
