/**
 * What the language server keeps per open document beyond its text (parses, the last semantic tokens) is
 * bounded over all documents by entries and by weight, the least recently used dropped first
 * (server/src/recentlyUsed.ts).
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { RecentlyUsed } from '../../../server/src/recentlyUsed';

/** A bound of 3 entries and a weight of 100: each step is [entry, weight] used, or ['-', entry] forgotten; then what was dropped and what is kept. */
const CASES: Array<{ what: string; steps: Array<[string, number] | ['-', string]>; dropped: string[]; size: number }> = [
  {
    what: 'within both budgets nothing is dropped',
    steps: [
      ['a', 10],
      ['b', 10],
      ['c', 10],
    ],
    dropped: [],
    size: 3,
  },
  {
    what: 'a fourth entry drops the least recently used',
    steps: [
      ['a', 10],
      ['b', 10],
      ['c', 10],
      ['d', 10],
    ],
    dropped: ['a'],
    size: 3,
  },
  {
    what: 'using an entry again makes it the most recent',
    steps: [
      ['a', 10],
      ['b', 10],
      ['c', 10],
      ['a', 10],
      ['d', 10],
    ],
    dropped: ['b'],
    size: 3,
  },
  {
    what: 'over the weight, the oldest go until it fits',
    steps: [
      ['a', 40],
      ['b', 40],
      ['c', 40],
    ],
    dropped: ['a'],
    size: 2,
  },
  {
    what: 'an entry heavier than the budget is kept alone',
    steps: [
      ['a', 10],
      ['b', 10],
      ['big', 500],
    ],
    dropped: ['a', 'b'],
    size: 1,
  },
  {
    what: 'the heavy one goes when the next is used',
    steps: [
      ['big', 500],
      ['a', 10],
    ],
    dropped: ['big'],
    size: 1,
  },
  {
    what: 'a new weight replaces the old one',
    steps: [
      ['a', 90],
      ['a', 10],
      ['b', 80],
    ],
    dropped: [],
    size: 2,
  },
  {
    what: 'a forgotten entry is not counted nor dropped',
    steps: [
      ['a', 60],
      ['-', 'a'],
      ['b', 60],
      ['c', 30],
    ],
    dropped: [],
    size: 2,
  },
];

describe('RecentlyUsed: per-document state bounded over all documents', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const dropped: string[] = [];
      const kept = new RecentlyUsed<string>(3, 100, (k) => dropped.push(k));
      for (const [a, b] of c.steps) {
        if (a === '-') kept.forget(b as string);
        else kept.use(a, b as number);
      }
      assert.deepEqual(dropped, c.dropped);
      assert.equal(kept.size, c.size);
    });
  }

  it('clear forgets every entry without dropping any', () => {
    const dropped: string[] = [];
    const kept = new RecentlyUsed<string>(3, 100, (k) => dropped.push(k));
    kept.use('a', 90);
    kept.clear();
    kept.use('b', 90);
    assert.deepEqual(dropped, []);
    assert.equal(kept.size, 1);
  });
});
