/**
 * Helpers that post their argument as a map query: in JavaScript/TypeScript
 * `function postMapObjects(q) { return fetch(URL, {method: 'POST', body: JSON.stringify(q)}); }`
 * (also `const f = (q) => …`, a class method, `axios.post(url, q)`), in Python
 * `def post_map_objects(q): return requests.post(URL, json=q)` (or `data=json.dumps(q)`). A call of such
 * a helper by its name, in the same file, with an object literal in that parameter's place posts
 * that object: `postMapObjects({type: "bone", …})` is checked as the query it is.
 *
 * The helper's own call must name the map server's URL (mapPosts.ts rules, a variable holding it too).
 * A name defined twice, or as a helper and anything else, is not read. Read once per syntax tree.
 */
import type { Node, Tree } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { keyName, pairParts } from './objectEntries';

/** A helper: the place of the parameter it posts. */
export interface MapWrapper {
  index: number;
  /** A Python method (`self` first): called as `obj.name(…)`, its arguments start at the second parameter. */
  method: boolean;
}

const FUNCTION_TYPES: Readonly<Record<string, readonly string[]>> = {
  javascript: ['function_declaration', 'variable_declarator', 'method_definition'],
  typescript: ['function_declaration', 'variable_declarator', 'method_definition'],
  typescriptreact: ['function_declaration', 'variable_declarator', 'method_definition'],
  python: ['function_definition'],
};

/** Most functions read in one file. */
const MAX_FUNCTIONS = 5000;

function named(node: Node | null | undefined): Node[] {
  return (node?.namedChildren ?? []).filter((k): k is Node => !!k && k.type !== 'comment');
}

/** A function's name, parameter names and body (a `const f = (q) => …` too). */
function functionParts(node: Node): { name: string; params: string[]; body: Node } | undefined {
  let fn = node;
  if (node.type === 'variable_declarator') {
    const value = node.childForFieldName('value');
    if (!value || !/^(?:arrow_function|function_expression|function)$/.test(value.type)) return undefined;
    fn = value;
  }
  const name = node.childForFieldName('name');
  const body = fn.childForFieldName('body');
  if (!name || !body) return undefined;
  const list = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
  const params = (list?.type === 'identifier' ? [list] : named(list)).map((p) => {
    const id = p.type === 'identifier' ? p : (p.childForFieldName('pattern') ?? p.childForFieldName('name') ?? named(p)[0]);
    return id?.type === 'identifier' ? id.text : '';
  });
  return { name: name.text, params, body };
}

/** The identifier a call writes as JSON: `JSON.stringify(q)`, `json.dumps(q)`. */
function stringified(node: Node | undefined | null): Node | undefined {
  if (!node || !/^(?:call_expression|call)$/.test(node.type)) return undefined;
  const callee = node.childForFieldName('function')?.text ?? '';
  if (!/^(?:JSON\s*\.\s*stringify|json\s*\.\s*dumps)$/.test(callee)) return undefined;
  const arg = named(node.childForFieldName('arguments'))[0];
  return arg?.type === 'identifier' ? arg : undefined;
}

/** The value of `key` in a JS object or the Python keyword argument `key=`. */
function valueOf(container: Node | undefined, key: string, lang: HostLanguage, host: string): Node | undefined {
  for (const kid of named(container)) {
    const parts = pairParts(kid, lang);
    if (parts?.[0] && parts[1] && keyName(parts[0], lang, host)?.text === key) return parts[1];
  }
  return undefined;
}

/** The parameter identifier a call posts as its JSON body, when the call names the map URL. */
function postedParam(call: Node, lang: HostLanguage, host: string, isMapUrl: (n: Node) => boolean): Node | undefined {
  const args = named(call.childForFieldName('arguments'));
  if (lang.id === 'python') {
    const url =
      args.find((a) => a.type !== 'keyword_argument') ?? valueOf(call.childForFieldName('arguments') ?? undefined, 'url', lang, host);
    if (!url || !isMapUrl(url)) return undefined;
    const json = valueOf(call.childForFieldName('arguments') ?? undefined, 'json', lang, host);
    if (json?.type === 'identifier') return json;
    return stringified(valueOf(call.childForFieldName('arguments') ?? undefined, 'data', lang, host));
  }
  const axios = /\baxios\b/.test(call.childForFieldName('function')?.text ?? '');
  const at = args.findIndex((a) => isMapUrl(a));
  const next = at >= 0 ? args[at + 1] : undefined;
  if (!next) return undefined;
  if (next.type === 'object') {
    const body = valueOf(next, 'body', lang, host) ?? valueOf(next, 'data', lang, host);
    return stringified(body) ?? (axios && body?.type === 'identifier' && valueOf(next, 'data', lang, host) ? body : undefined);
  }
  return stringified(next) ?? (axios && next.type === 'identifier' ? next : undefined);
}

const cache = new WeakMap<Tree, Map<string, MapWrapper>>();

/** The helpers of a parsed file (see above), by name. */
export function mapWrappers(tree: Tree, lang: HostLanguage, host: string, isMapUrl: (n: Node) => boolean): Map<string, MapWrapper> {
  let found = cache.get(tree);
  if (found) return found;
  found = new Map();
  const seen = new Set<string>();
  const types = (FUNCTION_TYPES[lang.id] ?? []).filter((t) => tree.language.idForNodeType(t, true) !== null);
  for (const node of types.length ? tree.rootNode.descendantsOfType([...types]).slice(0, MAX_FUNCTIONS) : []) {
    const parts = node && functionParts(node);
    if (!parts) continue;
    const twice = seen.has(parts.name);
    seen.add(parts.name);
    if (twice) {
      found.delete(parts.name);
      continue;
    }
    for (const call of parts.body.descendantsOfType(lang.id === 'python' ? 'call' : 'call_expression')) {
      const param = call && postedParam(call, lang, host, isMapUrl);
      const index = param ? parts.params.indexOf(param.text) : -1;
      if (index >= 0) {
        found.set(parts.name, { index, method: lang.id === 'python' && /^(?:self|cls)$/.test(parts.params[0] ?? '') });
        break;
      }
    }
  }
  cache.set(tree, found);
  return found;
}

/** The object literal a call of a helper posts: `postMapObjects({…})`, `api.postMapObjects({…})`. */
export function wrapperArgument(call: Node, lang: HostLanguage, host: string, isMapUrl: (n: Node) => boolean): Node | undefined {
  if (!FUNCTION_TYPES[lang.id]) return undefined;
  const callee = call.childForFieldName('function');
  const name = callee?.type === 'identifier' ? callee : (callee?.childForFieldName('property') ?? callee?.childForFieldName('attribute'));
  if (!name || name.endIndex - name.startIndex > 100) return undefined;
  const wrapper = mapWrappers(call.tree, lang, host, isMapUrl).get(name.text);
  if (!wrapper) return undefined;
  const index = wrapper.method && callee?.type === 'attribute' ? wrapper.index - 1 : wrapper.index;
  const arg = named(call.childForFieldName('arguments')).filter((a) => a.type !== 'keyword_argument')[index];
  return arg && (arg.type === 'object' || arg.type === 'dictionary') ? arg : undefined;
}
