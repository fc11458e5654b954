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
import { constantText } from './fileConstants';

/** Where a value stands in the host: a syntax node, or a span the Perl lexer read (perlHashes.ts). */
export type ValueSpan = Pick<Node, 'startIndex' | 'endIndex' | 'text' | 'type'>;

/** A value as the source writes it. */
export type EntryValue =
  | { kind: 'text'; text: MappedText; node: ValueSpan }
  | { kind: 'number'; node: ValueSpan }
  | { kind: 'bool'; value: boolean; node: ValueSpan }
  | { kind: 'none'; node: ValueSpan }
  | { kind: 'list'; items: EntryValue[]; node: ValueSpan }
  | {
      kind: 'unknown';
      node: ValueSpan;
      /** Literals the value may be at run time (`x if c else None`, `y || undefined`, a parameter defaulting to `None`): a client may leave such a pair out. */
      orLiterals?: readonly string[];
    };

export interface Entry {
  name: MappedText;
  value: EntryValue;
  /** Set in a branch or loop of the code that builds the map (keyedMaps.ts): it may not be sent. */
  maybeAbsent?: true;
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
  const constant = constantText(node, host);
  if (constant) return { kind: 'text', text: constant, node };
  const orLiterals = literalsItMayBe(node, lang);
  return orLiterals ? { kind: 'unknown', node, orLiterals } : { kind: 'unknown', node };
}

/** Literal node types a client may leave out: `None`, `null`, `undefined`, `nil`, `false`. */
const OMITTABLE = new Set(['none', 'null', 'undefined', 'nil', 'false']);

/** Function node types whose parameters an identifier may be (Python, JavaScript, TypeScript). */
const FUNCTIONS = new Set([
  'function_definition',
  'function_declaration',
  'function_expression',
  'function',
  'arrow_function',
  'method_definition',
  'generator_function_declaration',
]);

/**
 * The omittable literals (`OMITTABLE`) an expression may evaluate to, as written: a branch of a conditional
 * (`x if c else None`, `c ? x : undefined`), the right side of `or` / `||` / `??`, or the default of the
 * enclosing function's parameter it names (`def f(title=None)`, `function f(t = undefined)`, TypeScript's
 * `t?: string`). Undefined when it is none of those.
 */
function literalsItMayBe(node: Node, lang: HostLanguage): string[] | undefined {
  if (lang.id !== 'python' && lang.id !== 'javascript' && lang.id !== 'typescript') return undefined;
  const branches: Array<Node | null> = [];
  switch (node.type) {
    case 'conditional_expression':
      branches.push(node.namedChildren[0], node.namedChildren[2]);
      break;
    case 'ternary_expression':
      branches.push(node.childForFieldName('consequence'), node.childForFieldName('alternative'));
      break;
    case 'boolean_operator':
    case 'binary_expression': {
      const op = node.childForFieldName('operator')?.type;
      if (op === 'or' || op === '||' || op === '??') branches.push(node.childForFieldName('right'));
      break;
    }
    case 'identifier':
      return parameterDefault(node);
    default:
      return undefined;
  }
  const found = branches.filter((b): b is Node => !!b && OMITTABLE.has(b.type)).map((b) => b.type);
  return found.length ? found : undefined;
}

/** The omittable default of the enclosing function's parameter an identifier names (`undefined` for TypeScript's `t?:`). */
function parameterDefault(id: Node): string[] | undefined {
  let fn: Node | null = id.parent;
  for (let i = 0; fn && !FUNCTIONS.has(fn.type); i++) fn = i < 64 ? fn.parent : null;
  const params = fn?.childForFieldName('parameters');
  if (!params) return undefined;
  for (const p of params.namedChildren) {
    if (!p) continue;
    const name = p.childForFieldName('name') ?? p.childForFieldName('left') ?? p.childForFieldName('pattern') ?? p.namedChildren[0];
    if (name?.text !== id.text) continue;
    if (p.type === 'optional_parameter') return ['undefined'];
    const value = p.childForFieldName('value') ?? p.childForFieldName('right');
    return value && OMITTABLE.has(value.type) ? [value.type] : undefined;
  }
  return undefined;
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
    // C#'s verbatim identifier `@namespace` names the member `namespace` (WikiClientLibrary's anonymous objects).
    const verbatim = lang.id === 'csharp' && host.charCodeAt(node.startIndex) === 64 ? 1 : 0;
    m.pushRaw(host, node.startIndex + verbatim, node.endIndex);
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
    case 'argument': {
      // R: `list(action = "query")`; positional arguments are not parameters.
      const name = lang.id === 'r' ? kid.childForFieldName('name') : null;
      return name ? [name, kid.childForFieldName('value')] : undefined;
    }
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
