/**
 * LSP over stdio against the real `dist/server.js` process: a real JSON-RPC client, real messages.
 */
import assert from 'node:assert/strict';
import type { CodeAction, CompletionList, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';
import { spawn } from 'node:child_process';
import { createMessageConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-jsonrpc/node';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CatalogueCache } from '../../server/src/catalogue/catalogueCache';
import { nodeCatalogueFiles } from '../../server/src/node/nodeCatalogueFiles';
import { normaliseApiUrl } from '../../server/src/catalogue/apiUrl';
import { applyEdits, cursor, ensureBuilt, LspClient, ROOT, SERVER, textOf } from './lspClient';
import { unusedLoopbackPort } from '../support/loopbackServer';

/** A loopback URL nobody listens on: a port that was free a moment ago. */
async function closedLoopbackApiUrl(): Promise<string> {
  return `http://127.0.0.1:${await unusedLoopbackPort()}/w/api.php`;
}

const WIKI_URI = 'file:///home/user/queries/sample.wikiquery';
const MAP_URI = 'file:///home/user/queries/sample.mapquery.json';

function hoverText(hover: Hover | null): string {
  assert.ok(hover, 'expected a hover');
  const c = hover.contents as MarkupContent | string | Array<string | { value: string }>;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n');
  return c.value;
}

function codes(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code)).sort();
}

describe('language server over stdio', function () {
  this.timeout(30000);
  before(() => ensureBuilt());

  describe('a push-diagnostics client', () => {
    let client: LspClient;
    before(async () => {
      client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 20 } } });
    });
    after(() => client.stop());

    it('answers initialize with incremental sync and the language features', () => {
      const caps = client.initializeResult.capabilities;
      assert.equal(caps.textDocumentSync.change, 2, 'incremental sync');
      assert.equal(caps.textDocumentSync.openClose, true);
      assert.ok(caps.completionProvider, 'completion');
      assert.equal(caps.hoverProvider, true);
      assert.ok(caps.codeActionProvider, 'code actions');
      assert.equal(caps.documentSymbolProvider, true);
      assert.equal(caps.diagnosticProvider, undefined, 'no pull diagnostics for a client without them');
      assert.equal(client.initializeResult.serverInfo.name, 'wikimap-query-server');
    });

    it('publishes diagnostics for an opened document, at the right characters', async () => {
      const text = 'action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=5000\n';
      await client.open(WIKI_URI, 'wikiquery', text, 1);
      const diagnostics = await client.diagnosticsFor(WIKI_URI, 1);
      const out = diagnostics.find((d) => d.code === 'outofrange');
      assert.ok(out, `expected outofrange, got ${JSON.stringify(codes(diagnostics))}`);
      assert.equal(out.severity, 2, 'outofrange is a warning (the wiki clamps)');
      assert.match(textOf(text, out.range), /5000/);
    });

    it('after incremental changes, publishes for the newest version only', async () => {
      const uri = 'file:///home/user/queries/edited.wikiquery';
      let text = 'action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=5000\n';
      await client.open(uri, 'wikiquery', text, 1);
      await client.diagnosticsFor(uri, 1);
      // Two edits back to back: 5000 → 50 (valid), then add an unknown parameter.
      const at = text.indexOf('5000');
      const edit1 = { range: { start: { line: 0, character: at + 2 }, end: { line: 0, character: at + 4 } }, text: '' };
      const end = text.indexOf('\n');
      const edit2 = { range: { start: { line: 0, character: end - 2 }, end: { line: 0, character: end - 2 } }, text: '&cmfoo=1' };
      await client.change(uri, 2, [edit1]);
      await client.change(uri, 3, [edit2]);
      text = 'action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=50&cmfoo=1\n';
      const diagnostics = await client.diagnosticsFor(uri, 3);
      assert.deepEqual(codes(diagnostics), ['unrecognizedparams']);
      assert.equal(textOf(text, diagnostics[0].range), 'cmfoo');
      assert.equal(client.published.filter((p) => p.uri === uri && p.version === 2).length, 0, 'version 2 was superseded before its turn');
    });

    it('completes parameter names, and the edit gives the expected text', async () => {
      const uri = 'file:///home/user/queries/complete.wikiquery';
      const { text, position } = cursor('action=query&list=categorymembers&cmti|');
      await client.open(uri, 'wikiquery', text);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
      const item = list.items.find((i) => i.label === 'cmtitle');
      assert.ok(item, `cmtitle in ${list.items.map((i) => i.label).join(', ')}`);
      const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit : undefined;
      const newText = edit
        ? applyEdits(text, [{ range: edit.range, newText: edit.newText }])
        : text.slice(0, -4) + (item.insertText ?? item.label);
      assert.match(newText, /^action=query&list=categorymembers&cmtitle/);
    });

    it('completes module names after list=', async () => {
      const uri = 'file:///home/user/queries/complete-module.wikiquery';
      const { text, position } = cursor('action=query&list=allp|');
      await client.open(uri, 'wikiquery', text);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
      assert.ok(list.items.some((i) => i.label === 'allpages'));
    });

    it('hovers a parameter with its module and limits', async () => {
      const uri = 'file:///home/user/queries/hover.wikiquery';
      const { text, position } = cursor('action=query&list=categorymembers&cmli|mit=20');
      await client.open(uri, 'wikiquery', text);
      const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
      const shown = hoverText(hover);
      assert.match(shown, /categorymembers/);
      assert.match(shown, /500/);
    });

    it('offers a quick fix for a diagnostic, and applying it fixes the text', async () => {
      const uri = 'file:///home/user/queries/fix.wikiquery';
      const text = 'action=query&generator=categorymembers&cmtitle=Category:Physics&prop=info\n';
      await client.open(uri, 'wikiquery', text, 1);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      const d = diagnostics.find((x) => x.code === 'unrecognizedparams');
      assert.ok(d, `expected unrecognizedparams for cmtitle under generator=, got ${JSON.stringify(codes(diagnostics))}`);
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: d.range,
        context: { diagnostics: [d] },
      });
      const results = actions.map((a) => applyEdits(text, a.edit?.changes?.[uri] ?? []));
      assert.ok(
        results.some((t) => t === text.replace('&cmtitle=', '&gcmtitle=')),
        `a fix adding the g prefix among: ${actions.map((a) => a.title).join(' / ')}`,
      );
    });

    it('survives out-of-range and malformed edits and keeps answering', async () => {
      const uri = 'file:///home/user/queries/range.wikiquery';
      await client.open(uri, 'wikiquery', 'action=query&list=allpages\n', 1);
      await client.change(uri, 2, [
        { range: { start: { line: 999, character: 5 }, end: { line: 1200, character: 0 } }, text: '&aplimit=max' },
      ]);
      await client.change(uri, 3, [{ range: { start: { line: 0, character: -3 }, end: { line: 0, character: 0 } }, text: '' }]);
      await client.change(uri, 4, [{ range: { start: null, end: 7 }, text: 'x' }, { nonsense: true }]);
      const diagnostics = await client.diagnosticsFor(uri, 4);
      assert.ok(Array.isArray(diagnostics));
      assert.ok(client.alive);
    });

    it('answers a request whose position is null with null, logs one line (no stack trace), and stays alive', async () => {
      const before = client.logs.length;
      const answer = await client.request('textDocument/hover', { textDocument: { uri: WIKI_URI }, position: null });
      assert.equal(answer, null);
      const { position } = cursor('action=query&list=categorymembers&cmti|tle=Category:Physics&cmlimit=5000');
      const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: WIKI_URI }, position });
      assert.match(hoverText(hover), /cmtitle|title/);
      const logged = client.logs.slice(before).filter((l) => /^hover: /.test(l));
      assert.deepEqual(logged, [
        'hover: params.position is null, not a position ({ line, character }: integers from 0); answered with null.',
      ]);
      assert.ok(!client.logs.some((l) => /hover failed|\n\s+at /.test(l)), 'no failure, no stack trace');
    });

    it('answers a cancelled request with RequestCancelled', async () => {
      const { position } = cursor('action=query&list=categorymembers&cmti|tle=Category:Physics&cmlimit=5000');
      const response = await client.requestCancelled('textDocument/completion', { textDocument: { uri: WIKI_URI }, position });
      assert.equal(response.error?.code, -32800, JSON.stringify(response));
      assert.ok(client.alive);
    });

    it('serves a mapquery document: diagnostics, hover and completion', async () => {
      const text =
        '{\n  "pos1": { "x": 15000, "y": -50, "z": 15000 },\n  "pos2": { "x": 16000, "y": 50, "z": 16000 },\n  "type": "bone"\n}\n';
      await client.open(MAP_URI, 'mapquery', text, 1);
      const diagnostics = await client.diagnosticsFor(MAP_URI, 1);
      assert.ok(codes(diagnostics).includes('nodecoordinates'), JSON.stringify(codes(diagnostics)));
      const unknown = diagnostics.find((d) => d.code === 'unknowntype');
      assert.ok(unknown);
      assert.match(String(unknown.message), /bones/, 'did-you-mean');
      const hoverAt = cursor(text.replace('"pos1"', '"po|s1"'));
      const hover = await client.request<Hover | null>('textDocument/hover', {
        textDocument: { uri: MAP_URI },
        position: hoverAt.position,
      });
      assert.match(hoverText(hover), /map block/i);
      const uri2 = 'file:///home/user/queries/types.mapquery.json';
      const typed = cursor('{ "pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "|" }');
      await client.open(uri2, 'mapquery', typed.text);
      const list = await client.request<CompletionList>('textDocument/completion', {
        textDocument: { uri: uri2 },
        position: typed.position,
      });
      assert.ok(
        list.items.some((i) => i.label === 'bones' || i.label === '"bones"'),
        list.items.map((i) => i.label).join(', '),
      );
    });

    it('recognises a *.mapquery.json file by name whatever its language id (Neovim says json)', async () => {
      const uri = 'file:///home/user/queries/by-name.mapquery.json';
      await client.open(uri, 'json', '{ "pos1": {"x": 0, "y": 0, "z": 0}, "type": "bones" }', 1);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      // pos2 omitted: the server searches up to its default corner (web/mapobjects.go), said as information.
      assert.ok(codes(diagnostics).includes('defaultcorner'), JSON.stringify(codes(diagnostics)));
    });

    it('checks api.php URLs inside markdown (embeddedLanguages default)', async () => {
      const uri = 'file:///home/user/queries/notes.md';
      const text =
        '# Notes\n\nRun http://127.0.0.1:9/w/api.php?action=query&list=allpages&aplimit=9000 daily.\nNothing else here & no=query.\n';
      await client.open(uri, 'markdown', text, 1);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      // The loopback wiki is not configured: its catalogue is not fetched, and a note says so.
      assert.deepEqual(codes(diagnostics), ['catalogue-not-loaded', 'outofrange']);
      const note = diagnostics.find((d) => d.code === 'catalogue-not-loaded')!;
      assert.equal(textOf(text, note.range), 'http://127.0.0.1:9/w/api.php');
      assert.match(String(note.message), /built-in catalogue.*local or private-network address/);
      assert.equal(textOf(text, diagnostics.find((d) => d.code === 'outofrange')!.range), '9000');
    });

    it('answers the custom requests: catalogue, runnable queries, reload', async () => {
      const catalogue = await client.request<{
        source: string;
        modules: Array<{ name: string; path: string; parameters: unknown[] }>;
        namespaces: Array<{ id: number; name: string }>;
      }>('wikimapQuery/catalogue', { uri: WIKI_URI });
      assert.match(catalogue.source, /built-?in/i);
      const paths = catalogue.modules.map((m) => m.path);
      assert.ok(paths.includes('main') && paths.includes('query'), 'main and query are included');
      assert.equal(paths.filter((p) => p.startsWith('query+')).length, 64);
      const cm = catalogue.modules.find((m) => m.name === 'categorymembers') as { prefix?: string; generator?: string } | undefined;
      assert.equal(cm?.prefix, 'cm');
      assert.equal(cm?.generator, '');
      assert.ok(catalogue.namespaces.some((n) => n.id === 14 && n.name === 'Category'));

      const uri = 'file:///home/user/queries/runnable.wikiquery';
      await client.open(
        uri,
        'wikiquery',
        '# two queries\nhttp://127.0.0.1:9/w/api.php?action=query&list=allpages\n\naction=query\n  &meta=siteinfo\n',
      );
      const runnable = await client.request<Array<{ kind: string; apiUrl?: string; params?: Array<[string, string]> }>>(
        'wikimapQuery/runnableQueries',
        { uri },
      );
      assert.equal(runnable.length, 2);
      assert.equal(runnable[0].apiUrl, 'http://127.0.0.1:9/w/api.php');
      assert.deepEqual(runnable[1].params, [
        ['action', 'query'],
        ['meta', 'siteinfo'],
      ]);

      const reload = await client.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', {});
      assert.deepEqual(reload.loaded, []);
      assert.equal(reload.errors.length, 1);
      assert.match(reload.errors[0], /wikimapQuery\.wiki\.apiUrl/);
    });

    it('clears diagnostics when a document is closed', async () => {
      const uri = 'file:///home/user/queries/closed.wikiquery';
      await client.open(uri, 'wikiquery', 'action=query&list=nosuchmodule\n', 1);
      assert.ok((await client.diagnosticsFor(uri, 1)).length > 0);
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
      await client.waitFor('empty diagnostics after close', () =>
        client.published.find((p) => p.uri === uri && p.version === undefined && p.diagnostics.length === 0),
      );
    });
  });

  describe('settings', () => {
    it('applies workspace/configuration: a code set to off disappears, and a change re-validates', async () => {
      let severity: Record<string, string> = { outofrange: 'off' };
      const client = await LspClient.start({
        capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } },
        initializationOptions: { diagnostics: { delay: 20 } },
        configuration: () => ({ diagnostics: { severity } }),
      });
      try {
        const uri = 'file:///home/user/queries/severity.wikiquery';
        await client.open(uri, 'wikiquery', 'action=query&list=allpages&aplimit=9000&apfoo=1\n', 1);
        assert.deepEqual(codes(await client.diagnosticsFor(uri, 1)), ['unrecognizedparams']);
        const before = client.published.length;
        severity = { outofrange: 'error' };
        await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
        const after = await client.waitFor('re-validation after the settings changed', () =>
          client.published.slice(before).find((p) => p.uri === uri),
        );
        const out = after.diagnostics.find((d) => d.code === 'outofrange');
        assert.equal(out?.severity, 1, 'outofrange now an error');
      } finally {
        await client.stop();
      }
    });

    it('takes highLimits from initializationOptions when the client has no configuration (Neovim, Helix)', async () => {
      const titles = Array.from({ length: 60 }, (_, i) => `Page_${i}`).join('|');
      const text = `action=query&prop=info&titles=${titles}\n`;
      const uri = 'file:///home/user/queries/limits.wikiquery';
      const low = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
      const high = await LspClient.start({
        initializationOptions: { wikimapQuery: { wiki: { highLimits: true }, diagnostics: { delay: 0 } } },
      });
      try {
        await low.open(uri, 'wikiquery', text, 1);
        await high.open(uri, 'wikiquery', text, 1);
        assert.deepEqual(codes(await low.diagnosticsFor(uri, 1)), ['toomanyvalues']);
        assert.deepEqual(codes(await high.diagnosticsFor(uri, 1)), []);
        // Push-style settings change: the section itself in didChangeConfiguration.
        const before = low.published.length;
        await low.connection.sendNotification('workspace/didChangeConfiguration', {
          settings: { wikimapQuery: { wiki: { highLimits: true } } },
        });
        const after = await low.waitFor('re-validation with highLimits', () => low.published.slice(before).find((p) => p.uri === uri));
        assert.deepEqual(codes(after.diagnostics), []);
      } finally {
        await Promise.all([low.stop(), high.stop()]);
      }
    });
  });

  describe('a pull-diagnostics client', () => {
    it('gets diagnostics by textDocument/diagnostic and no pushes', async () => {
      const client = await LspClient.start({
        capabilities: { textDocument: { diagnostic: { dynamicRegistration: false }, publishDiagnostics: { versionSupport: true } } },
        initializationOptions: { diagnostics: { delay: 0 } },
      });
      try {
        assert.ok(client.initializeResult.capabilities.diagnosticProvider, 'diagnosticProvider announced');
        const uri = 'file:///home/user/queries/pull.wikiquery';
        await client.open(uri, 'wikiquery', 'action=query&list=allpages&aplimit=9000\n', 1);
        const report = await client.request<{ kind: string; resultId?: string; items: Diagnostic[] }>('textDocument/diagnostic', {
          textDocument: { uri },
        });
        assert.equal(report.kind, 'full');
        assert.deepEqual(codes(report.items), ['outofrange']);
        const again = await client.request<{ kind: string }>('textDocument/diagnostic', {
          textDocument: { uri },
          previousResultId: report.resultId,
        });
        assert.equal(again.kind, 'unchanged');
        await client.change(uri, 2, [{ text: 'action=query&list=allpages&aplimit=10\n' }]);
        const fresh = await client.request<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', {
          textDocument: { uri },
          previousResultId: report.resultId,
        });
        assert.equal(fresh.kind, 'full');
        assert.deepEqual(fresh.items, []);
        assert.equal(client.published.length, 0, 'nothing pushed to a pull client');
      } finally {
        await client.stop();
      }
    });
  });

  it('tells once when a document is too large for every check', async () => {
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0, maxFullCheckSize: 1000 } } });
    try {
      const uri = 'file:///home/user/queries/large.wikiquery';
      const line = 'action=query&list=allpages&aplimit=10\n';
      await client.open(uri, 'wikiquery', line.repeat(100), 1);
      await client.diagnosticsFor(uri, 1);
      await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# big\n' }]);
      await client.diagnosticsFor(uri, 2);
      const told = client.shown.filter((m) => /larger than/.test(m.message));
      assert.equal(told.length, 1, JSON.stringify(client.shown));
      assert.match(told[0].message, /large\.wikiquery/);
    } finally {
      await client.stop();
    }
  });

  it('does not check a document past the parse budget (PARSE_BUDGET_FACTOR × the size limit) at all, and says so once', async () => {
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0, maxFullCheckSize: 1000 } } });
    try {
      const uri = 'file:///home/user/queries/huge.wikiquery';
      await client.open(uri, 'wikiquery', 'action=query&list=allpages&aplimit=9000\n'.repeat(200), 1);
      assert.deepEqual(await client.diagnosticsFor(uri, 1), []);
      const told = client.shown.filter((m) => /huge\.wikiquery/.test(m.message));
      assert.equal(told.length, 1);
      assert.match(told[0].message, /it is not checked, .*highlighting, hover and completion read the 200 lines around what is shown/);
    } finally {
      await client.stop();
    }
  });

  it('sends at most 1000 diagnostics for a document, and says how many more there are', async () => {
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
    try {
      const uri = 'file:///home/user/queries/many.wikiquery';
      await client.open(uri, 'wikiquery', 'action=query&list=allpages&aplimit=9000\n\n'.repeat(1500), 1);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      assert.equal(diagnostics.length, 1001);
      assert.ok(diagnostics.slice(0, 1000).every((d) => d.code === 'outofrange'));
      assert.equal(diagnostics[1000].code, 'toomanyproblems');
      assert.match(String(diagnostics[1000].message), /^500 more problems/);
      assert.equal(diagnostics[1000].range.start.line, 2000, 'placed where the first problem not shown is');
    } finally {
      await client.stop();
    }
  });

  it('speaks LSP over node IPC too (--node-ipc)', async () => {
    const child = spawn(process.execPath, [SERVER, '--node-ipc'], { stdio: ['pipe', 'pipe', 'pipe', 'ipc'] });
    const connection = createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    connection.listen();
    try {
      const result = await connection.sendRequest<{ capabilities: { hoverProvider?: boolean } }>('initialize', {
        processId: process.pid,
        rootUri: null,
        capabilities: {},
      });
      assert.equal(result.capabilities.hoverProvider, true);
      await connection.sendRequest('shutdown');
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await connection.sendNotification('exit');
      await exited;
    } finally {
      connection.dispose();
      child.kill();
    }
  });

  it('falls back to the built-in catalogue when a configured wiki cannot be reached, and says so', async () => {
    const apiUrl = await closedLoopbackApiUrl();
    const client = await LspClient.start({
      initializationOptions: { wikis: { local: apiUrl }, diagnostics: { delay: 0 } },
    });
    try {
      // A query naming that wiki is judged by the built-in catalogue, and the user is told once.
      const uri = 'file:///home/user/queries/down.wikiquery';
      await client.open(uri, 'wikiquery', `${apiUrl}?action=query&list=allpages&aplimit=9000\n`, 1);
      assert.deepEqual(codes(await client.diagnosticsFor(uri, 1)), ['outofrange']);
      await client.waitFor('a message that the wiki cannot be reached', () =>
        client.shown.find((m) => m.message.includes('cannot load the catalogue')),
      );
      const catalogue = await client.request<{ source: string; modules: unknown[] }>('wikimapQuery/catalogue', { apiUrl: 'local' });
      assert.match(catalogue.source, /built-?in/i);
      // Reloading says why it failed.
      const reload = await client.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', { apiUrl: 'local' });
      assert.deepEqual(reload.loaded, []);
      assert.equal(reload.errors.length, 1);
      assert.ok(reload.errors[0].includes(apiUrl.replace('/w/api.php', '')), reload.errors[0]);
      assert.equal(client.shown.filter((m) => m.message.includes('cannot load the catalogue')).length, 1, 'said once');
    } finally {
      await client.stop();
    }
  });

  it("re-validates open documents when a wiki's catalogue arrives (here: its cached copy, the wiki being down)", async () => {
    const apiUrl = await closedLoopbackApiUrl();
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-cache-'));
    // What the store saved the last time it reached this wiki: a MediaWiki without list=search, with a namespace 100.
    const builtin = JSON.parse(fs.readFileSync(path.join(ROOT, 'descriptors', 'wiki', 'query-modules.json'), 'utf8'));
    builtin.paraminfo.modules = builtin.paraminfo.modules.filter((m: { name: string }) => m.name !== 'search');
    await new CatalogueCache(cacheDir, nodeCatalogueFiles).write({
      apiUrl: normaliseApiUrl(apiUrl),
      generator: 'MediaWiki 1.39.17',
      paraminfo: [builtin],
      siteinfo: {
        query: { general: { generator: 'MediaWiki 1.39.17' }, namespaces: { '0': { id: 0, name: '' }, '100': { id: 100, name: 'Mod' } } },
      },
      fetchedAt: new Date().toISOString(),
    });
    // A loopback wiki is fetched only when configured.
    const client = await LspClient.start({
      initializationOptions: { catalogueCacheDir: cacheDir, wikis: { cached: apiUrl }, diagnostics: { delay: 0 } },
    });
    try {
      const uri = 'file:///home/user/queries/cached.wikiquery';
      await client.open(uri, 'wikiquery', `${apiUrl}?action=query&list=search&srsearch=mapgen\n`, 1);
      assert.deepEqual(codes(await client.diagnosticsFor(uri, 1)), [], 'valid by the built-in catalogue at first');
      const again = await client.waitFor('re-validation with the cached catalogue', () =>
        client.published.find((p) => p.uri === uri && p.diagnostics.some((d) => d.code === 'unrecognizedvalues')),
      );
      assert.equal(again.version, 1);
      const catalogue = await client.request<{
        source: string;
        modules: Array<{ name: string }>;
        namespaces: Array<{ id: number; name: string }>;
      }>('wikimapQuery/catalogue', { uri });
      assert.ok(catalogue.source.includes('MediaWiki 1.39.17'), catalogue.source);
      assert.ok(!catalogue.modules.some((m) => m.name === 'search'));
      assert.deepEqual(catalogue.namespaces, [
        { id: 0, name: '' },
        { id: 100, name: 'Mod' },
      ]);
      assert.ok(
        client.shown.some((m) => m.message.includes('cached')),
        'the user is told the cached copy is used',
      );
    } finally {
      await client.stop();
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
