/**
 * The window a request reads on a document over the parse budget (server/src/documentWindow.ts): the lines
 * around the position, cut to 1,000,000 characters; moved back to the start of the position's line when
 * that line starts within reach, so a request written there is read from its beginning; otherwise cut,
 * with the note hover adds.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { cutLineNote, MAX_WINDOW_CHARS, windowAround, withNote } from '../../../server/src/documentWindow';

describe('document window around a position', () => {
  /** [what, text before the position on its line, lines before that line, expected start (offset), lineCut] */
  const cases: Array<[string, number, number, (lineStart: number, from: number) => number, number]> = [
    ['a short line: the 200 lines before and the line', 10, 300, (lineStart) => lineStart - 200 * 11, 0],
    ['400,000 characters back: the line start (within the 500,000 either side)', 400_000, 0, () => 0, 0],
    ['800,000 characters back: moved back to the line start', 800_000, 0, () => 0, 0],
    ['950,000 characters back: still the line start', 950_000, 0, () => 0, 0],
    ['950,001 characters back: cut at 500,000 before the position', 950_001, 0, (_, from) => from - 500_000, 450_001],
    ['3,000,000 characters back: cut', 3_000_000, 0, (_, from) => from - 500_000, 2_500_000],
  ];
  for (const [what, back, linesBefore, expected, lineCut] of cases) {
    it(what, () => {
      const before = 'x'.repeat(10) + '\n';
      const text = before.repeat(linesBefore) + 'A'.repeat(back) + '&apl' + 'B'.repeat(600_000);
      const doc = TextDocument.create('file:///w.wikiquery', 'wikiquery', 1, text);
      const lineStart = before.length * linesBefore;
      const from = lineStart + back;
      const at = doc.positionAt(from);
      const w = windowAround(doc, { start: at, end: at });
      assert.equal(w.start, expected(lineStart, from));
      assert.equal(w.lineCut, lineCut);
      assert.ok(w.end - w.start <= MAX_WINDOW_CHARS, `${w.end - w.start} characters`);
      assert.ok(w.end - from >= 50_000, 'at least 50,000 characters after the position');
    });
  }

  it('hover gets the note after what it says, or the note alone', () => {
    const note = cutLineNote(2_500_000, 1_000_000);
    assert.match(note, /This line starts 2,500,000 characters before the 1,000,000 read around the cursor/);
    assert.deepEqual(withNote(null, note), { contents: { kind: 'markdown', value: note } });
    assert.deepEqual(withNote({ contents: { kind: 'markdown', value: '**aplimit**' } }, note).contents, {
      kind: 'markdown',
      value: `**aplimit**\n\n---\n\n${note}`,
    });
    assert.deepEqual(withNote({ contents: 'plain' }, note).contents, ['plain', note]);
  });
});
