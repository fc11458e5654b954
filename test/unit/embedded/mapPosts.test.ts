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
const PHP_BOX = `'pos1' => ['x' => -10, 'y' => -2, 'z' => -10], 'pos2' => ['x' => 10, 'y' => 2, 'z' => 10]`;
const RB_BOX = `pos1: { x: -10, y: -2, z: -10 }, pos2: { x: 10, y: 2, z: 10 }`;

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
  {
    name: 'PHP Guzzle json option: an unknown type and a float coordinate (json_encode keeps 1.5)',
    language: 'php',
    source: `<?php\n$client->post('http://h/api/mapobjects/', ['json' => ['pos1' => ['x' => -10, 'y' => ⟦1.5⟧, 'z' => -10], 'pos2' => ['x' => 10, 'y' => 2, 'z' => 10], 'type' => ⟦'bone'⟧]]);\n`,
    codes: ['notinteger', 'unknowntype'],
    form: 'array',
  },
  {
    name: 'PHP body => json_encode([...]) with the URL in an interpolated string: a misspelled field',
    language: 'php',
    source: `<?php\n$r = $client->request('POST', "$base/api/mapobjects/", ['body' => json_encode([${PHP_BOX}, ⟦'tpye'⟧ => 'bones', 'type' => 'bones'])]);\n`,
    codes: ['unknownfield'],
    form: 'array',
  },
  {
    name: 'PHP Laravel Http::post sends its array as JSON',
    language: 'php',
    source: `<?php\n$r = Http::post($base . '/api/mapobjects/', [${PHP_BOX}, 'type' => 'bones', 'limit' => ⟦0⟧]);\n`,
    codes: ['badlimit'],
    form: 'array',
  },
  {
    name: 'Go http.Post with a raw-string JSON body in strings.NewReader',
    language: 'go',
    source: `package main\n\nfunc f() {\n\thttp.Post(base+"/api/mapobjects/", "application/json", strings.NewReader(\`{${JSON_BOX},"type":⟦"bone"⟧}\`))\n}\n`,
    codes: ['unknowntype'],
    form: 'json',
  },
  {
    name: 'Go http.NewRequest with bytes.NewBuffer([]byte(`…`)): node coordinates',
    language: 'go',
    source: `package main\n\nfunc f() {\n\treq, _ := http.NewRequest("POST", "http://h/api/mapobjects/", bytes.NewBuffer([]byte(\`{"pos1":⟦{"x":-16000,"y":0,"z":0}⟧,"pos2":⟦{"x":16000,"y":1,"z":1}⟧,"type":"bones"}\`)))\n\t_ = req\n}\n`,
    codes: ['nodecoordinates', 'nodecoordinates'],
    form: 'json',
  },
  {
    name: 'Ruby Net::HTTP.post(URI(…), {…}.to_json): symbol keys, an unknown type',
    language: 'ruby',
    source: `Net::HTTP.post(URI("#{base}/api/mapobjects/"), { ${RB_BOX}, type: ⟦"bone"⟧ }.to_json, "Content-Type" => "application/json")\n`,
    codes: ['unknowntype'],
    form: 'hash',
  },
  {
    name: 'Ruby HTTParty body: JSON.generate({…}): an inverted box',
    language: 'ruby',
    source: `HTTParty.post("http://h/api/mapobjects/", body: JSON.generate({ ⟦pos1⟧: { x: 10, y: -2, z: -10 }, pos2: { x: -10, y: 2, z: 10 }, "type" => "bones" }), headers: {})\n`,
    codes: ['invertedbox'],
    form: 'hash',
  },
  {
    name: 'Ruby http.rb json: {…}: nil for the limit',
    language: 'ruby',
    source: `HTTP.post(base + "/api/mapobjects/", json: { ${RB_BOX}, type: "bones", limit: ⟦nil⟧ })\n`,
    codes: ['nullvalue'],
    form: 'hash',
  },
  {
    name: 'Java HttpRequest builder: URI.create(url) and BodyPublishers.ofString(JSON) in the chain',
    language: 'java',
    source: `class A {\n  void f() {\n    HttpRequest r = HttpRequest.newBuilder(URI.create(base + "/api/mapobjects/")).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\\"pos1\\":{\\"x\\":-1,\\"y\\":0,\\"z\\":-1},\\"pos2\\":{\\"x\\":1,\\"y\\":0,\\"z\\":1},\\"type\\":\\"bones\\",\\"limit\\":⟦-5⟧}")).build();\n  }\n}\n`,
    codes: ['badlimit'],
    form: 'json',
  },
  {
    name: 'Java HttpRequest builder: the JSON in a text block',
    language: 'java',
    source: `class A {\n  HttpRequest r = HttpRequest.newBuilder(URI.create(base + "/api/mapobjects/"))\n      .POST(HttpRequest.BodyPublishers.ofString("""\n          {"pos1": {"x": -1, "y": 0, "z": -1}, "pos2": {"x": 1, "y": 0, "z": 1}, "type": ⟦"bone"⟧}\n          """)).build();\n}\n`,
    codes: ['unknowntype'],
    form: 'json',
  },
  {
    name: 'Java Spring postForObject(url, Map.of(…)): a misspelled field',
    language: 'java',
    source: `class A {\n  void f() {\n    rest.postForObject("http://h/api/mapobjects/", Map.of("pos1", Map.of("x", -1, "y", 0, "z", -1), "pos2", Map.of("x", 1, "y", 0, "z", 1), "type", "bones", ⟦"lmit"⟧, 5), String.class);\n  }\n}\n`,
    codes: ['unknownfield'],
    form: 'map',
  },
  {
    name: 'Java OkHttp: RequestBody.create(JSON, type) in the chain',
    language: 'java',
    source: `class A {\n  void f() {\n    Request q = new Request.Builder().url("http://h/api/mapobjects/").post(RequestBody.create("{\\"pos1\\": {\\"x\\": -1, \\"y\\": 0, \\"z\\": -1}, \\"pos2\\": {\\"x\\": 1, \\"y\\": 0, \\"z\\": 1}, \\"type\\": ⟦\\"bone\\"⟧}", JSON)).build();\n  }\n}\n`,
    codes: ['unknowntype'],
    form: 'json',
  },
  {
    name: 'Kotlin Ktor post { setBody(mapOf(…)) }: a negative limit',
    language: 'kotlin',
    source: `suspend fun f() {\n    client.post("$base/api/mapobjects/") { contentType(ContentType.Application.Json); setBody(mapOf("pos1" to mapOf("x" to -1, "y" to 0, "z" to -1), "pos2" to mapOf("x" to 1, "y" to 0, "z" to 1), "type" to "bones", "limit" to ⟦-5⟧)) }\n}\n`,
    codes: ['badlimit'],
    form: 'map',
  },
  {
    name: 'Kotlin OkHttp: a raw string .toRequestBody() in the chain',
    language: 'kotlin',
    source: `fun f() {\n    val r = Request.Builder().url("http://h/api/mapobjects/").post("""{${JSON_BOX},"type":⟦"bone"⟧}""".toRequestBody(JSON)).build()\n}\n`,
    codes: ['unknowntype'],
    form: 'json',
  },
  {
    name: 'C# PostAsJsonAsync(url, new {…}): an anonymous object',
    language: 'csharp',
    source: `class A {\n  async Task F() {\n    await http.PostAsJsonAsync(baseUrl + "/api/mapobjects/", new { pos1 = new { x = -10, y = -2, z = -10 }, pos2 = new { x = 10, y = 2, z = 10 }, type = ⟦"bone"⟧ });\n  }\n}\n`,
    codes: ['unknowntype'],
    form: 'object',
  },
  {
    name: 'C# PostAsync with new StringContent(verbatim JSON)',
    language: 'csharp',
    source: `class A {\n  async Task F() {\n    await http.PostAsync($"{b}/api/mapobjects/", new StringContent(@"{""pos1"":{""x"":-1,""y"":0,""z"":-1},""pos2"":{""x"":1,""y"":0,""z"":1},""type"":""bones"",""limit"":⟦0⟧}", Encoding.UTF8, "application/json"));\n  }\n}\n`,
    codes: ['badlimit'],
    form: 'json',
  },
  {
    name: 'JavaScript: the URL in a const (`const url = base + "/api/mapobjects/"; fetch(url, …)`)',
    language: 'javascript',
    source: `const url = base + "/api/mapobjects/";\nfetch(url, {method: "POST", body: JSON.stringify({${BOX}, type: ⟦"bone"⟧})});\n`,
    codes: ['unknowntype'],
    form: 'object',
  },
  {
    name: 'Python: the URL in a module constant',
    language: 'python',
    source: `MAP_URL = f"{BASE}/api/mapobjects/"\n\ndef bones():\n    return requests.post(MAP_URL, json={${PY_BOX}, "type": ⟦"bone"⟧})\n`,
    codes: ['unknowntype'],
    form: 'dict',
  },
  {
    name: 'Lua: the URL in a local',
    language: 'lua',
    source: `local url = base .. "/api/mapobjects/"\nhttp.fetch({url = url, data = minetest.write_json({${LUA_BOX}, type = ⟦"bone"⟧})}, cb)\n`,
    codes: ['unknowntype'],
    form: 'table',
  },
  {
    name: 'PHP: the URL in a variable',
    language: 'php',
    source: `<?php\n$url = $base . '/api/mapobjects/';\n$client->post($url, ['json' => [${PHP_BOX}, 'type' => ⟦'bone'⟧]]);\n`,
    codes: ['unknowntype'],
    form: 'array',
  },
  {
    name: 'C#: the URL in a var',
    language: 'csharp',
    source: `class A {\n  async Task F() {\n    var url = baseUrl + "/api/mapobjects/";\n    await http.PostAsJsonAsync(url, new { pos1 = new { x = -10, y = -2, z = -10 }, pos2 = new { x = 10, y = 2, z = 10 }, type = ⟦"bone"⟧ });\n  }\n}\n`,
    codes: ['unknowntype'],
    form: 'object',
  },
  {
    name: 'JavaScript: a helper that posts its parameter, called with an object',
    language: 'javascript',
    source: `const URL = "api/mapobjects/";\nfunction postMapObjects(q) {\n  return fetch(URL, {method: "POST", body: JSON.stringify(q)}).then((r) => r.json());\n}\npostMapObjects({${BOX}, type: ⟦"bone"⟧});\n`,
    codes: ['unknowntype'],
    form: 'object',
  },
  {
    name: 'TypeScript: an arrow helper with axios, called as a method of a module',
    language: 'typescript',
    source: `export const search = (server: string, query: object) => axios.post(\`\${server}/api/mapobjects/\`, query);\napi.search(base, {${BOX}, type: "bones", limit: ⟦0⟧});\n`,
    codes: ['badlimit'],
    form: 'object',
  },
  {
    name: 'Python: a method that posts its parameter, called on self',
    language: 'python',
    source: `class Map:\n    def objects(self, query):\n        return self.session.post(self.base + "/api/mapobjects/", json=query)\n\n    def bones(self):\n        return self.objects({${PY_BOX}, "type": ⟦"bone"⟧})\n`,
    codes: ['unknowntype'],
    form: 'dict',
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
    name: 'PHP: a WordPress body array is sent as a form, not JSON',
    language: 'php',
    source: `<?php\nwp_remote_post('http://h/api/mapobjects/', ['body' => ['type' => 'bone']]);\n`,
    requests: 0,
  },
  {
    name: 'PHP Guzzle form_params: a form, not JSON',
    language: 'php',
    source: `<?php\n$client->post('http://h/api/mapobjects/', ['form_params' => ['type' => 'bone']]);\n`,
    requests: 0,
  },
  {
    name: 'Go: the body is a variable',
    language: 'go',
    source: `package main\n\nfunc f(body []byte) {\n\thttp.Post(base+"/api/mapobjects/", "application/json", bytes.NewReader(body))\n}\n`,
    requests: 0,
  },
  {
    name: 'Ruby: a hash given as a form (Net::HTTP.post_form)',
    language: 'ruby',
    source: `Net::HTTP.post_form(URI("http://h/api/mapobjects/"), { "type" => "bone" })\n`,
    requests: 0,
  },
  {
    name: 'Java: JSON posted to another path of the server',
    language: 'java',
    source: `class A {\n  void f() {\n    rest.postForObject("http://h/api/objects/", Map.of("type", "bone"), String.class);\n  }\n}\n`,
    requests: 0,
  },
  {
    name: 'C#: an anonymous object given to PostAsync is no body (it needs HttpContent)',
    language: 'csharp',
    source: `class A {\n  async Task F() {\n    await http.PostAsync("http://h/api/mapobjects/", new { type = "bone" });\n  }\n}\n`,
    requests: 0,
  },
  {
    name: 'Kotlin: a map given to a call that is not a sender',
    language: 'kotlin',
    source: `fun f() {\n    log("http://h/api/mapobjects/", mapOf("type" to "bone"))\n}\n`,
    requests: 0,
  },
  {
    name: 'a URL variable bound to another path as well',
    language: 'javascript',
    source: `let url = base + "/api/mapobjects/";\nif (other) url = base + "/api/objects/";\nfetch(url, {method: "POST", body: JSON.stringify({type: "bone"})});\n`,
    requests: 0,
  },
  {
    name: 'a parameter of the same name as the URL constant',
    language: 'javascript',
    source: `const url = "api/mapobjects/";\nfunction send(url) {\n  return fetch(url, {method: "POST", body: JSON.stringify({type: "bone"})});\n}\n`,
    requests: 0,
  },
  {
    name: 'a helper called with a variable',
    language: 'javascript',
    source: `function postMapObjects(q) {\n  return fetch("api/mapobjects/", {method: "POST", body: JSON.stringify(q)});\n}\npostMapObjects(query);\n`,
    requests: 0,
  },
  {
    name: 'a helper of another path',
    language: 'python',
    source: `def post(q):\n    return requests.post(BASE + "/api/objects/", json=q)\n\npost({"type": "bone"})  # api/mapobjects is elsewhere\n`,
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
