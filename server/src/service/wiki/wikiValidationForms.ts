/**
 * The written forms ParamValidator's TypeDefs recognise, and their value checks: timestamps
 * (TimestampDef), user names, IDs and IP ranges (UserDef), titles (TitleDef).
 */
import { escapeUnseen } from '../../../../common/unseenText';
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiParam, WikiParamDescriptor } from './wikiTypes';
import { interwikiHolder, interwikiOf, splitFragment, titlePathProblem, userNameNamespace } from './wikiTitleRules';
import { ILLEGAL_TITLE, normaliseUserName, userNameProblem } from './wikiUserName';

/**
 * Timestamp forms MediaWiki accepts (wikimedia/timestamp ConvertibleTimestamp): TS_MW, TS_UNIX,
 * ISO 8601 (extended and basic), TS_UNIX_MICRO, TS_ORACLE, TS_POSTGRES, TS_EXIF, RFC 2822, RFC 850, asctime.
 */
const TIMESTAMP_FORMS: RegExp[] = [
  /^\d{14}$/,
  /^-?\d{1,13}$/,
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/,
  /^\d{8}T\d{6}(?:[.,]\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/,
  /^-?\d{1,13}\.\d{1,6}$/,
  /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}\.\d{6}$/,
  /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+\- ]\d\d$/,
  /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? GMT$/,
  /^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d$/,
  /^[ \t\r\n]*(?:[A-Z][a-z]{2},[ \t\r\n]*)?\d\d?[ \t\r\n]+[A-Z][a-z]{2}[ \t\r\n]+\d{2,}[ \t\r\n]+\d\d[ \t\r\n]*:[ \t\r\n]*\d\d[ \t\r\n]*:[ \t\r\n]*\d\d(?:[ \t\r\n]+(?:[+-]\d{4}|UT|GMT|[ECMP][SD]T|[A-IK-Za-ik-z]))?(?:[ \t\r\n]*;|$)/,
  /^[A-Z][a-z]{5,8}, \d\d-[A-Z][a-z]{2}-\d{2} \d\d:\d\d:\d\d(?: (?:[+-]\d{2}(?::?\d{2})?|[A-Z]{1,5}))?$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} +\d{1,2} \d\d:\d\d:\d\d \d{4}\s*$/,
];

function isMediaWikiTimestamp(v: string): boolean {
  // TimestampDef converts to TS_MW (YmdHis): a date outside the years 0000-9999 cannot be
  // represented and is a badtimestamp, e.g. a Unix time past 9999 or 00000000000000 (PHP rolls
  // month 00 / day 00 back into the year -1).
  if (TIMESTAMP_FORMS[1].test(v)) return Math.abs(Number(v)) <= 253402300799;
  for (const re of TIMESTAMP_FORMS) {
    if (!re.test(v)) continue;
    const ymd = /^(\d{4})-?(\d\d)-?(\d\d)/.exec(v) ?? /^(\d\d)-(\d\d)-(\d{4})/.exec(v);
    if (!ymd) return true;
    const [y, m, d] = ymd[1].length === 4 ? [+ymd[1], +ymd[2], +ymd[3]] : [+ymd[3], +ymd[2], +ymd[1]];
    const date = new Date(0);
    date.setUTCFullYear(y, m - 1, d);
    const year = date.getUTCFullYear();
    return year >= 0 && year <= 9999;
  }
  return false;
}

/** Longest part of a value a message quotes. */
const QUOTED_CHARS = 60;

/**
 * A value as a message quotes it: its first 60 characters then `…` (a surrogate pair is not split), with the
 * characters the product never shows raw written as `\uXXXX` — the one set of `common/unseenText.ts`, and
 * line feed besides (a value is quoted on one line): "query\u0000" is not mistaken for "query".
 */
export function quote(v: string): string {
  let shown = v;
  if (v.length > QUOTED_CHARS) {
    const code = v.charCodeAt(QUOTED_CHARS - 1);
    shown = `${v.slice(0, code >= 0xd800 && code <= 0xdbff ? QUOTED_CHARS - 1 : QUOTED_CHARS)}…`;
  }
  return `"${escapeUnseen(shown, 'escaped')}"`;
}

export function checkTimestampValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  _itemIndex: number,
): void {
  if (v === 'now') return;
  if (v === '' || v === '0') {
    ctx.add(
      'unclearnowtimestamp',
      s,
      e,
      `Passing "${v}" for timestamp parameter "${wire}" has been deprecated. If for some reason you need to explicitly specify the current time without calculating it client-side, use "now".`,
      { param: wire, value: v, replacement: 'now' },
    );
    return;
  }
  if (!isMediaWikiTimestamp(v)) {
    ctx.add(
      'badtimestamp',
      s,
      e,
      `Invalid value ${quote(v)} for timestamp parameter "${wire}". Use ISO 8601 (2024-01-31T12:00:00Z), MediaWiki's 20240131120000, a Unix time, or "now".`,
      { param: wire, value: v },
    );
  }
  return;
}

/** IPUtils::RE_IP_ADD: each byte as RE_IP_BYTE reads it (`01.2.3.4` is an address); `1.2.3.xxx` is an anonymous name too (UserDef::processUser). */
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)$/;
const IPV4_XXX = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)\.){3}xxx$/;

const IPV6 = /^(?=.*:)(?:[0-9A-Fa-f]{1,4}:{1,2}){1,7}[0-9A-Fa-f]{0,4}$|^::$|^::[0-9A-Fa-f]{1,4}$/;

function userKind(v: string): 'id' | 'interwiki' | 'ip' | 'cidr' | 'name' | undefined {
  if (/^#\d+$/.test(v)) return 'id';
  if (v.includes('>')) return 'interwiki';
  // The IP and range tests read the value as the title parser leaves it (UserDef::processUser: `_1.2.3.4_`,
  // ` 1.2.3.4 ` and a bidi mark around it are the address).
  const n = normaliseUserName(v);
  if (IPV4.test(n) || IPV6.test(n) || IPV4_XXX.test(n)) return 'ip';
  const slash = n.lastIndexOf('/');
  if (slash > 0 && /^\d{1,3}$/.test(n.slice(slash + 1)) && (IPV4.test(n.slice(0, slash)) || IPV6.test(n.slice(0, slash)))) return 'cidr';
  // UserNameUtils::getCanonical: the name as the title parser leaves it must pass UserNameUtils::isValid.
  return userNameProblem(n) === undefined ? 'name' : undefined;
}

export function checkUserValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  _itemIndex: number,
): void {
  // UserDef::processUser: "#123" is an id, a ">" marks an interwiki name, IPs and ranges are
  // ip/cidr, anything else must be a valid user name (a valid User: title).
  const kind = userKind(v);
  const allowed = d.subtypes;
  // UserDef parses a name as a title in the User namespace: another namespace's prefix is baduser.
  const otherNs = kind === 'name' ? userNameNamespace(v, ctx.catalogue) : undefined;
  // An interwiki prefix makes it another wiki's page (UserDef: the title is external).
  const iw = kind === 'name' && otherNs === undefined ? interwikiOf(v, ctx.catalogue) : undefined;
  // `User:` alone: the User namespace's prefix and no name (UserDef finds no user in it).
  const noName = kind === 'name' && userPrefixOnly(v, ctx.catalogue);
  // After the User namespace's prefix, the name must be valid in turn (`User::Foo`, `User:300.300.300.300`);
  // an address there is one (`User:1.2.3.4`).
  const afterPrefix = kind === 'name' && !noName && otherNs === undefined ? userPrefixRestProblem(v, ctx.catalogue) : undefined;
  if (
    kind === undefined ||
    noName ||
    afterPrefix !== undefined ||
    otherNs !== undefined ||
    iw?.certain ||
    (allowed && !allowed.includes(kind) && !(kind === 'name' && allowed.includes('temp')))
  ) {
    const why = noName
      ? "it is the User namespace's prefix without a name"
      : afterPrefix !== undefined
        ? `after the User namespace's prefix, not a valid user name: ${afterPrefix}`
        : otherNs !== undefined
          ? `"${otherNs}:" puts it in another namespace than User, and a user name is a page in the User namespace`
          : iw?.certain
            ? `"${iw.prefix}:" is an interwiki prefix of ${interwikiHolder(ctx.catalogue)}, so it names a page of another wiki (a user of another wiki is written with ">": prefix>Name)`
            : kind === undefined
              ? `not a valid user name: ${userNameProblem(normaliseUserName(v)) ?? 'MediaWiki refuses it'}`
              : `a ${kind === 'id' ? 'user ID' : kind === 'cidr' ? 'IP range' : kind === 'ip' ? 'IP address' : kind + ' name'} is not accepted here (accepted: ${(allowed ?? []).join(', ')})`;
    ctx.add(
      'baduser',
      s,
      e,
      `Invalid value ${quote(v)} for user parameter "${wire}": ${why}. Give a user name${allowed?.includes('ip') ? ' or IP address' : ''}.`,
      { param: wire, value: v },
    );
  }
  return;
}

/**
 * Why the name after a prefix naming the User namespace (or an alias of it, as the catalogue knows
 * them) is not valid, or undefined (no such prefix, a valid name, an address or range): UserDef parses
 * the value as a title in the User namespace, and the rest must pass UserNameUtils::isValid.
 */
function userPrefixRestProblem(v: string, catalogue: QueryCheck['catalogue']): string | undefined {
  if (v.indexOf(':') < 0) return undefined;
  const t = v.replace(/_/g, ' ').trim();
  const colon = t.indexOf(':');
  if (colon <= 0 || catalogue.findNamespaceByName(t.slice(0, colon).trim())?.id !== 2) return undefined;
  const rest = normaliseUserName(t.slice(colon + 1));
  const kind = rest === '' ? undefined : userKind(rest);
  if (kind === 'ip' || kind === 'cidr' || kind === 'name') return undefined;
  return userNameProblem(rest) ?? 'MediaWiki refuses it';
}

/** `User:` (or an alias of the User namespace) with nothing after it. */
function userPrefixOnly(v: string, catalogue: QueryCheck['catalogue']): boolean {
  if (v.indexOf(':') < 0) return false;
  const t = v.replace(/_/g, ' ').trim();
  const colon = t.indexOf(':');
  return colon > 0 && t.slice(colon + 1).trim() === '' && catalogue.findNamespaceByName(t.slice(0, colon))?.id === 2;
}

function isValidTitle(v: string): boolean {
  const parts = splitFragment(v);
  if (parts.fragment !== undefined && parts.title.trim() === '') return true; // "#Section": a link within the page
  const t = parts.title.replace(/_/g, ' ').trim();
  if (titlePathProblem(t)) return false;
  if (t === '' || t === ':' || ILLEGAL_TITLE.test(t)) return false;
  if (t === '.' || t === '..' || t.startsWith('./') || t.startsWith('../') || t.includes('/./') || t.includes('/../')) return false;
  return !t.includes('~~~');
}

export function checkTitleValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  _itemIndex: number,
): void {
  // TitleDef: Title::newFromText must accept it.
  if (!isValidTitle(v)) {
    ctx.add(
      'badtitle',
      s,
      e,
      `Invalid value ${quote(v)} for title parameter "${wire}": not a valid title string. Remove the characters # < > [ ] | { } and percent-escapes from the title.`,
      { param: wire, value: v },
    );
  }
  return;
}
