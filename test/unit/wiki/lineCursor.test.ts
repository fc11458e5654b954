/**
 * The validator's line cursor (wikiValidator.ts) gives the positions TextDocument gives, for LF-only
 * texts, whatever order the offsets are asked in: forward (a validation's usual order), back within a
 * query, back to the first lines, and far back often enough that it indexes the whole text.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineCursor } from '../../../server/src/service/wiki/wikiValidator';
import { seededRandom } from '../../support/seededRandom';

function expectSame(text: string, offsets: number[]): void {
  const document = TextDocument.create('file:///t.wikiquery', 'wikiquery', 1, text);
  const cursor = new LineCursor(text);
  for (const offset of offsets)
    assert.deepEqual(cursor.positionAt(offset), document.positionAt(offset), `offset ${offset} of ${JSON.stringify(text.slice(0, 40))}`);
}

describe('the validator line cursor', () => {
  const many = 'action=query\n  &list=x\n\n'.repeat(3000);
  /** [what, text, offsets asked in this order] */
  const TABLE: Array<[string, string, number[]]> = [
    ['an empty text', '', [0, 0]],
    ['one line, forward and back', 'action=query', [0, 5, 12, 3, 0]],
    ['a text starting with line ends, back to the first line', '\n\nabc\n', [5, 3, 2, 1, 0, 6, 1, 0]],
    ['offsets at line starts and line ends', 'a\nbc\n\nd\n', [0, 1, 2, 4, 5, 6, 7, 8, 0]],
    ['forward through every offset', 'x=1\n\n  &y=2\n# c\nz\n', Array.from({ length: 19 }, (_, i) => i)],
    ['backward through every offset', 'x=1\n\n  &y=2\n# c\nz\n', Array.from({ length: 19 }, (_, i) => 18 - i)],
    [
      'far back again and again (indexes the whole text)',
      many,
      Array.from({ length: 40 }, (_, i) => (i % 2 ? many.length - 1 - i : i * 3)),
    ],
  ];
  for (const [what, text, offsets] of TABLE) it(what, () => expectSame(text, offsets));

  it('random texts, offsets mostly forward with steps back (seeded)', () => {
    const r = seededRandom(11);
    for (let round = 0; round < 200; round++) {
      let text = '';
      const lines = Math.floor(r() * 40);
      for (let i = 0; i < lines; i++) text += 'ab&c=d'.slice(0, Math.floor(r() * 7)) + '\n';
      if (r() < 0.5) text += 'tail';
      const offsets: number[] = [];
      let at = 0;
      for (let i = 0; i < 30; i++) {
        at = Math.max(0, Math.min(text.length, at + Math.floor(r() * 20) - 6));
        offsets.push(at);
      }
      expectSame(text, offsets);
    }
  });
});
