/**
 * applyContentChanges: the changes of one `didChange`, each against the text the previous one made
 * (LSP), clamped and sanitised against that text.
 */
import assert from 'node:assert/strict';
import { LineIndexedDocument } from '../../../server/src/lineIndexedDocument';
import { applyContentChanges } from '../../../server/src/documentSync';

const at = (line: number, character: number) => ({ line, character });
const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: at(l1, c1), end: at(l2, c2) });

describe("document sync: applying one notification's changes", () => {
  /** [what, text before, content changes, text after] */
  const TABLE: Array<[string, string, unknown[], string]> = [
    [
      'single-character inserts past the old end of the line (Neovim typing at the end)',
      'list=x\nmeta=y',
      [
        { range: range(0, 6, 0, 6), text: '&' },
        { range: range(0, 7, 0, 7), text: 'a' },
        { range: range(0, 8, 0, 8), text: 'b' },
      ],
      'list=x&ab\nmeta=y',
    ],
    [
      'a newline, then typing on the new line it made',
      'abc',
      [
        { range: range(0, 3, 0, 3), text: '\n' },
        { range: range(1, 0, 1, 0), text: '&x' },
      ],
      'abc\n&x',
    ],
    [
      'a delete then an insert where the deleted text was',
      'action=qeury',
      [
        { range: range(0, 7, 0, 12), text: '' },
        { range: range(0, 7, 0, 7), text: 'query' },
      ],
      'action=query',
    ],
    [
      'surrogate pairs count as two UTF-16 units',
      'a😀b',
      [
        { range: range(0, 3, 0, 3), text: '😀' },
        { range: range(0, 5, 0, 6), text: 'c' },
      ],
      'a😀😀c',
    ],
    [
      'a whole-text change in the middle of a batch',
      'old',
      [{ range: range(0, 0, 0, 0), text: 'x' }, { text: 'new' }, { range: range(0, 3, 0, 3), text: '!' }],
      'new!',
    ],
    [
      'out-of-range positions are clamped to the text as it is then',
      'ab',
      [
        { range: range(0, 2, 0, 2), text: 'cd' },
        { range: range(5, 9, 7, 0), text: 'e' },
      ],
      'abcde',
    ],
    ['a reversed range is read start-first', 'abcdef', [{ range: range(0, 4, 0, 1), text: '-' }], 'a-ef'],
    [
      'malformed changes are skipped, the others applied',
      'ab',
      [null, { range: range(0, 0, 0, 0) }, { range: { start: at(0, 0) }, text: 'x' }, { range: range(0, 2, 0, 2), text: 'c' }, 7],
      'abc',
    ],
  ];
  for (const [what, before, changes, after] of TABLE) {
    it(what, () => {
      const doc = applyContentChanges(new LineIndexedDocument('file:///t.wikiquery', 'wikiquery', 1, before), changes as never, 2);
      assert.equal(doc.getText(), after);
      assert.equal(doc.version, 2);
    });
  }
});
