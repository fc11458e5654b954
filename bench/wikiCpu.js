#!/usr/bin/env node
// `npm run bench:wiki-cpu -- --against REV [--lines N] [--rounds N] [--one-process] [--task T]`: the CPU
// time of a whole-document wiki check (parse + validate, validation cache cleared) of this checkout and
// of commit REV, alternating check by check (AB BA AB …); with `--task edit|complete|hover`, of edits
// with fresh diagnostics, completions or hovers instead, or the other tasks in TASKS below.
// - By default each side runs in a process of its own (bench/wikiCpuSide.js), both alive for the whole
//   run; this process tells one side, then the other, to check once and collects the CPU time each
//   measured of itself. Each side pays for its own garbage only.
// - `--one-process` loads both sides into this process (the earlier measure). There the two sides share
//   one heap: garbage left by one side is collected during the other's turn, which blurs the ratio.
// `bench:compare` runs each side's benchmark in a process of its own, minutes apart: on a machine
// loaded by other work (load average ~20 on 2 cores) the wiki rows' spreads were 30–400% wide and
// decided nothing. Here both sides meet the same load within milliseconds, and each check's CPU time
// (process.cpuUsage) is taken, not wall time, so the ratio of the medians holds under load. Where the
// rounds' times are two-valued (with or without a collection: `--task reopen`), read the ratio of the
// means, printed too.
// - REV's wiki service is bundled from a detached git worktree in a temporary folder (removed at the
//   end), with this checkout's node_modules; each side reads its own built-in catalogue, as its build ships it
//   (the run-time copies and derived files of scripts/lib/runtimeData.js, when the side has that script).
// - Both sides check the same generated document (this checkout's bench/generate.ts).
'use strict';
const esbuild = require('esbuild');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync, fork } = require('child_process');
const { bundleOptions } = require('../scripts/build.js');

const root = path.join(__dirname, '..');

function parseArgs(argv) {
  const opts = { against: undefined, lines: 10000, rounds: 60, oneProcess: false, task: 'check' };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === '--against') opts.against = value();
    else if (flag === '--lines') opts.lines = Number(value());
    else if (flag === '--rounds') opts.rounds = Number(value());
    else if (flag === '--one-process') opts.oneProcess = true;
    else if (flag === '--task') opts.task = value();
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  if (!opts.against) throw new Error('--against REV is required.');
  if (!Object.hasOwn(TASKS, opts.task)) throw new Error(`--task is one of ${Object.keys(TASKS).join(', ')}.`);
  for (const k of ['lines', 'rounds'])
    if (!Number.isInteger(opts[k]) || opts[k] < 1 || opts[k] > 1e6) throw new Error(`--${k} is a whole number from 1 to 1000000.`);
  return opts;
}

function git(args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

/** How many of each a round of a task does (a round's figure is divided by it: the time of one). */
const EDITS_PER_ROUND = 20;
const COMPLETIONS_PER_ROUND = 100;
const HOVERS_PER_ROUND = 1000;
const VIEWPORTS_PER_ROUND = 200;

/**
 * What a round measures (`--task`), by the name of the export of a side's module that makes it, and
 * how many operations one round is.
 * - check: a whole-document check with an empty verdict cache (parse + validate);
 * - edit: a one-character edit at a pseudo-random place, then fresh diagnostics (the document grows);
 * - complete, hover: completion, hover at pseudo-random offsets of the (unchanged) document;
 * - reopen: the same text under a new URI in one service (parsed in full, every verdict from the
 *   per-query cache), as `npm run bench`'s "same text re-opened" row;
 * - format, tokens, fold: formatting, semantic tokens, folding ranges of the whole (parsed) document,
 *   as `npm run bench`'s editor-feature rows;
 * - viewport: semantic tokens and inlay hints of a 50-line range at a pseudo-random line, as `npm run
 *   bench`'s viewport rows.
 */
const TASKS = {
  check: { make: 'checker', per: 1, unit: 'a whole-document check' },
  edit: { make: 'editor', per: EDITS_PER_ROUND, unit: 'an edit and fresh diagnostics' },
  complete: { make: 'completer', per: COMPLETIONS_PER_ROUND, unit: 'a completion' },
  hover: { make: 'hoverer', per: HOVERS_PER_ROUND, unit: 'a hover' },
  reopen: { make: 'reopener', per: 1, unit: 'a re-opened document (parse + every verdict from the per-query cache)' },
  format: { make: 'formatter', per: 1, unit: 'formatting the whole document (multi-line layout)' },
  tokens: { make: 'tokenizer', per: 1, unit: 'semantic tokens of the whole document' },
  fold: { make: 'folder', per: 1, unit: 'folding ranges of the whole document' },
  viewport: { make: 'viewporter', per: VIEWPORTS_PER_ROUND, unit: 'semantic tokens + inlay hints of a 50-line viewport' },
};

/** The side's built-in catalogue, its data files read as its build ships them when it has run-time copies under `data`, else its sources. */
function catalogueSource(tree, data) {
  return `const data = ${JSON.stringify(data ?? null)};
const readData = (p: string) => {
  const shipped = data === null ? undefined : path.join(data, p);
  return JSON.parse(fs.readFileSync(shipped !== undefined && fs.existsSync(shipped) ? shipped : path.join(${JSON.stringify(tree)}, p), 'utf8'));
};
const catalogue = loadBuiltinCatalogue(readData);`;
}

/** The module of one side: a function per task that runs one round of it. Paths inside `tree` only. */
function entrySource(tree, data) {
  const svc = JSON.stringify(path.join(tree, 'server/src/service/wiki/wikiLanguageService'));
  const cat = JSON.stringify(path.join(tree, 'server/src/service/wiki/wikiCatalogue'));
  return `
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getWikiLanguageService } from ${svc};
import { loadBuiltinCatalogue } from ${cat};
${catalogueSource(tree, data)}
const wiki = getWikiLanguageService({ resolveCatalogue: () => catalogue });
let n = 0;
export function checker(text: string): () => void {
  return () => {
    (wiki as { clearValidationCache?: () => void }).clearValidationCache?.();
    const d = TextDocument.create('file:///bench/cpu-' + n++ + '.wikiquery', 'wikiquery', 1, text);
    wiki.doValidation(d, wiki.parse(d));
  };
}
/** The same pseudo-random offsets on both sides (a linear congruential generator, fixed seed). */
function offsets(seed: number): (length: number) => number {
  let s = seed >>> 0;
  return (length) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * length);
  };
}
export function editor(text: string): () => void {
  let doc = TextDocument.create('file:///bench/edit.wikiquery', 'wikiquery', 1, text);
  wiki.doValidation(doc, wiki.parse(doc));
  const at = offsets(3);
  return () => {
    for (let i = 0; i < ${EDITS_PER_ROUND}; i++) {
      const pos = doc.positionAt(at(doc.getText().length));
      doc = TextDocument.update(doc, [{ range: { start: pos, end: pos }, text: i % 2 ? 'x' : '|' }], doc.version + 1);
      wiki.doValidation(doc, wiki.parse(doc));
    }
  };
}
function atOffsets(text: string, count: number, ask: (doc: TextDocument, parsed: unknown, offset: number) => unknown): () => void {
  const doc = TextDocument.create('file:///bench/ask.wikiquery', 'wikiquery', 1, text);
  const parsed = wiki.parse(doc);
  const at = offsets(5);
  return () => {
    for (let i = 0; i < count; i++) ask(doc, parsed, at(text.length));
  };
}
export const completer = (text: string) => atOffsets(text, ${COMPLETIONS_PER_ROUND}, (d, p, o) => wiki.doComplete(d, p as never, o));
export const hoverer = (text: string) => atOffsets(text, ${HOVERS_PER_ROUND}, (d, p, o) => wiki.doHover(d, p as never, o));
export function reopener(text: string): () => void {
  const first = TextDocument.create('file:///bench/reopen.wikiquery', 'wikiquery', 1, text);
  wiki.doValidation(first, wiki.parse(first));
  return () => {
    const d = TextDocument.create('file:///bench/reopen-' + n++ + '.wikiquery', 'wikiquery', 1, text);
    wiki.doValidation(d, wiki.parse(d));
  };
}
function wholeDocument(text: string, ask: (doc: TextDocument, parsed: unknown) => unknown): () => void {
  const doc = TextDocument.create('file:///bench/whole.wikiquery', 'wikiquery', 1, text);
  const parsed = wiki.parse(doc);
  return () => void ask(doc, parsed);
}
export const formatter = (text: string) =>
  wholeDocument(text, (d, p) => wiki.format(d, p as never, { tabSize: 2, insertSpaces: true }, { queryLayout: 'multiLine' }));
export const tokenizer = (text: string) => wholeDocument(text, (d, p) => wiki.getSemanticTokens(d, p as never));
export const folder = (text: string) => wholeDocument(text, (d, p) => wiki.getFoldingRanges(d, p as never));
export function viewporter(text: string): () => void {
  const doc = TextDocument.create('file:///bench/viewport.wikiquery', 'wikiquery', 1, text);
  const [parsed, at] = [wiki.parse(doc), offsets(6)];
  return () => {
    for (let i = 0; i < ${VIEWPORTS_PER_ROUND}; i++) {
      const line = at(Math.max(1, doc.lineCount - 50));
      const range = { start: { line, character: 0 }, end: { line: line + 50, character: 0 } };
      wiki.getSemanticTokens(doc, parsed as never, range);
      wiki.getInlayHints(doc, parsed as never, range, {});
    }
  };
}
`;
}

/**
 * The data files of `tree` as its build ships them (scripts/lib/runtimeData.js: run-time copies without the
 * documentation fields, and the files derived from the data, such as the version presence index), written under
 * `dir`; undefined for a commit whose build shipped descriptors/ as it is. Without this, a side whose service
 * reads a derived file would build it from the whole data in its first round, as no shipped server does.
 */
function shippedData(tree, dir, name) {
  const lib = path.join(tree, 'scripts', 'lib', 'runtimeData.js');
  if (!fs.existsSync(lib)) return undefined;
  const out = path.join(dir, `${name}-data`);
  require(lib).writeRuntimeData(tree, out);
  return out;
}

async function bundleSide(tree, dir, name) {
  const entry = path.join(dir, `${name}.ts`);
  fs.writeFileSync(entry, entrySource(tree, shippedData(tree, dir, name)));
  const outfile = path.join(dir, `${name}.js`);
  await esbuild.build({
    ...bundleOptions(true),
    sourcemap: false,
    metafile: false,
    entryPoints: [entry],
    outfile,
    nodePaths: [path.join(root, 'node_modules')],
  });
  return outfile;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuMs = (fn) => {
  const start = process.cpuUsage();
  fn();
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};

/**
 * Alternates the two sides (the order swapped each round) and returns their CPU times. `base` and
 * `ours` each check the document once and resolve to that check's CPU time in ms.
 */
async function alternate(base, ours, rounds) {
  for (let i = 0; i < 15; i++) {
    await base();
    await ours();
  }
  const a = [];
  const b = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2) {
      b.push(await ours());
      a.push(await base());
    } else {
      a.push(await base());
      b.push(await ours());
    }
  }
  return { a, b };
}

/** A side in this process: its check, timed here. */
function inProcess(bundle, make, text) {
  const round = require(bundle)[make](text);
  return async () => cpuMs(round);
}

/** A side in a process of its own; resolves once it has built its document. */
function ownProcess(bundle, make, generator, lines) {
  const child = fork(path.join(__dirname, 'wikiCpuSide.js'), [bundle, make, generator, String(lines)], { stdio: 'inherit' });
  let pending;
  child.on('message', (m) => pending && pending(m));
  child.on('exit', (code) => pending && pending(new Error(`a benchmark side exited with code ${code}`)));
  const next = () =>
    new Promise((resolve, reject) => {
      pending = (m) => (m instanceof Error ? reject(m) : resolve(m));
    });
  const run = () => {
    const p = next();
    child.send('run');
    return p;
  };
  return next().then(() => ({ run, stop: () => child.connected && child.disconnect() }));
}

/** Both sides' CPU times per round, each side in the mode asked for. */
async function measure(opts, files) {
  const make = TASKS[opts.task].make;
  if (opts.oneProcess) {
    const text = require(files.generator).generateWikiDocument(opts.lines);
    return alternate(inProcess(files.base, make, text), inProcess(files.ours, make, text), opts.rounds);
  }
  const [base, ours] = await Promise.all([
    ownProcess(files.base, make, files.generator, opts.lines),
    ownProcess(files.ours, make, files.generator, opts.lines),
  ]);
  try {
    return await alternate(base.run, ours.run, opts.rounds);
  } finally {
    base.stop();
    ours.stop();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const rev = git(['rev-parse', '--verify', `${opts.against}^{commit}`]);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-wiki-cpu-'));
  const base = path.join(tmp, 'base');
  git(['worktree', 'add', '--detach', base, rev]);
  try {
    // For REV's own build scripts (shippedData), as bench:compare links it.
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(base, 'node_modules'), 'dir');
    const [baseFile, ourFile] = await Promise.all([bundleSide(base, tmp, 'base'), bundleSide(root, tmp, 'this')]);
    const bundledGenerator = path.join(tmp, 'generate.js');
    await esbuild.build({
      ...bundleOptions(true),
      sourcemap: false,
      metafile: false,
      entryPoints: [path.join(__dirname, 'generate.ts')],
      outfile: bundledGenerator,
    });
    const task = TASKS[opts.task];
    const rounds = await measure(opts, { base: baseFile, ours: ourFile, generator: bundledGenerator });
    const [a, b] = [rounds.a, rounds.b].map((xs) => xs.map((x) => x / task.per));
    const ratio = median(b) / median(a);
    const load = os.loadavg()[0].toFixed(1);
    const where = opts.oneProcess ? 'in one process' : 'each side in a process of its own';
    const each = task.per > 1 ? `, ${task.per} per round` : '';
    console.log(
      `wiki CPU time of ${task.unit}, ${opts.lines} lines, ${opts.rounds} alternating rounds${each}, ${where} (load average ${load}):`,
    );
    const fmt = (x) => (x < 0.1 ? `${(x * 1000).toFixed(2)} µs` : `${x.toFixed(2)} ms`);
    console.log(`  ${rev.slice(0, 10)}: median ${fmt(median(a))} (min ${fmt(Math.min(...a))})`);
    console.log(`  this checkout: median ${fmt(median(b))} (min ${fmt(Math.min(...b))})`);
    const pairs = median(a.map((x, i) => b[i] / x));
    console.log(`  ratio this/${rev.slice(0, 10)}: ${ratio.toFixed(3)} (of the minima ${(Math.min(...b) / Math.min(...a)).toFixed(3)})`);
    console.log(`  median of the round-by-round ratios: ${pairs.toFixed(3)}`);
    // A round that sets off a collection pays for the garbage of the rounds before it: when rounds are
    // short and keep what they make (reopen: each re-open's parse stays in the parse cache), most rounds
    // cost either a few ms (no collection) or tens of ms (one), and the median lands on one mode or the
    // other from run to run. The mean, all CPU time over all rounds, counts every collection once.
    const mean = (xs) => xs.reduce((x, y) => x + y, 0) / xs.length;
    console.log(`  means (all CPU time / rounds): ${fmt(mean(a))} and ${fmt(mean(b))}, ratio ${(mean(b) / mean(a)).toFixed(3)}`);
    const spread = (xs) => [0.1, 0.5, 0.9].map((f) => fmt([...xs].sort((x, y) => x - y)[Math.floor(xs.length * f)])).join(' / ');
    console.log(`  10th / 50th / 90th percentiles: ${rev.slice(0, 10)} ${spread(a)}; this checkout ${spread(b)}`);
  } finally {
    git(['worktree', 'remove', '--force', base]);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
