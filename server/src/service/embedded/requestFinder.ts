/**
 * The finder: MediaWiki API requests in a host language's syntax tree, each as a virtual query
 * string (`name=value&…`) whose every character maps back to the host file.
 *
 * Forms: URL and query-string literals (`…api.php?…`, `action=…`, `?action=…`, also across
 * concatenations), parameter objects (dicts, objects, arrays, tables, `url.Values`, hashes) that
 * name an `action` or are handed to a MediaWiki client, Python keyword arguments of mwclient and
 * pywikibot calls, and Retrofit annotations (`@GET("…api.php?…")` with `@Query`/`@QueryMap`).
 * The finder only finds; whether a candidate is a MediaWiki request is decided with the catalogue
 * (embeddedCheck.ts).
 */
import { SOURCE_FILE_LIMITS } from '../../../../common/sourceFileLimits';
import type { Language, Node, Point, Tree } from 'web-tree-sitter';
import type { OffsetRange } from '../languageTypes';
import type { HostLanguage } from './hostLanguages';
import { decodeExpression, isConcatNode, isStringNode } from './hostStrings';
import { readEntries, type Entries } from './objectEntries';
import {
  appendAddedToken,
  appendDefaults,
  clientOfCall,
  entriesToQuery,
  namesMwn,
  type ClientKind,
  type FileClients,
} from './clientLibraries';
import { PAIR_FRAGMENT, urlQueryOf } from './urlQuery';
import { isMapLiteral, MAP_LITERAL_TYPES } from './mapLiterals';
import { curlRequest } from './curlCommand';
import { builderChain } from './builderChains';
import { KEYED_TYPES, keyedMaps, newKeyedState, noteKeyed, type KeyedState } from './keyedMaps';
import { mayHoldWclLists, wclListName } from './wclLists';
import { MappedText } from './virtualText';
import { entryTemplate, type EntryTemplate } from './paramAdder';
import { mapPostOf, namesMapServer } from './mapPosts';
import { POST_CALL_TYPES } from './mapPostCalls';
import { namesMediaWiki } from './mediawikiNames';

export type RequestForm =
  'url' | 'concat' | 'dict' | 'kwargs' | 'object' | 'array' | 'table' | 'values' | 'hash' | 'map' | 'builder' | 'annotation' | 'json';

/** One request candidate found in a host file. */
export interface FoundRequest {
  /** `map`: a map-object query posted to `…/api/mapobjects/` (its `query` is the JSON body); else a MediaWiki API request. */
  service?: 'map';
  language: string;
  form: RequestForm;
  client: ClientKind;
  /** Host range of the whole request (the literal, the concatenation, the object or the call). */
  range: OffsetRange;
  /** The request as a query string (an absolute `…/api.php?` prefix kept), mapped to the host. */
  query: MappedText;
  /** False when parameters can come from elsewhere at run time (spread, `**kwargs`, `@QueryMap`, a dynamic name). */
  closed: boolean;
  /** Whether the file names a MediaWiki API or client (`namesMediaWiki`): without it, no request is judged. */
  namesApi: boolean;
  /** Virtual offset where the parameters the client adds by default begin (`format=json`…), if any. */
  impliedFrom?: number;
  /** Virtual offset of the `token` pair a method that adds it sends (`postWithToken`), after the defaults. */
  tokenFrom?: number;
  /** An object without `action` naming a query module: `action=query` is assumed (a wrapper adds it). */
  impliedAction?: true;
  /** A URL literal without `action` that ends in `&`: the start other strings are appended to, not a request. */
  prefix?: true;
  /** How one more entry is written in an object's syntax (the fixes that add a parameter); none for URL forms. */
  entryTemplate?: EntryTemplate;
  /**
   * The `action` is a string argument beside the parameters, handed to a wrapper (`GET('query', {…})`,
   * `getActionResult("login", "&lgname=…")`): a candidate only when it names an action module (embeddedCheck.ts).
   */
  actionBeside?: true;
  /**
   * Virtual ranges of pairs the client may leave out at run time (a Retrofit `@Query` whose argument may
   * be null): a verdict stands only if it holds whichever of them are sent (absentParams.ts).
   */
  mayBeAbsent?: OffsetRange[];
  /**
   * Host range of the map literal a request filled key by key was declared with: when its own pairs are a request,
   * keys set after it that no module knows are that request's slips, not a sign it is none (embeddedCheck.ts).
   */
  declared?: OffsetRange;
}

const OBJECT_FORMS: Record<string, RequestForm> = {
  dictionary: 'dict',
  object: 'object',
  array_creation_expression: 'array',
  table_constructor: 'table',
  hash: 'hash',
  composite_literal: 'values',
};

/** Deepest syntax node visited. */
const MAX_DEPTH = 400;

/**
 * Most requests found in one file (a generated file full of URLs stays bounded): one more than are read, so that
 * a file past the limit is known and said (sourceLimits.ts).
 */
const MAX_REQUESTS = SOURCE_FILE_LIMITS.requests + 1;

interface Walk {
  lang: HostLanguage;
  host: string;
  out: FoundRequest[];
  /** Start offsets of string nodes already read as part of a concatenation. */
  used: Set<number>;
  fileNamesApi: boolean;
  /** The client a parameter object outside any known call is sent with, when the file says (a Python file using requests). */
  fileClient: ClientKind;
  /** The client libraries the file names (the mediawiki_api gem's wrappers, mwn's `query`). */
  clients: FileClients;
  /** Maps built key by key, and the start of the function (or file) the walk is in. */
  keyed: KeyedState;
  scope: number;
  /** Start offsets of Java call chains already read (a chain's inner calls start where it starts). */
  chains: Set<number>;
  /** The file names the map server's object query (`namesMapServer`): its calls may post map queries. */
  mapFile: boolean;
}

/** A literal handed to `new URL(…)` in JavaScript/TypeScript: its `searchParams` may be set after, so it lacks nothing. */
function givenToUrlObject(node: Node): boolean {
  const args = node.parent;
  const call = args?.type === 'arguments' ? args.parent : undefined;
  return call?.type === 'new_expression' && call.childForFieldName('constructor')?.text === 'URL';
}

/**
 * A string argument naming a module just before this one (`getActionResult("login", "&lgname=" + user)`):
 * the wrapper sends `action=login` and appends the fragment.
 */
function actionArgumentBefore(node: Node, lang: HostLanguage, host: string): { action: MappedText; node: Node } | undefined {
  let arg: Node | null = node;
  if (arg.parent && ARGUMENT_WRAPPERS.has(arg.parent.type)) arg = arg.parent;
  if (!arg.parent || !ARGUMENT_LISTS.has(arg.parent.type)) return undefined;
  let before = arg.previousNamedSibling;
  if (before && ARGUMENT_WRAPPERS.has(before.type)) before = before.namedChildren[0];
  if (!before || !isStringNode(before, lang)) return undefined;
  const action = decodeExpression(before, lang, host);
  return !action.hasHole() && /^[a-z][a-z0-9-]*$/.test(action.text) ? { action, node: before } : undefined;
}

const ARGUMENT_LISTS = new Set(['argument_list', 'arguments', 'value_arguments']);
/** Nodes that hold one argument (PHP's `argument`, Kotlin's `value_argument`). */
const ARGUMENT_WRAPPERS = new Set(['argument', 'value_argument']);

function addUrl(w: Walk, node: Node): void {
  const text = decodeExpression(node, w.lang, w.host);
  const found = urlQueryOf(text, true);
  if (!found) {
    if (PAIR_FRAGMENT.test(text.text)) addActionFragment(w, node, text);
    return;
  }
  const annotation = retrofitMethod(node);
  const form: RequestForm = annotation ? 'annotation' : isConcatNode(node, w.lang) ? 'concat' : 'url';
  const request: FoundRequest = {
    language: w.lang.id,
    form,
    client: annotation ? 'retrofit' : 'http',
    range: { start: node.startIndex, end: node.endIndex },
    query: found.query,
    closed: !found.query.hasHole() && !givenToUrlObject(node),
    namesApi: w.fileNamesApi,
  };
  // `"w/api.php?format=json&formatversion=2&"` on its own (a constant the requests are written after):
  // a prefix, not a request.
  if (form === 'url' && /&$/.test(found.query.text) && !/(?:^|[?&])action=/.test(found.query.text)) request.prefix = true;
  if (annotation) addRetrofitParams(w, annotation, request);
  // `"&meta=siteinfo&siprop=general"` handed to a wrapper that puts it after `action=query`: read as such,
  // open (the wrapper may add more), judged only as the objects without `action` are (`impliedAction`).
  if (found.fragment && !annotation) {
    request.impliedFrom = appendImpliedQuery(request.query, node.endIndex);
    request.impliedAction = true;
    request.closed = false;
  }
  w.out.push(request);
}

/**
 * `getActionResult("login", "&lgname=" + user)` (Mediawiki-Japi): a fragment of pairs handed to a wrapper with
 * the module it sends as `action`, the argument before. Open: the wrapper may add more (a token, form data).
 */
function addActionFragment(w: Walk, node: Node, text: MappedText): void {
  const before = actionArgumentBefore(node, w.lang, w.host);
  if (!before) return;
  const { action } = before;
  const query = new MappedText();
  query.push('action=', action.starts[0], action.starts[0]);
  query.append(action);
  let end = 1;
  while (end < text.text.length && !/[\s"'<>`#]/.test(text.text[end])) end++;
  query.append(text, 0, end);
  w.out.push({
    language: w.lang.id,
    form: isConcatNode(node, w.lang) ? 'concat' : 'url',
    client: 'http',
    range: { start: before.node.startIndex, end: node.endIndex },
    query,
    closed: false,
    namesApi: w.fileNamesApi,
    actionBeside: true,
  });
}

const DECLARATIONS = new Set(['method_declaration', 'function_declaration', 'property_declaration']);

/** The method a Retrofit `@GET`/`@POST`/… annotation holding this string belongs to. */
function retrofitMethod(node: Node): Node | undefined {
  let n: Node | null = node.parent;
  for (let i = 0; n && i < 6; i++, n = n.parent) {
    if (n.type === 'annotation') {
      // `@GET(…)`, and Kotlin's use-site forms such as `@get:GET(…)` on a property.
      if (!/^@\s*(?:(?:get|set|field|param):)?\s*(GET|POST|HTTP|DELETE|PUT|HEAD|PATCH)\b/.test(n.text)) return undefined;
      let m: Node | null = n.parent;
      while (m && !DECLARATIONS.has(m.type)) m = m.parent;
      return m ?? n;
    }
  }
  return undefined;
}

/** `@Query("name")`/`@Field("name")` parameters add names with unknown values; `@QueryMap` opens the request. */
function addRetrofitParams(w: Walk, method: Node, request: FoundRequest): void {
  const params = method.childForFieldName('parameters') ?? method.namedChildren.find((c) => c?.type === 'function_value_parameters');
  for (const a of params?.descendantsOfType(['annotation', 'marker_annotation']) ?? []) {
    if (!a) continue;
    const name = /^@\s*(\w+)/.exec(a.text)?.[1];
    if (name === 'QueryMap' || name === 'FieldMap') request.closed = false;
    if (name !== 'Query' && name !== 'Field') continue;
    const literal = a.descendantsOfType(Object.keys(w.lang.strings))[0];
    if (!literal) continue;
    const key = decodeExpression(literal, w.lang, w.host);
    if (key.hasHole() || !key.text) continue;
    const from = request.query.text.length;
    if (request.query.text && !/[?&]$/.test(request.query.text)) request.query.push('&', literal.startIndex, literal.startIndex);
    request.query.append(key);
    request.query.push('=', literal.endIndex, literal.endIndex);
    const holder = a.parent?.nextNamedSibling ?? a;
    request.query.pushHole(holder.startIndex, holder.endIndex);
    if (retrofitMayOmit(a)) (request.mayBeAbsent ??= []).push({ start: from, end: request.query.text.length });
    // the request reaches over its parameters' names, so that fixes, hover and completion there find it
    request.range.end = Math.max(request.range.end, literal.endIndex);
  }
}

/** Java's primitive types: an argument of one is never null. */
const JAVA_PRIMITIVES = new Set(['integral_type', 'floating_point_type', 'boolean_type']);
/** Annotations that say a Java argument is never null. */
const NON_NULL = /^@\s*(?:[\w.]+\.)?(?:NonNull|NotNull|Nonnull)\b/;
/** Collection types: Retrofit sends one pair per item, so an empty one sends none. */
const COLLECTIONS = /^(?:(?:Mutable)?(?:List|Set|Collection|Iterable)|Array|\w+Array)\b/;

/**
 * Whether Retrofit may leave out the parameter a `@Query`/`@Field` annotation stands on: its
 * `ParameterHandler.Query`/`Field` skip a null value, and an empty list or array adds no pair. A
 * Kotlin parameter may be null when its type is nullable (`String?`); a Java one unless its type is
 * primitive or it is annotated non-null.
 */
function retrofitMayOmit(annotation: Node): boolean {
  const holder = annotation.parent;
  if (holder?.type === 'parameter_modifiers') {
    // Kotlin: `@Query("titles") titles: String?`
    const type = holder.nextNamedSibling?.type === 'parameter' ? holder.nextNamedSibling.namedChildren[1] : undefined;
    if (!type) return false;
    return type.type === 'nullable_type' || COLLECTIONS.test(type.text);
  }
  const parameter = holder?.type === 'modifiers' ? holder.parent : undefined;
  if (parameter?.type === 'spread_parameter') return true;
  if (parameter?.type !== 'formal_parameter') return false;
  const type = parameter.childForFieldName('type');
  if (!type || JAVA_PRIMITIVES.has(type.type)) return false;
  return !holder!.namedChildren.some((m) => !!m && NON_NULL.test(m.text));
}

/** Most entries of Java's `Map.of` (and Guava's `ImmutableMap.of`): one more does not compile. */
const JAVA_MAP_OF_MAX: Record<string, number> = { Map: 10, ImmutableMap: 5 };

/** How one more entry of an object-like node is written, when the source shows it safely. */
function templateOf(node: Node, entries: Entries, w: Walk): EntryTemplate | undefined {
  let single = true;
  if (w.lang.id === 'java' && node.type === 'method_invocation') {
    const max = JAVA_MAP_OF_MAX[node.childForFieldName('object')?.text ?? ''];
    if (max !== undefined && entries.entries.length >= max) return undefined;
    // `Map.ofEntries(entry(…))`: no `, ` list of its own to copy one entry into.
    single = node.childForFieldName('name')?.text === 'of';
  }
  if (w.lang.id === 'csharp' && node.type === 'object_creation_expression') single = false;
  return entryTemplate(entries.entries, w.host, single);
}

function hasActionKey(entries: Entries): boolean {
  return entries.entries.some((e) => e.name.text === 'action');
}

const QUERY_SELECTORS = new Set(['list', 'prop', 'meta', 'generator']);

/**
 * An object without `action` that names a query module (`{ list: 'backlinks', bltitle: t }`), as
 * MediaWiki::Butt, the `wikipedia` library and other wrappers build them before adding
 * `action=query` themselves: read as `action=query`, open (the wrapper may add more). Whether it
 * is a MediaWiki request is judged with the catalogue (`impliedAction`, embeddedCheck.ts).
 */
function selectsQueryModule(entries: Entries): boolean {
  return (
    entries.entries.length >= 2 &&
    entries.entries.some(
      (e) => QUERY_SELECTORS.has(e.name.text) && e.value.kind === 'text' && !e.value.text.hasHole() && !!e.value.text.text,
    )
  );
}

/** Appends the `action=query` a wrapper adds, placed at host offset `at`; returns where it begins in the virtual text. */
function appendImpliedQuery(query: MappedText, at: number): number {
  const from = query.text.length;
  query.push(`${from ? '&' : ''}action=query`, at, at);
  return from + (from ? 1 : 0);
}

/**
 * Appends the `action=query&list=NAME` WikiClientLibrary sends with a list class's parameters, the name read from its
 * `ListName` literal (so a verdict on it lands there); returns where the pair of `action` begins.
 */
function appendListModule(query: MappedText, literal: Node, w: Walk, at: number): number {
  const from = appendImpliedQuery(query, at);
  query.push('&list=', literal.startIndex, literal.startIndex);
  query.append(decodeExpression(literal, w.lang, w.host));
  return from;
}

/** Go composite literals read as parameters: `url.Values`, `params.Values`, and maps from string to string or any value. */
const GO_PARAM_TYPES = /^(?:(?:url|params)\s*\.\s*Values|map\s*\[\s*string\s*\]\s*(?:string|any|interface\s*\{\s*\}))$/;

function addObject(w: Walk, node: Node, form: RequestForm): void {
  // Go: net/url's url.Values, go-mwclient's params.Values, and maps keyed by string (`map[string]string{…}`,
  // as go-wiki builds its requests before handing them to its requester).
  if (form === 'values' && !GO_PARAM_TYPES.test(node.childForFieldName('type')?.text ?? '')) return;
  const client = { ...clientOfCall(node, w.lang, w.host, w.clients) };
  if (client.kind === 'unknown') client.kind = w.fileClient;
  const entries = readEntries(node, w.lang, w.host, client.skipNames);
  if (!entries.entries.length) return;
  const impliedAction = !hasActionKey(entries) && !(client.mediawiki && client.holdsParams) && selectsQueryModule(entries);
  // WikiClientLibrary's `EnumListParameters()` dictionary: the list module is the class's `ListName` (wclLists.ts).
  const listName =
    w.keyed.wclLists && !hasActionKey(entries) && !entries.entries.some((e) => e.name.text === 'list') ? wclListName(node) : undefined;
  if (!hasActionKey(entries) && !(client.mediawiki && client.holdsParams) && !impliedAction && !listName) return;
  const mayBeAbsent: OffsetRange[] = [];
  const query = entriesToQuery(entries.entries, client.kind, client.action, mayBeAbsent, client);
  const defaultsFrom = appendDefaults(query, client.kind, node.endIndex);
  const tokenFrom =
    client.addsToken && !entries.entries.some((e) => e.name.text === 'token') ? appendAddedToken(query, node.endIndex) : undefined;
  const impliedFrom = defaultsFrom ?? tokenFrom;
  const actionFrom = listName
    ? appendListModule(query, listName, w, node.endIndex)
    : impliedAction
      ? appendImpliedQuery(query, node.endIndex)
      : undefined;
  w.out.push({
    language: w.lang.id,
    form,
    client: client.kind,
    range: { start: node.startIndex, end: node.endIndex },
    query,
    impliedFrom: impliedFrom ?? actionFrom,
    tokenFrom,
    // the gem's list(:x, …): judged as an object whose wrapper adds action=query (a module named, no name foreign)
    impliedAction: impliedAction || !!listName || !!client.selector || undefined,
    // Ruby's `options.merge('action' => …)`: the options bring more.
    closed:
      !impliedAction &&
      !listName &&
      !client.beside &&
      entries.closed &&
      !isConfigField(node) &&
      !(w.lang.id === 'r' && givenAsHttpQuery(node)) &&
      !(node.type === 'argument_list' && /\bmerge!?\s*\($/.test(w.host.slice(Math.max(0, node.startIndex - 8), node.startIndex + 1))),
    namesApi: w.fileNamesApi,
    entryTemplate: templateOf(node, entries, w),
    mayBeAbsent: mayBeAbsent.length ? mayBeAbsent : undefined,
    actionBeside: client.beside,
  });
}

/** Nodes that hold a call's arguments: an object there is handed to the call as it is written. */
const ARGUMENT_HOLDERS = new Set(['arguments', 'argument_list', 'argument']);

/**
 * A parameter object that is the value of a key of another object which no call is given where it is written (Lua's
 * `local Wikipedia = { wiki_search_params = { action = "query", … } }`, a module's table of request templates): its
 * users may add pairs before sending it (KOReader appends `gsrsearch=` to the pairs it writes out), so it is open.
 */
function isConfigField(node: Node): boolean {
  const entry = node.parent;
  if (!entry || (entry.type !== 'field' && entry.type !== 'pair' && entry.type !== 'array_element_initializer')) return false;
  const outer = entry.parent;
  return !!outer && !ARGUMENT_HOLDERS.has(outer.parent?.type ?? '');
}

/** mwclient `site.api('query', list=…)` / `site.get('query', …)` and pywikibot `simple_request(action=…)`. */
function addKwargs(w: Walk, call: Node): void {
  const args = call.childForFieldName('arguments');
  if (!args || !args.namedChildren.some((k) => k?.type === 'keyword_argument')) return;
  const client = clientOfCall(args, w.lang, w.host);
  if (!client.kwargs) return;
  const entries = readEntries(args, w.lang, w.host, client.skipNames);
  if (!entries.entries.length && !client.action) return;
  if (!client.action && !hasActionKey(entries)) return;
  const mayBeAbsent: OffsetRange[] = [];
  const query = entriesToQuery(entries.entries, client.kind, client.action, mayBeAbsent);
  w.out.push({
    language: w.lang.id,
    form: 'kwargs',
    client: client.kind,
    range: { start: call.startIndex, end: call.endIndex },
    query,
    impliedFrom: appendDefaults(query, client.kind, call.endIndex),
    closed: entries.closed,
    namesApi: w.fileNamesApi,
    entryTemplate: entryTemplate(entries.entries, w.host, true),
    mayBeAbsent: mayBeAbsent.length ? mayBeAbsent : undefined,
  });
}

/** A jwbf-style builder chain (`….action("query").param("list", "allpages")`), read once from its outermost call. */
function addChain(w: Walk, top: Node): void {
  if (w.chains.has(top.startIndex)) return;
  w.chains.add(top.startIndex);
  const entries = builderChain(top, w.lang, w.host);
  if (!entries) return;
  w.out.push({
    language: w.lang.id,
    form: 'builder',
    client: 'jwbf',
    range: { start: top.startIndex, end: top.endIndex },
    query: entriesToQuery(entries.entries, 'jwbf'),
    closed: entries.closed,
    namesApi: w.fileNamesApi,
    entryTemplate: entryTemplate(entries.entries, w.host, false),
  });
}

/** A shell `curl` command with data pieces: one request (its strings are not read again one by one). */
function addCurl(w: Walk, command: Node): void {
  const found = curlRequest(command, w.lang, w.host);
  if (!found) return;
  for (const s of found.strings) w.used.add(s.startIndex);
  w.out.push({
    language: w.lang.id,
    form: 'url',
    client: 'http',
    range: { start: command.startIndex, end: command.endIndex },
    query: found.query,
    closed: !found.query.hasHole(),
    namesApi: w.fileNamesApi,
  });
}

/** Forms read at a node type of one language only. */
const LANGUAGE_FORMS: Record<string, Record<string, (w: Walk, node: Node) => void>> = {
  python: { call: addKwargs },
  shellscript: { command: addCurl },
  java: { method_invocation: addChain },
  ruby: { argument_list: (w, node) => node.namedChildren.some((k) => k?.type === 'pair') && addObject(w, node, 'hash') },
  r: { call: addRArguments },
};

/**
 * R: a `list(…)`'s arguments given as a call's `query` (httr's `modify_url(url, query = list(…)) %>% POST(body = list(token =
 * token))`, WikipediR's edit): the body sent with it may hold more parameters (the token, a password), so nothing is
 * missing from the list alone.
 */
function givenAsHttpQuery(args: Node): boolean {
  const argument = args.parent?.parent;
  return argument?.type === 'argument' && argument.childForFieldName('name')?.text === 'query';
}

/**
 * R: the named arguments of `list(action = "query", …)` (WikipediR's `query_param`), or of any call given an `action`
 * argument (`httr::GET(url, query = list(…))` is read at its `list`).
 */
function addRArguments(w: Walk, call: Node): void {
  const fn = call.childForFieldName('function');
  const args = call.childForFieldName('arguments');
  if (!fn || !args) return;
  const isList = fn.endIndex - fn.startIndex <= 10 && /^(?:base::)?list$/.test(fn.text);
  const named = args.namedChildren.filter((a) => a?.type === 'argument' && a.childForFieldName('name'));
  if (!named.length) return;
  if (!isList && !named.some((a) => a!.childForFieldName('name')!.text === 'action')) return;
  addObject(w, args, 'object');
}

/** Call node types that can post a map query (mapPosts.ts, mapPostCalls.ts). */
const CALL_TYPES = new Set(['call_expression', 'call', 'function_call', 'command', ...Object.values(POST_CALL_TYPES).flat()]);

/** A map-object query posted by this call: its JSON body, checked by the map service. */
function addMapPost(w: Walk, call: Node): void {
  const post = mapPostOf(call, w.lang, w.host);
  if (!post) return;
  w.out.push({
    service: 'map',
    language: w.lang.id,
    form: post.form,
    client: 'http',
    range: post.range,
    query: post.body.json,
    closed: post.body.closed,
    namesApi: true,
  });
}

/**
 * Whether a string literal can decode to a request (`…api.php?…`, `action=…`): without a backslash
 * its text is its source's characters (holes aside), so only if the source holds one of them.
 */
function mayHoldUrl(host: string, start: number, end: number): boolean {
  const source = host.slice(start, end);
  return source.includes('api.php?') || source.includes('action=') || source.includes('\\') || QUERY_FRAGMENT_SOURCE.test(source);
}

/** A string literal's source that may start a fragment (`"&list=…`, `"&titles=…`: urlQuery.ts, `addActionFragment`). */
const QUERY_FRAGMENT_SOURCE = /^[^&]{0,3}&[a-z][a-z0-9_]*=/;

/** Visits one node (`inConcat`: its parent is a concatenation); returns whether to look inside it. */
function visit(w: Walk, node: Node, concat: boolean, inConcat: boolean): boolean {
  const t = node.type;
  if (concat && !inConcat) {
    const strings = node.descendantsOfType(Object.keys(w.lang.strings));
    for (const s of strings) if (s) w.used.add(s.startIndex);
    // without a string piece (`a + b` of numbers) it decodes to holes only: no request
    if (strings.length) addUrl(w, node);
    return true;
  }
  if (isStringNode(node, w.lang)) {
    if (!w.used.has(node.startIndex) && mayHoldUrl(w.host, node.startIndex, node.endIndex)) addUrl(w, node);
    return false;
  }
  noteKeyed(w.keyed, node, w.lang, w.host, w.scope);
  if (t in OBJECT_FORMS) addObject(w, node, OBJECT_FORMS[t]);
  else if (isMapLiteral(node, w.lang)) addObject(w, node, node.type.startsWith('anonymous_object') ? 'object' : 'map');
  else LANGUAGE_FORMS[w.lang.id]?.[t]?.(w, node);
  if (w.mapFile && CALL_TYPES.has(t)) addMapPost(w, node);
  return true;
}

/**
 * Whether `action` is written as a key somewhere: a word of its own followed (after a closing quote
 * or bracket and spaces) by `=`, `:`, `,` or Kotlin's `to`, or a builder's `.action(`. Not `action.type`,
 * `(action)`, `transaction` or `handle_action`, which fill real code and hold no request.
 */
function writesActionKey(text: string): boolean {
  for (let i = text.indexOf('action'); i >= 0; i = text.indexOf('action', i + 6)) {
    const before = i > 0 ? text.charCodeAt(i - 1) : 32;
    if (/[\w$]/.test(String.fromCharCode(before))) continue;
    let j = i + 6;
    if (/['"`]/.test(text.charAt(j))) j++;
    if (text.charAt(j) === ']') j++;
    while (j < text.length && j < i + 32 && /\s/.test(text.charAt(j))) j++;
    const c = text.charAt(j);
    if (c === '=' || c === ':' || c === ',' || (c === '(' && before === 46)) return true;
    if (text.startsWith('to', j) && j > i + 6 && /\s/.test(text.charAt(j + 2))) return true;
  }
  return false;
}

/**
 * Text worth a look: names api.php, an `action` parameter, mw.Api or a Python MediaWiki client (the prefilter, before any
 * parse). `csharp`: false for a file known not to be C#, where WikiClientLibrary's `EnumListParameters` is not looked for.
 */
export function mayHoldRequest(text: string, csharp = true): boolean {
  // mw.Api sends action=query when the object names none.
  return (
    text.includes('api.php') ||
    writesActionKey(text) ||
    text.includes('mwclient') ||
    text.includes('pywikibot') ||
    text.includes('mw.Api') ||
    // addwiki (PHP) names the module beside the array: `ActionRequest::simpleGet('query', [...])`.
    text.includes('Mediawiki\\Api') ||
    // WikiClientLibrary (C#) names a list's module in a property beside its parameters (wclLists.ts).
    (csharp && text.includes('EnumListParameters')) ||
    namesMapServer(text)
  );
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const API_PHP = ascii('api.php');
const ACTION = ascii('action');
const MWCLIENT = ascii('mwclient');
const MW_API = ascii('mw.Api');
const PYWIKIBOT = ascii('pywikibot');
const MEDIAWIKI_API_NS = ascii('Mediawiki\\Api');
const API_MAPOBJECTS = ascii('api/mapobjects');
const ENUM_LIST_PARAMETERS = ascii('EnumListParameters');

function bytesAt(bytes: Uint8Array, i: number, word: readonly number[]): boolean {
  if (i + word.length > bytes.length) return false;
  for (let k = 1; k < word.length; k++) if (bytes[i + k] !== word[k]) return false;
  return true;
}

/** A byte of a word (`[A-Za-z0-9_$]`), as `\w` and `$` are in `writesActionKey`. */
function wordByte(b: number): boolean {
  return (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b === 95 || b === 36;
}

/** White space as `\s` sees it, or a byte of a non-ASCII character (which may be a space: a superset). */
function spaceByte(b: number): boolean {
  return b === 32 || (b >= 9 && b <= 13) || b >= 0x80;
}

/** `writesActionKey` on the UTF-8 bytes of a text, from an `action` at `i`: says yes wherever it would (and may say yes more often). */
function actionKeyAt(bytes: Uint8Array, i: number): boolean {
  const before = i > 0 ? bytes[i - 1] : 32;
  if (wordByte(before)) return false;
  let j = i + 6;
  if (bytes[j] === 39 || bytes[j] === 34 || bytes[j] === 96) j++;
  if (bytes[j] === 93) j++;
  // 32 characters of space are at most 96 bytes (none is longer than 3 bytes in UTF-8)
  while (j < bytes.length && j < i + 6 + 96 && spaceByte(bytes[j])) j++;
  const c = bytes[j];
  if (c === 61 || c === 58 || c === 44 || (c === 40 && before === 46)) return true;
  return c === 116 && bytes[j + 1] === 111 && j > i + 6 && j + 2 < bytes.length && spaceByte(bytes[j + 2]);
}

/**
 * Where an ASCII `word` first occurs in `bytes` at or after `from` (-1: nowhere): a host's native search
 * (Node's `Buffer.indexOf`), many times faster than a loop in JavaScript over a big tree's bytes.
 */
export type ByteSearch = (bytes: Uint8Array, word: string, from: number) => number;

/** The words other than `action` that make a file worth a look (`mayHoldRequest`). */
const PLAIN_WORDS = ['api.php', 'mw.Api', 'mwclient', 'pywikibot', 'Mediawiki\\Api', 'api/mapobjects'];

/** `mayHoldRequestBytes` with a native search: each word searched for in turn, `action` at each place it occurs. */
function mayHoldRequestSearched(bytes: Uint8Array, search: ByteSearch, csharp: boolean): boolean {
  for (const word of PLAIN_WORDS) if (search(bytes, word, 0) >= 0) return true;
  if (csharp && search(bytes, 'EnumListParameters', 0) >= 0) return true;
  for (let i = search(bytes, 'action', 0); i >= 0; i = search(bytes, 'action', i + 6)) if (actionKeyAt(bytes, i)) return true;
  return false;
}

/**
 * `mayHoldRequest` on a file's bytes, before they are decoded: yes for every UTF-8 file whose text
 * it says yes to (what it looks for is ASCII, which UTF-8 and its decoder keep as it is), in one pass,
 * or with `search` (a native search) word by word: the same answer.
 */
export function mayHoldRequestBytes(bytes: Uint8Array, search?: ByteSearch, csharp = true): boolean {
  if (search) return mayHoldRequestSearched(bytes, search, csharp);
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 97) {
      if (bytesAt(bytes, i, API_PHP) || (bytesAt(bytes, i, ACTION) && actionKeyAt(bytes, i)) || bytesAt(bytes, i, API_MAPOBJECTS))
        return true;
    } else if (b === 109) {
      if (bytes[i + 1] === 119 && (bytesAt(bytes, i, MWCLIENT) || bytesAt(bytes, i, MW_API))) return true;
    } else if (b === 112 && bytes[i + 1] === 121 && bytesAt(bytes, i, PYWIKIBOT)) return true;
    else if (b === 77 && bytes[i + 1] === 101 && bytesAt(bytes, i, MEDIAWIKI_API_NS)) return true;
  }
  // A pass of its own, for C# files only: the loop above stays as short as it was for every other file.
  if (csharp)
    for (let i = bytes.indexOf(69); i >= 0; i = bytes.indexOf(69, i + 1)) if (bytesAt(bytes, i, ENUM_LIST_PARAMETERS)) return true;
  return false;
}

export { namesMediaWiki };

/** A Python file that sends with requests or httpx and uses no MediaWiki client: its dicts go out as plain HTTP parameters. */
function fileClientOf(lang: HostLanguage, host: string): ClientKind {
  if (lang.id !== 'python' || /pywikibot|mwclient/.test(host)) return 'unknown';
  return /^\s*(?:import|from)\s+(?:requests|httpx)\b/m.test(host) ? 'http' : 'unknown';
}

/** Nodes whose variables are their own: a map built key by key is read within one of them. */
const SCOPES = new Set([
  'module',
  'program',
  'source_file',
  'compilation_unit',
  'chunk',
  'function_definition',
  'function_declaration',
  'function_expression',
  'arrow_function',
  'method_definition',
  'method_declaration',
  'constructor_declaration',
  'method',
  'singleton_method',
  'lambda',
  'lambda_expression',
  'lambda_literal',
  'anonymous_function',
  'func_literal',
  'local_function_statement',
  'do_block',
]);

/** Maps built key by key become requests (or complete the request of their declaration). */
function addKeyed(w: Walk): void {
  for (const map of keyedMaps(w.keyed)) {
    const existing = map.decl && w.out.find((r) => r.range.start === map.decl!.startIndex && r.range.end === map.decl!.endIndex);
    // A map without `action` handed to a method: only when its declaration was not a request already (read as before).
    if (map.handedTo && existing) continue;
    const client = existing ? existing.client : w.fileClient;
    const mayBeAbsent: OffsetRange[] = [];
    let action: MappedText | undefined;
    if (map.handedTo) {
      action = new MappedText();
      action.pushRaw(w.host, map.handedTo.start, map.handedTo.end);
    }
    const query = entriesToQuery(map.entries, client, action, mayBeAbsent);
    const defaultsFrom = appendDefaults(query, client, map.end);
    const tokenFrom = map.addsToken && !map.entries.some((e) => e.name.text === 'token') ? appendAddedToken(query, map.end) : undefined;
    const listFrom = map.listName ? appendListModule(query, map.listName, w, map.end) : undefined;
    const request: FoundRequest = {
      language: w.lang.id,
      form: existing ? existing.form : (map.decl && OBJECT_FORMS[map.decl.type]) || 'map',
      client,
      range: { start: map.start, end: map.end },
      query,
      impliedFrom: defaultsFrom ?? tokenFrom ?? listFrom,
      tokenFrom,
      ...(map.listName ? { impliedAction: true } : {}),
      // A declaration only handed on keeps what it was; keys set one by one may be set elsewhere too.
      closed: !map.filled && !!existing?.closed,
      namesApi: existing ? existing.namesApi : w.fileNamesApi,
      // set even when empty: the declaration's ranges were of its own query
      mayBeAbsent: mayBeAbsent.length ? mayBeAbsent : undefined,
      actionBeside: action ? true : undefined,
      declared: map.decl && map.filled ? { start: map.decl.startIndex, end: map.decl.endIndex } : undefined,
    };
    if (existing) Object.assign(existing, request);
    else w.out.push(request);
  }
}

const activeCache = new WeakMap<Language, Map<string, string[]>>();

/**
 * The node types the walk reads in a language: strings, concatenations, objects and maps, the
 * calls and commands of a form, the bindings and settings of maps built key by key, and scopes.
 * Every other node (most of a file) is passed over inside tree-sitter.
 */
function activeTypes(language: Language, lang: HostLanguage, mapFile: boolean): string[] {
  let byLang = activeCache.get(language);
  if (!byLang) activeCache.set(language, (byLang = new Map()));
  const key = mapFile ? `${lang.id} map` : lang.id;
  let types = byLang.get(key);
  if (!types) {
    const all = [
      ...Object.keys(lang.strings),
      ...lang.concat.types,
      ...Object.keys(OBJECT_FORMS),
      ...(MAP_LITERAL_TYPES[lang.id] ?? []),
      ...Object.keys(LANGUAGE_FORMS[lang.id] ?? {}),
      ...KEYED_TYPES,
      ...SCOPES,
      // calls that may post a map query, only in a file that names api/mapobjects
      ...(mapFile ? CALL_TYPES : []),
    ];
    // only the types of this grammar (the C walk compares each node with every type asked for)
    types = [...new Set(all)].filter((t) => language.idForNodeType(t, true) !== null);
    byLang.set(key, types);
  }
  return types;
}

/** A node of the walk that holds the nodes after it up to `end`. */
interface Open {
  node: Node;
  end: number;
  concat: boolean;
  /** The scope the walk was in before this node (restored when it closes). */
  scopeBefore: number;
  /** Ids of a concatenation's children (whether a node inside is an operand of its own), read when first asked. */
  kids?: Set<number>;
}

/** Whether `node` is a child of the concatenation `open` (not deeper inside it). */
function childOfConcat(open: Open, node: Node): boolean {
  open.kids ??= new Set(open.node.children.map((c) => c?.id ?? -1));
  return open.kids.has(node.id);
}

/** Every request candidate of a parsed host file, in source order (`walkWindow`: see WALK_WINDOW; tests give smaller ones). */
export function findRequests(tree: Tree, lang: HostLanguage, host: string, walkWindow = WALK_WINDOW): FoundRequest[] {
  const w: Walk = {
    lang,
    host,
    out: [],
    used: new Set(),
    fileNamesApi: namesMediaWiki(host),
    fileClient: fileClientOf(lang, host),
    clients: { rubyGem: lang.id === 'ruby' && /\b(?:MediawikiApi|mediawiki_api)\b/.test(host), mwn: namesMwn(lang, host) },
    keyed: newKeyedState(lang.id === 'csharp' && mayHoldWclLists(host)),
    scope: 0,
    chains: new Set(),
    mapFile: namesMapServer(host),
  };
  // Walks inside tree-sitter hand over the nodes of the types read, in source order (a parent
  // before its children); the nodes holding the current one are kept here, so the walk needs no
  // parent lookup (each costs a walk from the root in tree-sitter) and no recursion. Nothing more
  // than MAX_DEPTH such nodes deep is visited (no real request is nested that deep).
  const active = activeTypes(tree.language, lang, w.mapFile);
  const types = tree.language.types;
  const open: Open[] = [];
  let skipEnd = -1;
  walk: for (const window of walkWindows(host, walkWindow)) {
    // A window's nodes at a time (WALK_WINDOW): a node object for every string, call and setting of a 2 MB file at once
    // took a hundred megabytes of heap and forty of the runtime's memory. A node that spans windows comes in each; it
    // was read in the first.
    for (const node of tree.rootNode.descendantsOfType(active, window.from, window.to)) {
      if (!node || node.startIndex < window.start) continue;
      if (visitNode(node)) break walk;
    }
  }
  addKeyed(w);
  return w.out.sort((a, b) => a.range.start - b.range.start);

  /** One node of the walk; true when no more are read (the file holds the most requests read). */
  function visitNode(node: Node): boolean {
    const start = node.startIndex;
    // A node in one that is not read inside (a string, or one past the depth) is passed over.
    if (start < skipEnd) return false;
    const end = node.endIndex;
    if (start === skipEnd && end === start) return false;
    while (open.length && !(start >= open[open.length - 1].node.startIndex && end <= open[open.length - 1].end)) {
      w.scope = open.pop()!.scopeBefore;
    }
    // The finder asks a node's type many times; each ask is a call into the runtime. Known here.
    Object.defineProperty(node, 'type', { value: types[node.typeId] ?? 'ERROR' });
    const parent = open[open.length - 1];
    const concat = isConcatNode(node, lang);
    const descend = open.length < MAX_DEPTH && visit(w, node, concat, !!parent?.concat && childOfConcat(parent, node));
    if (w.out.length >= MAX_REQUESTS) return true;
    if (!descend) skipEnd = end;
    else if (end > start) {
      open.push({ node, end, concat, scopeBefore: w.scope });
      if (SCOPES.has(node.type)) w.scope = start;
    }
    return false;
  }
}

/** UTF-16 units of the host file walked at a time (`walkWindows`). */
const WALK_WINDOW = 1 << 18;

/** Part of a file: from `start` (a UTF-16 offset; tree-sitter's point `from`) to tree-sitter's point `to` (the end of the file: row and column 0). */
interface WalkWindow {
  start: number;
  from: Point;
  to: Point;
}

/**
 * The windows of about `size` units a file is walked in, each ending at the start of a line where one comes soon
 * after (a line of a minified file is cut where it falls). Points count rows by `\n` and columns in UTF-16 units, as
 * web-tree-sitter's are given.
 */
function* walkWindows(host: string, size: number): Generator<WalkWindow> {
  let start = 0;
  let from: Point = { row: 0, column: 0 };
  for (;;) {
    if (host.length - start <= size) {
      yield { start, from, to: { row: 0, column: 0 } };
      return;
    }
    let end = start + size;
    const newline = host.indexOf('\n', end);
    if (newline >= 0 && newline - end < size) end = newline + 1;
    let row = from.row;
    let lineStart = start - from.column;
    for (let i = host.indexOf('\n', start); i >= 0 && i < end; i = host.indexOf('\n', i + 1)) {
      row++;
      lineStart = i + 1;
    }
    const to = { row, column: end - lineStart };
    yield { start, from, to };
    start = end;
    from = to;
  }
}
