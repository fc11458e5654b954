/**
 * Diagnostic codes of the map-query service: each with a default severity. Severities can be
 * overridden per code through `LanguageSettings.severity` (`off` hides the diagnostic).
 */
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { severityOf } from '../severity';
import type { LanguageSettings, SeveritySetting } from '../languageTypes';

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

/**
 * Most diagnostics one document gets. A generated file of 3,000,000 `[]` would otherwise get 3,000,000
 * (over 1 GB in the CLI, and more than any editor shows); the last one kept says how many more there are.
 */
export const MAX_MAP_DIAGNOSTICS = 5000;

/** Collects diagnostics, applying the user's per-code severity (or dropping codes set to `off`). */
export class DiagnosticSink {
  private readonly kept: Diagnostic[] = [];
  private dropped = 0;
  constructor(private readonly settings: LanguageSettings | undefined) {}

  /**
   * The diagnostics collected; past MAX_MAP_DIAGNOSTICS, the last says how many more were not listed
   * (in its message, and as `data.notListed` for a client that shows fewer and counts the rest).
   */
  get diagnostics(): Diagnostic[] {
    if (this.dropped === 0) return this.kept;
    const last = this.kept[this.kept.length - 1];
    const more = `${this.dropped} more problem${this.dropped === 1 ? '' : 's'} in this document not listed (at most ${MAX_MAP_DIAGNOSTICS} are)`;
    return [...this.kept.slice(0, -1), { ...last, message: `${last.message} (${more}.)`, data: { ...last.data, notListed: this.dropped } }];
  }

  /**
   * True once MAX_MAP_DIAGNOSTICS are kept: a caller with many problems to report then `count`s them instead
   * of building a range and message for each (2,900,000 of them once took the CLI past 900 MB).
   */
  get full(): boolean {
    return this.kept.length >= MAX_MAP_DIAGNOSTICS;
  }

  /** Counts a problem the sink is `full` for, as `add` would (a code set to `off` is not counted). */
  count(code: MapDiagnosticCode): void {
    if (severityOf(code, MAP_DIAGNOSTIC_CODES[code], this.settings?.severity) !== undefined) this.dropped++;
  }

  add(code: MapDiagnosticCode, range: Range, message: string, data?: Record<string, unknown>): void {
    if (this.full) {
      this.count(code);
      return;
    }
    const severity = severityOf(code, MAP_DIAGNOSTIC_CODES[code], this.settings?.severity);
    if (severity === undefined) return;
    const diagnostic: Diagnostic = { range, severity, code, source: MAP_DIAGNOSTIC_SOURCE, message };
    if (data) diagnostic.data = data;
    this.kept.push(diagnostic);
  }
}
