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

export function formatMapDocument(document: TextDocument, options: FormattingOptions): TextEdit[] {
  const text = document.getText();
  if (nestingDepth(text) > MAX_FORMAT_DEPTH) return [];
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const edits = format(text, undefined, {
    tabSize: Number.isInteger(options.tabSize) && options.tabSize > 0 ? Math.min(options.tabSize, MAX_TAB_SIZE) : 2,
    insertSpaces: options.insertSpaces !== false,
    eol,
    insertFinalNewline: options.insertFinalNewline === true,
  });
  // jsonc-parser gives edits without content for very deep nesting: then leave the document as it is
  // rather than apply a partial formatting.
  if (edits.some((e) => typeof e.content !== 'string')) return [];
  return edits.map((e) => ({
    range: { start: document.positionAt(e.offset), end: document.positionAt(e.offset + e.length) },
    newText: e.content,
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
