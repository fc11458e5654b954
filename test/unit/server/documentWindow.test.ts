/**
 * The window a request reads on a document over the parse budget (server/src/documentWindow.ts): the lines
 * around the position, cut to 1,000,000 characters; moved back to the start of the position's line when
 * that line starts within reach, so a request written there is read from its beginning; otherwise cut,
 * with the note hover adds.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  cutLineNote,
  describeWindow,
  MAX_WINDOW_CHARS,
  windowAround,
  windowNote,
  withNote,
  withNoteOnItems,
} from '../../../server/src/documentWindow';
import { continuesQuery } from '../../../server/src/service/wiki/wikiQueryParser';

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

  /**
   * A request on several lines (`&` continuation lines, `#` comments between them) whose first line is
   * long: [what, its lines before the cursor's line, expected start (the request's start = 0, or cut), requestCut].
   */
  const multiLine: Array<[string, string[], (from: number) => number, boolean]> = [
    [
      'first line 800,000 long, cursor on the next line: read from the request start',
      [`action=query&list=allpages&apfrom=${'A'.repeat(800_000)}`],
      () => 0,
      false,
    ],
    [
      'first line 800,000 long, a comment and a continuation between: read from the start',
      [`action=query&list=allpages&apfrom=${'A'.repeat(800_000)}`, '# note', '  &aplimit=5'],
      () => 0,
      false,
    ],
    [
      'first line 3,000,000 long: cut, and said',
      [`action=query&list=allpages&apfrom=${'A'.repeat(3_000_000)}`],
      (from) => from - 500_000,
      true,
    ],
    [
      'a continuation line of 3,000,000 between: cut, and said',
      ['action=query&list=allpages', `&apfrom=${'A'.repeat(3_000_000)}`],
      (from) => from - 500_000,
      true,
    ],
    [
      'a long request ended by a blank line, then a request of its own: not cut',
      [`action=query&apfrom=${'A'.repeat(3_000_000)}`, '', 'action=query&list=allpages'],
      (from) => from - 500_000,
      false,
    ],
    [
      'a long line of another request before a first line: not cut',
      [`action=query&apfrom=${'A'.repeat(3_000_000)}`, 'action=query&list=allpages'],
      (from) => from - 500_000,
      false,
    ],
  ];
  for (const [what, lines, expected, requestCut] of multiLine) {
    it(what, () => {
      const head = lines.join('\n') + '\n';
      const text = head + '&apl\n' + 'B'.repeat(600_000);
      const doc = TextDocument.create('file:///w.wikiquery', 'wikiquery', 1, text);
      const from = head.length + 4;
      const at = doc.positionAt(from);
      const w = windowAround(doc, { start: at, end: at }, continuesQuery);
      assert.equal(w.start, expected(from));
      assert.equal(w.lineCut, 0);
      assert.equal(w.requestCut, requestCut);
      assert.ok(w.end - w.start <= MAX_WINDOW_CHARS, `${w.end - w.start} characters`);
      const note = windowNote(w);
      if (requestCut)
        assert.match(note ?? '', /The request here starts on an earlier line, more than 950,000 characters before the cursor/);
      else assert.equal(note, undefined);
      // Without the wiki rule of continuation lines (other languages), the window is the plain one.
      assert.equal(windowAround(doc, { start: at, end: at }).requestCut, false);
    });
  }

  it('the one-time message gives the window in numbers of the constants', () => {
    assert.match(
      describeWindow(),
      /the 200 lines around .* the 500,000 characters either side, or from the start of a request that begins up to 950,000 characters before/,
    );
  });

  it('completion items get the note in their documentation, and the list is asked again', () => {
    const note = cutLineNote(2_500_000, 1_000_000);
    const list = withNoteOnItems(
      {
        isIncomplete: false,
        items: [
          { label: 'a', documentation: { kind: 'markdown', value: '**a**' } },
          { label: 'b', documentation: 'plain b' },
          { label: 'c' },
        ],
      },
      note,
    );
    assert.equal(list.isIncomplete, true);
    assert.deepEqual(
      list.items.map((i) => i.documentation),
      [
        { kind: 'markdown', value: `**a**\n\n---\n\n${note}` },
        { kind: 'plaintext', value: `plain b\n\n${note.slice(1, -1)}` },
        { kind: 'markdown', value: note },
      ],
    );
  });

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
