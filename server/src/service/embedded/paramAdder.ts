/**
 * Adding a parameter to a request written in source code, in the host language's own syntax (the
 * quick fixes that add a missing parameter): `&name=` at the end of a URL literal, or one more entry
 * of a parameter object, written like the entries already there.
 *
 * An object's new entry copies the source: the text from the end of one entry's value to the end of
 * the next one's (`, "prop": "info"`, `).param("list", "x"`, ` }, { "list", "x"`) holds the separator
 * and the whole entry syntax of that language, client and style; the copy gets the new name and an
 * empty string value and goes after the last entry. An object of one entry copies that entry after
 * `, ` where that is how its language lists entries. When the source gives nothing to copy safely
 * (no entry with a plain string value, a name that would need escaping), no fix is offered.
 */
import type { Entry } from './objectEntries';
import type { MappedText } from './virtualText';

/** How to write one more entry of a parameter object: `template` with the name and value spans replaced. */
export interface EntryTemplate {
  /** Host offset where the new entry goes (the end of the last entry's value). */
  at: number;
  template: string;
  /** Offsets in `template` of the name and of the string value's content. */
  name: [number, number];
  value: [number, number];
  /** The name is written as an identifier (not in quotes): a reserved word cannot be one. */
  identifier: boolean;
}

/** Names that cannot be written as an identifier key (Python keyword arguments, Lua fields, C# anonymous members). */
const RESERVED: Record<string, ReadonlySet<string>> = {
  python: new Set(
    'and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
      ' ',
    ),
  ),
  lua: new Set(
    'and break do else elseif end false for function goto if in local nil not or repeat return then true until while'.split(' '),
  ),
  csharp: new Set(
    'abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while'.split(
      ' ',
    ),
  ),
};

interface Span {
  start: number;
  end: number;
}

function spanOf(text: MappedText): Span | undefined {
  const n = text.text.length;
  return n ? { start: text.starts[0], end: text.ends[n - 1] } : undefined;
}

/** The host span of an entry's name when it is written as is (no escape, no hole). */
function nameSpan(e: Entry, host: string): Span | undefined {
  const s = spanOf(e.name);
  return s && !e.name.hasHole() && host.slice(s.start, s.end) === e.name.text ? s : undefined;
}

/** The content span of an entry's string value (`"info"`, Go's `{"info"}`), when it has one without holes. */
function stringContent(e: Entry): Span | undefined {
  const v = e.value.kind === 'list' && e.value.items.length === 1 ? e.value.items[0] : e.value;
  if (v.kind !== 'text' || v.text.hasHole()) return undefined;
  const s = spanOf(v.text);
  // The content lies strictly inside the literal's delimiters (not a concatenation's whole range).
  return s && s.start > v.node.startIndex && s.end < v.node.endIndex && v.node.type !== 'binary_expression' ? s : undefined;
}

/** Whether an entry is written with its name before its value (not a name the library implies). */
function written(e: Entry, host: string): boolean {
  const n = nameSpan(e, host);
  return !!n && e.value.node.startIndex >= n.end;
}

/** Where the key of a one-entry object begins: before its opening quote, Lua's `[` or Ruby's `:`. */
function keyStart(host: string, nameStart: number): number {
  let at = nameStart;
  if (/['"`]/.test(host.charAt(at - 1))) at--;
  if (host.charAt(at - 1) === '[' || host.charAt(at - 1) === ':') at--;
  return at;
}

/**
 * The template of a new entry of an object read as `entries`, or undefined. `single`: the language
 * lists the entries of this object with `, ` (so a one-entry object can be copied).
 */
export function entryTemplate(entries: readonly Entry[], host: string, single: boolean): EntryTemplate | undefined {
  const proper = entries.filter((e) => written(e, host));
  if (!proper.length) return undefined;
  const at = Math.max(...proper.map((e) => e.value.node.endIndex));
  const sorted = [...proper].sort((a, b) => a.value.node.endIndex - b.value.node.endIndex);
  for (let i = sorted.length - 1; i >= 0; i--) {
    const b = sorted[i];
    const value = stringContent(b);
    const name = nameSpan(b, host)!;
    if (!value || value.start < name.end) continue;
    let from: number;
    let prefix = '';
    if (i > 0) from = sorted[i - 1].value.node.endIndex;
    else if (single) {
      from = keyStart(host, name.start);
      prefix = ', ';
    } else return undefined;
    if (from > name.start) continue;
    const shift = prefix.length - from;
    return {
      at,
      template: prefix + host.slice(from, b.value.node.endIndex),
      name: [name.start + shift, name.end + shift],
      value: [value.start + shift, value.end + shift],
      identifier: !/['"`]/.test(host.charAt(name.start - 1)),
    };
  }
  return undefined;
}

/** The text of a new entry `name` with string value `value`, or undefined when the name cannot be written so. */
export function fillTemplate(t: EntryTemplate, language: string, name: string, value: string): string | undefined {
  if (!/^[A-Za-z0-9_.:-]+$/.test(name) || !/^[A-Za-z0-9_|.:*-]*$/.test(value)) return undefined;
  if (t.identifier && (!/^[A-Za-z_]\w*$/.test(name) || RESERVED[language]?.has(name))) return undefined;
  const s = t.template;
  return s.slice(0, t.name[0]) + name + s.slice(t.name[1], t.value[0]) + value + s.slice(t.value[1]);
}

/**
 * Where `&name=value` goes in a request written as a URL (a literal, a concatenation, a curl
 * command, a Retrofit path): after the last parameter of the query when it ends a string literal
 * (its next host character closes the string), so the new text lands inside that string, between
 * two parameters: before Retrofit's `@Query` parameters, never before a value known only at run time
 * (`"…&cmtitle=" + title` gets no fix).
 */
export function urlInsertion(query: MappedText, host: string, end = query.text.length): { at: number; sep: string } | undefined {
  for (let v = end; v > 0; v--) {
    if (v < end && query.text[v] !== '&') continue;
    if (query.hasHole(v - 1, v)) continue;
    const at = query.ends[v - 1];
    if (at - query.starts[v - 1] !== 1 || !/['"`]/.test(host.charAt(at))) continue;
    // `--data-urlencode` encodes what it is given: an `&` there would be data, not a separator.
    if (/--data-urlencode\s+\S*$/.test(host.slice(host.lastIndexOf('\n', at) + 1, at))) return undefined;
    const last = query.text[v - 1];
    return { at, sep: last === '&' || last === '?' ? '' : '&' };
  }
  return undefined;
}
