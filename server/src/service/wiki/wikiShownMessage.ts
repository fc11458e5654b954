/**
 * A wiki diagnostic's message as it is shown: a message repeats the names and values of the query it is
 * about, so a name of 5 MB made a 5 MB message (in the Problems panel, in the CLI's output, and again
 * in every code action that carries the diagnostic: 23 MB for one request), and a name holding a
 * right-to-left override or a zero-width space was shown with it, looking like another name
 * (`Unrecognized parameter: "ap\u200blimit". Did you mean "aplimit"?`, with the escape a real zero-width space).
 * - Characters that are invisible or reorder text (bidi controls and marks, zero-width characters, the
 *   byte-order mark) and control characters other than tab and line feed are written as `\uXXXX`.
 * - A message over MAX_MESSAGE_CHARS has each run between double quotes (a quoted name or value, or the
 *   prose between them) over MAX_RUN_CHARS cut to its first and last characters around `…`; if that is
 *   not enough, the message itself is cut.
 */

/** Longest message kept as written. */
export const MAX_MESSAGE_CHARS = 1000;
/** In a longer message, longest run between double quotes kept whole. */
const MAX_RUN_CHARS = 200;
const KEEP_HEAD = 100;
const KEEP_TAIL = 20;

/**
 * Invisible or reordering characters (Unicode's bidi controls and marks, the zero-width characters and
 * invisible operators, the byte-order mark, interlinear annotation marks) and C0/C1 controls but tab and
 * line feed.
 */
const UNSEEN =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\ufff9-\ufffb]/;
const UNSEEN_ALL = new RegExp(UNSEEN.source, 'g');

function escaped(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function cutRun(run: string): string {
  return run.length > MAX_RUN_CHARS ? `${run.slice(0, KEEP_HEAD)}…${run.slice(-KEEP_TAIL)}` : run;
}

/** `message` as shown (the same string when nothing needs changing: the common case costs one test). */
export function shownMessage(message: string): string {
  let shown = message;
  if (shown.length > MAX_MESSAGE_CHARS) {
    shown = shown.split('"').map(cutRun).join('"');
    // Runs too short to cut, but many (a name of a million quotes): the message itself is cut.
    if (shown.length > 4 * MAX_MESSAGE_CHARS) shown = `${shown.slice(0, MAX_MESSAGE_CHARS)}…${shown.slice(-KEEP_HEAD)}`;
  }
  if (UNSEEN.test(shown)) shown = shown.replace(UNSEEN_ALL, escaped);
  return shown;
}
