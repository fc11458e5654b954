/**
 * LineIndexedDocument answers every position question as vscode-languageserver-textdocument does (the
 * reference), with its full index and with its sparse one (forced on small texts), on texts of every
 * line-break kind, and after the same edits.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndexedDocument, SPARSE_STRIDE } from '../../../server/src/lineIndexedDocument';

/** A deterministic generator, so a failure is the same on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

const PIECES = ['a', 'bc', '\n', '\r\n', '\r', 'é', '😀', ' ', '\n\n', 'xyz'];

function textOf(rnd: () => number, pieces: number): string {
  let text = '';
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(rnd() * PIECES.length)];
  return text;
}

const TEXTS: Array<[string, string]> = [
  ['empty', ''],
  ['one line', 'action=query'],
  ['only LF', '\n'.repeat(300)],
  ['a\\n lines', 'a\n'.repeat(300)],
  ['CRLF lines', 'ab\r\n'.repeat(200)],
  ['lone CR lines', 'ab\r'.repeat(200)],
  ['ends with CR', 'x\ny\r'],
  ['one long line', 'q'.repeat(5000)],
  ...[1, 2, 3, 4, 5, 6].map((seed): [string, string] => [`random mix ${seed}`, textOf(random(seed), 40 * seed * seed)]),
];

/** Both indexes: 'full' (every line) and 'sparse' (every SPARSE_STRIDE-th line, forced by a zero threshold). */
const KINDS: Array<[string, number]> = [
  ['full', Number.MAX_SAFE_INTEGER],
  ['sparse', 0],
];

function compare(ours: LineIndexedDocument, ref: TextDocument, what: string): void {
  const text = ref.getText();
  assert.equal(ours.getText(), text, what);
  assert.equal(ours.lineCount, ref.lineCount, `${what}: lineCount`);
  for (let offset = -2; offset <= text.length + 2; offset++) {
    assert.deepEqual(ours.positionAt(offset), ref.positionAt(offset), `${what}: positionAt(${offset})`);
  }
  for (let line = -1; line <= ref.lineCount + 1; line++) {
    for (const character of [-1, 0, 1, 2, 3, 7, 10_000]) {
      const p = { line, character };
      assert.equal(ours.offsetAt(p), ref.offsetAt(p), `${what}: offsetAt(${JSON.stringify(p)})`);
    }
    assert.deepEqual(ours.getLineRange(line), ref.getLineRange(line), `${what}: getLineRange(${line})`);
    assert.equal(ours.getEOLCharacters(line), ref.getEOLCharacters(line), `${what}: getEOLCharacters(${line})`);
  }
  const range = { start: ref.positionAt(text.length / 3), end: ref.positionAt((2 * text.length) / 3) };
  assert.equal(ours.getText(range), ref.getText(range), `${what}: getText(range)`);
}

describe('LineIndexedDocument: positions as vscode-languageserver-textdocument gives them', () => {
  for (const [kind, fullIndexChars] of KINDS) {
    for (const [what, text] of TEXTS) {
      it(`${kind} index: ${what}`, () => {
        compare(
          new LineIndexedDocument('file:///t', 'wikiquery', 1, text, fullIndexChars),
          TextDocument.create('file:///t', 'wikiquery', 1, text),
          what,
        );
      });
    }

    it(`${kind} index: the same text after the same 60 random edits`, () => {
      const rnd = random(99);
      const ours = new LineIndexedDocument('file:///t', 'wikiquery', 1, textOf(rnd, 400), fullIndexChars);
      let ref = TextDocument.create('file:///t', 'wikiquery', 1, ours.getText());
      for (let i = 0; i < 60; i++) {
        const lines = ref.lineCount + 2;
        const at = () => ({ line: Math.floor(rnd() * lines), character: Math.floor(rnd() * 8) });
        const change = rnd() < 0.05 ? { text: textOf(rnd, 50) } : { range: { start: at(), end: at() }, text: textOf(rnd, 3) };
        ours.update([change], i + 2);
        // A fresh reference each time: the reference's own incremental line table can go wrong when an edit
        // joins a `\r` and a `\n` into one break.
        ref = TextDocument.update(TextDocument.create('file:///t', 'wikiquery', i + 1, ref.getText()), [change], i + 2);
        assert.equal(ours.version, i + 2);
        assert.equal(ours.getText(), ref.getText(), `edit ${i}: ${JSON.stringify(change)}`);
      }
      compare(ours, ref, 'after the edits');
    });
  }

  // One update of many edits applies them to the text in pieces of 16 K characters, its index patched
  // edit by edit: the same text and positions as the edits applied one at a time, pieces crossed and joined,
  // `\r` and `\n` joined and parted by edits, edits past the end clamped.
  for (const [what, size, edits] of [
    ['a 2 KB text, 300 edits', 400, 300],
    ['a 120 KB text (8 pieces), 400 edits', 25_000, 400],
  ] as const) {
    it(`full index: ${what} in one update, as one at a time`, () => {
      const rnd = random(size);
      const start = textOf(rnd, size);
      let ref = TextDocument.create('file:///t', 'wikiquery', 1, start);
      const changes: Array<{
        range: { start: { line: number; character: number }; end: { line: number; character: number } };
        text: string;
      }> = [];
      for (let i = 0; i < edits; i++) {
        const lines = ref.lineCount + 2;
        const at = () => ({ line: Math.floor(rnd() * lines), character: Math.floor(rnd() * 8) });
        // Now and then a long insertion or deletion, across pieces.
        const long = rnd() < 0.05;
        const range = long ? { start: at(), end: { line: Math.floor(rnd() * lines), character: 0 } } : { start: at(), end: at() };
        const change = { range, text: textOf(rnd, long ? 20_000 : 3) };
        changes.push(change);
        ref = TextDocument.update(TextDocument.create('file:///t', 'wikiquery', 1, ref.getText()), [change], 2);
      }
      const ours = new LineIndexedDocument('file:///t', 'wikiquery', 1, start);
      assert.equal(
        ours.lineCount,
        TextDocument.create('file:///t', 'wikiquery', 1, start).lineCount,
        'the index exists before the edits: patched, not built afresh',
      );
      ours.update(changes, 2);
      assert.equal(ours.version, 2);
      assert.equal(ours.getText(), ref.getText());
      compare(ours, ref, 'after one update of all the edits');
    });
  }

  it(`a sparse index keeps one entry per ${SPARSE_STRIDE} lines: the 64,001st line of a text of line breaks`, () => {
    const text = '\n'.repeat(100_000) + 'action=query';
    const doc = new LineIndexedDocument('file:///t', 'wikiquery', 1, text, 0);
    assert.equal(doc.lineCount, 100_001);
    assert.equal(doc.offsetAt({ line: 64_000, character: 5 }), 64_000);
    assert.deepEqual(doc.positionAt(text.length - 2), { line: 100_000, character: 10 });
    assert.equal(doc.getText({ start: { line: 100_000, character: 0 }, end: { line: 100_000, character: 6 } }), 'action');
  });
});
