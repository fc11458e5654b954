/**
 * The editor features over stdio against the real server: semantic tokens decoded back to the text
 * they cover (full, range, delta), inlay hints, folding ranges, selection ranges, formatting, and
 * quick fixes for diagnostics sent back with and without their `data`.
 */
import assert from 'node:assert/strict';
import type { CodeAction, Diagnostic, FoldingRange, InlayHint, SelectionRange, TextEdit } from 'vscode-languageserver-types';
import { decodeTokens } from '../../server/src/service/semanticTokens';
import { applyEdits, cursor, ensureBuilt, LspClient, textOf } from './lspClient';

const WIKI_URI = 'file:///features/sample.wikiquery';
const MAP_URI = 'file:///features/sample.mapquery.json';

describe('editor features over stdio', function () {
  this.timeout(30000);
  let client: LspClient;
  let legend: { tokenTypes: string[]; tokenModifiers: string[] };
  before(async () => {
    ensureBuilt();
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 }, wiki: { liveCatalogues: 'off' } } });
    legend = client.initializeResult.capabilities.semanticTokensProvider.legend;
  });
  after(() => client.stop());

  /** Tokens as `type:text` (the text each token covers in `text`). */
  function decoded(text: string, data: number[]): string[] {
    const lines = text.split('\n');
    return decodeTokens(data, legend).map(
      (t) =>
        `${t.type}${t.modifiers.length ? '.' + t.modifiers.join('.') : ''}:${lines[t.line].slice(t.character, t.character + t.length)}`,
    );
  }

  it('advertises the features with a legend of standard token types', () => {
    const caps = client.initializeResult.capabilities;
    const standard = [
      'namespace',
      'type',
      'class',
      'enum',
      'interface',
      'struct',
      'typeParameter',
      'parameter',
      'variable',
      'property',
      'enumMember',
      'event',
      'function',
      'method',
      'macro',
      'keyword',
      'modifier',
      'comment',
      'string',
      'number',
      'regexp',
      'operator',
      'decorator',
    ];
    for (const t of legend.tokenTypes) assert.ok(standard.includes(t), `${t} is a standard token type`);
    assert.deepEqual(caps.semanticTokensProvider.full, { delta: true });
    assert.equal(caps.semanticTokensProvider.range, true);
    assert.ok(caps.inlayHintProvider);
    assert.equal(caps.foldingRangeProvider, true);
    assert.equal(caps.selectionRangeProvider, true);
    assert.equal(caps.documentFormattingProvider, true);
  });

  it('semantic tokens of a wiki query, decoded back to text', async () => {
    const text = '# pages in a category\naction=query&list=categorymembers&cmtitle=Category%3AMaps&cmlimit=max&cmprop=ids|title\n';
    await client.open(WIKI_URI, 'wikiquery', text, 1);
    const full = await client.request<{ resultId: string; data: number[] }>('textDocument/semanticTokens/full', {
      textDocument: { uri: WIKI_URI },
    });
    assert.deepEqual(decoded(text, full.data), [
      'comment:# pages in a category',
      'property:action',
      'operator:=',
      'class:query',
      'operator:&',
      'property:list',
      'operator:=',
      'class:categorymembers',
      'operator:&',
      'namespace:cm',
      'property:title',
      'operator:=',
      'string:Category',
      'regexp:%3A',
      'string:Maps',
      'operator:&',
      'namespace:cm',
      'property:limit',
      'operator:=',
      'keyword:max',
      'operator:&',
      'namespace:cm',
      'property:prop',
      'operator:=',
      'enumMember:ids',
      'operator:|',
      'enumMember:title',
    ]);
    // Range: only the tokens of the comment line.
    const range = await client.request<{ data: number[] }>('textDocument/semanticTokens/range', {
      textDocument: { uri: WIKI_URI },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } },
    });
    assert.deepEqual(decoded(text, range.data), ['comment:# pages in a category']);
    // Delta after an edit: applying the edits to the previous data gives the new full tokens.
    const maxAt = text.split('\n')[1].indexOf('cmlimit=max') + 'cmlimit='.length;
    await client.change(WIKI_URI, 2, [
      { range: { start: { line: 1, character: maxAt }, end: { line: 1, character: maxAt + 3 } }, text: '50' },
    ]);
    const newText = text.replace('cmlimit=max', 'cmlimit=50');
    const delta = await client.request<{ resultId: string; edits: Array<{ start: number; deleteCount: number; data?: number[] }> }>(
      'textDocument/semanticTokens/full/delta',
      { textDocument: { uri: WIKI_URI }, previousResultId: full.resultId },
    );
    assert.ok(delta.edits, 'a delta, not full tokens');
    const data = [...full.data];
    for (const e of [...delta.edits].sort((a, b) => b.start - a.start)) data.splice(e.start, e.deleteCount, ...(e.data ?? []));
    assert.ok(decoded(newText, data).includes('number:50'));
    const again = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri: WIKI_URI } });
    assert.deepEqual(data, again.data);
    // An unknown previous result: full tokens.
    const unknown = await client.request<{ data?: number[] }>('textDocument/semanticTokens/full/delta', {
      textDocument: { uri: WIKI_URI },
      previousResultId: 'nope',
    });
    assert.deepEqual(unknown.data, again.data);
  });

  it('semantic tokens of a map query by meaning, decoded back to text', async () => {
    const text =
      '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1},\n "type": "bones", // the type\n "attributelike": {"key": "owner", "value": "s%"}, "radius": true}';
    await client.open(MAP_URI, 'mapquery', text, 1);
    const full = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri: MAP_URI } });
    assert.deepEqual(decoded(text, full.data), [
      'property:"pos1"',
      'property:"x"',
      'number:0',
      'property:"y"',
      'number:0',
      'property:"z"',
      'number:0',
      'property:"pos2"',
      'property:"x"',
      'number:1',
      'property:"y"',
      'number:1',
      'property:"z"',
      'number:1',
      'property:"type"',
      'enumMember:"bones"',
      'comment:// the type',
      'property:"attributelike"',
      'property:"key"',
      'property:"owner"',
      'property:"value"',
      'string:"s',
      'regexp:%',
      'string:"',
      'variable:"radius"',
      'keyword:true',
    ]);
  });

  it('inlay hints: decoded escapes, what max means, the nodes a map block covers', async () => {
    const text = 'action=query&list=allpages&apfrom=A%26B&aplimit=max\n';
    const uri = 'file:///features/hints.wikiquery';
    await client.open(uri, 'wikiquery', text, 1);
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } },
    });
    assert.deepEqual(
      hints.map((h) => [text.slice(0, h.position.character).split('&').pop(), h.label]),
      [
        ['apfrom=A%26B', '= “A&B”'],
        ['aplimit=max', '= 500 (5000 with apihighlimits)'],
      ],
    );
    const map = '{"pos1": {"x": -1, "y": 0, "z": 2}, "pos2": {"x": 3, "y": 4, "z": 5}, "type": "bones"}';
    const mapUri = 'file:///features/hints.mapquery.json';
    await client.open(mapUri, 'mapquery', map, 1);
    const mapHints = await client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri: mapUri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: map.indexOf('"pos2"') } },
    });
    assert.deepEqual(
      mapHints.map((h) => [map.slice(h.position.character - 2, h.position.character).trim(), h.label]),
      [
        ['-1', 'nodes -16…-1'],
        ['0', 'nodes 0…15'],
        ['2', 'nodes 32…47'],
      ],
    );
  });

  it('folding ranges: multi-line queries, comment blocks, JSON objects and arrays', async () => {
    const uri = 'file:///features/fold.wikiquery';
    await client.open(uri, 'wikiquery', '# one\n# two\naction=query\n  &list=allpages\n  &aplimit=5\n\naction=query&meta=siteinfo\n', 1);
    const ranges = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.deepEqual(
      ranges.map((r) => [r.startLine, r.endLine, r.kind]),
      [
        [0, 1, 'comment'],
        [2, 4, undefined],
      ],
    );
    const mapUri = 'file:///features/fold.mapquery.json';
    await client.open(mapUri, 'mapquery', '[\n  {\n    "type": "bones"\n  }\n]\n', 1);
    const mapRanges = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: mapUri } });
    assert.deepEqual(
      mapRanges.map((r) => [r.startLine, r.endLine]),
      [
        [0, 3],
        [1, 2],
      ],
    );
  });

  it('selection ranges: value → item list → parameter → query; JSON nesting', async () => {
    const text = 'action=query&prop=info&titles=A\n  &inprop=url|talkid\n';
    const position = { line: 1, character: '  &inprop=url|ta'.length };
    const uri = 'file:///features/select.wikiquery';
    await client.open(uri, 'wikiquery', text, 1);
    const [sel] = await client.request<SelectionRange[]>('textDocument/selectionRange', { textDocument: { uri }, positions: [position] });
    const chain: string[] = [];
    for (let s: SelectionRange | undefined = sel; s; s = s.parent) chain.push(textOf(text, s.range));
    assert.deepEqual(chain, [
      'talkid',
      'url|talkid',
      'inprop=url|talkid',
      '&inprop=url|talkid',
      'action=query&prop=info&titles=A\n  &inprop=url|talkid',
    ]);
    const json = cursor('{"pos1": {"x": 1|0, "y": 0}}');
    const mapUri = 'file:///features/select.mapquery.json';
    await client.open(mapUri, 'mapquery', json.text, 1);
    const [m] = await client.request<SelectionRange[]>('textDocument/selectionRange', {
      textDocument: { uri: mapUri },
      positions: [json.position],
    });
    const mapChain: string[] = [];
    for (let s: SelectionRange | undefined = m; s; s = s.parent) mapChain.push(textOf(json.text, s.range));
    assert.deepEqual(mapChain, ['10', '"x": 10', '{"x": 10, "y": 0}', '"pos1": {"x": 10, "y": 0}', '{"pos1": {"x": 10, "y": 0}}']);
  });

  it('formatting: the canonical form of a wiki query, JSON formatting of a map query', async () => {
    const uri = 'file:///features/format.wikiquery';
    const text = 'action=query&&list=allpages&\n\naction=query\n  &meta=siteinfo\n      &siprop=general&&\n';
    await client.open(uri, 'wikiquery', text, 1);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(applyEdits(text, edits), 'action=query&list=allpages\n\naction=query\n  &meta=siteinfo\n  &siprop=general\n');
    const mapUri = 'file:///features/format.mapquery.json';
    const map = '{"type":"bones","pos1":{"x":0,"y":0,"z":0}}';
    await client.open(mapUri, 'mapquery', map, 1);
    const mapEdits = await client.request<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri: mapUri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(applyEdits(map, mapEdits), '{\n  "type": "bones",\n  "pos1": {\n    "x": 0,\n    "y": 0,\n    "z": 0\n  }\n}');
  });

  it('markdown: tokens and hints on embedded api.php URLs, no folding or formatting of the markdown', async () => {
    const uri = 'file:///features/notes.md';
    const text = '# Notes\n\nSee https://w.example/w/api.php?action=query&list=allpages&apfrom=A%26B for pages.\n';
    await client.open(uri, 'markdown', text, 1);
    const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const d = decoded(text, tokens.data);
    assert.equal(d[0], 'string:https://w.example/w/api.php');
    assert.ok(d.includes('regexp:%26'));
    assert.ok(!d.some((t) => t.includes('Notes')), 'markdown headings are not ours');
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
    });
    assert.deepEqual(
      hints.map((h) => h.label),
      ['= “A&B”'],
    );
    assert.deepEqual(await client.request('textDocument/foldingRange', { textDocument: { uri } }), []);
    assert.deepEqual(
      await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }),
      [],
    );
  });

  it('asks clients that support it to refresh tokens and hints when settings change', async () => {
    const other = await LspClient.start({
      capabilities: { workspace: { semanticTokens: { refreshSupport: true }, inlayHint: { refreshSupport: true } } },
      initializationOptions: { diagnostics: { delay: 0 } },
    });
    try {
      const uri = 'file:///features/refresh.wikiquery';
      const text = 'action=query&list=allpages&aplimit=max\n';
      await other.open(uri, 'wikiquery', text, 1);
      const range = { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } };
      const before = await other.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range });
      assert.deepEqual(
        before.map((h) => h.label),
        ['= 500 (5000 with apihighlimits)'],
      );
      await other.connection.sendNotification('workspace/didChangeConfiguration', {
        settings: { wikimapQuery: { wiki: { highLimits: true } } },
      });
      await other.waitFor('both refresh requests', () => (other.refreshRequests.length >= 2 ? true : undefined));
      assert.deepEqual([...other.refreshRequests].sort(), ['workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh']);
      const after = await other.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri }, range });
      assert.deepEqual(
        after.map((h) => h.label),
        ['= 5000 (with apihighlimits)'],
      );
    } finally {
      await other.stop();
    }
  });

  it('registers formatting for wiki and map documents only when the client registers dynamically (no second markdown formatter)', async () => {
    const other = await LspClient.start({ capabilities: { textDocument: { formatting: { dynamicRegistration: true } } } });
    try {
      assert.equal(other.initializeResult.capabilities.documentFormattingProvider, undefined);
      const registration = await other.waitFor('the formatting registration', () =>
        other.registrations.find((r) => r.method === 'textDocument/formatting'),
      );
      const selector = (registration.registerOptions as { documentSelector: Array<{ language?: string; pattern?: string }> })
        .documentSelector;
      assert.deepEqual(
        selector.map((f) => f.language ?? f.pattern),
        ['wikiquery', 'mapquery', '**/*.wikiquery', '**/*.mapquery.json'],
      );
    } finally {
      await other.stop();
    }
  });

  /** [document uri, language, text, diagnostic code, fix title, text after the fix] */
  const FIXES: Array<[string, string, string, string, string, string]> = [
    [
      'file:///features/fix.wikiquery',
      'wikiquery',
      'action=query&list=allpages&aplimt=5\n',
      'unrecognizedparams',
      'Change to `aplimit`',
      'action=query&list=allpages&aplimit=5\n',
    ],
    [
      'file:///features/fix2.wikiquery',
      'wikiquery',
      'action=query&list=allpages&aplimit=501\n',
      'outofrange',
      'Change to `max` (the highest limit allowed)',
      'action=query&list=allpages&aplimit=max\n',
    ],
    [
      'file:///features/fix.mapquery.json',
      'mapquery',
      '{"pos1": {"x": -3200, "y": 0, "z": 0}, "pos2": {"x": 4000, "y": 16, "z": 16}, "type": "bones"}',
      'nodecoordinates',
      'Convert node coordinates to map blocks (÷16, floored) in pos1 and pos2',
      '{"pos1": {"x": -200, "y": 0, "z": 0}, "pos2": {"x": 250, "y": 1, "z": 1}, "type": "bones"}',
    ],
  ];
  for (const [uri, languageId, text, code, title, expected] of FIXES) {
    // How clients send the diagnostic back: whole; without `data` (optional in the spec); not at all (ALE asks
    // for the word under the cursor with an empty list): then the server uses its own diagnostics there.
    for (const sentBack of ['with data', 'without data', 'not at all'] as const) {
      it(`quick fix "${title}" for ${code}, diagnostic sent back ${sentBack}`, async () => {
        const docUri = uri.replace('fix', `fix-${sentBack.replace(/ /g, '-')}`);
        await client.open(docUri, languageId, text, 1);
        const diagnostic = (await client.diagnosticsFor(docUri, 1)).find((d) => d.code === code);
        assert.ok(diagnostic, `a ${code} diagnostic`);
        const stripped: Diagnostic = {
          range: diagnostic.range,
          severity: diagnostic.severity,
          code: diagnostic.code,
          source: diagnostic.source,
          message: diagnostic.message,
        };
        const inside = { line: diagnostic.range.start.line, character: diagnostic.range.start.character + 1 };
        const request =
          sentBack === 'not at all'
            ? { textDocument: { uri: docUri }, range: { start: inside, end: inside }, context: { diagnostics: [] } }
            : {
                textDocument: { uri: docUri },
                range: diagnostic.range,
                context: { diagnostics: [sentBack === 'with data' ? diagnostic : stripped] },
              };
        const actions = await client.request<CodeAction[]>('textDocument/codeAction', request);
        const action = actions.find((a) => a.title === title);
        assert.ok(action, `offered: ${JSON.stringify(actions.map((a) => a.title))}`);
        assert.equal(applyEdits(text, action.edit!.changes![docUri]), expected);
      });
    }
  }
});
