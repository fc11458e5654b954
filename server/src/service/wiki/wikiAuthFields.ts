/**
 * The fields of AuthManager's authentication requests that a module reads beyond its paraminfo parameters (the
 * `readsFields` rules of action-constraints.json), as hover and completion show them: which request declares each,
 * on which step, and whether only a wiki with an extension or a logged-in sender has it read.
 */
import { fieldRulesOf, type ActionRule } from './wikiActionConstraints';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiModule } from './wikiTypes';
import { markdownCode as code } from '../markdown';

/** One field and the readsFields rules that name it, in data order. */
export interface AuthField {
  name: string;
  rules: readonly ActionRule[];
}

/** The fields `am` reads without its prefix (none for most modules), in data order. */
export function authFieldsOf(catalogue: WikiCatalogue, am: WikiModule): readonly AuthField[] {
  return Array.from(fieldRulesOf(catalogue.actionRulesOf(am.name)), ([name, rules]) => ({ name, rules }));
}

/** The field `name` of `am`, when one of its readsFields rules names it. */
export function authFieldOf(catalogue: WikiCatalogue, am: WikiModule, name: string): AuthField | undefined {
  const rules = fieldRulesOf(catalogue.actionRulesOf(am.name)).get(name);
  return rules && { name, rules };
}

/** A rule's request names, shortest form (`PasswordAuthenticationRequest`). */
function requestNames(r: ActionRule): string {
  return r.requests!.map((id) => code(id.slice(id.lastIndexOf('\\') + 1))).join(' or ');
}

/** When a rule's field is read, in a phrase. */
function whenRead(am: WikiModule, r: ActionRule): string {
  const step = r.continue
    ? `on a later step (with ${code(am.prefix + 'continue')}), when the wiki's previous answer asks for it`
    : 'on the first step';
  const who = r.extension ? `, on a wiki with the extension ${r.extension}` : r.loggedIn ? ', when the request is sent logged in' : '';
  return `${step}${who}`;
}

/** Short detail line of a completion item: "AuthManager field · PasswordAuthenticationRequest". */
export function authFieldDetail(field: AuthField): string {
  const names = [...new Set(field.rules.flatMap((r) => r.requests!.map((id) => id.slice(id.lastIndexOf('\\') + 1))))];
  const ext = [...new Set(field.rules.flatMap((r) => (r.extension ? [r.extension] : [])))];
  return ['AuthManager field', names.join(', '), ...ext].join(' · ');
}

/** The hover (markdown) of a field of `am`. */
export function describeAuthField(am: WikiModule, field: AuthField): string {
  const narrowing = am.paramByName.has('requests') ? 'requests' : am.paramByName.has('request') ? 'request' : undefined;
  const lines = [
    `${code(field.name)} — a field of AuthManager's authentication requests that ${code(`action=${am.name}`)} reads without its prefix (not listed by paraminfo: ApiAuthManagerHelper::loadAuthenticationRequests marks it used).`,
    '',
    ...field.rules.map((r) => `- Declared by ${requestNames(r)}: read ${whenRead(am, r)}.`),
  ];
  if (field.rules.some((r) => r.sensitive?.includes(field.name)))
    lines.push(`- **Secret**: the wiki requires it in the POST body (${code('mustpostparams')} when it is in the URL).`);
  if (narrowing) lines.push(`- With ${code(am.prefix + narrowing)}, read only when it names the request that declares it.`);
  return lines.join('\n');
}
