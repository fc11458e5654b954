/**
 * The pure parts of `check --target`: how a target is named, how the targets' diagnostics merge, and
 * what the message says of them.
 */
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { parseTargetSpec } from '../../../server/src/cli/checkTargets';
import { mergeByTarget, targetsNote } from '../../../server/src/targetsMerge';

describe('check --target: target specs', () => {
  const table: Array<[string, { name: string; source: string }]> = [
    ['1.39', { name: 'MediaWiki 1.39', source: '1.39' }],
    ['mediawiki-1.45', { name: 'MediaWiki 1.45', source: 'mediawiki-1.45' }],
    ['MediaWiki 1.43.3', { name: 'MediaWiki 1.43.3', source: 'MediaWiki 1.43.3' }],
    ['enwiki=https://en.wikipedia.org/w/api.php', { name: 'enwiki', source: 'https://en.wikipedia.org/w/api.php' }],
    ['https://en.wikipedia.org/w/api.php', { name: 'en.wikipedia.org', source: 'https://en.wikipedia.org/w/api.php' }],
    // a `=` after `?` or `/` belongs to the URL or path
    ['https://w.example/api.php?x=1', { name: 'w.example', source: 'https://w.example/api.php?x=1' }],
    ['snapshots/farm.json', { name: 'farm.json', source: 'snapshots/farm.json' }],
    ['farm=snapshots/a=b.json', { name: 'farm', source: 'snapshots/a=b.json' }],
    ['old=1.39', { name: 'old', source: '1.39' }],
  ];
  for (const [spec, expected] of table) it(spec, () => assert.deepEqual(parseTargetSpec(spec), expected));
});

const at = (line: number, code: string, severity: 1 | 2 | 3 | 4, message = code): Diagnostic => ({
  range: { start: { line, character: 0 }, end: { line, character: 5 } },
  code,
  severity,
  message,
});

describe('check --target: merging the targets diagnostics', () => {
  it('one diagnostic per range and code, the targets in the given order, the worst severity, the first message', () => {
    const merged = mergeByTarget([
      { name: 'A', diagnostics: [at(0, 'x', 2, 'from A'), at(1, 'y', 1)] },
      { name: 'B', diagnostics: [at(0, 'x', 1, 'from B')] },
      { name: 'C', diagnostics: [at(1, 'y', 1), at(1, 'z', 3)] },
    ]);
    assert.deepEqual(
      merged.map((m) => [m.diagnostic.range.start.line, m.diagnostic.code, m.diagnostic.severity, m.diagnostic.message, m.targets]),
      [
        [0, 'x', 1, 'from A', ['A', 'B']],
        [1, 'y', 1, 'y', ['A', 'C']],
        [1, 'z', 3, 'z', ['C']],
      ],
    );
  });
  it('two diagnostics of one code at one range about different parameters stay two (rvdifftotext deprecated, rvslots left out)', () => {
    const about = (param: string): Diagnostic => ({ ...at(0, 'deprecation', 2, param), data: { param } });
    const merged = mergeByTarget([
      { name: 'A', diagnostics: [about('rvdifftotext'), about('rvslots')] },
      { name: 'B', diagnostics: [about('rvslots')] },
    ]);
    assert.deepEqual(
      merged.map((m) => [m.diagnostic.message, m.targets]),
      [
        ['rvdifftotext', ['A']],
        ['rvslots', ['A', 'B']],
      ],
    );
  });
  it('does not change the targets diagnostics', () => {
    const d = at(0, 'x', 2);
    mergeByTarget([
      { name: 'A', diagnostics: [d] },
      { name: 'B', diagnostics: [at(0, 'x', 1)] },
    ]);
    assert.equal(d.severity, 2);
  });
  it('no targets, no diagnostics', () => assert.deepEqual(mergeByTarget([]), []));
});

describe('check --target: the note in messages', () => {
  const table: Array<[string[], string[], string]> = [
    [['A'], ['A', 'B', 'C'], '[on A; accepted by B, C]'],
    [['A', 'C'], ['A', 'B', 'C'], '[on A, C; accepted by B]'],
    [['A', 'B'], ['A', 'B'], '[on every target: A, B]'],
  ];
  for (const [targets, all, note] of table) it(note, () => assert.equal(targetsNote(targets, all), note));
});
