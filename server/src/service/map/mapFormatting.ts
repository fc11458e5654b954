/** Formatting of map queries: JSON formatting (jsonc-parser's `format`, as VS Code's JSON support), comments kept. */
import { format } from 'jsonc-parser';
import type { FormattingOptions, TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export function formatMapDocument(document: TextDocument, options: FormattingOptions): TextEdit[] {
  const text = document.getText();
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const edits = format(text, undefined, {
    tabSize: options.tabSize > 0 ? options.tabSize : 2,
    insertSpaces: options.insertSpaces !== false,
    eol,
    insertFinalNewline: options.insertFinalNewline === true,
  });
  // jsonc-parser gives edits without content for very deep nesting: then leave the document as it is
  // rather than apply a partial formatting.
  if (edits.some((e) => typeof e.content !== 'string')) return [];
  return edits.map((e) => ({ range: { start: document.positionAt(e.offset), end: document.positionAt(e.offset + e.length) }, newText: e.content }));
}
