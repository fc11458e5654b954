/**
 * The web build's language server (dist/web/server.js) as a Web Worker of a page in Debian's Chromium,
 * spoken to over `postMessage` by a real LSP client: it answers `initialize`, publishes diagnostics for
 * an opened `.wikiquery`, completes, loads a real MediaWiki's catalogue across origins (`origin=*`, the
 * page and the wiki on two loopback ports), and says why it cannot read a stock map server's config
 * (no CORS headers). The page comes from a loopback server of the test's own.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { CompletionItem, CompletionList, Diagnostic } from 'vscode-languageserver-types';
import { RECIPE_NS, startMediaWiki, type MediaWikiInstance } from '../mediawiki/mediawikiServer';
import { startFakeMapServer, type FakeMapServer } from '../fakes/mapServer';
import { ensureWebBuilt, launchChromium, servePage, startWorkerClient, type WorkerClient } from './webHarness';

const errorsAndWarnings = (diagnostics: Diagnostic[]) =>
  diagnostics
    .filter((d) => d.severity === 1 || d.severity === 2)
    .map((d) => `${d.range.start.line}:${d.code}`)
    .sort();

describe('the language server in a Web Worker (Chromium)', function () {
  this.timeout(180000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof servePage>>;
  let wiki: MediaWikiInstance;
  let mapServer: FakeMapServer;
  const pages: Page[] = [];

  before(async () => {
    ensureWebBuilt();
    [browser, site, wiki, mapServer] = await Promise.all([launchChromium(), servePage(), startMediaWiki(), startFakeMapServer()]);
  });
  after(async () => {
    for (const page of pages) await page.close().catch(() => undefined);
    await browser?.close();
    await Promise.all([site?.close(), wiki?.stop(), mapServer?.close()]);
  });

  async function worker(initializationOptions: unknown, refuseGrammars = false): Promise<WorkerClient> {
    const page = await browser.newPage();
    pages.push(page);
    await page.goto(site.url);
    return startWorkerClient(page, { diagnostics: { delay: 0 }, ...(initializationOptions as object) }, refuseGrammars);
  }

  it('answers initialize, publishes diagnostics for an opened .wikiquery, and completes', async () => {
    const c = await worker({});
    const uri = 'file:///web/typo.wikiquery';
    await c.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'wikiquery', version: 1, text: 'action=query&list=allpages&aplimt=10' },
    });
    const published = await c.waitFor('diagnostics of the typo', () => c.published.find((p) => p.uri === uri && p.version === 1));
    const typo = published.diagnostics.find((d) => d.code === 'unrecognizedparams');
    assert.ok(typo, JSON.stringify(published.diagnostics));
    assert.match(String(typo.message), /aplimit/);

    const line = 'action=query&list=';
    const completionUri = 'file:///web/complete.wikiquery';
    await c.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: completionUri, languageId: 'wikiquery', version: 1, text: line },
    });
    const completion = await c.connection.sendRequest<CompletionList | CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: completionUri },
      position: { line: 0, character: line.length },
    });
    const labels = (Array.isArray(completion) ? completion : completion.items).map((i) => i.label);
    assert.ok(labels.includes('allpages') && labels.includes('categorymembers'), labels.join(', '));
    assert.deepEqual(c.workerErrors, []);
  });

  it('loads a real MediaWiki’s own catalogue across origins (origin=*) and judges by it', async () => {
    const c = await worker({ wiki: { apiUrl: wiki.apiUrl } });
    const uri = 'file:///web/live.wikiquery';
    // The Recipe namespace exists only on that wiki: the built-in catalogue says badvalue, the wiki's own does not.
    await c.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'wikiquery', version: 1, text: `action=query&list=allpages&apnamespace=${RECIPE_NS}` },
    });
    await c.waitFor('the built-in verdict', () =>
      c.published.find((p) => p.uri === uri && errorsAndWarnings(p.diagnostics).join() === '0:badvalue'),
    );
    await c.waitFor(
      'the verdict by the wiki’s own catalogue',
      () => c.published.find((p) => p.uri === uri && errorsAndWarnings(p.diagnostics).length === 0),
      60000,
    );
    const described = await c.connection.sendRequest<{ source: string }>('wikimapQuery/catalogue', { uri });
    assert.match(described.source, /MediaWiki 1\.\d+/);
    assert.deepEqual(c.workerErrors, []);
  });

  it('says why a stock map server’s /api/config cannot be read from a page (no CORS headers)', async () => {
    const c = await worker({ mapserver: { url: mapServer.url } });
    const uri = 'file:///web/box.mapquery.json';
    await c.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'mapquery',
        version: 1,
        text: '{"pos1":{"x":0,"y":0,"z":0},"pos2":{"x":1,"y":1,"z":1},"type":"bones"}',
      },
    });
    const said = await c.waitFor('the message about the map server', () =>
      c.shown.find((m) => m.message.includes(new URL(mapServer.url).host)),
    );
    assert.match(said.message, /no CORS headers/);
    assert.ok(
      mapServer.requests.some((r) => r.url === '/api/config'),
      'the browser did send the request',
    );
    await c.waitFor('map diagnostics', () => c.published.find((p) => p.uri === uri));
  });

  it('ends its worker after shutdown and exit, as a Node server ends its process', async () => {
    const c = await worker({});
    const page = pages[pages.length - 1];
    assert.equal(page.workers().length, 1, 'the server runs in one worker');
    const closed = page.workers()[0].waitForEvent('close');
    await c.connection.sendRequest('shutdown');
    await c.connection.sendNotification('exit');
    await closed;
    assert.equal(page.workers().length, 0, 'no worker left');
    assert.deepEqual(c.workerErrors, []);
  });

  it('reads a Python params dict with the same finder as Node: the grammar loads when the file needs it, diagnostics and completion', async () => {
    const c = await worker({});
    // A .wikiquery loads no parser: nothing is asked of the editor until a source file may hold a request;
    // then the parsers' code (server.hostParsers.js), the runtime and the grammar, in that order.
    await c.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: 'file:///web/plain.wikiquery', languageId: 'wikiquery', version: 1, text: 'action=query&list=allpages' },
    });
    await c.waitFor('diagnostics of the query file', () => c.published.find((p) => p.uri === 'file:///web/plain.wikiquery'));
    assert.deepEqual(c.grammarFiles, []);

    const uri = 'file:///web/tool/list.py';
    const lines = [
      'import requests',
      'API = "https://en.wikipedia.org/w/api.php"',
      'params = {"action": "query", "list": "allpages", "aplimt": 10, "apfrom": "B"}',
      'r = requests.get(API, params=params)',
      'requests.get(API, params={"action": "query", "list": "allpages", "ap": 1})',
    ];
    await c.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'python', version: 1, text: lines.join('\n') + '\n' },
    });
    const published = await c.waitFor('the misspelled dict key', () =>
      c.published.filter((p) => p.uri === uri).find((p) => p.diagnostics.some((d) => d.code === 'unrecognizedparams')),
    );
    const typo = published.diagnostics.find((d) => d.code === 'unrecognizedparams')!;
    assert.match(String(typo.message), /aplimt/);
    // The exact characters of the key inside its quotes, on line 2.
    const keyAt = lines[2].indexOf('aplimt');
    assert.deepEqual(typo.range, { start: { line: 2, character: keyAt }, end: { line: 2, character: keyAt + 'aplimt'.length } });
    assert.deepEqual(c.grammarFiles, ['server.hostParsers.js', 'tree-sitter.wasm', 'tree-sitter-python.wasm']);

    // Completion of a parameter name inside the dict's quotes: the list module's own parameters.
    const character = lines[4].indexOf('"ap"') + 3;
    const completion = await c.connection.sendRequest<CompletionList | CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 4, character },
    });
    const labels = (Array.isArray(completion) ? completion : completion.items).map((i) => i.label);
    assert.ok(labels.includes('aplimit') && labels.includes('apfrom'), labels.slice(0, 20).join(', '));
    assert.deepEqual(c.workerErrors, []);
  });

  it('a grammar the editor cannot hand over: the log says so once and the file is read for URL literals by the lexer', async () => {
    const c = await worker({}, true);
    const uri = 'file:///web/tool/url.py';
    const lines = [
      'import requests',
      'r = requests.get("https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimt=10")',
      'requests.get(API, params={"action": "query", "list": "allpages", "apfrm": "B"})',
    ];
    await c.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'python', version: 1, text: lines.join('\n') + '\n' },
    });
    const published = await c.waitFor('diagnostics by the lexer', () => c.published.find((p) => p.uri === uri));
    // The URL literal is checked; the dict is not read without its grammar.
    assert.deepEqual(
      published.diagnostics.map((d) => [d.range.start.line, d.code]),
      [[1, 'unrecognizedparams']],
    );
    assert.deepEqual(c.grammarFiles, ['server.hostParsers.js']);
    const said = c.logged.filter((m) => /Loading the python grammar failed/.test(m));
    assert.equal(said.length, 1, c.logged.join('\n'));
    assert.match(said[0], /server\.hostParsers\.js is not available.*only URL literals are read in python files/);
    assert.deepEqual(c.workerErrors, []);
  });

  it('reads a map query posted from JavaScript (an object literal sent to …/api/mapobjects/)', async () => {
    const c = await worker({});
    const uri = 'file:///web/map/query.js';
    const text =
      'fetch(base + "/api/mapobjects/", {method: "POST", body: JSON.stringify(' +
      '{pos1: {x: -10, y: -2, z: -10}, pos2: {x: 10, y: 2, z: 10}, type: "bone"})});\n';
    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'javascript', version: 1, text } });
    const published = await c.waitFor('the unknown map object type', () =>
      c.published.filter((p) => p.uri === uri).find((p) => p.diagnostics.some((d) => d.code === 'unknowntype')),
    );
    const bad = published.diagnostics.find((d) => d.code === 'unknowntype')!;
    assert.equal(text.slice(bad.range.start.character, bad.range.end.character), '"bone"');
    assert.deepEqual(c.grammarFiles, ['server.hostParsers.js', 'tree-sitter.wasm', 'tree-sitter-javascript.wasm']);
    assert.deepEqual(c.workerErrors, []);
  });

  it('checks map queries against a workspace mapserver.json instead (what the web extension sends)', async () => {
    const c = await worker({ mapserver: { url: mapServer.url } });
    const uri = 'file:///web/high.mapquery.json';
    // Map blocks y 12…18: inside the default Sky layer (11…24), outside this world's only layer (−1…1).
    const text = '{"pos1":{"x":0,"y":12,"z":0},"pos2":{"x":1,"y":18,"z":1},"type":"bones"}';
    await c.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mapquery', version: 1, text } });
    await c.waitFor('diagnostics by the default layers', () => c.published.find((p) => p.uri === uri));
    assert.ok(!c.published.some((p) => p.uri === uri && p.diagnostics.some((d) => d.code === 'outsidelayers')));

    const bad = await c.connection.sendRequest<{ used: boolean; error?: string }>('wikimapQuery/mapConfigFile', {
      name: 'world/mapserver.json',
      text: '{"layers": 3}',
    });
    assert.equal(bad.used, false);
    assert.match(bad.error ?? '', /world\/mapserver\.json is not a map server's config .*layers/);

    const layers = [{ id: 0, name: 'Base', from: -1, to: 1 }];
    const used = await c.connection.sendRequest<{ used: boolean }>('wikimapQuery/mapConfigFile', {
      name: 'world/mapserver.json',
      text: JSON.stringify({ port: 8080, layers, mapobjects: { bones: true } }),
    });
    assert.equal(used.used, true);
    const outside = await c.waitFor('the outsidelayers warning', () =>
      c.published.filter((p) => p.uri === uri).find((p) => p.diagnostics.some((d) => d.code === 'outsidelayers')),
    );
    assert.match(String(outside.diagnostics.find((d) => d.code === 'outsidelayers')?.message), /Base|world\/mapserver\.json/);
    assert.deepEqual(c.workerErrors, []);
  });
});
