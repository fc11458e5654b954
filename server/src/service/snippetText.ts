/**
 * Completion for clients that did not declare `completionItem.snippetSupport`: a snippet item becomes
 * plain text, its tab stops removed and its placeholders written out (`"${1}"` → `""`,
 * `${1:0}` → `0`, `${1|a,b|}` → `a`), so such an editor (Neovim's built-in client, eglot without
 * yasnippet, ALE) never inserts `${1}` literally.
 */
import { InsertTextFormat, type CompletionItem, type CompletionList } from 'vscode-languageserver-types';

/** The text a snippet stands for, with every placeholder at its default and every tab stop empty. */
export function snippetToPlainText(snippet: string): string {
  let out = '';
  let i = 0;
  // Nesting of `${…}`: each open placeholder or choice; a choice keeps only its first option.
  const open: Array<'placeholder' | 'choice' | 'choice-rest'> = [];
  while (i < snippet.length) {
    const c = snippet[i];
    const top = open[open.length - 1];
    if (c === '\\' && i + 1 < snippet.length && '$}\\,|'.includes(snippet[i + 1])) {
      if (top !== 'choice-rest') out += snippet[i + 1];
      i += 2;
      continue;
    }
    const stop = /^\$(\d+|[A-Za-z_]\w*)/.exec(snippet.slice(i));
    if (stop) {
      i += stop[0].length;
      continue;
    }
    const start = /^\$\{(\d+|[A-Za-z_]\w*)(:|\|)?/.exec(snippet.slice(i));
    if (start) {
      open.push(start[2] === '|' ? 'choice' : 'placeholder');
      i += start[0].length;
      continue;
    }
    if (top === 'choice' || top === 'choice-rest') {
      if (c === ',') open[open.length - 1] = 'choice-rest';
      else if (c === '|' && snippet[i + 1] === '}') {
        open.pop();
        i += 2;
        continue;
      } else if (top === 'choice') out += c;
      i++;
      continue;
    }
    if (c === '}' && top === 'placeholder') {
      open.pop();
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

function plainItem(item: CompletionItem): CompletionItem {
  if (item.insertTextFormat !== InsertTextFormat.Snippet) return item;
  const plain: CompletionItem = { ...item, insertTextFormat: InsertTextFormat.PlainText };
  if (item.insertText !== undefined) plain.insertText = snippetToPlainText(item.insertText);
  if (item.textEdit) plain.textEdit = { ...item.textEdit, newText: snippetToPlainText(item.textEdit.newText) };
  return plain;
}

/** The list as a client without snippet support must get it: every snippet item as plain text. */
export function withoutSnippets(list: CompletionList): CompletionList {
  const defaults = list.itemDefaults;
  const snippetDefault = defaults?.insertTextFormat === InsertTextFormat.Snippet;
  return {
    ...list,
    ...(defaults ? { itemDefaults: snippetDefault ? { ...defaults, insertTextFormat: InsertTextFormat.PlainText } : defaults } : {}),
    items: list.items.map((item) =>
      snippetDefault && item.insertTextFormat === undefined
        ? plainItem({ ...item, insertTextFormat: InsertTextFormat.Snippet })
        : plainItem(item),
    ),
  };
}
