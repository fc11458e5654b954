// `npm run bench:catalogue -- [--runs N] [OTHER_CHECKOUT ...]`: the bench row "catalogue read + load + index" in CPU
// time, each checkout in processes of its own. Each run is a new node process per checkout that reads and builds the
// built-in catalogue once cold (its first load) and then 40 times (the mean); the processes of this checkout and of
// each OTHER_CHECKOUT (e.g. a worktree of an older commit) alternate, in swapped order every other run, and the
// medians of the runs and their ratios are printed with the load average. Nothing here asserts a time.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const here = path.resolve(__dirname, '..');
const LOADS = 40;

/** The program for one checkout: its loadBuiltinCatalogue, the files read as the benchmark reads them. */
function entryFor(root: string): string {
  const q = (rel: string) => JSON.stringify(path.join(root, rel));
  return `
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from ${q('server/src/service/wiki/wikiCatalogue')};
const readJson = (rel: string) => {
  const full = path.join(${JSON.stringify(root)}, rel);
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

function bundle(root: string, dir: string, name: string): string {
  const entry = path.join(dir, `${name}.ts`);
  fs.writeFileSync(entry, entryFor(root));
  const outfile = path.join(dir, `${name}.js`);
  esbuild.buildSync({ entryPoints: [entry], bundle: true, platform: 'node', target: 'node20', outfile, logLevel: 'error' });
  return outfile;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `[--runs N] [OTHER_CHECKOUT ...]` */
function parseArgs(argv: string[]): { runs: number; others: string[] } {
  let runs = 9;
  const others: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Math.max(1, Number(argv[++i]) || 9);
    else others.push(path.resolve(argv[i]));
  }
  return { runs, others };
}

function main(): void {
  const { runs, others } = parseArgs(process.argv.slice(2));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-catalogue-'));
  try {
    const programs: Array<[string, string]> = [['this checkout', bundle(here, dir, 'here')]];
    others.forEach((other, i) => programs.push([other, bundle(other, dir, `other${i}`)]));
    const results = new Map<string, { cold: number[]; warm: number[] }>(programs.map(([label]) => [label, { cold: [], warm: [] }]));
    for (let run = 0; run < runs; run++) {
      for (const [label, file] of run % 2 === 0 ? programs : [...programs].reverse()) {
        const out = spawnSync(process.execPath, [file], { encoding: 'utf8' });
        if (out.status !== 0) throw new Error(`${label}: ${out.stderr}`);
        const { cold, warm } = JSON.parse(out.stdout.trim()) as { cold: number; warm: number };
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
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
