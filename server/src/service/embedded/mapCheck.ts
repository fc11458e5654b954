/**
 * Checks a map-object query posted from source code (mapPosts.ts) with the map service: its JSON
 * body becomes a virtual `mapquery` document, the service judges it with its descriptor and the map
 * server's config, and the ranges come back to the host file through the body's position map.
 *
 * A value known only at run time is a hole (written `null`): nothing is said on it, nothing about the
 * box when any value is one (a corner read as 0 would be a guess), and nothing about an absent field
 * when the object can get fields elsewhere (a spread, a computed key).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { LanguageSettings } from '../languageTypes';
import type { MapDocument, MapLanguageService } from '../map/mapLanguageService';
import type { FoundRequest } from './requestFinder';

/** One map query of a host file with the map service's verdicts on it. */
export interface CheckedMapRequest {
  service: 'map';
  request: FoundRequest;
  /** High: the call names the map server's path (the finder's rule); low only without a map service. */
  confidence: 'high' | 'low';
  virtual: TextDocument;
  parsed: MapDocument | undefined;
  diagnostics: Diagnostic[];
}

/** Codes about a field that is absent: only a closed object can lack one. */
const ABOUT_ABSENT = new Set(['missingfield', 'missingcoordinate', 'defaultcorner', 'regiontoolarge']);
/** Codes about the box as a whole: unjudgeable when a value is known only at run time. */
const ABOUT_BOX = new Set(['invertedbox', 'outsidelayers', 'regiontoolarge', 'defaultcorner']);

/** Whether a corner (`pos1`/`pos2`, any letter case) holds a value known only at run time. */
function cornerHasHole(request: FoundRequest, parsed: MapDocument): boolean {
  for (const prop of parsed.root?.type === 'object' ? (parsed.root.children ?? []) : []) {
    const [key, value] = prop.children ?? [];
    if (value && /^pos[12]$/i.test(String(key?.value)) && request.query.hasHole(value.offset, value.offset + value.length)) return true;
  }
  return false;
}

function keep(d: Diagnostic, request: FoundRequest, virtual: TextDocument, boxUnknown: boolean): boolean {
  const code = String(d.code ?? '');
  const q = request.query;
  if (ABOUT_ABSENT.has(code) && !request.closed) return false;
  if (ABOUT_BOX.has(code) && boxUnknown) return false;
  const start = virtual.offsetAt(d.range.start);
  const end = virtual.offsetAt(d.range.end);
  return !q.hasHole(start, Math.max(end, start + 1));
}

/** A range of the virtual JSON in the host file. */
export function mapRangeToHost(request: FoundRequest, virtual: TextDocument, host: TextDocument, r: Range): Range {
  const span = request.query.hostRange(virtual.offsetAt(r.start), virtual.offsetAt(r.end));
  return { start: host.positionAt(span.start), end: host.positionAt(span.end) };
}

/** Checks one posted map query (`map` undefined: a build without the map service lists it, unjudged). */
export function checkMapRequest(
  map: MapLanguageService | undefined,
  host: TextDocument,
  request: FoundRequest,
  index: number,
  settings: LanguageSettings,
): CheckedMapRequest {
  const virtual = TextDocument.create(`${host.uri}#wikimap-map-${index}`, 'mapquery', host.version, request.query.text);
  if (!map) return { service: 'map', request, confidence: 'low', virtual, parsed: undefined, diagnostics: [] };
  const parsed = map.parse(virtual);
  const boxUnknown = !request.closed || cornerHasHole(request, parsed);
  const diagnostics = map
    .doValidation(virtual, parsed, settings)
    .filter((d) => keep(d, request, virtual, boxUnknown))
    .map((d) => ({ ...d, range: mapRangeToHost(request, virtual, host, d.range) }));
  return { service: 'map', request, confidence: 'high', virtual, parsed, diagnostics };
}

/** The inventory's parameters of a map query: each top-level field as written (JSON text; a string as its value), null when known only at run time. */
export function mapInventoryParams(checked: CheckedMapRequest): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const root = checked.parsed?.root;
  if (root?.type !== 'object') return out;
  const q = checked.request.query;
  for (const prop of root.children ?? []) {
    const [key, value] = prop.children ?? [];
    if (!key || typeof key.value !== 'string') continue;
    if (!value) out[key.value] = null;
    else if (q.hasHole(value.offset, value.offset + value.length)) out[key.value] = null;
    else out[key.value] = typeof value.value === 'string' ? value.value : q.text.slice(value.offset, value.offset + value.length);
  }
  return out;
}
