/**
 * The wiki validator of one language service: it judges each query of a parsed document
 * (`checkQuery`, wikiValidation.ts) and keeps the verdicts, so that an edit re-validates only the
 * query it touched.
 *
 * Verdicts are kept two ways. By query index for each parsed document (`DocVerdicts`, outside the
 * parse tree): when an edit re-parses a document from its previous version (reparseWikiDocument),
 * `carry` moves the untouched queries' verdicts to the new parse, and they are answered without
 * hashing their text. And by query text, per (catalogue, settings) key (`VerdictCache`): what a
 * re-opened file, a second file with the same queries or a version parsed from scratch finds.
 * Severities (the user's overrides) are applied when a kept verdict becomes a diagnostic, so one
 * verdict serves every setting of them.
 */
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { detach } from '../../../../common/detach';
import type { LanguageSettings } from '../languageTypes';
import { MAX_DOCUMENT_DIAGNOSTICS, notListedText } from '../documentProblems';
import { severityOf } from '../severity';
import type { WikiCatalogue } from './wikiCatalogue';
import type { RelDiag } from './wikiCheckTypes';
import { shownMessage } from './wikiShownMessage';
import { DEFAULT_SEVERITIES } from './wikiDiagnosticCodes';
import { paramsAreSplit, releaseSplitParams, type ValueItemScratch } from './wikiQueryParser';
import type { WikiDiagnosticData, WikiDocument, WikiQuery } from './wikiTypes';
import { checkQuery, DIAGNOSTIC_SOURCE } from './wikiValidation';

const CACHE_LIMIT = 50_000;
const NO_DIAGNOSTICS: RelDiag[] = [];

/**
 * The verdicts kept for one parsed document, by query index: the verdict, the (catalogue,
 * settings) key it was computed for, and the validation run that computed it (0 once the cache
 * holds it by text). Kept outside the parse tree; `carry` moves them to the next version's parse.
 */
interface DocVerdicts {
  verdicts: (RelDiag[] | undefined)[];
  keys: (string | undefined)[];
  runs: number[];
}

/** Validates parsed documents, keeping verdicts per query (one per language service; see `createWikiValidator`). */
export interface WikiValidator {
  /**
   * All diagnostics of a parsed document. Each query is judged by `resolveCatalogue(query.apiUrl)`.
   * `document` (optional) is only used to turn offsets into positions; without it a line index of
   * `doc.text` is used.
   */
  validate(
    doc: WikiDocument,
    resolveCatalogue: (apiUrl?: string) => WikiCatalogue,
    settings?: LanguageSettings,
    document?: TextDocument,
  ): Diagnostic[];
  /** `count` queries of `previous` from index `from` are in `next` (unchanged) from index `to`: they keep their verdicts. */
  carry(previous: WikiDocument, next: WikiDocument, from: number, to: number, count: number): void;
  /** How many query verdicts came from the cache and how many were computed, since the last clear. */
  stats(): { hits: number; misses: number };
  /** Forget cached verdicts (e.g. after a catalogue reload). */
  clear(): void;
}

/** A validator with its own verdict cache. */
export function createWikiValidator(): WikiValidator {
  return new Validator();
}

/** The verdicts of queries by their text, per (catalogue, settings) key. */
class VerdictCache {
  /** Numbers the catalogues this validator has seen (their verdicts are kept apart). */
  private readonly catalogueIds = new WeakMap<WikiCatalogue, number>();
  private nextCatalogueId = 1;
  /** Verdicts per (catalogue, settings) → per query text. */
  private readonly buckets = new Map<string, Map<string, RelDiag[]>>();
  private count = 0;
  /**
   * Runs whose verdicts are in the cache by text. A query carried over by a re-parse keeps its run,
   * so it is not indexed a second time once its first document was.
   */
  private readonly indexedRuns = new Set<number>();

  /** The key of verdicts computed against `cat` with these settings. */
  keyOf(cat: WikiCatalogue, settingsKey: string): string {
    let id = this.catalogueIds.get(cat);
    if (id === undefined) this.catalogueIds.set(cat, (id = this.nextCatalogueId++));
    return id + settingsKey;
  }

  bucket(key: string): Map<string, RelDiag[]> {
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new Map()));
    return bucket;
  }

  /** Puts the verdicts a document's queries got in run(s) not yet indexed into the cache by text. */
  index(doc: WikiDocument, v: DocVerdicts): void {
    const text = doc.text;
    const runs: number[] = [];
    // (Runs are few; a long session's list is dropped now and then: at worst a query is indexed again.)
    if (this.indexedRuns.size > 100_000) this.indexedRuns.clear();
    const queries = doc.queries;
    for (let i = 0; i < queries.length; i++) {
      const run = v.runs[i];
      if (run === undefined || run === 0 || this.indexedRuns.has(run)) continue;
      const verdict = v.verdicts[i];
      const key = v.keys[i];
      if (verdict === undefined || key === undefined) continue;
      this.remember(key, text.slice(queries[i].range.start, queries[i].range.end), verdict);
      if (!runs.includes(run)) runs.push(run);
    }
    for (const r of runs) this.indexedRuns.add(r);
  }

  clear(): void {
    this.indexedRuns.clear();
    this.buckets.clear();
    this.count = 0;
  }

  /** Remember a computed verdict under the query's text. */
  private remember(key: string, text: string, rel: RelDiag[]): void {
    let bucket = this.bucket(key);
    if (this.count >= CACHE_LIMIT) {
      // Start afresh.
      this.buckets.clear();
      this.count = 0;
      this.buckets.set(key, (bucket = new Map()));
    }
    bucket.set(detach(text), rel);
    this.count++;
  }
}

/** The catalogue a validation run judges some queries by, with its key and cache bucket. */
interface RunCatalogue {
  cat: WikiCatalogue;
  key: string;
  bucket: Map<string, RelDiag[]>;
}

class Validator implements WikiValidator {
  private readonly cache = new VerdictCache();
  private docVerdicts = new WeakMap<WikiDocument, DocVerdicts>();
  private readonly cacheStats = { hits: 0, misses: 0 };
  /**
   * The last document validated, whose computed verdicts are kept for its queries but not yet in
   * the cache by text. Putting them there (hashing and copying every query's text) is deferred
   * until another document is validated: a whole-document pass over a newly opened file then does
   * no cache work at all (and keeps no copies of its text alive), while a re-opened file, a second
   * file with the same queries, or a new version parsed from scratch still finds them by text.
   */
  private unindexed: WikiDocument | undefined;
  /** Numbers validation runs (a query remembers the run that computed its verdict). */
  private runCounter = 0;
  /** The item scratch of this validator's value checks. */
  private readonly scratch: ValueItemScratch = { texts: [], starts: [], ends: [] };
  /** The rule positions of the constraint check (see applyConstraints). */
  private readonly ruleScratch: number[] = [];

  validate(
    doc: WikiDocument,
    resolveCatalogue: (apiUrl?: string) => WikiCatalogue,
    settings: LanguageSettings = {},
    document?: TextDocument,
  ): Diagnostic[] {
    const out: Diagnostic[] = [];
    const highLimits = !!settings.highLimits;
    const loggedIn = !!settings.loggedIn;
    const large = settings.maxFullCheckSize !== undefined && doc.text.length > settings.maxFullCheckSize;
    const severities = settings.severity;
    const range = this.rangesOf(doc, document);
    if (large) largeDocumentNotice(out, range(0, 0), settings);

    // The previous document's verdicts go into the cache by text now (see `unindexed`).
    if (this.unindexed !== undefined && this.unindexed !== doc) {
      this.cache.index(this.unindexed, this.verdictsOf(this.unindexed));
      this.unindexed = undefined;
    }
    const run = ++this.runCounter;
    const settingsKey = `|${highLimits ? 1 : 0}|${large ? 1 : 0}|${loggedIn ? 1 : 0}`;
    const catalogues = new Map<string | undefined, RunCatalogue>();
    const queries = doc.queries;
    const stored = this.verdictsOf(doc, queries.length);
    let computedAny = false;
    /** Diagnostics of queries listed, and problems counted past MAX_DOCUMENT_DIAGNOSTICS. */
    let listed = 0;
    let dropped = 0;
    for (let qi = 0; qi < queries.length; qi++) {
      const query = queries[qi];
      let c = catalogues.get(query.apiUrl);
      if (!c) {
        const cat = resolveCatalogue(query.apiUrl);
        const key = this.cache.keyOf(cat, settingsKey);
        catalogues.set(query.apiUrl, (c = { cat, key, bucket: this.cache.bucket(key) }));
      }
      // A wiki the user signed in to counts as logged in, with high limits when its account has apihighlimits
      // (the catalogue's key tells its verdicts apart).
      const high = highLimits || c.cat.account?.rights.has('apihighlimits') === true;
      const rel = this.verdictOf(doc.text, query, qi, c, stored, run, high, !large, loggedIn || c.cat.signedIn);
      if (stored.runs[qi] === run) computedAny = true;
      const base = query.range.start;
      for (const d of rel) {
        // Past MAX_DOCUMENT_DIAGNOSTICS a problem costs a count, not a range and a diagnostic.
        if (listed >= MAX_DOCUMENT_DIAGNOSTICS) {
          if (shown(d, severities)) dropped++;
        } else {
          const diag = toDiagnostic(d, base, range, severities);
          if (diag !== undefined) {
            out.push(diag);
            listed++;
          }
        }
        if (d.notListed !== undefined) for (const n of d.notListed) if (shown(n, severities)) dropped += n.count;
      }
    }
    if (computedAny) this.unindexed = doc;
    const last = out[out.length - 1];
    if (dropped > 0 && last !== undefined) {
      last.message = `${last.message} (${notListedText(dropped)}.)`;
      last.data = { ...(last.data as object), notListed: dropped };
    }
    return out;
  }

  carry(previous: WikiDocument, next: WikiDocument, from: number, to: number, count: number): void {
    const old = this.docVerdicts.get(previous);
    if (old === undefined || count <= 0) return;
    const v = this.verdictsOf(next);
    v.verdicts = carried(v.verdicts, old.verdicts, from, to, count, undefined);
    v.keys = carried(v.keys, old.keys, from, to, count, undefined);
    v.runs = carried(v.runs, old.runs, from, to, count, 0);
  }

  stats(): { hits: number; misses: number } {
    return { ...this.cacheStats };
  }

  clear(): void {
    this.docVerdicts = new WeakMap();
    this.unindexed = undefined;
    this.cache.clear();
    this.cacheStats.hits = 0;
    this.cacheStats.misses = 0;
  }

  /**
   * Query `qi`'s verdict: the one kept for it (same text: carried over by the re-parse), else the
   * cache's by text, else computed now (then kept with this run's number).
   */
  private verdictOf(
    text: string,
    query: WikiQuery,
    qi: number,
    c: RunCatalogue,
    stored: DocVerdicts,
    run: number,
    highLimits: boolean,
    full: boolean,
    loggedIn: boolean,
  ): RelDiag[] {
    let rel = stored.keys[qi] === c.key ? stored.verdicts[qi] : undefined;
    if (rel !== undefined) {
      this.cacheStats.hits++;
      return rel;
    }
    // (An empty cache cannot answer: then the query's text is not even hashed.)
    rel = c.bucket.size > 0 ? c.bucket.get(text.slice(query.range.start, query.range.end)) : undefined;
    let verdictRun = 0;
    if (rel !== undefined) {
      this.cacheStats.hits++;
    } else {
      rel = computeVerdict(text, query, c.cat, highLimits, full, this.scratch, this.ruleScratch, loggedIn);
      this.cacheStats.misses++;
      // Kept for the query; put in the cache by text when another document is validated.
      verdictRun = run;
    }
    stored.verdicts[qi] = rel;
    stored.keys[qi] = c.key;
    stored.runs[qi] = verdictRun;
    return rel;
  }

  /** The verdicts kept for `doc`; made for `size` queries when there are none yet (allocated once, not grown query by query). */
  private verdictsOf(doc: WikiDocument, size = 0): DocVerdicts {
    let v = this.docVerdicts.get(doc);
    if (v === undefined) {
      v = { verdicts: new Array(size), keys: new Array(size), runs: new Array(size) };
      this.docVerdicts.set(doc, v);
    }
    return v;
  }

  /**
   * Offsets to ranges. Our own line cursor (lines found with the native indexOf) gives the document's
   * positions when its text is the parsed text and has no CR (TextDocument also breaks lines at CR
   * and CRLF): cheaper than having TextDocument scan the whole text character by character on first
   * use, and than a line index of the whole document (an array per validated version).
   */
  private rangesOf(doc: WikiDocument, document: TextDocument | undefined): (s: number, e: number) => Range {
    const text = doc.text;
    const own = document === undefined || (text.indexOf('\r') < 0 && document.getText() === text);
    if (!own) return (s, e) => ({ start: document!.positionAt(s), end: document!.positionAt(e) });
    const lines = new LineCursor(text);
    return (s, e) => ({ start: lines.positionAt(s), end: lines.positionAt(e) });
  }
}

/**
 * Positions in a text whose lines end at LF, for offsets asked mostly in increasing order (a
 * validation's diagnostics come query by query): it moves from the line of the offset asked before,
 * so a run scans the text once, up to its last diagnostic, and keeps nothing. Offsets asked far out
 * of order (many steps back: diagnostics at both ends of a long multi-line query) switch it to an
 * index of every line start, searched by halves: never worse than that index alone.
 */
export class LineCursor {
  /** The line of `start`, and where it starts. */
  private line = 0;
  private start = 0;
  /** Where the line of `start` ends (its LF, or the text's length); -1 until looked for. Kept so that many
   * positions on one long line do not each scan to the line's end: that was quadratic on a one-line document. */
  private end = -1;
  /** Lines stepped back so far; past BACK_STEPS_BEFORE_INDEX, `starts` is made. */
  private back = 0;
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  /** The position of `offset`: its line (LF-separated, counted from 0) and its distance from that line's start. */
  positionAt(offset: number): { line: number; character: number } {
    if (this.starts !== undefined) return indexedPosition(this.starts, offset);
    const text = this.text;
    let line = this.line;
    let start = this.start;
    let end = this.end;
    // Back, line by line, while the offset is before this line (rare: within a query).
    while (offset < start && line > 0) {
      if (++this.back > BACK_STEPS_BEFORE_INDEX) return indexedPosition((this.starts = lineStarts(text)), offset);
      end = start - 1;
      start = start >= 2 ? text.lastIndexOf('\n', start - 2) + 1 : 0;
      line--;
    }
    if (end < start) end = lineEnd(text, start);
    // Forward, while a line end comes before the offset.
    while (end < offset && end < text.length) {
      start = end + 1;
      line++;
      end = lineEnd(text, start);
    }
    this.line = line;
    this.start = start;
    this.end = end;
    return { line, character: offset - start };
  }
}

/** Where the line starting at `start` ends: its LF, or the text's length. */
function lineEnd(text: string, start: number): number {
  const nl = text.indexOf('\n', start);
  return nl < 0 ? text.length : nl;
}

/** Lines a LineCursor steps back before it indexes the whole text. */
const BACK_STEPS_BEFORE_INDEX = 4096;

/** The start offset of every line of `text` (lines end at LF). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function indexedPosition(starts: number[], offset: number): { line: number; character: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo] };
}

/**
 * `dst` with `src[from…from+count)` at `to`: copied in native slices (an edit carries thousands of
 * verdicts), the arrays kept without holes (`fill` for queries not carried).
 */
function carried<T>(dst: T[], src: readonly T[], from: number, to: number, count: number, fill: T): T[] {
  const part = src.slice(from, from + count);
  if (dst.length === 0 && to === 0) return part;
  while (dst.length < to) dst.push(fill);
  if (dst.length === to) return dst.concat(part);
  for (let i = 0; i < part.length; i++) dst[to + i] = part[i];
  return dst;
}

/** One query's verdict, computed afresh. */
function computeVerdict(
  text: string,
  query: WikiQuery,
  catalogue: WikiCatalogue,
  highLimits: boolean,
  full: boolean,
  scratch: ValueItemScratch,
  ruleScratch: number[],
  loggedIn: boolean,
): RelDiag[] {
  // Pairs split just for this check are dropped right after it (unless a feature had split
  // them already): a whole-document run then keeps no per-pair objects alive.
  const keep = paramsAreSplit(query);
  try {
    let computed = checkQuery(text, query, catalogue, highLimits, full, scratch, ruleScratch, loggedIn);
    if (computed.length === 0) return NO_DIAGNOSTICS;
    // A query with more problems than a document lists keeps the first by place, and counts the rest.
    if (computed.length > MAX_DOCUMENT_DIAGNOSTICS) {
      computed.sort((a, b) => a.start - b.start);
      const counts = new Map<string, NonNullable<RelDiag['notListed']>[number]>();
      for (let i = MAX_DOCUMENT_DIAGNOSTICS; i < computed.length; i++) {
        const { code, severity } = computed[i];
        const key = `${code}|${severity ?? ''}`;
        const seen = counts.get(key);
        if (seen === undefined) counts.set(key, { code, severity, count: 1 });
        else seen.count++;
      }
      computed = computed.slice(0, MAX_DOCUMENT_DIAGNOSTICS);
      computed[computed.length - 1].notListed = [...counts.values()];
    }
    // Names and values quoted in a message: bounded, and nothing invisible in them (wikiShownMessage.ts).
    for (const d of computed) d.message = shownMessage(d.message);
    return computed;
  } finally {
    if (!keep) releaseSplitParams(query);
  }
}

/** The notice on a document too large for hints and did-you-mean. */
function largeDocumentNotice(out: Diagnostic[], range: Range, settings: LanguageSettings): void {
  const severity = severityOf('largedocument', DEFAULT_SEVERITIES.largedocument ?? 'information', settings.severity);
  if (severity === undefined) return;
  out.push({
    range,
    severity,
    code: 'largedocument',
    source: DIAGNOSTIC_SOURCE,
    message: `This document is larger than ${settings.maxFullCheckSize} characters: hints and did-you-mean suggestions are skipped. Split it, or raise wikimapQuery.diagnostics.maxFullCheckSize.`,
  });
}

/** Whether a problem of this code and default severity is shown (not turned off). */
function shown(d: Pick<RelDiag, 'code' | 'severity'>, severities: LanguageSettings['severity']): boolean {
  return severityOf(d.code, d.severity ?? DEFAULT_SEVERITIES[d.code] ?? 'warning', severities) !== undefined;
}

/** A kept verdict's diagnostic in the document, with its severity (undefined: turned off). */
function toDiagnostic(
  d: RelDiag,
  base: number,
  range: (s: number, e: number) => Range,
  severities: LanguageSettings['severity'],
): Diagnostic | undefined {
  const severity = severityOf(d.code, d.severity ?? DEFAULT_SEVERITIES[d.code] ?? 'warning', severities);
  if (severity === undefined) return undefined;
  const data: WikiDiagnosticData = { ...d.data };
  if (d.remove) data.removeRange = range(base + d.remove.start, base + d.remove.end);
  const diag: Diagnostic = {
    range: range(base + d.start, base + d.end),
    severity,
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    message: d.message,
    data,
  };
  if (d.tags) diag.tags = d.tags;
  return diag;
}

/**
 * All diagnostics of a parsed document, from a validator of its own (no verdicts kept): for
 * one-off checks. A language service keeps one validator (`createWikiValidator`).
 */
export function doWikiValidation(
  doc: WikiDocument,
  resolveCatalogue: (apiUrl?: string) => WikiCatalogue,
  settings: LanguageSettings = {},
  document?: TextDocument,
): Diagnostic[] {
  return createWikiValidator().validate(doc, resolveCatalogue, settings, document);
}
