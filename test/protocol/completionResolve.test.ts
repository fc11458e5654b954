/**
 * `completionItem/resolve` (the real `dist/server.js` over stdio): a client that declares `documentation`
 * resolvable (`completionItem.resolveSupport.properties`, as VS Code does) gets completion lists without
 * the items' descriptions, and each description when it resolves the item: the same text, and the same
 * item otherwise, as a client that does not resolve gets in the list.
 */
import assert from 'node:assert/strict';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-types';
import { cursor, ensureBuilt, LspClient } from './lspClient';

/** VS Code 1.9x's `textDocument.completion` capabilities (the parts that matter here). */
const RESOLVING = {
  completionItem: {
    snippetSupport: true,
    documentationFormat: ['markdown', 'plaintext'],
    resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] },
  },
};
const NOT_RESOLVING = { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } };

/**
 * What is completed: `|` marks the cursor. `inline`: the descriptions come in the list to both clients (merged by
 * target); `languageId` other than wikiquery: a request inside another kind of file.
 */
const CASES: Array<{ what: string; text: string; inline?: boolean; languageId?: string }> = [
  { what: 'parameter names of a list module', text: 'action=query&list=categorymembers&cm|' },
  { what: 'parameter names under a generator, and of a prop module', text: 'action=query&generator=allpages&prop=revisions&|' },
  { what: 'module names after list=', text: 'action=query&list=|' },
  { what: 'modules as generators', text: 'action=query&generator=|' },
  { what: 'action= values (each names a module)', text: 'action=|' },
  { what: 'paraminfo modules= (module paths)', text: 'action=paraminfo&modules=|' },
  { what: 'max of a limit', text: 'action=query&list=allpages&aplimit=|' },
  { what: 'AuthManager fields of clientlogin', text: 'action=clientlogin&loginreturnurl=http://127.0.0.1/&|' },
  { what: 'values with no description (namespaces)', text: 'action=query&list=allpages&apnamespace=|' },
  {
    what: 'a request in a Markdown file',
    text: 'See https://en.wikipedia.org/w/api.php?action=query&list=categorymembers&cm|',
    languageId: 'markdown',
  },
  { what: 'a document with targets (descriptions merged by target)', text: '# targets: 1.39, 1.45\naction=query&list=|', inline: true },
];

const withoutData = (item: CompletionItem): CompletionItem => {
  const { data: _data, ...rest } = item;
  return rest;
};

describe('language server over stdio: completion documentation on completionItem/resolve', function () {
  this.timeout(30000);
  let resolving: LspClient;
  let plain: LspClient;
  before(async () => {
    ensureBuilt();
    [resolving, plain] = await Promise.all([
      LspClient.start({ capabilities: { textDocument: { completion: RESOLVING } } }),
      LspClient.start({ capabilities: { textDocument: { completion: NOT_RESOLVING } } }),
    ]);
  });
  after(() => Promise.all([resolving?.stop(), plain?.stop()]));

  it('says it resolves completion items only to a client that declares documentation resolvable', () => {
    assert.equal(resolving.initializeResult.capabilities.completionProvider.resolveProvider, true);
    assert.equal(plain.initializeResult.capabilities.completionProvider.resolveProvider, false);
  });

  for (const [i, c] of CASES.entries()) {
    const how = c.inline ? 'the list comes with the descriptions' : 'the list comes without descriptions';
    it(`${c.what}: ${how}, each resolved item equals the other client's`, async () => {
      const languageId = c.languageId ?? 'wikiquery';
      const uri = `file:///home/user/queries/resolve-${i}.${languageId === 'wikiquery' ? 'wikiquery' : 'md'}`;
      const { text, position } = cursor(c.text);
      const complete = async (client: LspClient) => {
        await client.open(uri, languageId, text);
        return client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
      };
      const [lazy, full] = await Promise.all([complete(resolving), complete(plain)]);
      assert.ok(full.items.length > 0, 'nothing completed');
      assert.deepEqual(
        lazy.items.map((item) => item.label),
        full.items.map((item) => item.label),
      );
      assert.equal(lazy.isIncomplete, full.isIncomplete);
      const described = full.items.filter((item) => item.documentation !== undefined).length;
      assert.ok(c.what.startsWith('values with no description') ? described === 0 : described > 0, `${described} described`);
      const sent = lazy.items.filter((item) => item.documentation !== undefined).length;
      assert.equal(sent, c.inline ? described : 0, 'descriptions sent in the list');
      for (const [n, item] of lazy.items.entries()) {
        const resolved = await resolving.request<CompletionItem>('completionItem/resolve', item);
        assert.deepEqual(withoutData(resolved), full.items[n], `item ${item.label}`);
      }
    });
  }

  it('an item it did not make, or whose data is not its own, comes back as it was sent', async () => {
    const items: CompletionItem[] = [
      { label: 'x' },
      { label: 'x', data: { wikimapQueryDocumentation: [1e9, 0] } },
      { label: 'x', data: { wikimapQueryDocumentation: ['__proto__', 'constructor'] } },
      { label: 'x', data: { wikimapQueryDocumentation: [1, -1] } },
      { label: 'x', data: 'text' },
    ];
    for (const item of items) assert.deepEqual(await resolving.request<CompletionItem>('completionItem/resolve', item), item);
    assert.deepEqual(await plain.request<CompletionItem>('completionItem/resolve', items[1]), items[1]);
  });
});
