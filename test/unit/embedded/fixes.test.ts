/**
 * Quick fixes in source files, per language and form: the fix is written in the host language's
 * syntax (a dict entry, an object property, a `to` pair, `&name=` in a URL literal, a keyword
 * argument), the fixed file parses with the language's tree-sitter grammar without an error node,
 * and the diagnostic it repairs is gone when the fixed file is checked again.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { parsers, syntaxErrors, wiki } from './helpers';
import { hostLanguage } from '../../../server/src/service/embedded/hostLanguages';
import { getEmbeddedLanguageService, type EmbeddedDocument } from '../../../server/src/service/embedded/embeddedLanguageService';
import { entryTemplate, fillTemplate } from '../../../server/src/service/embedded/paramAdder';
import { MappedText } from '../../../server/src/service/embedded/virtualText';
import type { Entry } from '../../../server/src/service/embedded/objectEntries';

const WIKI = 'https://en.wikipedia.org/w/api.php';

const service = getEmbeddedLanguageService({ wiki, find: (text, lang) => parsers.findLoaded(text, lang) });

interface FixCase {
  name: string;
  language: string;
  source: string;
  /** The code of the diagnostic fixed, and the title of the fix applied. */
  code: string;
  title: string;
  /** The fixed file. */
  fixed: string;
}

/** Fixes that change a name or value written in the source (one case per form added last). */
const RENAMES: FixCase[] = [
  {
    name: 'Kotlin mapOf pairs',
    language: 'kotlin',
    source: `// ${WIKI}\nval p = mapOf("action" to "query", "list" to "allpages", "aplimt" to "5")\n`,
    code: 'unrecognizedparams',
    title: 'aplimit',
    fixed: `// ${WIKI}\nval p = mapOf("action" to "query", "list" to "allpages", "aplimit" to "5")\n`,
  },
  {
    name: 'Java Map.of',
    language: 'java',
    source: `// ${WIKI}\nclass A { Map<String, String> p = Map.of("action", "query", "list", "allpages", "aplimt", "5"); }\n`,
    code: 'unrecognizedparams',
    title: 'aplimit',
    fixed: `// ${WIKI}\nclass A { Map<String, String> p = Map.of("action", "query", "list", "allpages", "aplimit", "5"); }\n`,
  },
  {
    name: 'C# anonymous object',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { object P = new { action = "query", list = "allpages", aplimt = 5 }; }\n`,
    code: 'unrecognizedparams',
    title: 'aplimit',
    fixed: `// ${WIKI}\nclass A { object P = new { action = "query", list = "allpages", aplimit = 5 }; }\n`,
  },
  {
    name: 'C# Dictionary initialiser',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { Dictionary<string, string> P = new Dictionary<string, string> { { "action", "query" }, { "list", "allpages" }, ["aplimt"] = "5" }; }\n`,
    code: 'unrecognizedparams',
    title: 'aplimit',
    fixed: `// ${WIKI}\nclass A { Dictionary<string, string> P = new Dictionary<string, string> { { "action", "query" }, { "list", "allpages" }, ["aplimit"] = "5" }; }\n`,
  },
  {
    name: 'Python map filled key by key',
    language: 'python',
    source: `import requests\nAPI = "${WIKI}"\ndef pages():\n    p = {}\n    p["action"] = "query"\n    p["list"] = "allpages"\n    p["aplimt"] = "5"\n    return requests.get(API, params=p)\n`,
    code: 'unrecognizedparams',
    title: 'aplimit',
    fixed: `import requests\nAPI = "${WIKI}"\ndef pages():\n    p = {}\n    p["action"] = "query"\n    p["list"] = "allpages"\n    p["aplimit"] = "5"\n    return requests.get(API, params=p)\n`,
  },
  {
    name: 'Java jwbf builder chain',
    language: 'java',
    source: `// ${WIKI}\nclass A { Object r = new ApiRequestBuilder().action("query").param("list", "allpages").param("aplimt", 5).buildGet(); }\n`,
    code: 'unrecognizedparams',
    title: 'aplimit',
    fixed: `// ${WIKI}\nclass A { Object r = new ApiRequestBuilder().action("query").param("list", "allpages").param("aplimit", 5).buildGet(); }\n`,
  },
  {
    name: 'shell curl command with -d pieces',
    language: 'shellscript',
    source: `curl "${WIKI}" -d action=query -d list=allpages -d aplimt=5\n`,
    code: 'unrecognizedparams',
    title: 'aplimit',
    fixed: `curl "${WIKI}" -d action=query -d list=allpages -d aplimit=5\n`,
  },
];

/** Fixes that add a parameter the request lacks, written in the form's own syntax. */
const ADDS: FixCase[] = [
  {
    name: 'Python requests params= dict',
    language: 'python',
    source: `import requests\nAPI = "${WIKI}"\nrequests.get(API, params={"action": "query", "list": "search", "srlimit": "10"})\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `import requests\nAPI = "${WIKI}"\nrequests.get(API, params={"action": "query", "list": "search", "srlimit": "10", "srsearch": ""})\n`,
  },
  {
    name: 'Python dict over several lines with a trailing comma',
    language: 'python',
    source: `import requests\nAPI = "${WIKI}"\nPARAMS = {\n    "action": "query",\n    "list": "search",\n    "srlimit": 10,\n}\nrequests.get(API, params=PARAMS)\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `import requests\nAPI = "${WIKI}"\nPARAMS = {\n    "action": "query",\n    "list": "search",\n    "srlimit": 10,\n    "srsearch": "",\n}\nrequests.get(API, params=PARAMS)\n`,
  },
  {
    name: 'Python pywikibot keyword arguments',
    language: 'python',
    source: `import pywikibot\nreq = site.simple_request(action='query', list='search', srlimit=5)\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `import pywikibot\nreq = site.simple_request(action='query', list='search', srlimit=5, srsearch='')\n`,
  },
  {
    name: 'JavaScript mw.Api object with identifier keys',
    language: 'javascript',
    source: `new mw.Api().get({ action: 'query', list: 'search', srlimit: 5 });\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `new mw.Api().get({ action: 'query', list: 'search', srlimit: 5, srsearch: '' });\n`,
  },
  {
    name: 'TypeScript URL literal: &name= before the closing quote',
    language: 'typescript',
    source: `const u = '${WIKI}?action=query&list=search&srlimit=5';\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `const u = '${WIKI}?action=query&list=search&srlimit=5&srsearch=';\n`,
  },
  {
    name: 'PHP array',
    language: 'php',
    source: `<?php\n// ${WIKI}\n$p = ['action' => 'query', 'list' => 'search', 'srlimit' => 10];\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `<?php\n// ${WIKI}\n$p = ['action' => 'query', 'list' => 'search', 'srlimit' => 10, 'srsearch' => ''];\n`,
  },
  {
    name: 'Kotlin mapOf pairs',
    language: 'kotlin',
    source: `// ${WIKI}\nval p = mapOf("action" to "query", "list" to "search")\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `// ${WIKI}\nval p = mapOf("action" to "query", "list" to "search", "srsearch" to "")\n`,
  },
  {
    name: 'Kotlin Retrofit annotation: the URL literal gets it, before the @Query parameters',
    language: 'kotlin',
    source: `interface WikiApi {\n    @GET("w/api.php?action=query&list=search")\n    fun search(@Query("srlimit") limit: Int): Call<Result>\n}\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `interface WikiApi {\n    @GET("w/api.php?action=query&list=search&srsearch=")\n    fun search(@Query("srlimit") limit: Int): Call<Result>\n}\n`,
  },
  {
    name: 'Java Map.of',
    language: 'java',
    source: `// ${WIKI}\nclass A { Map<String, String> p = Map.of("action", "query", "list", "search"); }\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `// ${WIKI}\nclass A { Map<String, String> p = Map.of("action", "query", "list", "search", "srsearch", ""); }\n`,
  },
  {
    name: 'Java Map.ofEntries',
    language: 'java',
    source: `// ${WIKI}\nclass A { Map<String, String> p = Map.ofEntries(entry("action", "query"), entry("list", "search")); }\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `// ${WIKI}\nclass A { Map<String, String> p = Map.ofEntries(entry("action", "query"), entry("list", "search"), entry("srsearch", "")); }\n`,
  },
  {
    name: 'Java jwbf builder chain',
    language: 'java',
    source: `// ${WIKI}\nclass A { Object r = new ApiRequestBuilder().action("query").param("list", "search").param("srlimit", "5").buildGet(); }\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `// ${WIKI}\nclass A { Object r = new ApiRequestBuilder().action("query").param("list", "search").param("srlimit", "5").param("srsearch", "").buildGet(); }\n`,
  },
  {
    name: 'C# anonymous object',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { object P = new { action = "query", list = "search" }; }\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `// ${WIKI}\nclass A { object P = new { action = "query", list = "search", srsearch = "" }; }\n`,
  },
  {
    name: 'C# Dictionary initialiser',
    language: 'csharp',
    source: `// ${WIKI}\nclass A { Dictionary<string, string> P = new Dictionary<string, string> { { "action", "query" }, { "list", "search" } }; }\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `// ${WIKI}\nclass A { Dictionary<string, string> P = new Dictionary<string, string> { { "action", "query" }, { "list", "search" }, { "srsearch", "" } }; }\n`,
  },
  {
    name: 'Go url.Values',
    language: 'go',
    source: `package main\n\nimport "net/url"\n\n// ${WIKI}\nvar p = url.Values{"action": {"query"}, "list": {"search"}}\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `package main\n\nimport "net/url"\n\n// ${WIKI}\nvar p = url.Values{"action": {"query"}, "list": {"search"}, "srsearch": {""}}\n`,
  },
  {
    name: 'Ruby hash with symbol keys',
    language: 'ruby',
    source: `# ${WIKI}\nparams = { action: 'query', list: 'search' }\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `# ${WIKI}\nparams = { action: 'query', list: 'search', srsearch: '' }\n`,
  },
  {
    name: 'shell curl command: the quoted URL gets it',
    language: 'shellscript',
    source: `curl "${WIKI}?action=query&list=search&format=json"\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `curl "${WIKI}?action=query&list=search&format=json&srsearch="\n`,
  },
  {
    name: 'shell curl command: the last quoted -d piece gets it',
    language: 'shellscript',
    source: `curl "${WIKI}" -d 'action=query' -d 'list=search'\n`,
    code: 'missingparam',
    title: 'srsearch=',
    fixed: `curl "${WIKI}" -d 'action=query' -d 'list=search&srsearch='\n`,
  },
];

/** Fixes that add a value to one already written (`|value` after it, inside the same string). */
const ADD_VALUES: FixCase[] = [
  {
    name: 'Python dict: a module added to list=',
    language: 'python',
    source: `import requests\nrequests.get("${WIKI}", params={"action": "query", "list": "allpages", "cmtitle": "Category:X"})\n`,
    code: 'unrecognizedparams',
    title: 'Add `categorymembers` to `list=`',
    fixed: `import requests\nrequests.get("${WIKI}", params={"action": "query", "list": "allpages|categorymembers", "cmtitle": "Category:X"})\n`,
  },
  {
    name: 'JavaScript mw.Api object, single quotes',
    language: 'javascript',
    source: `new mw.Api().get({ action: 'query', prop: 'info', titles: 'A', rvprop: 'content' });\n`,
    code: 'unrecognizedparams',
    title: 'Add `revisions` to `prop=`',
    fixed: `new mw.Api().get({ action: 'query', prop: 'info|revisions', titles: 'A', rvprop: 'content' });\n`,
  },
  {
    name: 'PHP URL literal: the value inside the URL, before the next pair',
    language: 'php',
    source: `<?php\n$u = "${WIKI}?action=query&list=allpages&cmtitle=Category:X";\n`,
    code: 'unrecognizedparams',
    title: 'Add `categorymembers` to `list=`',
    fixed: `<?php\n$u = "${WIKI}?action=query&list=allpages|categorymembers&cmtitle=Category:X";\n`,
  },
  {
    name: 'Lua table, the value at the end of its string',
    language: 'lua',
    source: `-- ${WIKI}\nlocal p = { action = 'query', list = 'allpages', cmtitle = 'Category:X' }\n`,
    code: 'unrecognizedparams',
    title: 'Add `categorymembers` to `list=`',
    fixed: `-- ${WIKI}\nlocal p = { action = 'query', list = 'allpages|categorymembers', cmtitle = 'Category:X' }\n`,
  },
];

/** Values where `|value` cannot be written as is: no fix adds a value there. */
const NO_ADD_VALUE: Array<{ name: string; language: string; source: string }> = [
  {
    name: 'a value ending in an escape',
    language: 'javascript',
    source: `new mw.Api().get({ action: 'query', list: 'allpage\\x73', cmtitle: 'Category:X' });\n`,
  },
];

/** Requests where adding a parameter cannot be written safely: no fix that adds one is offered. */
const NO_ADD: Array<{ name: string; language: string; source: string }> = [
  {
    name: 'a curl command whose last piece is --data-urlencode (an & there would be data)',
    language: 'shellscript',
    source: `curl "${WIKI}" -d 'action=query' --data-urlencode 'list=search'\n`,
  },
  {
    name: 'Java Map.of with its ten pairs (an eleventh does not compile)',
    language: 'java',
    source:
      `// ${WIKI}\nclass A { Map<String, String> p = Map.of("action", "query", "list", "search", "srlimit", "5", "srwhat", "text", ` +
      `"srinfo", "totalhits", "srprop", "size", "srnamespace", "0", "srsort", "relevance", "srqiprofile", "classic", "format", "json"); }\n`,
  },
];

/** An entry `name: "value"` of a host text, its name at `nameAt` and its string literal at `valueAt`. */
function entry(name: string, value: string, valueAt: number, nameAt: number): Entry {
  const n = new MappedText();
  for (let i = 0; i < name.length; i++) n.push(name[i], nameAt + i, nameAt + i + 1);
  const v = new MappedText();
  for (let i = 0; i < value.length; i++) v.push(value[i], valueAt + 1 + i, valueAt + 2 + i);
  const node = { startIndex: valueAt, endIndex: valueAt + value.length + 2, type: 'string' } as unknown as Entry['value']['node'];
  return { name: n, value: { kind: 'text', text: v, node } };
}

function apply(text: string, edits: TextEdit[], document: TextDocument): string {
  const sorted = [...edits].sort((a, b) => document.offsetAt(b.range.start) - document.offsetAt(a.range.start));
  for (const e of sorted) text = text.slice(0, document.offsetAt(e.range.start)) + e.newText + text.slice(document.offsetAt(e.range.end));
  return text;
}

async function diagnose(
  language: string,
  text: string,
): Promise<{ document: TextDocument; parsed: EmbeddedDocument; diagnostics: Diagnostic[] }> {
  const lang = hostLanguage(language)!;
  await parsers.prepare(lang);
  const document = TextDocument.create(`file:///project/file${lang.extensions[0]}`, lang.id, 1, text);
  const parsed = service.parse(document);
  return { document, parsed, diagnostics: service.doValidation(document, parsed, {}) as Diagnostic[] };
}

/** The fixes offered for the diagnostics of `code`. */
async function fixesOf(
  language: string,
  text: string,
  code: string,
): Promise<{ document: TextDocument; diagnostic: Diagnostic; actions: CodeAction[] }> {
  const { document, parsed, diagnostics } = await diagnose(language, text);
  const diagnostic = diagnostics.find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} in ${JSON.stringify(diagnostics)}`);
  const actions = service.doCodeActions(document, parsed, diagnostic.range, [diagnostic], {}) as CodeAction[];
  return { document, diagnostic, actions };
}

async function checkFix(c: FixCase): Promise<void> {
  const lang = hostLanguage(c.language)!;
  assert.deepEqual(await syntaxErrors(lang.id, c.source), [], 'the source parses');
  const { document, diagnostic, actions } = await fixesOf(c.language, c.source, c.code);
  const fix = actions.find((a) => a.title.includes(c.title));
  assert.ok(fix, `no fix "${c.title}" among ${JSON.stringify(actions.map((a) => a.title))}`);
  const fixed = apply(c.source, fix.edit!.changes![document.uri], document);
  assert.equal(fixed, c.fixed);
  assert.deepEqual(await syntaxErrors(lang.id, fixed), [], 'the fixed file parses without an error node');
  const after = await diagnose(c.language, fixed);
  assert.ok(
    !after.diagnostics.some((d) => d.code === diagnostic.code && d.message === diagnostic.message),
    `still there: ${diagnostic.message}`,
  );
}

describe('requests inside source code: quick fixes in the host syntax', function () {
  it('a name that is a reserved word is not written as an identifier key', () => {
    const t = entryTemplate([entry('list', 'search', 8, 2)], '{ list: "search" }', true);
    assert.ok(t);
    assert.equal(fillTemplate(t, 'python', 'srsearch', ''), ', srsearch: ""');
    assert.equal(fillTemplate(t, 'python', 'continue', ''), undefined);
    assert.equal(fillTemplate(t, 'javascript', 'continue', ''), ', continue: ""');
  });
  this.timeout(60000);
  it('the syntax check sees an error node in invalid code', async () => {
    assert.notDeepEqual(await syntaxErrors('python', 'p = {"action": "query",, }\n'), []);
  });
  describe('a fix that changes a name writes valid code of the language', () => {
    for (const c of RENAMES) it(`${c.language}: ${c.name}`, () => checkFix(c));
  });
  describe('a fix that adds a parameter writes it in the form of the request', () => {
    for (const c of ADDS) it(`${c.language}: ${c.name}`, () => checkFix(c));
  });
  describe("a fix that adds a value writes it inside the value's own string", () => {
    for (const c of ADD_VALUES) it(`${c.language}: ${c.name}`, () => checkFix(c));
    for (const c of NO_ADD_VALUE)
      it(`${c.language}: none for ${c.name}`, async () => {
        const { actions } = await fixesOf(c.language, c.source, 'unrecognizedparams');
        assert.deepEqual(
          actions.filter((a) => / to `list=`/.test(a.title)).map((a) => a.title),
          [],
        );
      });
  });
  describe('no fix adds a parameter where it cannot be written safely', () => {
    for (const c of NO_ADD)
      it(`${c.language}: ${c.name}`, async () => {
        const { document, parsed, diagnostics } = await diagnose(c.language, c.source);
        assert.ok(
          diagnostics.some((d) => d.code === 'missingparam'),
          'the request lacks a parameter',
        );
        const actions = service.doCodeActions(
          document,
          parsed,
          { start: { line: 0, character: 0 }, end: document.positionAt(c.source.length) },
          diagnostics,
          {},
        );
        assert.deepEqual(
          actions.filter((a) => a.title.startsWith('Add')).map((a) => a.title),
          [],
        );
      });
  });
});
