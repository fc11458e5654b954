/**
 * Quick fixes and semantic highlighting of map-object queries posted from source code: each fix is
 * written in the host's syntax (a JavaScript property, a Python dict entry, a Lua table field, JSON in
 * a shell string), the fixed file parses without an error node and the diagnostic is gone; where an
 * edit cannot be written safely (a value known only at run time, JSON escaped in a host string, a
 * spread) no fix is offered. Tokens land on the host characters of keys and values, none on run-time values.
 */
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { map, parsers, syntaxErrors, wiki } from './helpers';
import { hostLanguage } from '../../../server/src/service/embedded/hostLanguages';
import { getEmbeddedLanguageService } from '../../../server/src/service/embedded/embeddedLanguageService';
import { decodeTokens, SEMANTIC_TOKENS_LEGEND } from '../../../server/src/service/semanticTokens';

const service = getEmbeddedLanguageService({ wiki, map, find: (text, lang) => parsers.findLoaded(text, lang) });

async function opened(language: string, text: string) {
  const lang = hostLanguage(language)!;
  await parsers.prepare(lang);
  const document = TextDocument.create(`file:///home/user/map/client${lang.extensions[0]}`, lang.id, 1, text);
  const parsed = service.parse(document);
  return { document, parsed, diagnostics: service.doValidation(document, parsed, {}) as Diagnostic[] };
}

interface FixCase {
  name: string;
  language: string;
  source: string;
  /** The code of the diagnostic fixed and the title of the fix applied. */
  code: string;
  title: string;
  fixed: string;
}

const BOX = `pos1: {x: -10, y: -2, z: -10}, pos2: {x: 10, y: 2, z: 10}`;
const PY_BOX = `"pos1": {"x": -10, "y": -2, "z": -10}, "pos2": {"x": 10, "y": 2, "z": 10}`;
const LUA_BOX = `pos1 = {x = -10, y = -2, z = -10}, pos2 = {x = 10, y = 2, z = 10}`;
const JSON_BOX = `"pos1":{"x":-10,"y":-2,"z":-10},"pos2":{"x":10,"y":2,"z":10}`;
const PY_WORLD = `"pos1": {"x": -2000, "y": -20, "z": -2000}, "pos2": {"x": 2000, "y": 20, "z": 2000}`;
const LUA_WORLD = `pos1 = {x = -2000, y = -20, z = -2000}, pos2 = {x = 2000, y = 20, z = 2000}`;
const PHP_BOX = `'pos1' => ['x' => -10, 'y' => -2, 'z' => -10], 'pos2' => ['x' => 10, 'y' => 2, 'z' => 10]`;
const RB_BOX = `pos1: { x: -10, y: -2, z: -10 }, pos2: { x: 10, y: 2, z: 10 }`;
const PHP_WORLD = `'pos1' => ['x' => -2000, 'y' => -20, 'z' => -2000], 'pos2' => ['x' => 2000, 'y' => 20, 'z' => 2000]`;
const KT_WORLD = `"pos1" to mapOf("x" to -2000, "y" to -20, "z" to -2000), "pos2" to mapOf("x" to 2000, "y" to 20, "z" to 2000)`;
const JS_WORLD = `pos1: {x: -2000, y: -20, z: -2000}, pos2: {x: 2000, y: 20, z: 2000}`;

const FETCH = (body: string) => `fetch("api/mapobjects/", {method: "POST", body: JSON.stringify(${body})});\n`;
const PY_POST = (body: string) => `import requests\nrequests.post(URL + "/api/mapobjects/", json=${body})\n`;
const LUA_POST = (body: string) => `http.fetch({url = "http://h/api/mapobjects/", data = minetest.write_json(${body})}, cb)\n`;
const CURL = (json: string) => `curl -X POST -d '${json}' "$BASE/api/mapobjects/"\n`;

const FIXES: FixCase[] = [
  {
    name: "an unknown type in single quotes keeps the host's quotes",
    language: 'javascript',
    source: FETCH(`{${BOX}, type: 'bone'}`),
    code: 'unknowntype',
    title: 'Change to "bones"',
    fixed: FETCH(`{${BOX}, type: 'bones'}`),
  },
  {
    name: 'a misspelled bare key is renamed bare',
    language: 'javascript',
    source: FETCH(`{${BOX}, tpye: "bones"}`),
    code: 'unknownfield',
    title: 'Change to "type"',
    fixed: FETCH(`{${BOX}, type: "bones"}`),
  },
  {
    name: 'an ignored field removed with its comma (the last one)',
    language: 'javascript',
    source: FETCH(`{${BOX}, type: "bones", colour: "red"}`),
    code: 'unknownfield',
    title: 'Remove the ignored field',
    fixed: FETCH(`{${BOX}, type: "bones"}`),
  },
  {
    name: 'an ignored field removed with its comma (the first one)',
    language: 'javascript',
    source: FETCH(`{colour: "red", ${BOX}, type: "bones"}`),
    code: 'unknownfield',
    title: 'Remove the ignored field',
    fixed: FETCH(`{${BOX}, type: "bones"}`),
  },
  {
    name: 'an inverted box swapped on the axis where it is',
    language: 'typescript',
    source: `await axios.post(\`\${server}/api/mapobjects/\`, {pos1: {x: 10, y: -2, z: -10}, pos2: {x: -10, y: 2, z: 10}, type: "bones"});\n`,
    code: 'invertedbox',
    title: 'Swap pos1 and pos2 on x',
    fixed: `await axios.post(\`\${server}/api/mapobjects/\`, {pos1: {x: -10, y: -2, z: -10}, pos2: {x: 10, y: 2, z: 10}, type: "bones"});\n`,
  },
  {
    name: 'node coordinates divided into map blocks',
    language: 'javascript',
    source: FETCH(`{pos1: {x: -16000, y: 0, z: 0}, pos2: {x: 16000, y: 16, z: 16}, type: "bones"}`),
    code: 'nodecoordinates',
    title: 'Convert node coordinates to map blocks',
    fixed: FETCH(`{pos1: {x: -1000, y: 0, z: 0}, pos2: {x: 1000, y: 1, z: 1}, type: "bones"}`),
  },
  {
    name: 'a limit added as a bare-key property',
    language: 'javascript',
    source: FETCH(`{${JS_WORLD}, type: "bones"}`),
    code: 'regiontoolarge',
    title: 'Add "limit"',
    fixed: FETCH(`{${JS_WORLD}, type: "bones", limit: 10000}`),
  },
  {
    name: 'a limit added as a dict entry',
    language: 'python',
    source: PY_POST(`{${PY_WORLD}, "type": "bones"}`),
    code: 'regiontoolarge',
    title: 'Add "limit"',
    fixed: PY_POST(`{${PY_WORLD}, "type": "bones", "limit": 10000}`),
  },
  {
    name: 'an unknown type in a dict',
    language: 'python',
    source: PY_POST(`{${PY_BOX}, "type": 'bone'}`),
    code: 'unknowntype',
    title: 'Change to "bones"',
    fixed: PY_POST(`{${PY_BOX}, "type": 'bones'}`),
  },
  {
    name: 'a missing type added as a table field',
    language: 'lua',
    source: LUA_POST(`{${LUA_BOX}}`),
    code: 'missingfield',
    title: 'Add "type"',
    fixed: LUA_POST(`{${LUA_BOX}, type = "bones"}`),
  },
  {
    name: 'a limit added as a table field',
    language: 'lua',
    source: LUA_POST(`{${LUA_WORLD}, type = "bones"}`),
    code: 'regiontoolarge',
    title: 'Add "limit"',
    fixed: LUA_POST(`{${LUA_WORLD}, type = "bones", limit = 10000}`),
  },
  {
    name: 'a misspelled table key renamed bare',
    language: 'lua',
    source: LUA_POST(`{${LUA_BOX}, typ = "bones"}`),
    code: 'unknownfield',
    title: 'Change to "type"',
    fixed: LUA_POST(`{${LUA_BOX}, type = "bones"}`),
  },
  {
    name: 'JSON in a single-quoted string: a key renamed as JSON',
    language: 'shellscript',
    source: CURL(`{${JSON_BOX},"typ":"bones"}`),
    code: 'unknownfield',
    title: 'Change to "type"',
    fixed: CURL(`{${JSON_BOX},"type":"bones"}`),
  },
  {
    name: 'JSON in a single-quoted string: a missing type added as JSON',
    language: 'shellscript',
    source: CURL(`{${JSON_BOX}}`),
    code: 'missingfield',
    title: 'Add "type"',
    fixed: CURL(`{${JSON_BOX}, "type": "bones"}`),
  },
  {
    name: "an unknown type in a Guzzle json array keeps the host's quotes",
    language: 'php',
    source: `<?php\n$client->post('http://h/api/mapobjects/', ['json' => [${PHP_BOX}, 'type' => 'bone']]);\n`,
    code: 'unknowntype',
    title: 'Change to "bones"',
    fixed: `<?php\n$client->post('http://h/api/mapobjects/', ['json' => [${PHP_BOX}, 'type' => 'bones']]);\n`,
  },
  {
    name: 'an ignored field removed from a hash given to to_json',
    language: 'ruby',
    source: `Net::HTTP.post(URI("http://h/api/mapobjects/"), { ${RB_BOX}, type: "bones", colour: "red" }.to_json)\n`,
    code: 'unknownfield',
    title: 'Remove the ignored field',
    fixed: `Net::HTTP.post(URI("http://h/api/mapobjects/"), { ${RB_BOX}, type: "bones" }.to_json)\n`,
  },
  {
    name: 'a misspelled key of mapOf renamed in its quotes',
    language: 'kotlin',
    source: `suspend fun f() {\n    client.post("http://h/api/mapobjects/") { setBody(mapOf("typ" to "bones")) }\n}\n`,
    code: 'unknownfield',
    title: 'Change to "type"',
    fixed: `suspend fun f() {\n    client.post("http://h/api/mapobjects/") { setBody(mapOf("type" to "bones")) }\n}\n`,
  },
  {
    name: 'a limit added to a Guzzle json array as a keyed element',
    language: 'php',
    source: `<?php\n$client->post('http://h/api/mapobjects/', ['json' => [${PHP_WORLD}, 'type' => 'bones']]);\n`,
    code: 'regiontoolarge',
    title: 'Add "limit"',
    fixed: `<?php\n$client->post('http://h/api/mapobjects/', ['json' => [${PHP_WORLD}, 'type' => 'bones', 'limit' => 10000]]);\n`,
  },
  {
    name: 'a missing type added to a hash as a symbol key',
    language: 'ruby',
    source: `HTTP.post("http://h/api/mapobjects/", json: { ${RB_BOX} })\n`,
    code: 'missingfield',
    title: 'Add "type"',
    fixed: `HTTP.post("http://h/api/mapobjects/", json: { ${RB_BOX}, type: "bones" })\n`,
  },
  {
    name: 'a misspelled symbol key renamed bare',
    language: 'ruby',
    source: `HTTP.post("http://h/api/mapobjects/", json: { ${RB_BOX}, typ: "bones" })\n`,
    code: 'unknownfield',
    title: 'Change to "type"',
    fixed: `HTTP.post("http://h/api/mapobjects/", json: { ${RB_BOX}, type: "bones" })\n`,
  },
  {
    name: 'a limit added to mapOf as a `to` pair',
    language: 'kotlin',
    source: `suspend fun f() {\n    client.post("http://h/api/mapobjects/") { setBody(mapOf(${KT_WORLD}, "type" to "bones")) }\n}\n`,
    code: 'regiontoolarge',
    title: 'Add "limit"',
    fixed: `suspend fun f() {\n    client.post("http://h/api/mapobjects/") { setBody(mapOf(${KT_WORLD}, "type" to "bones", "limit" to 10000)) }\n}\n`,
  },
  {
    name: 'a missing type added to an anonymous object as a member',
    language: 'csharp',
    source: `class A {\n  async Task F() {\n    await http.PostAsJsonAsync("http://h/api/mapobjects/", new { pos1 = new { x = -1, y = 0, z = -1 }, pos2 = new { x = 1, y = 0, z = 1 } });\n  }\n}\n`,
    code: 'missingfield',
    title: 'Add "type"',
    fixed: `class A {\n  async Task F() {\n    await http.PostAsJsonAsync("http://h/api/mapobjects/", new { pos1 = new { x = -1, y = 0, z = -1 }, pos2 = new { x = 1, y = 0, z = 1 }, type = "bones" });\n  }\n}\n`,
  },
];

/** Queries with a diagnostic whose fix cannot be written safely in the host: no fix of that kind. */
const NO_FIX: Array<{ name: string; language: string; source: string; code: string }> = [
  {
    name: 'JSON escaped in a double-quoted string (\\" in the host)',
    language: 'javascript',
    source: `fetch("api/mapobjects/", {method: "POST", body: "{\\"pos1\\":{\\"x\\":-10,\\"y\\":-2,\\"z\\":-10},\\"pos2\\":{\\"x\\":10,\\"y\\":2,\\"z\\":10},\\"type\\":\\"bone\\"}"});\n`,
    code: 'unknowntype',
  },
  {
    name: 'JSON in a C# verbatim string (its quotes doubled in the host)',
    language: 'csharp',
    source: `class A {\n  async Task F() {\n    await http.PostAsync("http://h/api/mapobjects/", new StringContent(@"{""pos1"":{""x"":-1,""y"":0,""z"":-1},""pos2"":{""x"":1,""y"":0,""z"":1},""type"":""bone""}"));\n  }\n}\n`,
    code: 'unknowntype',
  },
  {
    name: 'a type written by concatenation',
    language: 'javascript',
    source: FETCH(`{${BOX}, type: "bo" + "ne"}`),
    code: 'unknowntype',
  },
  {
    name: 'an ignored field next to a spread is not removed (the spread would go with it)',
    language: 'javascript',
    source: FETCH(`{${BOX}, type: "bones", ...extra, colour: "red"}`),
    code: 'unknownfield',
  },
];

async function checkFix(c: FixCase): Promise<void> {
  assert.deepEqual(await syntaxErrors(c.language, c.source), [], 'the source parses');
  const { document, parsed, diagnostics } = await opened(c.language, c.source);
  const diagnostic = diagnostics.find((d) => d.code === c.code);
  assert.ok(diagnostic, `no ${c.code} in ${JSON.stringify(diagnostics.map((d) => d.code))}`);
  const actions = service.doCodeActions(document, parsed, diagnostic.range, [diagnostic], {}) as CodeAction[];
  const fix = actions.find((a) => a.title.startsWith(c.title));
  assert.ok(fix, `no fix "${c.title}" among ${JSON.stringify(actions.map((a) => a.title))}`);
  assert.deepEqual(fix.diagnostics, [diagnostic]);
  const fixed = TextDocument.applyEdits(document, fix.edit!.changes![document.uri]);
  assert.equal(fixed, c.fixed);
  assert.deepEqual(await syntaxErrors(c.language, fixed), [], 'the fixed file parses without an error node');
  const after = await opened(c.language, fixed);
  assert.ok(!after.diagnostics.some((d) => d.code === c.code && d.message === diagnostic.message), `still there: ${diagnostic.message}`);
}

/** The semantic tokens of a host text as `type text`, in order. */
async function tokensOf(language: string, text: string): Promise<string[]> {
  const { document, parsed } = await opened(language, text);
  const lines = text.split('\n');
  return decodeTokens(service.getSemanticTokens(document, parsed), SEMANTIC_TOKENS_LEGEND).map(
    (t) => `${t.type} ${lines[t.line].slice(t.character, t.character + t.length)}`,
  );
}

describe('map queries posted from source code: quick fixes and semantic tokens', function () {
  this.timeout(60000);
  describe('a fix writes valid code of the host language and repairs the query', () => {
    for (const c of FIXES) it(`${c.language}: ${c.name}`, () => checkFix(c));
  });

  describe('no fix where it cannot be written safely', () => {
    for (const c of NO_FIX)
      it(`${c.language}: ${c.name}`, async () => {
        const { document, parsed, diagnostics } = await opened(c.language, c.source);
        const mine = diagnostics.filter((d) => d.code === c.code);
        assert.equal(mine.length, 1, JSON.stringify(diagnostics.map((d) => d.code)));
        const whole = { start: { line: 0, character: 0 }, end: document.positionAt(c.source.length) };
        const actions = service.doCodeActions(document, parsed, whole, mine, {}) as CodeAction[];
        assert.deepEqual(
          actions.map((a) => a.title),
          [],
        );
      });
  });

  it('one fix for both corners in node coordinates, offered once for the two diagnostics', async () => {
    const source = FETCH(`{pos1: {x: -16000, y: 0, z: 0}, pos2: {x: 16000, y: 16, z: 16}, type: "bones"}`);
    const { document, parsed, diagnostics } = await opened('javascript', source);
    const whole = { start: { line: 0, character: 0 }, end: document.positionAt(source.length) };
    const actions = service.doCodeActions(document, parsed, whole, diagnostics, {}) as CodeAction[];
    assert.equal(actions.length, 1, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(actions[0].diagnostics?.length, 2);
  });

  it('tokens: fields, coordinates and a known type at the host characters; none on a run-time value', async () => {
    assert.deepEqual(await tokensOf('javascript', FETCH(`{pos1: {x: -1, y: 0, z: 1}, pos2: corner, type: 'bones', colour: 1}`)), [
      'property pos1',
      'property x',
      'number -1',
      'property y',
      'number 0',
      'property z',
      'number 1',
      'property pos2',
      'property type',
      "enumMember 'bones'",
      'variable colour',
      'number 1',
    ]);
  });

  it('tokens: JSON in a shell string, and a wiki request beside it keeps its own', async () => {
    const text = CURL(`{"type":"poi","limit":5}`) + `curl "https://en.wikipedia.org/w/api.php?action=query&list=allpages"\n`;
    assert.deepEqual(await tokensOf('shellscript', text), [
      'property "type"',
      'enumMember "poi"',
      'property "limit"',
      'number 5',
      ...(await tokensOf('shellscript', text.slice(text.indexOf('\n') + 1))),
    ]);
  });
});
