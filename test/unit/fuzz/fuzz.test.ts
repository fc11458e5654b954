// A short fuzz run with a fixed seed, inside the unit suite (npm run fuzz runs longer ones).
import assert from 'node:assert/strict';
import { runFuzz } from '../../fuzz/fuzzer';

describe('fuzzing the language services (fixed seed)', function () {
  this.timeout(300000);
  for (const seed of [1, 20261121]) {
    it(`seed ${seed}: no crash, no malformed result, no call stuck (every feature, sampled offsets)`, () => {
      // The hang bound here only catches a stuck call (a runaway regular expression, a loop);
      // speed is measured by npm run bench and npm run fuzz, never asserted in tests.
      const report = runFuzz({ seed, count: 300, timeBudgetMs: 120000, maxLen: 10000, hangMs: 2000, offsets: 25 });
      const show = (xs: any[]) =>
        xs
          .slice(0, 3)
          .map((x) => `${x.call} on ${x.input.kind}: ${x.error ?? x.problem ?? x.ms} | input ${JSON.stringify(x.input.text.slice(0, 200))}`)
          .join('\n');
      assert.equal(report.crashes.length, 0, show(report.crashes));
      assert.equal(report.malformed.length, 0, show(report.malformed));
      assert.equal(report.hangs.length, 0, show(report.hangs));
      assert.ok(report.inputs >= 100, `tried ${report.inputs} inputs`);
      assert.ok(Object.keys(report.byKind).length >= 5, `input kinds: ${Object.keys(report.byKind).join(', ')}`);
    });
  }
});
