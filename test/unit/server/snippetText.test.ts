/** Snippets written out as plain text for clients without snippet support (server/src/service/snippetText.ts). */
import { strict as assert } from 'node:assert';
import { InsertTextFormat, type CompletionList } from 'vscode-languageserver-types';
import { snippetToPlainText, withoutSnippets } from '../../../server/src/service/snippetText';

describe('snippets as plain text', () => {
  const CASES: Array<[string, string]> = [
    ['"${1}"', '""'],
    ['${1:1000}', '1000'],
    ['{"x": ${1:0}, "y": ${2:0}, "z": ${3:0}}', '{"x": 0, "y": 0, "z": 0}'],
    ['{"key": "${1}", "value": "${2:%}"}', '{"key": "", "value": "%"}'],
    ['"type": "${7:bones}"$0', '"type": "bones"'],
    ['a $1 b $0', 'a  b '],
    ['${1:outer ${2:inner}}', 'outer inner'],
    ['${1|asc,desc|}', 'asc'],
    ['\\$1 costs \\}', '$1 costs }'],
    ['${TM_SELECTED_TEXT:none}', 'none'],
    ['plain text, no snippet', 'plain text, no snippet'],
    ['50%', '50%'],
  ];
  for (const [snippet, plain] of CASES) {
    it(`${JSON.stringify(snippet)} → ${JSON.stringify(plain)}`, () => assert.equal(snippetToPlainText(snippet), plain));
  }

  it('turns snippet items (textEdit, insertText, the list default) into plain text and leaves the others', () => {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const list: CompletionList = {
      isIncomplete: false,
      itemDefaults: { insertTextFormat: InsertTextFormat.Snippet },
      items: [
        { label: 'a', insertTextFormat: InsertTextFormat.Snippet, textEdit: { range, newText: '"a": ${1:0}' } },
        { label: 'b', insertTextFormat: InsertTextFormat.Snippet, insertText: '"b": "${1}"' },
        { label: 'c', insertText: '"c": ${1:2}' },
        { label: 'd', insertTextFormat: InsertTextFormat.PlainText, insertText: 'cost: $1' },
      ],
    };
    const plain = withoutSnippets(list);
    assert.equal(plain.itemDefaults?.insertTextFormat, InsertTextFormat.PlainText);
    assert.deepEqual(
      plain.items.map((i) => [i.insertTextFormat, i.textEdit?.newText ?? i.insertText]),
      [
        [InsertTextFormat.PlainText, '"a": 0'],
        [InsertTextFormat.PlainText, '"b": ""'],
        [InsertTextFormat.PlainText, '"c": 2'],
        [InsertTextFormat.PlainText, 'cost: $1'],
      ],
    );
  });
});
