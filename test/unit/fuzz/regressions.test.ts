// Inputs that once broke a language service, found by fuzzing: each must now give well-formed
// results for every feature at every offset.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exerciseInput, makeServices, rng, type FuzzReport } from '../../fuzz/fuzzer';

const dir = path.join(__dirname, 'regressions');

describe('fuzzing regressions', function () {
  this.timeout(120000);
  const services = makeServices();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const saved = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    it(`${file}: ${saved.found.slice(0, 80)}…`, () => {
      const report: FuzzReport = { inputs: 1, calls: 0, crashes: [], malformed: [], hangs: [], worstMs: 0, worstCall: '', byKind: {} };
      exerciseInput(
        services,
        { kind: saved.kind, language: saved.language, text: saved.text },
        { hangMs: 2000, offsets: 'all' },
        rng(1),
        report,
      );
      assert.deepEqual(
        report.crashes.map((c) => `${c.call}: ${c.error.split('\n')[0]}`),
        [],
      );
      assert.deepEqual(
        report.malformed.map((m) => `${m.call}: ${m.problem}`),
        [],
      );
      assert.ok(report.calls > saved.text.length * 2, `every offset was asked (${report.calls} calls)`);
    });
  }
});
