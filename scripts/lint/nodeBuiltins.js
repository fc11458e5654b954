// @ts-check
// Which module names are Node built-ins: shared by the lint rule wikimap/no-node-in-web and the test that
// scans the web bundles (test/web/bundles.test.ts).
'use strict';
const { builtinModules } = require('node:module');

const NODE_BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')));

/** A Node built-in module name (`fs`, `node:fs`, `fs/promises`). */
function isNodeBuiltin(specifier) {
  return specifier.startsWith('node:') || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split('/')[0]);
}

module.exports = { isNodeBuiltin };
