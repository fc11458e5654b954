#!/usr/bin/env node
// A real LSP client: Neovim's built-in client (Debian's neovim, 0.7) with the configuration of
// docs/editors.md starts `wikimap-query-server --stdio` from PATH, and lsp_check.lua works in it as a
// person does: types a query in insert mode (Neovim batches the changes), completes with <C-x><C-o>,
// applies a quick fix, opens a map query and a plain JSON file. Closes with `N passed, N failed`.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const { createCheckList } = require('../support/checkList');
const { editorConfig } = require('../support/editorConfigs');
const {
  prepareEditorSession,
  TYPED_QUERY,
  MAP_FIX,
  MAP_COMPLETION,
  SOURCE_SAMPLES,
  MAP_SOURCE_SAMPLE,
} = require('../support/editorSession');
const { prepareSettingsSession, checkSettingsChange } = require('../support/settingsChange');

const root = path.resolve(__dirname, '..', '..');
const server = path.join(root, 'dist', 'server.js');
const { check, finish } = createCheckList();
const ERROR = 1; // vim.diagnostic.severity.ERROR

function main() {
  console.log('Neovim built-in LSP client (docs/editors.md configuration) against wikimap-query-server --stdio');
  const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (nvim.status !== 0) {
    check(
      'Neovim is installed (Debian package neovim; scripts/setup-editors.sh installs it)',
      false,
      nvim.error ? nvim.error.message : nvim.stderr,
    );
    return;
  }
  console.log(`  ${nvim.stdout.split('\n')[0]}`);
  if (!fs.existsSync(server)) {
    check('the server bundle is built (npm run build)', false, server);
    return;
  }
  const { dir, out, env, otherFile } = prepareEditorSession('NVIM', server, { name: 'init.lua', text: editorConfig('neovim') });
  env.XDG_CONFIG_HOME = path.join(dir, 'config');
  env.XDG_DATA_HOME = path.join(dir, 'data');
  env.XDG_STATE_HOME = path.join(dir, 'state');
  env.XDG_CACHE_HOME = path.join(dir, 'cache');
  const r = spawnSync(
    'nvim',
    ['--headless', '-n', '-i', 'NONE', '-u', String(env.WIKIMAP_NVIM_CONFIG), '-c', `luafile ${path.join(__dirname, 'lsp_check.lua')}`],
    { cwd: dir, env, encoding: 'utf8', timeout: 180000 },
  );
  if (!fs.existsSync(out)) {
    check('Neovim ran the LSP session and wrote its result', false, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  check(
    'no client or server errors, every step done',
    res.errors.length === 0,
    JSON.stringify(res.errors) + ' after ' + JSON.stringify(res.steps),
  );
  const diags = res.diagnostics || [];
  check(
    'the configuration sets filetype wikiquery and the LSP omnifunc',
    res.filetype === 'wikiquery' && res.omnifunc === 'v:lua.vim.lsp.omnifunc',
    `${res.filetype} ${res.omnifunc}`,
  );
  check(
    'diagnostics arrive: aplimit=5000 is outofrange (line 2)',
    diags.some((d) => d.lnum === 1 && d.code === 'outofrange'),
    JSON.stringify(diags),
  );
  check(
    'diagnostics carry the source "wikimap-query"',
    diags.length > 0 && diags.every((d) => d.source === 'wikimap-query'),
    JSON.stringify(diags),
  );
  check(
    'completion after "&cm" offers categorymembers parameters (cmlimit)',
    (res.completion || []).includes('cmlimit'),
    JSON.stringify((res.completion || []).slice(0, 30)),
  );
  check('hover on "allpages" describes the module', /allpages/.test(res.hover || '') && /list/.test(res.hover || ''), res.hover);

  const batches = res.didChangeBatches || [];
  check(
    'typing reached the server in didChange notifications that batch several changes',
    batches.some((n) => n > 1),
    JSON.stringify(batches),
  );
  check('the typed line is what was typed', res.typedLine === TYPED_QUERY.text, JSON.stringify(res.typedLine));
  const typed = (res.typedDiagnostics || []).find((d) => d.code === 'unrecognizedparams');
  check(
    `the server's copy matches the buffer: it reports "${TYPED_QUERY.misspelt}" at its column`,
    !!typed && typed.message.includes(`"${TYPED_QUERY.misspelt}"`) && typed.col === TYPED_QUERY.text.indexOf(TYPED_QUERY.misspelt),
    JSON.stringify(res.typedDiagnostics),
  );
  check(
    'the setting from the configuration takes effect: unrecognizedparams is an error',
    !!typed && typed.severity === ERROR,
    JSON.stringify(typed),
  );
  check(
    'vim.lsp.buf.code_action() offers the did-you-mean fix',
    (res.codeActionTitles || []).some((t) => t.includes(TYPED_QUERY.fixed)),
    JSON.stringify(res.codeActionTitles),
  );
  check(
    'the quick fix is applied to the buffer',
    res.fixedLine === TYPED_QUERY.text.replace(TYPED_QUERY.misspelt, TYPED_QUERY.fixed),
    JSON.stringify(res.fixedLine),
  );
  check(
    "<C-x><C-o> shows the server's completion (cmlimit)",
    (res.omniItems || []).some((w) => w.startsWith('cmlimit')),
    JSON.stringify(res.omniItems),
  );
  check(
    'accepting it completes the parameter in the buffer',
    /&cmlimit=?$/.test(res.completedLine || ''),
    JSON.stringify(res.completedLine),
  );

  check(
    '*.mapquery.json gets filetype mapquery and the server diagnoses it ("bone")',
    res.mapFiletype === 'mapquery' && (res.mapDiagnostics || []).some((d) => /bone/.test(d.message)),
    `${res.mapFiletype} ${JSON.stringify(res.mapDiagnostics)}`,
  );
  check(
    "vim.lsp.buf.code_action() on the map diagnostic's line, the cursor outside its range, offers the did-you-mean fix",
    res.mapCursorInRange === false && (res.mapCodeActionTitles || []).includes(MAP_FIX.title),
    `${res.mapCursorInRange} ${JSON.stringify(res.mapCodeActionTitles)}`,
  );
  check('the map quick fix is applied to the buffer', (res.mapFixedLine || '').includes(MAP_FIX.fixed), JSON.stringify(res.mapFixedLine));
  const mapItems = res.mapCompletionFormats || [];
  check(
    'map completion to a client without snippet support (Neovim 0.7 declares none) is plain text, without ${…} tab stops',
    mapItems.length > 0 && mapItems.every((i) => i.format === 1 && !/\$\{?\d/.test(i.text)),
    JSON.stringify(mapItems),
  );
  check(
    `accepting "${MAP_COMPLETION.label}" inserts its value as plain text`,
    (res.mapCompletedLine || '').endsWith(MAP_COMPLETION.completed),
    JSON.stringify(res.mapCompletedLine),
  );
  check(
    'a plain JSON file is left alone (no server attached)',
    res.jsonFiletype === 'json' && res.jsonClients === 0,
    `${res.jsonFiletype} ${res.jsonClients}`,
  );
  check(
    "one server for the project: the map query shares the wiki file's server",
    res.serverCount === 1 && res.mapClients === 1,
    `servers ${res.serverCount}, map clients ${res.mapClients}`,
  );
  const expectedRoots = [dir, path.dirname(otherFile)].map((d) => fs.realpathSync(d)).sort();
  check(
    'a file of another project (its own .git) gets its own server, rooted there',
    res.serverCountTwoProjects === 2 &&
      JSON.stringify((res.serverRoots || []).map((d) => fs.realpathSync(d)).sort()) === JSON.stringify(expectedRoots),
    `${res.serverCountTwoProjects} ${JSON.stringify(res.serverRoots)}`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A setting changed at run time takes effect (support/settingsChange.js), in a Neovim session of its own. */
function settingsSession() {
  if (spawnSync('nvim', ['--version']).status !== 0 || !fs.existsSync(server)) return;
  const run = prepareSettingsSession('nvim', server, 'init.lua', editorConfig('neovim'));
  const env = { ...run.env };
  for (const xdg of ['CONFIG', 'DATA', 'STATE', 'CACHE']) env[`XDG_${xdg}_HOME`] = path.join(run.dir, xdg.toLowerCase());
  const r = spawnSync(
    'nvim',
    ['--headless', '-n', '-i', 'NONE', '-u', env.WIKIMAP_SETTINGS_CONFIG, '-c', `luafile ${path.join(__dirname, 'settings_change.lua')}`],
    { cwd: run.dir, env, encoding: 'utf8', timeout: 60000 },
  );
  checkSettingsChange(check, { ...run, detail: `\nexit ${r.status}\n${r.stdout}\n${r.stderr}` }, (severity) => severity === ERROR);
}

const { python: PY_SOURCE, javascript: JS_SOURCE } = SOURCE_SAMPLES;

/** Source files (a Python and a JavaScript file) in a Neovim session of their own: sources_check.lua. */
function sourcesSession() {
  if (spawnSync('nvim', ['--version']).status !== 0 || !fs.existsSync(server)) return;
  const { dir, out, env } = prepareEditorSession('NVIM', server, { name: 'init.lua', text: editorConfig('neovim') });
  for (const xdg of ['CONFIG', 'DATA', 'STATE', 'CACHE']) env[`XDG_${xdg}_HOME`] = path.join(dir, xdg.toLowerCase());
  env.WIKIMAP_NVIM_PYFILE = path.join(dir, PY_SOURCE.file);
  env.WIKIMAP_NVIM_JSFILE = path.join(dir, JS_SOURCE.file);
  fs.writeFileSync(env.WIKIMAP_NVIM_PYFILE, PY_SOURCE.text);
  fs.writeFileSync(env.WIKIMAP_NVIM_JSFILE, JS_SOURCE.text);
  env.WIKIMAP_NVIM_MAPJSFILE = path.join(dir, MAP_SOURCE_SAMPLE.file);
  env.WIKIMAP_NVIM_MAPCODE = MAP_SOURCE_SAMPLE.code;
  env.WIKIMAP_NVIM_MAPTITLE = MAP_SOURCE_SAMPLE.title;
  fs.writeFileSync(env.WIKIMAP_NVIM_MAPJSFILE, MAP_SOURCE_SAMPLE.text);
  const r = spawnSync(
    'nvim',
    ['--headless', '-n', '-i', 'NONE', '-u', String(env.WIKIMAP_NVIM_CONFIG), '-c', `luafile ${path.join(__dirname, 'sources_check.lua')}`],
    { cwd: dir, env, encoding: 'utf8', timeout: 180000 },
  );
  if (!fs.existsSync(out)) {
    check('Neovim ran the source-file session and wrote its result', false, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    return;
  }
  const res = JSON.parse(fs.readFileSync(out, 'utf8'));
  check(
    'source files: no client or server errors, every step done',
    res.errors.length === 0,
    JSON.stringify(res.errors) + JSON.stringify(res.steps),
  );
  const py = res.files.python || {};
  const js = res.files.javascript || {};
  for (const [name, f, misspelt, fixedText, completed] of [
    ['Python', py, 'srlimt', '"srlimit": 5}', 'p2 = {"action": "query", "list": "search", "srlimit"}'],
    ['JavaScript', js, 'rvlimt', 'rvlimit: 2 });', "api.get({ action: 'query', list: 'allpages' });"],
  ]) {
    const d = f.diagnostic || {};
    check(
      `${name}: the misspelt key's diagnostic is at the key itself (filetype ${f.filetype})`,
      d.code === 'unrecognizedparams' && d.text === misspelt && d.source === 'wikimap-query',
      JSON.stringify(d),
    );
    check(
      `${name}: vim.lsp.buf.code_action() applies the fix in the host syntax`,
      (f.fixedText || '').includes(fixedText),
      JSON.stringify(f),
    );
    check(
      `${name}: <C-x><C-o> inside the typed request's string offers the right names`,
      (f.omniItems || []).length > 0,
      JSON.stringify(f.omniItems),
    );
    check(
      `${name}: accepting completes inside the quotes`,
      f.completedLine === completed,
      JSON.stringify([f.completedLine, f.lineBeforeAccept]),
    );
  }
  const m = res.files.map || {};
  check(
    `map query in JavaScript: the misspelled field's diagnostic is at the key (filetype ${m.filetype})`,
    (m.diagnostic || {}).text === MAP_SOURCE_SAMPLE.misspelt && (m.diagnostic || {}).lnum === 3,
    JSON.stringify(m.diagnostic),
  );
  check(
    'map query in JavaScript: vim.lsp.buf.code_action() renames the bare key, and no diagnostic is left',
    (m.fixedText || '').split('\n')[3]?.endsWith(MAP_SOURCE_SAMPLE.fixed),
    JSON.stringify(m),
  );
  check(
    'Python: the completion inside the dict offers the search module’s names, not others',
    (py.omniItems || []).includes('srlimit') && !(py.omniItems || []).includes('rvprop'),
    JSON.stringify(py.omniItems),
  );
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Targets (targets_check.lua): the documented configuration with `wiki.targets` and a saved catalogue file
 * (the recorded MediaWiki 1.39, workspace-relative) in `wikis`, in a Neovim session of its own.
 */
function targetsSession() {
  if (spawnSync('nvim', ['--version']).status !== 0 || !fs.existsSync(server)) return;
  const documented = editorConfig('neovim');
  const config = documented.replace(
    /^(\s*)-- wiki = \{ apiUrl = [^}]*\},$/m,
    "$1wiki = { targets = { '1.39', '1.45' } },\n$1wikis = { intranet = 'catalogues/intranet.json' },",
  );
  if (config === documented) {
    check('targets session: the documented Neovim configuration has the commented wiki line to set', false, documented);
    return;
  }
  const { dir, env } = prepareEditorSession('NVIM', server, { name: 'init.lua', text: config });
  for (const xdg of ['CONFIG', 'DATA', 'STATE', 'CACHE']) env[`XDG_${xdg}_HOME`] = path.join(dir, xdg.toLowerCase());
  fs.mkdirSync(path.join(dir, 'catalogues'));
  fs.copyFileSync(path.join(root, 'test/fixtures/catalogues/mediawiki-1.39.json'), path.join(dir, 'catalogues', 'intranet.json'));
  const query = ['action=query&list=random&rnminsize=100', 'action=query&list=allusers&auexcludetemp=1', ''].join('\n');
  env.WIKIMAP_TARGETS_OUT = path.join(dir, 'targets-result.json');
  env.WIKIMAP_TARGETS_SETTING_FILE = path.join(dir, 'setting.wikiquery');
  env.WIKIMAP_TARGETS_LINE_FILE = path.join(dir, 'line.wikiquery');
  fs.writeFileSync(env.WIKIMAP_TARGETS_SETTING_FILE, query);
  fs.writeFileSync(env.WIKIMAP_TARGETS_LINE_FILE, `# targets: 1.43, intranet\n${query}`);
  const r = spawnSync(
    'nvim',
    ['--headless', '-n', '-i', 'NONE', '-u', String(env.WIKIMAP_NVIM_CONFIG), '-c', `luafile ${path.join(__dirname, 'targets_check.lua')}`],
    { cwd: dir, env, encoding: 'utf8', timeout: 120000 },
  );
  if (!fs.existsSync(env.WIKIMAP_TARGETS_OUT)) {
    check('Neovim ran the targets session and wrote its result', false, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    return;
  }
  const res = JSON.parse(fs.readFileSync(env.WIKIMAP_TARGETS_OUT, 'utf8'));
  check('targets: no client or server errors, every step done', res.errors.length === 0, JSON.stringify(res));
  const notes = (ds) => (ds || []).map((d) => `${d.lnum}:${d.code}:${(/\[on [^\]]*\]/.exec(d.message) || [''])[0]}`);
  const expect = [
    [
      'wiki.targets from the Neovim configuration: each diagnostic names the targets that reject and accept it',
      res.files.setting,
      [
        '0:unrecognizedparams:[on MediaWiki 1.39; accepted by MediaWiki 1.45]',
        '1:unrecognizedparams:[on MediaWiki 1.39; accepted by MediaWiki 1.45]',
      ],
    ],
    [
      'a # targets: line names its own targets, a saved catalogue file of wikimapQuery.wikis (workspace-relative) among them',
      res.files.line,
      [
        '1:unrecognizedparams:[on every target: MediaWiki 1.43, intranet]',
        '2:unrecognizedparams:[on intranet; accepted by MediaWiki 1.43]',
      ],
    ],
  ];
  for (const [what, got, want] of expect) {
    check(what, JSON.stringify(notes(got)) === JSON.stringify(want), JSON.stringify(got));
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

try {
  main();
  settingsSession();
  sourcesSession();
  targetsSession();
} catch (err) {
  check('the Neovim suite ran', false, err && err.stack);
}
finish();
