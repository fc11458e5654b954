#!/usr/bin/env node
// Runs every test suite in turn and closes with the plain total over all suites:
//   N passed, N failed
// Usage: node scripts/run-tests.js [suite ...]   (default: all suites)
// A suite that cannot run (missing part, crash) counts as a failure, never a skip.
// @ts-check
'use strict';
const { spawn } = require('child_process');
const path = require('path');
const fs = require('fs');
const os = require('os');
const { ensureFreshBuild } = require('./lib/buildFreshness.js');

const root = path.join(__dirname, '..');
const mocha = path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');

/** Each suite: a name and the command that runs it. Mocha suites are counted from mocha's summary;
 *  other suites print their own `N passed, N failed` line, which is read back. `bundles`: the suite
 *  runs what scripts/build.js makes, rebuilt first when any file it is made of changed. */
const SUITES = [
  { name: 'lint', cmd: ['node', 'scripts/lint.js'] },
  { name: 'unit', mocha: ['test/unit/**/*.test.ts'] },
  { name: 'protocol', mocha: ['test/protocol/**/*.test.ts'], bundles: true },
  { name: 'mediawiki', mocha: ['test/mediawiki/**/*.test.ts'], timeout: 600000, bundles: true },
  // Loopback servers that stream without end, drip, redirect, or come in numbers (docs/security.md).
  { name: 'hostile', mocha: ['test/hostile/**/*.test.ts'], timeout: 300000, bundles: true },
  // The web build: its bundles free of Node built-ins, its language server as a Web Worker in Chromium.
  { name: 'web', mocha: ['test/web/**/*.test.ts'], timeout: 180000, bundles: true },
  { name: 'e2e', cmd: ['node', 'test/e2e/run.js'], bundles: true },
  // The web build in a real VS Code web workbench: code-server in Chromium, the extension in the web-worker extension host.
  { name: 'web-e2e', cmd: ['node', 'test/web-e2e/run.js'], bundles: true },
  { name: 'neovim', cmd: ['node', 'test/neovim/run.js'], bundles: true },
  { name: 'emacs', cmd: ['node', 'test/emacs/run.js'], bundles: true },
  { name: 'vim', cmd: ['node', 'test/vim/run.js'], bundles: true },
  // a clone of HEAD in an empty folder: npm ci, npm start (downloads Node 24 and code-server into an
  // empty cache), the unit suite, git status clean; several minutes
  { name: 'fresh-clone', cmd: ['node', 'test/fresh-clone/run.js'] },
];

function suiteExists(suite) {
  if (suite.cmd) return fs.existsSync(path.join(root, suite.cmd[1]));
  const dir = suite.mocha[0].split('/**')[0];
  return fs.existsSync(path.join(root, dir));
}

async function run(suite) {
  if (suite.bundles) {
    try {
      const why = ensureFreshBuild(root);
      if (why) console.log(`built the bundles first: ${why}`);
    } catch (err) {
      console.error(`${suite.name}: ${err instanceof Error ? err.message : String(err)}`);
      console.log(`${suite.name}: 0 passed, 1 failed`);
      return { passed: 0, failed: 1 };
    }
  }
  let args;
  if (suite.mocha) {
    // --no-config: .mocharc.json names the unit tests as its default spec, which mocha would add to every suite.
    args = [
      mocha,
      '--no-config',
      '--no-color',
      '--extension',
      'ts',
      '--node-option',
      'import=tsx',
      '--reporter',
      'spec',
      '--timeout',
      String(suite.timeout || 20000),
      '--spec',
      ...suite.mocha,
    ];
  } else {
    args = suite.cmd.slice(1);
  }
  const exe = suite.mocha ? process.execPath : suite.cmd[0] === 'node' ? process.execPath : suite.cmd[0];
  // Streamed, not buffered: long suites show progress as they go, and nothing waits in a queue
  // behind a blocked call (output written to a full pipe is only flushed by the event loop).
  const res = await new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    const child = spawn(exe, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => {
      stdout += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      process.stderr.write(d);
    });
    child.on('error', (error) => resolve({ status: null, stdout, stderr, error }));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  const out = res.stdout + '\n' + res.stderr;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (suite.mocha) {
    const p = /^\s*(\d+) passing/m.exec(out);
    const f = /^\s*(\d+) failing/m.exec(out);
    const s = /^\s*(\d+) pending/m.exec(out);
    passed = p ? +p[1] : 0;
    failed = f ? +f[1] : 0;
    skipped = s ? +s[1] : 0;
  } else {
    const lines = out.split('\n').filter((l) => /^(\w+: )?\d+ passed, \d+ failed/.test(l.trim()));
    const last = lines[lines.length - 1];
    if (last) {
      const m = /** @type {RegExpExecArray} */ (/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(last));
      passed = +m[1];
      failed = +m[2];
      skipped = m[3] ? +m[3] : 0;
    }
  }
  // A suite that exits non-zero without reporting a failure still failed (crash, missing part).
  if (res.status !== 0 && failed === 0) failed = 1;
  if (res.error) {
    console.error(`${suite.name}: could not start: ${res.error.message}`);
    failed = Math.max(failed, 1);
  }
  // Pending/skipped tests count as failures in CI: a suite that needs a part installs it.
  if (skipped > 0) failed += skipped;
  console.log(`${suite.name}: ${passed} passed, ${failed} failed`);
  return { passed, failed };
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !SUITES.some((s) => s.name === w));
  if (unknown.length) {
    console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const suites = SUITES.filter((s) => (wanted.length ? wanted.includes(s.name) : suiteExists(s)));
  // The servers and checkers the suites start keep their V8 code cache (server/src/node/compileCache.ts)
  // in a folder of this run, not in the user's cache folder; every suite after the first starts warm.
  const ownCache = process.env.WIKIMAP_QUERY_COMPILE_CACHE === undefined;
  if (ownCache) process.env.WIKIMAP_QUERY_COMPILE_CACHE = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-query-test-cache-'));
  let passed = 0;
  let failed = 0;
  try {
    for (const suite of suites) {
      console.log(`\n=== suite ${suite.name} ===`);
      const r = await run(suite);
      passed += r.passed;
      failed += r.failed;
    }
  } finally {
    if (ownCache) fs.rmSync(/** @type {string} */ (process.env.WIKIMAP_QUERY_COMPILE_CACHE), { recursive: true, force: true });
  }
  console.log(`${passed} passed, ${failed} failed`);
  // exitCode, not exit(): let everything written to stdout reach a pipe before the process ends.
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

main();
