/** Which of the server's own diagnostics a code-action request is about (server/src/service/diagnosticData.ts). */
import { strict as assert } from 'node:assert';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { diagnosticsForCodeAction, MAX_CODE_ACTION_DIAGNOSTICS } from '../../../server/src/service/diagnosticData';

const r = (l1: number, c1: number, l2: number, c2: number): Range => ({
  start: { line: l1, character: c1 },
  end: { line: l2, character: c2 },
});
const own = (code: string, range: Range): Diagnostic => ({ range, code, source: 'wikimap-query', message: code, data: { code } });

// line 1: "a" at 2–5 and "b" at 10–12; line 3: "c" at 0–4; "d" spans lines 5–6
const OWN = [own('a', r(1, 2, 1, 5)), own('b', r(1, 10, 1, 12)), own('c', r(3, 0, 3, 4)), own('d', r(5, 4, 6, 2))];

describe('diagnosticsForCodeAction: the server’s own diagnostics at the range or on its lines', () => {
  const CASES: Array<[string, Range | undefined, unknown, string[]]> = [
    ['the cursor inside one: it first, then the rest of its line', r(1, 3, 1, 3), [], ['a', 'b']],
    ['the cursor elsewhere on the line: the line’s', r(1, 7, 1, 7), [], ['a', 'b']],
    ['a line without any: none', r(2, 0, 2, 0), [], []],
    ['a whole-line range ending at character 0 of the next line: only that line', r(3, 0, 4, 0), [], ['c']],
    ['a range over lines 1–3', r(1, 0, 3, 9), [], ['a', 'b', 'c']],
    ['the second line of a multi-line diagnostic', r(6, 0, 6, 0), [], ['d']],
    [
      'no range, a sent copy without source or data: the own diagnostic it names',
      undefined,
      [{ range: r(3, 0, 3, 99), code: 'c', message: '' }],
      ['c'],
    ],
    ['a sent copy of another tool counts for nothing', undefined, [{ range: r(3, 0, 3, 4), code: 'c', source: 'spell', message: '' }], []],
    ['a sent copy with another code counts for nothing', undefined, [{ range: r(3, 0, 3, 4), code: 'zzz', message: '' }], []],
    ['junk sent (null, no range) is ignored', r(2, 0, 2, 0), [null, { code: 'c' }, 'x'], []],
    ['context.diagnostics not a list', r(1, 0, 1, 0), 'nonsense', ['a', 'b']],
  ];
  for (const [what, range, sent, want] of CASES) {
    it(what, () => {
      const got = diagnosticsForCodeAction(OWN, range as Range, sent as Diagnostic[]);
      assert.deepEqual(
        got.map((d) => d.code),
        want,
      );
      for (const d of got) assert.ok(OWN.includes(d), 'only the server’s own diagnostics, data and all');
    });
  }

  // Hostile sizes (issue 25): 100,000 own diagnostics with a whole-document range took 37 s, 100,000 sent
  // with a range of a few lines 57 s (each "taken already?" asked of an array, each own diagnostic
  // against every sent one). Past 1,000 (what the server publishes) sent diagnostics are not read, and an
  // answer is about the first 1,000 of the server's own (not 200,000 fixes for a whole document).
  it('100,000 own diagnostics, a whole-document range: the first 1,000 of them, in order', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => own(`m${i}`, r(i, 0, i, 3)));
    const got = diagnosticsForCodeAction(many, r(0, 0, 1_000_000, 0), []);
    assert.equal(got.length, MAX_CODE_ACTION_DIAGNOSTICS);
    assert.ok(got.every((d, i) => d === many[i]));
  });

  it('100,000 sent: only the first 1,000 name own diagnostics', () => {
    const many = Array.from({ length: 1_200 }, (_, i) => own('x', r(i, 0, i, 3)));
    const sent = Array.from({ length: 100_000 }, (_, i) => ({ range: r(i, 0, i, 1), code: 'x', message: '' }));
    const got = diagnosticsForCodeAction(many, r(0, 0, 0, 0), sent);
    assert.equal(got.length, 1_000);
    assert.deepEqual(got, many.slice(0, 1_000));
  });
});
