/**
 * Parses a `*.mapquery.json` document once per version with jsonc-parser (the tolerant parser VS Code's
 * JSON support uses; it keeps offsets and tolerates comments) and groups each query object's
 * properties by the request field they set. Every feature takes this result.
 */
import { printParseErrorCode, visit, type JSONVisitor, type Node, type ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { MapDescriptor, MapFieldDescriptor } from './mapDescriptor';
import type { QueryBox } from './mapTypes';

/** One property of a query object that names a known request field. */
export interface MapFieldProperty {
  field: MapFieldDescriptor;
  /** The `"key": value` property node. */
  property: Node;
  key: Node;
  /** Undefined when the property has no value yet (`"type":`). */
  value: Node | undefined;
}

export interface MapQuery {
  /** The query object node. */
  node: Node;
  /** Index within a root array, or -1 when the document is a single object. */
  index: number;
  /** Known field → the property that counts (Go's decoder keeps the last one written). */
  fields: Map<string, MapFieldProperty>;
  /** Earlier properties for a field that a later one overrides. */
  overridden: MapFieldProperty[];
  /** Properties that name no request field (the server ignores them). */
  unknown: Node[];
  /** The corners, once read (see mapBox.ts `readBox`). */
  box?: QueryBox;
}

export interface MapDocument {
  text: string;
  root: Node | undefined;
  syntaxErrors: ParseError[];
  queries: MapQuery[];
  /** Values standing where a query object was expected (the root, or an array element). */
  notObjects: Node[];
  /**
   * Set when the text nests objects/arrays deeper than MAX_JSON_DEPTH: then nothing was parsed
   * (root undefined, no queries) and the features say so instead of recursing into it.
   */
  tooDeep?: { offset: number; limit: number };
}

/**
 * Deepest nesting of objects and arrays parsed. The map server's queries are two levels deep; past
 * this a document is not a query, and recursive parsing and checking would only risk the stack.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * The offset of the bracket that opens level `limit + 1`, or undefined when the text never nests that
 * deep. A linear scan without recursion that skips strings and comments (as jsonc-parser reads them),
 * so it is safe on any input and runs before any recursive parse.
 */
export function findExcessiveNesting(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return i;
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      if (depth > 0) depth--;
    } else if (c === 34 /* " */) {
      // To the closing quote; an unterminated string ends at the line break (jsonc-parser does too).
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34 || d === 10 || d === 13) break;
      }
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 1;
    }
  }
  return undefined;
}

export { printParseErrorCode };

function collectQuery(node: Node, index: number, descriptor: MapDescriptor): MapQuery {
  const query: MapQuery = { node, index, fields: new Map(), overridden: [], unknown: [] };
  for (const property of node.children ?? []) {
    const key = property.children?.[0];
    if (!key || typeof key.value !== 'string') continue;
    // Go's encoding/json matches a key to a struct field exactly, else case-insensitively.
    const field = descriptor.fieldByName.get(key.value) ?? descriptor.fieldByFoldedName.get(key.value.toLowerCase());
    if (!field) {
      query.unknown.push(property);
      continue;
    }
    const previous = query.fields.get(field.name);
    if (previous) query.overridden.push(previous);
    query.fields.set(field.name, { field, property, key, value: property.children?.[1] });
  }
  return query;
}

/** Parse a document into its query objects. Never throws. */
export function parseMapDocument(document: TextDocument, descriptor: MapDescriptor): MapDocument {
  const text = document.getText();
  // Depth is measured before any recursive parse: a document nested too deep is not parsed at all.
  const deep = findExcessiveNesting(text);
  if (deep !== undefined) return { text, root: undefined, syntaxErrors: [], queries: [], notObjects: [], tooDeep: { offset: deep, limit: MAX_JSON_DEPTH } };
  const syntaxErrors: ParseError[] = [];
  const root = buildTree(text, syntaxErrors);
  const queries: MapQuery[] = [];
  const notObjects: Node[] = [];
  if (root) {
    if (root.type === 'object') {
      queries.push(collectQuery(root, -1, descriptor));
    } else if (root.type === 'array') {
      (root.children ?? []).forEach((element, i) => {
        if (element.type === 'object') queries.push(collectQuery(element, i, descriptor));
        else notObjects.push(element);
      });
    } else {
      notObjects.push(root);
    }
  }
  return { text, root, syntaxErrors, queries, notObjects };
}

/** The property `name` of an object node (last one wins), as key and value. */
export function getProperty(object: Node | undefined, name: string): { property: Node; key: Node; value: Node | undefined } | undefined {
  if (!object || object.type !== 'object') return undefined;
  let found: { property: Node; key: Node; value: Node | undefined } | undefined;
  for (const property of object.children ?? []) {
    const key = property.children?.[0];
    if (key && key.value === name) found = { property, key, value: property.children?.[1] };
  }
  return found;
}

/**
 * The same tree as jsonc-parser's `parseTree` (object / array / property / literal nodes with offsets),
 * built from its `visit` events. `parseTree` adds parent links and grows every property's child array
 * one push at a time, which makes it about twice as slow on large documents; nothing here needs parents.
 * A key whose value never came (`{"type": }`) still gets a property node, with the key as only child.
 */
type BuildNode = { -readonly [K in keyof Node]: Node[K] };

/**
 * Builder state for one `buildTree` call. The visitor below is created once at module level, so a call
 * allocates no closures (it runs synchronously and never re-enters, so shared state is safe).
 */
const build = {
  containers: [] as BuildNode[],
  /** For each open container: the property holding it (or undefined), to fix its length at the end. */
  holders: [] as Array<BuildNode | undefined>,
  top: undefined as BuildNode | undefined,
  result: undefined as Node | undefined,
  pendingKey: undefined as Node | undefined,
  colon: -1,
  errors: [] as ParseError[],
};

function flushKey(end: number): void {
  const key = build.pendingKey;
  if (key && build.top) {
    build.top.children!.push({ type: 'property', offset: key.offset, length: end - key.offset, children: [key], colonOffset: build.colon >= 0 ? build.colon : undefined } as BuildNode);
  }
  build.pendingKey = undefined;
  build.colon = -1;
}

function attach(node: BuildNode): BuildNode | undefined {
  const key = build.pendingKey;
  const top = build.top;
  if (key && top?.type === 'object') {
    const property: BuildNode = { type: 'property', offset: key.offset, length: node.offset + node.length - key.offset, children: [key, node], colonOffset: build.colon >= 0 ? build.colon : undefined };
    top.children!.push(property);
    build.pendingKey = undefined;
    build.colon = -1;
    return property;
  }
  if (top) top.children!.push(node);
  else if (!build.result) build.result = node;
  return undefined;
}

function openContainer(type: 'object' | 'array', offset: number): void {
  const node: BuildNode = { type, offset, length: -1, children: [] };
  build.holders.push(attach(node));
  if (build.top) build.containers.push(build.top);
  build.top = node;
}

function closeContainer(offset: number, length: number): void {
  flushKey(offset + length);
  const node = build.top!;
  node.length = offset + length - node.offset;
  build.top = build.containers.pop();
  const holder = build.holders.pop();
  if (holder) holder.length = node.offset + node.length - holder.offset;
}

const TREE_VISITOR: JSONVisitor = {
  onObjectBegin(offset) { openContainer('object', offset); },
  onObjectProperty(name, offset, length) {
    flushKey(offset);
    build.pendingKey = { type: 'string', value: name, offset, length };
  },
  onObjectEnd: closeContainer,
  onArrayBegin(offset) { openContainer('array', offset); },
  onArrayEnd: closeContainer,
  onLiteralValue(value, offset, length) {
    attach({ type: value === null ? 'null' : typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean', offset, length, value });
  },
  onSeparator(separator, offset) {
    if (separator === ':') build.colon = offset;
    else flushKey(offset);
  },
  onError(error, offset, length) { build.errors.push({ error, offset, length }); },
};

const NO_ERRORS: ParseError[] = [];
const TREE_OPTIONS = { allowTrailingComma: false, disallowComments: false };

/**
 * The same tree as jsonc-parser's `parseTree` (object / array / property / literal nodes with offsets),
 * built from its `visit` events. `parseTree` adds parent links and grows every property's child array
 * one push at a time, which makes it about twice as slow on large documents; nothing here needs parents.
 * A key whose value never came (`{"type": }`) still gets a property node, with the key as only child.
 */
export function buildTree(text: string, errors: ParseError[]): Node | undefined {
  // Well-formed JSON (what saved query files nearly always are) takes the direct path; anything
  // else — comments, errors, unusual whitespace — goes through jsonc-parser for its recovery and errors.
  const fast = buildTreeStrict(text);
  if (fast !== undefined) return fast;
  build.containers.length = 0;
  build.holders.length = 0;
  build.top = undefined;
  build.result = undefined;
  build.pendingKey = undefined;
  build.colon = -1;
  build.errors = errors;
  try {
    visit(text, TREE_VISITOR, TREE_OPTIONS);
    // Unclosed containers at the end of the text (errors already reported): give them their extent.
    while (build.top) closeContainer(text.length, 0);
    return build.result;
  } finally {
    build.result = undefined;
    build.errors = NO_ERRORS;
    build.top = undefined;
    build.containers.length = 0;
    build.holders.length = 0;
  }
}

// ---------------------------------------------------------------------------
// Direct path for strict JSON
// ---------------------------------------------------------------------------

const C_SP = 32;
const C_TAB = 9;
const C_LF = 10;
const C_CR = 13;
const C_QUOTE = 34;
const C_BACKSLASH = 92;
const C_COMMA = 44;
const C_COLON = 58;
const C_LBRACE = 123;
const C_RBRACE = 125;
const C_LBRACKET = 91;
const C_RBRACKET = 93;
const C_MINUS = 45;
const C_0 = 48;
const C_9 = 57;
const C_DOT = 46;

/** Thrown inside `buildTreeStrict` when the text is not plain strict JSON: the caller falls back. */
const NOT_STRICT = new Error('not strict JSON');

let sText = '';
let sPos = 0;

function skipSpace(): void {
  const t = sText;
  let i = sPos;
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === C_SP || c === C_LF || c === C_CR || c === C_TAB) i++;
    else break;
  }
  sPos = i;
}

/** After a number or keyword: only a delimiter may follow (jsonc-parser would report anything else). */
function expectDelimiter(): void {
  const c = sText.charCodeAt(sPos);
  if (sPos < sText.length && c !== C_SP && c !== C_LF && c !== C_CR && c !== C_TAB && c !== C_COMMA && c !== C_RBRACE && c !== C_RBRACKET) throw NOT_STRICT;
}

/** A string token at sPos (on its opening quote): its value; sPos moves past the closing quote. */
function strictString(): string {
  const t = sText;
  const start = sPos;
  let i = start + 1;
  let escaped = false;
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === C_QUOTE) break;
    if (c === C_BACKSLASH) {
      escaped = true;
      i += 2;
      continue;
    }
    // end of text (NaN), line breaks and other control characters: jsonc-parser reports these
    if (!(c >= 0x20) || c === 0x2028 || c === 0x2029) throw NOT_STRICT;
    i++;
  }
  sPos = i + 1;
  if (!escaped) return t.slice(start + 1, i);
  try {
    return JSON.parse(t.slice(start, i + 1)) as string;
  } catch {
    throw NOT_STRICT;
  }
}

function strictNumber(): number {
  const t = sText;
  const start = sPos;
  let i = start;
  if (t.charCodeAt(i) === C_MINUS) i++;
  let c = t.charCodeAt(i);
  if (c === C_0) c = t.charCodeAt(++i);
  else if (c > C_0 && c <= C_9) {
    do c = t.charCodeAt(++i);
    while (c >= C_0 && c <= C_9);
  } else throw NOT_STRICT;
  if (c === C_DOT) {
    c = t.charCodeAt(++i);
    if (!(c >= C_0 && c <= C_9)) throw NOT_STRICT;
    do c = t.charCodeAt(++i);
    while (c >= C_0 && c <= C_9);
  }
  if (c === 101 /* e */ || c === 69 /* E */) {
    c = t.charCodeAt(++i);
    if (c === 43 /* + */ || c === C_MINUS) c = t.charCodeAt(++i);
    if (!(c >= C_0 && c <= C_9)) throw NOT_STRICT;
    do c = t.charCodeAt(++i);
    while (c >= C_0 && c <= C_9);
  }
  sPos = i;
  expectDelimiter();
  return Number(t.slice(start, i));
}

function strictKeyword(word: string, value: boolean | null): BuildNode {
  const offset = sPos;
  if (!sText.startsWith(word, offset)) throw NOT_STRICT;
  sPos += word.length;
  expectDelimiter();
  return { type: value === null ? 'null' : 'boolean', offset, length: word.length, value };
}

function strictValue(depth: number): BuildNode {
  const t = sText;
  const c = t.charCodeAt(sPos);
  const offset = sPos;
  if (c === C_LBRACE) {
    if (depth > 200) throw NOT_STRICT;
    const node: BuildNode = { type: 'object', offset, length: -1, children: [] };
    sPos++;
    skipSpace();
    if (t.charCodeAt(sPos) !== C_RBRACE) {
      for (;;) {
        if (t.charCodeAt(sPos) !== C_QUOTE) throw NOT_STRICT;
        const keyOffset = sPos;
        const name = strictString();
        const key: BuildNode = { type: 'string', value: name, offset: keyOffset, length: sPos - keyOffset };
        skipSpace();
        if (t.charCodeAt(sPos) !== C_COLON) throw NOT_STRICT;
        const colon = sPos;
        sPos++;
        skipSpace();
        const value = strictValue(depth + 1);
        node.children!.push({ type: 'property', offset: keyOffset, length: value.offset + value.length - keyOffset, children: [key, value], colonOffset: colon });
        skipSpace();
        const d = t.charCodeAt(sPos);
        if (d === C_COMMA) {
          sPos++;
          skipSpace();
          continue;
        }
        if (d === C_RBRACE) break;
        throw NOT_STRICT;
      }
    }
    sPos++;
    node.length = sPos - offset;
    return node;
  }
  if (c === C_LBRACKET) {
    if (depth > 200) throw NOT_STRICT;
    const node: BuildNode = { type: 'array', offset, length: -1, children: [] };
    sPos++;
    skipSpace();
    if (t.charCodeAt(sPos) !== C_RBRACKET) {
      for (;;) {
        node.children!.push(strictValue(depth + 1));
        skipSpace();
        const d = t.charCodeAt(sPos);
        if (d === C_COMMA) {
          sPos++;
          skipSpace();
          continue;
        }
        if (d === C_RBRACKET) break;
        throw NOT_STRICT;
      }
    }
    sPos++;
    node.length = sPos - offset;
    return node;
  }
  if (c === C_QUOTE) {
    const value = strictString();
    return { type: 'string', offset, length: sPos - offset, value };
  }
  if (c === C_MINUS || (c >= C_0 && c <= C_9)) {
    const value = strictNumber();
    return { type: 'number', offset, length: sPos - offset, value };
  }
  if (c === 116 /* t */) return strictKeyword('true', true);
  if (c === 102 /* f */) return strictKeyword('false', false);
  if (c === 110 /* n */) return strictKeyword('null', null);
  throw NOT_STRICT;
}

/**
 * The tree of `text` when it is strict JSON (no comments, no errors, whitespace limited to space,
 * tab, CR and LF), else undefined. Same nodes, offsets and values as the jsonc-parser path.
 */
function buildTreeStrict(text: string): Node | undefined {
  sText = text;
  sPos = 0;
  try {
    skipSpace();
    if (sPos >= text.length) return undefined;
    const root = strictValue(0);
    skipSpace();
    return sPos === text.length ? root : undefined;
  } catch (e) {
    if (e === NOT_STRICT) return undefined;
    throw e;
  } finally {
    sText = '';
  }
}
