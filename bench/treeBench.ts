// Bench rows for `wikimap-query check DIR` on a big source tree against ripgrep (issue 26): a generated
// tree of 20,000 source files (~200 MB, 1% holding a request; bench/sourceTree.ts) in a temporary
// folder, warm file cache; in the same run: `rg -l -e api.php -e action=` (median of 3, interleaved
// with the check runs), the CLI's `check DIR` (wall, peak RSS), the prefilter alone (the CLI's walk
// with .gitignore, reading and the prefilter, in this process) and the finder's parse time per
// candidate file and per request. The ratios are what counts: the machine may be shared.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectInputs, type CliIo } from '../server/src/cli/checkCommand';
import { HOST_LANGUAGES } from '../server/src/service/embedded/hostLanguages';
import { mayHoldRequestBytes, namesMediaWiki } from '../server/src/service/embedded/requestFinder';
import { HostParsers } from '../server/src/embedded/hostParsers';
import { createPackageFiles } from '../server/src/node/nodeRuntime';
import { nodeFileIo } from '../server/src/node/nodeFileIo';
import { writeSourceTree } from './sourceTree';
import { benchIncremental } from './incrementalBench';

type RowFn = (name: string, value: number | string, unit: string, target: string, met: boolean | null) => void;

const TIME = '/usr/bin/time';

function timed(cmd: string, args: string[]): { ms: number; rssMb: number; stdout: string } {
  const withTime = fs.existsSync(TIME);
  const t0 = performance.now();
  const res = spawnSync(withTime ? TIME : cmd, withTime ? ['-f', 'maxrss=%M', cmd, ...args] : args, {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  if (res.error) throw res.error;
  const m = /maxrss=(\d+)/.exec(res.stderr);
  return { ms, rssMb: m ? Number(m[1]) / 1024 : NaN, stdout: res.stdout };
}

/** The prefilter alone, as `check DIR` runs it: walk, read the bytes, decide (decoding only the files it keeps); returns the candidate files. */
function prefilterOnly(dir: string): string[] {
  const io = nodeFileIo as CliIo;
  const out: string[] = [];
  for (const input of collectInputs([dir], io, HOST_LANGUAGES)) {
    if (input.host && io.readTextIf!(input.file, (bytes) => mayHoldRequestBytes(bytes, io.byteSearch)) !== undefined) out.push(input.file);
  }
  return out;
}

async function parseTimes(
  root: string,
  files: string[],
): Promise<{ perFile: number; perRequest: number; requests: number; parsed: number }> {
  const parsers = new HostParsers(createPackageFiles(root));
  const langOf = (f: string) => HOST_LANGUAGES.find((l) => l.extensions.some((e) => f.endsWith(e)))!;
  for (const l of new Set(files.map(langOf))) await parsers.prepare(l);
  let ms = 0;
  let requests = 0;
  let parsed = 0;
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8');
    // check DIR parses only the candidates that name a MediaWiki API or client (the others get no diagnostic)
    if (!namesMediaWiki(text)) continue;
    parsed++;
    const t0 = performance.now();
    requests += (parsers.findLoaded(text, langOf(f)) ?? []).length;
    ms += performance.now() - t0;
  }
  return { perFile: ms / Math.max(1, parsed), perRequest: ms / Math.max(1, requests), requests, parsed };
}

export async function benchTree(root: string, row: RowFn, median: (xs: number[]) => number): Promise<void> {
  if (spawnSync('rg', ['--version']).error) {
    row('check DIR vs ripgrep', 'rg not installed', '', '<= 10x', null);
    return;
  }
  const cli = path.join(root, 'dist', 'cli.js');
  const tree = writeSourceTree(os.tmpdir());
  try {
    const rgArgs = ['-l', '-e', 'api.php', '-e', 'action=', tree.dir];
    const listed = timed('rg', rgArgs).stdout.trim().split('\n').length; // warms the file cache
    prefilterOnly(tree.dir);
    const rg: number[] = [];
    const pre: number[] = [];
    let check = { ms: 0, rssMb: 0, stdout: '' };
    let candidates: string[] = [];
    for (let i = 0; i < 3; i++) {
      rg.push(timed('rg', rgArgs).ms);
      const t0 = performance.now();
      candidates = prefilterOnly(tree.dir);
      pre.push(performance.now() - t0);
      if (i === 1) check = timed(process.execPath, [cli, 'check', '--format', 'json', tree.dir]);
    }
    const rgMs = median(rg);
    const preMs = median(pre);
    const found = (JSON.parse(check.stdout || '[]') as Array<{ file: string }>).length;
    console.log(
      `       tree: ${tree.files} files, ${(tree.bytes / 1e6).toFixed(0)} MB, ${tree.withRequests} with a request; rg lists ${listed}, the prefilter ${candidates.length}; check reports ${found}`,
    );
    row('ripgrep rg -l -e api.php -e action= (same tree, median of 3)', rgMs, 'ms', '-', null);
    row('check DIR, 20,000 source files (CLI, wall)', check.ms, 'ms', '-', null);
    row('  ratio check DIR / ripgrep', check.ms / rgMs, 'x', '<= 10', check.ms / rgMs <= 10);
    row('  peak RSS, check DIR', check.rssMb, 'MB', '-', null);
    row('prefilter alone: walk + .gitignore + read + prefilter (median of 3)', preMs, 'ms', '-', null);
    row('  ratio prefilter / ripgrep', preMs / rgMs, 'x', '<= 3', preMs / rgMs <= 3);
    const p = await parseTimes(root, candidates);
    row(`parse + find per parsed candidate (${p.parsed} of ${candidates.length} name a MediaWiki API, ~10 KB)`, p.perFile, 'ms', '-', null);
    row(`  per request found (${p.requests})`, p.perRequest, 'ms', '-', null);
  } finally {
    fs.rmSync(tree.dir, { recursive: true, force: true });
  }
  await benchIncremental(root, row, median);
}
