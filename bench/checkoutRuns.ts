// What bench:first and bench:catalogue share: a program per checkout, bundled with esbuild into a temporary
// folder, run in fresh node processes alternating with the other checkouts' (`[--runs N] [OTHER_CHECKOUT ...]`).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

/** This checkout's root. */
export const here = path.resolve(__dirname, '..');

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `[--runs N] [OTHER_CHECKOUT ...]` */
export function parseCheckoutArgs(argv: string[], defaultRuns: number): { runs: number; others: string[] } {
  let runs = defaultRuns;
  const others: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Math.max(1, Number(argv[++i]) || defaultRuns);
    else others.push(path.resolve(argv[i]));
  }
  return { runs, others };
}

/**
 * Where a checkout's shipped bundles read `descriptors/…` from, made in `dir`: a checkout whose build writes run-time
 * copies of the data (scripts/lib/runtimeData.js) gets them written into `dir/NAME-data` by its own script; an older
 * checkout's bundles read its `descriptors/` as they are.
 */
function dataRootFor(root: string, dir: string, name: string): string {
  const script = path.join(root, 'scripts', 'lib', 'runtimeData.js');
  if (!fs.existsSync(script)) return root;
  const out = path.join(dir, `${name}-data`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require(script) as { writeRuntimeData(root: string, outDir: string): string[] }).writeRuntimeData(root, out);
  return out;
}

/**
 * Bundles `entryFor(root, dataRoot)` of this checkout and of each of `others` into a temporary folder (removed after),
 * and hands `use` the programs as [label, file] pairs, this checkout first. `dataRoot` is the folder the program reads
 * `descriptors/…` from, as that checkout's shipped bundles read them.
 */
export function withCheckoutPrograms(
  prefix: string,
  others: string[],
  entryFor: (root: string, dataRoot: string) => string,
  use: (programs: Array<[string, string]>) => void,
): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const bundle = (root: string, name: string): string => {
    const entry = path.join(dir, `${name}.ts`);
    fs.writeFileSync(entry, entryFor(root, dataRootFor(root, dir, name)));
    const outfile = path.join(dir, `${name}.js`);
    esbuild.buildSync({ entryPoints: [entry], bundle: true, platform: 'node', target: 'node20', outfile, logLevel: 'error' });
    return outfile;
  };
  try {
    const programs: Array<[string, string]> = [['this checkout', bundle(here, 'here')]];
    others.forEach((other, i) => programs.push([other, bundle(other, `other${i}`)]));
    use(programs);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one program in a fresh node process; its standard output, trimmed. */
export function runProgram(label: string, file: string): string {
  const out = spawnSync(process.execPath, [file], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${label}: ${out.stderr}`);
  return out.stdout.trim();
}
