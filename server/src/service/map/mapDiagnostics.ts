/**
 * Diagnostic codes of the map-query service: each with a default severity. Severities can be
 * overridden per code through `LanguageSettings.severity` (`off` hides the diagnostic).
 */
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { severityOf } from '../severity';
import type { LanguageSettings, SeveritySetting, TextDocument } from '../languageTypes';
import { cutText } from '../../../../common/cutText';
import { MAX_DOCUMENT_DIAGNOSTICS, notListedText } from '../documentProblems';

export const MAP_DIAGNOSTIC_SOURCE = 'wikimap-query';

export const MAP_DIAGNOSTIC_CODES = {
  /** The text is not valid JSON (the server answers HTTP 500 with a plain-text error). */
  invalidjson: 'error',
  /** Objects/arrays nested deeper than MAX_JSON_DEPTH: nothing else is checked. */
  toodeep: 'error',
  /** The document, an array element, or a corner is not a JSON object. */
  notanobject: 'error',
  /** pos1, pos2 or type is missing. */
  missingfield: 'error',
  /** x, y or z of a corner is missing: Go's decoder leaves it 0. */
  missingcoordinate: 'warning',
  /** A coordinate or `limit` is null: the server reads a coordinate as 0 and a null limit as the default. */
  nullvalue: 'warning',
  /** pos1 or pos2 omitted (or null): the server searches from/to its default corner (±2048 map blocks). */
  defaultcorner: 'information',
  /** The box lies outside every layer of the map server: nothing there is ever indexed. */
  outsidelayers: 'warning',
  /** The type is not enabled in the map server's `mapobjects` config: it indexes none of them. */
  typenotenabled: 'warning',
  /** A coordinate or `limit` is not an integer (float, string, bool…): HTTP 500. */
  notinteger: 'error',
  /** `type` is not a string. */
  typenotstring: 'error',
  /** `attributelike` is not an object with string `key` and `value`. */
  badattributelike: 'error',
  /** Coordinates beyond the map-block bounds: probably node coordinates. */
  nodecoordinates: 'warning',
  /** pos1 > pos2 on some axis: the server matches nothing. */
  invertedbox: 'warning',
  /** A type the descriptor does not know: the server silently returns an empty list. */
  unknowntype: 'warning',
  /** `attributelike.key` is not an attribute of the chosen type. */
  unknownattribute: 'warning',
  /** A large region without `limit`: the default limit may cut results. */
  regiontoolarge: 'warning',
  /** A field the server ignores. */
  unknownfield: 'warning',
  /** The same field twice: only the last one counts. */
  duplicatefield: 'warning',
  /** `limit` ≤ 0. */
  badlimit: 'warning',
  /** A field written in other letter case: Go's decoder accepts it, but write it as documented. */
  fieldcase: 'information',
  /** Query objects past MAX_MAP_QUERIES in one document: not checked (said once, at the first of them). */
  toomanyqueries: 'warning',
} as const satisfies Record<string, SeveritySetting>;

export type MapDiagnosticCode = keyof typeof MAP_DIAGNOSTIC_CODES;

/** Most diagnostics one document gets (the same cap as the wiki service's; see documentProblems.ts). */
export const MAX_MAP_DIAGNOSTICS = MAX_DOCUMENT_DIAGNOSTICS;

/** Most characters of a name or string from the document that a message, its data or a hover repeats. */
export const MAX_SHOWN_NAME = 100;

/**
 * `text` as a message repeats it: cut after MAX_SHOWN_NAME characters, with "…". A 9.8 MB `"type"` value was
 * repeated whole in its `unknowntype` message (and data): 9.8 MB of CLI output, a 20 MB diagnostics message.
 */
export function shownName(text: string): string {
  return cutText(text, MAX_SHOWN_NAME);
}

/** Where a diagnostic goes: a node's extent (offsets into the document's text). */
export interface Span {
  offset: number;
  length: number;
}

/**
 * Collects diagnostics, applying the user's per-code severity (or dropping codes set to `off`). The
 * message and data are passed as functions and the place as offsets: they are built only for the
 * diagnostics kept, so the problems past MAX_MAP_DIAGNOSTICS (or turned off) cost a count, not a range
 * and a message each (754,000 `{"pos1":{}}` peaked at 957 MB when each was built and dropped).
 */
export class DiagnosticSink {
  private readonly kept: Diagnostic[] = [];
  private dropped = 0;
  constructor(
    private readonly document: TextDocument,
    private readonly settings: LanguageSettings | undefined,
  ) {}

  /**
   * The diagnostics collected; past MAX_MAP_DIAGNOSTICS, the last says how many more were not listed
   * (in its message, and as `data.notListed` for a client that shows fewer and counts the rest).
   */
  get diagnostics(): Diagnostic[] {
    if (this.dropped === 0) return this.kept;
    const last = this.kept[this.kept.length - 1];
    const more = notListedText(this.dropped);
    return [...this.kept.slice(0, -1), { ...last, message: `${last.message} (${more}.)`, data: { ...last.data, notListed: this.dropped } }];
  }

  /** True once MAX_MAP_DIAGNOSTICS are kept: what is added from then on is only counted. */
  get full(): boolean {
    return this.kept.length >= MAX_MAP_DIAGNOSTICS;
  }

  /** A problem at `at`; `message` and `data` are called only when the diagnostic is kept. */
  add(code: MapDiagnosticCode, at: Span, message: () => string, data?: () => Record<string, unknown>): void {
    const severity = severityOf(code, MAP_DIAGNOSTIC_CODES[code], this.settings?.severity);
    if (severity === undefined) return;
    if (this.full) {
      this.dropped++;
      return;
    }
    const range: Range = { start: this.document.positionAt(at.offset), end: this.document.positionAt(at.offset + at.length) };
    const diagnostic: Diagnostic = { range, severity, code, source: MAP_DIAGNOSTIC_SOURCE, message: message() };
    if (data) diagnostic.data = data();
    this.kept.push(diagnostic);
  }
}
