/**
 * Map-object queries posted from source code to `…/api/mapobjects/`, per language and form: the map
 * service's diagnostics land on exactly the host characters `⟦…⟧` marks; values known only at run
 * time are never judged; calls to other paths, bodies built elsewhere and bodies that are not JSON get nothing.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent, TextEdit } from 'vscode-languageserver-types';
import { checkSource, diagnosticsOf, map, marked, parsers, wiki } from './helpers';
import { inventoryParams } from '../../../server/src/service/embedded/embeddedCheck';
import { getEmbeddedLanguageService, type EmbeddedDocument } from '../../../server/src/service/embedded/embeddedLanguageService';
import { hostLanguage } from '../../../server/src/service/embedded/hostLanguages';

const service = getEmbeddedLanguageService({ wiki, map, find: (text, lang) => parsers.findLoaded(text, lang) });

/** The editor's view of a host text with `|` at the cursor: the document, its parse and the cursor offset. */
async function opened(language: string, withCursor: string): Promise<{ document: TextDocument; parsed: EmbeddedDocument; offset: number }> {
  const offset = withCursor.indexOf('|');
  const text = withCursor.slice(0, offset) + withCursor.slice(offset + 1);
  await parsers.prepare(hostLanguage(language)!);
  const document = TextDocument.create(`file:///home/user/map/client.${language}`, language, 1, text);
  return { document, parsed: service.parse(document), offset };
}

function applied(document: TextDocument, edit: TextEdit): string {
  return TextDocument.applyEdits(document, [edit]);
}

interface Case {
  name: string;
  language: string;
  source: string;
  /** The code of each marked range, in source order. */
  codes: string[];
  /** The form the finder gives the query. */
  form: string;
}

const BOX = `pos1: {x: -10, y: -2, z: -10}, pos2: {x: 10, y: 2, z: 10}`;
const PY_BOX = `"pos1": {"x": -10, "y": -2, "z": -10}, "pos2": {"x": 10, "y": 2, "z": 10}`;
const LUA_BOX = `pos1 = {x = -10, y = -2, z = -10}, pos2 = {x = 10, y = 2, z = 10}`;
const JSON_BOX = `"pos1":{"x":-10,"y":-2,"z":-10},"pos2":{"x":10,"y":2,"z":10}`;

const FOUND: Case[] = [
  {
    name: 'JavaScript fetch with JSON.stringify, a relative URL as the mapserver web client writes it: an unknown type',
    language: 'javascript',
    source: `fetch("api/mapobjects/", {method: "POST", body: JSON.stringify({${BOX}, type: ⟦"bone"⟧})});\n`,
    codes: ['unknowntype'],
    form: 'object',
  },
  {
    name: 'JavaScript fetch: a float coordinate is an HTTP 500',
    language: 'javascript',
    source: `fetch(base + "/api/mapobjects/", {method: "POST", body: JSON.stringify({pos1: {x: -10, y: ⟦1.5⟧, z: -10}, pos2: {x: 10, y: 2, z: 10}, type: "bones"})});\n`,
    codes: ['notinteger'],
    form: 'object',
  },
  {
    name: 'JavaScript axios.post(url, object): an inverted box; the type known only at run time is not judged',
    language: 'javascript',
    source: `axios.post(\`\${server}/api/mapobjects/\`, {⟦pos1⟧: {x: 10, y: -2, z: -10}, pos2: {x: -10, y: 2, z: 10}, type: kind});\n`,
    codes: ['invertedbox'],
    form: 'object',
  },
  {
    name: 'JavaScript axios config object with url and data: a misspelled field',
    language: 'javascript',
    source: `axios({method: "post", url: "https://map.example.net/api/mapobjects/", data: {${BOX}, ⟦tpye⟧: "bones", type: "bones"}});\n`,
    codes: ['unknownfield'],
    form: 'object',
  },
  {
    name: 'TypeScript fetch with a JSON string body and a template hole in a value',
    language: 'typescript',
    source: `await fetch(\`\${base}/api/mapobjects/\`, { method: 'POST', body: \`{${JSON_BOX},"type":"\${kind}","limit":⟦0⟧}\` });\n`,
    codes: ['badlimit'],
    form: 'json',
  },
  {
    name: 'Python requests.post json= dict: True for the type, None for the limit',
    language: 'python',
    source: `import requests\nrequests.post(URL + "/api/mapobjects/", json={${PY_BOX}, "type": ⟦True⟧, "limit": ⟦None⟧})\n`,
    codes: ['typenotstring', 'nullvalue'],
    form: 'dict',
  },
  {
    name: 'Python data=json.dumps(dict): a float is written 10.0 and is an HTTP 500',
    language: 'python',
    source: `import json, requests\nrequests.post(f"{base}/api/mapobjects/", data=json.dumps({"pos1": {"x": ⟦-10.0⟧, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "poi"}))\n`,
    codes: ['notinteger'],
    form: 'dict',
  },
  {
    name: 'Lua http.fetch with minetest.write_json: an unknown type',
    language: 'lua',
    source: `local http = minetest.request_http_api()\nhttp.fetch({url = base .. "/api/mapobjects/", method = "POST", data = minetest.write_json({${LUA_BOX}, type = ⟦"bonez"⟧})}, function(res) end)\n`,
    codes: ['unknowntype'],
    form: 'table',
  },
  {
    name: 'Lua core.write_json with node coordinates instead of map blocks',
    language: 'lua',
    source: `http.fetch_async({url = "http://127.0.0.1:8080/api/mapobjects/", data = core.write_json({pos1 = ⟦{x = -16000, y = 0, z = 0}⟧, pos2 = ⟦{x = 16000, y = 1, z = 1}⟧, type = "bones"})})\n`,
    codes: ['nodecoordinates', 'nodecoordinates'],
    form: 'table',
  },
  {
    name: 'shell curl -d JSON: a misspelled field, so the type is missing',
    language: 'shellscript',
    source: `curl -X POST -H 'Content-Type: application/json' -d '⟦{⟧${JSON_BOX},⟦"typ"⟧:"bones"}' "$BASE/api/mapobjects/"\n`,
    codes: ['missingfield', 'unknownfield'],
    form: 'json',
  },
];

const SILENT: Array<{ name: string; language: string; source: string; requests: number }> = [
  {
    name: 'a corner known only at run time: nothing about the box',
    language: 'javascript',
    source: `fetch("api/mapobjects/", {method: "POST", body: JSON.stringify({pos1: start, pos2: {x: -10, y: 2, z: 10}, type: "bones"})});\n`,
    requests: 1,
  },
  {
    name: 'a spread: no field is missing',
    language: 'javascript',
    source: `fetch("api/mapobjects/", {method: "POST", body: JSON.stringify({...box, type: "bones"})});\n`,
    requests: 1,
  },
  {
    name: 'Python **kwargs-like dict unpacking: no field is missing',
    language: 'python',
    source: `requests.post(API + "/api/mapobjects/", json={**box, "type": "bones"})\n`,
    requests: 1,
  },
  {
    name: 'the mapserver web client: the body is a variable',
    language: 'javascript',
    source: `export function getMapObjects(q) {\n  return fetch("api/mapobjects/", { method: "POST", body: JSON.stringify(q) }).then((r) => r.json());\n}\n`,
    requests: 0,
  },
  {
    name: 'another path of the same server',
    language: 'javascript',
    source: `fetch("api/objects/", {method: "POST", body: JSON.stringify({type: "bone"})}); // not api/mapobjects\n`,
    requests: 0,
  },
  {
    name: 'a longer path that merely starts alike',
    language: 'javascript',
    source: `fetch("/api/mapobjects/export", {method: "POST", body: JSON.stringify({type: "bone"})});\n`,
    requests: 0,
  },
  {
    name: 'an object given to fetch as body is not JSON (it is sent as [object Object])',
    language: 'javascript',
    source: `fetch("api/mapobjects/", {method: "POST", body: {type: "bone"}});\n`,
    requests: 0,
  },
  {
    name: 'Python data= dict is sent as a form, not JSON',
    language: 'python',
    source: `requests.post(API + "/api/mapobjects/", data={"type": "bone"})\n`,
    requests: 0,
  },
  {
    name: 'a Lua data table is sent as a form, not JSON',
    language: 'lua',
    source: `http.fetch({url = "http://h/api/mapobjects/", data = {type = "bone"}}, cb)\n`,
    requests: 0,
  },
  {
    name: 'a GET of the path without a body',
    language: 'javascript',
    source: `fetch("api/mapobjects/").then((r) => r.json());\n`,
    requests: 0,
  },
];

describe('map queries posted from source code', () => {
  for (const c of FOUND)
    it(`${c.language}: ${c.name}`, async () => {
      const { text, ranges } = marked(c.source);
      assert.deepEqual(await diagnosticsOf(c.language, text), ranges.map(([s, e], i) => `${c.codes[i]} ${s}-${e}`).sort());
      const { checked } = await checkSource(c.language, text);
      const posted = checked.filter((r) => r.service === 'map');
      assert.equal(posted.length, 1);
      assert.equal(posted[0].request.form, c.form);
      assert.equal(posted[0].confidence, 'high');
    });

  for (const c of SILENT)
    it(`${c.language}: ${c.name}`, async () => {
      const { checked } = await checkSource(c.language, c.source);
      const posted = checked.filter((r) => r.service === 'map');
      assert.equal(posted.length, c.requests);
      assert.deepEqual(
        checked.flatMap((r) => r.diagnostics),
        [],
      );
    });

  it('the same query twice in a row is read the same (no state kept between files)', async () => {
    const c = FOUND[7];
    const { text } = marked(c.source);
    const first = await diagnosticsOf(c.language, text);
    assert.deepEqual(await diagnosticsOf(c.language, text), first);
  });

  it('the inventory lists each field as written, a value known only at run time as null', async () => {
    const { checked } = await checkSource(
      'javascript',
      `axios.post("/api/mapobjects/", {pos1: {x: -1, y: 0, z: 1}, pos2: corner, type: "bones", limit: 50});\n`,
    );
    assert.deepEqual(inventoryParams(checked[0]), { pos1: '{"x":-1,"y":0,"z":1}', pos2: null, type: 'bones', limit: '50' });
  });

  it('a file that names api/mapobjects but also MediaWiki keeps both checks apart', async () => {
    const { checked } = await checkSource(
      'javascript',
      `new mw.Api().get({ action: 'query', list: 'allpages', aplimt: 5 });\nfetch("api/mapobjects/", {method: "POST", body: JSON.stringify({${BOX}, type: "bone"})});\n`,
    );
    assert.deepEqual(
      checked.map((c) => `${c.service} ${c.diagnostics.map((d) => d.code).join(',')}`),
      ['wiki unrecognizedparams', 'map unknowntype'],
    );
  });

  it('editor: the diagnostics of a posted query in a file that names no MediaWiki API', async () => {
    const { document, parsed } = await opened(
      'javascript',
      `fetch("api/mapobjects/", {method: "POST", body: JSON.stringify({${BOX}, type: "bone"})});|\n`,
    );
    assert.equal(parsed.served, true);
    const diagnostics = service.doValidation(document, parsed, {});
    assert.deepEqual(
      diagnostics.map((d) => [d.code, document.getText(d.range)]),
      [['unknowntype', '"bone"']],
    );
  });

  it('editor: completion of a type inside the host string, written bare between its quotes', async () => {
    const { document, parsed, offset } = await opened(
      'javascript',
      `fetch("api/mapobjects/", {method: "POST", body: JSON.stringify({${BOX}, type: "bo|"})});\n`,
    );
    const list = service.doComplete(document, parsed, offset, {});
    const item = list.items.find((i) => i.label === 'bones');
    assert.ok(item, list.items.map((i) => i.label).join(' '));
    assert.match(applied(document, item.textEdit as TextEdit), /type: "bones"\}\)/);
  });

  it('editor: completion of a field name being typed as a Python dict key', async () => {
    const { document, parsed, offset } = await opened('python', `requests.post(API + "/api/mapobjects/", json={${PY_BOX}, "ty|"})\n`);
    const list = service.doComplete(document, parsed, offset, {});
    const item = list.items.find((i) => i.label === 'type');
    assert.ok(item, list.items.map((i) => i.label).join(' '));
    assert.match(applied(document, item.textEdit as TextEdit), /, "type"\}\)/);
  });

  it('editor: hover on a field of a Lua table explains it, at the key', async () => {
    const { document, parsed, offset } = await opened(
      'lua',
      `http.fetch({url = "http://h/api/mapobjects/", data = minetest.write_json({${LUA_BOX}, ty|pe = "bones"})})\n`,
    );
    const hover = service.doHover(document, parsed, offset, {});
    assert.ok(hover);
    assert.match((hover.contents as MarkupContent).value, /bones|type/i);
    assert.equal(document.getText(hover.range!), 'type');
  });

  describe('real files (test/fixtures/embedded-corpus/mapserver, sources in SOURCES)', () => {
    const real = (name: string) => fs.readFileSync(path.resolve(__dirname, '../../fixtures/embedded-corpus/mapserver', name), 'utf8');

    it("the mapserver documentation's curl example: one map query, the whole world without a limit", async () => {
      const { document, checked } = await checkSource('shellscript', real('api-example.sh'));
      assert.deepEqual(
        checked.map((c) => `${c.service} ${c.request.form} ${c.confidence}`),
        ['map json high'],
      );
      assert.deepEqual(
        checked[0].diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}`),
        ['regiontoolarge 3'],
      );
      assert.equal(document.getText(checked[0].diagnostics[0].range), '"pos2"');
    });

    it("the mapserver web client: the body is the function's parameter, nothing is read", async () => {
      const { checked } = await checkSource('javascript', real('api.js'));
      assert.deepEqual(checked, []);
    });
  });
});
