/**
 * Map-object queries posted from PHP, Go, Ruby, Java, Kotlin and C# (mapPosts.ts reads the script
 * languages, Python, Lua and curl). A call that has the map server's URL (a path ending in
 * `api/mapobjects/`) as an argument, written there or in a URL constructor (`URI.create(…)`,
 * `URI(…)`, `new Uri(…)`), posts the body found in the same call or in the calls chained on it:
 *
 * - JSON in a string (Kotlin raw strings, Go raw strings, C# verbatim strings too; not a Java text block),
 *   also inside the body wrappers of the clients: Go `strings.NewReader`/`bytes.NewBufferString`/
 *   `bytes.NewBuffer([]byte(…))`, Java `BodyPublishers.ofString`, OkHttp `RequestBody.create`/
 *   `.toRequestBody()`, C# `new StringContent(…)`, Apache `new StringEntity(…)`, Ktor `setBody(…)`;
 * - an object written as JSON by a JSON writer: PHP `json_encode([...])`, Ruby `{…}.to_json` /
 *   `JSON.generate({…})`, C# `JsonSerializer.Serialize(new {…})` / `JsonConvert.SerializeObject`,
 *   Gson `toJson`, Jackson `writeValueAsString`, kotlinx `encodeToString` of a map literal;
 * - an object the client itself sends as JSON: Guzzle's `['json' => [...]]` option, Laravel
 *   `Http::post(url, [...])`, http.rb's `json: {…}`, C# `PostAsJsonAsync(url, new {…})`, Spring's
 *   `postForObject`/`postForEntity(url, Map.of(…), …)` and `bodyValue(…)`, Ktor `setBody(mapOf(…))`.
 *
 * Precision as in mapPosts.ts: nothing without that path written in the call or its chain, a body in a
 * variable is not read, and a PHP array given as a form (`'form_params'`, WordPress `'body' => [...]`) is not JSON.
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { decodeExpression, isConcatNode, isStringNode } from './hostStrings';
import { keyName, pairParts } from './objectEntries';
import { isMapLiteral } from './mapLiterals';
import { objectBody, stringBody, type MapBody } from './mapBodies';
import { isMapUrlName, MAP_PATH } from './mapUrlNames';

export interface FoundBody {
  body: MapBody;
  form: 'json' | 'object' | 'array' | 'hash' | 'map';
  /** The node the body is written in (the query's range covers it and the call). */
  node: Node;
}

/** The call node types of each language read here. */
export const POST_CALL_TYPES: Readonly<Record<string, readonly string[]>> = {
  php: ['function_call_expression', 'member_call_expression', 'scoped_call_expression'],
  go: ['call_expression'],
  ruby: ['call'],
  java: ['method_invocation', 'object_creation_expression'],
  kotlin: ['call_expression'],
  csharp: ['invocation_expression', 'object_creation_expression'],
};

/** Calls that make a URL of their string argument (their own call is not a post). */
const URL_MAKERS = new Set(['URI', 'create', 'Uri', 'parse', 'toHttpUrl', 'toURI', 'URL']);
/** Calls that write their object argument (or receiver) as JSON. */
const JSON_WRITERS = new Set([
  'json_encode',
  'to_json',
  'generate',
  'dump',
  'Serialize',
  'SerializeObject',
  'toJson',
  'writeValueAsString',
  'encodeToString',
]);
/** Calls that wrap a body (a string or JSON) given to them as an argument or receiver. */
const BODY_WRAPPERS = new Set([
  'NewReader',
  'NewBufferString',
  'NewBuffer',
  'ofString',
  'StringContent',
  'StringEntity',
  'create',
  'toRequestBody',
  'setBody',
  'bodyValue',
  'body',
  'POST',
  'post',
  'method',
]);
/** Calls that send an object argument as JSON themselves. */
const OBJECT_SENDERS = new Set(['PostAsJsonAsync', 'PutAsJsonAsync', 'postForObject', 'postForEntity', 'bodyValue', 'setBody']);
/** How far up a chain of calls (`newBuilder(uri).header(…).POST(…)`) the body is looked for. */
const MAX_CHAIN = 8;

interface Ctx {
  lang: HostLanguage;
  host: string;
}

function named(node: Node | null | undefined): Node[] {
  return (node?.namedChildren ?? []).filter((k): k is Node => !!k && k.type !== 'comment');
}

/** A short node's text (a callee that is a whole expression names nothing here). */
function short(node: Node | null | undefined): string {
  return node && node.endIndex - node.startIndex <= 120 ? node.text : '';
}

/** Kotlin: the call's suffix (arguments and trailing lambda). */
function kotlinSuffix(call: Node): Node | undefined {
  return named(call).find((k) => k.type === 'call_suffix');
}

/** The name a call is made by: `post` of `$client->post(…)`, `Post` of `http.Post(…)`, `StringContent` of `new StringContent(…)`. */
function calleeName(call: Node, lang: HostLanguage): string {
  switch (lang.id) {
    case 'php':
    case 'java':
      return short(call.childForFieldName('name') ?? call.childForFieldName('function') ?? call.childForFieldName('type')).replace(
        /^.*\./,
        '',
      );
    case 'go': {
      const fn = call.childForFieldName('function');
      return short(fn?.type === 'selector_expression' ? fn.childForFieldName('field') : fn);
    }
    case 'ruby':
      return short(call.childForFieldName('method'));
    case 'kotlin': {
      const head = named(call)[0];
      if (head?.type === 'simple_identifier') return short(head);
      if (head?.type !== 'navigation_expression') return '';
      const suffix = named(head).find((k) => k.type === 'navigation_suffix');
      return short(named(suffix)[0]);
    }
    default: {
      const fn = call.childForFieldName('function') ?? call.childForFieldName('type');
      return short(fn?.type === 'member_access_expression' ? fn.childForFieldName('name') : fn).replace(/^.*\./, '');
    }
  }
}

/** A call's arguments as expressions (PHP/C# `argument` and Kotlin `value_argument` unwrapped; Ruby pairs kept). */
function argsOf(call: Node, lang: HostLanguage): Node[] {
  if (lang.id === 'kotlin') {
    const args = named(named(kotlinSuffix(call)).find((k) => k.type === 'value_arguments'));
    return args.map((a) => named(a)[named(a).length - 1]).filter((a): a is Node => !!a);
  }
  if (lang.id === 'go' && call.type === 'type_conversion_expression')
    return [call.childForFieldName('operand')].filter((a): a is Node => !!a);
  const list = call.childForFieldName('arguments') ?? named(call).find((k) => k.type === 'argument_list' || k.type === 'arguments');
  return named(list).map((a) => (a.type === 'argument' || a.type === 'value_argument' ? (named(a)[named(a).length - 1] ?? a) : a));
}

/** The receiver of a method call (`{…}.to_json`, `"…".toRequestBody()`), if it is an expression. */
function receiverOf(call: Node, lang: HostLanguage): Node | undefined {
  if (lang.id === 'ruby') return call.childForFieldName('receiver') ?? undefined;
  if (lang.id === 'kotlin') {
    const head = named(call)[0];
    return head?.type === 'navigation_expression' ? named(head)[0] : undefined;
  }
  return undefined;
}

function isCall(node: Node | undefined, lang: HostLanguage): node is Node {
  return !!node && (POST_CALL_TYPES[lang.id]?.includes(node.type) || node.type === 'type_conversion_expression');
}

function isMapUrl(node: Node | undefined, c: Ctx): boolean {
  if (!node) return false;
  if (isMapUrlName(node, c.lang, c.host)) return true;
  if (isStringNode(node, c.lang) || isConcatNode(node, c.lang)) return MAP_PATH.test(decodeExpression(node, c.lang, c.host).text);
  if (isCall(node, c.lang) && URL_MAKERS.has(calleeName(node, c.lang)))
    return argsOf(node, c.lang).some((a) => isMapUrl(a, c)) || isMapUrl(receiverOf(node, c.lang), c);
  return false;
}

/** An object literal of the language (a keyed PHP array, a Ruby hash, a Kotlin/Java/C# map or anonymous object). */
function isObject(node: Node | undefined, lang: HostLanguage): boolean {
  if (!node) return false;
  if (node.type === 'array_creation_expression') return named(node).some((k) => !!pairParts(k, lang));
  return node.type === 'hash' || isMapLiteral(node, lang);
}

function formOf(node: Node): FoundBody['form'] {
  if (node.type === 'array_creation_expression') return 'array';
  if (node.type === 'hash') return 'hash';
  return node.type.startsWith('anonymous_object') ? 'object' : 'map';
}

/** The value under `key` of a PHP array or Ruby hash (Guzzle `'json' =>`, http.rb `json:`). */
function optionValue(node: Node, key: string, c: Ctx): Node | undefined {
  for (const kid of named(node)) {
    const parts = pairParts(kid, c.lang);
    if (parts?.[0] && parts[1] && keyName(parts[0], c.lang, c.host)?.text === key) return parts[1];
  }
  return undefined;
}

/** The JSON body an expression is (see the forms above); `sender` is the call it is an argument of. */
function bodyOf(node: Node | undefined, c: Ctx, sender: Node | undefined, depth = 0): FoundBody | undefined {
  if (!node || depth > 4) return undefined;
  if (isStringNode(node, c.lang) || isConcatNode(node, c.lang)) {
    const body = stringBody(node, c.lang, c.host);
    return /^\s*\{/.test(body.json.text) ? { body, form: 'json', node } : undefined;
  }
  if (node.type === 'pair' && c.lang.id === 'ruby') {
    const key = keyName(node.childForFieldName('key')!, c.lang, c.host)?.text;
    const value = node.childForFieldName('value') ?? undefined;
    if (key === 'json' && value && isObject(value, c.lang)) return { body: objectBody(value, c.lang, c.host), form: 'hash', node: value };
    return key === 'body' ? bodyOf(value, c, undefined, depth + 1) : undefined;
  }
  if (isObject(node, c.lang)) {
    const json = (node.type === 'array_creation_expression' || node.type === 'hash') && optionValue(node, 'json', c);
    if (json && isObject(json, c.lang)) return { body: objectBody(json, c.lang, c.host), form: formOf(json), node: json };
    const body = node.type === 'array_creation_expression' && optionValue(node, 'body', c);
    if (body) return bodyOf(body, c, undefined, depth + 1);
    if (sender && sendsObjects(sender, c)) return { body: objectBody(node, c.lang, c.host), form: formOf(node), node };
    return undefined;
  }
  if (!isCall(node, c.lang)) return undefined;
  const name = calleeName(node, c.lang);
  const inner = [receiverOf(node, c.lang), ...argsOf(node, c.lang)].filter((a): a is Node => !!a);
  if (JSON_WRITERS.has(name)) {
    const object = inner.find((a) => isObject(a, c.lang));
    return object && { body: objectBody(object, c.lang, c.host), form: formOf(object), node: object };
  }
  if (!BODY_WRAPPERS.has(name) && node.type !== 'type_conversion_expression') return undefined;
  for (const a of inner) {
    const found = bodyOf(a, c, node, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Whether a call sends an object argument as JSON (Laravel's `Http::post` too). */
function sendsObjects(call: Node, c: Ctx): boolean {
  const name = calleeName(call, c.lang);
  if (OBJECT_SENDERS.has(name)) return true;
  const head = c.host.slice(call.startIndex, call.startIndex + 40);
  return c.lang.id === 'php' && /^(?:post|put|patch)$/.test(name) && /^\\?(?:Illuminate\\Support\\Facades\\)?Http::/.test(head);
}

/** The call chained on `call` (`call.next(…)`), or the Kotlin call that gives it a trailing lambda. */
function chainParent(call: Node, lang: HostLanguage): Node | undefined {
  let up = call.parent;
  if (!up) return undefined;
  if (lang.id === 'kotlin') {
    if (up.type === 'navigation_expression' && named(up)[0]?.id === call.id) up = up.parent;
    else if (up.type !== 'call_expression' || named(up)[0]?.id !== call.id) return undefined;
    return up?.type === 'call_expression' ? up : undefined;
  }
  if (lang.id === 'go' || lang.id === 'csharp') {
    const via = up.type === 'selector_expression' || up.type === 'member_access_expression' ? up : undefined;
    return via && named(via)[0]?.id === call.id && via.parent && isCall(via.parent, lang) ? via.parent : undefined;
  }
  const object = up.childForFieldName('object') ?? up.childForFieldName('receiver');
  return isCall(up, lang) && object?.id === call.id ? up : undefined;
}

/** Kotlin: the calls of a trailing lambda's statements (Ktor's `{ setBody(…) }`). */
function lambdaCalls(call: Node, lang: HostLanguage): Node[] {
  if (lang.id !== 'kotlin') return [];
  const lambda = named(named(kotlinSuffix(call)).find((k) => k.type === 'annotated_lambda'))[0];
  const statements = named(lambda).find((k) => k.type === 'statements');
  return named(statements).filter((s) => s.type === 'call_expression');
}

/** The map query a call of PHP, Go, Ruby, Java, Kotlin or C# posts, with the node its body is written in. */
export function typedPostOf(call: Node, lang: HostLanguage, host: string): FoundBody | undefined {
  const c: Ctx = { lang, host };
  if (URL_MAKERS.has(calleeName(call, lang))) return undefined;
  const args = argsOf(call, lang);
  const url = args.findIndex((a) => isMapUrl(a, c));
  if (url < 0) return undefined;
  for (const [i, a] of args.entries()) {
    const found = i === url ? undefined : bodyOf(a, c, call);
    if (found) return found;
  }
  let at: Node | undefined = call;
  for (let i = 0; at && i < MAX_CHAIN; i++) {
    for (const inner of lambdaCalls(at, lang)) {
      const found = BODY_WRAPPERS.has(calleeName(inner, lang)) ? bodyOf(inner, c, undefined) : undefined;
      if (found) return found;
    }
    at = chainParent(at, lang);
    for (const a of at ? argsOf(at, lang) : []) {
      const found = bodyOf(a, c, at);
      if (found) return found;
    }
  }
  return undefined;
}
