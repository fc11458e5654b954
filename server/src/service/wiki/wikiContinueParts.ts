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
 * generator, `redirects` or `converttitles` make the pages the wiki's to decide. A title is counted only
 * when its normal form is certain (printable ASCII, its prefix one of the wiki's namespaces ≥ 0 or none,
 * no colon otherwise, so no interwiki prefix); else the count is unknown and only the looser rule judges
 * the value.
 */
import type { QueryCheck } from './wikiCheckTypes';
import { getValueItems } from './wikiQueryParser';
import { splitFragment, titleProblem } from './wikiTitleRules';

const UNKNOWN_PAGE_SET = ['pageids', 'revids', 'generator', 'redirects', 'converttitles'];
/** What names the pages besides a single id: with any of them the page set is not one page by id. */
const NOT_ONE_ID = ['titles', 'generator', 'redirects', 'converttitles'];
const ONE_ID = /^[1-9]\d{0,9}$/;
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
export function titlesNameNamespace(ctx: QueryCheck, ns: number): boolean {
  if (UNKNOWN_PAGE_SET.some((n) => ctx.present.has(n))) return false;
  const p = ctx.present.get('titles');
  if (!p || p.value === '') return false;
  return getValueItems(ctx.text, p).some((i) => titleProblem(i.text, ctx.catalogue) === undefined && titleKey(i.text, ctx)?.ns === ns);
}

/** The id parameter (`pageids` or `revids`) when it alone names the pages and holds one id; else undefined. */
export function singleIdOfPageSet(ctx: QueryCheck): { wire: string; id: string } | undefined {
  const ids = ctx.present.get('pageids');
  const revs = ctx.present.get('revids');
  const p = ids && !revs ? ids : revs && !ids ? revs : undefined;
  if (!p || NOT_ONE_ID.some((n) => ctx.present.has(n))) return undefined;
  const items = getValueItems(ctx.text, p);
  if (items.length !== 1 || !ONE_ID.test(items[0].text)) return undefined;
  return { wire: p === ids ? 'pageids' : 'revids', id: items[0].text };
}

/** The distinct namespaces and keys of `titles=` (only those in `toNamespace` when given), undefined when any valid title's form is uncertain. */
function pageSetOfTitles(ctx: QueryCheck, toNamespace: number | undefined): { namespaces: number; keys: number } | undefined {
  // One page by id: one namespace and one title, in a namespace not known here (so not for fileusage).
  if (toNamespace === undefined && singleIdOfPageSet(ctx)) return { namespaces: 1, keys: 1 };
  if (UNKNOWN_PAGE_SET.some((n) => ctx.present.has(n))) return undefined;
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
): ('int' | 'title')[] | undefined {
  const set = pageSetOfTitles(ctx, toNamespace);
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
