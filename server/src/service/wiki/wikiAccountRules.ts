/**
 * Verdicts that depend on the account a wiki was signed in to (`account` rules of action-constraints.json):
 * ApiMain::checkAsserts compares assert=bot with the account's rights and assertuser with its name. The
 * account is known only when the catalogue was loaded signed in (meta=userinfo); else nothing is judged.
 */
import type { ActionRule } from './wikiActionConstraints';
import type { QueryCheck } from './wikiCheckTypes';

/**
 * A user name as MediaWiki compares it (User::getCanonicalName: `_` is a space, runs of blanks one
 * space, trimmed, first letter upper case), or undefined when its normal form is not certain here
 * (letters outside ASCII: case and Unicode normalisation are the wiki's).
 */
function userNameKey(name: string): string | undefined {
  const n = name.replace(/[_ ]+/g, ' ').trim();
  if (n === '' || !/^[\x20-\x7e]*$/.test(n)) return undefined;
  return n.charAt(0).toUpperCase() + n.slice(1);
}

/** Whether an `account` rule holds for the signed-in account; false when the account is not known. */
export function accountRuleHolds(ctx: QueryCheck, account: NonNullable<ActionRule['account']>): boolean {
  const signedIn = ctx.catalogue.account;
  if (signedIn === undefined) return false;
  if (account.lacksRight !== undefined && signedIn.rights.has(account.lacksRight)) return false;
  if (account.otherThan !== undefined) {
    const p = ctx.present.get(account.otherThan);
    if (p === undefined) return false;
    const asked = userNameKey(p.value);
    const own = userNameKey(signedIn.name);
    if (asked === undefined || own === undefined || asked === own) return false;
  }
  return true;
}
