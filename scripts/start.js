#!/usr/bin/env node
// The one-command start: `npm ci && npm start`.
//  1. builds, and checks the sample files in examples/ with the `wikimap-query` CLI (built-in catalogue);
//  2. packages the extension and opens examples/getting-started.wikiquery in a real VS Code with it
//     installed: your own `code` when it is on PATH, otherwise code-server on 127.0.0.1 (installed on
//     first use from the npm registry into a cache outside the clone by scripts/setup-codeserver.sh,
//     which says what it downloads first), printing the URL to open. Ctrl+C stops it.
// No wiki, no map server, no account: the built-in catalogue.
// Options:
//   --check-only    step 1 only
//   --code-server   use code-server even when `code` is on PATH (also: WIKIMAP_QUERY_NO_DESKTOP=1)
//   --port N        code-server's port (default: a free one)
// It never opens a browser itself: it prints the URL and keeps serving until stopped, so it also runs
// unattended (CI, tests).
'use strict';
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'cli.js');
const pkg = require(path.join(root, 'package.json'));
const args = process.argv.slice(2);
const FIRST_FILE = path.join('examples', 'getting-started.wikiquery');

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...opts });
  return r.status;
}

/** The environment without what `npm start` added (npm_* variables, node_modules/.bin on PATH):
 *  tools started from here (code-server's installer above all) must not take npm's settings for theirs. */
function cleanEnv() {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'INIT_CWD' && k !== 'NODE') env[k] = v;
  env.PATH = (process.env.PATH || '')
    .split(path.delimiter)
    .filter((p) => !/node_modules[\\/]\.bin$/.test(p))
    .join(path.delimiter);
  return env;
}

function step1() {
  if (run(process.execPath, [path.join(root, 'scripts', 'build.js')]) !== 0) {
    console.error('The build failed (see above). Run `npm ci` first if node_modules is missing.');
    process.exit(1);
  }
  console.log('$ wikimap-query check examples/\n');
  const status = run(process.execPath, [cli, 'check', 'examples']);
  if (status === 2 || status === null) {
    console.error('\nThe checker could not run (see the message above).');
    process.exit(1);
  }
  console.log('\nThe problems above are the deliberate mistakes in examples/*mistakes*.\n');
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function packageVsix() {
  console.log('Packaging the extension…');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'package.js')], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    console.error('Packaging failed (see above).');
    process.exit(1);
  }
  const vsix = path.join(root, `${pkg.name}-${pkg.version}.vsix`);
  console.log(r.stdout.trim().split('\n').pop());
  // the packaging step builds minified bundles; leave the development build behind as before
  run(process.execPath, [path.join(root, 'scripts', 'build.js')]);
  return vsix;
}

function openInDesktopCode(code, vsix) {
  console.log(`Installing into your VS Code (${code}) and opening examples/…`);
  if (run(code, ['--install-extension', vsix, '--force']) !== 0) process.exit(1);
  run(code, [path.join(root, 'examples'), path.join(root, FIRST_FILE)]);
  console.log(`Opened ${FIRST_FILE} in VS Code with Wiki & Map Query installed.`);
}

/** Before anything is built: is code-server there, and if not, can it be installed without root? */
function preflightCodeServer() {
  const r = spawnSync('bash', [path.join(root, 'scripts', 'setup-codeserver.sh'), '--check'], {
    cwd: root,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  if (r.status === 0) return false;
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  if (r.status === 10) {
    console.log('');
    return true;
  }
  process.exit(1);
}

/** The user settings of the code-server profile `npm start` uses: the first screen shows the extension. */
const START_SETTINGS = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  // no chat panel and no AI offers taking a third of the window
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  // examples/ lies inside this clone's repository: no offer to open it
  'git.openRepositoryInParentFolders': 'never',
};

function writeSettings(userData) {
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  const file = path.join(userData, 'User', 'settings.json');
  let current = {};
  try {
    current = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // none yet, or not plain JSON: start over
  }
  fs.writeFileSync(file, JSON.stringify({ ...current, ...START_SETTINGS }, null, 2));
}

function openInCodeServer(vsix, needsSetup) {
  const { findCodeServer } = require(path.join(root, 'test', 'e2e', 'codeServerLocation'));
  if (needsSetup) {
    if (run('bash', [path.join(root, 'scripts', 'setup-codeserver.sh')], { env: cleanEnv() }) !== 0) {
      console.error('\nCould not set up code-server (the cause and the command that fixes it are above).');
      console.error('The checker output further up still shows what the extension reports.');
      process.exit(1);
    }
  }
  const cs = findCodeServer();
  const profile = path.join(os.tmpdir(), `wikimap-query-start-${os.userInfo().uid}`);
  const userData = path.join(profile, 'user-data');
  const extensions = path.join(profile, 'extensions');
  writeSettings(userData);
  const env = { ...cleanEnv(), PATH: `${path.dirname(cs.node)}${path.delimiter}${cleanEnv().PATH}` };
  const csArgs = ['--user-data-dir', userData, '--extensions-dir', extensions];
  const installed = spawnSync(cs.node, [cs.entry, ...csArgs, '--install-extension', vsix, '--force'], { env, encoding: 'utf8' });
  if (installed.status !== 0) {
    process.stderr.write(installed.stdout + installed.stderr);
    console.error('Installing the extension into code-server failed (see above).');
    process.exit(1);
  }
  const portIdx = args.indexOf('--port');
  const port = portIdx >= 0 ? args[portIdx + 1] : '0';
  const folder = path.join(root, 'examples');
  const child = spawn(
    cs.node,
    [
      cs.entry,
      ...csArgs,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      folder,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let shown = false;
  let early = '';
  const onData = (d) => {
    if (!shown) early += String(d);
    const m = /HTTP server listening on (http:\/\/\S+)/.exec(String(d));
    if (m && !shown) {
      shown = true;
      const base = m[1].replace(/\/$/, '');
      // The workbench opens the file named in its `payload` (as VS Code does for `code FOLDER FILE`).
      const file = `vscode-remote://${new URL(base).host}${path.join(root, FIRST_FILE)}`;
      const url = `${base}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify([['openFile', file]]))}`;
      console.log(
        `\nVS Code (code-server ${cs.version}) with Wiki & Map Query is serving ${FIRST_FILE} at:\n\n    ${url}\n\nOpen it in a browser on this machine. Press Ctrl+C to stop.`,
      );
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', (code) => {
    if (!shown) process.stderr.write(`code-server stopped before it served anything:\n${early}`);
    process.exit(code ?? 0);
  });
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

const code =
  args.includes('--check-only') || args.includes('--code-server') || process.env.WIKIMAP_QUERY_NO_DESKTOP ? undefined : which('code');
// Say what setting up code-server needs before building anything (and stop if it needs root).
const needsSetup = !args.includes('--check-only') && !code ? preflightCodeServer() : false;
step1();
if (args.includes('--check-only')) process.exit(0);
const vsix = packageVsix();
if (code) openInDesktopCode(code, vsix);
else openInCodeServer(vsix, needsSetup);
