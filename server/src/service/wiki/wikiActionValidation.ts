/**
 * Diagnostics for every top-level module other than `query` (parse, compare, opensearch, the
 * write modules, …), called from wikiValidation.ts at two hook points: `checkActionParam` for each
 * parameter the API's `main` module does not read, and `finishActionCheck` once all are seen.
 *
 * What MediaWiki does, and the checker follows:
 * - The generic ParamValidator rules apply to a module's parameters as to query modules
 *   (wikiValidation.ts `checkParam`): codes, error/warning split, required parameters. An empty
 *   required value depends on the type: string/text → `missingparam`, enum → `badvalue`,
 *   user → `baduser` (all from the generic checks).
 * - Module-enforced rules come from data (action-constraints.json, see wikiActionConstraints.ts).
 * - Write modules (`mustbeposted`) sent as GET: `main`'s parameters (assert) first, then the
 *   module's parameters in declaration order (the first failure wins; a missing token is
 *   `missingparam` on it); a token given in the query string → `mustpostparams`; a POST-only
 *   module that takes no token → `mustbeposted`. The checker also says, as information, what the
 *   server requires (POST, a token of type X, write rights).
 * - What the server hides (feeds drop warnings, opensearch drops them unless `warningsaserror`,
 *   help without `wrap` answers HTML): the checker still reports the mistake, as information
 *   saying the server would silently ignore it (code `ignoredbyserver`).
 */
import type { SeveritySetting } from '../languageTypes';
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiModule, WikiParam, WikiParamDescriptor } from './wikiTypes';
import { fieldRulesOf, type ActionCondition, type ActionRule } from './wikiActionConstraints';
import { getValueItems } from './wikiQueryParser';
import { titleProblem } from './wikiTitleRules';
import { didYouMean } from './wikiDidYouMean';
import { DEFAULT_SEVERITIES } from './wikiDiagnosticCodes';
import { ANONYMOUS_NOTE } from './wikiConstraints';
import { matchTemplate, splitTemplate } from './wikiTemplateNames';
import { accountRuleHolds, anonymousNote, credentialsStripped, loggedInSender } from './wikiAccountRules';
import { anyOf, gateOpen, type PlannedRule, type RuleGate } from './wikiRulePlan';
import { checkSensitive } from './wikiValidationParam';

/** What wikiValidation.ts lends this file (passed in, so the two files do not import each other at run time). */
export interface ActionCheckHooks {
  checkParam(ctx: QueryCheck, p: WikiParam, d: WikiParamDescriptor, module: WikiModule, wire: string): void;
  pairRemoval(text: string, query: QueryCheck['query'], p: WikiParam): { start: number; end: number };
  defaultSeverity(code: string): Exclude<SeveritySetting, 'off'>;
}

/** A wire name matched to a templated parameter of the module (`fromtext-main` → `fromtext-{slot}`). */
function matchTemplated(m: WikiModule, wire: string): { d: WikiParamDescriptor; values: Record<string, string> } | undefined {
  for (const d of m.templatedparameters) {
    const { literals, vars } = splitTemplate(m.prefix + d.name);
    const values = matchTemplate(wire, literals, vars);
    if (values) return { d, values };
  }
  return undefined;
}

/**
 * One parameter of the query that `main` does not read, when the action is a described module.
 * Returns true when the module reads it (checked), false when it is unrecognized (reported here).
 */
export function checkActionParam(ctx: QueryCheck, p: WikiParam, am: WikiModule, hooks: ActionCheckHooks): boolean {
  const name = p.name;
  const d = name.startsWith(am.prefix) ? am.paramByName.get(name.slice(am.prefix.length)) : undefined;
  if (d) {
    ctx.present.set(name, p);
    if (d.type === 'upload') {
      // UploadDef: the value must be a file sent as multipart/form-data; a URL can never carry one.
      ctx.add(
        'badupload',
        p.nameRange.start,
        p.nameRange.end,
        `File upload parameter "${name}" is not a file upload: a file can only be sent in a multipart/form-data POST body, never in the URL.`,
        { param: name, module: am.name },
        { remove: hooks.pairRemoval(ctx.text, ctx.query, p) },
      );
      return true;
    }
    if (isTagsParam(am, d)) {
      checkTags(ctx, p, d, am, hooks);
      return true;
    }
    hooks.checkParam(ctx, p, d, am, name);
    return true;
  }
  const t = matchTemplated(am, name);
  if (t) {
    // The variable's value must be one the target parameter allows, and given there in this query.
    let missing: { target: string; value: string } | undefined;
    for (const [v, target] of Object.entries(t.d.templatevars ?? {})) {
      const want = t.values[v];
      const tp = ctx.byName.get(am.prefix + target);
      const given = tp ? getValueItems(ctx.text, tp).map((i) => i.text) : [];
      if (!given.includes(want)) missing = { target: am.prefix + target, value: want };
    }
    if (!missing) {
      ctx.present.set(name, p);
      hooks.checkParam(ctx, p, t.d, am, name);
      return true;
    }
    ctx.add(
      'unrecognizedparams',
      p.nameRange.start,
      p.nameRange.end,
      `Unrecognized parameter: "${name}". It applies only when ${missing.target} includes "${missing.value}": add ${missing.value} to ${missing.target}, or remove it.`,
      { param: name },
      { remove: hooks.pairRemoval(ctx.text, ctx.query, p) },
    );
    return false;
  }
  const fields = actionPlanOf(ctx, am).fields.get(name);
  if (fields) return checkFieldParam(ctx, p, am, fields, hooks);
  const names = [...ctx.catalogue.main!.parameters.map((x) => x.name), ...am.parameters.map((x) => am.prefix + x.name)];
  const suggestion = ctx.full ? didYouMean(name, names) : undefined;
  ctx.add(
    'unrecognizedparams',
    p.nameRange.start,
    p.nameRange.end,
    `Unrecognized parameter: "${name}". ${suggestion ? `Did you mean "${suggestion}"?` : am.dynamicparameters ? providerFieldNote(am) : `action=${am.name} does not read it: remove it.`}`,
    { param: name, suggestion, module: am.name },
    { remove: hooks.pairRemoval(ctx.text, ctx.query, p) },
  );
  return false;
}

/**
 * An unknown name given to a module that also reads the fields of AuthManager's authentication requests (paraminfo's
 * `dynamicparameters`): MediaWiki core's providers declare no field of that name (the readsFields rules list theirs),
 * so a wiki without extensions warns it; an extension's provider may declare it. `linkaccount` reads fields only on a
 * wiki where a provider links accounts (ApiLinkAccount::execute returns first when AuthManager::canLinkAccounts is
 * false; core has none).
 */
function providerFieldNote(am: WikiModule): string {
  return `action=${am.name} also reads the fields of the authentication requests the wiki's providers declare (paraminfo does not list them), and MediaWiki core's declare none of this name for it: remove it, unless an extension on the wiki asks for it.`;
}

/** A parameter some readsFields rule names (a field of AuthManager's requests): read, an information, or unrecognized. */
function checkFieldParam(ctx: QueryCheck, p: WikiParam, am: WikiModule, fields: readonly ActionRule[], hooks: ActionCheckHooks): boolean {
  const name = p.name;
  const read = fieldReading(ctx, am, name, fields);
  if (read.rule) {
    // An authentication request's field (ApiAuthManagerHelper::loadAuthenticationRequests marks it used).
    if (read.information)
      ctx.add(
        read.rule.code,
        p.nameRange.start,
        p.nameRange.end,
        read.rule.message.replaceAll('{a}', name).replaceAll('{extension}', read.rule.extension ?? ''),
        { param: name, module: am.name, field: true },
        { severity: 'information', remove: hooks.pairRemoval(ctx.text, ctx.query, p) },
      );
    else if (read.rule.sensitive?.includes(name)) checkSensitive(ctx, p, name, 'password', am.name);
    return true;
  }
  ctx.add(
    'unrecognizedparams',
    p.nameRange.start,
    p.nameRange.end,
    `Unrecognized parameter: "${name}". ${read.why}`,
    { param: name, module: am.name, field: true },
    { remove: hooks.pairRemoval(ctx.text, ctx.query, p) },
  );
  return false;
}

/** Whether an AuthManager request id the query names is one of a rule's (`requests`: a full id exactly, an extension's class name by its end). */
function namesRequest(given: string, id: string): boolean {
  return given === id || (!id.includes('\\') && given.endsWith(`\\${id}`));
}

/**
 * How the module reads a field its readsFields rules name, as ApiAuthManagerHelper::loadAuthenticationRequests
 * does: only the fields of the requests of this step (the first, or with `continue` a later one), and of those the
 * module's `requests` (`request`) parameter names when it is given. `rule`: the rule that reads it (a rule of
 * severity warning first; `information` when only an information rule does, and it is not one read silently for a
 * sender who is logged in); else `why` it is not read.
 */
function fieldReading(
  ctx: QueryCheck,
  am: WikiModule,
  name: string,
  rules: readonly ActionRule[],
): { rule?: ActionRule; information?: boolean; why: string } {
  const continuing = ctx.byName.has(am.prefix + 'continue');
  const narrowing = am.paramByName.has('requests') ? 'requests' : am.paramByName.has('request') ? 'request' : undefined;
  const np = narrowing === undefined ? undefined : ctx.byName.get(am.prefix + narrowing);
  const wanted = np === undefined ? undefined : narrowing === 'requests' ? getValueItems(ctx.text, np).map((i) => i.text) : [np.value];
  const ofStep = rules.filter((r) => (r.continue === true) === continuing);
  const kept = wanted === undefined ? ofStep : ofStep.filter((r) => r.requests!.some((id) => wanted.some((w) => namesRequest(w, id))));
  const reads = kept.find((r) => r.severity !== 'information');
  if (reads) return { rule: reads, why: '' };
  const informs = kept[0];
  if (informs) {
    const silent = informs.loggedIn === true && ctx.loggedIn && !credentialsStripped(ctx.query);
    return { rule: informs, information: !silent, why: '' };
  }
  const cont = am.prefix + 'continue';
  if (ofStep.length > 0)
    return {
      why: `It is a field of ${ofStep[0].requests!.join(' or ')}, which ${am.prefix + narrowing} does not name, so action=${am.name} does not read it: add that request to ${am.prefix + narrowing}, or remove the parameter.`,
    };
  return continuing
    ? {
        why: `With ${cont}, action=${am.name} reads only the fields of the requests its previous answer asked for, and this one belongs to the first step: remove it.`,
      }
    : { why: `action=${am.name} reads it only with ${cont}, on a later step when the wiki's previous answer asks for it: remove it.` };
}

/**
 * Change-tag parameters (ParamValidator's TagsDef): paraminfo lists them as a plain multi-valued enum
 * of the tags that may be applied by hand, but a value outside it is an error, `badtags`, not the
 * `unrecognizedvalues` warning of other enums. `tags` of the write modules, `add` of action=tag.
 */
function isTagsParam(am: WikiModule, d: WikiParamDescriptor): boolean {
  return d.type === 'enum' && d.multi && (d.name === 'tags' || (am.name === 'tag' && d.name === 'add'));
}

function checkTags(ctx: QueryCheck, p: WikiParam, d: WikiParamDescriptor, am: WikiModule, hooks: ActionCheckHooks): void {
  const allowed = d.values ?? [];
  const bad = getValueItems(ctx.text, p).filter((i) => !allowed.includes(i.text));
  if (bad.length === 0) {
    hooks.checkParam(ctx, p, d, am, p.name);
    return;
  }
  const names = bad.map((i) => `"${i.text}"`).join(', ');
  const known = allowed.length
    ? `Tags that may be applied here: ${allowed.join(', ')}.`
    : 'This catalogue lists no tag that may be applied by hand (Special:Tags on the wiki lists them).';
  ctx.add(
    'badtags',
    bad[0].range.start,
    bad[bad.length - 1].range.end,
    `The tag${bad.length > 1 ? 's' : ''} ${names} ${bad.length > 1 ? 'are' : 'is'} not allowed to be manually applied. ${known}`,
    { param: '', value: bad[0].text, module: am.name },
  );
}

/** The parameter a module's wire name stands for, given in the query. */
function given(ctx: QueryCheck, am: WikiModule, param: string): WikiParam | undefined {
  return ctx.byName.get(am.prefix + param);
}

/** The title after its namespace prefix when `value` is a title in one of `namespaces` (names as the wiki's siteinfo gives them). */
function titleAfterNamespace(ctx: QueryCheck, value: string, namespaces: number[]): string | undefined {
  const t = value.replace(/_/g, ' ').trim();
  const colon = t.indexOf(':');
  if (colon <= 0) return namespaces.includes(0) ? t : undefined;
  const ns = ctx.catalogue.findNamespaceByName(t.slice(0, colon));
  if (!ns) return namespaces.includes(0) ? t : undefined;
  return namespaces.includes(ns.id) ? t.slice(colon + 1).trim() : undefined;
}

function conditionHolds(ctx: QueryCheck, am: WikiModule, c: ActionCondition): boolean {
  const p = given(ctx, am, c.param);
  if (c.present !== undefined && (p !== undefined) !== c.present) return false;
  if (c.equals !== undefined && (p === undefined || p.value !== c.equals)) return false;
  if (c.empty === false && p !== undefined && p.value === '') return false;
  if (c.notEquals !== undefined && (p === undefined || p.value === c.notEquals)) return false;
  const tested = c.namespace !== undefined && p !== undefined ? titleAfterNamespace(ctx, p.value, c.namespace) : p?.value;
  if (c.namespace !== undefined && tested === undefined) return false;
  if (c.matches !== undefined && (tested === undefined || !c.matches.test(tested))) return false;
  if (c.has !== undefined || c.hasNone !== undefined) {
    const values = p ? getValueItems(ctx.text, p).map((i) => i.text) : [];
    if (c.has !== undefined && !values.includes(c.has)) return false;
    if (c.hasNone !== undefined && values.some((v) => c.hasNone!.includes(v))) return false;
  }
  return true;
}

function fill(message: string, vars: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (all, k: string) => vars[k] ?? all);
}

function quotedList(names: string[]): string {
  const q = names.map((n) => `"${n}"`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}`;
}

/** Does `path` name a module of the catalogue (paraminfo/help `modules`)? Returns the parent that lacks it otherwise. */
function moduleProblem(ctx: QueryCheck, path: string, wildcards: boolean): { parent: string; name: string } | undefined {
  if (path === 'main') return undefined;
  if (path === '*') return wildcards ? undefined : { parent: 'main', name: '*' };
  // A literal `+` in a URL arrives as a space (`modules=query+tags` is query tags): MediaWiki
  // splits module paths on both, so `query tags` names query+tags too.
  const parts = path.split(/[+ ]/);
  const cat = ctx.catalogue;
  let parent = 'main';
  for (let i = 0; i < parts.length; i++) {
    const sub = parts.slice(0, i + 1).join('+');
    const last = parts[i];
    if (last === '*' && i > 0) {
      // `query+*`: every submodule of a module that has submodules.
      return parent === 'query' && wildcards ? undefined : { parent, name: last };
    }
    const known = i === 0 ? (cat.getActionModule(last) ?? cat.getFormatModule(last)) : cat.getModule(sub);
    if (!known) return { parent, name: last };
    parent = sub;
  }
  return undefined;
}

type Span = { start: number; end: number };
type Extra = { severity: Exclude<SeveritySetting, 'off'> } | undefined;
/** One kind of action rule: reports through ctx.add when the rule is broken. */
type ActionRuleCheck = (ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra) => void;

function ruleKindOnlyOne(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  const present = rule.params.filter((n) => given(ctx, am, n));
  if (present.length < 2) return;
  const [a, b] = present.map((n) => am.prefix + n);
  const p = given(ctx, am, present[1])!;
  ctx.add(
    rule.code,
    p.nameRange.start,
    p.nameRange.end,
    fill(rule.message, { a, b }),
    { param: b, params: [a, b], module: am.name },
    extra,
  );
  return;
}

function ruleKindExcludes(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  if (rule.conditions && !rule.conditions.every((c) => conditionHolds(ctx, am, c))) return;
  for (const x of rule.params) {
    const px = given(ctx, am, x);
    if (!px) continue;
    for (const y of rule.with ?? []) {
      if (!given(ctx, am, y)) continue;
      const a = am.prefix + x;
      const b = am.prefix + y;
      ctx.add(
        rule.code,
        px.nameRange.start,
        px.nameRange.end,
        fill(rule.message, { a, b }),
        { param: a, params: [a, b], module: am.name },
        extra,
      );
      return; // the module dies at the first pair
    }
  }
  return;
}

function ruleKindAtLeastOne(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  if (rule.params.some((n) => given(ctx, am, n))) return;
  const wires = rule.params.map((n) => am.prefix + n);
  ctx.add(
    rule.code,
    actionRange.start,
    actionRange.end,
    fill(rule.message, { all: quotedList(wires) }),
    { param: wires[0], params: wires, module: am.name },
    extra,
  );
  return;
}

/** The regular expressions of pattern rules, compiled once (they have no flags: `test` keeps no state). */
const PATTERNS = new Map<string, RegExp>();

function patternOf(source: string): RegExp {
  let re = PATTERNS.get(source);
  if (re === undefined) PATTERNS.set(source, (re = new RegExp(source)));
  return re;
}

function ruleKindPattern(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  const p = given(ctx, am, rule.params[0]);
  if (!p || patternOf(rule.pattern!).test(p.value)) return;
  ctx.add(
    rule.code,
    p.valueRange.start,
    p.valueRange.end,
    fill(rule.message, { value: p.value }),
    { param: p.name, value: p.value, module: am.name },
    extra,
  );
  return;
}

function ruleKindWhen(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  if (!(rule.conditions ?? []).every((c) => conditionHolds(ctx, am, c))) return;
  const subject = rule.params[0];
  const where = rule.at ?? subject;
  const p = where !== undefined ? given(ctx, am, where) : undefined;
  const at = p ? p.nameRange : actionRange;
  const fixData = rule.fix ? { addParam: am.prefix + rule.fix.param, addValue: rule.fix.value } : {};
  const rename = rule.rename !== undefined && p ? { replacement: am.prefix + rule.rename } : {};
  const message = rule.anonymous
    ? `${fill(rule.message, { value: p?.value ?? '' })} (${anonymousNote(ctx, rule.saysLoggedIn ? SAYS_LOGGED_IN_NOTE : ANONYMOUS_NOTE)})`
    : rule.account
      ? fill(rule.message, { value: p?.value ?? '', account: ctx.catalogue.account?.name ?? '', sender: loggedInSender(ctx) })
      : fill(rule.message, { value: p?.value ?? '' });
  ctx.add(rule.code, at.start, at.end, message, { param: am.prefix + (subject ?? ''), module: am.name, ...fixData, ...rename }, extra);
  return;
}

function ruleKindModulePaths(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  const p = given(ctx, am, rule.params[0]);
  if (!p) return;
  for (const item of getValueItems(ctx.text, p)) {
    const problem = moduleProblem(ctx, item.text, rule.wildcards !== false);
    if (!problem) continue;
    ctx.add(
      rule.code,
      item.range.start,
      item.range.end,
      fill(rule.message, { parent: problem.parent, value: problem.name }),
      { param: p.name, value: item.text, module: am.name },
      extra,
    );
  }
  return;
}

/** `titleNamespace`: a title in a namespace where no page can exist (ApiBase::getTitleOrPageId → pagecannotexist). */
function ruleKindTitleNamespace(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  const p = given(ctx, am, rule.params[0]);
  if (!p) return;
  const t = p.value.replace(/_/g, ' ').trim();
  const colon = t.indexOf(':');
  if (colon <= 0) return;
  const ns = ctx.catalogue.findNamespaceByName(t.slice(0, colon));
  if (!ns || !rule.notNamespaces!.includes(ns.id)) return;
  ctx.add(
    rule.code,
    p.valueRange.start,
    p.valueRange.end,
    fill(rule.message, { value: p.value, namespace: t.slice(0, colon) }),
    { param: p.name, value: p.value, module: am.name },
    extra,
  );
}

/** `titleValue`: a title the module parses itself that Title::newFromText refuses (ApiBase::getTitleOrPageId, ApiParse, … → invalidtitle). */
function ruleKindTitleValue(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  const p = given(ctx, am, rule.params[0]);
  if (!p || (rule.conditions && !rule.conditions.every((c) => conditionHolds(ctx, am, c)))) return;
  const why = titleProblem(p.value, ctx.catalogue);
  if (!why) return;
  ctx.add(
    rule.code,
    p.valueRange.start,
    p.valueRange.end,
    fill(rule.message, { value: p.value, why }),
    { param: p.name, value: p.value, module: am.name },
    extra,
  );
}

function ruleKindEndsWith(ctx: QueryCheck, am: WikiModule, rule: ActionRule, actionRange: Span, extra: Extra): void {
  const p = given(ctx, am, rule.params[0]);
  if (!p || !p.value.endsWith(rule.suffix!)) return;
  ctx.add(rule.code, p.valueRange.start, p.valueRange.end, rule.message, { param: p.name, module: am.name }, extra);
  return;
}

/** The checker of each rule kind (wikiActionConstraints.ts reads the kinds). */
const ACTION_RULE_KINDS: Readonly<Record<string, ActionRuleCheck>> = {
  onlyOne: ruleKindOnlyOne,
  excludes: ruleKindExcludes,
  atLeastOne: ruleKindAtLeastOne,
  pattern: ruleKindPattern,
  when: ruleKindWhen,
  modulePaths: ruleKindModulePaths,
  endsWith: ruleKindEndsWith,
  titleNamespace: ruleKindTitleNamespace,
  titleValue: ruleKindTitleValue,
};

/**
 * An action rule as the checks run it, planned once per module of a catalogue (`rulePlanOf`): its gate
 * (wikiRulePlan.ts, the same plan as the module rules': here one of the wire names must be given, or
 * none when it always runs) and the severity it reports with. A query then pays only for the rules
 * whose parameters it has.
 */
interface PlannedActionRule extends PlannedRule<ActionRule> {
  extra: Extra;
}

/** The plan of one module: its planned rules, and whether any of them is a hidesWarnings rule. */
interface ActionPlan {
  /** The rule list the plan was made from (a catalogue whose rules are replaced gets a new plan). */
  readonly of: readonly ActionRule[];
  readonly plan: readonly PlannedActionRule[];
  /** Whether a rule is of kind hidesWarnings (most modules have none: finishQueryCheck stops at once). */
  readonly hides: boolean;
  /**
   * The wire names of which one must be given for any rule to run, or undefined when a rule always runs
   * (main's rules: assert and assertuser, which most queries do not give).
   */
  readonly triggers: readonly string[] | undefined;
  /**
   * The readsFields rules by the field they name, in data order: read where a parameter is judged unrecognized
   * (checkActionParam), not run with the plan.
   */
  readonly fields: ReadonlyMap<string, readonly ActionRule[]>;
}

/** The plans, by module object (so they go with their catalogue). */
const RULE_PLANS = new WeakMap<WikiModule, ActionPlan>();

/** The plan of `am`, its rules in data order (made again when the catalogue's rules are replaced). */
function actionPlanOf(ctx: QueryCheck, am: WikiModule): ActionPlan {
  const rules = ctx.catalogue.actionRulesOf(am.name);
  const kept = RULE_PLANS.get(am);
  return kept !== undefined && kept.of === rules ? kept : makeActionPlan(am, rules);
}

/** The plan of `am` for its rules `rules`, kept (a function of its own: made once per module, not compiled into each check). */
function makeActionPlan(am: WikiModule, rules: readonly ActionRule[]): ActionPlan {
  const plan: PlannedActionRule[] = [];
  for (const rule of rules) {
    if (rule.kind === 'readsFields') continue;
    const sev = rule.severity === DEFAULT_SEVERITIES[rule.code] ? undefined : rule.severity;
    const gate = actionRuleGate(rule, am.prefix);
    plan.push({ rule, needs: gate.needs, min: gate.min, extra: sev ? { severity: sev } : undefined });
  }
  const triggers = plan.some((p) => p.min === 0) ? undefined : [...new Set(plan.flatMap((p) => p.needs))];
  const kept = { of: rules, plan, hides: rules.some((r) => r.kind === 'hidesWarnings'), triggers, fields: fieldRulesOf(rules) };
  RULE_PLANS.set(am, kept);
  return kept;
}

/** The planned rules of `am`, in data order. */
function rulePlanOf(ctx: QueryCheck, am: WikiModule): readonly PlannedActionRule[] {
  return actionPlanOf(ctx, am).plan;
}

/** The gate of an action rule under the module's wire prefix: one of its parameters must be given for it to report anything. */
function actionRuleGate(rule: ActionRule, prefix: string): RuleGate {
  return anyOf(gateParams(rule).map((n) => prefix + n));
}

/** Parameters (unprefixed) of which one must be given for the rule to report anything; empty when none is needed. */
function gateParams(rule: ActionRule): readonly string[] {
  switch (rule.kind) {
    case 'when':
    case 'hidesWarnings': {
      // Every condition must hold; one that holds only for a given parameter is the rule's trigger (conditionHolds).
      const c = rule.conditions?.find(
        (c) =>
          c.present === true ||
          c.equals !== undefined ||
          c.notEquals !== undefined ||
          c.has !== undefined ||
          c.matches !== undefined ||
          c.namespace !== undefined,
      );
      return c ? [c.param] : [];
    }
    case 'onlyOne':
    case 'excludes':
      return rule.params;
    case 'pattern':
    case 'modulePaths':
    case 'endsWith':
    case 'titleNamespace':
    case 'titleValue':
      return rule.params.length > 0 ? [rule.params[0]] : [];
    default:
      return [];
  }
}

function applyRule(ctx: QueryCheck, am: WikiModule, planned: PlannedActionRule, actionRange: Span): void {
  if (gateOpen(planned, ctx.byName)) applyOpenRule(ctx, am, planned, actionRange);
}

/** A rule whose gate is open. */
function applyOpenRule(ctx: QueryCheck, am: WikiModule, planned: PlannedActionRule, actionRange: Span): void {
  const rule = planned.rule;
  // The module died earlier in its own code (rules are listed in the order the module checks them).
  if (rule.diesFirst && ctx.out.some((d) => rule.diesFirst!.includes(d.code))) return;
  ACTION_RULE_KINDS[rule.kind]?.(ctx, am, rule, actionRange, planned.extra);
}

/** What a write module needs, in words (for the information note and hover). */
function moduleRequirements(m: WikiModule): string[] {
  const out: string[] = [];
  if (m.mustbeposted) out.push('must be sent as a POST request');
  const token = m.parameters.find((d) => d.tokentype !== undefined);
  if (token)
    out.push(
      `needs a "${token.tokentype}" token as ${m.prefix + token.name}= in the POST body (get one with action=query&meta=tokens&type=${token.tokentype})`,
    );
  if (m.writerights) out.push('needs write rights');
  if (m.readrights) out.push('needs read rights');
  return out;
}

/** The parameter of `m` that carries a token of a type (`token`, `lgtoken` has none). */
export function tokenParam(m: WikiModule): WikiParamDescriptor | undefined {
  return m.parameters.find((d) => d.tokentype !== undefined);
}

/**
 * ApiMain's own rules (`main` in action-constraints.json), for every action once its parameters are read:
 * ApiMain::checkAsserts runs after the action is set up and before the module does.
 */
export function finishMainCheck(ctx: QueryCheck, actionP: WikiParam): void {
  const main = ctx.catalogue.main;
  if (!main) return;
  const { plan, triggers } = actionPlanOf(ctx, main);
  // (Most queries give none of the names main's rules need, assert and assertuser: then nothing else is done.)
  if (triggers !== undefined && !anyGiven(triggers, ctx.byName)) return;
  let actionRange: Span | undefined;
  for (let i = 0; i < plan.length; i++) {
    const planned = plan[i];
    if (!gateOpen(planned, ctx.byName)) continue;
    if (planned.rule.anonymous && ctx.loggedIn) continue;
    if (planned.rule.account && !accountRuleHolds(ctx, planned.rule.account)) continue;
    // assert/assertuser say the program signs in, which the checker cannot know: an information, unless no
    // login can reach the wiki (credentials stripped), where the wiki's error is certain.
    const told = planned.rule.saysLoggedIn && !credentialsStripped(ctx.query) ? { ...planned, extra: INFORMATION } : planned;
    applyOpenRule(ctx, main, told, (actionRange ??= actionP.valueRange));
  }
}

/** An `anonymous` rule whose parameter says the program signs in, while who sends it is not known. */
const INFORMATION: Extra = { severity: 'information' };

/** What a `saysLoggedIn` rule's message adds when it is an information. */
const SAYS_LOGGED_IN_NOTE =
  'The parameter says the program signs in, and who signs in is not known here: MediaWiki answers this when the request arrives without that login (a lost session, or an account other than the one it asserts). Sign in to this wiki (Sign in to Wiki…; check: --bot-user) to judge it for the account, or set wikimapQuery.wiki.loggedIn (check: --logged-in) to leave it out.';

/** Whether one of `names` is given. */
function anyGiven(names: readonly string[], given: { has(name: string): boolean }): boolean {
  for (let i = 0; i < names.length; i++) if (given.has(names[i])) return true;
  return false;
}

/** After every parameter was seen: required parameters, module rules, write modules as GET, hidden warnings. */
export function finishActionCheck(ctx: QueryCheck, am: WikiModule, actionP: WikiParam, hooks: ActionCheckHooks): void {
  const actionRange = actionP.valueRange;
  checkActionRequired(ctx, am, actionRange);
  const plan = rulePlanOf(ctx, am);
  for (const planned of plan) if (planned.rule.kind !== 'hidesWarnings') applyRule(ctx, am, planned, actionRange);

  if (am.mustbeposted) checkWriteAsGet(ctx, am, actionRange);

  // What the server hides.
  for (const planned of plan) if (planned.rule.kind === 'hidesWarnings') applyHidesWarnings(ctx, am, planned, hooks);
}

/** Required parameters of the module (MediaWiki names the first missing one). */
function checkActionRequired(ctx: QueryCheck, am: WikiModule, actionRange: Span): void {
  for (const d of am.parameters) {
    if (!d.required) continue;
    const wire = am.prefix + d.name;
    if (ctx.present.has(wire)) continue;
    const why = d.tokentype
      ? ` It is the "${d.tokentype}" token (action=query&meta=tokens&type=${d.tokentype}), and must go in the POST body.`
      : '';
    ctx.add(
      'missingparam',
      actionRange.start,
      actionRange.end,
      `The "${wire}" parameter must be set: action=${am.name} needs it.${why}${d.tokentype ? '' : ` Add &${wire}=…`}`,
      { param: wire, addParam: wire, module: am.name },
    );
  }
}

/** A write module as GET: what it needs, and what the wiki refuses first (a token in the URL, or the GET itself). */
function checkWriteAsGet(ctx: QueryCheck, am: WikiModule, actionRange: Span): void {
  const tp = tokenParam(am);
  const needs = moduleRequirements(am);
  ctx.add(
    'postonly',
    actionRange.start,
    actionRange.end,
    `action=${am.name} changes the wiki: it ${needs.join(', ')}. This checker predicts what a GET of this URL would get; it never sends it.`,
    { param: 'action', value: am.name, module: am.name },
  );
  // The wiki names unknown parameters only on a request that succeeds: as GET this one fails first.
  for (const d of ctx.out) {
    if (d.code === 'unrecognizedparams')
      d.message += ' (Sent as GET the request fails first, so the wiki would not name it; the POST request would.)';
  }
  if (tp) {
    const p = given(ctx, am, tp.name);
    if (p)
      ctx.add(
        'mustpostparams',
        p.nameRange.start,
        p.nameRange.end,
        `The following parameter was found in the query string, but must be in the POST body: ${p.name}. A token in a URL is refused (and leaks): send action=${am.name} as a POST request with the token in its body.`,
        { param: p.name, module: am.name },
      );
  } else {
    ctx.add(
      'mustbeposted',
      actionRange.start,
      actionRange.end,
      `The "${am.name}" module requires a POST request: a GET of this URL is refused before its parameters are read.`,
      { param: 'action', value: am.name, module: am.name },
    );
  }
}

/** What the server hides for action=query (export with exportnowrap: the XML dump replaces the envelope). */
export function finishQueryCheck(ctx: QueryCheck, hooks: ActionCheckHooks): void {
  const q = ctx.catalogue.query;
  if (!q) return;
  const { plan, hides } = actionPlanOf(ctx, q);
  if (!hides) return;
  for (const planned of plan) if (planned.rule.kind === 'hidesWarnings') applyHidesWarnings(ctx, q, planned, hooks);
}

/**
 * Warnings the wiki gives while reading parameters (ApiMain::getVal → apiwarn-unsupportedarray for
 * `search[]=`), unless the rule names more (`keptWhenDying`). When the request then dies,
 * ApiMain::handleException answers with the error printer of `format` (not the module's custom
 * printer), which carries the warnings given so far.
 */
const KEPT_WHEN_DYING: readonly string[] = ['unsupportedarray'];

/**
 * The codes of the warnings the error answer carries when the request dies: none of the module's own
 * when every error is on a parameter the module does not have (ApiMain dies on its own parameters
 * before the module reads any), else the rule's `keptWhenDying`.
 */
function keptWhenDying(am: WikiModule, rule: ActionRule, errors: QueryCheck['out']): readonly string[] {
  const kept = rule.keptWhenDying ?? KEPT_WHEN_DYING;
  if (kept === KEPT_WHEN_DYING) return kept;
  for (const e of errors) {
    const param = e.data?.param;
    if (!param || param === 'action' || am.parameters.some((d) => am.prefix + d.name === param)) return kept;
  }
  return KEPT_WHEN_DYING;
}

/** What the server hides: a module that drops warnings from its answer (unless a parameter keeps them). */
function applyHidesWarnings(ctx: QueryCheck, am: WikiModule, planned: PlannedActionRule, hooks: ActionCheckHooks): void {
  if (!gateOpen(planned, ctx.byName)) return;
  const rule = planned.rule;
  if (rule.conditions) for (const c of rule.conditions) if (!conditionHolds(ctx, am, c)) return;
  const unless = rule.unless !== undefined ? given(ctx, am, rule.unless) : undefined;
  const severity = (d: QueryCheck['out'][number]) => d.severity ?? hooks.defaultSeverity(d.code);
  const errors = ctx.out.filter((d) => severity(d) === 'error');
  const kept = errors.length > 0 ? keptWhenDying(am, rule, errors) : [];
  // (Everything in ctx.out belongs to this request: the main module's warnings are hidden too.)
  const warnings = ctx.out.filter((d) => severity(d) === 'warning' && !kept.includes(d.code));
  if (warnings.length === 0) return;
  if (unless && rule.errorCode) {
    ctx.add(rule.errorCode, unless.nameRange.start, unless.nameRange.end, rule.message, { param: '', module: am.name });
    return;
  }
  if (unless) return; // e.g. help with wrap: warnings are reported
  for (const d of warnings) {
    d.data = { ...d.data };
    d.message = `${d.message} The wiki would silently ignore this (${rule.why ?? `action=${am.name} drops warnings`}), so it shows nowhere in its answer.`;
    (d.data as { hiddenCode?: string }).hiddenCode = d.code;
    d.code = 'ignoredbyserver';
    d.severity = undefined;
  }
}
