/**
 * A window of a document over the parse budget: the text around a request, parsed on its own, in the
 * positions of the whole document. The services read it as any document (its text is the window's, its
 * offsets count from the window's start) and answer in lines and characters of the whole document, so
 * nothing is translated after them and the earlier text is never copied or indexed.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionItem, CompletionList, Hover, MarkedString, MarkupContent, Position, Range } from 'vscode-languageserver-types';
import { LineIndexedDocument } from './lineIndexedDocument';

/** Lines either side of a position that a request on a document over the parse budget reads. */
const WINDOW_LINES = 200;
/** Most characters such a window holds; on longer lines it is cut to the characters around the position. */
export const MAX_WINDOW_CHARS = 1_000_000;
/**
 * Characters after the position a window keeps at least when it is moved back to the start of the
 * position's line: a line that starts up to MAX_WINDOW_CHARS − this before the position is read from its
 * start, so a request written there is seen from its beginning.
 */
const MIN_AFTER = 50_000;

export class WindowDocument implements TextDocument {
  private readonly inner: LineIndexedDocument;

  /** `text` starts at `base` in the whole document. */
  constructor(
    uri: string,
    languageId: string,
    version: number,
    text: string,
    private readonly base: Position,
  ) {
    this.inner = new LineIndexedDocument(uri, languageId, version, text);
  }

  get uri(): string {
    return this.inner.uri;
  }
  get languageId(): string {
    return this.inner.languageId;
  }
  get version(): number {
    return this.inner.version;
  }
  get lineCount(): number {
    return this.base.line + this.inner.lineCount;
  }

  getText(range?: Range): string {
    return range ? this.inner.getText({ start: this.toInner(range.start), end: this.toInner(range.end) }) : this.inner.getText();
  }

  offsetAt(position: Position): number {
    return this.inner.offsetAt(this.toInner(position));
  }

  positionAt(offset: number): Position {
    const p = this.inner.positionAt(offset);
    return p.line === 0
      ? { line: this.base.line, character: this.base.character + p.character }
      : { line: this.base.line + p.line, character: p.character };
  }

  getLineRange(line: number): Range {
    const r = this.inner.getLineRange(line - this.base.line);
    return { start: this.positionAt(this.inner.offsetAt(r.start)), end: this.positionAt(this.inner.offsetAt(r.end)) };
  }

  getEOLCharacters(line: number): string {
    return this.inner.getEOLCharacters(line - this.base.line);
  }

  /** A position of the whole document in the window's own; before the window is its start. */
  private toInner(p: Position): Position {
    if (p.line < this.base.line || (p.line === this.base.line && p.character < this.base.character)) return { line: 0, character: 0 };
    return p.line === this.base.line
      ? { line: 0, character: p.character - this.base.character }
      : { line: p.line - this.base.line, character: p.character };
  }
}

/**
 * A window's offsets in the whole document. `lineCut`: characters of the position's line before the window;
 * `requestCut`: the request at the position starts on an earlier line that the window does not read whole.
 */
export interface WindowBounds {
  start: number;
  end: number;
  lineCut: number;
  requestCut: boolean;
}

/** Whether a line goes on with the request of the lines before it (`Mode.continues`). */
export type ContinuesLine = (text: string, lineStart: number, limit: number) => boolean;

/** The farthest back a window starts to read a request from its beginning (its line, or its first line). */
const REACH = MAX_WINDOW_CHARS - MIN_AFTER;

/**
 * The offsets of the window around `at`: WINDOW_LINES lines either side, cut to MAX_WINDOW_CHARS
 * characters around the start of `at` (one 50 MB line gets the MAX_WINDOW_CHARS / 2 characters either
 * side). When the request at `at` starts further back than that (on its line, or on an earlier line that
 * `continues` leads back to) but within REACH characters, the window starts where the request does: only
 * a request that starts further back than that is cut, and `lineCut` / `requestCut` say so.
 */
export function windowAround(doc: TextDocument, at: Range, continues?: ContinuesLine): WindowBounds {
  const from = doc.offsetAt(at.start);
  const to = Math.max(from, doc.offsetAt(at.end));
  const half = MAX_WINDOW_CHARS / 2;
  const lineStart = doc.offsetAt({ line: at.start.line, character: 0 });
  // Where the request starts: the position's line, or the first line `continues` leads back to (-1: further back than REACH).
  const begins = continues ? requestStart(doc.getText(), lineStart, Math.max(0, from - REACH), from, continues) : lineStart;
  let start = Math.max(doc.offsetAt({ line: Math.max(0, at.start.line - WINDOW_LINES), character: 0 }), from - half);
  if (begins >= 0 && begins < start && from - begins <= REACH) start = begins;
  const linesEnd = doc.offsetAt({ line: at.end.line + WINDOW_LINES + 1, character: 0 });
  const end = Math.min(linesEnd, Math.max(to, from + half), start + MAX_WINDOW_CHARS);
  const lineCut = Math.max(0, start - lineStart);
  return { start, end, lineCut, requestCut: lineCut === 0 && begins !== lineStart && start > begins };
}

/**
 * The start of the first line of the request whose line starts at `lineStart`: back over the lines that
 * `continues`, reading no further back than `floor`; -1 when the request starts before it.
 */
function requestStart(text: string, lineStart: number, floor: number, limit: number, continues: ContinuesLine): number {
  let s = lineStart;
  while (s > 0 && continues(text, s, limit)) {
    let q = s - 2; // s - 1 is the line break that ends the line before
    while (q >= floor && text.charCodeAt(q) !== 10) q--;
    if (q < floor && q >= 0) return -1;
    s = q + 1;
    limit = s + REACH;
  }
  return s;
}

/**
 * What hover and completion add on a window whose line is cut: the request under the cursor may start
 * before what was read, so what they show (or do not) may be about a part of it only.
 */
export function cutLineNote(lineCut: number, read: number): string {
  return `*This line starts ${n(lineCut)} characters before the ${n(read)} read around the cursor (the document is too large to parse whole): a request that starts earlier on the line is not seen whole, so what is shown here may miss its parameters.*`;
}

/** The note of a window that does not read the earlier line where the request under the cursor starts. */
function cutRequestNote(read: number): string {
  return `*The request here starts on an earlier line, more than ${n(REACH)} characters before the cursor, outside the ${n(read)} read around it (the document is too large to parse whole): it is not seen whole, so what is shown here may miss its parameters.*`;
}

/** The note of a window, if it cuts the request at the position. */
export function windowNote(w: WindowBounds): string | undefined {
  if (w.lineCut > 0) return cutLineNote(w.lineCut, w.end - w.start);
  return w.requestCut ? cutRequestNote(w.end - w.start) : undefined;
}

const n = (x: number) => x.toLocaleString('en-US');

/** `hover` with `note` (markdown) after what it says; the note alone when there is no hover. */
export function withNote(hover: Hover | null, note: string): Hover {
  if (!hover) return { contents: { kind: 'markdown', value: note } };
  const c = hover.contents;
  if (typeof c === 'object' && !Array.isArray(c) && 'kind' in c) {
    return {
      ...hover,
      contents: { kind: c.kind, value: c.kind === 'markdown' ? `${c.value}\n\n---\n\n${note}` : `${c.value}\n\n${note}` },
    };
  }
  const list: MarkedString[] = Array.isArray(c) ? c : [c];
  return { ...hover, contents: [...list, note] };
}

/**
 * A completion list on a window that cuts the request: every item's documentation ends with `note`, and
 * the list is incomplete (asked again as the user types).
 */
export function withNoteOnItems(list: CompletionList, note: string): CompletionList {
  const items = list.items.map((item): CompletionItem => ({ ...item, documentation: docWithNote(item.documentation, note) }));
  return { ...list, isIncomplete: true, items };
}

function docWithNote(doc: string | MarkupContent | undefined, note: string): MarkupContent {
  if (doc === undefined || doc === '') return { kind: 'markdown', value: note };
  if (typeof doc === 'string') return { kind: 'plaintext', value: `${doc}\n\n${note.replace(/^\*|\*$/g, '')}` };
  return doc.kind === 'markdown'
    ? { kind: 'markdown', value: `${doc.value}\n\n---\n\n${note}` }
    : { kind: doc.kind, value: `${doc.value}\n\n${note.replace(/^\*|\*$/g, '')}` };
}

/** What the server tells of the windows, in its one message on a document over the parse budget. */
export function describeWindow(): string {
  return `read the ${WINDOW_LINES} lines around what is shown (on longer lines, the ${n(MAX_WINDOW_CHARS / 2)} characters either side, or from the start of a request that begins up to ${n(REACH)} characters before the cursor)`;
}
