/**
 * How many parts ApiQueryBacklinksprop::run (prop=linkshere, transcludedin, redirects, fileusage) reads from its
 * continue value, when the request alone decides it. The module sorts by: the target namespace if the
 * page set spans several namespaces, the target title if it holds several titles (by database key,
 * whatever their namespaces), the source namespace if its from-namespace parameter lists several, and
 * the source page id; the continue value has one part per sort field.
 *
 * Known here: a page set named by `titles=` alone, and one page named by a single `pageids=` or `revids=`
 * value (one namespace, one title: the value is then the from-fields alone; read only when that page or
 * revision exists, as ApiPageSet keeps a missing page id or revision out of the pages). Several ids, a
 * generator, `redirects` or `converttitles` make the pages the wiki's to decide. A module that is itself
 * the generator (`generator=linkshere`) reads the pages of `titles=`, `pageids=` or `revids=` (the page set
 * ApiPageSet builds for the generator), so `generator` then names none of its pages. A title is counted only
 * when its normal form is certain (printable ASCII, its prefix one of the wiki's namespaces ≥ 0 or none,
 * no colon otherwise, so no interwiki prefix); else the count is unknown and only the looser rule judges
 * the value.
 */
import { cutText } from '../../../../common/cutText';
import type { QueryCheck } from './wikiCheckTypes';
import { getValueItems } from './wikiQueryParser';
import { interwikiOf, splitFragment, titleProblem } from './wikiTitleRules';

const UNKNOWN_PAGE_SET = ['pageids', 'revids', 'generator', 'redirects', 'converttitles'];
/** What names the pages besides a single id: with any of them the page set is not one page by id. */
const NOT_ONE_ID = ['titles', 'generator', 'redirects', 'converttitles'];
const ONE_ID = /^[1-9]\d{0,9}$/;

/** Whether a parameter of `names` makes the module's pages unknown; `generator` does not when the module is the generator. */
function anyGiven(ctx: QueryCheck, names: readonly string[], asGenerator: boolean): boolean {
  return names.some((n) => ctx.present.has(n) && !(asGenerator && n === 'generator'));
}
const SAFE_TITLE = /^[\x20-\x7e]*$/;

/** A title's namespace id and key (first letter upper case), undefined when that is not certain. */
function titleKey(v: string, ctx: QueryCheck): { ns: number; key: string; written: string } | undefined {
  const t = splitFragment(v).title.replace(/[_ ]+/g, ' ').trim().replace(/^:\s*/, '');
  if (!SAFE_TITLE.test(t) || /[%&+]/.test(t)) return undefined;
  const colon = t.indexOf(':');
  let ns = 0;
  let rest = t;
  if (colon >= 0) {
    const found = ctx.catalogue.findNamespaceByName(t.slice(0, colon).trim());
    if (!found || found.id < 0) return undefined;
    ns = found.id;
    rest = t.slice(colon + 1).trim();
    if (rest.includes(':')) return undefined;
  }
  return { ns, key: rest.charAt(0).toUpperCase() + rest.slice(1), written: rest };
}

/**
 * Whether `titles=` alone names the pages and one of them is certainly in namespace `ns` (fileusage keeps
 * only File: pages, then returns before reading its continue value when none is left).
 */
export function titlesNameNamespace(ctx: QueryCheck, ns: number, asGenerator: boolean): boolean {
  if (anyGiven(ctx, UNKNOWN_PAGE_SET, asGenerator)) return false;
  const p = ctx.present.get('titles');
  if (!p || p.value === '') return false;
  return getValueItems(ctx.text, p).some((i) => titleProblem(i.text, ctx.catalogue) === undefined && titleKey(i.text, ctx)?.ns === ns);
}

/** The id parameter (`pageids` or `revids`) when it alone names the pages and holds one id; else undefined. */
export function singleIdOfPageSet(ctx: QueryCheck, asGenerator: boolean): { wire: string; id: string } | undefined {
  const ids = ctx.present.get('pageids');
  const revs = ctx.present.get('revids');
  const p = ids && !revs ? ids : revs && !ids ? revs : undefined;
  if (!p || anyGiven(ctx, NOT_ONE_ID, asGenerator)) return undefined;
  const items = getValueItems(ctx.text, p);
  if (items.length !== 1 || !ONE_ID.test(items[0].text)) return undefined;
  return { wire: p === ids ? 'pageids' : 'revids', id: items[0].text };
}

/** The distinct namespaces and keys of `titles=` (only those in `toNamespace` when given), undefined when any valid title's form is uncertain. */
function pageSetOfTitles(
  ctx: QueryCheck,
  toNamespace: number | undefined,
  asGenerator: boolean,
): { namespaces: number; keys: number } | undefined {
  // One page by id: one namespace and one title, in a namespace not known here (so not for fileusage).
  if (toNamespace === undefined && singleIdOfPageSet(ctx, asGenerator)) return { namespaces: 1, keys: 1 };
  if (anyGiven(ctx, UNKNOWN_PAGE_SET, asGenerator)) return undefined;
  const p = ctx.present.get('titles');
  if (!p || p.value === '') return undefined;
  const namespaces = new Set<number>();
  const keys = new Map<string, string>();
  for (const item of getValueItems(ctx.text, p)) {
    if (titleProblem(item.text, ctx.catalogue) !== undefined) continue;
    const k = titleKey(item.text, ctx);
    if (!k) return undefined;
    if (toNamespace !== undefined && k.ns !== toNamespace) continue;
    // `alpha` and `Alpha` are one page only where the namespace capitalises: the wiki decides.
    const seen = keys.get(`${k.ns}:${k.key}`);
    if (seen !== undefined && seen !== k.written) return undefined;
    keys.set(`${k.ns}:${k.key}`, k.written);
    namespaces.add(k.ns);
  }
  if (namespaces.size === 0) return undefined;
  return { namespaces: namespaces.size, keys: new Set([...keys.keys()].map((k) => k.slice(k.indexOf(':') + 1))).size };
}

/** Whether the from-namespace parameter lists several namespaces; undefined when not certain. */
function severalFromNamespaces(ctx: QueryCheck, wire: string): boolean | undefined {
  const p = ctx.present.get(wire);
  if (!p) return false;
  const items = getValueItems(ctx.text, p).map((i) => i.text);
  if (items.length === 1 && items[0] === '*') return ctx.catalogue.namespaces.filter((ns) => ns.id >= 0).length > 1;
  const ids = new Set(ctx.catalogue.namespaces.filter((ns) => ns.id >= 0).map((ns) => String(ns.id)));
  // An unknown, repeated or empty value changes what the module receives: not judged here.
  if (items.length === 0 || items.some((v) => !ids.has(v)) || new Set(items).size !== items.length) return undefined;
  return items.length > 1;
}

/** The sort fields' kinds (`int` or `title`) in continue order, or undefined when the request does not decide them. */
export function backlinksSortFields(
  ctx: QueryCheck,
  fromNamespaceWire: string | undefined,
  toNamespace: number | undefined,
  asGenerator: boolean,
): ('int' | 'title')[] | undefined {
  const set = pageSetOfTitles(ctx, toNamespace, asGenerator);
  if (!set) return undefined;
  const fromNs = fromNamespaceWire === undefined ? false : severalFromNamespaces(ctx, fromNamespaceWire);
  if (fromNs === undefined) return undefined;
  const fields: ('int' | 'title')[] = [];
  // A module of one target namespace (fileusage: File) has no namespace field.
  if (toNamespace === undefined && set.namespaces > 1) fields.push('int');
  if (set.keys > 1) fields.push('title');
  if (fromNs) fields.push('int');
  fields.push('int');
  return fields;
}

/**
 * Several ids in `pageids=` or `revids=` alone: the pages found are the wiki's to decide, but the continue value
 * still has the from-fields last, after at most a namespace field (when the pages span namespaces) and a title
 * field (when they hold several titles). What is wrong with `value` whatever pages exist, or undefined
 * (also when the request does not name the pages that way). Not for a module of one target namespace
 * (fileusage keeps File: pages only, which no id tells).
 */
export function severalIdsProblem(
  ctx: QueryCheck,
  fromNamespaceWire: string | undefined,
  int: RegExp,
  value: string,
  asGenerator: boolean,
): string | undefined {
  const ids = severalIdsOfPageSet(ctx, asGenerator);
  if (!ids) return undefined;
  const fromNs = fromNamespaceWire === undefined ? false : severalFromNamespaces(ctx, fromNamespaceWire);
  if (fromNs === undefined) return undefined;
  const from = fromNs ? 2 : 1;
  const parts = value.split('|');
  const n = parts.length;
  const fromOk = parts.slice(n - from).every((p) => int.test(p));
  if (n >= from && n <= from + 2 && fromOk && (n < from + 2 || int.test(parts[0]))) return undefined;
  const tail = fromNs ? 'int|int' : 'int';
  const noun = ids.wire === 'pageids' ? 'pages' : 'revisions';
  return (
    `With several ${noun} (${ids.wire}=${shownIds(ids.written, ids.count)}) the value has ${from} to ${from + 2} parts: [int|][title|]${tail} ` +
    `(a namespace field when the pages found span namespaces, a title field when they hold several titles). ` +
    `The wiki reads it only when one of those ${noun} exists.`
  );
}

/** The ids as written shown in a message up to this many characters (a request may give 100,000 of them). */
const MAX_SHOWN_IDS = 100;

/** `written` (`count` ids) for a message: cut after MAX_SHOWN_IDS characters, with the count of ids when cut. */
function shownIds(written: string, count: number): string {
  return written.length > MAX_SHOWN_IDS ? `${cutText(written, MAX_SHOWN_IDS)}, ${count.toLocaleString('en-US')} ids` : written;
}

/** The id parameter when it alone names the pages and holds several ids (each a valid id); else undefined. */
function severalIdsOfPageSet(ctx: QueryCheck, asGenerator: boolean): { wire: string; written: string; count: number } | undefined {
  const ids = ctx.present.get('pageids');
  const revs = ctx.present.get('revids');
  const p = ids && !revs ? ids : revs && !ids ? revs : undefined;
  if (!p || anyGiven(ctx, NOT_ONE_ID, asGenerator)) return undefined;
  const items = getValueItems(ctx.text, p);
  if (items.length < 2 || !items.every((i) => ONE_ID.test(i.text))) return undefined;
  return { wire: p === ids ? 'pageids' : 'revids', written: p.value, count: items.length };
}

/** A part PHP's `strval( (int)$v ) === $v` accepts: an integer written as PHP prints it. */
const PHP_INT = /^(?:0|-?[1-9]\d*)$/;

/**
 * ApiQueryDeletedrevs::execute (1.39, 1.43, 1.45): the module lists the deleted revisions of its pages when the
 * page set holds any (getPages(): good and missing titles; invalid and interwiki titles are not pages), else of
 * the user `userWire` names when given, else of all pages; the continue value is timestamp|id for the user's,
 * namespace|title|timestamp|id otherwise, each int part as PHP prints it (dieContinueUsageIf( count( $cont ) != …
 * ), strval( (int) ) !== part). What is wrong with `value` when the request decides the form; undefined when it is
 * right or the form is the wiki's to decide (pageids=, revids= or a generator with the user given: whether a page
 * is found). The timestamp part is judged when `timestamps` (1.43 and later: parseContinueParamOrDie); before,
 * 1.39 failed on it with an internal error, left to the wiki.
 */
export function deletedrevsContinueProblem(ctx: QueryCheck, userWire: string, value: string, timestamps = false): string | undefined {
  const byUser = ctx.present.has(userWire) ? userModeOfPageSet(ctx) : false;
  if (byUser === undefined) return undefined;
  const parts = value.split('|');
  const ok = byUser ? parts.length === 2 && PHP_INT.test(parts[1]) : parts.length === 4 && PHP_INT.test(parts[0]) && PHP_INT.test(parts[3]);
  if (!ok)
    return byUser
      ? `With ${userWire} and no pages, the module lists that user's deleted revisions: the value has 2 parts, timestamp|id.`
      : `The module lists the deleted revisions of ${ctx.present.has(userWire) ? 'its pages (they come before ' + userWire + ')' : 'its pages or of all pages'}: the value has 4 parts, namespace|title|timestamp|id.`;
  const ts = parts[byUser ? 0 : 2];
  if (!timestamps || databaseTimestamp(ts)) return undefined;
  return `Its timestamp part "${ts}" is not one the database writes: 14 digits of a real date and time, YYYYMMDDHHMMSS (20240101000000).`;
}

/**
 * Whether a continue value's timestamp part is what the wiki's database writes, as ApiBase::parseContinueParamOrDie
 * (1.43, 1.45) compares it with IDatabase::timestamp( part ): on MySQL and SQLite 14 digits (TS_MW) of a real
 * proleptic Gregorian date (year 0000 too; 20230229000000 is refused, 20240229000000 is not), hours to 23, minutes
 * and seconds to 59. PostgreSQL writes `YYYY-MM-DD HH:MM:SS+00` (TS_POSTGRES): which database a wiki runs is not
 * known, so that form is not refused either.
 */
function databaseTimestamp(ts: string): boolean {
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00$/.test(ts)) return true;
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(ts);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

/** With the user given: true when no page is named (the user's mode), false when a page is, undefined when the wiki decides. */
function userModeOfPageSet(ctx: QueryCheck): boolean | undefined {
  if (anyGiven(ctx, ['pageids', 'revids', 'generator'], false)) return undefined;
  const p = ctx.present.get('titles');
  if (!p || p.value === '') return true;
  let page = false;
  for (const item of getValueItems(ctx.text, p)) {
    if (titleProblem(item.text, ctx.catalogue) !== undefined) continue;
    const iw = interwikiOf(item.text, ctx.catalogue);
    if (iw === undefined) page = true;
    else if (!iw.certain) return undefined;
  }
  return !page;
}
