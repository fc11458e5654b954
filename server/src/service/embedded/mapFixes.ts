/**
 * Quick fixes and semantic tokens of map-object queries posted from source code (mapPosts.ts): the
 * map service's, on the query's virtual JSON, carried to the host file through the body's position map.
 *
 * An edit of the JSON is written in the host only where the host's form allows it safely:
 * - a replaced value or key: as is where the host writes those characters as is (JSON in a string,
 *   a number, a double-quoted string); a JSON string written in the host string's own quotes
 *   (`'bone'` becomes `'bones'`), or as a bare key where the host key is bare (`tpye:` becomes `type:`);
 * - an added field: in the host's object syntax (JavaScript `limit: 100`, Python `"limit": 100`, Lua
 *   `limit = 100`), or as JSON inside a JSON string whose `"` the host writes as is;
 * - a removed field: the host characters from entry to entry, only in a closed object (no spread).
 * A fix with one edit that cannot be written so is not offered; a value known only at run time is never edited.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';
import type { LanguageSettings } from '../languageTypes';
import type { MapLanguageService } from '../map/mapLanguageService';
import { SEMANTIC_TOKENS_LEGEND, type TokenSink, type TokenType } from '../semanticTokens';
import type { CheckedMapRequest } from './mapCheck';
import { fixesInHost, sameDiagnostic, wholeDocument } from './hostActions';

/** Characters written as is in any host string, number or identifier. */
const PLAIN = /^[A-Za-z0-9_.:+-]*$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Lua words that cannot be a bare table key. */
const LUA_RESERVED = new Set(
  'and break do else elseif end false for function goto if in local nil not or repeat return then true until while'.split(' '),
);

type Style = 'script' | 'python' | 'lua' | 'php' | 'ruby' | 'kotlin' | 'csharp';

const STYLES: Record<string, Style> = {
  python: 'python',
  lua: 'lua',
  php: 'php',
  ruby: 'ruby',
  kotlin: 'kotlin',
  csharp: 'csharp',
  javascript: 'script',
  javascriptreact: 'script',
  typescript: 'script',
  typescriptreact: 'script',
};

/** How the host writes an object the client sends as JSON (the form's language); undefined: JSON in a string. */
function styleOf(c: CheckedMapRequest): Style | undefined {
  return c.request.form === 'json' ? undefined : STYLES[c.request.language];
}

/** An object of entries in the host's syntax: `{…}`, PHP `[…]`, Kotlin `mapOf(…)`, C# `new { … }`. */
function hostObject(parts: string[], style: Style): string {
  if (style === 'php') return `[${parts.join(', ')}]`;
  if (style === 'kotlin') return `mapOf(${parts.join(', ')})`;
  if (style === 'csharp') return `new { ${parts.join(', ')} }`;
  return style === 'ruby' ? `{ ${parts.join(', ')} }` : `{${parts.join(', ')}}`;
}

/** A JSON value (from a fix's text) in the host's object syntax; undefined where it has no plain form there. */
function hostValue(value: unknown, style: Style): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string') return PLAIN.test(value) ? JSON.stringify(value) : undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const entry = hostEntry(k, v, style);
    if (entry === undefined) return undefined;
    parts.push(entry);
  }
  return hostObject(parts, style);
}

function hostEntry(key: string, value: unknown, style: Style): string | undefined {
  const v = hostValue(value, style);
  if (v === undefined || !PLAIN.test(key)) return undefined;
  const bare = IDENTIFIER.test(key) && !key.includes('$');
  switch (style) {
    case 'python':
      return `${JSON.stringify(key)}: ${v}`;
    case 'php':
      return `'${key}' => ${v}`;
    case 'kotlin':
      return `${JSON.stringify(key)} to ${v}`;
    case 'csharp':
      return bare ? `${key} = ${v}` : undefined;
    case 'ruby':
      return bare ? `${key}: ${v}` : `${JSON.stringify(key)} => ${v}`;
    case 'lua':
      return bare && !LUA_RESERVED.has(key) ? `${key} = ${v}` : `[${JSON.stringify(key)}] = ${v}`;
    default:
      return `${bare ? key : JSON.stringify(key)}: ${v}`;
  }
}

/** Text the map service adds to an object (`, "limit": 100`, `"type": "bones"`) in the host's syntax. */
function addedText(c: CheckedMapRequest, json: string): string | undefined {
  const style = styleOf(c);
  const lead = /^\s*,\s*/.exec(json)?.[0] ?? '';
  if (!style) return /^[\w\s",:{}+-]*$/.test(json) ? json : undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(`{${json.slice(lead.length)}}`);
  } catch {
    return undefined;
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const entry = hostEntry(entries[0][0], entries[0][1], style);
  return entry === undefined ? undefined : (lead ? ', ' : '') + entry;
}

/** Whether the host writes the JSON's `"` as is (JSON in a single-quoted shell string, a template literal, …). */
function quotesAsIs(c: CheckedMapRequest, host: string): boolean {
  const q = c.request.query;
  const at = q.text.indexOf('"');
  return at >= 0 && q.ends[at] - q.starts[at] === 1 && host[q.starts[at]] === '"';
}

/** A replacement of virtual [from, to) by `json` written in the host; undefined when not safely possible. */
function replaced(c: CheckedMapRequest, host: string, from: number, to: number, json: string): string | undefined {
  const q = c.request.query;
  const span = q.hostRange(from, to);
  const old = host.slice(span.start, span.end);
  const virtual = q.text.slice(from, to);
  const content = /^"([^"\\]*)"$/.exec(json)?.[1];
  if (old === virtual) {
    // written as is: the new text needs no escape the old one did not have
    if (PLAIN.test(json) || (content !== undefined && PLAIN.test(content) && virtual.startsWith('"'))) return json;
    return undefined;
  }
  if (content === undefined || !PLAIN.test(content) || !virtual.startsWith('"')) return undefined;
  const oldContent = JSON.parse(virtual) as string;
  const quote = old[0];
  if ((quote === "'" || quote === '"') && old.endsWith(quote) && old.slice(1, -1) === oldContent) return quote + content + quote;
  const style = styleOf(c);
  if (old === oldContent && IDENTIFIER.test(content) && style && style !== 'python' && !(style === 'lua' && LUA_RESERVED.has(content)))
    return content;
  return undefined;
}

/** One edit of the virtual JSON in the host file, or undefined. */
function hostEdit(c: CheckedMapRequest, document: TextDocument, edit: TextEdit): TextEdit | undefined {
  const q = c.request.query;
  const from = c.virtual.offsetAt(edit.range.start);
  const to = c.virtual.offsetAt(edit.range.end);
  const host = document.getText();
  if (q.hasHole(from, Math.max(to, from + 1))) return undefined;
  let start: number;
  let end: number;
  let newText: string | undefined;
  if (from === to) {
    // an added field: after the last character before it (a value's end, or the object's `{`)
    if (from <= 0 || (!styleOf(c) && !quotesAsIs(c, host))) return undefined;
    // in an empty `mapOf()` / `new { }` the object's `{` is no host character to write after
    if (q.text[from - 1] === '{' && (styleOf(c) === 'kotlin' || styleOf(c) === 'csharp')) return undefined;
    start = end = q.ends[from - 1];
    newText = addedText(c, edit.newText);
  } else if (edit.newText === '') {
    if (!c.request.closed) return undefined;
    ({ start, end } = q.hostRange(from, to));
    // a removed last field: from the end of the one before (its `,` is no host character)
    if (from > 0 && q.starts[from] === q.ends[from]) start = q.ends[from - 1];
    newText = '';
  } else {
    ({ start, end } = q.hostRange(from, to));
    newText = replaced(c, host, from, to, edit.newText);
  }
  if (newText === undefined || end < start) return undefined;
  return { range: { start: document.positionAt(start), end: document.positionAt(end) }, newText };
}

/** The map service's quick fixes of the posted queries in `range`, those whose every edit can be written in the host. */
export function mapCodeActions(
  map: MapLanguageService,
  document: TextDocument,
  checked: CheckedMapRequest[],
  range: Range,
  diagnostics: Diagnostic[],
  settings?: LanguageSettings,
): CodeAction[] {
  const out: CodeAction[] = [];
  const lo = document.offsetAt(range.start);
  const hi = document.offsetAt(range.end);
  for (const c of checked) {
    if (!c.parsed || c.request.range.end < lo || c.request.range.start > hi) continue;
    const raw = map.doValidation(c.virtual, c.parsed, settings ?? {});
    // each host diagnostic of this query with the virtual one it came from
    const pairs = diagnostics.flatMap((d) => {
      const mine = c.diagnostics.find((h) => sameDiagnostic(h, d));
      const virtual = mine && raw.find((r) => String(r.code) === String(d.code) && r.message === d.message);
      return virtual ? [{ host: d, virtual }] : [];
    });
    if (!pairs.length) continue;
    const actions = map.doCodeActions(
      c.virtual,
      c.parsed,
      wholeDocument(c.virtual),
      pairs.map((p) => p.virtual),
      settings,
    );
    const fixes = fixesInHost(
      c.virtual,
      actions,
      pairs,
      (e) => hostEdit(c, document, e),
      (d, v) => d === v || sameDiagnostic(d, v),
    );
    for (const { action, edits, about } of fixes) {
      // one fix for several diagnostics (both corners in node coordinates) is offered once
      const twin = out.find(
        (a) => a.title === action.title && JSON.stringify(a.edit) === JSON.stringify({ changes: { [document.uri]: edits } }),
      );
      if (twin) twin.diagnostics = [...(twin.diagnostics ?? []), ...about];
      else out.push({ ...action, diagnostics: about, edit: { changes: { [document.uri]: edits } } });
    }
  }
  return out;
}

/** The map service's semantic tokens of each posted query, at the host characters they came from (none on run-time values). */
export function addMapSemanticTokens(map: MapLanguageService, checked: CheckedMapRequest[], sink: TokenSink): void {
  const types = SEMANTIC_TOKENS_LEGEND.tokenTypes as TokenType[];
  for (const c of checked) {
    if (!c.parsed || c.confidence !== 'high') continue;
    const q = c.request.query;
    const data = map.getSemanticTokens(c.virtual, c.parsed);
    let line = 0;
    let char = 0;
    for (let i = 0; i + 4 < data.length; i += 5) {
      line += data[i];
      char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
      const from = c.virtual.offsetAt({ line, character: char });
      const to = from + data[i + 2];
      const span = q.hostRange(from, to);
      if (q.hasHole(from, to) || span.end <= span.start) continue;
      sink.add(span.start, span.end, types[data[i + 3] & 0xffff], data[i + 4] !== 0);
    }
  }
}
