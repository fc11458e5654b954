/**
 * The language server (`dist/server.js --stdio`, driven by a real LSP client) with a real MediaWiki
 * as `wikimapQuery.wiki.apiUrl`: the wiki's catalogue arrives in the background and the open
 * document is validated again with it; "Reload Catalogue" refetches it; a wiki that is down leaves
 * the built-in catalogue in use and is said once.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { LspClient } from '../protocol/lspClient';
import { getFreePort, RECIPE_NS, startMediaWiki, type MediaWikiInstance } from './mediawikiServer';

/** A document whose verdicts differ between the built-in catalogue and MediaWiki 1.39's own. */
const TEXT = [`action=query&list=allpages&apnamespace=${RECIPE_NS}`, '', 'action=query&list=codexicons&names=cdxIconAdd'].join('\n');

const verdicts = (diagnostics: Diagnostic[]) =>
  diagnostics
    .filter((d) => d.severity === 1 || d.severity === 2)
    .map((d) => `${d.range.start.line}:${d.code}`)
    .sort();

describe('the language server with a real MediaWiki as its wiki', function () {
  this.timeout(300000);
  let wiki: MediaWikiInstance | undefined;
  let cacheDir: string;
  const clients: LspClient[] = [];

  before(async () => {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-lsp-cache-'));
    wiki = await startMediaWiki();
  });
  after(async () => {
    for (const c of clients) await c.stop();
    await wiki?.stop();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  async function client(apiUrl: string): Promise<LspClient> {
    const c = await LspClient.start({
      initializationOptions: { wiki: { apiUrl }, catalogueCacheDir: cacheDir, diagnostics: { delay: 0 } },
    });
    clients.push(c);
    return c;
  }

  it('validates again with the wiki’s own catalogue once it arrives, completes its namespaces, and caches it', async () => {
    const c = await client(wiki!.apiUrl);
    const uri = 'file:///live.wikiquery';
    await c.open(uri, 'wikiquery', TEXT);
    // Whatever was published first (the built-in catalogue answers at once), the wiki's verdict follows:
    // the Recipe namespace is valid there, and MediaWiki 1.39 has no codexicons module.
    const live = ['2:unrecognizedparams', '2:unrecognizedvalues'];
    await c.waitFor(
      'diagnostics by the wiki’s catalogue',
      () => c.published.find((p) => p.uri === uri && verdicts(p.diagnostics).join() === live.join()),
      60000,
    );
    const described = await c.request<{ source: string; namespaces: Array<{ id: number; name: string }> }>('wikimapQuery/catalogue', {
      uri,
    });
    assert.match(described.source, new RegExp(`${wiki!.apiUrl.replace(/[.?*+]/g, '\\$&')}.*MediaWiki 1\\.39`));
    assert.ok(described.namespaces.some((ns) => ns.id === RECIPE_NS && ns.name === 'Recipe'));
    assert.ok(
      fs.readdirSync(cacheDir).some((f) => f.includes('MediaWiki-1.39')),
      `cache folder: ${fs.readdirSync(cacheDir).join(', ')}`,
    );

    // Namespace completion offers the wiki's own namespaces.
    const line = 'action=query&list=allpages&apnamespace=';
    const completionUri = 'file:///complete.wikiquery';
    await c.open(completionUri, 'wikiquery', line);
    const completion = await c.request<{
      items: Array<{ label: string; detail?: string; textEdit?: { newText: string }; insertText?: string }>;
    }>('textDocument/completion', {
      textDocument: { uri: completionUri },
      position: { line: 0, character: line.length },
    });
    const recipe = completion.items.find((i) => `${i.label} ${i.detail ?? ''}`.includes('Recipe'));
    assert.ok(recipe, `no Recipe namespace among: ${completion.items.map((i) => i.label).join(', ')}`);
    assert.equal(recipe.textEdit?.newText ?? recipe.insertText ?? recipe.label, String(RECIPE_NS));

    // "Wiki Query: Reload Catalogue"
    const reloaded = await c.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', {});
    assert.deepEqual(reloaded.errors, []);
    assert.deepEqual(reloaded.loaded, [wiki!.apiUrl]);
  });

  it('keeps the built-in catalogue when the wiki cannot be reached, and says so once', async () => {
    const deadUrl = `http://127.0.0.1:${await getFreePort()}/api.php`;
    const c = await client(deadUrl);
    const uri = 'file:///down.wikiquery';
    await c.open(uri, 'wikiquery', TEXT);
    const warning = await c.waitFor('the one-time message', () => c.shown.find((m) => m.message.includes(deadUrl)), 60000);
    assert.match(warning.message, /cannot load the catalogue .*cannot reach.*built-in catalogue/);
    // Edits keep being judged by the built-in catalogue (it knows codexicons, not the wiki's Recipe namespace).
    await c.change(uri, 2, [{ text: TEXT + '\n' }]);
    const diagnostics = await c.diagnosticsFor(uri, 2);
    assert.deepEqual(verdicts(diagnostics), ['0:badvalue']);
    assert.equal(c.shown.filter((m) => m.message.includes(deadUrl)).length, 1);
  });
});
