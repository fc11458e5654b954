/**
 * A wiki diagnostic's message as it is shown: a message repeats the names and values of the query it is
 * about, so a name of 5 MB made a 5 MB message (in the Problems panel, in the CLI's output, and again
 * in every code action that carries the diagnostic: 23 MB for one request), and a name holding a
 * right-to-left override or a zero-width space was shown with it, looking like another name
 * (`Unrecognized parameter: "ap\u200blimit". Did you mean "aplimit"?`, with the escape a real zero-width space).
 * - Characters that are invisible or reorder text (bidi controls and marks, zero-width characters, the
 *   byte-order mark) and control characters other than tab and line feed are written as `\uXXXX`, by the
 *   escaper the CLI's output uses too (`common/unseenText.ts`: one set of characters).
 * - A message over MAX_MESSAGE_CHARS has each quoted name or value over MAX_RUN_CHARS cut to its first and
 *   last characters around `…` (never inside a surrogate pair); the prose between them is cut the same way
 *   only if that was not enough, and the message itself only if that was not enough either.
 */

import { escapeUnseen } from '../../../../common/unseenText';

/** Longest message kept as written. */
export const MAX_MESSAGE_CHARS = 1000;
/** In a longer message, longest run between double quotes kept whole. */
const MAX_RUN_CHARS = 200;
const KEEP_HEAD = 100;
const KEEP_TAIL = 20;

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

function cutRun(run: string): string {
  if (run.length <= MAX_RUN_CHARS) return run;
  const head = isHigh(run.charCodeAt(KEEP_HEAD - 1)) ? KEEP_HEAD - 1 : KEEP_HEAD;
  const tail = isLow(run.charCodeAt(run.length - KEEP_TAIL)) ? run.length - KEEP_TAIL + 1 : run.length - KEEP_TAIL;
  return `${run.slice(0, head)}…${run.slice(tail)}`;
}

/** `message` as shown (the same string when nothing needs changing: the common case costs one test). */
export function shownMessage(message: string): string {
  let shown = message;
  if (shown.length > MAX_MESSAGE_CHARS) {
    // Odd runs are the quoted names and values; the prose between them is cut only when that was not enough.
    const runs = shown.split('"');
    shown = runs.map((run, i) => (i % 2 === 1 ? cutRun(run) : run)).join('"');
    if (shown.length > MAX_MESSAGE_CHARS) shown = runs.map(cutRun).join('"');
    // Runs too short to cut, but many (a name of a million quotes): the message itself is cut.
    if (shown.length > 4 * MAX_MESSAGE_CHARS) shown = `${shown.slice(0, MAX_MESSAGE_CHARS)}…${shown.slice(-KEEP_HEAD)}`;
  }
  return escapeUnseen(shown, 'kept');
}
