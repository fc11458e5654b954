/**
 * One value (or one item of a multi-value) against its parameter's type: ParamValidator's TypeDefs
 * for enums, namespaces, integers and limits, strings; the written forms (timestamps, users, titles)
 * are in wikiValidationForms.ts, limits and expiries in wikiParamLimits.ts.
 */
import { DiagnosticTag } from 'vscode-languageserver-types';
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiParam, WikiParamDescriptor } from './wikiTypes';
import { didYouMean } from './wikiDidYouMean';
import { isRightsList, type ReleasedValue } from './wikiVersions';
import { builtinVersionFacts, developmentLineNote } from './wikiBuiltinVersions';
import { checkLimitsAndExpiry } from './wikiParamLimits';
import { itemRemovalAt } from './wikiValidationRemoval';
import { checkTimestampValue, checkTitleValue, checkUserValue, quote } from './wikiValidationForms';

const INTEGER = /^[+-]?\d+$/;

function listValues(values: readonly string[], max = 12): string {
  const shown = values.slice(0, max).map((v) => (v === '' ? '(empty)' : v));
  return shown.join(', ') + (values.length > max ? `, … (${values.length - max} more)` : '');
}

/**
 * Checks one value (or one item of a multi-valued parameter) against its parameter's type:
 * `itemIndex` is the item's index, or -1 for a single value.
 */
export type ValueChecker = (
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  itemIndex: number,
) => void;

function checkEnumValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  itemIndex: number,
): void {
  const multi = itemIndex >= 0;
  const values = d.values ?? [];
  if (ctx.catalogue.enumSetOf(d).has(v)) {
    if (d.deprecatedvalues?.includes(v)) {
      ctx.add(
        'deprecation',
        s,
        e,
        `The value "${v}" to parameter "${wire}" has been deprecated. Remove it or use another value.`,
        { param: wire, value: v },
        { remove: multi ? itemRemovalAt(ctx.text, p, itemIndex) : undefined, tags: [DiagnosticTag.Deprecated] },
      );
    }
    unreleasedRight(ctx, d, wire, v, s, e);
    return;
  }
  const released = releasedValueOf(ctx, d, v);
  if (released?.accepted) return;
  const path = released ? undefined : ctx.catalogue.moduleOfDescriptor(d)?.path;
  const newer = path === undefined ? undefined : developmentLineNote(ctx.catalogue, path, d.name, v);
  badEnumValue(
    ctx,
    d,
    wire,
    v,
    s,
    e,
    multi,
    values,
    multi ? itemRemovalAt(ctx.text, p, itemIndex) : undefined,
    undefined,
    released
      ? `${released.note} Allowed values: ${listValues(values)}.`
      : newer
        ? `${newer} Allowed values: ${listValues(values)}.`
        : undefined,
  );
  return;
}

/**
 * The untargeted built-in catalogue describes the newest MediaWiki (the 1.46 development line's query modules,
 * 1.45.0's other modules): a value it does not list that the newest built-in release (1.45.0) accepts is
 * accepted, and one only older releases accept keeps its warning, naming them. Submodule names (`prop=extracts`)
 * are left alone: the recorded releases list their wikis' extension modules there. Other catalogues (a wiki's,
 * a version target's) are their wiki's word.
 */
function releasedValueOf(ctx: QueryCheck, d: WikiParamDescriptor, v: string): ReleasedValue | undefined {
  if (ctx.catalogue.source !== 'built-in' || d.submodules) return undefined;
  const m = ctx.catalogue.moduleOfDescriptor(d);
  return m ? builtinVersionFacts()?.releasedValue(m.path, d.name, v) : undefined;
}

/**
 * A right the untargeted built-in catalogue lists that no built-in release has as installed (ConfirmEdit's
 * `skipcaptcha`: the 1.46 line's description was taken from a wiki with extensions): a wiki without the extension
 * (or older than the line) drops it with the warning `unrecognizedvalues` (PermissionManager::getAllPermissions
 * lists only the rights the wiki has; checked on 1.45.0 and 1.43.3), so the verdict depends on the wiki: an
 * information with the server's code, naming how to judge it.
 */
function unreleasedRight(ctx: QueryCheck, d: WikiParamDescriptor, wire: string, v: string, s: number, e: number): void {
  if (ctx.catalogue.source !== 'built-in' || !isRightsList(d.values)) return;
  const m = ctx.catalogue.moduleOfDescriptor(d);
  const facts = builtinVersionFacts();
  const presence = m && facts?.valuePresence(m.path, d.name, v);
  if (!facts || !presence || presence.present.length) return;
  ctx.add(
    'unrecognizedvalues',
    s,
    e,
    `"${v}" is a right no MediaWiki release has as installed (absent from ${facts.shorts.join(', ')}): an extension's, or new in the ${ctx.catalogue.mediaWikiVersion ?? 'newest'} development line. A wiki without it warns (Unrecognized value for parameter "${wire}": ${v}) and ignores it; give the wiki's api.php URL to judge it.`,
    { param: wire, value: v },
    { severity: 'information' },
  );
}

function checkNamespaceValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  itemIndex: number,
): void {
  const multi = itemIndex >= 0;
  if (ctx.catalogue.isNamespaceValueOf(d, v)) return;
  const ids = ctx.catalogue.namespaceValuesOf(d).list;
  let suggestion: string | undefined;
  const byName = ctx.catalogue.findNamespaceByName(v);
  if (byName && ids.includes(String(byName.id))) suggestion = String(byName.id);
  // Without the wiki's siteinfo the catalogue knows only MediaWiki's default namespaces: say so.
  const assumed = ctx.catalogue.siteinfoOf;
  const known = assumed
    ? ` (Checked against the namespaces of ${assumed}; a wiki's own namespaces are checked with its api.php URL.)`
    : ctx.catalogue.namespacesFromSiteinfo
      ? ''
      : " (Checked against MediaWiki's default namespaces; set wikimapQuery.wiki.apiUrl to check against this wiki's own.)";
  badEnumValue(
    ctx,
    d,
    wire,
    v,
    s,
    e,
    multi,
    ids,
    multi ? itemRemovalAt(ctx.text, p, itemIndex) : undefined,
    suggestion,
    byName ? `Namespaces are given by number: ${v || '(main)'} is ${byName.id}.` : `Use a namespace number: ${listValues(ids)}.${known}`,
  );
  return;
}

function checkIntegerValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  _itemIndex: number,
): void {
  if (d.type === 'limit' && v === 'max') return;
  if (!INTEGER.test(v)) {
    const hint = d.type === 'limit' ? 'Give a whole number, or "max" for the highest allowed.' : 'Give a whole number.';
    ctx.add('badinteger', s, e, `Invalid value ${quote(v)} for integer parameter "${wire}". ${hint}`, {
      param: wire,
      value: v,
      replacement: d.type === 'limit' && /^max$/i.test(v) ? 'max' : undefined,
    });
    return;
  }
  // IntegerDef: values PHP cannot hold as a 64-bit integer are badinteger too.
  // (Up to 15 digits always fits: skip the BigInt for the usual short numbers.)
  const big = v.length > 15 ? BigInt(v) : 0n;
  if (big > 9223372036854775807n || big < -9223372036854775808n) {
    ctx.add(
      'badinteger',
      s,
      e,
      `Invalid value ${quote(v)} for integer parameter "${wire}": the number is too large. Give a smaller whole number.`,
      { param: wire, value: v },
    );
    return;
  }
  checkIntegerRange(ctx, d, wire, v, s, e);
  return;
}

/**
 * IntegerDef/LimitDef's range: the server clamps (outofrange warning), or rejects with enforcerange. As
 * IntegerDef::validate: the minimum is checked first, then the maximum (with apihighlimits the high maximum, which
 * IntegerDef::normalizeSettings raises to the maximum when under it). A catalogue whose minimum is above its
 * maximum (no wiki's, a hostile one's) gets the same verdicts, and the message says so, never "between 10 and 5".
 */
function checkIntegerRange(ctx: QueryCheck, d: WikiParamDescriptor, wire: string, v: string, s: number, e: number): void {
  const n = Number(v);
  // LimitDef defaults PARAM_MIN to 0.
  const min = d.min ?? (d.type === 'limit' ? 0 : undefined);
  const max = d.type === 'limit' && ctx.highLimits && d.highmax !== undefined && d.max !== undefined ? Math.max(d.highmax, d.max) : d.max;
  const severity = d.enforcerange ? 'error' : undefined;
  const clamp = d.enforcerange ? 'The wiki rejects it' : 'The wiki uses';
  if (min !== undefined && n < min) {
    ctx.add(
      'outofrange',
      s,
      e,
      `${rangeText(v, wire, min, max)} ${d.enforcerange ? `${clamp}: use ${min} or more.` : `${clamp} ${min} instead; write ${min} to say so.`}`,
      { param: wire, value: v, replacement: String(min) },
      { severity },
    );
  } else if (max !== undefined && n > max) {
    const more =
      d.type === 'limit' && !ctx.highLimits && d.highmax && d.highmax > max
        ? ` (${d.highmax} for accounts with apihighlimits: set wikimapQuery.wiki.highLimits if the program sending this query logs in with one; Run Query sends it anonymously)`
        : '';
    ctx.add(
      'outofrange',
      s,
      e,
      `${rangeText(v, wire, min, max, more)} ${d.enforcerange ? `${clamp}: use ${max} or less.` : `${clamp} ${max} instead; write ${d.type === 'limit' ? '"max"' : max} to say so.`}`,
      { param: wire, value: v, replacement: d.type === 'limit' ? 'max' : String(max) },
      { severity },
    );
  }
}

function rangeText(v: string, wire: string, min: number | undefined, max: number | undefined, note = ''): string {
  if (min !== undefined && max !== undefined && min > max) {
    // No value is in range: say the bound the value passed, and why there is no range to give.
    const bound = Number(v) < min ? `no less than ${min}` : `no greater than ${max}`;
    return `The value "${v}" for parameter "${wire}" must be ${bound}${note}; the catalogue gives it a minimum (${min}) above its maximum (${max}), so no value is in range.`;
  }
  if (min !== undefined && max !== undefined) return `The value "${v}" for parameter "${wire}" must be between ${min} and ${max}${note}.`;
  if (min !== undefined) return `The value "${v}" for parameter "${wire}" must be no less than ${min}${note}.`;
  return `The value "${v}" for parameter "${wire}" must be no greater than ${max}${note}.`;
}

function checkStringValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  itemIndex: number,
): void {
  const multi = itemIndex >= 0;
  if (!multi && d.required && v === '') {
    ctx.add('missingparam', p.range.start, p.range.end, `The "${wire}" parameter must be set: give it a value.`, {
      param: wire,
      addParam: wire,
    });
  }
  return;
}

/** The value check of each parameter type (ParamValidator's TypeDefs); other types take any value. */
const VALUE_CHECKS: ReadonlyMap<unknown, ValueChecker> = new Map<unknown, ValueChecker>([
  ['enum', checkEnumValue],
  ['namespace', checkNamespaceValue],
  ['integer', checkIntegerValue],
  ['limit', checkIntegerValue],
  ['timestamp', checkTimestampValue],
  ['user', checkUserValue],
  ['title', checkTitleValue],
  ['string', checkStringValue],
  ['text', checkStringValue],
  ['raw', checkStringValue],
  ['NULL', checkStringValue],
]);

export function checkScalar(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  /** Index of the value item (multi-valued parameters), or -1 for a single value. */
  itemIndex: number,
): void {
  if (checkLimitsAndExpiry(ctx, d, wire, v, s, e)) return;
  const check = VALUE_CHECKS.get(d.type);
  if (check !== undefined) check(ctx, p, d, wire, v, s, e, itemIndex);
}

function badEnumValue(
  ctx: QueryCheck,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  multi: boolean,
  values: readonly string[],
  remove: { start: number; end: number } | undefined,
  suggestion: string | undefined,
  extra?: string,
): void {
  suggestion ??= ctx.full ? didYouMean(v, values) : undefined;
  const shown = v === '' ? '(empty)' : v;
  const tail = extra ?? (suggestion ? `Did you mean "${suggestion}"?` : `Allowed values: ${listValues(values)}.`);
  if (multi) {
    const allValue = d.allspecifier ?? (d.type === 'namespace' ? '*' : undefined);
    const all = allValue !== undefined && v === allValue ? ` "${v}" stands for all values and must be used alone.` : '';
    ctx.add(
      'unrecognizedvalues',
      s,
      e,
      `Unrecognized value for parameter "${wire}": ${shown}; the wiki ignores it.${all} ${all ? `Remove "${v}" or the other values.` : tail}`,
      { param: wire, value: v, suggestion },
      { remove },
    );
    return;
  }
  const pipe = v.includes('|') ? ` "${wire}" accepts only one value.` : '';
  ctx.add('badvalue', s, e, `Unrecognized value for parameter "${wire}": ${quote(shown)}.${pipe} ${tail}`, {
    param: wire,
    value: v,
    suggestion,
  });
}
