/**
 * Types the server, the client and the run code all use: what a document's runnable queries look
 * like. Types only (common/ is in every bundle); the language services re-export them from
 * `server/src/service/languageTypes.ts`.
 */
import type { Range } from 'vscode-languageserver-types';

/** One runnable query found in a document (used by the Run lens and the CLI). */
export interface RunnableQuery {
  /** Range of the whole query in the document. */
  range: Range;
  /** For wiki: the decoded parameters in order (last one wins). For map: the JSON text of the object. */
  kind: 'wiki' | 'map';
  /** Wiki: the api.php URL the query names itself (undefined for bare queries). */
  apiUrl?: string;
  /** Wiki: name → value after percent-decoding, last occurrence wins. */
  params?: Array<[string, string]>;
  /** Map: the request body as parsed JSON. */
  body?: unknown;
  /**
   * Wiki: where each counted parameter is written, in the order of `params` (so a client can put the
   * wiki's own warnings on the parameter they name).
   */
  paramRanges?: RunnableParamRange[];
}

/** Source ranges of one parameter of a runnable wiki query. */
export interface RunnableParamRange {
  name: string;
  nameRange: Range;
  valueRange: Range;
}
