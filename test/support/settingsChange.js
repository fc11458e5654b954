// The editor suites' check that a setting changed while the server runs takes effect with the
// documented configuration of docs/editors.md, which wraps the settings as { wikimapQuery: … } (and
// sends them as initialization options too, in Neovim and Vim). Each editor runs its own short session:
// it opens a query with an unrecognized parameter (an error by the configuration), then changes
// `unrecognizedparams` to `off` the way a person does in that editor, and waits for the error to go.
// The driver writes { errors, before, after } as JSON to $WIKIMAP_SETTINGS_OUT.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { serverOnPath } = require('./editorConfigs');

const SETTINGS_QUERY = 'action=query&list=allpages&apfooo=1';

/**
 * A project folder (with .git) holding `settings.wikiquery`, the configuration (as `configName`), the same
 * configuration with `unrecognizedparams` switched to `off` (what a person edits it to), and the environment.
 */
function prepareSettingsSession(editor, serverBundle, configName, configText) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wmq-settings-${editor}-`));
  fs.mkdirSync(path.join(dir, '.git'));
  const file = path.join(dir, 'settings.wikiquery');
  fs.writeFileSync(file, `${SETTINGS_QUERY}\n`);
  const changed = configText.replace(/(unrecognizedparams\W+)error/, '$1off');
  if (changed === configText) throw new Error('the documented configuration sets no "unrecognizedparams" severity to change');
  const config = path.join(dir, configName);
  const configOff = path.join(dir, `off-${configName}`);
  fs.writeFileSync(config, configText);
  fs.writeFileSync(configOff, changed);
  const out = path.join(dir, 'settings-result.json');
  const env = {
    ...process.env,
    PATH: serverOnPath(dir, serverBundle),
    WIKIMAP_SETTINGS_OUT: out,
    WIKIMAP_SETTINGS_FILE: file,
    WIKIMAP_SETTINGS_CONFIG: config,
    WIKIMAP_SETTINGS_CONFIG_OFF: configOff,
  };
  return { dir, out, env };
}

/** The checks of one session: `isError(severity)` tells the editor's way of saying "error". */
function checkSettingsChange(check, run, isError) {
  if (!fs.existsSync(run.out)) {
    check('the settings session ran and wrote its result', false, run.detail);
    return;
  }
  const res = JSON.parse(fs.readFileSync(run.out, 'utf8'));
  check('settings session: no client or server errors', (res.errors || []).length === 0, JSON.stringify(res.errors) + run.detail);
  check(
    'settings session: the documented (wrapped) configuration makes "apfooo" an unrecognizedparams error',
    res.before !== undefined && isError(res.before),
    JSON.stringify(res.before),
  );
  check(
    'a setting changed at run time takes effect: unrecognizedparams switched to off removes the error',
    Array.isArray(res.after) && res.after.length === 0,
    JSON.stringify(res.after),
  );
  fs.rmSync(run.dir, { recursive: true, force: true });
}

module.exports = { prepareSettingsSession, checkSettingsChange, SETTINGS_QUERY };
