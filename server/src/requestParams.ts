/**
 * The parameters a request of the server is answered from, checked before it is answered (issue 25, hostile
 * clients): a `position: null`, a missing `range` or a `textDocument` that is not an object reached the services,
 * which failed on them, and each request logged a stack trace though it was answered. Now such a request gets its
 * empty answer at once, and the log one short line saying what was wrong (`paramsProblem`).
 *
 * A position is what the LSP says: `line` and `character` are integers from 0 (uinteger). One past the document's
 * end is not wrong here: the document clamps it, as the LSP asks.
 */
import { isObject } from '../../common/isObject';

/** What a request needs: `textDocument.uri` (unless `textDocument` is false), and these. */
export interface ParamsNeeds {
  /** False for the custom requests, whose params (optional) name no document. */
  textDocument?: boolean;
  /** Fields that are strings when present (the custom requests' `apiUrl`, `uri`). */
  strings?: readonly string[];
  /** `position` (hover, completion). */
  position?: boolean;
  /** `range` (code actions, inlay hints, semantic tokens of a range). */
  range?: boolean;
  /** `positions`, a list of positions (selection ranges). */
  positions?: boolean;
}

/** Longest excerpt of a wrong value said in the log line. */
const SHOWN = 40;

/** The value as the log says it: its JSON, cut, or its type. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing';
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) return `a ${typeof value}`;
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

function isUinteger(v: unknown): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** Whether `v` is an LSP position. */
function isPosition(v: unknown): boolean {
  return isObject(v) && isUinteger(v.line) && isUinteger(v.character);
}

/** Whether `v` is an LSP range (its start and end positions). */
function isRange(v: unknown): boolean {
  return isObject(v) && isPosition(v.start) && isPosition(v.end);
}

/**
 * What is wrong with a request's parameters, in words for the log (`params.position is null, not a position`), or
 * undefined when it can be answered.
 */
export function paramsProblem(params: unknown, needs: ParamsNeeds = {}): string | undefined {
  if (needs.textDocument === false && (params === undefined || params === null)) return undefined;
  if (!isObject(params)) return `its params are ${shown(params)}, not an object`;
  const doc = params.textDocument;
  if (needs.textDocument !== false && (!isObject(doc) || typeof doc.uri !== 'string'))
    return `params.textDocument is ${shown(doc)}, not { uri: string }`;
  for (const key of needs.strings ?? []) {
    if (params[key] !== undefined && typeof params[key] !== 'string') return `params.${key} is ${shown(params[key])}, not a string`;
  }
  if (needs.position && !isPosition(params.position))
    return `params.position is ${shown(params.position)}, not a position ({ line, character }: integers from 0)`;
  if (needs.range && !isRange(params.range)) return `params.range is ${shown(params.range)}, not a range ({ start, end } positions)`;
  if (needs.positions) {
    const list = params.positions;
    if (!Array.isArray(list)) return `params.positions is ${shown(list)}, not a list of positions`;
    const bad = list.findIndex((p) => !isPosition(p));
    if (bad >= 0) return `params.positions[${bad}] is ${shown(list[bad])}, not a position ({ line, character }: integers from 0)`;
  }
  return undefined;
}

/**
 * A request checked before it is answered: its parameters, what it needs, and its answer when they are wrong
 * (absent: an InvalidParams error, for the custom requests, which have no empty answer).
 */
export interface CheckedParams<T> {
  params: unknown;
  needs?: ParamsNeeds;
  empty?: T;
}
