/**
 * A window of a document over the parse budget: the text around a request, parsed on its own, in the
 * positions of the whole document. The services read it as any document (its text is the window's, its
 * offsets count from the window's start) and answer in lines and characters of the whole document, so
 * nothing is translated after them and the earlier text is never copied or indexed.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Hover, MarkedString, Position, Range } from 'vscode-languageserver-types';
import { LineIndexedDocument } from './lineIndexedDocument';

/** Lines either side of a position that a request on a document over the parse budget reads. */
export const WINDOW_LINES = 200;
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

/** A window's offsets in the whole document; `lineCut`: characters of the position's line before the window. */
export interface WindowBounds {
  start: number;
  end: number;
  lineCut: number;
}

/**
 * The offsets of the window around `at`: WINDOW_LINES lines either side, cut to MAX_WINDOW_CHARS
 * characters around the start of `at` (one 50 MB line gets the 500,000 characters either side). When the
 * line of `at` starts further back than that but within MAX_WINDOW_CHARS − MIN_AFTER, the window starts
 * at the line's start instead (a request begins on its line, or before it): only a request that starts
 * further back than that is cut, and `lineCut` says by how much.
 */
export function windowAround(doc: TextDocument, at: Range): WindowBounds {
  const from = doc.offsetAt(at.start);
  const to = Math.max(from, doc.offsetAt(at.end));
  const half = MAX_WINDOW_CHARS / 2;
  const lineStart = doc.offsetAt({ line: at.start.line, character: 0 });
  let start = Math.max(doc.offsetAt({ line: Math.max(0, at.start.line - WINDOW_LINES), character: 0 }), from - half);
  if (lineStart < start && from - lineStart <= MAX_WINDOW_CHARS - MIN_AFTER) start = lineStart;
  const linesEnd = doc.offsetAt({ line: at.end.line + WINDOW_LINES + 1, character: 0 });
  const end = Math.min(linesEnd, Math.max(to, from + half), start + MAX_WINDOW_CHARS);
  return { start, end, lineCut: Math.max(0, start - lineStart) };
}

/**
 * What hover adds on a window whose line is cut: the request under the cursor may start before what was
 * read, so what hover shows (or does not) may be about a part of it only.
 */
export function cutLineNote(lineCut: number, read: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `*This line starts ${n(lineCut)} characters before the ${n(read)} read around the cursor (the document is too large to parse whole): a request that starts earlier on the line is not seen whole, so what is shown here may miss its parameters.*`;
}

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
