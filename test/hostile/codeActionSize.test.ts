/**
 * The size of a code action on a multi-megabyte one-line query, against the real language server over stdio
 * (issue 25). *Split the query into one parameter per line* replaced the whole query with the whole query
 * rewritten: on a 9 MB line (a 9 MB `apfrom` value, under the parse budget) one action carried the line back,
 * about 18 MB of JSON. Its edits now cover only the separators between parameters: the answer is under 64 KB,
 * applying it gives the same text as before, and the server stays bounded (peak RSS from /proc, time).
 */
import { strict as assert } from 'node:assert';
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { assertServerBounded, MAX_SECONDS, withServer } from './hugeDocumentsShared';

const MAX_ANSWER_CHARS = 64 * 1024;

describe('code actions on a multi-megabyte one-line query (server over stdio)', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);

  it('a 9 MB line: each action a few hundred bytes, the split applies as before, the server bounded', async () => {
    const text = `action=query&list=allpages&apfrom=${'x'.repeat(9_000_000)}&apnamespace=0&apnamespace=1\n`;
    await withServer(async (client) => {
      const uri = 'file:///huge/long-line.wikiquery';
      const started = Date.now();
      await client.open(uri, 'wikiquery', text);
      const at = { line: 0, character: 1 };
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: at, end: at },
        context: { diagnostics: [] },
      });
      const size = JSON.stringify(actions).length;
      assert.ok(size < MAX_ANSWER_CHARS, `${size} characters of code actions`);
      const split = actions.find((a) => a.title === 'Split the query into one parameter per line');
      assert.ok(split, JSON.stringify(actions.map((a) => a.title)));
      const edits = split.edit!.changes![uri] as TextEdit[];
      const after = TextDocument.applyEdits(TextDocument.create(uri, 'wikiquery', 1, text), edits);
      assert.equal(after, text.replace(/&/g, '\n  &'));
      assertServerBounded(client, started, 700);
    });
  });
});
