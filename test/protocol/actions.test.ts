/**
 * Every API module over LSP (the real `dist/server.js` over stdio): a document of requests to
 * other actions gets their diagnostics, `action=` completes the actions with their flags, and the
 * hover on a write action says what the server requires.
 */
import assert from 'node:assert/strict';
import type { CompletionList, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';
import { cursor, ensureBuilt, LspClient, textOf } from './lspClient';
import { unusedLoopbackPort } from '../support/loopbackServer';

const URI = 'file:///home/user/queries/actions.wikiquery';

describe('language server over stdio: every module, not only action=query', function () {
  this.timeout(30000);
  let client: LspClient;
  before(async () => {
    await ensureBuilt();
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 20 } } });
  });
  after(() => client?.stop());

  it('publishes the diagnostics of parse, compare, opensearch and a write module sent as GET', async () => {
    const text =
      [
        'action=parse&page=Pet_door&text=x',
        'action=compare&fromrev=1',
        'action=opensearch&search=Te&bogus=1',
        'action=edit&title=A&text=b&token=%2B%5C',
      ].join('\n\n') + '\n';
    await client.open(URI, 'wikiquery', text, 1);
    const diagnostics: Diagnostic[] = await client.diagnosticsFor(URI, 1);
    const seen = diagnostics.map((d) => `${d.code}@${textOf(text, d.range)}/${d.severity}`);
    for (const want of [
      'invalidparammix@text/1',
      'missingparam@compare/1',
      'ignoredbyserver@bogus/3',
      'mustpostparams@token/1',
      'postonly@edit/3',
    ]) {
      assert.ok(seen.includes(want), `${want} not in ${JSON.stringify(seen)}`);
    }
  });

  it('an action the built-in catalogue does not know, on a URL of a wiki whose catalogue is not loaded: information, not an error', async () => {
    // A loopback port nobody listens on: the wiki's catalogue cannot load, the built-in one stays.
    const port = await unusedLoopbackPort();
    const uri = 'file:///home/user/queries/wikidata.wikiquery';
    const text = `http://127.0.0.1:${port}/w/api.php?action=wbgetentities&ids=Q42\n`;
    await client.open(uri, 'wikiquery', text, 1);
    const diagnostics: Diagnostic[] = await client.diagnosticsFor(uri, 1);
    // Beside it, the note that this wiki's catalogue is not loaded (a loopback wiki is never fetched unless configured).
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, textOf(text, d.range)]),
      [
        ['unknownaction', 3, 'wbgetentities'],
        ['catalogue-not-loaded', 3, `http://127.0.0.1:${port}/w/api.php`],
      ],
    );
    assert.match(String(diagnostics[0].message), /Load this wiki's catalogue/);
  });

  it('completes the actions after action=, with their flags', async () => {
    const { text, position } = cursor('action=|\n');
    await client.open('file:///home/user/queries/complete.wikiquery', 'wikiquery', text, 1);
    const list = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: 'file:///home/user/queries/complete.wikiquery' },
      position,
    });
    const edit = list.items.find((i) => i.label === 'edit');
    assert.ok(edit && list.items.some((i) => i.label === 'parse'));
    assert.match(String(edit.detail), /POST only · token csrf · writes/);
  });

  it('hovers a write action with must-be-POSTed, its token type and write rights', async () => {
    const { text, position } = cursor('action=ro|llback&title=A&user=B\n');
    await client.open('file:///home/user/queries/hover.wikiquery', 'wikiquery', text, 1);
    const hover = await client.request<Hover | null>('textDocument/hover', {
      textDocument: { uri: 'file:///home/user/queries/hover.wikiquery' },
      position,
    });
    const value = (hover?.contents as MarkupContent).value;
    assert.match(value, /\*\*Must be POSTed\*\*/);
    assert.match(value, /\*\*Needs a token\*\* of type `rollback`/);
    assert.match(value, /\*\*Write rights\*\*/);
  });
});
