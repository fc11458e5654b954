/**
 * Parser of `.wikiquery` documents (and of api.php URLs embedded in other documents).
 *
 * Document syntax:
 * - a query is a full URL (`https://host/w/api.php?action=query&…`), `api.php?…`, `?action=…`
 *   or bare `action=query&…`;
 * - lines starting with `#` are comments; blank lines separate queries; every other line that does
 *   not start with `&` starts a new query;
 * - multi-line form: lines starting with `&` (leading spaces allowed) continue the query above
 *   (comment lines in between do not end it; a blank line does).
 *
 * Values are percent-decoded like PHP's `$_GET` (`+` and `%20` are spaces, `%7C` is `|`); invalid
 * escapes stay literal, invalid UTF-8 becomes U+FFFD (MediaWiki's WebRequest normalises input the
 * same way). A repeated parameter: only the last occurrence counts, as in PHP.
 *
 * Speed matters (whole-document parse is benchmarked): char-code scanning, one pass per line,
 * decoding only slices that contain `%` or `+`.
 */
import type { OffsetRange, WikiDocument, WikiParam, WikiQuery, WikiValueItem } from './wikiTypes';

export interface ParseOptions {
  /** Take only URLs containing `api.php?` from the text (markdown and other embedding languages). */
  embedded?: boolean;
}

const AMP = 38; // &
const EQ = 61; // =
const PCT = 37; // %
const PLUS = 43; // +
const QM = 63; // ?
const HASH = 35; // #
const SP = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const PIPE = 124; // |
const US = 0x1f; // unit separator, MediaWiki's alternative multi-value separator
const DOT = 46; // .

/** Parse a whole document (or, with `embedded`, only its api.php URLs). */
export function parseWikiDocument(text: string, options: ParseOptions = {}): WikiDocument {
  const doc: WikiDocument = { text, queries: [], comments: [], embedded: !!options.embedded };
  if (options.embedded) parseEmbedded(text, doc);
  else parseLines(text, doc);
  return doc;
}

/**
 * A query. Its parameters are split on first use: validation of an unchanged query is answered from
 * the cache by its text alone, so a one-character edit in a large document parses one query fully.
 */
class QueryNode implements WikiQuery {
  readonly range: OffsetRange;
  apiUrl: string | undefined = undefined;
  urlRange: OffsetRange | undefined = undefined;
  multiLine = false;
  readonly lines: OffsetRange[];
  /** Where the parameters of the first line start (after `?`, or the line start). */
  paramStart: number;
  /** Where they end: the line end, or a URL's `#fragment` (browsers never send it). */
  paramEnd = -1;
  private parsedParams: WikiParam[] | undefined = undefined;
  private parsedByName: Map<string, WikiParam> | undefined = undefined;
  constructor(
    private readonly src: string,
    readonly index: number,
    start: number,
    end: number,
  ) {
    this.range = { start, end };
    // An array literal holds exactly its one line; `push` on an empty array would reserve 17
    // slots, and a large document has tens of thousands of queries.
    this.lines = [{ start, end }];
    this.paramStart = start;
  }
  get params(): WikiParam[] {
    if (this.parsedParams === undefined) this.parse();
    return this.parsedParams!;
  }
  get byName(): Map<string, WikiParam> {
    if (this.parsedByName === undefined) this.parse();
    return this.parsedByName!;
  }
  /** Whether the parameters have been split (and are kept). */
  get paramsParsed(): boolean {
    return this.parsedParams !== undefined;
  }
  /** Forget the split parameters; the next use splits them again (same values, new objects). */
  releaseParams(): void {
    this.parsedParams = undefined;
    this.parsedByName = undefined;
  }
  private parse(): void {
    const params: WikiParam[] = [];
    const lines = this.lines;
    for (let i = 0; i < lines.length; i++) {
      if (i === 0) scanParams(this.src, this.paramStart, this.paramEnd >= 0 ? this.paramEnd : lines[0].end, params);
      else scanParams(this.src, lines[i].start, lines[i].end, params);
    }
    const byName = new Map<string, WikiParam>();
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      const prev = byName.get(p.name);
      if (prev !== undefined) prev.overridden = true;
      byName.set(p.name, p);
    }
    this.parsedParams = params;
    this.parsedByName = byName;
  }
}

function parseLines(text: string, doc: WikiDocument): void {
  const len = text.length;
  let current: QueryNode | undefined;
  let pos = 0;
  while (pos <= len) {
    let eol = text.indexOf('\n', pos);
    if (eol < 0) eol = len;
    let s = pos;
    let t = eol;
    let c = text.charCodeAt(s);
    while (s < t && (c === SP || c === TAB)) c = text.charCodeAt(++s);
    while (t > s) {
      const d = text.charCodeAt(t - 1);
      if (d === SP || d === TAB || d === CR) t--;
      else break;
    }
    if (s === t) {
      current = undefined;
    } else if (c === HASH) {
      doc.comments.push({ start: s, end: t });
    } else if (c === AMP && current) {
      current.multiLine = true;
      current.lines.push({ start: s, end: t });
      current.range.end = t;
    } else {
      current = new QueryNode(text, doc.queries.length, s, t);
      doc.queries.push(current);
      parseQueryLine(text, s, t, current);
    }
    pos = eol + 1;
  }
}

/** The first line of a query (already its only line and range): optional URL part up to `?`, then parameters. */
function parseQueryLine(text: string, s: number, t: number, q: QueryNode): void {
  let i = s;
  let qm = -1;
  for (; i < t; i++) {
    const c = text.charCodeAt(i);
    if (c === QM) {
      qm = i;
      break;
    }
    if (c === AMP || c === EQ) break;
  }
  if (qm >= 0) {
    if (qm > s) setUrl(text, s, qm, q);
    q.paramStart = qm + 1;
    const hash = text.indexOf('#', qm + 1);
    if (hash >= 0 && hash < t) q.paramEnd = hash;
  } else if (i === t && text.slice(s, t).includes('://')) {
    // A bare URL without parameters.
    setUrl(text, s, t, q);
    q.paramStart = t;
  }
}

function setUrl(text: string, s: number, e: number, q: QueryNode): void {
  q.urlRange = { start: s, end: e };
  const url = text.slice(s, e);
  // Absolute (scheme://host/…) URLs name their wiki; protocol-relative ones are taken as https.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) q.apiUrl = url;
  else if (url.startsWith('//')) q.apiUrl = 'https:' + url;
}

/**
 * A parsed pair. Ranges and the decoded value are computed on first use: a large document has
 * hundreds of thousands of pairs, and most are only ever looked up by name.
 */
class ParamNode implements WikiParam {
  overridden = false;
  private decoded: string | undefined = undefined;
  /** Value items, computed on first use by getValueItems (kept here: a WeakMap costs the GC dearly). */
  items: WikiValueItem[] | undefined = undefined;
  constructor(
    readonly name: string,
    private readonly ns: number,
    private readonly ne: number,
    private readonly vs: number,
    private readonly ve: number,
    readonly hasEquals: boolean,
    private readonly valueEncoded: boolean,
    readonly index: number,
    private readonly src: string,
  ) {}
  get nameRange(): OffsetRange {
    return { start: this.ns, end: this.ne };
  }
  get valueRange(): OffsetRange {
    return { start: this.vs, end: this.ve };
  }
  get range(): OffsetRange {
    return { start: this.ns, end: this.ve };
  }
  get value(): string {
    let v = this.decoded;
    if (v === undefined) {
      v = this.ve > this.vs ? this.src.slice(this.vs, this.ve) : '';
      if (this.valueEncoded) v = decodeComponent(v);
      this.decoded = v;
    }
    return v;
  }
}

/** Split `[s, t)` on `&` into name=value pairs and append them to `params`. */
function scanParams(text: string, s: number, t: number, params: WikiParam[]): void {
  let a = s;
  while (a < t) {
    let eq = -1;
    let nameEnc = false;
    let valEnc = false;
    let b = a;
    for (; b < t; b++) {
      const c = text.charCodeAt(b);
      if (c === AMP) break;
      if (c === EQ) {
        if (eq < 0) eq = b;
      } else if (c === PCT || c === PLUS || c === SP || c === DOT) {
        if (eq < 0) nameEnc = true;
        else if (c !== DOT) valEnc = true;
      }
    }
    if (b > a) {
      const nameEnd = eq < 0 ? b : eq;
      const rawName = text.slice(a, nameEnd);
      const name = nameEnc ? phpName(decodeComponent(rawName)) : rawName;
      params.push(new ParamNode(name, a, nameEnd, eq < 0 ? b : eq + 1, b, eq >= 0, valEnc, params.length, text));
    }
    a = b + 1;
  }
}

const URL_STOP = new Set([SP, TAB, LF, CR, 34 /* " */, 39 /* ' */, 60 /* < */, 62 /* > */, 96 /* ` */, 91 /* [ */, 93 /* ] */, 123 /* { */, 125 /* } */]);

/** Embedded mode: every URL (or path) containing `api.php?` becomes a one-line query. */
function parseEmbedded(text: string, doc: WikiDocument): void {
  const len = text.length;
  let from = 0;
  for (;;) {
    const hit = text.indexOf('api.php?', from);
    if (hit < 0) return;
    let s = hit;
    while (s > 0) {
      const c = text.charCodeAt(s - 1);
      if (URL_STOP.has(c) || c === 40 /* ( */ || c === 41 /* ) */) break;
      s--;
    }
    let e = hit + 8;
    let depth = 0;
    for (; e < len; e++) {
      const c = text.charCodeAt(e);
      if (URL_STOP.has(c)) break;
      if (c === 40) depth++;
      else if (c === 41) {
        if (depth === 0) break;
        depth--;
      }
    }
    // Trailing sentence punctuation is not part of the URL (as autolinkers do).
    while (e > hit + 8) {
      const c = text.charCodeAt(e - 1);
      if (c === 46 || c === 44 || c === 59 || c === 58 || c === 33) e--;
      else break;
    }
    const q = new QueryNode(text, doc.queries.length, s, e);
    doc.queries.push(q);
    parseQueryLine(text, s, e, q);
    from = e > hit ? e : hit + 8;
  }
}

/**
 * PHP's name mangling when it fills $_GET (php_register_variable_ex): leading spaces are dropped,
 * and spaces and dots become underscores, so `cm.title` reaches MediaWiki as `cm_title`.
 */
function phpName(name: string): string {
  let n = name;
  if (n.charCodeAt(0) === SP) n = n.replace(/^ +/, '');
  return n.indexOf(' ') >= 0 || n.indexOf('.') >= 0 ? n.replace(/[ .]/g, '_') : n;
}

// ---------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------

let utf8: { decode(bytes: Uint8Array): string } | undefined;

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Decode like PHP's urldecode: `+` → space, `%XX` → byte, invalid escapes stay literal,
 * invalid UTF-8 → U+FFFD.
 */
export function decodeComponent(raw: string): string {
  const plain = raw.indexOf('+') < 0 ? raw : raw.replace(/\+/g, ' ');
  if (plain.indexOf('%') < 0) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    // fall through: malformed escapes or invalid UTF-8
  }
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length) {
      utf8 ??= new TextDecoder('utf-8');
      out += utf8.decode(new Uint8Array(bytes));
      bytes = [];
    }
  };
  for (let i = 0; i < plain.length; i++) {
    const c = plain.charCodeAt(i);
    if (c === PCT && i + 2 < plain.length) {
      const h = hexVal(plain.charCodeAt(i + 1));
      const l = hexVal(plain.charCodeAt(i + 2));
      if (h >= 0 && l >= 0) {
        bytes.push(h * 16 + l);
        i += 2;
        continue;
      }
    }
    flush();
    out += plain[i];
  }
  flush();
  return out;
}

/** Decode the source slice `[start, end)`. */
export function decodeRange(text: string, range: OffsetRange): string {
  const raw = text.slice(range.start, range.end);
  return hasEscapes(raw) ? decodeComponent(raw) : raw;
}

function hasEscapes(raw: string): boolean {
  return raw.indexOf('%') >= 0 || raw.indexOf('+') >= 0;
}

/** Length of a separator at `i` in the raw text (`|`, `%7C`, or for U+001F lists `\x1f`/`%1F`), or 0. */
function sepAt(text: string, i: number, end: number, us: boolean): number {
  const c = text.charCodeAt(i);
  if (us) {
    if (c === US) return 1;
  } else if (c === PIPE) return 1;
  if (c === PCT && i + 2 < end) {
    const h = text.charCodeAt(i + 1);
    const l = text.charCodeAt(i + 2) | 0x20;
    if (us ? h === 49 && l === 102 /* 1f */ : h === 55 && l === 99 /* 7c */) return 3;
  }
  return 0;
}


/**
 * The `|`-separated items of a parameter's value, each with its decoded text and source range.
 * As MediaWiki's ParamValidator::explodeMultiValue: an empty value has no items; a value starting
 * with U+001F (raw or `%1F`) is split on U+001F instead of `|`.
 */
export function getValueItems(text: string, param: WikiParam): WikiValueItem[] {
  const node = param instanceof ParamNode ? param : undefined;
  if (node?.items) return node.items;
  const items: WikiValueItem[] = [];
  const { start, end } = param.valueRange;
  if (end > start) {
    let us = false;
    let a = start;
    const first = sepAt(text, start, end, true);
    if (first > 0) {
      us = true;
      a = start + first;
    }
    if (!(us && a === end)) {
      let i = a;
      while (i <= end) {
        const n = i < end ? sepAt(text, i, end, us) : 1;
        if (n > 0) {
          const range = { start: a, end: i };
          items.push({ text: decodeRange(text, range), range, index: items.length });
          i += n;
          a = i;
        } else i++;
      }
    }
  }
  if (node) node.items = items;
  return items;
}

/** True when the value is given as a U+001F-separated list. */
export function usesUnitSeparator(text: string, param: WikiParam): boolean {
  return param.valueRange.end > param.valueRange.start && sepAt(text, param.valueRange.start, param.valueRange.end, true) > 0;
}

/**
 * Run `fn` on a query whose parameters may be split just for it, and drop them afterwards unless
 * they were already split before: a whole-document validation then keeps no per-pair objects alive
 * (they die young, which is what keeps the garbage collector cheap on large documents).
 */
export function withTransientParams<T>(query: WikiQuery, fn: () => T): T {
  if (!(query instanceof QueryNode) || query.paramsParsed) return fn();
  try {
    return fn();
  } finally {
    query.releaseParams();
  }
}

/** The source text of a query (all its lines, as written). */
export function getQueryText(text: string, query: WikiQuery): string {
  return text.slice(query.range.start, query.range.end);
}
