// Where scripts/setup-codeserver.sh keeps code-server and the Node 24 it needs (outside the clone).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const CODE_SERVER_VERSION = '4.139.1';
const NODE24_VERSION = '24.21.0';

function cacheDir() {
  if (process.env.WIKIMAP_QUERY_CACHE) return process.env.WIKIMAP_QUERY_CACHE;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'wikimap-query');
}

/** @returns {{ node: string, entry: string, version: string }} */
function findCodeServer() {
  const dir = cacheDir();
  const node = path.join(dir, `node-${NODE24_VERSION}`, 'bin', 'node');
  const entry = path.join(dir, `code-server-${CODE_SERVER_VERSION}`, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  if (!fs.existsSync(node) || !fs.existsSync(entry)) {
    throw new Error(
      `code-server ${CODE_SERVER_VERSION} is not installed in ${dir}: run "bash scripts/setup-codeserver.sh" (or "bash scripts/setup.sh")`,
    );
  }
  return { node, entry, version: CODE_SERVER_VERSION };
}

module.exports = { findCodeServer, cacheDir, CODE_SERVER_VERSION };
