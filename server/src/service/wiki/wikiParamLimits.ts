/**
 * The validator's hook for StringDef's length limits (wikiStringLimits.ts) and ExpiryDef's values
 * (wikiExpiryValue.ts): called once per scalar value (each value of a multi-valued parameter).
 */
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiParamDescriptor } from './wikiTypes';
import { stringLimitProblem } from './wikiStringLimits';
import { EXPIRY_HELP, expiryProblem } from './wikiExpiryValue';
import { ruleHoldsFor } from './wikiConstraintRules';

/** Report a too-long string or a bad expiry; true when the value was reported (no further checks). */
export function checkLimitsAndExpiry(ctx: QueryCheck, d: WikiParamDescriptor, wire: string, v: string, s: number, e: number): boolean {
  if (d.type === 'expiry') {
    // ExpiryDef::isInMwRange (the year-9999 limit) is in MediaWiki 1.45's source, not in 1.39's.
    const bad = expiryProblem(v, Date.now(), { yearLimit: ruleHoldsFor({ since: '1.45' }, ctx.catalogue.mediaWikiVersion) });
    if (!bad) return false;
    const shown = v.length > 60 ? `${v.slice(0, 60)}…` : v;
    const text =
      bad.code === 'badexpiry-past'
        ? `Value "${shown}" for expiry parameter "${wire}" is in the past. Give a time in the future, or "infinite".`
        : `Invalid value "${shown}" for expiry parameter "${wire}": ${bad.why}. Give ${EXPIRY_HELP}.`;
    ctx.add(bad.code, s, e, text, {
      param: wire,
      value: v,
      replacement:
        bad.code === 'badexpiry' && /^(infinite|indefinite|infinity|never)$/i.test(v.trim()) ? v.trim().toLowerCase() : undefined,
    });
    return true;
  }
  if (d.maxbytes === undefined && d.maxchars === undefined) return false;
  const too = stringLimitProblem(d, wire, v);
  if (!too) return false;
  ctx.add(too.code, s, e, too.message, { param: wire, value: v.length > 200 ? undefined : v });
  return true;
}
