/**
 * The map server's URL held in a variable: `const url = base + "/api/mapobjects/"; fetch(url, …)`.
 * A name counts as the map URL when every binding of it in the file (`const`/`let`/`var`, an
 * assignment, Python's `URL = …`, Lua's `local url = …`, PHP's `$url = …`, Go's `:=`/`const`, Ruby,
 * Java, Kotlin `val`, C# `var`) gives it a string or concatenation whose path ends in `api/mapobjects/`.
 * A name also bound to anything else (another URL, a parameter value) is not read: the call may post elsewhere.
 *
 * Read once per syntax tree (only files that name `api/mapobjects` get here), by the tree's bindings.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { decodeExpression, isConcatNode, isStringNode } from './hostStrings';

/** The map server's object query path, at the end of a URL's path. */
export const MAP_PATH = /(?:^|[/\uE000])api\/mapobjects\/?(?:[?#]|$)/;

/** Node types of a name used as a value. */
const NAME_TYPES = new Set(['identifier', 'variable_name', 'simple_identifier', 'constant']);

/** The binding node types of each language (the name and value of each are read by `bindingsOf`). */
const BINDING_TYPES: Readonly<Record<string, readonly string[]>> = {
  javascript: ['variable_declarator', 'assignment_expression'],
  typescript: ['variable_declarator', 'assignment_expression'],
  typescriptreact: ['variable_declarator', 'assignment_expression'],
  python: ['assignment'],
  lua: ['assignment_statement'],
  php: ['assignment_expression'],
  go: ['short_var_declaration', 'assignment_statement', 'const_spec', 'var_spec'],
  ruby: ['assignment'],
  java: ['variable_declarator', 'assignment_expression'],
  kotlin: ['property_declaration', 'assignment'],
  csharp: ['variable_declarator', 'assignment_expression'],
};

/** Node types of a function's parameter list. */
const PARAMETER_LISTS = [
  'formal_parameters',
  'parameters',
  'parameter_list',
  'function_value_parameters',
  'method_parameters',
  'lambda_parameters',
  'block_parameters',
];

/** Most bindings read in one file (a generated file stays bounded). */
const MAX_BINDINGS = 20000;

function named(node: Node | null | undefined): Node[] {
  return (node?.namedChildren ?? []).filter((k): k is Node => !!k && k.type !== 'comment');
}

/** The name and value nodes of one binding (lists paired by position: `a, b := x, y`). */
function bindingsOf(node: Node): Array<[Node, Node | undefined]> {
  const left = node.childForFieldName('left') ?? node.childForFieldName('name');
  const right = node.childForFieldName('right') ?? node.childForFieldName('value');
  if (node.type === 'property_declaration') {
    const name = named(named(node).find((k) => k.type === 'variable_declaration'))[0];
    const kids = named(node);
    return name ? [[name, kids[kids.length - 1]?.type === 'variable_declaration' ? undefined : kids[kids.length - 1]]] : [];
  }
  if (node.type === 'variable_declarator' && !left) {
    // C#: `identifier = equals_value_clause`
    const kids = named(node);
    const clause = kids.find((k) => k.type === 'equals_value_clause');
    return kids[0] ? [[kids[0], named(clause)[0]]] : [];
  }
  if (node.type === 'assignment_statement' && !left) {
    // Lua: `variable_list = expression_list`
    const names = named(named(node).find((k) => k.type === 'variable_list'));
    const values = named(named(node).find((k) => k.type === 'expression_list'));
    return names.map((n, i): [Node, Node | undefined] => [n, values[i]]);
  }
  if (!left) return [];
  if (left.type === 'expression_list' || left.type === 'identifier_list') {
    const values = right?.type === 'expression_list' ? named(right) : [];
    return named(left).map((n, i): [Node, Node | undefined] => [n, values[i]]);
  }
  return [[left, right?.type === 'expression_list' ? named(right)[0] : (right ?? undefined)]];
}

const cache = new WeakMap<Tree, Set<string>>();

/** The names that hold the map server's URL in a parsed file (see above). */
export function mapUrlNames(tree: Tree, lang: HostLanguage, host: string): Set<string> {
  let names = cache.get(tree);
  if (names) return names;
  names = new Set();
  const other = new Set<string>();
  const types = (BINDING_TYPES[lang.id] ?? []).filter((t) => tree.language.idForNodeType(t, true) !== null);
  const nodes = types.length ? tree.rootNode.descendantsOfType([...types]) : [];
  for (const node of nodes.slice(0, MAX_BINDINGS)) {
    if (!node) continue;
    for (const [name, value] of bindingsOf(node)) {
      if (!NAME_TYPES.has(name.type) || name.endIndex - name.startIndex > 100) continue;
      const isUrl =
        !!value && (isStringNode(value, lang) || isConcatNode(value, lang)) && MAP_PATH.test(decodeExpression(value, lang, host).text);
      (isUrl ? names : other).add(name.text);
    }
  }
  // a parameter of the same name holds whatever the caller gives
  const lists = PARAMETER_LISTS.filter((t) => tree.language.idForNodeType(t, true) !== null);
  for (const list of lists.length ? tree.rootNode.descendantsOfType(lists).slice(0, MAX_BINDINGS) : [])
    for (const name of list?.descendantsOfType([...NAME_TYPES].filter((t) => tree.language.idForNodeType(t, true) !== null)) ?? [])
      if (name) other.add(name.text);
  for (const n of other) names.delete(n);
  cache.set(tree, names);
  return names;
}

/** Whether a name used as a value holds the map server's URL (`fetch(url, …)` after `const url = …/api/mapobjects/`). */
export function isMapUrlName(node: Node, lang: HostLanguage, host: string): boolean {
  return NAME_TYPES.has(node.type) && mapUrlNames(node.tree, lang, host).has(node.text);
}
