/**
 * The text of an open document, with positions (line, character) as the LSP counts them: `\n`, `\r\n`
 * and `\r` end a line, a character past the end of its line is the line's end, a line past the last is
 * the end of the text (as `vscode-languageserver-textdocument`, whose interface it implements).
 *
 * The difference is its line index, made when first asked and kept in a typed array:
 * - a text of up to FULL_INDEX_CHARS characters has the start of every line (4 bytes a line), so the
 *   services, which ask for thousands of positions, get them by one binary search;
 * - a longer text (over the parse budget, it is never parsed whole) has the start of every
 *   SPARSE_STRIDE-th line only, and the few positions asked of it (the window around a request, an
 *   edit) are found by reading at most that many lines further. Sixty million one-character lines then
 *   take 4 MB of index, where an entry per line took gigabytes.
 *
 * Edits to a text with a full index are made in pieces (`Pieces`), the index patched edit by edit; the
 * pieces are joined when the text is next read. An edit costs what it touches of the text, but the patch
 * still copies the line index (4 bytes a line): 10,000 edits to a 10,000-line text are cheap, while many
 * edits to a text of millions of short lines are not (a lazily applied shift would be the next step).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range } from 'vscode-languageserver-types';

/** Texts up to this many characters have an index entry for every line. */
const FULL_INDEX_CHARS = 16 * 1024 * 1024;
/** Longer texts have one for every SPARSE_STRIDE-th line. */
export const SPARSE_STRIDE = 64;

const LF = 10;
const CR = 13;

/** One replacement, in the positions of the text before it; no range replaces the whole text. */
export interface TextChange {
  range?: Range;
  text: string;
}

interface LineIndex {
  /** Lines per entry: 1, or SPARSE_STRIDE. */
  stride: number;
  /** starts[i] is the offset of line i × stride. */
  starts: Uint32Array;
  lineCount: number;
  /** Whether any `\r` is in the text: without, a line's end is found by a native search for `\n`. */
  hasCR: boolean;
}

/** Whether a line break ends at `i` - 1, i.e. `i` starts a line (never between the `\r` and `\n` of `\r\n`). */
function breakLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === LF) return 1;
  if (c === CR) return text.charCodeAt(i + 1) === LF ? 2 : 1;
  return 0;
}

function countLines(text: string): number {
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const n = breakLength(text, i);
    if (n) {
      lines++;
      i += n - 1;
    }
  }
  return lines;
}

function buildIndex(text: string, fullIndexChars: number): LineIndex {
  const lineCount = countLines(text);
  const stride = text.length > fullIndexChars ? SPARSE_STRIDE : 1;
  const starts = new Uint32Array(Math.ceil(lineCount / stride));
  let line = 0;
  for (let i = 0; i < text.length; i++) {
    const n = breakLength(text, i);
    if (!n) continue;
    i += n - 1;
    line++;
    if (line % stride === 0) starts[line / stride] = i + 1;
  }
  return { stride, starts, lineCount, hasCR: text.includes('\r') };
}

/** Characters per piece of a text being edited in a batch. */
const PIECE_CHARS = 16 * 1024;

/** What the index patch reads: a character, as `String.prototype.charCodeAt` (NaN out of range). */
interface CharSource {
  charCodeAt(i: number): number;
}

/**
 * A text as pieces of about PIECE_CHARS characters, while it is being edited: an edit copies the piece or
 * two it touches, where it made a copy of the whole text (a large string each time). 10,000 edits to a
 * 450 KB document, in one `didChange` or in 10,000, took 69 s of CPU (with the line index rebuilt each time).
 */
class Pieces implements CharSource {
  private parts: string[];
  /** starts[k] is the offset of parts[k]. */
  private readonly starts: number[] = [];
  length: number;

  constructor(text: string) {
    this.length = text.length;
    this.parts = split(text);
    this.restart(0);
  }

  charCodeAt(i: number): number {
    if (!(i >= 0 && i < this.length)) return NaN;
    const k = this.find(i);
    return this.parts[k].charCodeAt(i - this.starts[k]);
  }

  /** `[start, end)` (0 ≤ start ≤ end ≤ length) replaced by `text`. */
  replace(start: number, end: number, text: string): void {
    const a = this.find(start);
    const b = this.find(end);
    const merged = this.parts[a].slice(0, start - this.starts[a]) + text + this.parts[b].slice(end - this.starts[b]);
    if (a === b && merged.length <= 2 * PIECE_CHARS) this.parts[a] = merged;
    else this.parts = this.parts.slice(0, a).concat(split(merged), this.parts.slice(b + 1));
    this.length += text.length - (end - start);
    this.restart(a);
  }

  join(): string {
    return this.parts.join('');
  }

  /** The last part starting at or before `offset`: the part holding it (or the last part, at the end). */
  private find(offset: number): number {
    return Math.max(0, upperBound(this.starts, offset) - 1);
  }

  /** The parts' offsets again from part `from` on. */
  private restart(from: number): void {
    this.starts.length = this.parts.length;
    let at = from > 0 ? this.starts[from - 1] + this.parts[from - 1].length : 0;
    for (let k = from; k < this.parts.length; k++) {
      this.starts[k] = at;
      at += this.parts[k].length;
    }
  }
}

/** A text cut into pieces of PIECE_CHARS characters (one piece, maybe empty, for a short text). */
function split(text: string): string[] {
  if (text.length <= PIECE_CHARS) return [text];
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += PIECE_CHARS) parts.push(text.slice(i, i + PIECE_CHARS));
  return parts;
}

/** How many of the ascending `starts` are at most `value`. */
function upperBound(starts: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (starts[mid] > value) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** offsetAt over a full index of `text` (the same clamping as LineIndexedDocument.offsetAt). */
function offsetIn(index: LineIndex, text: CharSource & { length: number }, position: Position): number {
  const { starts, lineCount } = index;
  const line = Math.floor(position.line);
  if (line >= lineCount) return text.length;
  if (line < 0 || !(line >= 0)) return 0;
  const start = starts[line];
  let end = text.length;
  if (line + 1 < lineCount) {
    const next = starts[line + 1];
    end = next - (next >= 2 && text.charCodeAt(next - 1) === LF && text.charCodeAt(next - 2) === CR ? 2 : 1);
  }
  return start + Math.max(0, Math.min(Math.floor(position.character) || 0, end - start));
}

/**
 * The full index of a text just edited (`[start, end)` replaced by `inserted`; `text` is the text after the
 * edit, of `length` characters), patched rather than rebuilt: the line starts before the edit are kept,
 * those after it shifted, and only the edit's own characters (and one on each side, where a `\r` and a `\n`
 * may join or part) are read. Undefined (built afresh when next asked) for no index, a sparse one, or a
 * text over `fullIndexChars`.
 */
function patchedIndex(
  old: LineIndex | undefined,
  start: number,
  end: number,
  inserted: string,
  length: number,
  text: CharSource,
  fullIndexChars: number,
): LineIndex | undefined {
  if (!old || old.stride !== 1 || length > fullIndexChars) return undefined;
  const { starts } = old;
  // Old line starts p < start depend only on the characters before the edit: kept (line 0's always).
  // Old starts p ≥ end + 2 depend only on the characters after it: shifted. Those in [start, end + 1]
  // are found again in the new text.
  const keep = Math.max(1, upperBound(starts, start - 1));
  const after = upperBound(starts, end + 1);
  const delta = inserted.length - (end - start);
  const last = Math.min(start + inserted.length + 1, length);
  const middle: number[] = [];
  for (let p = Math.max(start, 1); p <= last; p++) {
    const c = text.charCodeAt(p - 1);
    if (c === LF || (c === CR && text.charCodeAt(p) !== LF)) middle.push(p);
  }
  const next = new Uint32Array(keep + middle.length + (starts.length - after));
  next.set(starts.subarray(0, keep));
  for (let i = 0; i < middle.length; i++) next[keep + i] = middle[i];
  const at = keep + middle.length;
  next.set(starts.subarray(after), at);
  if (delta !== 0) for (let i = at; i < next.length; i++) next[i] += delta;
  return { stride: 1, starts: next, lineCount: next.length, hasCR: old.hasCR || inserted.includes('\r') };
}

export class LineIndexedDocument implements TextDocument {
  private index: LineIndex | undefined;
  /** The text, unless edits since it was last read are pending in pieces. */
  private current: string;
  private pending: Pieces | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private _version: number,
    text: string,
    /** Texts longer than this get a sparse index (a parameter for the tests' small texts). */
    private readonly fullIndexChars = FULL_INDEX_CHARS,
  ) {
    this.current = text;
  }

  get version(): number {
    return this._version;
  }

  get lineCount(): number {
    return this.lineIndex().lineCount;
  }

  /** The text's length, without joining pending edits (see `update`). */
  get length(): number {
    return this.pending?.length ?? this.current.length;
  }

  getText(range?: Range): string {
    if (!range) return this.text;
    let start = this.offsetAt(range.start);
    let end = this.offsetAt(range.end);
    if (end < start) [start, end] = [end, start];
    return this.text.slice(start, end);
  }

  offsetAt(position: Position): number {
    const { lineCount } = this.lineIndex();
    const line = Math.floor(position.line);
    if (line >= lineCount) return this.text.length;
    if (line < 0 || !(line >= 0)) return 0;
    const start = this.lineStart(line);
    const end = this.lineEnd(start);
    return start + Math.max(0, Math.min(Math.floor(position.character) || 0, end - start));
  }

  positionAt(offset: number): Position {
    const at = Math.max(0, Math.min(Math.floor(offset) || 0, this.text.length));
    const { stride, starts } = this.lineIndex();
    const low = upperBound(starts, at);
    let line = (low - 1) * stride;
    let start = starts[low - 1];
    // Sparse: the lines after the entry, up to the one holding `at`.
    while (stride > 1) {
      const next = this.nextLineStart(start);
      if (next > at || next === start) break;
      line++;
      start = next;
    }
    // Between the `\r` and `\n` of one line break is the end of the line.
    const inBreak = at > start && this.text.charCodeAt(at - 1) === CR && this.text.charCodeAt(at) === LF;
    return { line, character: at - start - (inBreak ? 1 : 0) };
  }

  /** The range of a line without its line break (the last line past the end, nothing before the start). */
  getLineRange(line: number): Range {
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const last = Math.min(Math.floor(line), this.lineCount - 1);
    const start = this.lineStart(last);
    return { start: { line: last, character: 0 }, end: { line: last, character: this.lineEnd(start) - start } };
  }

  /** The line break that ends a line ('' for the last line or a line out of range). */
  getEOLCharacters(line: number): string {
    if (line < 0 || line >= this.lineCount) return '';
    const end = this.lineEnd(this.lineStart(Math.floor(line)));
    return this.text.slice(end, end + breakLength(this.text, end));
  }

  /** Applies changes in order (each in the positions its predecessor left) and sets the version. */
  update(changes: readonly TextChange[], version: number): void {
    for (const change of changes) {
      if (!change.range) {
        this.current = change.text;
        this.pending = undefined;
        this.index = undefined;
      } else if ((this.pending?.length ?? this.current.length) <= this.fullIndexChars) {
        // The text is edited in pieces, the index patched; the pieces are joined when the text is next read.
        const index = this.lineIndex();
        const pieces = (this.pending ??= new Pieces(this.current));
        let start = offsetIn(index, pieces, change.range.start);
        let end = offsetIn(index, pieces, change.range.end);
        if (end < start) [start, end] = [end, start];
        pieces.replace(start, end, change.text);
        this.index = patchedIndex(index, start, end, change.text, pieces.length, pieces, this.fullIndexChars);
        if (!this.index) void this.text; // grown past the full index: joined, its sparse index built when asked
      } else {
        let start = this.offsetAt(change.range.start);
        let end = this.offsetAt(change.range.end);
        if (end < start) [start, end] = [end, start];
        this.current = this.text.slice(0, start) + change.text + this.text.slice(end);
        this.index = undefined;
      }
    }
    this._version = version;
  }

  /** The text, its pieces joined first when it was edited since last read. */
  private get text(): string {
    if (this.pending !== undefined) {
      this.current = this.pending.join();
      this.pending = undefined;
    }
    return this.current;
  }

  private lineIndex(): LineIndex {
    this.index ??= buildIndex(this.text, this.fullIndexChars);
    return this.index;
  }

  /** The offset where `line` (< lineCount) starts. */
  private lineStart(line: number): number {
    const { stride, starts } = this.lineIndex();
    const entry = Math.floor(line / stride);
    let start = starts[entry];
    for (let rest = line - entry * stride; rest > 0; rest--) start = this.nextLineStart(start);
    return start;
  }

  /** Where the line starting at `start` ends, before its line break. */
  private lineEnd(start: number): number {
    const { stride, starts, lineCount, hasCR } = this.lineIndex();
    if (stride === 1) {
      const low = upperBound(starts, start);
      if (low >= lineCount) return this.text.length;
      const next = starts[low];
      return next - (next >= 2 && this.text.charCodeAt(next - 1) === LF && this.text.charCodeAt(next - 2) === CR ? 2 : 1);
    }
    if (!hasCR) {
      const lf = this.text.indexOf('\n', start);
      return lf < 0 ? this.text.length : lf;
    }
    for (let i = start; i < this.text.length; i++) if (breakLength(this.text, i)) return i;
    return this.text.length;
  }

  /** The start of the line after the one starting at `start` (`start` itself on the last line). */
  private nextLineStart(start: number): number {
    const end = this.lineEnd(start);
    return end >= this.text.length ? start : end + breakLength(this.text, end);
  }
}
