/**
 * What the client libraries do to the values of a parameter object before the wiki sees them: the
 * one table of per-library value semantics.
 *
 * - Plain HTTP clients (python-requests, httpx, `fetch`/`URLSearchParams`, jQuery, PHP
 *   `http_build_query`, curl) send a boolean as a value: `False` is sent as `False` (PHP: `0`), and
 *   MediaWiki reads any value of a boolean parameter as true.
 * - `mw.Api`, mwn and pywikibot leave out `false` (and `undefined`/`None`; mwn and pywikibot `null`) values,
 *   send `true` as a plain presence, and join a list with `|` (one multi-value). `mw.Api` hands `null` on to
 *   jQuery, which sends it as an empty value.
 * - A client the finder cannot name: a `false` is left out (no verdict on it), a list is unknown.
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import type { Entry, EntryValue, ValueSpan } from './objectEntries';
import { decodeExpression, isStringNode } from './hostStrings';
import { MappedText } from './virtualText';
import type { OffsetRange } from '../languageTypes';

export type ClientKind = 'mw.Api' | 'mwn' | 'pywikibot' | 'mwclient' | 'jwbf' | 'addwiki' | 'http' | 'retrofit' | 'unknown';

interface ClientRule {
  kind: ClientKind;
  /** Drops false/null values (true) or sends them as written (false). */
  dropsFalse: boolean;
  /** Joins a list with `|`. */
  joinsLists: boolean;
  /** Parameters the library adds when the code does not give them. */
  defaults: Record<string, string>;
  /**
   * Literals whose pair the library leaves out (node types: `none`, `null`, `undefined`, `false`): a value that
   * may be one of them at run time (`x if c else None`) makes its pair maybe absent.
   */
  omits: ReadonlySet<string>;
  /** Literals (node types) the library sends as an empty value, where `dropsFalse` would leave them out. */
  sendsEmpty?: ReadonlySet<string>;
}

const JS_OMITS: ReadonlySet<string> = new Set(['false', 'undefined']);
const PY_OMITS: ReadonlySet<string> = new Set(['false', 'none']);

const CLIENT_RULES: Record<ClientKind, ClientRule> = {
  // mediawiki.api's default parameters: a request without `action` is a query.
  // mediawiki.api's preprocessParameters deletes `false` and `undefined` values; `null` goes on to jQuery.param,
  // which sends `name=` (`value == null ? "" : value`). (A multipart upload's FormData would send "null".)
  'mw.Api': {
    kind: 'mw.Api',
    dropsFalse: true,
    joinsLists: true,
    defaults: { action: 'query', format: 'json' },
    omits: JS_OMITS,
    sendsEmpty: new Set(['null']),
  },
  // mwn's preprocessParams deletes `false` and `undefined` only; a `null` is left out of a GET (axios's params
  // skip it) and sent as the word "null" in a POST body (`encodeURIComponent(val)`): see `nullSentAs`.
  mwn: { kind: 'mwn', dropsFalse: true, joinsLists: true, defaults: { format: 'json', formatversion: '2' }, omits: JS_OMITS },
  // pywikibot's Request._encoded_items: "False and None are not included in the http URI".
  pywikibot: { kind: 'pywikibot', dropsFalse: true, joinsLists: true, defaults: { format: 'json' }, omits: PY_OMITS },
  // mwclient's Site.api/get/post hand their keyword arguments to requests as they are (Site._query_string): None is
  // left out, False sent as "False" (only its listing helpers drop False), and a list sent as one pair per item
  // (of which PHP keeps the last), not joined with `|`.
  mwclient: { kind: 'mwclient', dropsFalse: false, joinsLists: false, defaults: { format: 'json' }, omits: new Set(['none']) },
  // jwbf's builders send each value's string form.
  jwbf: { kind: 'jwbf', dropsFalse: false, joinsLists: false, defaults: {}, omits: new Set() },
  // addwiki (PHP) hands the array to Guzzle as it is (http_build_query: false is sent as 0, null left out) and sets format=json.
  addwiki: { kind: 'addwiki', dropsFalse: false, joinsLists: false, defaults: { format: 'json' }, omits: new Set(['null']) },
  // python-requests leaves out a None value (httpx sends it empty); URLSearchParams sends `null` and `undefined` as words.
  http: { kind: 'http', dropsFalse: false, joinsLists: false, defaults: {}, omits: new Set(['none']) },
  retrofit: { kind: 'retrofit', dropsFalse: false, joinsLists: false, defaults: {}, omits: new Set() },
  unknown: {
    kind: 'unknown',
    dropsFalse: true,
    joinsLists: false,
    defaults: {},
    omits: new Set(['none', 'null', 'undefined', 'nil', 'false']),
  },
};

/** What the call around a parameter object tells. */
export interface CallClient {
  kind: ClientKind;
  /** The callee is a MediaWiki client. */
  mediawiki: boolean;
  /** The object is the call's parameter object (first argument of mw.Api/mwn, `params=`/`data=`…). */
  holdsParams: boolean;
  /** The call's keyword arguments are the parameters (mwclient, pywikibot `simple_request`). */
  kwargs: boolean;
  /** The module a positional argument names (`site.api('query', …)`). */
  action?: MappedText;
  /** Keyword arguments of the library itself, not wiki parameters. */
  skipNames: ReadonlySet<string>;
  /** `action` is a string argument of an unknown wrapper (`moduleBeside`). */
  beside?: true;
  /** The call adds the token (`mw.Api`'s `postWithToken(type, params)`, `postWithEditToken(params)`). */
  addsToken?: true;
  /** The HTTP method the callee uses, where its name says it (`mw.Api`'s `get`, `post`, `postWithToken`). */
  method?: 'get' | 'post';
  /**
   * The options argument after the parameters (`mw.Api`'s ajaxOptions, mwn's request options): the keys of an
   * object literal, each with its string value (undefined when not a plain string), or unknown; absent when none.
   */
  options?: ReadonlyMap<string, string | undefined> | 'unknown';
  /** A query module the wrapper sends beside `action` (the mediawiki_api gem's `list(:allpages, …)` sends `list=allpages`). */
  selector?: { name: string; value: MappedText };
}

const NONE: CallClient = { kind: 'unknown', mediawiki: false, holdsParams: false, kwargs: false, skipNames: new Set() };

const MWCLIENT_OWN = new Set(['http_method', 'retry_on_error']);
const PYWIKIBOT_OWN = new Set(['site', 'parameters', 'use_get', 'mime', 'throttle', 'max_retries', 'retry_wait']);

/** The call a node is an argument of (through a keyword argument or a pair), and the argument's keyword. */
function enclosingCall(node: Node): { call: Node; args: Node; keyword?: string } | undefined {
  let n: Node = node;
  let keyword: string | undefined;
  for (let i = 0; i < 3; i++) {
    const p = n.parent;
    if (!p) return undefined;
    if (p.type === 'keyword_argument' || p.type === 'pair') keyword = (p.childForFieldName('name') ?? p.childForFieldName('key'))?.text;
    else if (p.type === 'argument_list' || p.type === 'arguments') {
      const call = p.parent;
      return call ? { call, args: p, keyword } : undefined;
    }
    n = p;
  }
  return undefined;
}

function calleeText(call: Node, args: Node, host: string): string {
  return host
    .slice(call.startIndex, args.startIndex)
    .replace(/\s*\.\s*/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
}

function classify(callee: string, lang: HostLanguage): ClientKind | undefined {
  // postWithToken/postWithEditToken are mediawiki.api's own names (mwn has neither): any receiver (`bot.`, `this.api.`).
  if (/\bmw\.(?:Api|ForeignApi)\b|(?:^|\.)api\.(?:get|post)$|(?:^|\.)postWith(?:Edit)?Token$/i.test(callee)) return 'mw.Api';
  if (lang.id !== 'python' && /\.(?:request|continuedQuery|massQuery|queryGen|continuedQueryGen)$/.test(callee)) return 'mwn';
  if (/(?:simple_request|(?:^|\.)(?:Cached)?Request)$/.test(callee) && lang.id === 'python') return 'pywikibot';
  if (/URLSearchParams$|(?:^|\.)fetch$|axios|\$\.(?:get|post|ajax|getJSON)$|http_build_query$/.test(callee)) return 'http';
  if (lang.id === 'python' && /(?:requests|httpx|session|client)\.(?:get|post|request)$/i.test(callee)) return 'http';
  return undefined;
}

/** addwiki's `ActionRequest::simpleGet('query', [...])` / `simplePost(…)` and its older `new SimpleRequest('query', [...])`. */
const ADDWIKI_CALL = /(?:^|[\s\\:])(?:ActionRequest::simple(?:Get|Post)|new SimpleRequest)$/;

/** The module named by the string argument before a PHP array given to an addwiki request. */
function addwikiClient(node: Node, at: { call: Node; args: Node }, lang: HostLanguage, host: string): CallClient | undefined {
  if (lang.id !== 'php' || !ADDWIKI_CALL.test(calleeText(at.call, at.args, host))) return undefined;
  const [first, second] = at.args.namedChildren.map((a) => (a?.type === 'argument' ? a.namedChildren[0] : a));
  if (!first || !second || second.startIndex !== node.startIndex || !isStringNode(first, lang)) return undefined;
  const action = decodeExpression(first, lang, host);
  if (action.hasHole() || !/^[a-z][a-z0-9-]*$/.test(action.text)) return undefined;
  return { ...NONE, kind: 'addwiki', mediawiki: true, holdsParams: true, action };
}

/**
 * A parameter object handed to a wrapper with the module as the string argument before it (`GET('query', { meta:
 * 'tokens' })`, `POST('login', { lgname, lgpassword, lgtoken })`): the wrapper sends it as `action`. Its client is
 * unknown, and it may add more.
 */
function moduleBeside(
  node: Node,
  at: { call: Node; args: Node; keyword?: string },
  lang: HostLanguage,
  host: string,
): CallClient | undefined {
  if (at.keyword !== undefined) return undefined;
  const [first, second] = at.args.namedChildren.map((a) => (a?.type === 'argument' ? a.namedChildren[0] : a));
  if (!first || !second || second.startIndex !== node.startIndex) return undefined;
  // Ruby names the module with a symbol as often as with a string (mediawiki_api's `action(:createaccount, {…})`).
  const symbol = lang.id === 'ruby' && first.type === 'simple_symbol';
  if (!symbol && !isStringNode(first, lang)) return undefined;
  const action = symbol ? rubySymbolText(first, host) : decodeExpression(first, lang, host);
  if (action.hasHole() || !/^[a-z][a-z0-9-]*$/.test(action.text)) return undefined;
  return { ...NONE, mediawiki: true, holdsParams: true, action, beside: true, skipNames: besideOwnNames(at, lang, host) };
}

/** A Ruby symbol's name (`:query` → `query`), mapped to the source after the colon. */
function rubySymbolText(node: Node, host: string): MappedText {
  const m = new MappedText();
  m.pushRaw(host, node.startIndex + 1, node.endIndex);
  return m;
}

/**
 * Methods that fetch the token and send it with the parameters: mediawiki.api's `postWithToken( type, params )`
 * and `postWithEditToken( params )` (`params.token = token` before posting), on any receiver.
 */
export const TOKEN_ADDING = /(?:^|\.)postWith(?:Edit)?Token$/;

/** Appends the `token` such a method adds (its value known only at run time) at host offset `at`; returns where it begins. */
export function appendAddedToken(query: MappedText, at: number): number {
  const from = query.text.length;
  query.push(`${from ? '&' : ''}token=`, at, at);
  query.pushHole(at, at);
  return from + (from ? 1 : 0);
}

/** The client library of the call a parameter object (or a Python argument list) belongs to. */
export function clientOfCall(node: Node, lang: HostLanguage, host: string, file: FileClients = {}): CallClient {
  if (node.type === 'argument_list')
    return lang.id === 'ruby' ? rubyPairsClient(node, lang, host, !!file.rubyGem) : kwargsClient(node, lang, host);
  const at = enclosingCall(node);
  if (!at) return NONE;
  const addwiki = addwikiClient(node, at, lang, host);
  if (addwiki) return addwiki;
  const callee = calleeText(at.call, at.args, host);
  if (file.mwn) {
    const query = mwnQuery(node, at, callee, lang, host);
    if (query) return query;
  }
  const kind = classify(callee, lang);
  if (!kind) return moduleBeside(node, at, lang, host) ?? NONE;
  const addsToken = kind !== 'http' && TOKEN_ADDING.test(callee) ? { addsToken: true as const } : {};
  if (kind === 'mw.Api' || kind === 'mwn') {
    // The parameters are the first argument (postWithToken's second, after the token type); what follows them is the
    // library's options (ajaxOptions, request options), not wiki parameters.
    const args = at.args.namedChildren.filter((a) => a && a.type !== 'comment');
    const index = args.findIndex((a) => a!.startIndex === node.startIndex && a!.endIndex === node.endIndex);
    const paramsAt = kind === 'mw.Api' && /(?:^|\.)postWithToken$/.test(callee) ? 1 : 0;
    if (at.keyword !== undefined || index !== paramsAt) return { ...NONE, kind, mediawiki: true };
    const after = args[index + 1];
    const method = kind === 'mw.Api' ? (/\.get$/.test(callee) ? 'get' : /(?:\.post|Token)$/.test(callee) ? 'post' : undefined) : undefined;
    return {
      ...NONE,
      kind,
      mediawiki: true,
      holdsParams: true,
      ...addsToken,
      ...(method ? { method } : {}),
      ...(after ? { options: optionsOf(after, lang, host) } : {}),
    };
  }
  const holdsParams = at.keyword === undefined || ['params', 'data', 'parameters', 'body'].includes(at.keyword);
  return { ...NONE, kind, mediawiki: kind !== 'http', holdsParams, ...addsToken };
}

/** What a file says of the client libraries it uses. */
export interface FileClients {
  /** A Ruby file naming the mediawiki_api gem: its `edit(…)`/`query(…)` wrappers take the parameters. */
  rubyGem?: boolean;
  /** A JavaScript or TypeScript file naming mwn (`require('mwn')`, `Mwn`): its `query(params)` is a request. */
  mwn?: boolean;
}

/** Whether a JavaScript or TypeScript file names mwn (its package, or its `Mwn` class). */
export function namesMwn(lang: HostLanguage, host: string): boolean {
  return (lang.id === 'javascript' || lang.id === 'typescript') && /\b(?:Mwn|mwn)\b/.test(host);
}

/**
 * mwn's `bot.query(params)`: `this.request({ action: 'query', ...params })`, so the object is the parameters of
 * `action=query` (placed on the method's name) sent as mwn sends them; what follows is the request options.
 */
function mwnQuery(
  node: Node,
  at: { call: Node; args: Node; keyword?: string },
  callee: string,
  lang: HostLanguage,
  host: string,
): CallClient | undefined {
  if (at.keyword !== undefined || !/\.query$/.test(callee)) return undefined;
  const args = at.args.namedChildren.filter((a) => a && a.type !== 'comment');
  if (args[0]?.startIndex !== node.startIndex || args[0].endIndex !== node.endIndex) return undefined;
  const method = at.call.childForFieldName('function')?.childForFieldName('property');
  if (!method || method.text !== 'query') return undefined;
  const action = new MappedText();
  action.pushRaw(host, method.startIndex, method.endIndex);
  const after = args[1];
  return { ...NONE, kind: 'mwn', mediawiki: true, holdsParams: true, action, ...(after ? { options: optionsOf(after, lang, host) } : {}) };
}

/** A JavaScript options object: its keys with their string values, or unknown (not a literal, a spread, a computed key). */
function optionsOf(node: Node, lang: HostLanguage, host: string): ReadonlyMap<string, string | undefined> | 'unknown' {
  if (node.type !== 'object') return 'unknown';
  const out = new Map<string, string | undefined>();
  for (const k of node.namedChildren) {
    if (!k || k.type === 'comment') continue;
    if (k.type !== 'pair') return 'unknown';
    const key = k.childForFieldName('key');
    const value = k.childForFieldName('value');
    if (!key || !value) return 'unknown';
    let name: string;
    if (key.type === 'property_identifier') name = key.text;
    else if (isStringNode(key, lang)) {
      const t = decodeExpression(key, lang, host);
      if (t.hasHole()) return 'unknown';
      name = t.text;
    } else return 'unknown';
    const text = isStringNode(value, lang) ? decodeExpression(value, lang, host) : undefined;
    out.set(name, text && !text.hasHole() ? text.text : undefined);
  }
  return out;
}

/**
 * How a call sends a `null` value where the library's rule depends on the call: the word "null", nothing (left
 * out), or either (unknown); undefined where the library's own rule holds.
 * - mw.Api (index.js `ajax`): a POST with `contentType: 'multipart/form-data'` puts each value into a FormData, whose
 *   `append` sends `null` as "null"; every other request goes through `$.param`, which sends it empty.
 * - mwn (core.ts): a GET hands the parameters to axios, which leaves a null out; a POST body is written with
 *   `encodeURIComponent(val)`, "null". Its method: a request option `method`, else GET for `action=query` and for
 *   `action=parse` without `text`, POST otherwise (`getMethod`).
 */
function nullSentAs(
  kind: ClientKind,
  entries: readonly Entry[],
  action: MappedText | undefined,
  call?: Pick<CallClient, 'method' | 'options'>,
): 'word' | 'dropped' | 'unknown' | undefined {
  const options = call?.options;
  if (kind === 'mw.Api') {
    if (call?.method === 'get' || options === undefined) return undefined;
    if (options === 'unknown' || call?.method === undefined) return 'unknown';
    if (!options.has('contentType')) return undefined;
    const type = options.get('contentType');
    return type === undefined ? 'unknown' : type === 'multipart/form-data' ? 'word' : undefined;
  }
  if (kind !== 'mwn') return undefined;
  let method: string | undefined;
  if (options === 'unknown') return 'unknown';
  if (options?.has('method')) method = options.get('method')?.toLowerCase();
  else {
    const named = (name: string) => entries.find((e) => e.name.text === name && !e.name.hasHole());
    const actionEntry = named('action');
    let module: string | undefined;
    if (action) module = action.hasHole() ? undefined : action.text;
    else if (!actionEntry) module = '';
    else if (actionEntry.value.kind === 'text' && !actionEntry.value.text.hasHole()) module = actionEntry.value.text.text;
    if (module === undefined) return 'unknown';
    if (module === 'query') method = 'get';
    else if (module !== 'parse') method = 'post';
    else {
      // `!this.apiParams.text`: an empty, null or left-out text is a GET.
      const text = named('text')?.value;
      if (!text || text.kind === 'none' || (text.kind === 'bool' && !text.value) || (text.kind === 'text' && !text.text.text))
        method = 'get';
      else if (text.kind === 'text' && !text.text.hasHole()) method = 'post';
      else if (text.kind === 'unknown') return 'unknown';
      else method = 'post';
    }
  }
  return method === 'get' ? 'dropped' : method === 'post' ? 'word' : 'unknown';
}

/**
 * Ruby's keyword arguments without braces after the module (mediawiki_api's `action(:delete, title: t, reason: r)`):
 * the pairs are one hash, handed to a wrapper that sends the symbol or string before them as `action`.
 */
function rubyPairsClient(args: Node, lang: HostLanguage, host: string, rubyGem: boolean): CallClient {
  const [first, second] = args.namedChildren;
  if (rubyGem && first?.type === 'pair') return rubyGemWrapper(args, host);
  if (rubyGem && first?.type === 'simple_symbol' && second?.type === 'pair') {
    const sub = rubyGemSubquery(args, first, host);
    if (sub) return sub;
  }
  if (!first || second?.type !== 'pair') return NONE;
  const symbol = first.type === 'simple_symbol';
  if (!symbol && !isStringNode(first, lang)) return NONE;
  const action = symbol ? rubySymbolText(first, host) : decodeExpression(first, lang, host);
  if (action.hasHole() || !/^[a-z][a-z0-9-]*$/.test(action.text)) return NONE;
  const call = args.parent;
  const skipNames = call ? besideOwnNames({ call, args }, lang, host) : NONE.skipNames;
  return { ...NONE, mediawiki: true, holdsParams: true, action, beside: true, skipNames };
}

/**
 * The mediawiki_api gem's wrappers that hand their keyword arguments to `action` with the module they are named
 * after (`edit(title: t, text: c)` is `action(:edit, params)`; `query(meta: 'tokens')` is `action(:query, …)`), in a
 * file that names the gem (`rubyGem`): open, as `action` adds the token.
 */
function rubyGemWrapper(args: Node, host: string): CallClient {
  const call = args.parent;
  if (!call || args.namedChildren.some((k) => k?.type !== 'pair')) return NONE;
  const m = /(?:^|\.)(edit|query)$/.exec(calleeText(call, args, host));
  const method = call.childForFieldName('method');
  if (!m || !method) return NONE;
  const action = new MappedText();
  action.pushRaw(host, method.startIndex, method.endIndex);
  return { ...NONE, mediawiki: true, holdsParams: true, action, beside: true, skipNames: MEDIAWIKI_API_GEM_OWN };
}

/**
 * The mediawiki_api gem's `list(:allpages, aplimit: 5)`, `prop(:info, titles: t)` and `meta(:siteinfo, …)`: its
 * `subquery` sends the keyword arguments with `action=query` and that module (`query(params.merge(list => :allpages))`).
 */
function rubyGemSubquery(args: Node, symbol: Node, host: string): CallClient | undefined {
  const call = args.parent;
  const method = call?.childForFieldName('method');
  if (!call || !method || args.namedChildren.slice(1).some((k) => k?.type !== 'pair')) return undefined;
  const m = /(?:^|\.)(list|meta|prop)$/.exec(calleeText(call, args, host));
  if (!m) return undefined;
  const action = new MappedText();
  action.push('query', method.startIndex, method.endIndex);
  const selector = { name: m[1], value: rubySymbolText(symbol, host) };
  if (selector.value.hasHole() || !/^[a-z][a-z0-9-]*$/.test(selector.value.text)) return undefined;
  return { ...NONE, mediawiki: true, holdsParams: true, action, beside: true, skipNames: MEDIAWIKI_API_GEM_OWN, selector };
}

/**
 * Keys of the mediawiki_api gem (Ruby) that its `Client#action(name, params)` takes out of the parameters
 * before sending them (raw_action: `http_method`, `token_type`, `envelope`): not wiki parameters.
 */
export const MEDIAWIKI_API_GEM_OWN: ReadonlySet<string> = new Set(['http_method', 'token_type', 'envelope']);

function besideOwnNames(at: { call: Node; args: Node }, lang: HostLanguage, host: string): ReadonlySet<string> {
  return lang.id === 'ruby' && /(?:^|\.)action$/.test(calleeText(at.call, at.args, host)) ? MEDIAWIKI_API_GEM_OWN : NONE.skipNames;
}

/** mwclient's `site.api('query', …)`, `site.get('parse', …)` and pywikibot's `simple_request(…)`. */
function kwargsClient(args: Node, lang: HostLanguage, host: string): CallClient {
  const call = args.parent;
  if (!call) return NONE;
  const callee = calleeText(call, args, host);
  if (/(?:^|\.)_?simple_request$/.test(callee))
    return { ...NONE, kind: 'pywikibot', mediawiki: true, kwargs: true, skipNames: PYWIKIBOT_OWN };
  if (!/\.(?:api|get|post|raw_api)$/.test(callee)) return NONE;
  const first = args.namedChildren[0];
  if (!first || !isStringNode(first, lang)) return NONE;
  const action = decodeExpression(first, lang, host);
  if (action.hasHole() || !/^[a-z][a-z0-9-]*$/.test(action.text)) return NONE;
  return { ...NONE, kind: 'mwclient', mediawiki: true, kwargs: true, action, skipNames: MWCLIENT_OWN };
}

/** Characters of a name or value the client percent-encodes (so the virtual query reads them as data). */
export function encodeInto(out: MappedText, text: MappedText, name: boolean): void {
  for (let i = 0; i < text.text.length; i++) {
    const c = text.text[i];
    const isHole = text.holes.includes(i);
    if (isHole) {
      out.pushHole(text.starts[i], text.ends[i]);
      continue;
    }
    const enc = c === '&' || c === '%' || c === '+' || c === '#' || (name && c === '=') || /\s/.test(c) ? encodeURIComponent(c) : c;
    out.push(enc, text.starts[i], text.ends[i]);
  }
}

/** A value as the client sends it, or undefined when the client leaves the parameter out. */
function wireValue(v: EntryValue, rule: ClientRule, nullAs?: 'word' | 'dropped' | 'unknown'): MappedText | undefined {
  const out = new MappedText();
  switch (v.kind) {
    case 'text':
      return v.text;
    case 'number':
      pushNodeText(out, v.node);
      return out;
    case 'bool':
      if (!v.value && rule.dropsFalse) return undefined;
      // A plain HTTP client sends the literal as written (PHP's http_build_query: 1 or 0).
      pushNodeText(out, v.node);
      return out;
    case 'none':
      if (nullAs && v.node.type === 'null') {
        if (nullAs === 'dropped') return undefined;
        if (nullAs === 'word') {
          pushNodeText(out, v.node);
          return out;
        }
        break;
      }
      if (rule.sendsEmpty?.has(v.node.type)) return out;
      if (rule.dropsFalse) return undefined;
      break;
    case 'list':
      // A one-item list is its item for every client (Go's url.Values{"action": {"query"}}).
      if (v.items.length === 1 && v.items[0].kind !== 'list') return wireValue(v.items[0], rule, nullAs);
      if (rule.joinsLists && v.items.every((it) => it.kind === 'text' || it.kind === 'number')) {
        v.items.forEach((it, i) => {
          if (i) out.push('|', it.node.startIndex, it.node.startIndex);
          out.append(wireValue(it, rule, nullAs)!);
        });
        return out;
      }
      break;
  }
  out.pushHole(v.node.startIndex, v.node.endIndex);
  return out;
}

/** Whether the client may leave a pair out at run time (its value may be a literal the client omits). */
function mayOmit(v: EntryValue, rule: ClientRule, nullAs?: 'word' | 'dropped' | 'unknown'): boolean {
  if (v.kind === 'unknown')
    return !!v.orLiterals?.some((l) => rule.omits.has(l) || (l === 'null' && (nullAs === 'dropped' || nullAs === 'unknown')));
  if (v.kind === 'none' && v.node.type === 'null' && nullAs) return nullAs === 'unknown';
  return v.kind === 'none' && !rule.dropsFalse && rule.omits.has(v.node.type);
}

/**
 * The virtual query string of a parameter object as its client sends it; the virtual ranges of the pairs the
 * client may leave out at run time go into `mayBeAbsent` (`FoundRequest.mayBeAbsent`).
 */
export function entriesToQuery(
  entries: readonly Entry[],
  kind: ClientKind,
  action?: MappedText,
  mayBeAbsent?: OffsetRange[],
  call?: Pick<CallClient, 'method' | 'options' | 'selector'>,
): MappedText {
  const rule = CLIENT_RULES[kind];
  const nullAs = nullSentAs(kind, entries, action, call);
  const out = new MappedText();
  const add = (name: MappedText, value: MappedText, written?: ValueSpan) => {
    if (out.text) out.push('&', name.starts[0] ?? 0, name.starts[0] ?? 0);
    encodeInto(out, name, true);
    // an empty value ('') has no unit of its own: `=` stands for the name's end, and a verdict on the value
    // lands on what the host writes for it (`null`, `''`)
    const at = value.starts[0] ?? name.ends[name.ends.length - 1] ?? 0;
    out.push('=', at, at);
    if (!value.text && written) (out.emptyValues ??= new Map()).set(out.text.length, { start: written.startIndex, end: written.endIndex });
    encodeInto(out, value, false);
  };
  if (action) {
    const name = new MappedText();
    name.push('action', action.starts[0], action.starts[0]);
    add(name, action);
  }
  if (call?.selector) {
    const name = new MappedText();
    name.push(call.selector.name, call.selector.value.starts[0] ?? 0, call.selector.value.starts[0] ?? 0);
    add(name, call.selector.value);
  }
  for (const e of entries) {
    const value = wireValue(e.value, rule, nullAs);
    if (!value) continue;
    const from = out.text.length;
    add(e.name, value, e.value.node);
    if (mayBeAbsent && (e.maybeAbsent || mayOmit(e.value, rule, nullAs))) mayBeAbsent.push({ start: from, end: out.text.length });
  }
  return out;
}

/** A node's own text, one to one. */
function pushNodeText(out: MappedText, node: ValueSpan): void {
  const text = node.text;
  for (let i = 0; i < text.length; i++) out.push(text[i], node.startIndex + i, node.startIndex + i + 1);
}

/**
 * Adds the parameters the client sends without being asked (`format=json`, mwn's `formatversion=2`)
 * that the request does not give, at the end of the virtual query, each unit placed at host offset
 * `at` (nothing is written there). Returns the virtual offset where they begin, if any was added.
 */
export function appendDefaults(query: MappedText, kind: ClientKind, at: number): number | undefined {
  const given = new Set(query.text.split('&').map((pair) => pair.split('=')[0]));
  const missing = Object.entries(CLIENT_RULES[kind].defaults).filter(([name]) => !given.has(name));
  if (!missing.length) return undefined;
  const from = query.text.length;
  for (const [name, value] of missing) query.push(`${query.text ? '&' : ''}${name}=${value}`, at, at);
  return from + (from ? 1 : 0);
}

/** What a client adds by default, for messages: `format=json, formatversion=2`. */
export function defaultsOf(kind: ClientKind): string {
  return Object.entries(CLIENT_RULES[kind].defaults)
    .map(([n, v]) => `${n}=${v}`)
    .join(', ');
}
