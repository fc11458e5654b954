/**
 * Protocol abuse the other hostile suites do not send, against the language server over stdio (issue 25,
 * "hostile inputs you have not seen"): malformed `didOpen`/`didClose`/`didChange`, positions and ranges of
 * every wrong type, methods the server does not have, the same URI opened twice under other languages, a
 * second `initialize`, and requests after `shutdown`. Each case checks the server lives, answers (a result or
 * an error response, never silence), stays bounded, and keeps serving the well-formed documents.
 *
 * Found: a `didOpen` whose `text` was not a string was stored; from then on every re-check of all open
 * documents (a settings change, Reload Catalogue) failed on it ("a catalogue listener failed: Cannot read
 * properties of null"), so the well-formed documents opened beside it were never checked again.
 */
import { strict as assert } from 'node:assert';
import type { Diagnostic } from 'vscode-languageserver-types';
import { assertServerBounded, withServer } from './hugeDocumentsShared';
import type { LspClient } from '../protocol/lspClient';

const GOOD = 'file:///redteam/good.wikiquery';
const GOOD_TEXT = 'api.php?action=query&list=allpages&aplimit=max&apfoo=1\n';

/** The diagnostics published for `uri` after the `count` publications already seen. */
function nextDiagnostics(client: LspClient, uri: string, count: number): Promise<Diagnostic[]> {
  return client.waitFor(
    `publication ${count + 1} of ${uri}`,
    () => client.published.filter((p) => p.uri === uri)[count]?.diagnostics,
    20000,
  );
}

const publications = (client: LspClient, uri: string) => client.published.filter((p) => p.uri === uri).length;

const BAD_OPENS: Array<[string, unknown]> = [
  ['text null', { textDocument: { uri: 'file:///redteam/a.wikiquery', languageId: 'wikiquery', version: 1, text: null } }],
  ['text a number, uri a number', { textDocument: { uri: 5, languageId: 'wikiquery', version: 1, text: 5 } }],
  ['text an object', { textDocument: { uri: 'file:///redteam/b.wikiquery', languageId: 'wikiquery', version: 1, text: { length: 1e9 } } }],
  ['no textDocument', {}],
  ['params null', null],
];

describe('redteam: protocol abuse over stdio', function () {
  this.timeout(120_000);

  it('malformed didOpen/didClose/didChange are ignored: the well-formed document is checked again on a settings change and on Reload Catalogue', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      for (const [, params] of BAD_OPENS) await client.connection.sendNotification('textDocument/didOpen', params as never);
      await client.open(GOOD, 'wikiquery', GOOD_TEXT);
      const first = await client.diagnosticsFor(GOOD, 1);
      assert.ok(
        first.some((d) => /apfoo/.test(String(d.message))),
        JSON.stringify(first),
      );
      for (const params of [null, {}, { textDocument: null }, { textDocument: { uri: 7 } }]) {
        await client.connection.sendNotification('textDocument/didClose', params as never);
        await client.connection.sendNotification('textDocument/didChange', { ...params, contentChanges: [{ text: 'x' }] } as never);
      }
      // A settings change checks every open document again.
      let seen = publications(client, GOOD);
      await client.connection.sendNotification('workspace/didChangeConfiguration', {
        settings: { wikimapQuery: { diagnostics: { delay: 0 } } },
      });
      const again = await nextDiagnostics(client, GOOD, seen);
      assert.deepEqual(again, first);
      // So does Reload Catalogue (of the built-in catalogue: nothing is fetched).
      seen = publications(client, GOOD);
      await client.request('wikimapQuery/reloadCatalogue', {});
      assert.deepEqual(await nextDiagnostics(client, GOOD, seen), first);
      const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
        textDocument: { uri: GOOD },
        position: { line: 0, character: 30 },
      });
      assert.ok(hover, 'hover answers');
      const logged = client.logs.join('\n');
      assert.doesNotMatch(logged, /listener failed|Cannot read properties/, logged.slice(0, 2000));
      assert.match(logged, /didOpen without a text or URI \(the LSP asks strings for both\); ignored\./);
      assertServerBounded(client, started, 400);
    });
  });

  const POSITIONS: unknown[] = [
    { line: -1, character: -1 },
    { line: 0.5, character: 1.5 },
    { line: 'a', character: 'b' },
    { line: null, character: null },
    { line: 2 ** 31, character: 2 ** 53 },
    { line: { valueOf: 1 }, character: [] },
    {},
    null,
    'x',
  ];
  const DOCUMENTS: Array<[string, string, string]> = [
    ['file:///redteam/p.wikiquery', 'wikiquery', GOOD_TEXT.repeat(3)],
    ['file:///redteam/p.mapquery.json', 'mapquery', '[{"type": "bones", "limit": 5}]'],
    ['file:///redteam/p.py', 'python', 'requests.get("https://en.wikipedia.org/w/api.php?action=query&list=allpages")\n'],
  ];

  it('positions and ranges of every wrong type, to every request with one: each answered (a result or an error), the server lives', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      let answered = 0;
      for (const [uri, languageId, text] of DOCUMENTS) {
        await client.open(uri, languageId, text);
        const textDocument = { uri };
        for (const position of POSITIONS) {
          const range = { start: position, end: position };
          const requests: Array<[string, unknown]> = [
            ['textDocument/hover', { textDocument, position }],
            ['textDocument/completion', { textDocument, position }],
            ['textDocument/selectionRange', { textDocument, positions: [position] }],
            ['textDocument/codeAction', { textDocument, range, context: { diagnostics: [{ range, message: 'x' }] } }],
            ['textDocument/inlayHint', { textDocument, range }],
            ['textDocument/semanticTokens/range', { textDocument, range }],
          ];
          for (const [method, params] of requests) {
            await client.request(method, params).catch((err: { code?: number }) => assert.equal(typeof err.code, 'number', String(err)));
            answered++;
          }
        }
      }
      assert.equal(answered, DOCUMENTS.length * POSITIONS.length * 6);
      // Formatting options of the wrong types, a method the server does not have.
      await client.request('textDocument/formatting', {
        textDocument: { uri: DOCUMENTS[0][0] },
        options: { tabSize: -1, insertSpaces: 'x' },
      });
      await assert.rejects(client.request('redteam/unknown', { x: 1 }), (err: { code?: number }) => err.code === -32601);
      await client.connection.sendNotification('redteam/unknown', { x: 1 });
      const hover = await client.request('textDocument/hover', {
        textDocument: { uri: DOCUMENTS[0][0] },
        position: { line: 0, character: 30 },
      });
      assert.ok(hover, 'hover answers afterwards');
      assertServerBounded(client, started, 400);
    });
  });

  it('the same URI opened again as another language, a second initialize: the last text and language are the ones judged', async () => {
    await withServer(async (client) => {
      const uri = 'file:///redteam/twice.wikiquery';
      await client.open(uri, 'wikiquery', GOOD_TEXT, 1);
      await client.diagnosticsFor(uri, 1);
      await client.open(uri, 'mapquery', '[{"type": 5}]', 2);
      const map = await client.diagnosticsFor(uri, 2);
      assert.ok(map.length > 0 && map.every((d) => !/apfoo/.test(String(d.message))), JSON.stringify(map));
      await client.open(uri, 'wikiquery', GOOD_TEXT, 3);
      assert.ok((await client.diagnosticsFor(uri, 3)).some((d) => /apfoo/.test(String(d.message))));
      // A second initialize is answered (vscode-languageserver answers it again) and changes nothing the server serves.
      await client.request('initialize', { processId: null, rootUri: null, capabilities: {} }).catch(() => undefined);
      assert.ok(await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 30 } }));
    });
  });

  it('after shutdown, requests are refused with a reason; exit ends the process with 0', async () => {
    await withServer(async (client) => {
      await client.open(GOOD, 'wikiquery', GOOD_TEXT);
      await client.request('shutdown', null);
      await assert.rejects(
        client.request('textDocument/hover', { textDocument: { uri: GOOD }, position: { line: 0, character: 30 } }),
        /shutting down/,
      );
      await client.connection.sendNotification('exit');
      assert.equal(await client.waitForExit(), 0);
    });
  });
});
