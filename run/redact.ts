// Keeping secrets out of what is logged or shown: sensitive parameter values and URL user-info.
// Shared by the wiki and the map run code, the history and the log.
import { cutText } from '../common/cutText';

/** Names whose values never appear in logs or result headers. */
const SENSITIVE_NAME = /token|password|passwd|secret|session|cookie|auth|key$|^key|signature|otp|code_verifier/i;

export function isSensitiveParam(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

/** A URL safe to log or show: values of token-like and other sensitive parameters replaced, user-info dropped. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return redactLooseParams(redactUserInfo(raw));
  }
  url.username = '';
  url.password = '';
  const kept: string[] = [];
  for (const part of url.search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      /* keep raw */
    }
    kept.push(eq >= 0 && isSensitiveParam(name) ? `${rawName}=***` : part);
  }
  // `origin` is "null" for other schemes (`file:`, `data:`): they are shown as written, without query or fragment.
  const base =
    url.origin === 'null' ? url.href.slice(0, url.href.length - url.search.length - url.hash.length) : `${url.origin}${url.pathname}`;
  return kept.length ? `${base}?${kept.join('&')}` : base;
}

/** Most characters of a refused redirect's target shown in a message (a `Location` may be up to 16 KB). */
const MAX_TARGET = 200;

/**
 * Where a refused redirect points, for a message: resolved against the request's URL, credentials and
 * secret parameters left out, at most 200 characters; a scheme other than http(s) (`file:`, `data:`,
 * `javascript:`) is named as such.
 */
export function redirectTarget(location: string | undefined, base: URL): string {
  if (!location) return 'another address';
  let target: string;
  try {
    const url = new URL(location, base);
    target =
      url.protocol === 'http:' || url.protocol === 'https:'
        ? redactUrl(url.toString())
        : `a ${url.protocol} URL (${redactUrl(url.toString())})`;
  } catch {
    target = redactLooseParams(redactUserInfo(location));
  }
  return cutText(target, MAX_TARGET);
}

/** Whether a character ends a URL's user-info part (white space, `/ ? # @ " ' < >`), or shows there is none. */
function endsUserInfo(c: number): boolean {
  return c <= 32 || c === 47 || c === 63 || c === 35 || c === 64 || c === 34 || c === 39 || c === 60 || c === 62;
}
const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
/** A character of a URL scheme: letter, digit, `+ . -`. */
const isSchemeChar = (c: number): boolean => isLetter(c) || (c >= 48 && c <= 57) || c === 43 || c === 46 || c === 45;
/** Schemes are short; looking further back for one would make the scan quadratic on long runs of letters. */
const MAX_SCHEME = 32;

/**
 * Any `scheme://user:password@` in a text (a log line, a message) without the user info. Linear in
 * the text's length whatever it holds: each `://` is looked at once, with a bounded look back for its
 * scheme and a look forward that stops at the first character that cannot be in user info (a `/`,
 * so never past the next `://`).
 */
export function redactUserInfo(text: string): string {
  let out = '';
  let copied = 0;
  let at = text.indexOf('://');
  while (at >= 0) {
    let start = at;
    while (start > 0 && at - start < MAX_SCHEME && isSchemeChar(text.charCodeAt(start - 1))) start--;
    while (start < at && !isLetter(text.charCodeAt(start))) start++;
    let end = at + 3;
    while (end < text.length && !endsUserInfo(text.charCodeAt(end))) end++;
    if (start < at && text.charCodeAt(end) === 64 && at + 3 >= copied) {
      out += text.slice(copied, at + 3);
      copied = end + 1;
    }
    at = text.indexOf('://', at + 3);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Names whose values are hidden in a text that is not a URL (a loose `a=b&token=c` line). */
const LOOSE_SENSITIVE = /token|password|secret|key/i;

/**
 * `name=value` pairs with a sensitive name, value replaced, in any text. Linear: the text is cut at
 * `? & ;` and white space once, and each piece looked at once.
 */
function redactLooseParams(text: string): string {
  return text.replace(/[^?&;\s]+/g, (piece) => {
    const eq = piece.indexOf('=');
    return eq > 0 && LOOSE_SENSITIVE.test(piece.slice(0, eq)) ? `${piece.slice(0, eq)}=***` : piece;
  });
}

/**
 * What a server's text loses before a message quotes it: control characters (a terminal runs `ESC ]0;…` and
 * `ESC [2J`, a NUL cuts a C string) and the bidi and zero-width marks (a right-to-left override reorders what
 * follows, so a shown name or URL reads as another).
 */
const UNSEEN_MARKS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Most characters of a server's own text (an error, a reason, a user name) put into a message. */
const MAX_SERVER_TEXT = 200;

/**
 * A server's own text as a message may carry it: control characters and bidi marks dropped, cut at 200 characters, and
 * Markdown link syntax broken (`](` becomes `] (`), as VS Code turns `[label](command:…)` in a notification
 * into a link the user could click.
 */
export function serverText(text: string): string {
  const plain = text.replace(UNSEEN_MARKS, '').replace(/\]\(/g, '] (');
  return cutText(plain, MAX_SERVER_TEXT);
}

/** Most characters of an answer's body quoted in a message (an HTML error page, a body that is not JSON). */
const MAX_BODY_EXCERPT = 300;

/**
 * The start of an answer's body as a message may quote it: white space made one blank, `UNSEEN_MARKS` dropped,
 * Markdown link syntax broken as in `serverText`, at most 300
 * characters. A body that is not JSON may be anything: HTML, binary (a compression the client does not decode),
 * or escapes written for the terminal of whoever runs the CLI.
 */
export function bodyExcerpt(body: string): string {
  return body.slice(0, MAX_BODY_EXCERPT).replace(/\s+/g, ' ').replace(UNSEEN_MARKS, '').replace(/\]\(/g, '] (').trim();
}
