/**
 * Code actions and completion that respect the client (the real `dist/server.js` over stdio):
 * - quick fixes, wiki and map alike, come from the server's own diagnostics at the requested range or
 *   on its line, whatever the client sends back: the requests exactly as Neovim 0.7, eglot 1.9 and
 *   ALE 3.3 sent them (fixtures/editorRequests.ts), the same with the cursor moved to the start of the
 *   line, and shapes no captured client sent but the protocol allows (no `source`, no `data`,
 *   whole-line ranges, an empty `context.diagnostics`);
 * - snippets only to a client that declared `completionItem.snippetSupport: true`, plain text to the others.
 */
import assert from 'node:assert/strict';
import type { CodeAction, CompletionList, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import { applyEdits, ensureBuilt, LspClient } from './lspClient';
import { CAPTURED, MAP_TEXT, WIKI_TEXT, type EditorDocument } from './fixtures/editorRequests';

const DOCS: Record<EditorDocument, { uri: string; languageId: string; text: string; fix: string; fixed: string }> = {
  wiki: {
    uri: 'file:///home/user/project/sample.wikiquery',
    languageId: 'wikiquery',
    text: WIKI_TEXT,
    fix: 'Change to `aplimit`',
    fixed: 'action=query&list=allpages&aplimit=5',
  },
  map: {
    uri: 'file:///home/user/project/shops.mapquery.json',
    languageId: 'mapquery',
    text: MAP_TEXT,
    fix: 'Change to "bones"',
    fixed: '  "type": "bones"',
  },
};
const LINE = 3; // the diagnostic's line in both documents

async function openBoth(client: LspClient): Promise<void> {
  for (const doc of Object.values(DOCS)) {
    await client.open(doc.uri, doc.languageId, doc.text, 1);
    await client.diagnosticsFor(doc.uri, 1);
  }
}

function codeActions(client: LspClient, document: EditorDocument, range: unknown, diagnostics: unknown[]): Promise<CodeAction[]> {
  return client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: DOCS[document].uri },
    range,
    context: { diagnostics },
  });
}

/** The line the fix titled `title` leaves, or a failure naming what was offered. */
function applied(document: EditorDocument, actions: CodeAction[], title: string): string {
  const action = actions.find((a) => a.title === title);
  assert.ok(action, `no "${title}" among ${JSON.stringify(actions.map((a) => a.title))}`);
  const edits = action.edit?.changes?.[DOCS[document].uri] as TextEdit[];
  return applyEdits(DOCS[document].text, edits).split('\n')[LINE];
}

const lineRange = (from: number, to: number): Range => ({ start: { line: LINE, character: from }, end: { line: LINE, character: to } });

describe('language server over stdio: code actions and completion that respect the client', function () {
  this.timeout(30000);
  before(() => ensureBuilt());

  for (const editor of CAPTURED) {
    describe(`as ${editor.editor} sends them`, () => {
      let client: LspClient;
      before(async () => {
        client = await LspClient.start({
          initializationOptions: { diagnostics: { delay: 0 } },
          capabilities: { textDocument: { completion: editor.completion } },
        });
        await openBoth(client);
      });
      after(() => client?.stop());

      for (const captured of editor.codeActions) {
        it(`${captured.what}: "${captured.fix}" is offered and repairs the line`, async () => {
          const actions = await codeActions(client, captured.document, captured.params.range, captured.params.context.diagnostics);
          assert.equal(applied(captured.document, actions, captured.fix), DOCS[captured.document].fixed);
        });

        it(`${captured.what}, the cursor moved to the start of the line: the same fix`, async () => {
          const actions = await codeActions(client, captured.document, lineRange(0, 0), captured.params.context.diagnostics);
          assert.equal(applied(captured.document, actions, captured.fix), DOCS[captured.document].fixed);
        });
      }

      it('map completion of a field is plain text (no snippet support declared): no ${…} tab stops', async () => {
        const text = MAP_TEXT.replace('"type": "bone"', '"type": "bones", "attr');
        const uri = 'file:///home/user/project/complete.mapquery.json';
        await client.open(uri, 'mapquery', text, 1);
        const list = await client.request<CompletionList>('textDocument/completion', {
          textDocument: { uri },
          position: { line: LINE, character: text.split('\n')[LINE].length },
        });
        const item = list.items.find((i) => i.label === 'attributelike');
        assert.ok(item?.textEdit && 'range' in item.textEdit, JSON.stringify(list.items.map((i) => i.label)));
        assert.equal(item.insertTextFormat, 1);
        assert.equal(item.textEdit.newText, '"attributelike": {"key": "", "value": "%"}');
        for (const i of list.items) {
          assert.notEqual(i.insertTextFormat, 2, i.label);
          assert.doesNotMatch(JSON.stringify([i.insertText, i.textEdit]), /\$\{?\d/, i.label);
        }
      });
    });
  }

  describe('shapes the protocol allows: only the server’s own diagnostics count', () => {
    let client: LspClient;
    const own: Partial<Record<EditorDocument, Diagnostic>> = {};
    before(async () => {
      client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
      for (const [name, doc] of Object.entries(DOCS) as Array<[EditorDocument, (typeof DOCS)['wiki']]>) {
        await client.open(doc.uri, doc.languageId, doc.text, 1);
        own[name] = (await client.diagnosticsFor(doc.uri, 1)).find((d) => d.range.start.line === LINE);
      }
    });
    after(() => client?.stop());

    const wholeLine = (document: EditorDocument) => lineRange(0, DOCS[document].text.split('\n')[LINE].length);
    const SHAPES: Array<{
      what: string;
      range: (doc: EditorDocument) => unknown;
      sent: (d: Diagnostic, doc: EditorDocument) => unknown[];
    }> = [
      { what: 'an empty context.diagnostics, the cursor at the line start', range: () => lineRange(0, 0), sent: () => [] },
      { what: 'no context.diagnostics key sent at all (null)', range: () => lineRange(1, 1), sent: () => null as unknown as unknown[] },
      {
        what: 'the diagnostic without source and data, widened to the whole line',
        range: wholeLine,
        sent: (d, doc) => [{ range: wholeLine(doc), message: d.message, code: d.code }],
      },
      {
        what: 'the diagnostic without code, source or data, the request range elsewhere on the line',
        range: () => lineRange(0, 1),
        sent: (d) => [{ range: d.range, message: d.message }],
      },
      {
        what: 'a diagnostic of another tool only (a spell checker), the cursor on the line',
        range: () => lineRange(1, 1),
        sent: (d) => [{ range: d.range, message: 'Possible spelling mistake', source: 'spell-checker', code: 'typo' }],
      },
      {
        what: 'a whole-line range ending at character 0 of the next line',
        range: () => ({ start: { line: LINE, character: 0 }, end: { line: LINE + 1, character: 0 } }),
        sent: () => [],
      },
    ];
    for (const document of ['wiki', 'map'] as EditorDocument[]) {
      for (const shape of SHAPES) {
        it(`${document}: ${shape.what}`, async () => {
          const actions = await codeActions(client, document, shape.range(document), shape.sent(own[document]!, document));
          assert.equal(applied(document, actions, DOCS[document].fix), DOCS[document].fixed);
          const fix = actions.find((a) => a.title === DOCS[document].fix)!;
          assert.deepEqual(fix.diagnostics, [own[document]], 'the fix names the server’s own diagnostic');
        });
      }

      it(`${document}: a line without a diagnostic gets no quick fix, even if the client sends one from elsewhere`, async () => {
        const range = { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } };
        const elsewhere = {
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
          message: 'x',
          code: 'unknowntype',
        };
        const actions = await codeActions(client, document, range, [elsewhere]);
        assert.deepEqual(
          actions.filter((a) => a.kind === 'quickfix').map((a) => a.title),
          [],
        );
      });
    }
  });

  it('after an edit, the fixes are those of the new text (nothing kept from before)', async () => {
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
    try {
      const { uri, languageId, text } = DOCS.map;
      await client.open(uri, languageId, text, 1);
      await client.diagnosticsFor(uri, 1);
      assert.ok((await codeActions(client, 'map', lineRange(0, 0), [])).some((a) => a.title === DOCS.map.fix));
      await client.change(uri, 2, [{ text: text.replace('"bone"', '"bones"') }]);
      assert.deepEqual(
        (await codeActions(client, 'map', lineRange(0, 0), [])).map((a) => a.title),
        [],
      );
      await client.change(uri, 3, [{ text: text.replace('"bone"', '"bonez"') }]);
      assert.ok((await codeActions(client, 'map', lineRange(0, 0), [])).some((a) => a.title === DOCS.map.fix));
    } finally {
      await client.stop();
    }
  });

  describe('a client that declared snippetSupport: true (VS Code)', () => {
    let client: LspClient;
    before(async () => {
      client = await LspClient.start({ capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } } } } });
    });
    after(() => client?.stop());

    it('gets the map field as a snippet with tab stops', async () => {
      const text = MAP_TEXT.replace('"type": "bone"', '"type": "bones", "attr');
      const uri = 'file:///home/user/project/snippets.mapquery.json';
      await client.open(uri, 'mapquery', text, 1);
      const list = await client.request<CompletionList>('textDocument/completion', {
        textDocument: { uri },
        position: { line: LINE, character: text.split('\n')[LINE].length },
      });
      const item = list.items.find((i) => i.label === 'attributelike');
      assert.equal(item?.insertTextFormat, 2);
      assert.equal(item?.textEdit?.newText, '"attributelike": {"key": "${1}", "value": "${2:%}"}');
    });
  });
});
