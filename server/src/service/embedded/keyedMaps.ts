/**
 * Parameter maps built key by key: a variable given a map (`params = {…}`, `$p = []`,
 * `new HashMap<>()`, `url.Values{}`, `mutableMapOf()`, …) and then filled in the same function
 * (`params["list"] = …`, `$p['list'] = …`, `p[:list] = …`, `p.list = …` in JavaScript and Lua,
 * `p.put("list", …)`, `p.Add(…)`, `p.Set(…)`, `p.append(…)`, Jersey's `multiPart.field(…)`, Python
 * `p.update(…)`). The entries of the declaration and of every setting are read as one request when one of
 * them is `action`, or when the map is then handed to a wrapper that names the module (`noteHandedTo`,
 * `noteModuleArgument`).
 *
 * Such a map can be filled elsewhere too (a helper adding a token, a loop over options), so the
 * request is never closed: nothing is reported missing from it. A key set in a branch or a loop that does
 * not hold the declaration (`if t: p['titles'] = t` / `else: p['pageids'] = i`) may not be sent: it is
 * maybe absent (absentParams.ts), so the two branches are never judged as one request sending both.
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { isMapLiteral } from './mapLiterals';
import { readEntries, readValue, keyName, type Entry } from './objectEntries';
import { isStringNode } from './hostStrings';
import { MEDIAWIKI_API_GEM_OWN, TOKEN_ADDING } from './clientLibraries';
import { wclListName } from './wclLists';

/** One variable of one scope: its map declaration (if seen) and what is set on it after. */
export interface KeyedGroup {
  /** The declared map node (an object literal, a constructor call), if the scope declares it. */
  decl?: Node;
  declEntries: Entry[];
  /** `changes`: an augmented setting (`p.list += '|imageusage'`), so the key's value is known only at run time. */
  sets: Array<{ entry: Entry; node: Node; dot: boolean; changes?: boolean; branch?: boolean }>;
  /** The method the map is then handed to alone, named like a module (`$wikimate->edit($data)`): a wrapper that may add `action`. */
  handedTo?: { start: number; end: number };
  /** The map is then handed to a method that adds the token (`api.postWithToken('csrf', params)`, `TOKEN_ADDING`). */
  addsToken?: true;
  /** Keys the method it is handed to takes out for itself (the mediawiki_api gem's `token_type`): not wiki parameters. */
  ownNames?: ReadonlySet<string>;
  /** The `ListName` literal of the WikiClientLibrary class whose `EnumListParameters()` builds the map (wclLists.ts). */
  listName?: Node;
}

export interface KeyedState {
  open: Map<string, KeyedGroup>;
  done: KeyedGroup[];
  /** A C# file that may hold WikiClientLibrary's list classes (`mayHoldWclLists`). */
  wclLists: boolean;
}

export function newKeyedState(wclLists = false): KeyedState {
  return { open: new Map(), done: [], wclLists };
}

const BINDINGS = new Set([
  'assignment',
  'assignment_expression',
  'variable_declarator',
  'short_var_declaration',
  'local_variable_declaration',
  'property_declaration',
]);
const SETTINGS = new Set(['assignment', 'assignment_expression', 'variable_assignment', 'assignment_statement']);
/** `p.k += v`, `$p['k'] .= v`, Ruby `p[:k] += v` (JavaScript, TypeScript, Python, PHP, Ruby); Go, Kotlin and C# keep them in SETTINGS. */
const AUGMENTED = new Set(['augmented_assignment_expression', 'augmented_assignment', 'operator_assignment']);
const CALLS = new Set(['call', 'call_expression', 'method_invocation', 'invocation_expression', 'function_call']);
const WRAPPERS = new Set([
  'expression_list',
  'variable_list',
  'equals_value_clause',
  'variable_declaration',
  'variable',
  'argument',
  'value_argument',
  'indexing_suffix',
  'bracketed_argument_list',
]);
const NOT_NAMES = new Set(['binding_pattern_kind', 'modifiers', 'type_identifier', 'generic_type', 'implicit_type']);
const OBJECT_TYPES = new Set(['dictionary', 'object', 'array_creation_expression', 'table_constructor', 'hash', 'composite_literal']);
const MAP_CONSTRUCTOR =
  /^(?:new\s+)?(?:[\w.]+\.)?(?:\w*Map|\w*Dictionary|Hashtable|NameValueCollection|URLSearchParams|FormDataMultiPart|dict|OrderedDict|Hash\.new|mutableMapOf|hashMapOf|linkedMapOf|merge!?|make\(\s*(?:url|params)\.Values)\b/;
const SETTERS = /^(put|add|set|append|field|Add|Set|update)$/;
/** How such a call starts (`name.setter`, `$name->setter`), `noteCall`'s test below in one look at the source. */
const SETTER_CALL = /^\$?[A-Za-z_]\w*\s*(?:\.|->)\s*(?:put|add|set|append|field|Add|Set|update)(?!\w)/;
/** Languages where `p.name = v` sets a key of a map (objects and tables are maps there). */
const DOT_LANGUAGES = new Set(['javascript', 'typescript', 'typescriptreact', 'lua', 'r']);

function unwrap(node: Node | null | undefined): Node | undefined {
  let n = node ?? undefined;
  while (n && WRAPPERS.has(n.type) && n.namedChildren.length === 1) n = n.namedChildren[0] ?? undefined;
  return n;
}

/** A plain variable name (`params`, `$p`), or undefined. */
function variableName(node: Node | undefined): string | undefined {
  if (!node || node.endIndex - node.startIndex >= 80) return undefined;
  const text = node.text;
  return text.length < 80 && /^\$?[A-Za-z_]\w*$/.test(text) && text !== 'this' && text !== 'self' ? text : undefined;
}

function isMapValue(node: Node, lang: HostLanguage, host: string): boolean {
  // R's `list(…)` (WikipediR's `query_param <- list(action = "query", …)`).
  if (lang.id === 'r')
    return (
      node.type === 'call' &&
      /^(?:base::)?list\s*\($/.test(host.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 12)).replace(/\(.*$/s, '('))
    );
  // The first characters only: never the whole text of a huge expression.
  return (
    OBJECT_TYPES.has(node.type) ||
    isMapLiteral(node, lang) ||
    MAP_CONSTRUCTOR.test(host.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + 120)))
  );
}

function groupOf(state: KeyedState, scope: number, name: string): KeyedGroup {
  const key = `${scope}:${name}`;
  let g = state.open.get(key);
  if (!g) state.open.set(key, (g = { declEntries: [], sets: [] }));
  return g;
}

/** `name = <map>`: starts a new group for the variable in this scope. */
function noteBinding(state: KeyedState, node: Node, lang: HostLanguage, host: string, scope: number): boolean {
  let kids: Node[] | undefined;
  // read only when the binding has no field of that name (each read is calls into the runtime)
  const named = () => (kids ??= node.namedChildren.filter((c): c is Node => !!c && !NOT_NAMES.has(c.type) && c.type !== 'comment'));
  const right = unwrap(node.childForFieldName('right') ?? node.childForFieldName('value') ?? named()[named().length - 1]);
  if (!right || !isMapValue(right, lang, host)) return false;
  const left = unwrap(node.childForFieldName('left') ?? node.childForFieldName('name') ?? named()[0]);
  const name = variableName(left);
  if (!name || right === left) return false;
  const key = `${scope}:${name}`;
  const old = state.open.get(key);
  if (old?.sets.length) state.done.push(old);
  // Python's `dict(action=…)` and Ruby's `options.merge('action' => …)` give their entries as arguments.
  const source =
    right.type === 'call' && (lang.id === 'python' || lang.id === 'ruby' || lang.id === 'r')
      ? (right.childForFieldName('arguments') ?? right)
      : right;
  const group: KeyedGroup = { decl: source, declEntries: readEntries(source, lang, host).entries, sets: [] };
  if (state.wclLists && lang.id === 'csharp') group.listName = wclListName(node);
  state.open.set(key, group);
  return true;
}

/**
 * Node types of a branch or a loop in the grammars (`if_statement`, `else_clause`, `elif_clause`, Ruby's `if`
 * and `when`, Kotlin's `when_entry`, `switch_case`, `conditional_expression`, `catch_clause`, `for_statement`,
 * Lua's `repeat_statement`…): code inside one may not run each time the code around it does.
 */
const BRANCH =
  /(?:^|_)(?:if|unless|elsif|elif|elseif|else|case|when|switch|conditional|ternary|catch|except|rescue|for|foreach|while|until|repeat|loop|match)(?:_|$)|^do_statement$/;

/**
 * Whether a setting lies in a branch or loop that does not also hold the map's declaration (within its scope), and
 * whether that branch is the one a test of the wiki's version takes for old wikis (`if (Site.SiteInfo.Version < new
 * MediaWikiVersion(1, 23))`, `if site.mw_version < '1.23':`, `version_compare($v, '1.23', '<')`, or the `else` of a
 * `>=` test): `old`.
 */
function inBranch(node: Node, decl: Node | undefined, scope: number, host: string): false | 'branch' | 'old' {
  let found: false | 'branch' = false;
  for (let n = node.parent; n && n.startIndex >= scope; n = n.parent) {
    if (decl && n.startIndex <= decl.startIndex && decl.endIndex <= n.endIndex) return found;
    if (!BRANCH.test(n.type)) continue;
    found = 'branch';
    const test = n.childForFieldName('condition');
    // PHP's if_statement names its consequence `body`.
    const then = n.childForFieldName('consequence') ?? n.childForFieldName('body');
    if (!test || !then) continue;
    const older = olderFirst(host.slice(test.startIndex, Math.min(test.endIndex, test.startIndex + 200)));
    if (older === undefined) continue;
    const inThen = then.startIndex <= node.startIndex && node.endIndex <= then.endIndex;
    if (inThen === older) return 'old';
  }
  return found;
}

/** A comparison with the wiki's version on one side: the operator after it (`version < x`) or before it (`x > version`). */
const VERSION_TEST = /version\w*(?:\(\))?\)?\s*(?<before><(?!<)|>=?)|(?<after>>(?!>)|<=?)\s*[\w.]*version/i;

/** PHP's version_compare operators (`version_compare(a, b, 'lt')` is `a < b`): `<` for below, `>` for above. */
const PHP_VERSION_OPS: Readonly<Record<string, '<' | '>'>> = {
  '<': '<',
  lt: '<',
  '<=': '<',
  le: '<',
  '>': '>',
  gt: '>',
  '>=': '>',
  ge: '>',
};

/** An argument: text without commas or parentheses outside one level of nested parentheses. */
const ARG = String.raw`((?:[^(),]|\([^()]*\))*)`;
const VERSION_COMPARE = new RegExp(
  String.raw`version_compare\s*\(${ARG},${ARG}(?:,\s*['"]([<>=!a-z]+)['"])?\s*\)\s*([<>=!]={0,2}\s*-?\d+)?`,
  'i',
);
const COMPARE_TO = /([\w.$>()-]*)\.compareTo(?:IgnoreCase)?\s*\(((?:[^()]|\([^()]*\))*)\)\s*([<>=!]={0,2}\s*-?\d+)/;
/** A method of a version that tests it (`version.isAtLeast(1, 23)`, `getVersion().isOlderThan(…)`, `$api->versionAtLeast(…)`). */
const VERSION_METHOD =
  /(?:version\w*(?:\(\))?\s*(?:\.|->|::|\?\.)\s*(?:is)?|\b(?:is)?(?:mw|wiki|mediawiki)?version(?:is)?)(AtLeast|NewerThan|After|GreaterThan|OlderThan|Before|LessThan|Below)\s*\(/i;

/** What a comparison of a -1/0/1 result with a number keeps (`< 0`: below; `>= 0`: not below); undefined when both or neither. */
function signTest(test: string | undefined): '<' | '>' | undefined {
  const m = test && /([<>=!]={0,2})\s*(-?\d+)/.exec(test);
  if (!m) return undefined;
  const n = Number(m[2]);
  const holds = (r: number): boolean => {
    switch (m[1]) {
      case '<':
        return r < n;
      case '<=':
        return r <= n;
      case '>':
        return r > n;
      case '>=':
        return r >= n;
      case '==':
      case '===':
        return r === n;
      case '!=':
      case '!==':
        return r !== n;
      default:
        return false;
    }
  };
  const below = holds(-1);
  const above = holds(1);
  return below && !above ? '<' : above && !below ? '>' : undefined;
}

/**
 * Whether the consequence of a test of the wiki's version is for the older wikis (`version < X`, `X > version`,
 * `version_compare($v, '1.23', '<')`, `getVersion().compareTo(x) < 0`, `!version.isAtLeast(1, 23)`): true; for the
 * newer ones: false; not such a test: undefined.
 */
function olderFirst(test: string): boolean | undefined {
  if (!/version/i.test(test)) return undefined;
  const negated = /^\s*\(?\s*!(?!=)/.test(test);
  const turn = (older: boolean): boolean => (negated ? !older : older);
  const vc = VERSION_COMPARE.exec(test);
  if (vc) {
    const op = vc[3] ? PHP_VERSION_OPS[vc[3].toLowerCase()] : signTest(vc[4]);
    if (!op) return undefined;
    const versionFirst = /version/i.test(vc[1]) || !/version/i.test(vc[2]);
    return turn((op === '<') === versionFirst);
  }
  const ct = COMPARE_TO.exec(test);
  if (ct) {
    const op = signTest(ct[3]);
    if (!op) return undefined;
    const versionFirst = /version/i.test(ct[1]) || !/version/i.test(ct[2]);
    return turn((op === '<') === versionFirst);
  }
  const method = VERSION_METHOD.exec(test);
  if (method) return turn(/^(?:OlderThan|Before|LessThan|Below)$/i.test(method[1]));
  const m = VERSION_TEST.exec(test);
  if (!m) return undefined;
  // `version < X` (`X > version`): the consequence is for the older wikis; `version >= X`: the alternative is.
  return m.groups!.before !== undefined ? m.groups!.before.startsWith('<') : m.groups!.after!.startsWith('>');
}

/**
 * Records a setting of a key on the scope's map `name`. A key set only in the branch a test of the wiki's version takes
 * for older wikis is left out (WikiClientLibrary sends `srredirects` to wikis older than 1.23 only): the checker knows
 * no wiki that old; the other branch is kept, as any branch is (maybe absent).
 */
function pushSet(state: KeyedState, scope: number, name: string, set: KeyedGroup['sets'][number], host: string): void {
  // `p.key = v` on a variable with no map declaration in the scope is any object's property (`req.timeout = 5`,
  // `module.exports = …`), never read as a parameter (`keyedMaps`); a declaration after it starts a new group. Not
  // kept: a file of 100,000 such settings held each one's node and entry to the end of the walk.
  if (set.dot && !state.open.get(`${scope}:${name}`)?.decl) return;
  const group = groupOf(state, scope, name);
  const where = inBranch(set.node, group.decl, scope, host);
  if (where === 'old') return;
  if (where) set.branch = true;
  group.sets.push(set);
}

/**
 * Swift's `name["key"] = v`: the grammar reads the subscript as a call (`directly_assignable_expression` holding
 * `call_expression` of the name and a `call_suffix` of the key), so the name and the key node are taken from there.
 */
function swiftSubscript(target: Node | null | undefined): Node[] {
  const call = target?.type === 'directly_assignable_expression' ? target.namedChildren[0] : undefined;
  if (call?.type !== 'call_expression' || call.namedChildren.length !== 2) return [];
  const [name, suffix] = call.namedChildren;
  const args = suffix?.type === 'call_suffix' ? suffix.namedChildren[0] : undefined;
  const key =
    args?.type === 'value_arguments' && args.namedChildren.length === 1 ? args.namedChildren[0]?.childForFieldName('value') : undefined;
  return name && key ? [name, key] : [];
}

/** `name[key] = v` / `name.key = v`; `name.key += v` and the like make the key's value unknown. */
function noteSetting(state: KeyedState, node: Node, lang: HostLanguage, host: string, scope: number): void {
  const swift = lang.id === 'swift';
  const target = swift ? node.childForFieldName('target') : undefined;
  const left = swift ? target : unwrap(node.childForFieldName('left') ?? node.namedChildren[0]);
  const right = unwrap(node.childForFieldName('right') ?? node.namedChildren[node.namedChildren.length - 1]);
  const parts = swift ? swiftSubscript(target) : (left?.namedChildren.filter((c): c is Node => !!c) ?? []);
  if (!left || !right || parts.length !== 2) return;
  const name = variableName(parts[0]);
  const keyNode = unwrap(parts[1]);
  if (!name || !keyNode) return;
  const dot = !host.slice(parts[0].endIndex, keyNode.startIndex).includes('[');
  if (dot ? !DOT_LANGUAGES.has(lang.id) : !(isStringNode(keyNode, lang) || keyNode.type === 'simple_symbol')) return;
  const key = keyName(keyNode, lang, host);
  if (!key) return;
  const changes = AUGMENTED.has(node.type) || host.slice(left.endIndex, right.startIndex).trim() !== '=';
  const value = changes ? { kind: 'unknown' as const, node: right } : readValue(right, lang, host);
  pushSet(state, scope, name, { entry: { name: key, value }, node, dot, changes }, host);
}

/**
 * `$wikimate->edit($data)`, `api.delete(params)`: a map of this scope handed alone to a method named with a plain
 * lower-case word, which may be a wrapper that sets `action` to it (Wikimate's `edit($array)` sets `action=edit`).
 * The word is a module only if the catalogue says so (embeddedCheck.ts, `actionBeside`).
 */
function noteHandedTo(state: KeyedState, node: Node, host: string, scope: number): void {
  if (node.endIndex - node.startIndex > 130) return;
  const m = HANDED_TO.exec(host.slice(node.startIndex, node.endIndex));
  if (!m?.indices?.[1]) return;
  const group = state.open.get(`${scope}:${m[2]}`);
  // A map declared in the scope, or one it fills by keys (a parameter: Wikimate's `uploadCommon(array $params, …)`).
  if (!group || (!group.decl && group.sets.filter((s) => !s.dot).length < 2)) return;
  group.handedTo = { start: node.startIndex + m.indices[1][0], end: node.startIndex + m.indices[1][1] };
}

/**
 * `this.getActionResult("delete", params, token, lFormData)`: a map of this scope handed to a call whose first
 * argument is a string naming a module (Mediawiki-Japi sends its form data so, with `action` that string). The
 * string is a module only if the catalogue says so, as for `noteHandedTo`.
 */
function noteModuleArgument(state: KeyedState, node: Node, host: string, scope: number): void {
  if (node.endIndex - node.startIndex > 200) return;
  const m = MODULE_FIRST.exec(host.slice(node.startIndex, node.endIndex));
  const word = m?.indices?.groups?.quoted ?? m?.indices?.groups?.symbol;
  if (!m?.groups || !word) return;
  const callee = m.groups.callee.replace(/\s+/g, '');
  // `api.postWithToken( 'csrf', params )`: the word is the token's type, and the method adds the token.
  const addsToken = TOKEN_ADDING.test(callee);
  for (const arg of m.groups.rest.split(',')) {
    const group = state.open.get(`${scope}:${arg.trim()}`);
    if (!group?.decl) continue;
    if (addsToken) group.addsToken = true;
    else {
      group.handedTo = { start: node.startIndex + word[0], end: node.startIndex + word[1] };
      // The mediawiki_api gem's `action(:login, params)` takes its own keys out (`token_type`, …).
      if (m.groups.symbol && /(?:^|\.)action$/.test(callee)) group.ownNames = MEDIAWIKI_API_GEM_OWN;
    }
  }
}

/**
 * A call's whole text `….name("module", a, b)`: a quoted lower-case word first (or a Ruby symbol, the mediawiki_api
 * gem's `action(:login, params)`), then plain arguments.
 */
const MODULE_FIRST =
  /^(?<callee>(?:[\w$]+\s*(?:\.|->|::)\s*)*[\w$]+)\s*\(\s*(?:(["'])(?<quoted>[a-z][a-z0-9-]*)\2|:(?<symbol>[a-z][a-z0-9_]*))\s*,(?<rest>(?:[^()"']|"[^"]*"|'[^']*')*)\)$/d;

/** `api.postWithEditToken( params )`: the map is sent with the token the method adds. */
function noteTokenAdding(state: KeyedState, node: Node, host: string, scope: number): void {
  if (node.endIndex - node.startIndex > 130) return;
  const m = /^((?:[\w$]+\s*\.\s*)*postWithEditToken)\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)]/.exec(host.slice(node.startIndex, node.endIndex));
  const group = m ? state.open.get(`${scope}:${m[2]}`) : undefined;
  if (group?.decl) group.addsToken = true;
}

/** A call's whole text `….name($var)` (PHP `->`, or `.`), one plain variable as its only argument. */
const HANDED_TO = /^[\w$]+(?:\s*(?:->|\.)\s*[\w$]+)*\s*(?:->|\.)\s*([a-z]+)\s*\(\s*(\$?[A-Za-z_]\w*)\s*\)$/d;

/** `name.put(key, v)` and the like; Python's `name.update({…})` / `name.update(key=v)`. */
function noteCall(state: KeyedState, node: Node, lang: HostLanguage, host: string, scope: number): void {
  if (state.open.size) {
    noteHandedTo(state, node, host, scope);
    noteModuleArgument(state, node, host, scope);
    noteTokenAdding(state, node, host, scope);
  }
  // most calls are not `name.setter(…)`: told from the source before any look at the node's children
  if (!SETTER_CALL.test(host.slice(node.startIndex, node.startIndex + 130))) return;
  const argsNode =
    node.childForFieldName('arguments') ??
    node.namedChildren.find((c) => c?.type === 'call_suffix')?.namedChildren.find((c) => c?.type === 'value_arguments');
  if (!argsNode) return;
  if (argsNode.startIndex - node.startIndex > 120) return;
  const m = /^(\$?[A-Za-z_]\w*)\s*(?:\.|->)\s*(\w+)$/.exec(host.slice(node.startIndex, argsNode.startIndex).trim());
  if (!m || !SETTERS.test(m[2]) || m[1] === 'this' || m[1] === 'self') return;
  const args = argsNode.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment').map((c) => unwrap(c) ?? c);
  if (m[2] === 'update') {
    if (lang.id !== 'python') return;
    const source = args.length === 1 && args[0].type === 'dictionary' ? args[0] : argsNode;
    for (const entry of readEntries(source, lang, host).entries) pushSet(state, scope, m[1], { entry, node, dot: false }, host);
    return;
  }
  if (args.length !== 2 || !isStringNode(args[0], lang)) return;
  const key = keyName(args[0], lang, host);
  if (key) pushSet(state, scope, m[1], { entry: { name: key, value: readValue(args[1], lang, host) }, node, dot: false }, host);
}

/** The node types `noteKeyed` reads (the finder's walk looks only at the types it reads). */
export const KEYED_TYPES: readonly string[] = [
  ...BINDINGS,
  ...SETTINGS,
  ...AUGMENTED,
  ...CALLS,
  'assignment_statement',
  'member_call_expression',
  // R's assignments
  'binary_operator',
];

const R_ASSIGN = new Set(['<-', '=', '<<-']);

/** Looks at one node of the walk (`scope`: start of the enclosing function or file). */
export function noteKeyed(state: KeyedState, node: Node, lang: HostLanguage, host: string, scope: number): void {
  const t = node.type;
  // R: `q <- list(…)`, `q$name <- v` (also `=`, `<<-`) are binary operators.
  if (lang.id === 'r') {
    if (
      t === 'binary_operator' &&
      R_ASSIGN.has(node.childForFieldName('operator')?.type ?? '') &&
      !noteBinding(state, node, lang, host, scope)
    )
      noteSetting(state, node, lang, host, scope);
    else if (t === 'call') noteCall(state, node, lang, host, scope);
    return;
  }
  // Lua writes `p = {…}` (and `local p = {…}` around it) and `p.k = v` as the same assignment statement.
  const binds = BINDINGS.has(t) || (t === 'assignment_statement' && lang.id === 'lua');
  if (binds && noteBinding(state, node, lang, host, scope)) return;
  if (SETTINGS.has(t) || AUGMENTED.has(t)) noteSetting(state, node, lang, host, scope);
  else if (CALLS.has(t)) noteCall(state, node, lang, host, scope);
  // PHP's `$api->edit($data)` (its setter calls are not read: `$p->set(…)` is rarely a map's)
  else if (t === 'member_call_expression' && state.open.size) {
    noteHandedTo(state, node, host, scope);
    noteModuleArgument(state, node, host, scope);
  }
}

/** A map built key by key: its declaration node (if any), its entries in order, its host range. */
export interface KeyedMap {
  decl?: Node;
  entries: Entry[];
  start: number;
  end: number;
  /** Host range of the method name the map is handed to, when it names no `action` itself (`noteHandedTo`). */
  handedTo?: { start: number; end: number };
  /** Handed to a method that adds the token. */
  addsToken?: true;
  /** The `ListName` literal of the WikiClientLibrary class that builds it: sent with `action=query&list=` that name. */
  listName?: Node;
  /** Keys were set after the declaration (else the declaration alone, handed to a method that adds the token). */
  filled: boolean;
}

/** Whether an entry's value is text written whole in the source. */
function literalText(entry: Entry): boolean {
  return entry.value.kind === 'text' && !entry.value.text.hasHole();
}

/** The maps that were given keys after their declaration and name an `action`. */
export function keyedMaps(state: KeyedState): KeyedMap[] {
  const out: KeyedMap[] = [];
  for (const g of [...state.done, ...state.open.values()]) {
    const sets = g.sets;
    if (!sets.length && !g.handedTo && !g.addsToken) continue;
    const own = g.ownNames;
    const entries = own ? g.declEntries.filter((e) => !own.has(e.name.text)) : [...g.declEntries];
    // Each name's first entry, by name: looking it up in the list for each setting was quadratic (100,000 settings of
    // one map, a 1.8 MB file: over two minutes).
    const firstAt = new Map<string, number>();
    entries.forEach((e, i) => {
      if (!firstAt.has(e.name.text)) firstAt.set(e.name.text, i);
    });
    for (const s of sets) {
      if (own?.has(s.entry.name.text)) continue;
      const at = firstAt.get(s.entry.name.text) ?? -1;
      if (at >= 0 && s.changes) entries[at] = { ...entries[at], value: s.entry.value };
      // A key also set outside any branch is sent (`action` is never taken as maybe absent: it names the request).
      if (at >= 0 && !s.branch && entries[at].maybeAbsent) entries[at] = { name: entries[at].name, value: entries[at].value };
      if (at >= 0) continue;
      firstAt.set(s.entry.name.text, entries.length);
      entries.push(s.branch && s.entry.name.text !== 'action' ? { ...s.entry, maybeAbsent: true } : s.entry);
    }
    // No declaration, and `action` set to what the caller gave (mwclient's `raw_index(action, **kwargs)`:
    // `kwargs['action'] = action`): a wrapper's generic builder, which may serve index.php too, not one request.
    const actionAt = firstAt.get('action');
    if (!g.decl && actionAt !== undefined && !literalText(entries[actionAt])) continue;
    const handedTo = firstAt.has('action') ? undefined : g.handedTo;
    const listName = firstAt.has('action') || firstAt.has('list') ? undefined : g.listName;
    if (!firstAt.has('action') && !handedTo && !listName) continue;
    if (!sets.length && !handedTo && !g.addsToken) continue;
    const nodes = [...(g.decl ? [g.decl] : []), ...sets.map((s) => s.node)];
    // A loop, not Math.min(...nodes): spread arguments of some hundred thousand settings overflow the stack.
    let start = Infinity;
    let end = -Infinity;
    for (const n of nodes) {
      start = Math.min(start, n.startIndex);
      end = Math.max(end, n.endIndex);
    }
    out.push({
      decl: g.decl,
      entries,
      start,
      end,
      handedTo,
      addsToken: g.addsToken,
      listName,
      filled: sets.length > 0,
    });
  }
  return out;
}
