#!/usr/bin/env node
// `npm run bench` writes each run to LAST_RUN (git-ignored), so running the benchmark leaves
// `git status` clean. `npm run bench:record` copies the last run, on purpose, into RECORDED, the
// tracked figures that docs/performance.md discusses: record a run you chose (a quiet machine, the
// commit it measures), then commit it.
// Usage: npm run bench:record [-- FILE]   (default: the last run, bench/out/results.json)
'use strict';
const fs = require('fs');
const path = require('path');

/** Paths relative to the repository's root. */
const LAST_RUN = 'bench/out/results.json';
const RECORDED = 'bench/results.json';

/** Copies a run's results (checked to be the benchmark's shape) to RECORDED; returns its row count. */
function record(root, from = path.join(root, LAST_RUN)) {
  if (!fs.existsSync(from)) throw new Error(`No benchmark results at ${from}: run \`npm run bench\` first.`);
  const results = JSON.parse(fs.readFileSync(from, 'utf8'));
  if (!results || !Array.isArray(results.rows) || typeof results.date !== 'string')
    throw new Error(`${from} is not a benchmark run (expected {"date", "node", "rows": [...]}).`);
  fs.writeFileSync(path.join(root, RECORDED), JSON.stringify(results, null, 2) + '\n');
  return results.rows.length;
}

module.exports = { LAST_RUN, RECORDED, record };

if (require.main === module) {
  try {
    const root = path.join(__dirname, '..');
    const from = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
    const rows = record(root, from);
    console.log(`${rows} rows recorded in ${RECORDED} (from ${from ?? LAST_RUN}); commit it with the change it measures.`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
