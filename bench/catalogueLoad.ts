// `npm run bench:catalogue -- [--runs N] [OTHER_CHECKOUT ...]`: the bench row "catalogue read + load + index" in CPU
// time, each checkout in processes of its own. Each run is a new node process per checkout that reads and builds the
// built-in catalogue once cold (its first load) and then 40 times (the mean); the processes of this checkout and of
// each OTHER_CHECKOUT (e.g. a worktree of an older commit) alternate, in swapped order every other run, and the
// medians of the runs and their ratios are printed with the load average. Nothing here asserts a time.
import * as os from 'node:os';
import * as path from 'node:path';
import { median, parseCheckoutArgs, runProgram, withCheckoutPrograms } from './checkoutRuns';

const LOADS = 40;

/** The program for one checkout: its loadBuiltinCatalogue, the files read as its shipped bundles read them. */
function entryFor(root: string, dataRoot: string): string {
  const q = (rel: string) => JSON.stringify(path.join(root, rel));
  return `
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from ${q('server/src/service/wiki/wikiCatalogue')};
const readJson = (rel: string) => {
  const full = path.join(${JSON.stringify(dataRoot)}, rel);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : undefined;
};
const cpu = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
const first = process.cpuUsage();
loadBuiltinCatalogue(readJson);
const cold = cpu(first);
for (let i = 0; i < 3; i++) loadBuiltinCatalogue(readJson);
const start = process.cpuUsage();
for (let i = 0; i < ${LOADS}; i++) loadBuiltinCatalogue(readJson);
console.log(JSON.stringify({ cold, warm: cpu(start) / ${LOADS} }));
`;
}

function main(): void {
  const { runs, others } = parseCheckoutArgs(process.argv.slice(2), 9);
  withCheckoutPrograms('wikimap-catalogue-', others, entryFor, (programs) => {
    const results = new Map<string, { cold: number[]; warm: number[] }>(programs.map(([label]) => [label, { cold: [], warm: [] }]));
    for (let run = 0; run < runs; run++) {
      for (const [label, file] of run % 2 === 0 ? programs : [...programs].reverse()) {
        const { cold, warm } = JSON.parse(runProgram(label, file)) as { cold: number; warm: number };
        results.get(label)!.cold.push(cold);
        results.get(label)!.warm.push(warm);
      }
    }
    const load = os.loadavg().map((x) => x.toFixed(1));
    console.log(`# catalogue read + load + index, CPU ms, a process per checkout and run (${runs} runs; load ${load.join(' ')})`);
    const mine = results.get('this checkout')!;
    for (const [label, { cold, warm }] of results) {
      const ratio =
        label === 'this checkout'
          ? ''
          : `  ratio this / it: first ${(median(mine.cold) / median(cold)).toFixed(3)}, then ${(median(mine.warm) / median(warm)).toFixed(3)}`;
      console.log(`${label}: first load ${median(cold).toFixed(2)} ms, then ${median(warm).toFixed(2)} ms a load${ratio}`);
    }
  });
}

main();
