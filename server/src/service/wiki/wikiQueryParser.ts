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
import type { OffsetRange, ParamLookup, WikiDocument, WikiParam, WikiQuery, WikiValueItem } from './wikiTypes';
import { mayMangle, phpParamName } from '../../../../common/phpParamName';

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
const LBRACKET = 91; // [

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
  /** End of the first line (the only one of most queries). */
  firstLineEnd: number;
  /** Continuation lines (multi-line form), else undefined. */
  moreLines: OffsetRange[] | undefined = undefined;
  private linesCache: OffsetRange[] | undefined = undefined;
  /** Where the parameters of the first line start (after `?`, or the line start). */
  paramStart: number;
  /** Where they end: the line end, or a URL's `#fragment` (browsers never send it). */
  paramEnd = -1;
  private parsedParams: WikiParam[] | undefined = undefined;
  private parsedByName: ParamsByName | undefined = undefined;
  constructor(
    private readonly src: string,
    readonly index: number,
    start: number,
    end: number,
  ) {
    this.range = { start, end };
    this.firstLineEnd = end;
    this.paramStart = start;
  }
  /**
   * Made on first use: validation never needs it, and an array plus an object per query is ~100
   * bytes of a large document's parse tree that would survive into the old generation.
   */
  get lines(): OffsetRange[] {
    let lines = this.linesCache;
    if (lines === undefined) {
      lines = [{ start: this.range.start, end: this.firstLineEnd }];
      if (this.moreLines !== undefined) for (const l of this.moreLines) lines.push(l);
      this.linesCache = lines;
    }
    return lines;
  }
  /** Append a continuation line (`&…`) to the query. */
  addLine(start: number, end: number): void {
    (this.moreLines ??= []).push({ start, end });
    this.multiLine = true;
    this.range.end = end;
    this.linesCache = undefined;
  }
  get params(): WikiParam[] {
    if (this.parsedParams === undefined) this.parse();
    return this.parsedParams!;
  }
  get byName(): ParamLookup {
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
    scanParams(this.src, this.paramStart, this.paramEnd >= 0 ? this.paramEnd : this.firstLineEnd, params);
    const more = this.moreLines;
    if (more !== undefined) for (let i = 0; i < more.length; i++) scanParams(this.src, more[i].start, more[i].end, params);
    this.parsedParams = params;
    this.parsedByName = new ParamsByName(params);
  }
}

/** A name's bit in `ParamsByName.bits`: from its length and first and last characters (the empty name: bit 0). */
function nameBit(name: string): number {
  const n = name.length;
  return n === 0 ? 1 : 1 << ((name.charCodeAt(0) * 7 + name.charCodeAt(n - 1) + n) & 31);
}

/** Up to this many pairs, names are looked up by a scan (a Map per query is most of a parse's garbage). */
const SCAN_MAX = 24;

/**
 * The pairs that count by name (`WikiQuery.byName`); marks the earlier occurrences of a repeated
 * name `overridden`. The few pairs of most queries are scanned; a long query gets a Map.
 */
class ParamsByName implements ParamLookup {
  private readonly map: Map<string, WikiParam> | undefined;
  private readonly repeats: boolean;
  /**
   * One bit per name given (`nameBit`): most lookups are of names a query does not have (`assert`,
   * `origin`, every rule's trigger), and most of those end here, without comparing strings.
   */
  private readonly bits: number;

  constructor(private readonly params: readonly WikiParam[]) {
    const n = params.length;
    let repeats = false;
    let bits = 0;
    if (n > SCAN_MAX) {
      for (let i = 0; i < n; i++) bits |= nameBit(params[i].name);
      const map = new Map<string, WikiParam>();
      for (let i = 0; i < n; i++) {
        const p = params[i];
        const prev = map.get(p.name);
        if (prev !== undefined) {
          prev.overridden = true;
          repeats = true;
        }
        map.set(p.name, p);
      }
      this.map = map;
    } else {
      // A name whose bit is not set yet was not given before: only the others are compared with the
      // earlier names (every earlier pair of the same name is marked).
      for (let i = 0; i < n; i++) {
        const name = params[i].name;
        const bit = nameBit(name);
        if ((bits & bit) !== 0) {
          for (let j = 0; j < i; j++) {
            if (params[j].name === name) {
              params[j].overridden = true;
              repeats = true;
            }
          }
        }
        bits |= bit;
      }
    }
    this.bits = bits;
    this.repeats = repeats;
  }

  get(name: string): WikiParam | undefined {
    if ((this.bits & nameBit(name)) === 0) return undefined;
    if (this.map !== undefined) return this.map.get(name);
    const params = this.params;
    for (let i = params.length - 1; i >= 0; i--) if (params[i].name === name) return params[i];
    return undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  values(): readonly WikiParam[] {
    if (this.map !== undefined) return [...this.map.values()];
    if (!this.repeats) return this.params;
    // Each name once, where it first appears (as a Map orders them), with the pair that counts.
    const out: WikiParam[] = [];
    for (const p of this.params) {
      if (out.some((q) => q.name === p.name)) continue;
      out.push(this.get(p.name)!);
    }
    return out;
  }
}

/**
 * Whether the line starting at `lineStart` goes on with the query of the lines before it (as `parseLines`
 * reads them): a `&…` continuation line or a `#` comment between them. Blanks before its first character
 * are skipped up to `limit` (the line is taken as not continuing past it).
 */
export function continuesQuery(text: string, lineStart: number, limit: number): boolean {
  let s = lineStart;
  const end = Math.min(limit, text.length);
  let c = text.charCodeAt(s);
  while (s < end && (c === SP || c === TAB)) c = text.charCodeAt(++s);
  return s < end && (c === AMP || c === HASH);
}

/**
 * Parse lines from `from` (a line start where no query is open). With `resync`, stop at the first
 * line that starts a query by its content alone (not blank, not `#`, not `&`) at or after
 * `resync.after`, and return where that query starts (the caller takes the rest from the previous
 * parse); else -1.
 */
function parseLines(text: string, doc: WikiDocument, from = 0, resync?: { after: number }): number {
  const len = text.length;
  const hashes = new HashCursor();
  let current: QueryNode | undefined;
  let pos = from;
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
      current.addLine(s, t);
    } else {
      if (resync && pos >= resync.after && c !== AMP) return s;
      current = new QueryNode(text, doc.queries.length, s, t);
      doc.queries.push(current);
      parseQueryLine(text, s, t, current, hashes);
    }
    pos = eol + 1;
  }
  return -1;
}

/**
 * The next '#' of one text, found with indexOf (fast) and searched again only once a line starts
 * past it: linear over a parse whose lines come in order (a search to the end of the text for each
 * line made a document of lines without '#' quadratic: minutes for 19 MB).
 */
class HashCursor {
  private from = -1;
  private at = -1;

  /** The first '#' in [from, end), or -1. */
  before(text: string, from: number, end: number): number {
    // (at < 0 after a search from `this.from`: no '#' anywhere after it.)
    if (this.from < 0 || from < this.from || (this.at >= 0 && this.at < from)) {
      this.from = from;
      this.at = text.indexOf('#', from);
    }
    return this.at >= 0 && this.at < end ? this.at : -1;
  }
}

/** The first line of a query (already its only line and range): optional URL part up to `?`, then parameters. */
function parseQueryLine(text: string, s: number, t: number, q: QueryNode, hashes: HashCursor): void {
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
    const hash = hashes.before(text, qm + 1, t);
    if (hash >= 0) q.paramEnd = hash;
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
  writtenName: string | undefined = undefined;
  private decoded: string | undefined = undefined;
  /** Value items, computed on first use by getValueItems (kept here: a WeakMap costs the GC dearly). */
  items: WikiValueItem[] | undefined = undefined;
  constructor(
    readonly name: string,
    private readonly ns: number,
    private readonly ne: number,
    readonly vs: number,
    readonly ve: number,
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
      } else if (c === PCT || c === PLUS || c === SP || c === DOT || c === LBRACKET) {
        if (eq < 0) nameEnc = true;
        else if (c !== DOT) valEnc = true;
      }
    }
    if (b > a) {
      const nameEnd = eq < 0 ? b : eq;
      const rawName = text.slice(a, nameEnd);
      let name = rawName;
      let written: string | undefined;
      if (nameEnc) {
        const decoded = decodeComponent(rawName);
        name = decoded;
        if (mayMangle(decoded)) {
          // Judged under the name the wiki will see (PHP's $_GET rules, common/phpParamName.ts).
          const php = phpParamName(decoded);
          name = php.array ? `${php.name}[]` : php.name;
          if (name !== decoded) written = decoded;
        }
      }
      const node = new ParamNode(name, a, nameEnd, eq < 0 ? b : eq + 1, b, eq >= 0, valEnc, params.length, text);
      if (written !== undefined) node.writtenName = written;
      params.push(node);
    }
    a = b + 1;
  }
}

const URL_STOP = new Set([
  SP,
  TAB,
  LF,
  CR,
  34 /* " */,
  39 /* ' */,
  60 /* < */,
  62 /* > */,
  96 /* ` */,
  91 /* [ */,
  93 /* ] */,
  123 /* { */,
  125 /* } */,
]);

/** Embedded mode: every URL (or path) containing `api.php?` becomes a one-line query. */
function parseEmbedded(text: string, doc: WikiDocument): void {
  const len = text.length;
  const hashes = new HashCursor();
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
    parseQueryLine(text, s, e, q, hashes);
    from = e > hit ? e : hit + 8;
  }
}

// ---------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------

const utf8 = new TextDecoder('utf-8');
const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Windows-1252's bytes 0x80–0x9F (the rest is Latin-1); undefined bytes stay as their C1 control. */
const CP1252_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Decode like PHP's urldecode: `+` → space, `%XX` → byte, invalid escapes stay literal. Bytes that
 * are not valid UTF-8 are read as MediaWiki's API reads them: the whole value is converted from the
 * wiki's 8-bit fallback encoding, Windows-1252 (Language::checkTitleEncoding), so `%E9t%E9` is
 * `été` and `%C3%A9%FF` is `Ã©ÿ` (and the wiki warns `badutf8`).
 */
export function decodeComponent(raw: string): string {
  const plain = raw.indexOf('+') < 0 ? raw : raw.replace(/\+/g, ' ');
  if (plain.indexOf('%') < 0) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    // fall through: malformed escapes or invalid UTF-8
  }
  // The value's bytes as PHP sees them; valid UTF-8 decodes as usual, anything else as Windows-1252.
  const all: number[] = [];
  for (let i = 0; i < plain.length; i++) {
    const c = plain.charCodeAt(i);
    if (c === PCT && i + 2 < plain.length) {
      const h = hexVal(plain.charCodeAt(i + 1));
      const l = hexVal(plain.charCodeAt(i + 2));
      if (h >= 0 && l >= 0) {
        all.push(h * 16 + l);
        i += 2;
        continue;
      }
    }
    if (c < 0x80) all.push(c);
    else for (const b of new TextEncoder().encode(plain[i])) all.push(b);
  }
  try {
    fatalUtf8.decode(new Uint8Array(all));
  } catch {
    let text = '';
    for (const b of all) text += b >= 0x80 && b <= 0x9f ? CP1252_80_9F[b - 0x80] : String.fromCharCode(b);
    return text;
  }
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length) {
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
  // Counted first, so the array is allocated at its size (most values have one or two items).
  const items: WikiValueItem[] = new Array(splitItems(text, param, undefined, undefined));
  splitItems(text, param, undefined, items);
  if (node) node.items = items;
  return items;
}

/** Value items as parallel arrays (reused from call to call: no object per item). */
export interface ValueItemScratch {
  texts: string[];
  starts: number[];
  ends: number[];
}

/**
 * The items of `param`'s value, as getValueItems splits them, written to the first entries of
 * `into` (whose other entries are left as they are); returns how many there are.
 */
export function splitValueItems(text: string, param: WikiParam, into: ValueItemScratch): number {
  return splitItems(text, param, into, undefined);
}

/**
 * The one splitting loop: writes the items to `into` (parallel arrays, reused), or to `items` as
 * objects (no scratch to allocate and drop per call), or, given neither, only counts them.
 */
function splitItems(text: string, param: WikiParam, into: ValueItemScratch | undefined, items: WikiValueItem[] | undefined): number {
  let start: number;
  let end: number;
  if (param instanceof ParamNode) {
    start = param.vs;
    end = param.ve;
  } else {
    ({ start, end } = param.valueRange);
  }
  let n = 0;
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
        const k = i < end ? sepAt(text, i, end, us) : 1;
        if (k > 0) {
          if (into !== undefined || items !== undefined) {
            const raw = text.slice(a, i);
            const item = hasEscapes(raw) ? decodeComponent(raw) : raw;
            if (into !== undefined) {
              into.texts[n] = item;
              into.starts[n] = a;
              into.ends[n] = i;
            } else items![n] = { text: item, range: { start: a, end: i }, index: n };
          }
          n++;
          i += k;
          a = i;
        } else i++;
      }
    }
  }
  return n;
}

// ---------------------------------------------------------------------------
// Re-parse after an edit
// ---------------------------------------------------------------------------

/** Length of the common prefix of `a` and `b` (compared in native chunks, then by character). */
function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  const CHUNK = 512;
  let p = 0;
  while (p + CHUNK <= max && a.slice(p, p + CHUNK) === b.slice(p, p + CHUNK)) p += CHUNK;
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return p;
}

/** Length of the common suffix of `a` and `b`, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  const CHUNK = 512;
  const al = a.length;
  const bl = b.length;
  let n = 0;
  while (n + CHUNK <= max && a.slice(al - n - CHUNK, al - n) === b.slice(bl - n - CHUNK, bl - n)) n += CHUNK;
  while (n < max && a.charCodeAt(al - n - 1) === b.charCodeAt(bl - n - 1)) n++;
  return n;
}

/** Index of the last query starting before `offset`, or -1. */
function lastQueryBefore(queries: readonly WikiQuery[], offset: number): number {
  let lo = 0;
  let hi = queries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (queries[mid].range.start < offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** A query of the previous parse, moved by `delta` into `text` (same characters there). */
function shiftedQuery(old: QueryNode, text: string, index: number, delta: number): QueryNode {
  const q = new QueryNode(text, index, old.range.start + delta, old.firstLineEnd + delta);
  if (old.moreLines !== undefined) for (const l of old.moreLines) q.addLine(l.start + delta, l.end + delta);
  q.range.end = old.range.end + delta;
  q.multiLine = old.multiLine;
  q.paramStart = old.paramStart + delta;
  q.paramEnd = old.paramEnd >= 0 ? old.paramEnd + delta : -1;
  // From the new text, so the previous version's text is not kept alive through it.
  if (old.urlRange) setUrl(text, old.urlRange.start + delta, old.urlRange.end + delta, q);
  return q;
}

/**
 * The parse of `text`, a new version of the document `previous` was parsed from (not embedded):
 * the same result as `parseWikiDocument(text)`, but only the lines from the query before the
 * change to the first query that starts after it are scanned again; the queries around them are
 * taken from `previous` (moved); `carried(next, from, to, count)` is told which (the validator
 * moves their verdicts along, see `WikiValidator.carry`). A query always starts on a line
 * that is not blank, `#` or `&`, whatever came before, so parsing from such a line gives the same
 * queries as parsing from the top.
 */
export function reparseWikiDocument(
  previous: WikiDocument,
  text: string,
  carried?: (next: WikiDocument, from: number, to: number, count: number) => void,
): WikiDocument {
  if (previous.embedded) return parseWikiDocument(text, { embedded: true });
  const old = previous.text;
  if (old === text) return previous;
  const prefix = commonPrefix(old, text);
  const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - prefix);
  const delta = text.length - old.length;
  const doc: WikiDocument = { text, queries: [], comments: [], embedded: false };

  // Start at the last query that starts on a line before the changed one.
  const changedLine = prefix === 0 ? 0 : old.lastIndexOf('\n', prefix - 1) + 1;
  const k = lastQueryBefore(previous.queries, changedLine);
  const from = k >= 0 ? previous.queries[k].range.start : 0;
  for (let i = 0; i < k; i++) doc.queries.push(shiftedQuery(previous.queries[i] as QueryNode, text, i, 0));
  if (carried !== undefined && k > 0) carried(doc, 0, 0, k);
  for (const c of previous.comments) if (c.start < from) doc.comments.push(c);

  // Re-scan until a query-starting line whose preceding newline is already in the common suffix.
  const after = text.length - suffix + 1;
  const resume = parseLines(text, doc, from, { after });
  if (resume < 0) return doc;
  const oldResume = resume - delta;
  const j = lastQueryBefore(previous.queries, oldResume + 1);
  if (j < 0 || previous.queries[j].range.start !== oldResume) {
    // Not where the previous parse had a query (cannot happen for an unchanged suffix): scan on.
    parseLines(text, doc, resume);
    return doc;
  }
  const to = doc.queries.length;
  for (let i = j; i < previous.queries.length; i++)
    doc.queries.push(shiftedQuery(previous.queries[i] as QueryNode, text, doc.queries.length, delta));
  if (carried !== undefined) carried(doc, j, to, previous.queries.length - j);
  for (const c of previous.comments) if (c.start >= oldResume) doc.comments.push({ start: c.start + delta, end: c.end + delta });
  return doc;
}

/** Whether a query's pairs are split (and kept) at the moment. */
export function paramsAreSplit(query: WikiQuery): boolean {
  return !(query instanceof QueryNode) || query.paramsParsed;
}

/**
 * Drop a query's split pairs; the next use splits them again (same values, new objects). The
 * validator does this for pairs it split only for its check, so a whole-document validation keeps
 * no per-pair objects alive (they die young, which keeps the garbage collector cheap).
 */
export function releaseSplitParams(query: WikiQuery): void {
  if (query instanceof QueryNode) query.releaseParams();
}

/** The source text of a query (all its lines, as written). */
export function getQueryText(text: string, query: WikiQuery): string {
  return text.slice(query.range.start, query.range.end);
}
