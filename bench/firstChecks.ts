// `npm run bench:first -- [--runs N] [OTHER_CHECKOUT ...]`: what a user meets first — whole-document wiki checks in a
// fresh process, the service bundled with esbuild as it ships. Each run is a new node process that
// checks a 10k-line document 60 times (a fresh language service each time, so nothing is cached) and
// prints the median; runs of this checkout and of each OTHER_CHECKOUT (e.g. worktrees of older commits)
// alternate (in swapped order every other run), and the medians of the runs and their ratios are printed.
// - The headline figure is the wall time of a check (median of the 60). It is the 30th of 60 sorted checks,
//   so it is the check after the JIT warmed up, not the first one: the same code as `bench:wiki-cpu`.
// - Beside it, each check's CPU time (process.cpuUsage: every thread of the process, so garbage collected
//   by V8's helper threads counts), which holds far better than wall time on a machine loaded by other work,
//   and the first check alone (built-in catalogue read and loaded, then the first check: CPU time).
// - On Linux, that first figure split by thread (/proc/self/task, 10 ms clock ticks): the main thread, and the
//   others: V8's optimizing compiler, which works on background threads, and the garbage collector's helpers.
//   In the first check much of the code is compiled by the optimizing compiler, and its threads take about as much
//   CPU as the main thread; the later checks run code already compiled.
// Nothing here asserts a time.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { median, parseCheckoutArgs, runProgram, withCheckoutPrograms } from './checkoutRuns';

/** The checking program for one checkout, importing that checkout's service (older layouts had a module cache to clear). */
function entryFor(root: string, dataRoot: string): string {
  const q = (rel: string) => JSON.stringify(path.join(root, rel));
  const oldValidation = path.join(root, 'server/src/service/wiki/validation.ts');
  const oldCache = fs.existsSync(oldValidation) && fs.readFileSync(oldValidation, 'utf8').includes('export function clearValidationCache');
  return `
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from ${q('node_modules/vscode-languageserver-textdocument')};
import { getWikiLanguageService } from ${q('server/src/service/wiki/wikiLanguageService')};
import { loadBuiltinCatalogue } from ${q('server/src/service/wiki/wikiCatalogue')};
import { generateWikiDocument } from ${q('bench/generate')};
${oldCache ? `import { clearValidationCache } from ${q('server/src/service/wiki/validation')};` : 'const clearValidationCache = () => undefined;'}
const cpuSince = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
/** CPU ms of the main thread and of the process's other threads (Linux: /proc/self/task/TID/stat, 10 ms ticks); undefined elsewhere. */
const threadCpu = (): { main: number; others: number } | undefined => {
  try {
    let main = 0;
    let others = 0;
    for (const tid of fs.readdirSync('/proc/self/task')) {
      const stat = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      if (tid === String(process.pid)) main += ms;
      else others += ms;
    }
    return { main, others };
  } catch {
    return undefined;
  }
};
const text = generateWikiDocument(10000);
const threadsStart = threadCpu();
const loadStart = process.cpuUsage();
const catalogue = loadBuiltinCatalogue((p: string) => JSON.parse(fs.readFileSync(path.join(${JSON.stringify(dataRoot)}, p), 'utf8')));
const load = cpuSince(loadStart);
const times: number[] = [];
const cpus: number[] = [];
const split: { firstMain?: number; firstOthers?: number } = {};
for (let i = 0; i < 60; i++) {
  clearValidationCache();
  const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const document = TextDocument.create('file:///first-' + i + '.wikiquery', 'wikiquery', 1, text);
  service.doValidation(document, service.parse(document));
  cpus.push(cpuSince(cpuStart));
  times.push(performance.now() - start);
  if (i === 0 && threadsStart) {
    const t = threadCpu();
    if (t) Object.assign(split, { firstMain: t.main - threadsStart.main, firstOthers: t.others - threadsStart.others });
  }
}
const first = load + cpus[0];
times.sort((a, b) => a - b);
cpus.sort((a, b) => a - b);
console.log(JSON.stringify({ wall: times[30], cpu: cpus[30], first, ...split }));
`;
}

type Run = { wall: number; cpu: number; first: number; firstMain?: number; firstOthers?: number };

function main(): void {
  const { runs, others } = parseCheckoutArgs(process.argv.slice(2), 5);
  withCheckoutPrograms('wikimap-first-', others, entryFor, (programs) => {
    const results = new Map<string, Run[]>(programs.map(([label]) => [label, []]));
    for (let run = 0; run < runs; run++) {
      for (const [label, file] of run % 2 === 0 ? programs : [...programs].reverse())
        results.get(label)!.push(JSON.parse(runProgram(label, file)) as Run);
    }
    const load = os.loadavg().map((x) => x.toFixed(1));
    console.log(
      `# whole-document wiki check, 10k lines, fresh process (median of 60 checks per run, ${runs} runs; load ${load.join(' ')})`,
    );
    const of = (label: string, key: keyof Run) => results.get(label)!.map((r) => r[key] ?? 0);
    const mine = (key: keyof Run) => median(of('this checkout', key));
    const list = (xs: number[]) => xs.map((t) => t.toFixed(1)).join(', ');
    for (const [label] of programs) {
      const ratio = (key: keyof Run) =>
        label === 'this checkout' ? '' : `  ratio this / it: ${(mine(key) / median(of(label, key))).toFixed(3)}`;
      console.log(`${label}: median ${median(of(label, 'wall')).toFixed(1)} ms (runs ${list(of(label, 'wall'))})${ratio('wall')}`);
      console.log(
        `  CPU time of a check: median ${median(of(label, 'cpu')).toFixed(1)} ms (runs ${list(of(label, 'cpu'))})${ratio('cpu')}`,
      );
      console.log(`  catalogue load + first check, CPU time: median ${median(of(label, 'first')).toFixed(1)} ms${ratio('first')}`);
      if (results.get(label)!.every((r) => r.firstMain !== undefined && r.firstOthers !== undefined))
        console.log(
          `    of which the main thread ${median(of(label, 'firstMain')).toFixed(0)} ms${ratio('firstMain')}, ` +
            `other threads (optimizing compiler, GC helpers) ${median(of(label, 'firstOthers')).toFixed(0)} ms${ratio('firstOthers')}`,
        );
    }
  });
}

main();
