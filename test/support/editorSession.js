// The sample project the editor suites (Neovim, Emacs, Vim) open, and the environment that tells each
// editor's driver script where it is, which server to start, where to ask for a completion and a
// hover, and where to write what it saw: WIKIMAP_<EDITOR>_{OUT,SERVER,FILE,MAPFILE,JSONFILE,CONFIG,...}.
// The project is a folder with `.git` (the root the documented configurations look for), the wiki
// sample, a map query, and a plain JSON file that the server must not be attached to. The server is
// found on PATH as `wikimap-query-server`, as docs/editors.md sets it up.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { serverOnPath } = require('./editorConfigs');

const SAMPLE_LINES = [
  '# pages of the main namespace, too many at once',
  'api.php?action=query&list=allpages&apnamespace=0&aplimit=5000',
  'action=query&list=categorymembers&cmtitle=Category:Maps&cm',
];

const MAP_SAMPLE = '{\n  "pos1": { "x": -10, "y": -2, "z": -10 },\n  "pos2": { "x": 10, "y": 2, "z": 10 },\n  "type": "bone"\n}\n';

/**
 * What the drivers type, and what the server must then report: a new query typed character by character
 * (with a typo corrected by backspace and a misspelt parameter left in), so that the editor batches many
 * small changes into its notifications.
 */
const TYPED_QUERY = {
  keys: 'action=query&list=allpagez<BS>s&aplimt=5',
  text: 'action=query&list=allpages&aplimt=5',
  misspelt: 'aplimt',
  fixed: 'aplimit',
};

/**
 * The map quick fix applied from the diagnostic's line with the cursor outside its range (on the key
 * `"type"`, the diagnostic being on the value `"bone"`), and the map field completed in an editor that
 * declared no snippet support: the field's value must arrive as plain text, without `${1}` tab stops.
 */
const MAP_FIX = { line: 3, character: 3, title: 'Change to "bones"', fixed: '"type": "bones"' };
const MAP_COMPLETION = {
  // typed after the value of "type", then completion is asked for. Neovim 0.7's omnifunc and ALE filter on the
  // keyword before the cursor (a quote is none), so there a field is completed before its opening quote
  // (<C-x><C-o> after ", "); eglot completes `"attr` (completion-at-point)
  keys: { NVIM: ', ', EMACS: ', "attr', VIM: ', ' },
  label: 'attributelike',
  completed: '"attributelike": {"key": "", "value": "%"}',
};

/** Writes the sample project into a fresh temporary folder and returns the folder, the files and the driver's environment. */
function prepareEditorSession(editor, serverBundle, config) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wmq-${editor.toLowerCase()}-`));
  fs.mkdirSync(path.join(dir, '.git'));
  const sample = path.join(dir, 'sample.wikiquery');
  fs.writeFileSync(sample, SAMPLE_LINES.join('\n') + '\n');
  const mapSample = path.join(dir, 'shops.mapquery.json');
  fs.writeFileSync(mapSample, MAP_SAMPLE);
  const plainJson = path.join(dir, 'package.json');
  fs.writeFileSync(plainJson, '{ "name": "not-a-map-query" }\n');
  // a second project (its own .git) inside the temporary folder: it gets its own server
  const otherProject = path.join(dir, 'other-project');
  fs.mkdirSync(path.join(otherProject, '.git'), { recursive: true });
  const otherFile = path.join(otherProject, 'other.wikiquery');
  fs.writeFileSync(otherFile, 'action=query&list=allpages&apfrom=B\n');
  const out = path.join(dir, 'result.json');
  const configFile = config ? path.join(dir, config.name) : undefined;
  if (config && configFile) fs.writeFileSync(configFile, config.text);
  const v = (name) => `WIKIMAP_${editor}_${name}`;
  const env = {
    ...process.env,
    PATH: serverOnPath(dir, serverBundle),
    [v('OUT')]: out,
    [v('SERVER')]: `${process.execPath} ${serverBundle} --stdio`,
    [v('FILE')]: sample,
    [v('MAPFILE')]: mapSample,
    [v('JSONFILE')]: plainJson,
    [v('OTHERFILE')]: otherFile,
    [v('CONFIG')]: configFile || '',
    [v('TYPE_KEYS')]: TYPED_QUERY.keys,
    // completion at the end of "…&cm", hover inside "allpages"
    [v('COMPLETE_LINE')]: '2',
    [v('COMPLETE_CHAR')]: String(SAMPLE_LINES[2].length),
    [v('HOVER_LINE')]: '1',
    [v('HOVER_CHAR')]: String(SAMPLE_LINES[1].indexOf('allpages') + 3),
    [v('MAPFIX_LINE')]: String(MAP_FIX.line),
    [v('MAPFIX_CHAR')]: String(MAP_FIX.character),
    [v('MAPFIX_TITLE')]: MAP_FIX.title,
    [v('MAPFIX_FIXED')]: MAP_FIX.fixed,
    [v('MAPCOMPLETE_KEYS')]: MAP_COMPLETION.keys[editor],
    [v('MAPCOMPLETE_LABEL')]: MAP_COMPLETION.label,
  };
  return { dir, sample, mapSample, plainJson, otherFile, out, env };
}

/**
 * A Python and a JavaScript file whose MediaWiki API request has a misspelt key: the source-file
 * samples of every editor's tests (the protocol suite, real VS Code, Neovim, Vim).
 */
const SOURCE_SAMPLES = {
  python: {
    file: 'search_bot.py',
    misspelt: 'srlimt',
    fixed: 'srlimit',
    text: [
      'import requests',
      '',
      'API = "https://en.wikipedia.org/w/api.php"',
      'params = {"action": "query", "list": "search", "srsearch": "cats", "srlimt": 5}',
      'r = requests.get(API, params=params)',
      '',
    ].join('\n'),
  },
  javascript: {
    file: 'gadget.js',
    misspelt: 'rvlimt',
    fixed: 'rvlimit',
    text: [
      'const api = new mw.Api();',
      "api.get({ action: 'query', prop: 'revisions', titles: 'Main Page', rvprop: 'ids', rvlimt: 2 });",
      '',
    ].join('\n'),
  },
};

/**
 * A JavaScript file that posts a map-object query with a misspelled field (`tpye`): the map-query
 * sample of the editors' source-file tests (real VS Code, Neovim). The fix renames the bare key.
 */
const MAP_SOURCE_SAMPLE = {
  file: 'map_client.js',
  code: 'unknownfield',
  misspelt: 'tpye',
  title: 'Change to "type"',
  fixed: "type: 'bones' }),",
  text: [
    'export function bones(base) {',
    '  return fetch(base + "/api/mapobjects/", {',
    '    method: "POST",',
    "    body: JSON.stringify({ pos1: { x: -10, y: -2, z: -10 }, pos2: { x: 10, y: 2, z: 10 }, tpye: 'bones' }),",
    '  });',
    '}',
    '',
  ].join('\n'),
};

module.exports = {
  prepareEditorSession,
  SAMPLE_LINES,
  MAP_SAMPLE,
  TYPED_QUERY,
  MAP_FIX,
  MAP_COMPLETION,
  SOURCE_SAMPLES,
  MAP_SOURCE_SAMPLE,
};
