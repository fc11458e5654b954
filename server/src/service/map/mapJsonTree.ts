/**
 * The JSON tree every map feature reads: the same nodes as jsonc-parser's `parseTree` (object / array /
 * property / literal nodes with offsets), built faster. Strict JSON takes a hand-written direct path;
 * anything else goes through jsonc-parser's `visit` for its recovery and errors.
 *
 * `createJsonTreeBuilder` holds the scratch state of both paths in its closure, one builder per map
 * language service: no state is shared between instances. It is one of the named exceptions to the
 * ~80-line rule (docs/architecture.md): a scope around the hand-tuned parser loops, each inner function short.
 */
import { visit, type JSONVisitor, type Node, type ParseError } from 'jsonc-parser';

type BuildNode = { -readonly [K in keyof Node]: Node[K] };

const NO_ERRORS: ParseError[] = [];

/**
 * The `children` of every empty object and array: one shared, frozen array. Nothing adds to a finished
 * tree, and 3,300,000 `{}` would otherwise hold 3,300,000 empty arrays (about 100 MB).
 */
const NO_CHILDREN: Node[] = Object.freeze([]) as unknown as Node[];

/**
 * `children` sized to what they hold. An array grown by `push` reserves 16 slots at its first element:
 * 900,000 objects of one property each (`{"type":1}`) held 115 MB of empty slots.
 */
function exactChildren(children: Node[]): Node[] {
  return children.length === 0 ? NO_CHILDREN : children.slice();
}
const TREE_OPTIONS = { allowTrailingComma: false, disallowComments: false };

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

/** Slots of the table of strings seen in one parse (a power of two). */
const SEEN_SLOTS = 256;
/** Longer strings are not looked up: they are rarely repeated, and comparing them costs their length. */
const SHARED_MAX_LENGTH = 64;

/**
 * Deepest nesting of objects and arrays parsed (the parser measures it first, mapQueryParser.ts). The map
 * server's queries are two levels deep; past this a document is not a query, and recursive parsing and
 * checking would only risk the stack.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Deepest container the direct path reads: the root is at depth 0, so it reads MAX_JSON_DEPTH levels, as
 * deep as a document may nest at all (a deeper one falls back, where `findExcessiveNesting` finds it). It
 * was 200: 9,700 arrays nested 511 deep (9.9 MB) went to jsonc-parser's path instead, whose growing
 * children arrays took the CLI to 1.2 GB and 24 s.
 */
const STRICT_MAX_DEPTH = MAX_JSON_DEPTH - 1;

/** Thrown inside `buildTreeStrict` when the text is not plain strict JSON: the caller falls back. */
const NOT_STRICT = new Error('not strict JSON');

/** A text's tree (undefined for an empty text), or where it nests deeper than MAX_JSON_DEPTH (then no tree). */
export interface JsonTree {
  root: Node | undefined;
  /** The offset of the bracket that opens level MAX_JSON_DEPTH + 1: the text was not parsed. */
  tooDeepAt?: number;
}

/** Builds the tree of a text, pushing syntax errors into `errors`. */
export type JsonTreeBuilder = (text: string, errors: ParseError[]) => JsonTree;

/**
 * The offset of the bracket that opens level `limit + 1`, or undefined when the text never nests that
 * deep. A linear scan without recursion that skips strings and comments (as jsonc-parser reads them),
 * so it is safe on any input and runs before jsonc-parser's recursive parse. The direct path needs no
 * scan: it counts its own depth and gives up past the same limit.
 */
function findExcessiveNesting(text: string, limit = MAX_JSON_DEPTH): number | undefined {
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

// The one named exception to the 80-line limit: the hand-tuned parser loops read plain closure variables
// (as fast as the module variables they were; docs/architecture.md, docs/performance.md); each inner function is short.
// eslint-disable-next-line max-lines-per-function
export function createJsonTreeBuilder(): JsonTreeBuilder {
  /**
   * Builder state for one `buildTree` call of this builder. The visitor is created once per builder, so a
   * call allocates no closures (it runs synchronously and never re-enters, so the state is safe to reuse).
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
      build.top.children!.push({
        type: 'property',
        offset: key.offset,
        length: end - key.offset,
        children: [key],
        colonOffset: build.colon >= 0 ? build.colon : undefined,
      } as BuildNode);
    }
    build.pendingKey = undefined;
    build.colon = -1;
  }

  function attach(node: BuildNode): BuildNode | undefined {
    const key = build.pendingKey;
    const top = build.top;
    if (key && top?.type === 'object') {
      const property: BuildNode = {
        type: 'property',
        offset: key.offset,
        length: node.offset + node.length - key.offset,
        children: [key, node],
        colonOffset: build.colon >= 0 ? build.colon : undefined,
      };
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
    node.children = exactChildren(node.children!);
    build.top = build.containers.pop();
    const holder = build.holders.pop();
    if (holder) holder.length = node.offset + node.length - holder.offset;
  }

  /**
   * Strings seen in this parse, by a hash of their length and end characters: a key (or a short value)
   * met again is handed back as the string already made, without making another. 900,000 `{"type":1}`
   * held 900,000 copies of "type" (about 21 MB); real documents repeat `type`, `pos1`, `x`, … the same way.
   * Emptied after each parse, so no string (nor the text a slice of it points into) outlives its tree.
   */
  const seen: Array<string | undefined> = new Array<string | undefined>(SEEN_SLOTS).fill(undefined);
  /** The slots filled in this parse (the first `seenCount`): emptied one by one, not all 256 per parse. */
  const seenSlots = new Uint16Array(SEEN_SLOTS);
  let seenCount = 0;

  /** The text between `start` and `end` (no escapes in it), shared with an equal string met before in this parse. */
  function sharedSlice(start: number, end: number): string {
    const t = sText;
    const length = end - start;
    if (length > SHARED_MAX_LENGTH) return t.slice(start, end);
    const slot = (length * 31 + t.charCodeAt(start) * 7 + t.charCodeAt(end - 1)) & (SEEN_SLOTS - 1);
    const known = seen[slot];
    if (known !== undefined && known.length === length && sameAt(t, start, known)) return known;
    const made = t.slice(start, end);
    if (known === undefined) seenSlots[seenCount++] = slot;
    seen[slot] = made;
    return made;
  }

  /** Whether `text` holds `known` at `start` (a loop: short strings, and no builtin call per key). */
  function sameAt(text: string, start: number, known: string): boolean {
    for (let i = 0; i < known.length; i++) if (text.charCodeAt(start + i) !== known.charCodeAt(i)) return false;
    return true;
  }

  /** `name` (a key or string value jsonc-parser made), or an equal string met before in this parse. */
  function shared(name: string): string {
    const length = name.length;
    if (length === 0 || length > SHARED_MAX_LENGTH) return name;
    const slot = (length * 31 + name.charCodeAt(0) * 7 + name.charCodeAt(length - 1)) & (SEEN_SLOTS - 1);
    const known = seen[slot];
    if (known === name) return known;
    if (known === undefined) seenSlots[seenCount++] = slot;
    seen[slot] = name;
    return name;
  }

  function forgetSeen(): void {
    for (let i = 0; i < seenCount; i++) seen[seenSlots[i]] = undefined;
    seenCount = 0;
  }

  const treeVisitor: JSONVisitor = {
    onObjectBegin(offset) {
      openContainer('object', offset);
    },
    onObjectProperty(name, offset, length) {
      flushKey(offset);
      build.pendingKey = { type: 'string', value: shared(name), offset, length };
    },
    onObjectEnd: closeContainer,
    onArrayBegin(offset) {
      openContainer('array', offset);
    },
    onArrayEnd: closeContainer,
    onLiteralValue(value, offset, length) {
      attach({
        type: value === null ? 'null' : typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean',
        offset,
        length,
        value: typeof value === 'string' ? shared(value) : value,
      });
    },
    onSeparator(separator, offset) {
      if (separator === ':') build.colon = offset;
      else flushKey(offset);
    },
    onError(error, offset, length) {
      build.errors.push({ error, offset, length });
    },
  };

  /** The strict path's text and position (closure variables: as fast as the module-level ones were). */
  let sText = '';
  let sPos = 0;
  /**
   * The children of the open containers, innermost last, up to `sTop`: each container takes its own when
   * it closes. The slots above `sTop` hold children already taken (in the tree anyway); all are let go
   * at the end of the parse.
   */
  const sKids: Node[] = [];
  let sTop = 0;

  /** Gives `node` the children pushed since `base`, in an array of their number (see `exactChildren`). */
  function takeKids(node: BuildNode, base: number): void {
    if (sTop === base) return;
    node.children = sKids.slice(base, sTop);
    sTop = base;
  }

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
    if (sPos < sText.length && c !== C_SP && c !== C_LF && c !== C_CR && c !== C_TAB && c !== C_COMMA && c !== C_RBRACE && c !== C_RBRACKET)
      throw NOT_STRICT;
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
    if (!escaped) return i === start + 1 ? '' : sharedSlice(start + 1, i);
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

  /** The object at sPos (on its `{`). */
  function strictObject(depth: number): BuildNode {
    const t = sText;
    const offset = sPos;
    if (depth > STRICT_MAX_DEPTH) throw NOT_STRICT;
    const node: BuildNode = { type: 'object', offset, length: -1, children: NO_CHILDREN };
    const base = sTop;
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
        sKids[sTop++] = {
          type: 'property',
          offset: keyOffset,
          length: value.offset + value.length - keyOffset,
          children: [key, value],
          colonOffset: colon,
        };
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
    takeKids(node, base);
    return node;
  }

  /** The array at sPos (on its `[`). */
  function strictArray(depth: number): BuildNode {
    const t = sText;
    const offset = sPos;
    if (depth > STRICT_MAX_DEPTH) throw NOT_STRICT;
    const node: BuildNode = { type: 'array', offset, length: -1, children: NO_CHILDREN };
    const base = sTop;
    sPos++;
    skipSpace();
    if (t.charCodeAt(sPos) !== C_RBRACKET) {
      for (;;) {
        const value = strictValue(depth + 1);
        sKids[sTop++] = value;
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
    takeKids(node, base);
    return node;
  }

  function strictValue(depth: number): BuildNode {
    const c = sText.charCodeAt(sPos);
    const offset = sPos;
    if (c === C_LBRACE) return strictObject(depth);
    if (c === C_LBRACKET) return strictArray(depth);
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
      sKids.length = 0;
      sTop = 0;
      forgetSeen();
    }
  }

  /**
   * The same tree as jsonc-parser's `parseTree` (object / array / property / literal nodes with offsets),
   * built from its `visit` events. `parseTree` adds parent links and grows every property's child array
   * one push at a time, which makes it about twice as slow on large documents; nothing here needs parents.
   * A key whose value never came (`{"type": }`) still gets a property node, with the key as only child.
   */
  function buildTree(text: string, errors: ParseError[]): JsonTree {
    // Well-formed JSON (what saved query files nearly always are) takes the direct path; anything
    // else — comments, errors, unusual whitespace — goes through jsonc-parser for its recovery and errors,
    // once the text is known not to nest too deep for its recursion.
    const fast = buildTreeStrict(text);
    if (fast !== undefined) return { root: fast };
    const tooDeepAt = findExcessiveNesting(text);
    if (tooDeepAt !== undefined) return { root: undefined, tooDeepAt };
    return { root: buildTreeTolerant(text, errors) };
  }

  function buildTreeTolerant(text: string, errors: ParseError[]): Node | undefined {
    build.containers.length = 0;
    build.holders.length = 0;
    build.top = undefined;
    build.result = undefined;
    build.pendingKey = undefined;
    build.colon = -1;
    build.errors = errors;
    try {
      visit(text, treeVisitor, TREE_OPTIONS);
      // Unclosed containers at the end of the text (errors already reported): give them their extent.
      while (build.top) closeContainer(text.length, 0);
      return build.result;
    } finally {
      build.result = undefined;
      build.errors = NO_ERRORS;
      forgetSeen();
      build.top = undefined;
      build.containers.length = 0;
      build.holders.length = 0;
    }
  }

  return buildTree;
}
