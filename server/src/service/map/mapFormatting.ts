/**
 * Formatting of map queries: JSON formatting (jsonc-parser's `format`, as VS Code's JSON support),
 * comments kept. JSON nested deeper than MAX_FORMAT_DEPTH is left alone: no map query comes close,
 * and jsonc-parser's time grows with the square of the depth.
 */
import { createScanner, format, SyntaxKind } from 'jsonc-parser';
import type { FormattingOptions, TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

const MAX_FORMAT_DEPTH = 64;
/**
 * The widest indent step taken (a wider `tabSize` counts as this). The LSP bounds a client's `tabSize` only as an
 * unsigned integer, and jsonc-parser builds each indent a space at a time: 1e6 took a minute and a 19 MB answer, 1e8
 * held the server for minutes.
 */
const MAX_TAB_SIZE = 32;
/** The size of jsonc-parser's table of line breaks with indents (see formatMapDocument). */
const LIBRARY_INDENT_TABLE_SIZE = 200;

export function formatMapDocument(document: TextDocument, options: FormattingOptions): TextEdit[] {
  const text = document.getText();
  if (nestingDepth(text) > MAX_FORMAT_DEPTH) return [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const insertSpaces = options.insertSpaces !== false;
  const edits = format(text, undefined, {
    tabSize: Number.isInteger(options.tabSize) && options.tabSize > 0 ? Math.min(options.tabSize, MAX_TAB_SIZE) : 2,
    insertSpaces,
    eol,
    insertFinalNewline: options.insertFinalNewline === true,
  });
  // jsonc-parser (3.3.1) reads a line break and its indent from a table of 200 entries (indents 0 to 199) when
  // the indent is at most 200 characters: an indent of exactly 200 (`tabSize` 4 at depth 50, 8 at depth 25, …)
  // falls off the table and its edit has no content. That edit is a line break and 200 indent characters.
  return edits.map((e) => ({
    range: { start: document.positionAt(e.offset), end: document.positionAt(e.offset + e.length) },
    newText: typeof e.content === 'string' ? e.content : eol + (insertSpaces ? ' ' : '\t').repeat(LIBRARY_INDENT_TABLE_SIZE),
  }));
}

/** The deepest nesting of `{`/`[` outside strings and comments. */
function nestingDepth(text: string): number {
  const scanner = createScanner(text, true);
  let depth = 0;
  let max = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) max = Math.max(max, ++depth);
    else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) depth = Math.max(0, depth - 1);
  }
  return max;
}
