/** Formatting of map queries: JSON formatting (jsonc-parser's `format`, as VS Code's JSON support), comments kept. */
import { format } from 'jsonc-parser';
import type { FormattingOptions, TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export function formatMapDocument(document: TextDocument, options: FormattingOptions): TextEdit[] {
  const text = document.getText();
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return format(text, undefined, {
    tabSize: options.tabSize > 0 ? options.tabSize : 2,
    insertSpaces: options.insertSpaces !== false,
    eol,
    insertFinalNewline: options.insertFinalNewline === true,
  }).map((e) => ({ range: { start: document.positionAt(e.offset), end: document.positionAt(e.offset + e.length) }, newText: e.content }));
}
