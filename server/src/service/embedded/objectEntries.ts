/**
 * Parameter objects of the host languages: Python dicts and keyword arguments, JavaScript/TypeScript
 * objects, PHP arrays, Lua tables, Go `url.Values{…}`, Ruby hashes — read as entries (name, value)
 * whose names and values are literal where the source says so and unknown otherwise.
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { decodeExpression, isConcatNode, isStringNode } from './hostStrings';
import { MappedText } from './virtualText';
import { isMapLiteral, mapPairs } from './mapLiterals';

/** Where a value stands in the host: a syntax node, or a span the Perl lexer read (perlHashes.ts). */
export type ValueSpan = Pick<Node, 'startIndex' | 'endIndex' | 'text' | 'type'>;

/** A value as the source writes it. */
export type EntryValue =
  | { kind: 'text'; text: MappedText; node: ValueSpan }
  | { kind: 'number'; node: ValueSpan }
  | { kind: 'bool'; value: boolean; node: ValueSpan }
  | { kind: 'none'; node: ValueSpan }
  | { kind: 'list'; items: EntryValue[]; node: ValueSpan }
  | { kind: 'unknown'; node: ValueSpan };

export interface Entry {
  name: MappedText;
  value: EntryValue;
}

export interface Entries {
  entries: Entry[];
  /** False when entries come from elsewhere at run time (spread, `**kwargs`, computed names). */
  closed: boolean;
}

const TRUE_TYPES = new Set(['true']);
const FALSE_TYPES = new Set(['false']);
const NONE_TYPES = new Set(['none', 'null', 'undefined', 'nil']);
const NUMBER_TYPES = new Set(['integer', 'float', 'number', 'int_literal', 'float_literal', 'integer_literal', 'real_literal']);
const LIST_TYPES = new Set(['list', 'tuple', 'array', 'literal_value']);

/** Most items of one list read. */
const MAX_ITEMS = 500;

/** What a value node holds. */
export function readValue(node: Node, lang: HostLanguage, host: string, depth = 0): EntryValue {
  const t = node.type;
  if (isStringNode(node, lang) || isConcatNode(node, lang)) return { kind: 'text', text: decodeExpression(node, lang, host), node };
  if (NUMBER_TYPES.has(t)) return { kind: 'number', node };
  if (TRUE_TYPES.has(t)) return { kind: 'bool', value: true, node };
  if (FALSE_TYPES.has(t)) return { kind: 'bool', value: false, node };
  if (t === 'boolean') return { kind: 'bool', value: /^true$/i.test(node.text), node };
  if (NONE_TYPES.has(t)) return { kind: 'none', node };
  if (t === 'literal_element' || t === 'parenthesized_expression') {
    const inner = node.namedChildren[0];
    return inner ? readValue(inner, lang, host, depth) : { kind: 'unknown', node };
  }
  if ((LIST_TYPES.has(t) || (t === 'composite_literal' && lang.id === 'go')) && depth < 2) {
    const body = t === 'composite_literal' ? node.childForFieldName('body') : node;
    const items: EntryValue[] = [];
    for (const k of body?.namedChildren ?? []) {
      if (!k || k.type === 'comment') continue;
      if (items.length >= MAX_ITEMS) return { kind: 'unknown', node };
      items.push(readValue(k, lang, host, depth + 1));
    }
    return { kind: 'list', items, node };
  }
  return { kind: 'unknown', node };
}

/** A key node's name: literal text, or undefined when computed at run time. */
export function keyName(node: Node, lang: HostLanguage, host: string): MappedText | undefined {
  const IDENT = new Set([
    'identifier',
    'shorthand_property_identifier',
    'property_identifier',
    'hash_key_symbol',
    'simple_identifier',
    'name',
    'field_identifier',
  ]);
  if (IDENT.has(node.type)) {
    const m = new MappedText();
    m.pushRaw(host, node.startIndex, node.endIndex);
    return m;
  }
  if (node.type === 'simple_symbol') {
    const m = new MappedText();
    m.pushRaw(host, node.startIndex + 1, node.endIndex);
    return m;
  }
  if (node.type === 'literal_element' && node.namedChildren[0]) return keyName(node.namedChildren[0], lang, host);
  if (isStringNode(node, lang) || isConcatNode(node, lang)) {
    const text = decodeExpression(node, lang, host);
    return text.hasHole() ? undefined : text;
  }
  return undefined;
}

/** Node types that bring in entries from elsewhere. */
const SPREAD_TYPES = new Set(['dictionary_splat', 'spread_element', 'variadic_unpacking', 'hash_splat_argument', 'list_splat']);

export function pairParts(kid: Node, lang: HostLanguage): [Node | null, Node | null] | undefined {
  switch (kid.type) {
    case 'pair':
    case 'keyed_element':
      return [kid.childForFieldName('key') ?? kid.namedChildren[0], kid.childForFieldName('value') ?? kid.namedChildren[1]];
    case 'array_element_initializer':
      // PHP: only `key => value` elements are parameters.
      return kid.children.some((c) => c?.type === '=>')
        ? [kid.namedChildren[0], kid.namedChildren[kid.namedChildren.length - 1]]
        : undefined;
    case 'field': {
      // Lua: `name = v` or `["name"] = v`; positional fields are not parameters.
      const name = kid.childForFieldName('key') ?? kid.childForFieldName('name');
      return name ? [name, kid.childForFieldName('value')] : undefined;
    }
    case 'keyword_argument':
      return lang.id === 'python' ? [kid.childForFieldName('name'), kid.childForFieldName('value')] : undefined;
    default:
      return undefined;
  }
}

/** Adds one entry from its key and value nodes (a computed key opens the object). */
function addEntry(result: Entries, key: Node, value: Node, lang: HostLanguage, host: string, skip: ReadonlySet<string>): void {
  const name = keyName(key, lang, host);
  if (!name) result.closed = false;
  // No MediaWiki parameter starts with `_`: such a key is the client library's own (Peachy's `_code`,
  // `_limit`), taken out before sending and perhaps turned into parameters, so the object is open.
  else if (name.text.startsWith('_')) result.closed = false;
  else if (!skip.has(name.text))
    result.entries.push({ name, value: key === value ? { kind: 'unknown', node: value } : readValue(value, lang, host) });
}

/** The entries of an object-like node (or the keyword arguments of a Python argument list). */
export function readEntries(node: Node, lang: HostLanguage, host: string, skip: ReadonlySet<string> = new Set()): Entries {
  const result: Entries = { entries: [], closed: true };
  if (isMapLiteral(node, lang)) {
    for (const pair of mapPairs(node, lang)) {
      if (pair === 'open') result.closed = false;
      else addEntry(result, pair[0], pair[1], lang, host, skip);
    }
    return result;
  }
  let container: Node | null = node;
  if (node.type === 'composite_literal') container = node.childForFieldName('body');
  for (const kid of container?.namedChildren ?? []) {
    if (!kid || kid.type === 'comment') continue;
    if (SPREAD_TYPES.has(kid.type)) {
      result.closed = false;
      continue;
    }
    if (kid.type === 'shorthand_property_identifier') {
      addEntry(result, kid, kid, lang, host, skip);
      continue;
    }
    const parts = pairParts(kid, lang);
    if (parts && parts[0] && parts[1]) addEntry(result, parts[0], parts[1], lang, host, skip);
  }
  return result;
}
