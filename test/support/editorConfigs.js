// The editor configurations of docs/editors.md, as the editor suites use them: each is the fenced block
// right after a `<!-- tested-config: NAME -->` line, so the documentation is the one source of what is tested.
'use strict';
const fs = require('fs');
const path = require('path');

const DOC = path.resolve(__dirname, '..', '..', 'docs', 'editors.md');

/** name → the text of its fenced block (without the fences). */
function readEditorConfigs(doc = DOC) {
  const text = fs.readFileSync(doc, 'utf8');
  const out = {};
  // a block may be indented (inside a list item): its lines lose that indentation
  const re = /^([ \t]*)<!-- tested-config: ([\w-]+) -->\r?\n\1```[\w-]*\r?\n([\s\S]*?)^\1```\s*$/gm;
  for (let m; (m = re.exec(text));) {
    const indent = m[1];
    out[m[2]] = m[3].replace(/^.*$/gm, (line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
  }
  return out;
}

/** One configuration; throws when the document has no block of that name. */
function editorConfig(name) {
  const config = readEditorConfigs()[name];
  if (config === undefined) throw new Error(`docs/editors.md has no block marked <!-- tested-config: ${name} -->`);
  return config;
}

/**
 * A folder to put first on PATH in which `wikimap-query-server` is a link to the built dist/server.js, as
 * docs/editors.md tells users to make one (the bundle runs by its own #! line), with the running Node
 * next to it for `#!/usr/bin/env node`.
 */
function serverOnPath(dir, serverBundle) {
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(serverBundle, path.join(bin, 'wikimap-query-server'));
  return `${bin}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH || ''}`;
}

module.exports = { readEditorConfigs, editorConfig, serverOnPath, DOC };
