/**
 * Maps written as calls or initialisers rather than literals: Kotlin `mapOf("action" to "query")`
 * (and `mutableMapOf`, `hashMapOf`, …), Java `Map.of("action", "query")` / `Map.ofEntries(entry(…))`
 * (and Guava's `ImmutableMap.of`), C# anonymous objects `new { action = "query" }` and dictionary
 * initialisers `new Dictionary<string, string> { { "action", "query" }, ["list"] = "…" }`, Swift dictionary
 * literals `["action": "query"]` (the grammar gives keys and values as alternating fields, not pairs) and arrays of
 * Foundation's query items, `[URLQueryItem(name: "action", value: "query"), .init(name: "list", value: "search")]`.
 * Each gives the key and value nodes of its entries; `open` stands for an entry whose name is not
 * written there (a spread, a variable holding pairs).
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';

export type MapPair = [Node, Node] | 'open';

const KOTLIN_MAP_CALLS = new Set(['mapOf', 'mutableMapOf', 'hashMapOf', 'linkedMapOf', 'sortedMapOf']);
const JAVA_MAP_OWNERS = new Set(['Map', 'ImmutableMap']);
const CSHARP_MAP_TYPES = /^(?:System\.Collections\.Generic\.)?(?:I?Dictionary|SortedDictionary|SortedList|Hashtable|NameValueCollection)\b/;

/** The node types `isMapLiteral` can say yes to, per language (the finder's walk looks only at the types it reads). */
export const MAP_LITERAL_TYPES: Readonly<Record<string, readonly string[]>> = {
  kotlin: ['call_expression'],
  java: ['method_invocation'],
  csharp: ['anonymous_object_creation_expression', 'object_creation_expression'],
  swift: ['dictionary_literal', 'array_literal'],
};

/** Whether a node is one of these maps (cheap: looks at the node's type and callee only). */
export function isMapLiteral(node: Node, lang: HostLanguage): boolean {
  if (!MAP_LITERAL_TYPES[lang.id]?.includes(node.type)) return false;
  switch (`${lang.id}:${node.type}`) {
    case 'kotlin:call_expression':
      return KOTLIN_MAP_CALLS.has(shortText(node.namedChildren[0]));
    case 'java:method_invocation':
      return (
        JAVA_MAP_OWNERS.has(shortText(node.childForFieldName('object'))) &&
        /^of(?:Entries)?$/.test(shortText(node.childForFieldName('name')))
      );
    case 'csharp:anonymous_object_creation_expression':
    case 'swift:dictionary_literal':
      return true;
    case 'swift:array_literal': {
      const first = node.namedChildren.find((c) => c?.type !== 'comment');
      return !!first && !!queryItemParts(first);
    }
    case 'csharp:object_creation_expression':
      return CSHARP_MAP_TYPES.test(shortText(node.childForFieldName('type'))) && !!initializerOf(node);
    default:
      return false;
  }
}

/** A short node's text ('' for a long one: a callee or type that is a whole expression is never a map's). */
function shortText(node: Node | null | undefined): string {
  return node && node.endIndex - node.startIndex <= 200 ? node.text : '';
}

function initializerOf(node: Node): Node | undefined {
  return node.namedChildren.find((c) => c?.type === 'initializer_expression') ?? undefined;
}

function named(node: Node | null | undefined): Node[] {
  return (node?.namedChildren ?? []).filter((c): c is Node => !!c && c.type !== 'comment');
}

function kotlinPairs(call: Node): MapPair[] {
  const suffix = named(call).find((c) => c.type === 'call_suffix');
  const args = named(suffix).find((c) => c.type === 'value_arguments');
  return named(args).map((arg): MapPair => {
    const infix = arg.namedChildren.length === 1 ? arg.namedChildren[0] : null;
    const parts = named(infix);
    return infix?.type === 'infix_expression' && parts.length === 3 && parts[1].text === 'to' ? [parts[0], parts[2]] : 'open';
  });
}

function javaPairs(call: Node): MapPair[] {
  const args = named(call.childForFieldName('arguments'));
  if (call.childForFieldName('name')?.text === 'of') {
    const out: MapPair[] = [];
    for (let i = 0; i + 1 < args.length; i += 2) out.push([args[i], args[i + 1]]);
    return out;
  }
  return args.map((a): MapPair => {
    const kv = named(a.childForFieldName('arguments'));
    return a.type === 'method_invocation' && a.childForFieldName('name')?.text === 'entry' && kv.length === 2 ? [kv[0], kv[1]] : 'open';
  });
}

function anonymousPairs(node: Node): MapPair[] {
  const out: MapPair[] = [];
  const kids = named(node);
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i];
    if (k.type === 'name_equals' && kids[i + 1]) {
      const name = k.namedChildren[0];
      if (name) out.push([name, kids[++i]]);
    } else if (k.type === 'identifier') out.push([k, k]);
    else out.push('open');
  }
  return out;
}

function dictionaryPairs(node: Node): MapPair[] {
  return named(initializerOf(node)).map((k): MapPair => {
    const parts = named(k);
    if (k.type === 'initializer_expression' && parts.length === 2) return [parts[0], parts[1]];
    if (k.type === 'assignment_expression' && parts[0]?.type === 'element_binding_expression') {
      const key = parts[0].descendantsOfType('argument')[0]?.namedChildren[0];
      const value = k.childForFieldName('right') ?? parts[parts.length - 1];
      if (key && value) return [key, value];
    }
    return 'open';
  });
}

/** `URLQueryItem(name: n, value: v)` or `.init(name: n, value: v)`: the name and value nodes (`nil` is the value's keyword). */
function queryItemParts(call: Node): [Node, Node] | undefined {
  if (call.type !== 'call_expression' || call.namedChildren.length !== 2) return undefined;
  const [callee, suffix] = call.namedChildren;
  const calleeText = callee && callee.endIndex - callee.startIndex <= 40 ? callee.text.replace(/\s+/g, '') : '';
  if (calleeText !== 'URLQueryItem' && calleeText !== '.init' && calleeText !== 'URLQueryItem.init') return undefined;
  const args = named(suffix?.type === 'call_suffix' ? suffix.namedChildren[0] : undefined);
  if (args.length !== 2) return undefined;
  const label = (a: Node): string => a.childForFieldName('name')?.text ?? '';
  if (label(args[0]) !== 'name' || label(args[1]) !== 'value') return undefined;
  const name = args[0].childForFieldName('value');
  const value = args[1].childForFieldName('value') ?? args[1].children.find((c) => c?.type === 'nil') ?? undefined;
  return name && value ? [name, value] : undefined;
}

function swiftPairs(node: Node): MapPair[] {
  if (node.type === 'array_literal') return named(node).map((item): MapPair => queryItemParts(item) ?? 'open');
  const keys = node.childrenForFieldName('key');
  const values = node.childrenForFieldName('value');
  return keys.map((k, i): MapPair => (k && values[i] ? [k, values[i]] : 'open'));
}

/** The entries of a map literal (see `isMapLiteral`). */
export function mapPairs(node: Node, lang: HostLanguage): MapPair[] {
  if (lang.id === 'kotlin') return kotlinPairs(node);
  if (lang.id === 'swift') return swiftPairs(node);
  if (lang.id === 'java') return javaPairs(node);
  return node.type === 'anonymous_object_creation_expression' ? anonymousPairs(node) : dictionaryPairs(node);
}
