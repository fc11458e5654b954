/**
 * The one set of characters that are written as `\uXXXX` wherever the product shows text it did not write
 * (a wiki diagnostic's names and values, `wiki/wikiShownMessage.ts`; every line the CLI prints, its
 * `printable`): characters that are invisible or reorder text (Unicode's bidi controls and marks, the
 * zero-width characters and invisible operators, the line and paragraph separators, variation selectors,
 * the byte-order mark, interlinear annotation marks, the tag characters U+E0000–E007F) and the C0/C1
 * controls but tab (and, in a message, line feed). A name holding a right-to-left override or a zero-width
 * space is then not shown looking like another name, and a terminal is not moved, cleared or retitled.
 */

// The class lists single code units on purpose (variation selectors among them): each one is escaped alone.
const UNSEEN_BUT_LINE_FEED =
  '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\ufff9-\\ufffb';
const TAG_CHARACTERS = '|\\udb40[\\udc00-\\udc7f]';

/** An unseen character, line feed kept (a message may have lines). */
// eslint-disable-next-line no-misleading-character-class
const UNSEEN = new RegExp(`[${UNSEEN_BUT_LINE_FEED}]${TAG_CHARACTERS}`);
// eslint-disable-next-line no-misleading-character-class
const UNSEEN_ALL = new RegExp(UNSEEN.source, 'g');
/** An unseen character, line feed included (one line of a terminal). */
// eslint-disable-next-line no-misleading-character-class
const UNSEEN_IN_LINE = new RegExp(`[\\u000a${UNSEEN_BUT_LINE_FEED}]${TAG_CHARACTERS}`);
// eslint-disable-next-line no-misleading-character-class
const UNSEEN_IN_LINE_ALL = new RegExp(UNSEEN_IN_LINE.source, 'g');

/** Each UTF-16 unit of `c` (a tag character is two) as `\uXXXX`. */
function escaped(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * `text` with each unseen character written as `\uXXXX` (the same string when there is none: the common case
 * costs one test). `lines: 'kept'` leaves line feeds as they are; `'escaped'` (one line of output) escapes them too.
 */
export function escapeUnseen(text: string, lines: 'kept' | 'escaped'): string {
  if (lines === 'kept') return UNSEEN.test(text) ? text.replace(UNSEEN_ALL, escaped) : text;
  return UNSEEN_IN_LINE.test(text) ? text.replace(UNSEEN_IN_LINE_ALL, escaped) : text;
}
