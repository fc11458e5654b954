/**
 * Completion inside a request written in source code: parameter names in a key string of a
 * parameter object (also one being typed, not yet followed by its value), values and module names in
 * a value string, names and values inside a URL literal. The wiki service completes on the virtual
 * query; each item is written back as the bare name or value, in place of the word at the cursor
 * inside the host string (so the host's quotes stay as they are).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { InsertTextFormat, type CompletionItem, type CompletionList } from 'vscode-languageserver-types';
import type { LanguageSettings } from '../languageTypes';
import type { WikiLanguageService } from '../wiki/wikiLanguageService';
import type { MapLanguageService } from '../map/mapLanguageService';
import type { HostLanguage } from './hostLanguages';
import { checkRequests, type CheckedRequest } from './embeddedCheck';
import type { FoundRequest } from './requestFinder';
import { hostToVirtual } from './embeddedPositions';

export interface HostCompletionInput {
  wiki: WikiLanguageService;
  /** Completes inside map-object queries posted to `…/api/mapobjects/`. */
  map?: MapLanguageService;
  find(text: string, lang: HostLanguage): FoundRequest[] | undefined;
  document: TextDocument;
  parsed: { lang: HostLanguage };
  offset: number;
  settings?: LanguageSettings;
  checked: CheckedRequest[];
}

/** How a key is followed by its value in each language's parameter objects (for a key being typed). */
const KEY_VALUE: Record<string, string> = {
  python: ': ',
  javascript: ': ',
  typescript: ': ',
  typescriptreact: ': ',
  go: ': ',
  php: ' => ',
  ruby: ' => ',
  lua: ' = ',
};

/** How an identifier key (JavaScript/Ruby object, Lua table) or keyword argument (Python) takes its value. */
const IDENTIFIER_KEY_VALUE: Record<string, string> = {
  python: '=',
  javascript: ': ',
  typescript: ': ',
  typescriptreact: ': ',
  ruby: ': ',
  lua: ' = ',
};

/**
 * An identifier key outside any string, being typed (`{ action: 'query', srl| }`, `site.api('query', srl|)`)
 * or already followed by its value (`{ srl|imt: 5 }`): the text with a placeholder value after a key
 * that has none, and the identifier's range; undefined elsewhere.
 */
function identifierKey(text: string, offset: number, lang: HostLanguage): { modified: string; from: number; to: number } | undefined {
  const sep = IDENTIFIER_KEY_VALUE[lang.id];
  if (!sep) return undefined;
  let from = offset;
  while (from > 0 && /[A-Za-z0-9_]/.test(text[from - 1])) from--;
  let to = offset;
  while (to < text.length && /[A-Za-z0-9_]/.test(text[to])) to++;
  if (from === to || !/^[A-Za-z_]/.test(text[from])) return undefined;
  if (!/[{,(]\s*$/.test(text.slice(Math.max(0, from - 200), from))) return undefined;
  const after = text.slice(to, to + 200);
  // a key that already has its value (`{ srl|imt: 5 }`): the request holds it as it is
  if (new RegExp(`^\\s*${sep.trim()}(?![:=])`).test(after)) return { modified: text, from, to };
  if (!/^\s*(?:[,})]|$)/.test(after)) return undefined;
  return { modified: text.slice(0, to) + sep + '0' + text.slice(to), from, to };
}

/** Where the host string around the cursor is on its line: its opening quote and closing quote (-1: not closed on the line). */
interface HostString {
  open: number;
  close: number;
}

function stringAt(text: string, offset: number): HostString | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let quote = '';
  let open = -1;
  for (let i = lineStart; i < text.length && text[i] !== '\n'; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) {
        if (open < offset && offset <= i) return { open, close: i };
        quote = '';
      }
    } else if (ch === '"' || ch === "'" || ch === '`') {
      if (i >= offset) return undefined;
      quote = ch;
      open = i;
    } else if (ch === '#' || (ch === '/' && text[i + 1] === '/')) return undefined;
  }
  return quote && open < offset ? { open, close: -1 } : undefined;
}

const WORD = /[A-Za-z0-9_-]/;

/** The text with a placeholder value after a key being typed (`"sr|"` → `"sr|": 0`), or undefined when the string is not such a key. */
function withPlaceholder(text: string, s: HostString, offset: number, lang: HostLanguage): string | undefined {
  const sep = KEY_VALUE[lang.id];
  if (!sep || !/^[A-Za-z0-9_]*$/.test(text.slice(s.open + 1, s.close < 0 ? offset : s.close))) return undefined;
  const before =
    /[{,[(]\s*$/.test(text.slice(Math.max(0, s.open - 200), s.open)) || /(^|\n)\s*$/.test(text.slice(Math.max(0, s.open - 200), s.open));
  if (!before) return undefined;
  if (s.close < 0) return text.slice(0, offset) + text[s.open] + sep + '0' + text.slice(offset);
  const after = text.slice(s.close + 1, s.close + 40);
  if (/^\s*(?::|=>|=)/.test(after)) return undefined;
  return text.slice(0, s.close + 1) + sep + '0' + text.slice(s.close + 1);
}

/** The item written as the bare name or value over the word at the cursor, or undefined when it cannot be written as is. */
function hostItem(item: CompletionItem, document: TextDocument, from: number, to: number): CompletionItem | undefined {
  const raw = item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : (item.insertText ?? item.label);
  const newText = raw.replace(/=$/, '');
  if (!/^[A-Za-z0-9_|.:*-]*$/.test(newText) || (item.insertTextFormat === InsertTextFormat.Snippet && /[$]/.test(raw))) return undefined;
  const { command: _command, additionalTextEdits: _extra, insertText: _insert, ...rest } = item;
  return {
    ...rest,
    insertTextFormat: InsertTextFormat.PlainText,
    filterText: item.filterText ?? newText,
    textEdit: { range: { start: document.positionAt(from), end: document.positionAt(to) }, newText },
  };
}

/** A map item that writes a JSON string (`"bones"`) as its bare text, for the host's own string or key; others as they are. */
function unquoted(item: CompletionItem): CompletionItem {
  const edit = item.textEdit && 'newText' in item.textEdit ? item.textEdit : undefined;
  const inner = /^"([^"\\]*)"$/.exec(edit?.newText ?? item.insertText ?? '');
  if (!inner) return item;
  return { ...item, insertText: inner[1], textEdit: edit ? { ...edit, newText: inner[1] } : undefined };
}

/** The word at the cursor inside a host string (a name, or one value of a `|` list). */
function wordInString(text: string, s: HostString, offset: number): { from: number; to: number } {
  const end = s.close < 0 ? text.indexOf('\n', offset) >>> 0 : s.close;
  let from = offset;
  while (from > s.open + 1 && WORD.test(text[from - 1])) from--;
  let to = offset;
  while (to < Math.min(end, text.length) && WORD.test(text[to])) to++;
  return { from, to };
}

export function completeInHost(input: HostCompletionInput): CompletionList {
  const { wiki, document, offset, settings } = input;
  const lang = input.parsed.lang;
  const text = document.getText();
  const s = stringAt(text, offset);
  const key = s ? undefined : identifierKey(text, offset, lang);
  if (!s && !key) return { isIncomplete: false, items: [] };
  let checked = input.checked;
  const modified = s ? withPlaceholder(text, s, offset, lang) : key!.modified;
  if (modified !== undefined) {
    const found = input.find(modified, lang) ?? [];
    const changed = TextDocument.create(document.uri, document.languageId, document.version, modified);
    checked = checkRequests(wiki, changed, found, settings ?? {}, input.map);
  }
  const c = checked.find((r) => r.request.range.start <= offset && offset <= r.request.range.end);
  if (!c) return { isIncomplete: false, items: [] };
  const v = hostToVirtual(c.request.query, offset);
  let list: CompletionList;
  if (c.service === 'wiki') list = wiki.doComplete(c.virtual, c.parsed, v, settings);
  else if (input.map && c.parsed && !c.request.query.hasHole(v - 1, v + 1)) list = input.map.doComplete(c.virtual, c.parsed, v, settings);
  else return { isIncomplete: false, items: [] };
  const { from, to } = key ?? wordInString(text, s!, offset);
  const items = list.items
    .map((i) => hostItem(c.service === 'map' ? unquoted(i) : i, document, from, to))
    .filter((i): i is CompletionItem => !!i);
  return { isIncomplete: list.isIncomplete, items };
}
