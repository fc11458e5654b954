/**
 * Semantic tokens shared by both languages: one legend of standard LSP token types (so every theme
 * colours them without configuration), a builder that turns offset ranges into LSP's relative
 * encoding, and the delta between two results.
 *
 * Legend (what each language uses a type for):
 * - `namespace`: a module prefix (`cm` of `cmtitle`, `gcm` of `gcmtitle`).
 * - `class`: a module name (values of `action`, `list`, `prop`, `meta`, `generator`, `format`; other submodule values).
 * - `property`: a parameter name without its prefix; a map request field or coordinate key; a map attribute name.
 * - `variable`: a key the map server ignores (it names no request field).
 * - `enumMember`: a value from a fixed set (wiki enum values; a known map object type).
 * - `number`: integers, limits, namespace numbers, timestamps; map coordinates and `limit`.
 * - `keyword`: special values (`max`, `now`, `*`), JSON `true`/`false`/`null`.
 * - `string`: other values (titles, user names, free text), the api.php URL.
 * - `operator`: separators (`?`, `&`, `=`, `|`).
 * - `regexp`: escapes: percent-escapes (`%7C`), JSON string escapes (`\u00e9`), SQL LIKE wildcards (`%`, `_`) in `attributelike.value`.
 * - `comment`: `#` comment lines; JSON comments.
 * Modifier `deprecated`: a parameter the catalogue marks deprecated.
 */
import type { Range, SemanticTokens, SemanticTokensEdit, SemanticTokensLegend } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

const TOKEN_TYPES = [
  'namespace',
  'class',
  'property',
  'variable',
  'enumMember',
  'number',
  'keyword',
  'string',
  'operator',
  'regexp',
  'comment',
] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
const TOKEN_MODIFIERS = ['deprecated'] as const;
export type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

const TYPE_INDEX = new Map<string, number>(TOKEN_TYPES.map((t, i) => [t, i]));

/**
 * Tokens as offsets into the document text: three numbers each (start, end, kind) in one Int32Array,
 * doubled when full (a large document has hundreds of thousands of tokens: no object per token, and
 * no plain arrays grown push by push, which cost several times more).
 */
export class TokenSink {
  /** start, end and kind of each token; kind is the index into TOKEN_TYPES, plus 1 << 16 for the `deprecated` modifier. */
  private data = new Int32Array(3 * 256);
  private count = 0;

  add(start: number, end: number, type: TokenType, deprecated?: boolean): void {
    if (end <= start) return;
    let data = this.data;
    const at = 3 * this.count;
    if (at === data.length) {
      const grown = new Int32Array(2 * data.length);
      grown.set(data);
      this.data = data = grown;
    }
    data[at] = start;
    data[at + 1] = end < INT32_MAX ? end : INT32_MAX; // (an end past any text: encodeTokens cuts it at the text's end)
    data[at + 2] = TYPE_INDEX.get(type)! | (deprecated ? DEPRECATED_BIT : 0);
    this.count++;
  }

  get length(): number {
    return this.count;
  }

  /** The tokens, three numbers each (start, end, kind), for the first `3 * length` entries. */
  get triples(): Int32Array {
    return this.data;
  }
}

const DEPRECATED_BIT = 1 << 16;
const INT32_MAX = 0x7fffffff;

/**
 * Encodes tokens (in any order; overlapping ones: the earlier-starting wins) as LSP data. Tokens that
 * span lines are cut at line ends (LSP tokens are single-line). With `range`, only tokens that
 * touch it are encoded.
 */
export function encodeTokens(document: TextDocument, tokens: TokenSink, range?: Range): number[] {
  const t = tokens.triples;
  const n = tokens.length;
  let inOrder = true;
  for (let i = 1; i < n && inOrder; i++) inOrder = t[3 * i - 3] <= t[3 * i];
  let order: number[] | undefined;
  if (!inOrder) {
    order = Array.from({ length: n }, (_, i) => i);
    order.sort((x, y) => t[3 * x] - t[3 * y] || t[3 * x + 1] - t[3 * y + 1]);
  }
  const text = document.getText();
  const lo = range ? document.offsetAt(range.start) : 0;
  const hi = range ? document.offsetAt(range.end) : text.length;
  // Five numbers per token, written by index into an array made at its likely size (pushing them one by
  // one made a large document's array grow, and be copied, over and over); cut to what was written.
  const out: Encoder = { data: new Array<number>(range ? 0 : n * 5), length: 0, prevLine: 0, prevChar: 0 };
  const lineCount = document.lineCount;
  /** The line of the previous token: its number, where it starts, and where its text ends (before the line break). */
  let line = 0;
  let lineStart = 0;
  let contentEnd = -1;
  let covered = 0;
  for (let k = 0; k < n; k++) {
    const i = 3 * (order ? order[k] : k);
    const start = Math.max(t[i], covered);
    const end = Math.min(t[i + 1], text.length);
    if (start >= end || end <= lo || start >= hi) continue; // empty, covered by an earlier token, or outside the range
    covered = end;
    const type = t[i + 2] & 0xffff;
    const mods = t[i + 2] & DEPRECATED_BIT ? 1 : 0;
    // Tokens come in order: move the line cursor forward (positionAt only when changing lines).
    if (start >= contentEnd || start < lineStart) {
      const p = document.positionAt(start);
      line = p.line;
      lineStart = start - p.character;
      contentEnd = line + 1 < lineCount ? document.offsetAt({ line: line + 1, character: 0 }) : text.length;
      if (text.charCodeAt(contentEnd - 1) === 10) contentEnd--;
      if (text.charCodeAt(contentEnd - 1) === 13) contentEnd--;
    }
    if (start >= lineStart && end <= contentEnd) {
      push(out, line, start - lineStart, end - start, type, mods);
      continue;
    }
    // Across line ends: one LSP token per line piece (lines end at \n, \r\n or a lone \r, as LSP counts them).
    const first = document.positionAt(start);
    const last = document.positionAt(end);
    for (let l = first.line; l <= last.line; l++) {
      const from = l === first.line ? start : document.offsetAt({ line: l, character: 0 });
      let to = l === last.line ? end : document.offsetAt({ line: l + 1, character: 0 });
      if (l < last.line) {
        if (text.charCodeAt(to - 1) === 10) to--;
        if (text.charCodeAt(to - 1) === 13) to--;
      }
      if (to > from) push(out, l, l === first.line ? first.character : 0, to - from, type, mods);
    }
  }
  out.data.length = out.length;
  return out.data;
}

interface Encoder {
  data: number[];
  /** How many numbers of `data` are written. */
  length: number;
  prevLine: number;
  prevChar: number;
}

function push(out: Encoder, line: number, character: number, length: number, type: number, mods: number): void {
  const deltaLine = line - out.prevLine;
  const data = out.data;
  let at = out.length;
  data[at++] = deltaLine;
  data[at++] = deltaLine === 0 ? character - out.prevChar : character;
  data[at++] = length;
  data[at++] = type;
  data[at++] = mods;
  out.length = at;
  out.prevLine = line;
  out.prevChar = character;
}

/** Decodes LSP token data back to absolute tokens (for tests and for clients that want text). */
export function decodeTokens(
  data: readonly number[],
  legend: SemanticTokensLegend = SEMANTIC_TOKENS_LEGEND,
): Array<{ line: number; character: number; length: number; type: string; modifiers: string[] }> {
  const out: Array<{ line: number; character: number; length: number; type: string; modifiers: string[] }> = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    line += data[i];
    character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
    const modifiers = legend.tokenModifiers.filter((_, bit) => (data[i + 4] >> bit) & 1);
    out.push({ line, character, length: data[i + 2], type: legend.tokenTypes[data[i + 3]], modifiers });
  }
  return out;
}

/** The edit that turns `previous` into `next`: one splice between their common prefix and suffix (none when equal). */
export function diffTokens(previous: readonly number[], next: readonly number[]): SemanticTokensEdit[] {
  let start = 0;
  const min = Math.min(previous.length, next.length);
  while (start < min && previous[start] === next[start]) start++;
  if (start === previous.length && start === next.length) return [];
  let endPrev = previous.length;
  let endNext = next.length;
  while (endPrev > start && endNext > start && previous[endPrev - 1] === next[endNext - 1]) {
    endPrev--;
    endNext--;
  }
  return [{ start, deleteCount: endPrev - start, data: next.slice(start, endNext) }];
}

export type { SemanticTokens };
