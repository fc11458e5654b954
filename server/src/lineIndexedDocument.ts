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

export class LineIndexedDocument implements TextDocument {
  private index: LineIndex | undefined;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private _version: number,
    private text: string,
    /** Texts longer than this get a sparse index (a parameter for the tests' small texts). */
    private readonly fullIndexChars = FULL_INDEX_CHARS,
  ) {}

  get version(): number {
    return this._version;
  }

  get lineCount(): number {
    return this.lineIndex().lineCount;
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
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (starts[mid] > at) high = mid;
      else low = mid + 1;
    }
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
      if (!change.range) this.text = change.text;
      else {
        let start = this.offsetAt(change.range.start);
        let end = this.offsetAt(change.range.end);
        if (end < start) [start, end] = [end, start];
        this.text = this.text.slice(0, start) + change.text + this.text.slice(end);
      }
      this.index = undefined;
    }
    this._version = version;
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
      let low = 0;
      let high = starts.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (starts[mid] > start) high = mid;
        else low = mid + 1;
      }
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
