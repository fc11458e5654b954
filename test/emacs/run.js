#!/usr/bin/env node
// A real LSP client: Emacs 28 with eglot (Debian's elpa-eglot) and the configuration of docs/editors.md
// starts `wikimap-query-server --stdio` from PATH, and eglot_check.el works in it as a person does: types a
// query key by key (eglot batches the changes), completes with completion-at-point, picks a quick fix,
// opens a map query and a plain JSON file. Closes with `N passed, N failed`.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const { createCheckList } = require('../support/checkList');
const { editorConfig } = require('../support/editorConfigs');
const { prepareEditorSession, TYPED_QUERY, MAP_FIX, MAP_COMPLETION, SOURCE_SAMPLES } = require('../support/editorSession');
const { prepareSettingsSession, checkSettingsChange } = require('../support/settingsChange');

const root = path.resolve(__dirname, '..', '..');
const server = path.join(root, 'dist', 'server.js');
const { check, finish } = createCheckList();

function main() {
  console.log('Emacs eglot (docs/editors.md configuration) against wikimap-query-server --stdio');
  const v = spawnSync('emacs', ['--version'], { encoding: 'utf8' });
  if (v.status !== 0) {
    check(
      'Emacs is installed (Debian packages emacs-nox, elpa-eglot; scripts/setup-editors.sh installs them)',
      false,
      v.error ? v.error.message : v.stderr,
    );
    return;
  }
  console.log(`  ${v.stdout.split('\n')[0]}`);
  const { dir, out, env, otherFile } = prepareEditorSession('EMACS', server, { name: 'wikimap-query.el', text: editorConfig('emacs') });
  env.HOME = dir; // a clean Emacs profile
  const r = spawnSync('emacs', ['--batch', '-q', '-l', path.join(__dirname, 'eglot_check.el')], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 180000,
  });
  if (!fs.existsSync(out)) {
    check('Emacs ran the eglot session and wrote its result', false, `exit ${r.status}\n${r.stdout}\n${r.stderr}`.slice(-3000));
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  const errors = res.errors || [];
  check('no client or server errors', errors.length === 0, JSON.stringify(errors) + `\n${r.stderr}`.slice(-3000));
  check('the configuration opens *.wikiquery in wikiquery-mode', res.mode === 'wikiquery-mode', res.mode);
  check(
    'its syntax table ends a symbol at & and =: the symbol at "…&cmti|tle=" is "cmtitle"',
    res.symbolAtSeparator === 'cmtitle',
    JSON.stringify(res.symbolAtSeparator),
  );
  const faces = res.faces || {};
  check(
    'a comment line ("  # …") is shown in font-lock-comment-face',
    faces.commentFace === 'font-lock-comment-face',
    JSON.stringify(faces),
  );
  check(
    'a # inside a value (titles=C#_(language)) starts no comment, as for the server: no comment face, the rest of the line is no comment',
    faces.valueHashFace === 'nil' && faces.afterHashInComment === false && faces.symbolAtHash === 'C#_',
    JSON.stringify(faces),
  );
  const diags = res.diagnostics || [];
  check(
    'diagnostics arrive through flymake: aplimit=5000 is out of range (line 2)',
    diags.some((d) => d.line === 1 && /aplimit/.test(d.text)),
    JSON.stringify(diags),
  );
  const completion = res.completion || [];
  check(
    'completion after "&cm" offers categorymembers parameters (cmlimit)',
    completion.includes('cmlimit'),
    JSON.stringify(completion.slice(0, 30)),
  );
  check('hover on "allpages" describes the module', /allpages/.test(res.hover || '') && /list/.test(res.hover || ''), res.hover);

  const batches = res.didChangeBatches || [];
  check(
    'typing reached the server in didChange notifications that batch several changes',
    batches.some((n) => n > 1),
    JSON.stringify(batches),
  );
  check('the typed line is what was typed', res.typedLine === TYPED_QUERY.text, JSON.stringify(res.typedLine));
  const typed = (res.typedDiagnostics || []).find((d) => d.text.includes('Unrecognized parameter'));
  check(
    `the server's copy matches the buffer: it reports "${TYPED_QUERY.misspelt}" at its column`,
    !!typed && typed.text.includes(`"${TYPED_QUERY.misspelt}"`) && typed.column === TYPED_QUERY.text.indexOf(TYPED_QUERY.misspelt),
    JSON.stringify(res.typedDiagnostics),
  );
  check(
    'the setting from the configuration takes effect: unrecognizedparams is an error',
    !!typed && typed.type === 'eglot-error',
    JSON.stringify(typed),
  );
  check(
    'eglot-code-actions offers the did-you-mean fix',
    (res.codeActionTitles || []).some((t) => t.includes(TYPED_QUERY.fixed)),
    JSON.stringify(res.codeActionTitles),
  );
  check(
    'the chosen quick fix is applied to the buffer',
    res.fixedLine === TYPED_QUERY.text.replace(TYPED_QUERY.misspelt, TYPED_QUERY.fixed),
    JSON.stringify(res.fixedLine),
  );
  check(
    'completion-at-point completes "&cmlimi" to the parameter cmlimit',
    /&cmlimit=?$/.test(res.completedLine || ''),
    JSON.stringify(res.completedLine),
  );

  check(
    '*.mapquery.json opens in mapquery-mode and the server diagnoses it ("bone")',
    res.mapMode === 'mapquery-mode' && (res.mapDiagnostics || []).some((d) => /bone/.test(d.text)),
    `${res.mapMode} ${JSON.stringify(res.mapDiagnostics)}`,
  );
  check(
    "one server for the project: the map query shares the wiki file's server",
    res.mapSharesServer === true,
    String(res.mapSharesServer),
  );
  check(
    "eglot-code-actions on the map diagnostic's line, point outside the diagnostic, offers the did-you-mean fix",
    res.mapPointInDiagnostic === false && (res.mapCodeActionTitles || []).includes(MAP_FIX.title),
    `${res.mapPointInDiagnostic} ${JSON.stringify(res.mapCodeActionTitles)}`,
  );
  check('the map quick fix is applied to the buffer', (res.mapFixedLine || '').includes(MAP_FIX.fixed), JSON.stringify(res.mapFixedLine));
  const mapItems = res.mapCompletionFormats || [];
  check(
    'map completion to eglot (no snippet support declared without yasnippet) is plain text, without ${…} tab stops',
    mapItems.length > 0 && mapItems.every((i) => i.format === 1 && !/\$\{?\d/.test(i.text)),
    JSON.stringify(mapItems),
  );
  check(
    `completion-at-point completes "${MAP_COMPLETION.label}" with its value as plain text`,
    (res.mapCompletedLine || '').endsWith(MAP_COMPLETION.completed),
    JSON.stringify(res.mapCompletedLine),
  );
  check(
    'a plain JSON file is left alone (not managed by eglot)',
    res.jsonMode !== 'mapquery-mode' && res.jsonManaged === false,
    `${res.jsonMode} ${res.jsonManaged}`,
  );
  check(
    'a file of another project (its own .git) gets its own server, rooted there',
    res.otherHasOwnServer === true &&
      fs.realpathSync(res.otherProjectRoot || '/nonexistent-root') === fs.realpathSync(path.dirname(otherFile)),
    `${res.otherHasOwnServer} ${res.otherProjectRoot}`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A setting changed at run time takes effect (support/settingsChange.js), in an Emacs session of its own. */
function settingsSession() {
  if (spawnSync('emacs', ['--version']).status !== 0) return;
  const run = prepareSettingsSession('emacs', server, 'wikimap-query.el', editorConfig('emacs'));
  const r = spawnSync('emacs', ['--batch', '-q', '-l', path.join(__dirname, 'settings_change.el')], {
    cwd: run.dir,
    env: { ...run.env, HOME: run.dir },
    encoding: 'utf8',
    timeout: 60000,
  });
  checkSettingsChange(check, { ...run, detail: `\nexit ${r.status}\n${r.stderr}`.slice(-3000) }, (type) => /error/.test(type));
}

/** What a source file's fix leaves in the text, per language (the key renamed inside its own syntax). */
const FIXED_TEXT = { python: '"srlimit": 5}', javascript: 'rvlimit: 2 });' };

/** Source files (docs/editors.md's `emacs` and `emacs-sources` blocks) in an Emacs session of their own: sources_check.el. */
function sourcesSession() {
  if (spawnSync('emacs', ['--version']).status !== 0) return;
  const config = `${editorConfig('emacs')}\n${editorConfig('emacs-sources')}`;
  const { dir, out, env } = prepareEditorSession('EMACS', server, { name: 'wikimap-query.el', text: config });
  const files = Object.entries(SOURCE_SAMPLES).map(([language, sample]) => {
    fs.writeFileSync(path.join(dir, sample.file), sample.text);
    return { ...sample, language, path: path.join(dir, sample.file) };
  });
  const r = spawnSync('emacs', ['--batch', '-q', '-l', path.join(__dirname, 'sources_check.el')], {
    cwd: dir,
    env: { ...env, HOME: dir, WIKIMAP_EMACS_SOURCES: JSON.stringify(files) },
    encoding: 'utf8',
    timeout: 120000,
  });
  if (!fs.existsSync(out)) {
    check('Emacs ran the source-file session and wrote its result', false, `exit ${r.status}\n${r.stderr}`.slice(-3000));
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  check(
    'source files: no client or server errors',
    (res.errors || []).length === 0,
    JSON.stringify(res.errors) + `\n${r.stderr}`.slice(-2000),
  );
  for (const f of files) {
    const seen = (res.files || {})[f.language] || {};
    check(
      `${f.language}: the diagnostic of "${f.misspelt}" covers the key itself (${seen.mode}, sent as ${(res.languageIds || {})[f.file]})`,
      seen.diagnosticText === f.misspelt,
      JSON.stringify(seen),
    );
    check(
      `${f.language}: eglot-code-actions' fix renames the key in the host syntax`,
      (seen.fixedText || '').includes(FIXED_TEXT[f.language]),
      JSON.stringify([seen.codeActionTitles, seen.fixedText]),
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

try {
  main();
  settingsSession();
  sourcesSession();
} catch (err) {
  check('the Emacs suite ran', false, err && err.stack);
}
finish();
