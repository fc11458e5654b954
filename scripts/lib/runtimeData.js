// The package's data files as the bundles read them: the build's run-time copies of descriptors/**/*.json.
//
// The files in descriptors/ stay the one source of truth, written for people: indented, and each rule of
// the rule data (descriptors/wiki/constraints.json, action-constraints.json) says which MediaWiki class and
// method it mirrors (`mirrors`) and on which releases its verdict was checked (`verified`). Only the tests,
// the schemas and the docs read those fields; the code that runs never does. Read as they are, they were
// more than half of the rule data (constraints.json 133 KB, 111 KB without the indentation, 54 KB without
// them), parsed at each catalogue load, and a few non-ASCII characters (…) made V8 decode and parse each
// file as two-byte text. The run-time copy of each file is the same JSON without the fields below, without
// indentation, and ASCII (other characters as \u escapes): the node bundles read dist/descriptors/ (written
// by scripts/build.js), the web worker carries these texts (its package-files module).
// @ts-check
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');

/** Of each rule file: the fields of its rules only documentation reads, and the file's own `description`. */
const DOCUMENTATION_FIELDS = {
  'descriptors/wiki/constraints.json': ['mirrors', 'verified'],
  'descriptors/wiki/action-constraints.json': ['mirrors', 'verified'],
};

/**
 * Of each paraminfo file (its `paraminfo.modules`): the module fields nothing reads. The paraminfo answer's
 * attribution of each module (`sourcename`, `licensetag`, `licenselink`: about 16 KB of the three files) is
 * kept in the sources, as the wiki sent it; the catalogue reads each module's `source` (hover's "Source:")
 * and none of these.
 */
const UNREAD_MODULE_FIELDS = {
  'descriptors/wiki/query-modules.json': ['sourcename', 'licensetag', 'licenselink'],
  'descriptors/wiki/action-modules.json': ['sourcename', 'licensetag', 'licenselink'],
  'descriptors/wiki/api-core.json': ['sourcename', 'licensetag', 'licenselink'],
};

/**
 * Files the build derives from a data file, written beside the run-time copies: data file -> [the derived
 * file, the module of the sources (TypeScript) whose export makes it from the data]. The presence index of
 * the built-in versions (server/src/service/wiki/wikiVersionPresence.ts, about 70 KB) is what the first hover
 * or completion that describes a parameter reads, instead of the three versions' every module (310 KB).
 */
const DERIVED_FILES = {
  'descriptors/wiki/versions/core-modules.json': [
    ['descriptors/wiki/versions/core-presence.json', 'server/src/service/wiki/wikiVersionPresence.ts', 'presenceIndex'],
  ],
};

/**
 * The export `name` of the TypeScript module `rel` of the sources under `root` (bundled by esbuild, run here).
 * @param {string} root @param {string} rel @param {string} name
 * @returns {(data: unknown) => unknown}
 */
function sourceExport(root, rel, name) {
  const esbuild = require('esbuild');
  const file = path.join(root, ...rel.split('/'));
  const built = esbuild.buildSync({ entryPoints: [file], bundle: true, write: false, format: 'cjs', platform: 'node', logLevel: 'silent' });
  const mod = new Module(file);
  mod.filename = file;
  // @ts-expect-error Module#_compile is Node's own way to run CommonJS text as a module.
  mod._compile(built.outputFiles[0].text, file);
  return mod.exports[name];
}

/**
 * The files derived from one data file, each as [relative path, text] (compact, ASCII as the copies).
 * @param {string} root the repository's root
 * @param {string} relPath the data file, relative to `root`, `/`-separated
 * @param {string} text the data file's text
 * @returns {[string, string][]}
 */
function derivedDataFiles(root, relPath, text) {
  const derived = /** @type {Record<string, string[][]>} */ (DERIVED_FILES)[relPath] ?? [];
  return derived.map(([rel, source, name]) => [rel, asciiJson(sourceExport(root, source, name)(JSON.parse(text)))]);
}

/**
 * Every file the bundles read from descriptors/: each data file's run-time copy and the files derived from it.
 * @param {string} root the repository's root
 * @returns {[string, string][]} [relative path, text]
 */
function runtimeDataFiles(root) {
  return dataFiles(root).flatMap((rel) => {
    const text = fs.readFileSync(path.join(root, ...rel.split('/')), 'utf8');
    return [[rel, runtimeDataText(rel, text)], ...derivedDataFiles(root, rel, text)];
  });
}

/** @param {unknown} data @returns {string} compact JSON, non-ASCII characters as \u escapes */
function asciiJson(data) {
  return JSON.stringify(data).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The data files (relative paths, `/`-separated): every descriptors/**\/*.json but the JSON schemas.
 * @param {string} root the repository's root
 * @returns {string[]}
 */
function dataFiles(root) {
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) =>
    fs
      .readdirSync(path.join(root, dir), { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]))
      .sort();
  return walk('descriptors').filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'));
}

/**
 * The run-time copy of one data file: its JSON without the documentation fields and the paraminfo modules'
 * unread fields, compact and ASCII.
 * @param {string} relPath relative to the repository's root, `/`-separated
 * @param {string} text the file's text
 * @returns {string}
 */
function runtimeDataText(relPath, text) {
  const data = JSON.parse(text);
  const fields = /** @type {Record<string, string[]>} */ (DOCUMENTATION_FIELDS)[relPath];
  if (fields && data && typeof data === 'object' && Array.isArray(data.rules)) {
    delete data.description;
    for (const rule of data.rules) if (rule && typeof rule === 'object') for (const f of fields) delete rule[f];
  }
  const unread = /** @type {Record<string, string[]>} */ (UNREAD_MODULE_FIELDS)[relPath];
  const modules = data && typeof data === 'object' && data.paraminfo ? data.paraminfo.modules : undefined;
  if (unread && Array.isArray(modules)) {
    for (const m of modules) if (m && typeof m === 'object') for (const f of unread) delete m[f];
  }
  return asciiJson(data);
}

/**
 * Writes the run-time copy of every data file under `outDir` (as `outDir/descriptors/…`).
 * @param {string} root the repository's root
 * @param {string} outDir absolute, or relative to `root`
 * @returns {string[]} the files written, relative to `root` when `outDir` is
 */
function writeRuntimeData(root, outDir) {
  const written = [];
  const target = path.resolve(root, outDir);
  fs.rmSync(path.join(target, 'descriptors'), { recursive: true, force: true });
  for (const [rel, text] of runtimeDataFiles(root)) {
    const out = path.join(target, ...rel.split('/'));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, text);
    written.push(
      path
        .join(outDir, ...rel.split('/'))
        .split(path.sep)
        .join('/'),
    );
  }
  return written;
}

module.exports = {
  DOCUMENTATION_FIELDS,
  UNREAD_MODULE_FIELDS,
  DERIVED_FILES,
  dataFiles,
  runtimeDataText,
  derivedDataFiles,
  runtimeDataFiles,
  writeRuntimeData,
};
