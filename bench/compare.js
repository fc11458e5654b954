#!/usr/bin/env node
// `npm run bench:compare -- --against REV [--rounds N] [--install] [-- BENCH_ARGS]`: the benchmark of
// another commit and of this checkout, side by side in one run, so that a busy machine slows both alike.
// - REV is checked out as a detached git worktree in a temporary folder outside the repository, built
//   there (`node scripts/build.js`) and removed at the end: `git status` stays as it was. REV's benchmark
//   runs with its temporary folder inside that worktree (see baseEnv), so older commits' web rows build.
// - Its node_modules is this checkout's when every package REV's lock names has the same version here
//   (this one's is then a superset); otherwise, or with --install, `npm ci` runs in the worktree.
// - Runs interleave, the order swapped each round (AB BA AB …, N rounds each), each `node bench/run.js`
//   in its own tree; every row's median per side, its spread (min–max) and the ratio this/REV are printed
//   and written to bench/out/compare.json (git-ignored).
// - A row is flagged `worse` when this side's median is worse than REV's by more than 5% and outside
//   REV's spread; `better` the other way round. Units MB/s and x (ratios) are better higher, the rest lower.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const root = path.join(__dirname, '..');
const OUT = path.join(root, 'bench', 'out', 'compare.json');
const NOISE = 0.05;

function usage(message) {
  if (message) console.error(message);
  console.error('Usage: npm run bench:compare -- --against REV [--rounds N] [--install] [-- BENCH_ARGS]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { against: undefined, rounds: 3, install: false, benchArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      opts.benchArgs = argv.slice(i + 1);
      break;
    }
    if (a === '--against') opts.against = argv[++i];
    else if (a.startsWith('--against=')) opts.against = a.slice('--against='.length);
    else if (a === '--rounds') opts.rounds = Number(argv[++i]);
    else if (a.startsWith('--rounds=')) opts.rounds = Number(a.slice('--rounds='.length));
    else if (a === '--install') opts.install = true;
    else usage(`Unknown option ${a}`);
  }
  if (!opts.against) usage('--against REV is required.');
  if (!Number.isInteger(opts.rounds) || opts.rounds < 1 || opts.rounds > 50) usage('--rounds is a whole number from 1 to 50.');
  return opts;
}

function git(args, cwd = root) {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${r.status})`);
}

/** Whether every package of `other`'s lock file has the same version in this checkout's (ours is a superset). */
function sameOrSuperset(otherRoot) {
  const read = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')).packages ?? {};
  const ours = read(root);
  const theirs = read(otherRoot);
  return Object.entries(theirs).every(([name, p]) => name === '' || (ours[name] && ours[name].version === p.version));
}

/** A row as every version of the benchmark prints it: mark, name, value, unit, `target …`. */
const PRINTED_ROW = /^(?: met | MISS| {2}- {2}) (.+?) +(-?[\d.e+]+|\S+) (\S*) *target (.*)$/;

/** The rows a run printed (what a run that failed part-way, or wrote no results file, still measured). */
function printedRows(stdout) {
  const rows = [];
  for (const line of stdout.split('\n')) {
    const m = PRINTED_ROW.exec(line);
    if (m) rows.push({ name: m[1].trim(), value: Number.isFinite(Number(m[2])) ? Number(m[2]) : m[2], unit: m[3], target: m[4] });
  }
  return rows;
}

/**
 * One `node bench/run.js` in `tree`; its rows, read from the results file it wrote, else from what it
 * printed (an older commit's benchmark may fail part-way, or `--only=…` writes no file).
 */
/**
 * The environment of the base's runs: its temporary folder is the base worktree itself. Commits before
 * the web rows' fix (dcf2f4f and older) bundle the bench into a folder made in the temporary folder, and
 * the bundled build script then reads its package files from that folder's parent (`__dirname/..`): with
 * the system's temporary folder that is a folder without package.json, and the web build failed. The
 * worktree is removed at the end with all it holds.
 */
function baseEnv(base) {
  return { ...process.env, TMPDIR: base, TMP: base, TEMP: base };
}

function benchOnce(tree, benchArgs, env = process.env) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(tree, 'bench', 'run.js'), ...benchArgs], {
    cwd: tree,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(r.stdout ?? '');
  // Older commits wrote the tracked bench/results.json; newer ones bench/out/results.json.
  for (const rel of ['bench/out/results.json', 'bench/results.json']) {
    const file = path.join(tree, rel);
    if (r.status === 0 && fs.existsSync(file) && fs.statSync(file).mtimeMs >= started - 1000)
      return JSON.parse(fs.readFileSync(file, 'utf8')).rows;
  }
  const rows = printedRows(r.stdout ?? '');
  if (!rows.length) throw new Error(`The benchmark in ${tree} failed (exit ${r.status}) before it printed any row.`);
  if (r.status !== 0) console.error(`(the benchmark in ${tree} failed, exit ${r.status}: the ${rows.length} rows it printed are compared)`);
  return rows;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const higherIsBetter = (unit) => unit === 'MB/s' || unit === 'x';

/**
 * Rows renamed since an older version of the benchmark, old name → name now, so that the two sides meet.
 * The server's bundle was split (scripts/build.js LAZY_CHUNKS): its row now says it measures the file read at
 * start, which is what the older row measured (the whole server was read at start then).
 */
const RENAMED = {
  'server bundle (minified)': 'server bundle read at start (minified, dist/server.core.js)',
  'server bundle (minified, gzip)': 'server bundle read at start (minified, gzip)',
};

/**
 * Rows new since an older version of the benchmark, with the row of that version that measured the same thing for it,
 * name → older row: a commit whose server does not resolve completion items answers VS Code's client as any other, so
 * its plain completion row is what VS Code got from it.
 */
const BASE_FROM = {
  'completion over stdio JSON-RPC p99, VS Code (resolving)': 'completion over stdio JSON-RPC p99',
};

/** Per row name: the values of each side over the rounds, in the order rows first appeared. */
function collect(runs) {
  const rows = new Map();
  for (const side of ['base', 'this']) {
    for (const list of runs[side]) {
      for (const r of list) {
        // Keyed by the trimmed name: a results file keeps a sub-row's indent, rows read back from what a
        // run printed do not (else the two sides of an indented row never meet).
        const key = RENAMED[r.name.trim()] ?? r.name.trim();
        if (!rows.has(key)) rows.set(key, { name: RENAMED[r.name.trim()] ?? r.name, unit: r.unit, target: r.target, base: [], this: [] });
        rows.get(key)[side].push(r.value);
      }
    }
  }
  for (const [name, older] of Object.entries(BASE_FROM)) {
    const row = rows.get(name);
    if (row && row.base.length === 0 && rows.has(older)) Object.assign(row, { base: [...rows.get(older).base], baseFrom: older });
  }
  return [...rows.values()];
}

function summarise(row) {
  const nums = (xs) => xs.filter((v) => typeof v === 'number' && Number.isFinite(v));
  const b = nums(row.base);
  const t = nums(row.this);
  if (!b.length || !t.length) {
    const last = (xs) => (xs.length ? String(xs[xs.length - 1]) : '—');
    return { ...row, baseMedian: last(row.base), thisMedian: last(row.this), ratio: null, verdict: '' };
  }
  const bm = median(b);
  const tm = median(t);
  const ratio = bm === 0 ? (tm === 0 ? 1 : null) : tm / bm;
  const worseBy = higherIsBetter(row.unit) ? (bm - tm) / Math.abs(bm || 1) : (tm - bm) / Math.abs(bm || 1);
  const outside = tm < Math.min(...b) || tm > Math.max(...b);
  const verdict = outside && worseBy > NOISE ? 'worse' : outside && worseBy < -NOISE ? 'better' : '';
  return {
    ...row,
    baseMedian: bm,
    thisMedian: tm,
    baseSpread: [Math.min(...b), Math.max(...b)],
    thisSpread: [Math.min(...t), Math.max(...t)],
    ratio,
    verdict,
  };
}

function print(rows, label) {
  const fmt = (v) => (typeof v === 'number' ? String(Number(v.toPrecision(4))) : String(v));
  const spread = (s) => (s ? `${fmt(s[0])}–${fmt(s[1])}` : '');
  const table = [['row', 'unit', `${label} (median)`, 'spread', 'this (median)', 'spread', 'this/base', '']];
  for (const r of rows) {
    table.push([
      r.baseFrom ? `${r.name} (base: its "${r.baseFrom.trim()}")` : r.name,
      r.unit,
      fmt(r.baseMedian),
      spread(r.baseSpread),
      fmt(r.thisMedian),
      spread(r.thisSpread),
      r.ratio === null ? '' : r.ratio.toFixed(3),
      r.verdict,
    ]);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((line) => line[i].length)));
  for (const line of table) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const rev = git(['rev-parse', '--verify', `${opts.against}^{commit}`]);
  const statusBefore = git(['status', '--porcelain']);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-compare-'));
  const base = path.join(tmp, 'base');
  git(['worktree', 'add', '--detach', base, rev]);
  try {
    if (!opts.install && sameOrSuperset(base)) fs.symlinkSync(path.join(root, 'node_modules'), path.join(base, 'node_modules'), 'dir');
    else run('npm', ['ci', '--no-audit', '--no-fund'], base);
    run(process.execPath, ['scripts/build.js'], base);
    run(process.execPath, ['scripts/build.js'], root);
    const runs = { base: [], this: [] };
    for (let i = 0; i < opts.rounds; i++) {
      const order = i % 2 ? ['this', 'base'] : ['base', 'this'];
      for (const side of order) {
        console.log(`\n=== round ${i + 1}/${opts.rounds}: ${side === 'base' ? rev.slice(0, 10) : 'this checkout'} ===`);
        runs[side].push(side === 'base' ? benchOnce(base, opts.benchArgs, baseEnv(base)) : benchOnce(root, opts.benchArgs));
      }
    }
    const rows = collect(runs).map(summarise);
    console.log(`\nSide by side: ${rev.slice(0, 10)} (base) against this checkout, ${opts.rounds} interleaved rounds each\n`);
    print(rows, rev.slice(0, 10));
    const worse = rows.filter((r) => r.verdict === 'worse').map((r) => r.name);
    console.log(
      `\n${rows.length} rows; worse beyond noise (> ${NOISE * 100}% and outside the base's spread): ${worse.length ? worse.join('; ') : 'none'}`,
    );
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    const date = new Date().toISOString();
    fs.writeFileSync(OUT, JSON.stringify({ date, node: process.version, against: rev, rounds: opts.rounds, rows }, null, 2) + '\n');
    console.log(`written to ${path.relative(root, OUT)}`);
  } finally {
    git(['worktree', 'remove', '--force', base]);
    fs.rmSync(tmp, { recursive: true, force: true });
    if (git(['status', '--porcelain']) !== statusBefore) console.error('git status changed during the comparison');
  }
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 2;
  }
}

module.exports = { collect, summarise, baseEnv };
