/**
 * The JSON body of a map-object query written in a host language, as the JSON text its sender puts
 * on the wire, mapped character by character to the host file (virtualText.ts): a JavaScript object
 * given to `JSON.stringify`/axios, a Python dict given to `json=`/`json.dumps`, a Lua table given to
 * `minetest.write_json`, or JSON written in a string literal (a curl `-d '{…}'`, a `body: '{…}'`).
 *
 * A value known only at run time (a variable, a call, a template hole) is written `null` and marked
 * as a hole: the map service judges the rest, and nothing is said about a hole (embeddedCheck.ts).
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { decodeExpression, isConcatNode, isStringNode } from './hostStrings';
import { keyName, pairParts } from './objectEntries';
import { HOLE, MappedText } from './virtualText';
import { isMapLiteral, mapPairs } from './mapLiterals';

/** The JSON text of a body and whether every field is written there (no spread, no computed key). */
export interface MapBody {
  json: MappedText;
  closed: boolean;
}

/** Deepest nesting read (a map query is two levels deep). */
const MAX_DEPTH = 16;
/** Most entries read of one object or array. */
const MAX_ITEMS = 200;

const OBJECT_TYPES = new Set(['object', 'dictionary', 'table_constructor', 'hash']);
const ARRAY_TYPES = new Set(['array', 'list', 'tuple']);
const NUMBER_TYPES = new Set([
  'number',
  'integer',
  'float',
  'decimal_integer_literal',
  'decimal_floating_point_literal',
  'integer_literal',
  'real_literal',
  'int_literal',
  'float_literal',
]);
const NULL_TYPES = new Set(['null', 'none', 'nil', 'undefined', 'null_literal']);
const NEGATION_TYPES = new Set([
  'unary_expression',
  'unary_operator',
  'unary_op_expression',
  'unary',
  'prefix_expression',
  'prefix_unary_expression',
]);
/** Hosts whose JSON writer keeps a float written `10.0` a float (`json.dumps`, `json_encode`, `to_json`, Jackson, Gson, kotlinx). */
const FLOATS_KEPT = new Set(['python', 'php', 'ruby', 'java', 'kotlin']);
const SPREAD_TYPES = new Set(['spread_element', 'dictionary_splat']);

interface Writer {
  lang: HostLanguage;
  host: string;
  out: MappedText;
  closed: boolean;
}

/** A unit the host does not write (JSON punctuation), placed at host offset `at`. */
function punct(w: Writer, units: string, at: number): void {
  w.out.push(units, at, at);
}

/** A value known only at run time: `null`, every unit of it a hole. */
function hole(w: Writer, node: Node): void {
  for (const u of 'null') {
    w.out.holes.push(w.out.text.length);
    w.out.push(u, node.startIndex, node.endIndex);
  }
}

/** Decoded text as a JSON string; the quotes sit at `start` and `end` (so a range over the string covers the host literal). */
function writeString(w: Writer, text: MappedText, start: number, end: number): void {
  punct(w, '"', start);
  for (let i = 0; i < text.text.length; i++) {
    const c = text.text[i];
    const code = c.charCodeAt(0);
    if (c === HOLE) w.out.holes.push(w.out.text.length);
    const units = c === '"' || c === '\\' ? '\\' + c : code < 0x20 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
    w.out.push(units, text.starts[i], text.ends[i]);
  }
  punct(w, '"', end);
}

/** A number as the host's JSON writer writes it: Python (PHP, Ruby, Java, Kotlin) keep `10.0` a float; JavaScript, Lua and C# write `10`. */
function numberText(lang: HostLanguage, text: string, negative: boolean): string | undefined {
  const plain = text.replace(/_/g, '');
  const value = Number(plain);
  if (!Number.isFinite(value)) return undefined;
  const sign = negative ? '-' : '';
  if (FLOATS_KEPT.has(lang.id) && /^[0-9.]*[.eE]/.test(plain)) return sign + (Number.isInteger(value) ? `${value}.0` : String(value));
  return sign + JSON.stringify(value);
}

function writeNumber(w: Writer, node: Node, negative: boolean): void {
  const digits = negative ? node.namedChildren[node.namedChildren.length - 1] : node;
  const text = digits && NUMBER_TYPES.has(digits.type) ? numberText(w.lang, digits.text, negative) : undefined;
  if (text === undefined) hole(w, node);
  else w.out.push(text, node.startIndex, node.endIndex);
}

/** The key and value nodes of an object's entries; undefined stands for an entry that opens the object. */
function entriesOf(node: Node, lang: HostLanguage): Array<[Node, Node] | undefined> {
  if (isMapLiteral(node, lang)) return mapPairs(node, lang).map((p) => (p === 'open' ? undefined : p));
  const out: Array<[Node, Node] | undefined> = [];
  for (const kid of node.namedChildren) {
    if (!kid || kid.type === 'comment') continue;
    if (SPREAD_TYPES.has(kid.type)) out.push(undefined);
    else if (kid.type === 'shorthand_property_identifier') out.push([kid, kid]);
    else {
      const parts = pairParts(kid, lang);
      if (parts?.[0] && parts[1]) out.push([parts[0], parts[1]]);
      else if (kid.type !== 'field') out.push(undefined);
    }
  }
  return out;
}

function writeObject(w: Writer, node: Node, depth: number): void {
  w.out.push('{', node.startIndex, node.startIndex + 1);
  let first = true;
  for (const entry of entriesOf(node, w.lang).slice(0, MAX_ITEMS)) {
    const name = entry && keyName(entry[0], w.lang, w.host);
    if (!entry || !name) {
      w.closed = false;
      continue;
    }
    if (!first) punct(w, ',', entry[0].startIndex);
    first = false;
    writeString(w, name, entry[0].startIndex, entry[0].endIndex);
    punct(w, ':', entry[0].endIndex);
    if (entry[0] === entry[1]) hole(w, entry[1]);
    else writeValue(w, entry[1], depth + 1);
  }
  w.out.push('}', node.endIndex - 1, node.endIndex);
}

function writeArray(w: Writer, node: Node, items: Node[], depth: number): void {
  w.out.push('[', node.startIndex, node.startIndex + 1);
  items.slice(0, MAX_ITEMS).forEach((item, i) => {
    if (i) punct(w, ',', item.startIndex);
    writeValue(w, item, depth + 1);
  });
  w.out.push(']', node.endIndex - 1, node.endIndex);
}

/** A PHP array: keyed, a JSON object; a list, a JSON array (as `json_encode` writes it). */
function writePhpArray(w: Writer, node: Node, depth: number): void {
  const items = node.namedChildren.filter((k): k is Node => !!k && k.type === 'array_element_initializer');
  if (!items.length || items.some((k) => k.children.some((c) => c?.type === '=>'))) writeObject(w, node, depth);
  else
    writeArray(
      w,
      node,
      items.map((k) => k.namedChildren[0] ?? k),
      depth,
    );
}

/** A Lua table of positional fields only is a JSON array. */
function luaArrayItems(node: Node): Node[] | undefined {
  const fields = node.namedChildren.filter((k): k is Node => !!k && k.type === 'field');
  if (!fields.length || fields.some((f) => f.childForFieldName('name') || f.childForFieldName('key'))) return undefined;
  return fields.map((f) => f.childForFieldName('value') ?? f);
}

function writeValue(w: Writer, node: Node, depth: number): void {
  const t = node.type;
  if (depth > MAX_DEPTH) hole(w, node);
  else if (isStringNode(node, w.lang) || isConcatNode(node, w.lang))
    writeString(w, decodeExpression(node, w.lang, w.host), node.startIndex, node.endIndex);
  else if (NUMBER_TYPES.has(t)) writeNumber(w, node, false);
  else if (NEGATION_TYPES.has(t) && node.text.startsWith('-')) writeNumber(w, node, true);
  else if (t === 'true' || t === 'false') w.out.push(t, node.startIndex, node.endIndex);
  else if ((t === 'boolean' || t === 'boolean_literal') && /^(?:true|false)$/i.test(node.text))
    w.out.push(node.text.toLowerCase(), node.startIndex, node.endIndex);
  else if (NULL_TYPES.has(t)) w.out.push('null', node.startIndex, node.endIndex);
  else if (t === 'parenthesized_expression' && node.namedChildren[0]) writeValue(w, node.namedChildren[0], depth);
  else if (t === 'table_constructor' && luaArrayItems(node)) writeArray(w, node, luaArrayItems(node)!, depth);
  else if (t === 'array_creation_expression') writePhpArray(w, node, depth);
  else if (OBJECT_TYPES.has(t) || isMapLiteral(node, w.lang)) writeObject(w, node, depth);
  else if (ARRAY_TYPES.has(t))
    writeArray(
      w,
      node,
      node.namedChildren.filter((k): k is Node => !!k && k.type !== 'comment'),
      depth,
    );
  else hole(w, node);
}

/** The JSON a host object literal (dict, object, table) is sent as. */
export function objectBody(node: Node, lang: HostLanguage, host: string): MapBody {
  const w: Writer = { lang, host, out: new MappedText(), closed: true };
  writeValue(w, node, 0);
  return { json: w.out, closed: w.closed };
}

/**
 * JSON written in a string (or concatenation): the decoded text as it is, a hole outside a JSON
 * string (`{"x": ${x}}`) written `null`; a hole inside a JSON string stays a hole in that string.
 */
export function stringBody(node: Node, lang: HostLanguage, host: string): MapBody {
  const text = decodeExpression(node, lang, host);
  const out = new MappedText();
  let inString = false;
  for (let i = 0; i < text.text.length; i++) {
    const c = text.text[i];
    if (c === HOLE && !inString) {
      for (const u of 'null') {
        out.holes.push(out.text.length);
        out.push(u, text.starts[i], text.ends[i]);
      }
      continue;
    }
    if (c === HOLE) out.holes.push(out.text.length);
    out.push(c, text.starts[i], text.ends[i]);
    if (c === '\\' && inString && i + 1 < text.text.length) {
      out.push(text.text[++i], text.starts[i], text.ends[i]);
    } else if (c === '"') inString = !inString;
  }
  // A body that is nothing but run-time text is no query to judge.
  return { json: out, closed: !/^\s*null\s*$/.test(out.text) };
}
