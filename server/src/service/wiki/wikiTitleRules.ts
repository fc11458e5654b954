/**
 * How MediaWiki's title parser (MediaWikiTitleCodec::splitTitleString, TitleParser) reads a title
 * and a user name, where the checker needs it:
 * - a `#fragment` is cut off before the title is validated (`Alpha#History` is the title Alpha);
 * - a title that is `.`/`..`, starts with `./`/`../`, has `/./`/`/../` inside or ends in `/.`/`/..`
 *   is invalid ("title-invalid-relative");
 * - a user name (UserDef::processUser) is parsed as a title with User as the default namespace: a
 *   prefix naming another namespace (`Talk:Bob`) makes it baduser; `User:Bob` is Bob.
 */
import type { WikiCatalogue } from './wikiCatalogue';

/** The title before its first `#`, and the fragment after it (undefined when there is none). */
export function splitFragment(v: string): { title: string; fragment?: string } {
  const hash = v.indexOf('#');
  return hash < 0 ? { title: v } : { title: v.slice(0, hash), fragment: v.slice(hash + 1) };
}

/** MediaWikiTitleCodec's relative-path check: true when the title is a relative path. */
export function titlePathProblem(t: string): boolean {
  return (
    t === '.' ||
    t === '..' ||
    t.startsWith('./') ||
    t.startsWith('../') ||
    t.includes('/./') ||
    t.includes('/../') ||
    t.endsWith('/.') ||
    t.endsWith('/..')
  );
}

/**
 * The namespace a user-name value names by its prefix, when it is one of the wiki's namespaces
 * other than User (2): `Talk:Bob` → `Talk`. Undefined for `Bob`, `User:Bob` and `Foo:Bob` (no
 * such namespace: the whole value is the name).
 */
export function userNameNamespace(v: string, catalogue: WikiCatalogue): string | undefined {
  // (Most names have no colon: nothing to look up, nothing allocated.)
  if (v.indexOf(':') < 0) return undefined;
  const name = v.replace(/_/g, ' ').trim();
  const colon = name.indexOf(':');
  if (colon <= 0) return undefined;
  const prefix = name.slice(0, colon).trim();
  const ns = catalogue.findNamespaceByName(prefix);
  if (!ns || ns.id === 2 || ns.id === 0) return undefined;
  return prefix;
}

/**
 * Whether a title names a page of another wiki (MediaWikiTitleCodec::splitTitleString: a prefix that is not
 * one of the wiki's namespaces but one of its interwiki prefixes, in any case): `yes` with the prefix as
 * written; `maybe` when the catalogue does not know the wiki's interwiki prefixes; undefined when it is
 * the wiki's own title.
 */
export function interwikiOf(v: string, catalogue: WikiCatalogue): { certain: boolean; prefix: string } | undefined {
  if (v.indexOf(':') < 0) return undefined;
  const t = splitFragment(v).title.replace(/_/g, ' ').trim().replace(/^:\s*/, '');
  const colon = t.indexOf(':');
  if (colon <= 0) return undefined;
  const prefix = t.slice(0, colon).trim();
  if (prefix === '' || catalogue.findNamespaceByName(prefix)) return undefined;
  const known = catalogue.interwikiPrefixes;
  if (!known) return { certain: false, prefix };
  return known.has(prefix.toLowerCase()) ? { certain: true, prefix } : undefined;
}

/** Whose interwiki table a certain interwiki prefix comes from: `this wiki`, or a version target's install. */
export function interwikiHolder(catalogue: WikiCatalogue): string {
  return catalogue.siteinfoOf ?? 'this wiki';
}

/** Characters no title may hold (Title::legalChars) and percent-escapes (MediaWikiTitleCodec rejects `%41`); `#` starts a fragment here. */
export const ILLEGAL = /[<>[\]|{}\u0000-\u001f\u007f\ufffd]|%[0-9A-Fa-f]{2}/;

/**
 * Why Title::newFromText would refuse a title a module parses itself (ApiBase::getTitleOrPageId,
 * ApiQueryRecentChanges' rctitle, ApiQueryLogEvents' letitle → apierror-invalidtitle), or undefined
 * when it accepts it: empty, a character titles cannot have, a relative path, `~~~`, or only a
 * namespace prefix, or an interwiki prefix (Title::isExternal, refused alike). A `#fragment` is cut off first
 * (`#Section` alone is accepted).
 */
export function titleProblem(v: string, catalogue: WikiCatalogue): string | undefined {
  if (plainTitle(v, catalogue)) return undefined;
  const { title, fragment } = splitFragment(v);
  let t = title.replace(/_/g, ' ').trim();
  if (t === '') return fragment !== undefined ? undefined : 'the title is empty';
  if (ILLEGAL.test(t)) return 'it has a character titles cannot have (< > [ ] | { } or a percent-escape)';
  if (t.startsWith(':')) t = t.slice(1).trim();
  const colon = t.indexOf(':');
  const ns = colon > 0 ? catalogue.findNamespaceByName(t.slice(0, colon)) : undefined;
  if (ns && t.slice(colon + 1).trim() === '') return 'it names only a namespace';
  if (t === '') return 'the title is empty';
  if (titlePathProblem(t)) return 'it is a relative path (./, ../, /. or /..)';
  if (t.includes('~~~')) return 'it contains ~~~';
  // (Without a colon there is no prefix of any kind.)
  if (colon < 0) return undefined;
  const iw = interwikiOf(t, catalogue);
  if (iw?.certain) return `"${iw.prefix}:" is an interwiki prefix of ${interwikiHolder(catalogue)}: the title names a page of another wiki`;
  // Talk: followed by an interwiki prefix (title-invalid-talk-namespace).
  if (ns?.id === 1 && interwikiOf(t.slice(colon + 1), catalogue)?.certain)
    return 'a Talk: title cannot name a page of another wiki (an interwiki prefix follows Talk:)';
  return undefined;
}

/** The longest title `plainTitle` answers for (MediaWiki refuses titles over 255 bytes: left to the full reading). */
const PLAIN_MAX = 255;

/**
 * Whether `v` is a title every check of `titleProblem` accepts, told by one scan without copies (the usual
 * title of a request): ASCII letters, digits, spaces and `_ - ( ) , ' ! / .` only, not blank; a `.` only
 * when there is no `/` and the title does not start with it (no relative path); no `~`, `#`, `%` or
 * character titles cannot have. At most one `:`, after a prefix that is one of the catalogue's namespaces
 * and before a name that is not blank (an interwiki prefix is left to the full reading).
 */
function plainTitle(v: string, catalogue: WikiCatalogue): boolean {
  const n = v.length;
  if (n === 0 || n > PLAIN_MAX) return false;
  let blank = true;
  let colon = -1;
  let dot = false;
  let slash = false;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 /* - */) blank = false;
    else if (c === 40 || c === 41 || c === 44 || c === 39 || c === 33)
      blank = false; // ( ) , ' !
    else if (c === 47 /* / */) {
      slash = true;
      blank = false;
    } else if (c === 46 /* . */) {
      if (blank) return false; // a title starting with "."
      dot = true;
    } else if (c === 58 /* : */) {
      if (colon >= 0 || blank) return false; // a second colon, or no prefix before it
      colon = i;
      blank = true;
    } else if (c !== 32 && c !== 95) return false; // (space and _ leave the title blank)
  }
  if (blank || (dot && slash)) return false;
  return colon < 0 || catalogue.findNamespaceByName(v.slice(0, colon)) !== undefined;
}
