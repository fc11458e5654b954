/**
 * Rules that MediaWiki's top-level modules (parse, compare, expandtemplates, paraminfo, help,
 * opensearch, the feeds, checktoken) enforce in their own code, beyond ParamValidator's generic
 * checks. Data: `descriptors/wiki/action-constraints.json` (schema `action-constraints.schema.json`).
 *
 * Rule kinds (every `params` entry is an unprefixed parameter of `module`):
 * - `onlyOne`     at most one of `params` (the module dies with `code`, naming two of them).
 * - `excludes`    none of `params` together with any of `with` (`code` names the pair).
 * - `atLeastOne`  one of `params` must be given (`code`, message naming them all).
 * - `pattern`     a given value of `params[0]` must match `pattern` (`code`).
 * - `when`        all `conditions` hold → `code` on `params[0]` (or the action).
 * - `modulePaths` each value of `params[0]` must name a module of the catalogue (`main`, `parse`,
 *                 `query+allpages`, `query+*`, `*`).
 * - `endsWith`    a given value of `params[0]` ends with `suffix` (decoded) → `code`.
 * - `hidesWarnings` the module's answer drops every warning (feeds), unless `unless` is given; with
 *                 `errorCode`, `unless` turns warnings into one error of that code (opensearch);
 *                 with `conditions`, only when they all hold (opensearch's JSON, not its XML; query's
 *                 export with exportnowrap, which replaces the API's envelope). When the request
 *                 dies, the error answer comes from ApiMain's error printer, which carries the
 *                 warnings given so far: `keptWhenDying` lists their codes (default: unsupportedarray,
 *                 which ApiMain::getVal gives as each parameter is read).
 * - `titleNamespace` a given title in `params[0]` whose namespace is one of `notNamespaces`
 *                 (a title that cannot exist: Special, Media) → `code`.
 * - `titleValue`  a given value of `params[0]` that Title::newFromText refuses (empty, a character
 *                 titles cannot have, only a namespace, …) → `code` (invalidtitle); `{why}` in the
 *                 message says which.
 * - `readsFields` the module also reads the names in `fields`, without its prefix, beyond its paraminfo
 *                 parameters (AuthManager's authentication requests: ApiAuthManagerHelper::
 *                 loadAuthenticationRequests marks them used): they are not unrecognizedparams; with
 *                 severity information (a field of an extension's request, or one read only for a
 *                 logged-in sender), reported as an information with `message` (`{a}` the name,
 *                 `{extension}` the rule's `extension`). A field of `sensitive` (a password) given in the
 *                 URL is a sensitiveparam: the module requires it in the POST body. `requests` names the
 *                 AuthManager requests that declare the fields: the module's `requests`/`request` parameter,
 *                 when given, keeps only the fields of the requests it names. `continue`: the fields are
 *                 those of a later step (read only with the module's `continue`); without it, of the first
 *                 step (not read with `continue`). `loggedIn`: an information rule whose fields are read,
 *                 silently, when the sender is logged in.
 *
 * Rules of module `main` are ApiMain's own, checked for every action before the module runs; `anonymous`
 * marks a rule that holds only for a request sent without logging in (`assert=user`), and `saysLoggedIn` one
 * whose parameter says the program signs in (an information unless MediaWiki strips the credentials).
 *
 * `diesFirst` lists error codes the module dies with before it reaches a rule (rules are listed in the
 * order the module checks them): when one of them is reported, the rule is not.
 *
 * Every rule says which MediaWiki class and method it mirrors (`mirrors`), the versions it holds
 * for (`since` inclusive, `until` exclusive; a versioned rule applies only where the catalogue knows
 * its wiki's version) and the versions whose real answers check it (`verified`).
 *
 * Pure: parses and checks the shape only.
 */
import { isObject } from '../../../../common/isObject';

export type ActionSeverity = 'error' | 'warning' | 'information';

/** A condition of a `when` rule (all must hold). */
export interface ActionCondition {
  param: string;
  /** Given (any value) / not given. */
  present?: boolean;
  /** Given with exactly this value. */
  equals?: string;
  /** Given, with this among its `|` values. */
  has?: string;
  /** Not given, or given with none of these values. */
  hasNone?: string[];
  /** false: not given as the empty string (a default counts as not empty). */
  empty?: boolean;
  /** Given, with another value than this one. */
  notEquals?: string;
  /** Given, with a value this regular expression matches (a title's default content model). */
  matches?: RegExp;
  /**
   * Given as a title in one of these namespaces, named as the wiki names them (its siteinfo: local
   * names, canonical names, aliases); `matches` then tests the title after its namespace prefix.
   */
  namespace?: number[];
}

export interface ActionRule {
  module: string;
  kind:
    | 'onlyOne'
    | 'excludes'
    | 'atLeastOne'
    | 'pattern'
    | 'when'
    | 'modulePaths'
    | 'endsWith'
    | 'hidesWarnings'
    | 'titleNamespace'
    | 'titleValue'
    | 'readsFields';
  /** The rule's parameters (unprefixed), as declared; `params[0]` is the subject of single-parameter kinds. */
  params: string[];
  /** Every parameter the rule names (params, with, conditions, unless), for the "does it exist here" filter. */
  uses: string[];
  code: string;
  severity: ActionSeverity;
  /** The message; `{a}` and `{b}` are the parameters involved, `{all}` the list, `{value}` the value. */
  message: string;
  with?: string[];
  pattern?: string;
  conditions?: ActionCondition[];
  suffix?: string;
  unless?: string;
  errorCode?: string;
  /** Why the wiki hides warnings (hidesWarnings), for the message. */
  why?: string;
  /**
   * hidesWarnings: codes of the warnings the wiki has already given when the request dies on an error
   * (the module read its parameters first), so the error answer carries them.
   */
  keptWhenDying?: string[];
  /** `when` rules: the parameter whose name the diagnostic points at, when not the subject (params[0]). */
  at?: string;
  /** Holds only for a request sent without logging in (ApiMain::checkAsserts); off when the sender logs in. */
  anonymous?: boolean;
  /**
   * `anonymous` rules of a parameter that itself says the program signs in (assert=bot, assert=user, assertuser):
   * when who sends the request is not known, the verdict is an information (the checker cannot know who signs in);
   * an error only when MediaWiki strips the credentials (origin=*, callback), so no login reaches it.
   */
  saysLoggedIn?: boolean;
  /**
   * Holds only for the account the wiki was signed in to (its catalogue's `account`): the account lacks
   * that right (`lacksRight`), or is not the user that parameter names (`otherThan`). Not judged otherwise.
   */
  account?: { lacksRight?: string; otherThan?: string };
  /** A quick fix: add this parameter with this value (or add the value to it). */
  fix?: { param: string; value: string };
  /** A quick fix: rename the parameter pointed at to this one (`title` → `page`). */
  rename?: string;
  /** `modulePaths`: whether `*` and `query+*` are accepted (paraminfo: yes; help: no). */
  wildcards?: boolean;
  /** `readsFields`: the names the module reads without its prefix beyond its paraminfo parameters. */
  fields?: string[];
  /** `readsFields`: the fields that are secrets, which the module requires in the POST body (requirePostedParameters). */
  sensitive?: string[];
  /** `readsFields`: the extensions whose authentication requests add the fields, for the message. */
  extension?: string;
  /**
   * `readsFields`: the AuthManager requests that declare the fields, by unique id (`MediaWiki\Auth\…`, matched
   * exactly, as ApiAuthManagerHelper::loadAuthenticationRequests does), or by class name alone for an extension's
   * (whose namespace changed between versions: any id ending in `\` and that name).
   */
  requests?: string[];
  /** `readsFields`: the fields belong to a later step (read only with the module's `continue`). */
  continue?: boolean;
  /** `readsFields` of severity information: read, silently, when the request is sent logged in. */
  loggedIn?: boolean;
  /** `titleNamespace`: the namespaces a title may not be in. */
  notNamespaces?: number[];
  /** Codes of errors the module dies with before it reaches this rule: when one is reported, this rule is not. */
  diesFirst?: string[];
  /** The MediaWiki class and method whose behaviour the rule mirrors ('' in the bundles' run-time copy of the data). */
  mirrors: string;
  /** First MediaWiki version the rule holds for (inclusive). */
  since?: string;
  /** First MediaWiki version the rule no longer holds for (exclusive). */
  until?: string;
  /** Versions whose real answers the agreement corpora check the rule against. */
  verified?: string[];
}

/** The readsFields rules of a module's rule list by the field they name, in data order (made once per list). */
const FIELD_RULES = new WeakMap<readonly ActionRule[], ReadonlyMap<string, readonly ActionRule[]>>();

/**
 * The readsFields rules of `rules` (one module's, as `actionRulesOf` gives them) by the field they name: what the
 * validator reads where a parameter would be unrecognized, and what hover and completion show.
 */
export function fieldRulesOf(rules: readonly ActionRule[]): ReadonlyMap<string, readonly ActionRule[]> {
  let kept = FIELD_RULES.get(rules);
  if (kept === undefined) {
    const byName = new Map<string, ActionRule[]>();
    for (const r of rules) if (r.kind === 'readsFields') for (const f of r.fields!) byName.set(f, [...(byName.get(f) ?? []), r]);
    FIELD_RULES.set(rules, (kept = byName));
  }
  return kept;
}

const KINDS = new Set([
  'onlyOne',
  'excludes',
  'atLeastOne',
  'pattern',
  'when',
  'modulePaths',
  'endsWith',
  'hidesWarnings',
  'titleNamespace',
  'titleValue',
  'readsFields',
]);
const VERSION = /^\d+\.\d+(?:\.\d+)?$/;

function strings(v: unknown, where: string): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`${where} must be an array of parameter names.`);
  return v as string[];
}

/** Parse action-constraints.json (`{"rules": [...]}`). Throws an Error naming the bad rule. */
export function parseActionConstraints(data: unknown): ActionRule[] {
  return actionConstraintsList(data).map((raw, i): ActionRule => readActionRule(raw, i));
}

/** The raw rules of action-constraints data (`{"rules": [...]}`). */
export function actionConstraintsList(data: unknown): readonly unknown[] {
  if (!isObject(data) || !Array.isArray(data.rules)) throw new Error('action constraints: expected {"rules": [...]}.');
  return data.rules;
}

/** What a catalogue checks of a rule at load (the rest is read on first use): an object naming its module. */
export function actionRuleModuleOf(raw: unknown, i: number): string {
  const at = `action constraints rule #${i + 1}`;
  if (!isObject(raw)) throw new Error(`${at}: must be an object.`);
  if (typeof raw.module !== 'string' || raw.module === '')
    throw new Error(`${at}: "module" must name a top-level module (parse, compare, …).`);
  return raw.module;
}

/** A rule read and checked; throws naming it. */
export function readActionRule(raw: unknown, i: number): ActionRule {
  return parseActionRule(raw, `action constraints rule #${i + 1}`);
}

/** `conditions` of a `when` rule. */
function parseConditions(v: unknown, at: string): ActionCondition[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw new Error(`${at}: "conditions" must be an array.`);
  return v.map((c, j) => {
    if (!isObject(c) || typeof c.param !== 'string') throw new Error(`${at}: condition #${j + 1} needs "param".`);
    const out: ActionCondition = { param: c.param };
    if (typeof c.present === 'boolean') out.present = c.present;
    if (typeof c.equals === 'string') out.equals = c.equals;
    if (typeof c.has === 'string') out.has = c.has;
    if (c.hasNone !== undefined) out.hasNone = strings(c.hasNone, `${at}: condition #${j + 1} "hasNone"`);
    if (typeof c.empty === 'boolean') out.empty = c.empty;
    if (typeof c.notEquals === 'string') out.notEquals = c.notEquals;
    if (typeof c.matches === 'string') out.matches = new RegExp(c.matches);
    if (c.namespace !== undefined) {
      if (!Array.isArray(c.namespace) || !c.namespace.every((n) => Number.isInteger(n)))
        throw new Error(`${at}: condition #${j + 1} "namespace" must be a list of namespace numbers.`);
      out.namespace = c.namespace as number[];
    }
    return out;
  });
}

/** The fields a kind needs beyond the common ones. */
function checkKindFields(raw: Record<string, unknown>, kind: string, withParams: string[] | undefined, at: string): void {
  if (kind === 'pattern') {
    if (typeof raw.pattern !== 'string') throw new Error(`${at}: a pattern rule needs "pattern".`);
    try {
      new RegExp(raw.pattern);
    } catch {
      throw new Error(`${at}: "pattern" is not a valid regular expression.`);
    }
  }
  if (kind === 'endsWith' && typeof raw.suffix !== 'string') throw new Error(`${at}: an endsWith rule needs "suffix".`);
  if (
    kind === 'readsFields' &&
    (!Array.isArray(raw.fields) || raw.fields.length === 0 || !raw.fields.every((f) => typeof f === 'string' && f !== ''))
  )
    throw new Error(`${at}: a readsFields rule needs "fields" (the names the module reads).`);
  if (kind === 'readsFields' && (!Array.isArray(raw.requests) || raw.requests.length === 0))
    throw new Error(`${at}: a readsFields rule needs "requests" (the AuthManager requests that declare its fields).`);
  if (kind === 'excludes' && !withParams) throw new Error(`${at}: an excludes rule needs "with".`);
  if (kind === 'titleNamespace' && (!Array.isArray(raw.notNamespaces) || !raw.notNamespaces.every((n) => typeof n === 'number')))
    throw new Error(`${at}: a titleNamespace rule needs "notNamespaces" (namespace numbers).`);
  // The run-time copy of the data has no `mirrors` (scripts/lib/runtimeData.js); the schema requires it of the source.
  if (raw.mirrors !== undefined && (typeof raw.mirrors !== 'string' || raw.mirrors.length < 20))
    throw new Error(`${at}: "mirrors" must name the MediaWiki class and method whose behaviour the rule mirrors.`);
  for (const f of ['since', 'until'] as const)
    if (raw[f] !== undefined && (typeof raw[f] !== 'string' || !VERSION.test(raw[f])))
      throw new Error(`${at}: "${f}" must be a MediaWiki version such as "1.45".`);
}

function optString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function parseActionRule(raw: unknown, at: string): ActionRule {
  if (!isObject(raw)) throw new Error(`${at}: must be an object.`);
  const { module, kind, code, message } = raw;
  if (typeof module !== 'string' || module === '') throw new Error(`${at}: "module" must name a top-level module (parse, compare, …).`);
  if (typeof kind !== 'string' || !KINDS.has(kind)) throw new Error(`${at}: "kind" must be one of ${[...KINDS].join(', ')}.`);
  const params = raw.params === undefined ? [] : strings(raw.params, `${at}: "params"`);
  const withParams = raw.with === undefined ? undefined : strings(raw.with, `${at}: "with"`);
  const severity = raw.severity === undefined ? 'error' : raw.severity;
  if (severity !== 'error' && severity !== 'warning' && severity !== 'information')
    throw new Error(`${at}: "severity" must be error, warning or information.`);
  if (kind !== 'hidesWarnings' && (typeof code !== 'string' || code === ''))
    throw new Error(`${at}: "code" must be the MediaWiki error or warning code.`);
  if (typeof message !== 'string') throw new Error(`${at}: "message" must be a string.`);
  const conditions = parseConditions(raw.conditions, at);
  checkKindFields(raw, kind, withParams, at);
  const all = [...params, ...(withParams ?? []), ...(conditions ?? []).map((c) => c.param)];
  if (typeof raw.unless === 'string') all.push(raw.unless);
  return {
    module,
    kind: kind as ActionRule['kind'],
    params,
    uses: [...new Set(all)],
    code: typeof code === 'string' ? code : '',
    severity,
    message,
    with: withParams,
    pattern: optString(raw.pattern),
    conditions,
    suffix: optString(raw.suffix),
    unless: optString(raw.unless),
    errorCode: optString(raw.errorCode),
    why: optString(raw.why),
    keptWhenDying: raw.keptWhenDying === undefined ? undefined : strings(raw.keptWhenDying, `${at}: "keptWhenDying"`),
    at: optString(raw.at),
    anonymous: raw.anonymous === true ? true : undefined,
    saysLoggedIn: raw.saysLoggedIn === true ? true : undefined,
    account: isObject(raw.account)
      ? { lacksRight: optString(raw.account.lacksRight), otherThan: optString(raw.account.otherThan) }
      : undefined,
    fix:
      isObject(raw.fix) && typeof raw.fix.param === 'string' && typeof raw.fix.value === 'string'
        ? { param: raw.fix.param, value: raw.fix.value }
        : undefined,
    rename: optString(raw.rename),
    wildcards: typeof raw.wildcards === 'boolean' ? raw.wildcards : undefined,
    notNamespaces: Array.isArray(raw.notNamespaces) ? (raw.notNamespaces as number[]) : undefined,
    fields: Array.isArray(raw.fields) ? (raw.fields as string[]) : undefined,
    sensitive: raw.sensitive === undefined ? undefined : strings(raw.sensitive, `${at}: "sensitive"`),
    extension: optString(raw.extension),
    requests: raw.requests === undefined ? undefined : strings(raw.requests, `${at}: "requests"`),
    continue: raw.continue === true ? true : undefined,
    loggedIn: raw.loggedIn === true ? true : undefined,
    diesFirst: raw.diesFirst === undefined ? undefined : strings(raw.diesFirst, `${at}: "diesFirst"`),
    mirrors: typeof raw.mirrors === 'string' ? raw.mirrors : '',
    since: optString(raw.since),
    until: optString(raw.until),
    verified: Array.isArray(raw.verified) ? raw.verified.filter((v): v is string => typeof v === 'string') : undefined,
  };
}
