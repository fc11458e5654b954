/**
 * Memory, not only bytes: a JSON answer grows when parsed (`{},` is 3 bytes of text and some 80 bytes
 * of object; `1,` 2 bytes and a 16-byte slot), so a byte cap alone lets a hostile answer take
 * gigabytes. Before an answer is parsed its parsed size is estimated in one pass over the text, and
 * the estimate is counted against the run's memory budget (`wikimapQuery.run.maxParsedMB`); Fetch all
 * counts every page against the same budget, since the merged result holds them all.
 */
import { FIXED_LIMITS } from '../common/settings';
import { formatBytes } from './httpClient';
import { RunError } from './runErrors';

/** Default memory budget of a run's parsed results (`wikimapQuery.run.maxParsedMB`), in bytes. */
export const DEFAULT_MAX_PARSED_BYTES = 512 * 1024 * 1024;

/** Bytes an object or array costs once parsed (header, property or element storage), measured on V8. */
const CONTAINER_COST = 80;
/** Bytes each further value of an object or array costs (a slot, a small number or a pointer). */
const VALUE_COST = 16;
/**
 * Members one object holds before V8 keeps them as a dictionary: each key past that is a string of its
 * own and a dictionary entry (74 bytes measured for `"k123":1`, and about twice that while it grows).
 * 4,000,000 distinct keys in one object (a 50 MB answer) took a run to 1.26 GB.
 */
const SMALL_OBJECT_MEMBERS = 1000;
/** Bytes each member of an object past SMALL_OBJECT_MEMBERS costs, besides its VALUE_COST. */
const DICTIONARY_MEMBER_COST = 128;
/**
 * Deepest nesting of an answer that is read. Printing and merging an answer recurse: 1,000,000 nested
 * arrays (2 MB) ended a run with "Maximum call stack size exceeded". Real answers nest under 20 levels.
 */
export const MAX_ANSWER_DEPTH = FIXED_LIMITS.runAnswerMaxDepth;

export interface ParsedEstimate {
  /** Estimated bytes of the parsed value, the text included (it is kept beside it). */
  bytes: number;
  /** Values separated by commas: the items the answer holds, roughly. */
  values: number;
  /** Deepest nesting of objects and arrays (counted up to MAX_ANSWER_DEPTH + 1). */
  depth: number;
}

/**
 * An upper estimate of what `JSON.parse(text)` takes, in one pass and no allocation beyond a small stack:
 * strings are stepped over (brackets inside them are text), objects' members are counted per object.
 */
export function estimateParsedSize(text: string): ParsedEstimate {
  // per open container (up to MAX_ANSWER_DEPTH): members so far, or -1 for an array
  const members = new Float64Array(MAX_ANSWER_DEPTH + 2);
  let depth = 0;
  let deepest = 0;
  let containers = 0;
  let commas = 0;
  let dictionaryMembers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i);
    else if (c === 44) commas++;
    else if (c === 58) {
      if (depth <= MAX_ANSWER_DEPTH && ++members[depth] > SMALL_OBJECT_MEMBERS) dictionaryMembers++;
    } else if (c === 123 || c === 91) {
      containers++;
      depth++;
      if (depth > deepest) deepest = Math.min(depth, MAX_ANSWER_DEPTH + 1);
      if (depth <= MAX_ANSWER_DEPTH) members[depth] = c === 123 ? 0 : -Infinity;
    } else if ((c === 125 || c === 93) && depth > 0) depth--;
  }
  const bytes = text.length + containers * CONTAINER_COST + commas * VALUE_COST + dictionaryMembers * DICTIONARY_MEMBER_COST;
  return { bytes, values: commas + 1, depth: deepest };
}

/** The index of the quote closing the string opened at `open` (the text's end if none does). */
function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i;
  }
  return text.length;
}

/**
 * The estimate of an answer, or the error saying it does not fit in `budget` bytes. `host` names the
 * server in the message.
 */
export function checkParsedBudget(text: string, budget: number, host: string): ParsedEstimate {
  const estimate = estimateParsedSize(text);
  if (estimate.depth > MAX_ANSWER_DEPTH) {
    throw new RunError(
      'notJson',
      `The answer of ${host} nests objects and arrays more than ${MAX_ANSWER_DEPTH} levels deep, which no wiki or map server answers; it was not read.`,
    );
  }
  if (estimate.bytes > budget) {
    throw new RunError(
      'tooLarge',
      `The answer of ${host} (${formatBytes(text.length)}, about ${estimate.values.toLocaleString('en-US')} items) would take about ${formatBytes(estimate.bytes)} of memory once read, over the budget of ${formatBytes(budget)} (wikimapQuery.run.maxParsedMB); it was not read. Lower the query's limit, or raise the setting.`,
    );
  }
  return estimate;
}
