#!/usr/bin/env node
// A real LSP client: Vim 9 with ALE (Debian's vim-nox and vim-ale) and the configuration of
// docs/editors.md starts `wikimap-query-server --stdio` from PATH, and ale_check.vim works in it as a
// person does: types a query, lets ALE's completion pop up while typing, picks a quick fix from
// :ALECodeAction (ALE does not echo the diagnostic's data), opens a map query and a plain JSON file.
// Closes with `N passed, N failed`.
'use strict';
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const { createCheckList } = require('../support/checkList');
const { editorConfig } = require('../support/editorConfigs');
const { prepareEditorSession, TYPED_QUERY, MAP_FIX, MAP_COMPLETION, SOURCE_SAMPLES } = require('../support/editorSession');
const { prepareSettingsSession, checkSettingsChange } = require('../support/settingsChange');

const root = path.resolve(__dirname, '..', '..');
const server = path.join(root, 'dist', 'server.js');
const { check, finish } = createCheckList();
const ALE_DIR = '/usr/share/vim/vimfiles/pack/dist-bundle/opt/ale';

/** Vim, started as a person starts it but with a pipe for a terminal: resolves when it quits (or is stopped at the deadline). */
function runVim(args, options, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn('vim', args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.on('data', () => undefined); // screen output of a terminal-less Vim: not needed
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => resolve({ status: null, stderr: error.message }));
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

async function main() {
  console.log('Vim with ALE (docs/editors.md configuration) against wikimap-query-server --stdio');
  const v = spawnSync('vim', ['--version'], { encoding: 'utf8' });
  if (v.status !== 0) {
    check('Vim is installed (Debian package vim-nox; scripts/setup-editors.sh installs it)', false, v.error ? v.error.message : v.stderr);
    return;
  }
  console.log(`  ${v.stdout.split('\n')[0]}`);
  if (!fs.existsSync(ALE_DIR)) {
    check('ALE is installed (Debian package vim-ale; scripts/setup-editors.sh installs it)', false, ALE_DIR);
    return;
  }
  const { dir, out, env } = prepareEditorSession('VIM', server, { name: 'vimrc', text: editorConfig('vim') });
  env.HOME = dir;
  env.TERM = 'xterm';
  const r = await runVim(
    ['-N', '-n', '-i', 'NONE', '--not-a-term', '-u', env.WIKIMAP_VIM_CONFIG, '-c', `source ${path.join(__dirname, 'ale_check.vim')}`],
    { cwd: dir, env },
    180000,
  );
  if (!fs.existsSync(out)) {
    check('Vim ran the ALE session and wrote its result', false, `exit ${r.status}\n${r.stderr}`.slice(-3000));
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  check(
    'no client or server errors, every step done',
    res.errors.length === 0,
    JSON.stringify(res.errors) + ' after ' + JSON.stringify(res.steps),
  );
  check(
    "the configuration sets filetype wikiquery and ALE's omnifunc",
    res.filetype === 'wikiquery' && res.omnifunc === 'ale#completion#OmniFunc',
    `${res.filetype} ${res.omnifunc}`,
  );
  const diags = res.diagnostics || [];
  check(
    'diagnostics arrive: aplimit=5000 is outofrange (line 2)',
    diags.some((d) => d.lnum === 2 && d.code === 'outofrange' && d.linter === 'wikimap-query'),
    JSON.stringify(diags),
  );

  check('the typed line is what was typed', res.typedLine === TYPED_QUERY.text, JSON.stringify(res.typedLine));
  const typed = (res.typedDiagnostics || []).find((d) => d.code === 'unrecognizedparams');
  check(
    `the server reports "${TYPED_QUERY.misspelt}" at its column`,
    !!typed && typed.text.includes(`"${TYPED_QUERY.misspelt}"`) && typed.col === TYPED_QUERY.text.indexOf(TYPED_QUERY.misspelt) + 1,
    JSON.stringify(res.typedDiagnostics),
  );
  check(
    'the setting from the configuration takes effect: unrecognizedparams is an error',
    !!typed && typed.type === 'E',
    JSON.stringify(typed),
  );
  check(
    ':ALECodeAction offers the did-you-mean fix (ALE sends no data back)',
    /\d+\) .*aplimit/.test(res.codeActionMenu || ''),
    JSON.stringify(res.codeActionMenu),
  );
  check(
    'the chosen quick fix is applied to the buffer',
    res.fixedLine === TYPED_QUERY.text.replace(TYPED_QUERY.misspelt, TYPED_QUERY.fixed),
    JSON.stringify(res.fixedLine),
  );
  check(
    'ALE\'s completion menu offers cmlimit while typing "&cmlimi"',
    (res.completionItems || []).some((w) => w.startsWith('cmlimit')),
    JSON.stringify(res.completionItems),
  );
  check(
    'accepting it completes the parameter in the buffer',
    /&cmlimit=?$/.test(res.completedLine || ''),
    JSON.stringify(res.completedLine),
  );

  check(
    '*.mapquery.json gets filetype mapquery and the server diagnoses it ("bone")',
    res.mapFiletype === 'mapquery' && (res.mapDiagnostics || []).some((d) => /bone/.test(d.text)),
    `${res.mapFiletype} ${JSON.stringify(res.mapDiagnostics)}`,
  );
  check(
    ":ALECodeAction on the map diagnostic's line, the cursor outside the diagnostic, offers the did-you-mean fix",
    res.mapCursorInDiagnostic === 0 && (res.mapCodeActionMenu || '').includes(MAP_FIX.title),
    `${res.mapCursorInDiagnostic} ${JSON.stringify(res.mapCodeActionMenu)}`,
  );
  check('the map quick fix is applied to the buffer', (res.mapFixedLine || '').includes(MAP_FIX.fixed), JSON.stringify(res.mapFixedLine));
  check(
    'map completion through ALE (no snippet support declared) offers plain text, without ${…} tab stops',
    (res.mapCompletionItems || []).length > 0 && (res.mapCompletionItems || []).every((w) => !/\$\{?\d/.test(w)),
    JSON.stringify(res.mapCompletionItems),
  );
  check(
    `accepting "${MAP_COMPLETION.label}" inserts its value as plain text`,
    (res.mapCompletedLine || '').endsWith(MAP_COMPLETION.completed),
    JSON.stringify(res.mapCompletedLine),
  );
  check(
    'a plain JSON file is left alone (the server is no linter of json)',
    res.jsonFiletype === 'json' && !(res.jsonLinters || []).includes('wikimap-query'),
    `${res.jsonFiletype} ${JSON.stringify(res.jsonLinters)}`,
  );
  check(
    "one server for the project: the map query shares the wiki file's connection",
    res.lspConnections === 1,
    String(res.lspConnections),
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A setting changed at run time takes effect (support/settingsChange.js), in a Vim session of its own. */
async function settingsSession() {
  if (spawnSync('vim', ['--version']).status !== 0 || !fs.existsSync(ALE_DIR)) return;
  const run = prepareSettingsSession('vim', server, 'vimrc', editorConfig('vim'));
  const env = { ...run.env, HOME: run.dir, TERM: 'xterm' };
  const r = await runVim(
    [
      '-N',
      '-n',
      '-i',
      'NONE',
      '--not-a-term',
      '-u',
      env.WIKIMAP_SETTINGS_CONFIG,
      '-c',
      `source ${path.join(__dirname, 'settings_change.vim')}`,
    ],
    { cwd: run.dir, env },
    60000,
  );
  checkSettingsChange(check, { ...run, detail: `\nexit ${r.status}\n${r.stderr}`.slice(-3000) }, (type) => type === 'E');
}

/** What a source file's fix leaves in the text, per language (the key renamed inside its own syntax). */
const FIXED_TEXT = { python: '"srlimit": 5}', javascript: 'rvlimit: 2 });' };

/**
 * Source files (docs/editors.md's `vim` and `vim-sources` blocks) in a Vim session of their own:
 * sources_check.vim opens a Python and a JavaScript file and fixes each misspelt key.
 */
async function sourcesSession() {
  if (spawnSync('vim', ['--version']).status !== 0 || !fs.existsSync(ALE_DIR)) return;
  const vimrc = `${editorConfig('vim')}\n${editorConfig('vim-sources')}`;
  const { dir, out, env } = prepareEditorSession('VIM', server, { name: 'vimrc', text: vimrc });
  const files = Object.entries(SOURCE_SAMPLES).map(([language, sample]) => {
    fs.writeFileSync(path.join(dir, sample.file), sample.text);
    return { ...sample, language, path: path.join(dir, sample.file), fixedText: FIXED_TEXT[language] };
  });
  Object.assign(env, { HOME: dir, TERM: 'xterm', WIKIMAP_VIM_SOURCES: JSON.stringify(files) });
  const args = ['-N', '-n', '-i', 'NONE', '--not-a-term', '-u', env.WIKIMAP_VIM_CONFIG];
  const r = await runVim([...args, '-c', `source ${path.join(__dirname, 'sources_check.vim')}`], { cwd: dir, env }, 120000);
  if (!fs.existsSync(out)) {
    check('Vim ran the source-file session and wrote its result', false, `exit ${r.status}\n${r.stderr}`.slice(-3000));
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  check('source files: no client or server errors, every step done', res.errors.length === 0, JSON.stringify(res));
  for (const f of files) {
    const seen = res.files[f.language] || {};
    const d = seen.diagnostic || {};
    const col =
      f.text
        .split('\n')
        .find((l) => l.includes(f.misspelt))
        .indexOf(f.misspelt) + 1;
    check(
      `${f.language}: ALE runs wikimap-query beside the filetype's other linters`,
      seen.filetype === f.language && (seen.linters || []).includes('wikimap-query') && seen.linters.length > 1,
      JSON.stringify([seen.filetype, seen.linters]),
    );
    check(
      `${f.language}: the diagnostic of "${f.misspelt}" sits on the key (column ${col}), from wikimap-query`,
      d.linter_name === 'wikimap-query' && d.col === col && d.end_col === col + f.misspelt.length - 1,
      JSON.stringify(d),
    );
    check(
      `${f.language}: :ALECodeAction's fix renames the key in the host syntax`,
      (seen.fixedText || '').includes(f.fixedText),
      JSON.stringify(seen.fixedText),
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

main()
  .then(settingsSession)
  .then(sourcesSession)
  .catch((err) => check('the Vim suite ran', false, err && err.stack))
  .finally(finish);
