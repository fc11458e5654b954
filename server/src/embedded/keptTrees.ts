/**
 * Syntax trees kept per open document, for incremental parsing in the language server: the next
 * text of a document is parsed with its previous tree, edited to the change (`tree.edit`), so
 * tree-sitter reuses every part the change left alone.
 *
 * The change is found by comparing the texts (their common start and end), not from the editor's
 * content changes: it covers every change made since the last parse, however many notifications
 * and changes in one notification brought them (a parse may run once for several). Changes far
 * apart make one edit spanning them; the parse is still right, it reuses less.
 *
 * Bounded: at most MAX_KEPT_TREES trees and MAX_KEPT_CHARS characters of text, the least
 * recently parsed dropped first; a document's tree is dropped when it closes.
 */
import type { Edit, Point, Tree } from 'web-tree-sitter';

/** Most trees kept (one per open source document that may hold a request). */
export const MAX_KEPT_TREES = 24;
/** Most characters of text whose trees are kept, all documents together (a tree takes ~10-20 bytes per character). */
export const MAX_KEPT_CHARS = 8_000_000;

interface Kept {
  language: string;
  text: string;
  tree: Tree;
}

/** The point (row, column in UTF-16 units, as web-tree-sitter counts) reached from `from` after text[start, end). */
function advance(from: Point, text: string, start: number, end: number): Point {
  let row = from.row;
  let lineStart = -1;
  for (let i = text.indexOf('\n', start); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return lineStart < 0 ? { row, column: from.column + (end - start) } : { row, column: end - lineStart };
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** The one edit that turns `before` into `after`: what lies between their common start and common end. */
export function editBetween(before: string, after: string): Edit {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // never between the two halves of a surrogate pair
  if (start > 0 && isHigh(before.charCodeAt(start - 1))) start--;
  let tail = 0;
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  if (tail > 0 && isLow(before.charCodeAt(before.length - tail))) tail--;
  const startPosition = advance({ row: 0, column: 0 }, before, 0, start);
  return {
    startIndex: start,
    oldEndIndex: before.length - tail,
    newEndIndex: after.length - tail,
    startPosition,
    oldEndPosition: advance(startPosition, before, start, before.length - tail),
    newEndPosition: advance(startPosition, after, start, after.length - tail),
  };
}

/** Deletes a tree; one of a runtime that failed may not delete cleanly, and is let go. */
function release(tree: Tree): void {
  try {
    tree.delete();
  } catch {
    // the runtime is being replaced: its memory goes with it
  }
}

export class KeptTrees {
  /** In the order they were last parsed (a Map keeps insertion order), oldest first. */
  private readonly trees = new Map<string, Kept>();
  private chars = 0;

  /**
   * The previous tree of a document, edited to `text`, taken out of the store (the caller parses
   * with it, then deletes it); undefined when there is none for this language.
   */
  take(doc: string, language: string, text: string): Tree | undefined {
    const kept = this.trees.get(doc);
    if (!kept) return undefined;
    this.trees.delete(doc);
    this.chars -= kept.text.length;
    if (kept.language !== language) {
      release(kept.tree);
      return undefined;
    }
    try {
      kept.tree.edit(editBetween(kept.text, text));
      return kept.tree;
    } catch {
      release(kept.tree);
      return undefined;
    }
  }

  /** Keeps a document's new tree (owned by the store from now on), dropping the oldest past the bounds. */
  keep(doc: string, language: string, text: string, tree: Tree): void {
    this.forget(doc);
    if (text.length > MAX_KEPT_CHARS) {
      release(tree);
      return;
    }
    this.trees.set(doc, { language, text, tree });
    this.chars += text.length;
    for (const [key, kept] of this.trees) {
      if (this.trees.size <= MAX_KEPT_TREES && this.chars <= MAX_KEPT_CHARS) break;
      this.trees.delete(key);
      this.chars -= kept.text.length;
      release(kept.tree);
    }
  }

  /** Drops a document's tree (the document closed). */
  forget(doc: string): void {
    const kept = this.trees.get(doc);
    if (!kept) return;
    this.trees.delete(doc);
    this.chars -= kept.text.length;
    release(kept.tree);
  }

  /** Drops every tree (the runtime is started afresh). */
  clear(): void {
    for (const kept of this.trees.values()) release(kept.tree);
    this.trees.clear();
    this.chars = 0;
  }

  /** How many trees and characters are kept (for tests). */
  get size(): { trees: number; chars: number } {
    return { trees: this.trees.size, chars: this.chars };
  }
}
