/**
 * Verdicts that depend on the account a wiki was signed in to (`account` rules of action-constraints.json):
 * ApiMain::checkAsserts compares assert=bot with the account's rights and assertuser with its name. The
 * account is known only when the catalogue was loaded signed in (meta=userinfo); else nothing is judged.
 */
import type { ActionRule } from './wikiActionConstraints';
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiQuery } from './wikiTypes';

/**
 * Whether MediaWiki strips the sender's credentials from this request, answering it as an anonymous user
 * whoever sends it (ApiMain::__construct when ApiMain::lacksSameOriginSecurity(): a JSONP request, any
 * `callback` given, or an anonymous cross-origin one, `origin=*`; 1.39, 1.43, 1.45). Such a request is judged
 * as sent without logging in and without high limits, whatever `wiki.loggedIn` or a sign-in says.
 */
export function credentialsStripped(query: WikiQuery): boolean {
  return query.byName.get('callback') !== undefined || query.byName.get('origin')?.value === '*';
}

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

/**
 * Whether an `account` rule holds for the signed-in account; false when the account is not known. A rule
 * with neither `lacksRight` nor `otherThan` holds for any registered account (ApiMain::checkAsserts,
 * assert=anon: `$user->isRegistered()`), so for any request sent logged in, the account known or not (a
 * signed-in catalogue, `wikimapQuery.wiki.loggedIn`, `check --logged-in`).
 */
export function accountRuleHolds(ctx: QueryCheck, account: NonNullable<ActionRule['account']>): boolean {
  if (!ctx.loggedIn) return false;
  if (account.lacksRight === undefined && account.otherThan === undefined) return true;
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

/** Who sends the request logged in, for a message: the account signed in to when known, else the setting that says so. */
export function loggedInSender(ctx: QueryCheck): string {
  const name = ctx.catalogue.account?.name;
  return name !== undefined
    ? `this wiki was signed in to as ${name}`
    : 'the program sending it logs in (wikimapQuery.wiki.loggedIn, check --logged-in, or a sign-in to this wiki)';
}

/** What an `anonymous` verdict's message adds: it holds for a request sent without logging in, or for any sender of one whose credentials MediaWiki strips. */
export function anonymousNote(ctx: QueryCheck, note: string): string {
  if (!credentialsStripped(ctx.query)) return note;
  return `MediaWiki answers this whoever sends the request: with ${ctx.byName.get('callback') !== undefined ? 'callback (JSONP)' : 'origin=*'} it drops the sender's login and answers as a reader who is not logged in.`;
}
