// Whether the bundles in dist/ were built from the sources as they are now, from the list of every
// file each bundle was made of (esbuild's metafile, written by scripts/build.js as BUILD_INPUTS).
// Every suite that runs a bundle asks this first (test/protocol/lspClient.ts, scripts/run-tests.js),
// so a change anywhere in what a bundle imports (common/, run/, server/src/, a dependency) rebuilds
// it: no suite runs against a stale bundle.
// @ts-check
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

/** Relative to the repository's root. */
const BUILD_INPUTS = 'dist/build-inputs.json';
/** Read by the build or embedded by a plugin, so not in any metafile: the build script, the package
 *  files, and the descriptors (the web worker carries them). */
const ALWAYS_INPUTS = ['scripts/build.js', 'package.json', 'package-lock.json'];
const ALWAYS_INPUT_DIRS = ['descriptors'];

/**
 * The list BUILD_INPUTS holds, from the results of esbuild builds made with `metafile: true`:
 * every output written and every input file read (relative paths; esbuild's virtual modules left out).
 * @param {Array<{ metafile?: { inputs: Record<string, unknown>, outputs: Record<string, unknown> } }>} results
 */
function buildInputs(results) {
  const inputs = new Set();
  const outputs = new Set();
  for (const r of results) {
    if (!r.metafile) continue;
    for (const f of Object.keys(r.metafile.inputs)) if (!/^[\w-]+:/.test(f)) inputs.add(f);
    for (const f of Object.keys(r.metafile.outputs)) if (!f.endsWith('.map')) outputs.add(f);
  }
  return { outputs: [...outputs].sort(), inputs: [...inputs].sort() };
}

function newestMtime(dir) {
  let latest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    latest = Math.max(latest, e.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * Why the bundles must be built again, or undefined when every output is newer than every input.
 * @param {string} root the repository's root
 * @returns {string | undefined}
 */
function staleReason(root) {
  const listFile = path.join(root, BUILD_INPUTS);
  if (!fs.existsSync(listFile)) return `${BUILD_INPUTS} is missing (never built, or built by an older build script)`;
  /** @type {{ outputs: string[], inputs: string[] }} */
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8'));
  let oldestOutput = Infinity;
  for (const out of list.outputs) {
    const full = path.join(root, out);
    if (!fs.existsSync(full)) return `${out} is missing`;
    oldestOutput = Math.min(oldestOutput, fs.statSync(full).mtimeMs);
  }
  for (const input of [...list.inputs, ...ALWAYS_INPUTS]) {
    const full = path.join(root, input);
    if (!fs.existsSync(full)) return `${input}, an input of the last build, is gone`;
    if (fs.statSync(full).mtimeMs > oldestOutput) return `${input} changed after the last build`;
  }
  for (const dir of ALWAYS_INPUT_DIRS)
    if (fs.existsSync(path.join(root, dir)) && newestMtime(path.join(root, dir)) > oldestOutput)
      return `${dir}/ changed after the last build`;
  return undefined;
}

/**
 * Builds (scripts/build.js) when the bundles are stale; throws with the build's output when it fails.
 * @param {string} root
 * @returns {string | undefined} why it built, or undefined when the bundles were fresh
 */
function ensureFreshBuild(root) {
  const reason = staleReason(root);
  if (!reason) return undefined;
  const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js')], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`The build failed (${reason}); fix it before the suites that run the bundles:\n${res.stdout}${res.stderr}`);
  const still = staleReason(root);
  if (still) throw new Error(`The build ran but the bundles are still stale: ${still}`);
  return reason;
}

module.exports = { BUILD_INPUTS, buildInputs, staleReason, ensureFreshBuild };
