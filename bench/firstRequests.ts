// `npm run bench:first-requests -- [--runs N] [OTHER_CHECKOUT ...]`: what a fresh language server, bundled and run as it
// ships (dist/server.js over stdio, with its code cache warmed by a first start), spends on a user's first hover, first
// completion and the 65 completions after it, once it has checked one document and been idle; and before them, all it
// spent from its start. Figures are the server process's CPU time over all its threads (Linux:
// /proc/PID/task/TID/schedstat, nanoseconds), which holds under a loaded machine far better than wall time. Runs of this
// checkout and each OTHER_CHECKOUT (a built worktree of another commit) alternate, in swapped order every other run; the
// medians and their ratios to this checkout are printed. Nothing here asserts a time.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Position } from 'vscode-languageserver-types';
import { generateWikiDocument } from './generate';
import { here, median, parseCheckoutArgs } from './checkoutRuns';
import { LspClient } from '../test/protocol/lspClient';

/** CPU milliseconds of every thread of process `pid` so far (threads that ended are not counted). */
function processCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended
    }
  }
  return ns / 1e6;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const TEXT = generateWikiDocument(200);
const LINES = TEXT.split('\n');

/** A parameter name's position (hover) and, for completion, alternately a parameter value and a parameter name, over the document. */
function positions(): { hover: Position; completions: Position[] } {
  const queries = LINES.map((l, line) => ({ l, line })).filter(({ l }) => l.includes('action=query&'));
  const at = (line: number, l: string, pick: number): Position => {
    const amps = [...l.matchAll(/&/g)].map((m) => m.index!);
    const amp = amps[pick % amps.length];
    const eq = l.indexOf('=', amp);
    return { line, character: pick % 2 === 0 ? eq + 1 : amp + 2 };
  };
  const hover = { line: queries[0].line, character: queries[0].l.indexOf('&') + 2 };
  return {
    hover,
    completions: Array.from({ length: 66 }, (_, i) => at(queries[i % queries.length].line, queries[i % queries.length].l, i)),
  };
}

interface Figures {
  /** Everything before the first hover: start, the document's check, what the idle server did. */
  before: number;
  hover: number;
  completion: number;
  next65: number;
}

async function oneRun(root: string, cacheDir: string): Promise<Figures> {
  const server = path.join(root, 'dist', 'server.js');
  const c = await LspClient.start({
    launch: (command) => ['env', [`WIKIMAP_QUERY_COMPILE_CACHE=${cacheDir}`, command, server, '--stdio']],
    initializationOptions: { diagnostics: { delay: 0 }, wiki: { liveCatalogues: 'off' } },
  });
  try {
    const uri = 'file:///bench/first.wikiquery';
    await c.open(uri, 'wikiquery', TEXT, 1);
    await c.diagnosticsFor(uri, 1, 60000);
    await sleep(1500); // idle: the code cache is written a second after start
    const { hover, completions } = positions();
    const t0 = processCpuMs(c.pid);
    await c.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: hover });
    const t1 = processCpuMs(c.pid);
    await c.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: completions[0] });
    const t2 = processCpuMs(c.pid);
    for (const position of completions.slice(1))
      await c.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
    const t3 = processCpuMs(c.pid);
    await sleep(1200); // as a session that goes on: a chunk's code cache is written a second after it was loaded
    return { before: t0, hover: t1 - t0, completion: t2 - t1, next65: t3 - t2 };
  } finally {
    await c.stop();
  }
}

async function main(): Promise<void> {
  const { runs, others } = parseCheckoutArgs(process.argv.slice(2), 10);
  const roots = [here, ...others];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-first-requests-'));
  try {
    const caches = roots.map((_, i) => path.join(tmp, `cache-${i}`));
    // A first start of each writes its code cache, as a user's first start does.
    for (let i = 0; i < roots.length; i++) await oneRun(roots[i], caches[i]);
    const results: Figures[][] = roots.map(() => []);
    for (let r = 0; r < runs; r++) {
      const order = roots.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      for (const i of order) results[i].push(await oneRun(roots[i], caches[i]));
    }
    const load = os.loadavg()[0].toFixed(1);
    console.log(`# first requests of a fresh server, CPU ms (median of ${runs} runs, load ${load})`);
    const rows: Array<[string, keyof Figures]> = [
      ['start, the check and idle, up to the first hover', 'before'],
      ['first hover', 'hover'],
      ['first completion', 'completion'],
      ['the 65 completions after it', 'next65'],
    ];
    for (const [label, key] of rows) {
      const mine = median(results[0].map((f) => f[key]));
      const cells = roots.map((root, i) => {
        const m = median(results[i].map((f) => f[key]));
        const xs = results[i].map((f) => f[key]);
        const spread = `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
        return `${path.basename(root)} ${m.toFixed(1)} [${spread}]${i === 0 ? '' : ` (${(m / mine).toFixed(3)})`}`;
      });
      console.log(`${label}: ${cells.join(', ')}`);
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
