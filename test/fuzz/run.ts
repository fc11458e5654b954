// `npm run fuzz [-- --seed N --count N --seconds N --max-len N --all-offsets]`: a bounded fuzz run
// with a report (inputs tried, crashes, hangs over the bound, worst time). Failing inputs are
// written to test-results/fuzz-failures/ so they can become regression tests.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runFuzz } from './fuzzer';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const opts = {
  seed: arg('seed', Date.now() % 1e9),
  count: arg('count', 5000),
  timeBudgetMs: arg('seconds', 120) * 1000,
  maxLen: arg('max-len', 10000),
  hangMs: arg('hang-ms', 50),
  offsets: process.argv.includes('--all-offsets') ? ('all' as const) : arg('offsets', 40),
};
console.log(
  `fuzzing with seed ${opts.seed}: up to ${opts.count} inputs or ${opts.timeBudgetMs / 1000} s, inputs up to ${opts.maxLen} chars, hang bound ${opts.hangMs} ms per call`,
);
const report = runFuzz(opts);
console.log(
  `inputs tried: ${report.inputs} (${Object.entries(report.byKind)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')})`,
);
console.log(`calls: ${report.calls}`);
console.log(`crashes: ${report.crashes.length}`);
console.log(`malformed results: ${report.malformed.length}`);
console.log(`hangs over ${opts.hangMs} ms: ${report.hangs.length}`);
console.log(`worst time: ${report.worstMs.toFixed(2)} ms (${report.worstCall})`);
const failures = [...report.crashes, ...report.malformed, ...report.hangs];
if (failures.length) {
  const dir = path.resolve(__dirname, '..', '..', 'test-results', 'fuzz-failures');
  fs.mkdirSync(dir, { recursive: true });
  failures.slice(0, 50).forEach((f, i) => fs.writeFileSync(path.join(dir, `${opts.seed}-${i}.json`), JSON.stringify(f, null, 2)));
  for (const f of failures.slice(0, 5))
    console.log(
      `- ${f.call} on ${f.input.kind}: ${'error' in f ? f.error.split('\n')[0] : 'problem' in f ? f.problem : `${(f as any).ms.toFixed(1)} ms`}`,
    );
  console.log(`failing inputs written to ${path.relative(process.cwd(), dir)}`);
}
process.exit(report.crashes.length + report.malformed.length + report.hangs.length > 0 ? 1 : 0);
