/**
 * Map-object queries posted from source code: a call that sends a JSON body to a URL whose path ends
 * in `api/mapobjects/` (the Luanti mapserver's object query). Read where the URL is written in the call:
 *
 * - JavaScript/TypeScript: `fetch(url, {method: 'POST', body: JSON.stringify({…})})` (or a JSON string),
 *   `axios.post(url, {…})`, and one config object with `url` and `data`/`body` (`axios({…})`, `$.ajax({…})`);
 * - Python: `requests.post(url, json={…})` / `data=json.dumps({…})` / `data='{…}'` (httpx and sessions alike);
 * - Lua: `http.fetch({url = …, data = minetest.write_json({…})}, …)` (Luanti's HTTP API; `post_data` too);
 * - shell: `curl -d '{…}' …/api/mapobjects/` (`--data…`, `--json`).
 *
 * Precision: nothing without that path written in the call; a body the call builds elsewhere
 * (a variable) is not read; an object given to `fetch`'s `body` or a Lua `data` table is not JSON
 * (it is sent as `[object Object]` / a form), so it is not read as a query either.
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import type { OffsetRange } from '../languageTypes';
import { decodeExpression, isConcatNode, isStringNode } from './hostStrings';
import { keyName, pairParts } from './objectEntries';
import { objectBody, stringBody, type MapBody } from './mapBodies';
import { POST_CALL_TYPES, typedPostOf } from './mapPostCalls';
import { isMapUrlName, MAP_PATH } from './mapUrlNames';
import { wrapperArgument } from './mapWrappers';

/** A query body posted to the map server. */
export interface MapPost {
  range: OffsetRange;
  body: MapBody;
  /** How the body is written: `json` (a string), or the host's object form. */
  form: 'json' | 'object' | 'dict' | 'table' | 'array' | 'hash' | 'map';
}

/** Callees that write their argument as JSON. */
const JSON_WRITERS = /^(?:JSON\s*\.\s*stringify|json\s*\.\s*dumps|(?:minetest|core)\s*\.\s*write_json)$/;

/** Keys of a fetch/axios options object: an object with one of them is options, not the data. */
const OPTION_KEYS = new Set(['method', 'headers', 'mode', 'credentials', 'cache', 'signal', 'timeout', 'params', 'responseType']);

const OBJECT_FORMS: Record<string, MapPost['form']> = { object: 'object', dictionary: 'dict', table_constructor: 'table' };

/** Whether a file names the map server's object query (the prefilter and the editor's rule for map queries). */
export function namesMapServer(text: string): boolean {
  return text.includes('api/mapobjects');
}

function named(node: Node | null | undefined): Node[] {
  return (node?.namedChildren ?? []).filter((k): k is Node => !!k && k.type !== 'comment');
}

function isMapUrl(node: Node | undefined, lang: HostLanguage, host: string): boolean {
  if (node && isMapUrlName(node, lang, host)) return true;
  if (!node || !(isStringNode(node, lang) || isConcatNode(node, lang))) return false;
  return MAP_PATH.test(decodeExpression(node, lang, host).text);
}

/** The value of the first of `keys` an object (dict, table) gives, with the key it was found under. */
function property(node: Node, keys: readonly string[], lang: HostLanguage, host: string): { key: string; value: Node } | undefined {
  for (const kid of named(node)) {
    const parts = pairParts(kid, lang);
    const name = parts?.[0] && keyName(parts[0], lang, host)?.text;
    if (name && parts?.[1] && keys.includes(name)) return { key: name, value: parts[1] };
  }
  return undefined;
}

function hasOptionKey(node: Node, lang: HostLanguage, host: string): boolean {
  return named(node).some((kid) => {
    const key = pairParts(kid, lang)?.[0];
    return !!key && OPTION_KEYS.has(keyName(key, lang, host)?.text ?? '');
  });
}

/** A body value: JSON written by `JSON.stringify`/`json.dumps`/`write_json`, a JSON string, or (where the client sends objects as JSON) an object. */
function bodyOf(
  value: Node | undefined,
  lang: HostLanguage,
  host: string,
  objectIsJson: boolean,
): Pick<MapPost, 'body' | 'form'> | undefined {
  if (!value) return undefined;
  const t = value.type;
  if (t === 'call_expression' || t === 'call' || t === 'function_call') {
    const callee = value.childForFieldName('function') ?? value.childForFieldName('name');
    const arg = named(value.childForFieldName('arguments'))[0];
    if (!callee || !JSON_WRITERS.test(callee.text) || !arg || !(arg.type in OBJECT_FORMS)) return undefined;
    return { body: objectBody(arg, lang, host), form: OBJECT_FORMS[arg.type] };
  }
  if (isStringNode(value, lang) || isConcatNode(value, lang)) {
    const body = stringBody(value, lang, host);
    return /^\s*[{[]/.test(body.json.text) ? { body, form: 'json' } : undefined;
  }
  if (objectIsJson && t in OBJECT_FORMS) return { body: objectBody(value, lang, host), form: OBJECT_FORMS[t] };
  return undefined;
}

/** `fetch(url, {body})`, `axios.post(url, data)`, `axios({url, data})`, `$.ajax({url, data})`. */
function scriptPost(call: Node, lang: HostLanguage, host: string): Pick<MapPost, 'body' | 'form'> | undefined {
  const callee = call.childForFieldName('function')?.text ?? '';
  const axios = /\baxios\b/.test(callee);
  const args = named(call.childForFieldName('arguments'));
  const at = args.findIndex((a) => isMapUrl(a, lang, host));
  if (at >= 0) {
    const next = args[at + 1];
    if (next?.type !== 'object') return bodyOf(next, lang, host, false);
    const found = property(next, ['body', 'data'], lang, host);
    if (found) return bodyOf(found.value, lang, host, axios && found.key === 'data');
    return hasOptionKey(next, lang, host) ? undefined : bodyOf(next, lang, host, axios);
  }
  for (const config of args.filter((a) => a.type === 'object')) {
    if (!isMapUrl(property(config, ['url'], lang, host)?.value, lang, host)) continue;
    const found = property(config, ['data', 'body'], lang, host);
    return found && bodyOf(found.value, lang, host, axios && found.key === 'data');
  }
  return undefined;
}

/** `requests.post(url, json={…})`, `data=json.dumps({…})`, `data='{…}'` (any Python HTTP call written so). */
function pythonPost(call: Node, lang: HostLanguage, host: string): Pick<MapPost, 'body' | 'form'> | undefined {
  const args = named(call.childForFieldName('arguments'));
  const kwarg = (name: string) => args.find((a) => a.type === 'keyword_argument' && a.childForFieldName('name')?.text === name);
  const url = args.find((a) => a.type !== 'keyword_argument' && isMapUrl(a, lang, host)) ?? kwarg('url')?.childForFieldName('value');
  if (!url || !isMapUrl(url, lang, host)) return undefined;
  const json = kwarg('json')?.childForFieldName('value');
  if (json) return json.type === 'dictionary' ? { body: objectBody(json, lang, host), form: 'dict' } : undefined;
  return bodyOf(kwarg('data')?.childForFieldName('value') ?? undefined, lang, host, false);
}

/** Luanti's `http.fetch({url = …, data = minetest.write_json({…})}, …)` (also `fetch_async`, `post_data`). */
function luaPost(call: Node, lang: HostLanguage, host: string): Pick<MapPost, 'body' | 'form'> | undefined {
  for (const table of named(call.childForFieldName('arguments')).filter((a) => a.type === 'table_constructor')) {
    if (!isMapUrl(property(table, ['url'], lang, host)?.value, lang, host)) continue;
    return bodyOf(property(table, ['data', 'post_data'], lang, host)?.value, lang, host, false);
  }
  return undefined;
}

const CURL_DATA = /^(?:-d|--data|--data-raw|--data-binary|--data-ascii|--json)$/;

/** `curl … -d '{…}' …/api/mapobjects/`. */
function curlPost(command: Node, lang: HostLanguage, host: string): Pick<MapPost, 'body' | 'form'> | undefined {
  const kids = named(command);
  if (kids[0]?.type !== 'command_name' || kids[0].text !== 'curl' || !kids.some((k) => isMapUrl(k, lang, host))) return undefined;
  const at = kids.findIndex((k) => CURL_DATA.test(k.text));
  return at > 0 ? bodyOf(kids[at + 1], lang, host, false) : undefined;
}

/** The map query a call posts, if it is one (see the forms above, and mapPostCalls.ts for PHP, Go, Ruby, Java, Kotlin, C#). */
export function mapPostOf(node: Node, lang: HostLanguage, host: string): MapPost | undefined {
  let found: Pick<MapPost, 'body' | 'form'> | undefined;
  if (POST_CALL_TYPES[lang.id]?.includes(node.type)) {
    const typed = typedPostOf(node, lang, host);
    if (!typed || !/^\s*\{/.test(typed.body.json.text)) return undefined;
    const range = { start: Math.min(node.startIndex, typed.node.startIndex), end: Math.max(node.endIndex, typed.node.endIndex) };
    return { body: typed.body, form: typed.form, range };
  }
  if (node.type === 'call_expression' && /^(?:javascript|typescript|typescriptreact)$/.test(lang.id)) found = scriptPost(node, lang, host);
  else if (node.type === 'call' && lang.id === 'python') found = pythonPost(node, lang, host);
  else if (node.type === 'function_call' && lang.id === 'lua') found = luaPost(node, lang, host);
  else if (node.type === 'command' && lang.id === 'shellscript') found = curlPost(node, lang, host);
  if (!found && (node.type === 'call_expression' || node.type === 'call')) {
    const arg = wrapperArgument(node, lang, host, (n) => isMapUrl(n, lang, host));
    if (arg) found = { body: objectBody(arg, lang, host), form: OBJECT_FORMS[arg.type] };
  }
  if (!found || !/^\s*\{/.test(found.body.json.text)) return undefined;
  return { ...found, range: { start: node.startIndex, end: node.endIndex } };
}
