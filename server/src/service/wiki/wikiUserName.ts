/**
 * What a MediaWiki user name may be: one predicate for the user-name values of a request
 * (UserDef::processUser, through UserNameUtils::getCanonical) and for the account a signed-in
 * catalogue load reads (meta=userinfo), which the checker names in its messages.
 *
 * MediaWiki's rule is UserNameUtils::isValid, run on the text of the name parsed as a title:
 * - MediaWikiTitleCodec::splitTitleString first drops the bidi marks (U+200E, U+200F, U+202A–U+202E)
 *   and makes every run of spaces, underscores and other white space one space, trimmed at both ends;
 * - then the name must not be empty, hold "/", be longer than $wgMaxNameChars (255, counted in bytes:
 *   PHP's strlen), look like an IPv4 address (isIP: `1.2.3.4`, `300.300.300.300`, `1.2.3.xxx`), hold a
 *   character no title may hold (Title::legalChars, a percent-escape, `~~~`), be a relative path, start
 *   with a colon (the title would leave the User namespace), or hold one of isValid's "troublemaker"
 *   characters: U+0080–U+009F, U+00A0, U+2000–U+200F, U+2028–U+202F, U+3000, U+E000–U+F8FF.
 *
 * Not judged here: the first letter (getCanonical makes it upper case), a namespace prefix (that needs
 * the wiki's namespaces: see userNameNamespace in wikiTitleRules.ts) and the wiki's reserved names.
 */
import { ILLEGAL, titlePathProblem } from './wikiTitleRules';
import { utf8Length } from './wikiStringLimits';

/** $wgMaxNameChars's default: the longest user name, in UTF-8 bytes. */
const MAX_USER_NAME_BYTES = 255;

/** The title's illegal characters and `#`, which a user name (a whole title, no fragment) may not hold either. */
export const ILLEGAL_TITLE = new RegExp(`#|${ILLEGAL.source}`);

/** UserNameUtils::isValid's own list, beyond the title's. */
const TROUBLEMAKER = /[\u0080-\u009f\u00a0\u2000-\u200f\u2028-\u202f\u3000\ue000-\uf8ff]/;

/** UserNameUtils::isIP's loose IPv4 form (IPUtils::isValid's IPv6 is judged by the caller). */
const LOOKS_LIKE_IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.(?:xxx|\d{1,3})$/;

const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e]/g;
const WHITE_SPACE_RUNS = /[ _\u00a0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;
/** Anything normaliseUserName would change (most names hold none of it: returned as they are). */
const NEEDS_NORMALISING = /[\u200e\u200f\u202a-\u202e_\u00a0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]|^ | $| {2}/;

/** A name as MediaWiki's title parser leaves it: bidi marks dropped, white space runs made one space, trimmed. */
export function normaliseUserName(v: string): string {
  if (!NEEDS_NORMALISING.test(v)) return v;
  const t = v.replace(BIDI_MARKS, '').replace(WHITE_SPACE_RUNS, ' ');
  const start = t.startsWith(' ') ? 1 : 0;
  const end = t.endsWith(' ') && t.length > start ? t.length - 1 : t.length;
  return t.slice(start, end);
}

/**
 * Why `name` (as normaliseUserName leaves it) is not a valid MediaWiki user name, or undefined when it
 * is one (UserNameUtils::isValid). The reason is a phrase: "it holds \"/\"".
 */
export function userNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.includes('/')) return 'it holds "/", which would make it a subpage';
  if (name.length > MAX_USER_NAME_BYTES / 3 && utf8Length(name) > MAX_USER_NAME_BYTES) {
    return `it is ${utf8Length(name)} bytes long, and a user name is at most ${MAX_USER_NAME_BYTES} bytes in UTF-8`;
  }
  if (LOOKS_LIKE_IPV4.test(name)) return 'it looks like an IP address';
  if (ILLEGAL_TITLE.test(name)) return 'it holds characters no title may hold: control characters, # < > [ ] | { } or a percent-escape';
  if (name.includes('~~~')) return 'it holds "~~~", a signature';
  if (name.startsWith(':')) return 'it starts with ":"';
  if (titlePathProblem(name)) return 'it is a relative path';
  if (TROUBLEMAKER.test(name))
    return 'it holds a character MediaWiki refuses in user names: a C1 control, a special space, a zero-width or a private-use character';
  return undefined;
}
