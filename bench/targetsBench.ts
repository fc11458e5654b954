// Bench rows for `wikimap-query check --target`: one request, and a 1,000-request document, judged
// against 1, 3 and 10 targets (the built-in MediaWiki versions, named t1…t10), through the real CLI
// bundle. Wall time (median of 5) and peak RSS (GNU time's %M). A document is parsed once whatever
// the number of targets, so 10 targets should cost at most 10 times one.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateWikiDocument } from './generate';

type RowFn = (name: string, value: number | string, unit: string, target: string, met: boolean | null) => void;

const VERSIONS = ['1.39', '1.43', '1.45'];
const TIME = '/usr/bin/time';

function targetArgs(k: number): string[] {
  return Array.from({ length: k }, (_v, i) => ['--target', `t${i + 1}=${VERSIONS[i % VERSIONS.length]}`]).flat();
}

/** One run: wall ms and peak RSS in MB (GNU time), or RSS NaN without it. */
function runOnce(cli: string, args: string[]): { ms: number; rssMb: number } {
  const withTime = fs.existsSync(TIME);
  const cmd = withTime ? TIME : process.execPath;
  const argv = withTime ? ['-f', 'maxrss=%M', process.execPath, cli, ...args] : [cli, ...args];
  const t0 = performance.now();
  const res = spawnSync(cmd, argv, { encoding: 'utf8', env: { ...process.env, WIKIMAP_QUERY_COMPILE_CACHE: 'off' } });
  const ms = performance.now() - t0;
  if (res.status !== 0 && res.status !== 1) throw new Error(`check exited ${res.status}: ${res.stderr.slice(-500)}`);
  const m = /maxrss=(\d+)/.exec(res.stderr);
  return { ms, rssMb: m ? Number(m[1]) / 1024 : NaN };
}

function measure(cli: string, file: string, k: number): { ms: number; rssMb: number } {
  const runs = Array.from({ length: 5 }, () => runOnce(cli, ['check', ...targetArgs(k), '--format', 'json', file]));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[2];
  return { ms, rssMb: Math.max(...runs.map((r) => r.rssMb)) };
}

export function benchTargets(root: string, row: RowFn): void {
  const cli = path.join(root, 'dist', 'cli.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-bench-targets-'));
  try {
    const one = path.join(dir, 'one.wikiquery');
    fs.writeFileSync(one, 'action=query&list=random&rnminsize=100&rnlimit=10\n');
    const many = path.join(dir, 'many.wikiquery');
    fs.writeFileSync(many, generateWikiDocument(1000));
    for (const [label, file] of [
      ['one request', one],
      ['1,000 requests', many],
    ] as const) {
      const base = measure(cli, file, 1);
      for (const k of [1, 3, 10]) {
        const m = k === 1 ? base : measure(cli, file, k);
        row(
          `check ${label} against ${k} target${k === 1 ? '' : 's'} (CLI, wall)`,
          m.ms,
          'ms',
          k === 10 ? '<= 10x one' : '-',
          k === 10 ? m.ms <= 10 * base.ms : null,
        );
        row(`  peak RSS, ${label}, ${k} target${k === 1 ? '' : 's'}`, m.rssMb, 'MB', '-', null);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
