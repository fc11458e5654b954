/**
 * What the limits of reading one source file (common/sourceFileLimits.ts) leave unchecked, said once per file,
 * by the editor and the CLI alike:
 * - `largesource`: a file over `parsedChars` is read by the lexer only (hostParsers.ts, lexerFinder.ts): its
 *   api.php URLs written in one string are checked, its parameter objects, dictionaries and calls are not;
 * - `toomanyrequests`: past `requests` requests the rest of the file is not checked, said at the first one left.
 * Before, both were silent: `check` said "No problems" of a file whose requests it had not read.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { SOURCE_FILE_LIMITS } from '../../../../common/sourceFileLimits';
import type { LanguageSettings } from '../languageTypes';
import { severityOf } from '../severity';
import { DEFAULT_SEVERITIES } from '../wiki/wikiDiagnosticCodes';
import { mayHoldRequest, namesMediaWiki, type FoundRequest } from './requestFinder';
import { namesMapServer } from './mapPosts';

/** Whether a source file's requests are looked for at all (the editor's and the CLI's rule). */
const servedText = (text: string) => mayHoldRequest(text) && (namesMediaWiki(text) || namesMapServer(text));

/** The requests a finder found, cut at the limit, and the first one left (the finders find one more than are read). */
export function withinRequestLimit(found: FoundRequest[]): { requests: FoundRequest[]; firstLeft?: FoundRequest } {
  const max = SOURCE_FILE_LIMITS.requests;
  return found.length > max ? { requests: found.slice(0, max), firstLeft: found[max] } : { requests: found };
}

const count = (n: number) => n.toLocaleString('en-US');

/** The notes on a source file whose requests were found (`firstLeft` from `withinRequestLimit`), with the user's severities. */
export function sourceLimitNotes(
  document: TextDocument,
  firstLeft: FoundRequest | undefined,
  severities: LanguageSettings['severity'],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const size = document.getText().length;
  const note = (code: 'largesource' | 'toomanyrequests', at: number, message: string) => {
    const severity = severityOf(code, DEFAULT_SEVERITIES[code] ?? 'information', severities);
    if (severity === undefined) return;
    const position = document.positionAt(at);
    out.push({ range: { start: position, end: position }, severity, code, source: 'wikimap-query', message });
  };
  // (a file that names no MediaWiki API or client, or holds nothing a request could be, is not read at all)
  if (size > SOURCE_FILE_LIMITS.parsedChars && servedText(document.getText()))
    note(
      'largesource',
      0,
      `This file has ${count(size)} characters, more than the ${count(SOURCE_FILE_LIMITS.parsedChars)} whose requests are read in full: only the api.php URLs written whole in one string are checked; parameter objects, dictionaries, arrays and calls that build a request are not. Split the file to have them checked.`,
    );
  if (firstLeft)
    note(
      'toomanyrequests',
      firstLeft.range.start,
      `This file has more than ${count(SOURCE_FILE_LIMITS.requests)} requests, the most read from one file: this one and those after it are not checked. Split the file to have them checked.`,
    );
  return out;
}
