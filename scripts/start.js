#!/usr/bin/env node
// The one-command start: `npm ci && npm start`.
//  1. builds, and checks the sample files in examples/ with the `wikimap-query` CLI (built-in catalogue);
//  2. packages the extension and opens examples/ in a real VS Code with it installed: your own `code`
//     when it is on PATH, otherwise code-server on 127.0.0.1 (installed on first use into a cache
//     outside the clone by scripts/setup-codeserver.sh), printing the URL to open. Ctrl+C stops it.
// Nothing external is needed: the built-in catalogue, no wiki, no map server.
// Options: --check-only (step 1 only), --port N (code-server's port; default a free one).
'use strict';
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'cli.js');
const pkg = require(path.join(root, 'package.json'));
const args = process.argv.slice(2);

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...opts });
  return r.status;
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
  run(code, [path.join(root, 'examples')]);
  console.log('Opened examples/ in VS Code with Wiki & Map Query installed.');
}

function openInCodeServer(vsix) {
  const { findCodeServer } = require(path.join(root, 'test', 'e2e', 'codeServerLocation'));
  let cs;
  try {
    cs = findCodeServer();
  } catch {
    console.log('No `code` on PATH: setting up code-server (a real VS Code in the browser; about 2 minutes, once)…');
    if (run('bash', [path.join(root, 'scripts', 'setup-codeserver.sh')]) !== 0) {
      console.error('Could not set up code-server (see above). The checker output above still shows what the extension reports.');
      process.exit(1);
    }
    cs = findCodeServer();
  }
  const profile = path.join(os.tmpdir(), 'wikimap-query-start');
  const userData = path.join(profile, 'user-data');
  const extensions = path.join(profile, 'extensions');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  const settings = path.join(userData, 'User', 'settings.json');
  if (!fs.existsSync(settings)) {
    fs.writeFileSync(settings, JSON.stringify({ 'workbench.startupEditor': 'none', 'telemetry.telemetryLevel': 'off', 'security.workspace.trust.enabled': false }, null, 2));
  }
  const env = { ...process.env, PATH: `${path.dirname(cs.node)}:${process.env.PATH}` };
  const csArgs = ['--user-data-dir', userData, '--extensions-dir', extensions];
  if (spawnSync(cs.node, [cs.entry, ...csArgs, '--install-extension', vsix, '--force'], { env, stdio: 'ignore' }).status !== 0) {
    console.error('Installing the extension into code-server failed.');
    process.exit(1);
  }
  const portIdx = args.indexOf('--port');
  const port = portIdx >= 0 ? args[portIdx + 1] : '0';
  const child = spawn(cs.node, [cs.entry, ...csArgs, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', path.join(root, 'examples')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let shown = false;
  const onData = (d) => {
    const m = /HTTP server listening on (http:\/\/\S+)/.exec(String(d));
    if (m && !shown) {
      shown = true;
      const url = `${m[1].replace(/\/$/, '')}/?folder=${encodeURIComponent(path.join(root, 'examples'))}`;
      console.log(`\nVS Code (code-server ${cs.version}) with Wiki & Map Query is serving examples/ at:\n\n    ${url}\n\nOpen it in a browser on this machine. Press Ctrl+C to stop.`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', (code) => process.exit(code ?? 0));
  process.on('SIGINT', () => child.kill('SIGTERM'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
}

step1();
if (args.includes('--check-only')) process.exit(0);
const vsix = packageVsix();
const code = process.env.WIKIMAP_QUERY_NO_DESKTOP ? undefined : which('code');
if (code) openInDesktopCode(code, vsix);
else openInCodeServer(vsix);
