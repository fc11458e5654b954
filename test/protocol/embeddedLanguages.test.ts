/**
 * Every host language beyond Python and JavaScript (embeddedEditor.test.ts has those two) over LSP
 * (the real `dist/server.js` over stdio), one table row each, in the form its code usually takes: the
 * misspelt key `aplimt` gets its diagnostic on exactly those characters, the quick fix writes
 * `aplimit` in the host syntax, hover on the module value explains it, and completion with the cursor
 * (`|`) inside the key offers `aplimit`. A fix that adds a missing parameter writes one more entry
 * of the object, or `&name=` in the URL literal.
 */
import assert from 'node:assert/strict';
import type { CodeAction, CompletionList, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';
import type { RunnableQuery } from '../../common/protocol';
import { applyEdits, cursor, ensureBuilt, LspClient, textOf } from './lspClient';

const API = 'https://en.wikipedia.org/w/api.php';
const QUERY = `${API}?action=query&list=allpages&apl|imt=5&format=json`;

/** [language id, file name, text with | inside the misspelt key] */
const LANGUAGES: Array<[string, string, string]> = [
  ['typescript', 'pages.ts', "const api = new mw.Api();\napi.get({ action: 'query', list: 'allpages', apl|imt: 5 });\n"],
  ['typescriptreact', 'Pages.tsx', "const api = new mw.Api();\napi.get({ action: 'query', list: 'allpages', apl|imt: 5 });\n"],
  ['php', 'pages.php', `<?php\n$endPoint = "${API}";\n$params = [ "action" => "query", "list" => "allpages", "apl|imt" => "5" ];\n`],
  [
    'kotlin',
    'WikiApi.kt',
    'interface WikiApi {\n    @GET("w/api.php?action=query&list=allpages")\n    fun pages(@Query("apl|imt") limit: Int): Call<Pages>\n}\n',
  ],
  ['java', 'Pages.java', `class Pages {\n    static final String URL = "${QUERY}";\n}\n`],
  [
    'lua',
    'pages.lua',
    `local http = require("socket.http")\nlocal api = "${API}"\nlocal body = http.request(api, { action = "query", list = "allpages", apl|imt = 5 })\n`,
  ],
  [
    'go',
    'pages.go',
    `package main\n\nimport "net/url"\n\n// ${API}\nfunc params() url.Values {\n\treturn url.Values{"action": {"query"}, "list": {"allpages"}, "apl|imt": {"5"}}\n}\n`,
  ],
  ['ruby', 'pages.rb', `url = "${QUERY}"\n`],
  ['csharp', 'Pages.cs', `class Pages {\n    const string Url = "${QUERY}";\n}\n`],
  ['perl', 'pages.pl', `my $url = "${QUERY}";\n`],
  ['shellscript', 'pages.sh', `curl "${QUERY}"\n`],
  ['swift', 'Pages.swift', `let api = "${API}"\nlet p: [String: String] = ["action": "query", "list": "allpages", "apl|imt": "5"]\n`],
];

describe('language server over stdio: requests in every host language', function () {
  this.timeout(60000);
  let client: LspClient;
  before(async () => {
    await ensureBuilt();
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 20 } } });
  });
  after(() => client?.stop());

  for (const [languageId, file, withCursor] of LANGUAGES) {
    it(`${languageId} (${file}): diagnostic on the key, fix, hover, completion inside the key`, async () => {
      const { text, position } = cursor(withCursor);
      const uri = `file:///home/user/tool/${file}`;
      await client.open(uri, languageId, text, 1);
      // the first answer may come while the language's grammar still loads: the server publishes again once it has it
      const diagnostics: Diagnostic[] = await client.waitFor(
        `diagnostics of ${file}`,
        () => client.published.filter((p) => p.uri === uri && p.diagnostics.length).at(0)?.diagnostics,
      );
      assert.deepEqual(
        diagnostics.map((d) => [d.code, textOf(text, d.range)]),
        [['unrecognizedparams', 'aplimt']],
      );

      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: diagnostics[0].range,
        context: { diagnostics },
      });
      const fix = actions.find((a) => a.edit?.changes?.[uri]);
      assert.ok(fix, JSON.stringify(actions));
      assert.equal(applyEdits(text, fix.edit!.changes![uri]), text.replace('aplimt', 'aplimit'));

      const at = text.indexOf('allpages') + 2;
      const line = text.slice(0, at).split('\n').length - 1;
      const hoverPosition = { line, character: at - text.lastIndexOf('\n', at - 1) - 1 };
      const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: hoverPosition });
      assert.ok(hover, 'hover on allpages');
      assert.match((hover.contents as MarkupContent).value, /allpages/);

      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position });
      const labels = list.items.map((i) => i.label);
      assert.ok(labels.includes('aplimit'), `${labels.length}: ${labels.slice(0, 15).join(' ')}`);
    });
  }

  // The fix that adds a missing parameter, written in the host syntax: [language id, file name, text, fixed text]
  const ADDS: Array<[string, string, string, string]> = [
    [
      'python',
      'search.py',
      `import requests\nAPI = "${API}"\nrequests.get(API, params={"action": "query", "list": "search", "srlimit": "10"})\n`,
      `import requests\nAPI = "${API}"\nrequests.get(API, params={"action": "query", "list": "search", "srlimit": "10", "srsearch": ""})\n`,
    ],
    [
      'kotlin',
      'Search.kt',
      `// ${API}\nval p = mapOf("action" to "query", "list" to "search")\n`,
      `// ${API}\nval p = mapOf("action" to "query", "list" to "search", "srsearch" to "")\n`,
    ],
    [
      'swift',
      'Search.swift',
      `// ${API}\nlet p = ["action": "query", "list": "search"]\n`,
      `// ${API}\nlet p = ["action": "query", "list": "search", "srsearch": ""]\n`,
    ],
    [
      'r',
      'search.R',
      `# ${API}\nq <- list(action = "query", list = "search")\n`,
      `# ${API}\nq <- list(action = "query", list = "search", srsearch = "")\n`,
    ],
    [
      'typescript',
      'search.ts',
      `const u = '${API}?action=query&list=search';\n`,
      `const u = '${API}?action=query&list=search&srsearch=';\n`,
    ],
  ];
  for (const [languageId, file, text, fixed] of ADDS)
    it(`${languageId} (${file}): the fix adds the missing parameter in the host syntax`, async () => {
      const uri = `file:///home/user/tool/${file}`;
      await client.open(uri, languageId, text, 1);
      const diagnostics: Diagnostic[] = await client.waitFor(
        `diagnostics of ${file}`,
        () => client.published.filter((p) => p.uri === uri && p.diagnostics.length).at(0)?.diagnostics,
      );
      const missing = diagnostics.find((d) => d.code === 'missingparam');
      assert.ok(missing, JSON.stringify(diagnostics));
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: missing.range,
        context: { diagnostics: [missing] },
      });
      const fix = actions.find((a) => a.title.includes('srsearch='));
      assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
      assert.equal(applyEdits(text, fix.edit!.changes![uri]), fixed);
    });

  // ▶ Run on requests in source files.
  // [language id, file name, text, the parameters each runnable request sends (none: not runnable)]
  const CASES: Array<[string, string, string, Array<Array<[string, string]>>]> = [
    [
      'python',
      'bot.py',
      'import requests\nAPI = "https://en.wikipedia.org/w/api.php"\nr = requests.get(API, params={"action": "query", "list": "allpages", "aplimit": 5})\n',
      [
        [
          ['action', 'query'],
          ['list', 'allpages'],
          ['aplimit', '5'],
        ],
      ],
    ],
    [
      'python',
      'dynamic.py',
      'import requests\nAPI = "https://en.wikipedia.org/w/api.php"\nr = requests.get(API, params={"action": "query", "list": "allpages", "apfrom": start})\n',
      [],
    ],
    [
      'go',
      'pages.go',
      `package main\n\nconst url = "${API}?action=query&meta=siteinfo"\n`,
      [
        [
          ['action', 'query'],
          ['meta', 'siteinfo'],
        ],
      ],
    ],
  ];
  for (const [languageId, file, text, expected] of CASES)
    it(`${languageId} (${file}): ${expected.length ? 'a lens runs the request as written' : 'no lens: a value is known only at run time'}`, async () => {
      const uri = `file:///home/user/tool/${file}`;
      await client.open(uri, languageId, text, 1);
      await client.waitFor(`diagnostics of ${file}`, () => client.published.find((p) => p.uri === uri)?.diagnostics);
      const queries = await client.request<RunnableQuery[]>('wikimapQuery/runnableQueries', { uri });
      assert.deepEqual(
        queries.map((q) => q.params?.filter(([name]) => name !== 'format')),
        expected,
      );
      for (const q of queries) {
        assert.ok(textOf(text, q.range).length > 0);
        for (const p of q.paramRanges ?? []) if (p.name !== 'format') assert.equal(textOf(text, p.nameRange), p.name, JSON.stringify(p));
      }
    });
});
