// @ts-check
// The descriptions of the settings table (common/settings.ts) left out of the bundles.
//
// Each entry of `SETTINGS` carries its documentation: `markdownDescription` (VS Code's settings
// page), `readme` (the README table), `enumDescriptions`, `patternErrorMessage`. Only the generated
// files read them (package.json `contributes.configuration`, the README and docs tables:
// scripts/settings/), never the code that runs: the server, the CLI and the client read keys, types,
// defaults, enums and ranges. Bundled, the descriptions were ~15 KB of every bundle that holds the
// table (the client's activation bundle, the server, the CLI, both web bundles), evaluated and kept
// in memory at each start. The source file stays the one table; this plugin drops those properties
// from what esbuild bundles. Positions are kept (the text removed becomes blanks) and an inline
// source map leads back to the TypeScript, so stack traces and the development build's map still
// point at common/settings.ts.
'use strict';
const fs = require('fs');
const path = require('path');
const acorn = require('acorn');
const esbuild = require('esbuild');

/** The properties of a setting's entry (and of its `values`) that only documentation reads. */
const DOC_PROPERTIES = new Set(['markdownDescription', 'readme', 'enumDescriptions', 'patternErrorMessage']);

/** common/settings.ts as JavaScript, without the documentation properties (each replaced by blanks). */
function settingsWithoutDocs(file) {
  const js = esbuild.transformSync(fs.readFileSync(file, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    sourcefile: file,
    sourcemap: 'inline',
  }).code;
  const cuts = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ObjectExpression') {
      node.properties.forEach((p, i) => {
        const name = p.type === 'Property' && !p.computed ? (p.key.name ?? p.key.value) : undefined;
        if (!DOC_PROPERTIES.has(name)) return;
        // The property and the comma after it (the last one's comma, if any, comes before the brace).
        const next = node.properties[i + 1];
        const comma = js.indexOf(',', p.end);
        cuts.push([p.start, next ? comma + 1 : p.end]);
      });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(acorn.parse(js, { ecmaVersion: 'latest', sourceType: 'module' }));
  let out = js;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + out.slice(start, end).replace(/[^\n]/g, ' ') + out.slice(end);
  return { text: out, dropped: cuts.length };
}

/** The esbuild plugin: common/settings.ts is loaded without its documentation properties. */
function settingsDocsStripPlugin(root) {
  const settingsFile = path.join(root, 'common', 'settings.ts');
  return {
    name: 'settings-docs-strip',
    setup(build) {
      build.onLoad({ filter: /[\\/]common[\\/]settings\.ts$/ }, (args) => {
        if (path.resolve(args.path) !== settingsFile) return undefined;
        return { contents: settingsWithoutDocs(args.path).text, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

module.exports = { settingsDocsStripPlugin, settingsWithoutDocs, DOC_PROPERTIES };
