/**
 * Source files over LSP (the real `dist/server.js` over stdio): the MediaWiki API requests written
 * in Python and JavaScript get diagnostics at their host ranges, hover, completion inside the dict or
 * object (names, values, modules; a key being typed too), quick fixes written in host syntax and
 * semantic tokens of the request only. A file that names no MediaWiki API gets nothing.
 */
import assert from 'node:assert/strict';
import type { CodeAction, CompletionList, Diagnostic, Hover, MarkupContent, SemanticTokens } from 'vscode-languageserver-types';
import { applyEdits, cursor, ensureBuilt, LspClient, textOf } from './lspClient';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SOURCE_SAMPLES } = require('../support/editorSession') as { SOURCE_SAMPLES: Record<'python' | 'javascript', { text: string }> };
const PY = SOURCE_SAMPLES.python.text;
const JS = SOURCE_SAMPLES.javascript.text;

describe('language server over stdio: requests in source files', function () {
  this.timeout(60000);
  let client: LspClient;
  before(async () => {
    await ensureBuilt();
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 20 } } });
  });
  after(() => client?.stop());

  const complete = async (uri: string, languageId: string, withCursor: string, version = 1) => {
    const { text, position } = cursor(withCursor);
    await client.open(uri, languageId, text, version);
    await client.diagnosticsFor(uri, version);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
    return { text, list };
  };

  it('a misspelled name in a Python params dict: the diagnostic at the key, in the host file', async () => {
    const uri = 'file:///home/user/bot/search.py';
    await client.open(uri, 'python', PY, 1);
    const diagnostics: Diagnostic[] = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, textOf(PY, d.range)]),
      [['unrecognizedparams', 'srlimt']],
    );
    assert.match(String(diagnostics[0].message), /srlimit/);
  });

  it('the quick fix renames the key inside its quotes', async () => {
    const uri = 'file:///home/user/bot/search.py';
    const diagnostics: Diagnostic[] = await client.diagnosticsFor(uri, 1);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostics[0].range,
      context: { diagnostics },
    });
    const fix = actions.find((a) => a.edit?.changes?.[uri]);
    assert.ok(fix, JSON.stringify(actions));
    assert.match(applyEdits(PY, fix.edit!.changes![uri]), /"srlimit": 5\}/);
  });

  it('hover on a key of the dict explains the parameter', async () => {
    const uri = 'file:///home/user/bot/search.py';
    const offset = PY.indexOf('srsearch') + 3;
    const before = PY.slice(0, offset);
    const position = { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });
    assert.ok(hover);
    assert.match((hover.contents as MarkupContent).value, /srsearch/);
    assert.equal(textOf(PY, hover.range!), 'srsearch');
  });

  it('completion in a key being typed offers the module’s names, written inside the quotes', async () => {
    const uri = 'file:///home/user/bot/complete.py';
    const { text, list } = await complete(
      uri,
      'python',
      'import requests\nAPI = "https://en.wikipedia.org/w/api.php"\np = {"action": "query", "list": "search", "srl|"}\n',
    );
    const item = list.items.find((i) => i.label === 'srlimit');
    assert.ok(item, list.items.map((i) => i.label).join(' '));
    assert.ok(!list.items.some((i) => i.label === 'rvprop'));
    const edit = item.textEdit as { range: import('vscode-languageserver-types').Range; newText: string };
    assert.equal(applyEdits(text, [edit]).split('\n')[2], 'p = {"action": "query", "list": "search", "srlimit"}');
  });

  it('completion of a value: the list modules in the value of "list"', async () => {
    const uri = 'file:///home/user/bot/values.py';
    const { list } = await complete(uri, 'python', 'import pywikibot\np = {"action": "query", "list": "allp|"}\n');
    assert.ok(
      list.items.some((i) => i.label === 'allpages'),
      list.items.map((i) => i.label).join(' '),
    );
    assert.ok(!list.items.some((i) => i.label === 'revisions'));
  });

  it('a JavaScript mw.Api object: diagnostic, fix and completion of an unquoted key', async () => {
    const uri = 'file:///home/user/gadget/rev.js';
    await client.open(uri, 'javascript', JS, 1);
    const diagnostics: Diagnostic[] = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, textOf(JS, d.range)]),
      [['unrecognizedparams', 'rvlimt']],
    );
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostics[0].range,
      context: { diagnostics },
    });
    const fix = actions.find((a) => a.edit?.changes?.[uri]);
    assert.ok(fix);
    assert.match(applyEdits(JS, fix.edit!.changes![uri]), /rvlimit: 2 \}/);
    const { list } = await complete(
      'file:///home/user/gadget/value.js',
      'javascript',
      "new mw.Api().get({ action: 'query', prop: 'rev|' });\n",
    );
    assert.ok(list.items.some((i) => i.label === 'revisions'));
  });

  it('completion of an identifier key being typed: a JavaScript object, Python keyword arguments', async () => {
    for (const [uri, languageId, withCursor, want, line] of [
      [
        'file:///home/user/gadget/key.js',
        'javascript',
        "new mw.Api().get({ action: 'query', list: 'search', srl| });\n",
        'srlimit',
        "new mw.Api().get({ action: 'query', list: 'search', srlimit });",
      ],
      [
        'file:///home/user/bot/kwargs.py',
        'python',
        "import mwclient\nsite = mwclient.Site('en.wikipedia.org')\nsite.api('query', list='allpages', apl|)\n",
        'aplimit',
        "site.api('query', list='allpages', aplimit)",
      ],
    ]) {
      const { text, list } = await complete(uri, languageId, withCursor);
      const item = list.items.find((i) => i.label === want);
      assert.ok(item, `${uri}: ${list.items.map((i) => i.label).join(' ')}`);
      const edited = applyEdits(text, [item.textEdit as { range: import('vscode-languageserver-types').Range; newText: string }]);
      assert.ok(edited.split('\n').includes(line), edited);
    }
  });

  it('semantic tokens cover the request only, never the host code around it', async () => {
    const uri = 'file:///home/user/bot/search.py';
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.ok(tokens.data.length >= 5);
    let line = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
      line += tokens.data[i];
      assert.ok(line === 3, `a token on line ${line}`);
    }
  });

  it('a file that names no MediaWiki API gets nothing, even with an action key', async () => {
    const uri = 'file:///home/user/app/store.js';
    const text = "dispatch({ action: 'query', list: 'serch', type: 'x' });\nfetch('https://example.com/api?action=query&list=serch');\n";
    await client.open(uri, 'javascript', text, 1);
    // A later document that does get diagnostics shows the first one was judged (and given none).
    await client.open('file:///home/user/app/flag.py', 'python', PY, 1);
    await client.diagnosticsFor('file:///home/user/app/flag.py', 1);
    const diagnostics: Diagnostic[] = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(diagnostics, []);
  });

  it('a map query posted to …/api/mapobjects/: map diagnostics at the host characters, hover, a quick fix, semantic tokens and completion in the object', async () => {
    const uri = 'file:///home/user/mapclient/search.js';
    const text =
      'export const search = (base) =>\n' +
      '  fetch(`${base}/api/mapobjects/`, {\n' +
      '    method: "POST",\n' +
      '    body: JSON.stringify({ pos1: { x: 10, y: -2, z: -10 }, pos2: { x: -10, y: 2, z: 10 }, type: "bone", limit: 0.5 }),\n' +
      '  });\n';
    await client.open(uri, 'javascript', text, 1);
    const diagnostics: Diagnostic[] = await client.diagnosticsFor(uri, 1);
    assert.deepEqual(diagnostics.map((d) => [d.code, textOf(text, d.range)]).sort(), [
      ['invertedbox', 'pos1'],
      ['notinteger', '0.5'],
      ['unknowntype', '"bone"'],
    ]);
    const at = text.indexOf('limit');
    const hover = await client.request<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 3, character: at - text.lastIndexOf('\n', at) },
    });
    assert.ok(hover);
    assert.equal(textOf(text, hover.range!), 'limit');
    const bone = diagnostics.find((d) => d.code === 'unknowntype')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: bone.range,
      context: { diagnostics: [bone] },
    });
    const fix = actions.find((a) => a.title === 'Change to "bones"');
    assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
    assert.match(applyEdits(text, fix.edit!.changes![uri]), /type: "bones", limit/);
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    let line = 0;
    const lines = new Set<number>();
    for (let i = 0; i < tokens.data.length; i += 5) lines.add((line += tokens.data[i]));
    // the body's keys and values only (line 3), not the host code around it
    assert.deepEqual([...lines], [3]);
    const { list } = await complete(
      'file:///home/user/mapclient/type.js',
      'javascript',
      'fetch("api/mapobjects/", { method: "POST", body: JSON.stringify({ type: "sh|" }) });\n',
    );
    assert.ok(
      list.items.some((i) => i.label === 'shop'),
      list.items.map((i) => i.label).join(' '),
    );
  });

  it('incremental changes, several in one didChange: the fixed key clears the diagnostic', async () => {
    const uri = 'file:///home/user/bot/edit.py';
    await client.open(uri, 'python', PY, 1);
    const [d] = await client.diagnosticsFor(uri, 1);
    // Two changes in one notification, as Neovim batches them: insert the missing "i", then a comment line.
    await client.change(uri, 2, [
      {
        range: { start: { line: 3, character: d.range.start.character + 5 }, end: { line: 3, character: d.range.start.character + 5 } },
        text: 'i',
      },
      { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: '# done\n' },
    ]);
    assert.deepEqual(await client.diagnosticsFor(uri, 2), []);
  });

  it('a pull client (as VS Code is) that asked while the grammar loaded gets the diagnostic after the refresh, not "unchanged"', async () => {
    const pull = await LspClient.start({
      capabilities: {
        textDocument: { diagnostic: { dynamicRegistration: false } },
        workspace: { diagnostics: { refreshSupport: true } },
      },
      initializationOptions: { diagnostics: { delay: 0 } },
    });
    try {
      const uri = 'file:///home/user/bot/first.py';
      await pull.open(uri, 'python', PY, 1);
      type Report = { kind: string; resultId?: string; items?: Diagnostic[] };
      const first = await pull.request<Report>('textDocument/diagnostic', { textDocument: { uri } });
      let report = first;
      for (let i = 0; i < 200 && !(report.items ?? []).some((d) => d.code === 'unrecognizedparams'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        report = await pull.request<Report>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
        if (report.kind === 'unchanged') report = { ...report, items: first.kind === 'full' ? first.items : [] };
      }
      assert.deepEqual(
        (report.items ?? []).map((d) => [d.code, textOf(PY, d.range)]),
        [['unrecognizedparams', 'srlimt']],
      );
    } finally {
      await pull.stop();
    }
  });
});
