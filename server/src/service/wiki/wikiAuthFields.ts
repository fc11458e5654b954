/**
 * The fields of AuthManager's authentication requests that a module reads beyond its paraminfo parameters (the
 * `readsFields` rules of action-constraints.json), as hover and completion show them: which request declares each,
 * on which step, and whether only a wiki with an extension or a logged-in sender has it read.
 */
import type { ActionRule } from './wikiActionConstraints';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiModule } from './wikiTypes';
import { markdownCode as code } from '../markdown';

/** One field and the readsFields rules that name it, in data order. */
export interface AuthField {
  name: string;
  rules: readonly ActionRule[];
}

const FIELDS = new WeakMap<readonly ActionRule[], readonly AuthField[]>();

/** The fields `am` reads without its prefix (none for most modules), made once per rule list. */
export function authFieldsOf(catalogue: WikiCatalogue, am: WikiModule): readonly AuthField[] {
  const rules = catalogue.actionRulesOf(am.name);
  let kept = FIELDS.get(rules);
  if (kept === undefined) {
    const byName = new Map<string, ActionRule[]>();
    for (const r of rules) if (r.kind === 'readsFields') for (const f of r.fields!) byName.set(f, [...(byName.get(f) ?? []), r]);
    FIELDS.set(rules, (kept = [...byName].map(([name, rs]) => ({ name, rules: rs }))));
  }
  return kept;
}

/** The field `name` of `am`, when one of its readsFields rules names it. */
export function authFieldOf(catalogue: WikiCatalogue, am: WikiModule, name: string): AuthField | undefined {
  return authFieldsOf(catalogue, am).find((f) => f.name === name);
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
