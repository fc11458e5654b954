/**
 * Memory, not only bytes: a JSON answer grows when parsed (`{},` is 3 bytes of text and some 80 bytes
 * of object; `1,` 2 bytes and a 16-byte slot), so a byte cap alone lets a hostile answer take
 * gigabytes. Before an answer is parsed its parsed size is estimated in one pass over the text, and
 * the estimate is counted against the run's memory budget (`wikimapQuery.run.maxParsedMB`); Fetch all
 * counts every page against the same budget, since the merged result holds them all.
 */
import { formatBytes } from './httpClient';
import { RunError } from './runErrors';

/** Default memory budget of a run's parsed results (`wikimapQuery.run.maxParsedMB`), in bytes. */
export const DEFAULT_MAX_PARSED_BYTES = 512 * 1024 * 1024;

/** Bytes an object or array costs once parsed (header, property or element storage), measured on V8. */
const CONTAINER_COST = 80;
/** Bytes each further value of an object or array costs (a slot, a small number or a pointer). */
const VALUE_COST = 16;

export interface ParsedEstimate {
  /** Estimated bytes of the parsed value, the text included (it is kept beside it). */
  bytes: number;
  /** Values separated by commas: the items the answer holds, roughly. */
  values: number;
}

/** An upper estimate of what `JSON.parse(text)` takes, in one pass and no allocation. */
export function estimateParsedSize(text: string): ParsedEstimate {
  let containers = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) commas++;
    else if (c === 123 || c === 91) containers++;
  }
  return { bytes: text.length + containers * CONTAINER_COST + commas * VALUE_COST, values: commas + 1 };
}

/**
 * The estimate of an answer, or the error saying it does not fit in `budget` bytes. `host` names the
 * server in the message.
 */
export function checkParsedBudget(text: string, budget: number, host: string): ParsedEstimate {
  const estimate = estimateParsedSize(text);
  if (estimate.bytes > budget) {
    throw new RunError(
      'tooLarge',
      `The answer of ${host} (${formatBytes(text.length)}, about ${estimate.values.toLocaleString('en-US')} items) would take about ${formatBytes(estimate.bytes)} of memory once read, over the budget of ${formatBytes(budget)} (wikimapQuery.run.maxParsedMB); it was not read. Lower the query's limit, or raise the setting.`,
    );
  }
  return estimate;
}
