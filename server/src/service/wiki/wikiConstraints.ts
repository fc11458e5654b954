/**
 * Rules that MediaWiki modules enforce in their own code (not visible in paraminfo), kept as data
 * in descriptors/wiki/constraints.json. Each rule names the MediaWiki behaviour it mirrors.
 *
 * Kinds (ApiBase helpers):
 * - `exactlyOne`  — ApiBase::requireOnlyOneParameter: none given → `missingparam`
 *                   ("One of the parameters a and b is required."), several → `invalidparammix`.
 * - `atMostOne`   — ApiBase::requireMaxOneParameter: several given → `invalidparammix`.
 * - `atLeastOne`  — ApiBase::requireAtLeastOneParameter: none given → `missingparam`.
 * - `requires`    — a parameter needs another one (`params[0]` needs one of the rest):
 *                   `invalidparammix` (apierror-invalidparammix-mustusewith) unless `code` says otherwise.
 * - `conflicts`   — a parameter cannot be used with another (`params[0]` with any of the rest):
 *                   `invalidparammix` (apierror-invalidparammix-cannotusewith) unless `code` says otherwise.
 * - `missing`     — when a `when` condition holds, `params[0]` must be given (e.g. revisions'
 *                   "Because rvslots was not specified…" deprecation).
 * - `forbidden`   — when a `when` condition holds, none of `params` may be given (values listed in
 *                   `allowedValues` excepted), e.g. allimages' aistart with aisort=name.
 * - `pattern`     — every value of `params[0]` must match `pattern` (a regular expression), else
 *                   `code` (default unrecognizedvalues); for values a module checks itself, e.g.
 *                   languageinfo's language codes; with `when`, only while one of its conditions
 *                   holds (the continue forms of ApiBase::parseContinueParamOrDie per module); with
 *                   `sortFields`, the exact part count ApiQueryBacklinksprop's sort fields give, when
 *                   titles= alone decides it (wikiContinueParts.ts).
 * - `exclusiveValues` — values of the multi-valued `params[0]` that may not be given together
 *                   (`pairs`), e.g. ApiQueryRecentChanges' `show=minor|!minor` → code `show`
 *                   ("Incorrect parameter - mutually exclusive values may not be supplied.").
 * - `nonEmpty`      — `params` given with an empty value → `paramempty_<wire name>`
 *                   (ApiQueryUserContribs' apierror-paramempty).
 * - `moduleValues`  — the module checks `params[0]`'s value itself against the values paraminfo
 *                   lists (with `type/*` wildcards when `wildcard` is set), dying with `code`
 *                   instead of ParamValidator's badvalue (ApiQueryLogEvents' unknown_leaction).
 * - `titleInNamespaces` — the title `params[0]` must be in one of the namespaces `params[1]`
 *                   lists, else `code` (ApiQueryRecentChanges: rctitle outside rcnamespace).
 * - `runtimeWarning` — a warning the module adds while running that follows from the parameters
 *                   (TextExtracts' textextracts-limit, -sentences-and-html, -malformed-html): given
 *                   when every condition of `all` holds ({param} given, {param, absent} not given,
 *                   {param, above} its value or default above a number, {pages: "several"} more than
 *                   one page from titles/pageids/revids or a generator); pointed at params[0].
 * - `titleNamespace` — the module parses params[0] as a title and wants it in `namespace`
 *                   (ApiQueryCategoryMembers → invalidcategory, imageusage → bad_image_title).
 * - `titleValue`    — the module parses params[0] as a title itself (ApiBase::getTitleOrPageId,
 *                   Title::newFromText): an invalid title dies with `code` (default invalidtitle).
 * - `anonymous`     — the module refuses a reader who is not logged in (ApiBase::getWatchlistUser →
 *                   `notloggedin`; ApiQueryRecentChanges' patrolled flag → `permissiondenied`): when one
 *                   `when` condition holds (without `when`: whenever the module is used), unless every
 *                   parameter of `lifted` is given. Said as holding "when sent without logging in", with
 *                   the server's severity (error); not given when `wiki.loggedIn` says the program logs in.
 * `since` / `until` (optional): the MediaWiki versions a rule holds for — `since` inclusive,
 * `until` exclusive ("until": "1.45" holds up to 1.44). A versioned rule applies only where the
 * catalogue knows its wiki's version (siteinfo `generator`, or the built-in catalogue's own).
 * `when` (any of its conditions): `{ param }` holds when the parameter is given; `{ param, values }`
 * when its value (or, absent, its catalogue default) includes one of `values`.
 * A parameter counts as given when present in the query (ApiBase::parameterNotEmpty treats only
 * null and false as "not given": an empty string value counts as given; a boolean is given when present).
 * `pages` (pattern, missing, forbidden): the module reads the value only for a page set that is not empty, so the rule
 * applies only when the query names pages (`titles`, `pageids`, `revids` or `generator` with a value);
 * `existing` says that one of the pages must exist too, which the rule's message tells the user.
 * `notAsGenerator` (missing, forbidden): the module reads those parameters only when it is not the generator.
 */

import type { ConstraintRule, ConstraintUsePlan, PlannedConstraint, RuleCondition } from './wikiConstraintRules';
import { ruleHoldsFor } from './wikiConstraintRules';
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiParam } from './wikiTypes';
import { applyRuntimeWarning, applyValueRule } from './wikiValueRules';
import { getValueItems, splitValueItems, type ValueItemScratch } from './wikiQueryParser';
import { interwikiOf, titleProblem } from './wikiTitleRules';
import { accountRuleHolds, anonymousNote } from './wikiAccountRules';
import { ALWAYS, gateOpen, type RuleGate } from './wikiRulePlan';
import {
  backlinksSortFields,
  deletedrevsContinueProblem,
  severalIdsProblem,
  singleIdOfPageSet,
  titlesNameNamespace,
} from './wikiContinueParts';
import { DEFAULT_SEVERITIES } from './wikiDiagnosticCodes';

/** Codes with a default severity of their own; a pattern rule's other codes are the module dying (errors). */
const DEFAULT_SEVERITY_KNOWN = new Set(['unrecognizedvalues']);

const ERROR_CODES = new Set(['badinteger', 'badvalue', 'badtimestamp', 'baduser', 'badtitle', 'toomanyvalues']);

function joinNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function fill(template: string | undefined, names: string[], fallback: string): string {
  return template ? template.replace(/\{params\}/g, joinNames(names)) : fallback;
}

const NO_RULES: ConstraintUsePlan = { entries: [], at: [] };

/**
 * The planned rules of one module under one wire prefix (the catalogue keeps them: `constraintPlans`, keyed
 * only by the modules that have rules, so a document selecting many modules adds nothing there).
 */
function usePlan(cat: WikiCatalogue, module: string, prefix: string): ConstraintUsePlan {
  const book = cat.constraintBook;
  if (!book.has(module)) return NO_RULES;
  const plans = cat.constraintPlans;
  let byPrefix = plans.get(module);
  if (byPrefix === undefined) plans.set(module, (byPrefix = new Map()));
  let plan = byPrefix.get(prefix);
  if (plan === undefined) byPrefix.set(prefix, (plan = makeUsePlan(cat, module, prefix)));
  return plan;
}

function makeUsePlan(cat: WikiCatalogue, module: string, prefix: string): ConstraintUsePlan {
  const { rules, positions } = cat.constraintsOf(module);
  const entries: PlannedConstraint[] = [];
  const at: (PlannedConstraint | undefined)[] = new Array(cat.constraintBook.size).fill(undefined);
  for (let k = 0; k < rules.length; k++) {
    const rule = rules[k];
    const index = positions[k];
    const names = rule.params.map((n) => prefix + n);
    const gate = ruleGate(rule, names, prefix);
    entries.push((at[index] = { rule, needs: gate.needs, min: gate.min, index, names }));
  }
  return { entries, at };
}

/** What must be given for a rule to say anything (applyRule and the kinds' checks return at once otherwise). */
function ruleGate(rule: ConstraintRule, names: string[], prefix: string): RuleGate {
  switch (rule.kind) {
    case 'atMostOne':
      return { needs: names, min: 2 };
    case 'forbidden':
      return { needs: names, min: 1 };
    case 'exactlyOne':
    case 'atLeastOne':
      return ALWAYS;
    case 'missing':
    case 'anonymous': {
      // One `when` condition must hold; each without `values` holds only for a given parameter (a default can meet `values`).
      const when = rule.when;
      if (!when || when.length === 0 || when.some((c) => c.values)) return ALWAYS;
      return { needs: when.map((c) => prefix + c.param), min: 1 };
    }
    case 'runtimeWarning': {
      // Every condition of `all` must hold; a bare {param}, or one with `over`, holds only when it is given.
      const c = rule.all?.find((c) => c.param !== undefined && !c.absent && c.above === undefined && c.pages === undefined);
      return c ? { needs: [prefix + c.param], min: 1 } : ALWAYS;
    }
    case 'exclusiveValues':
    case 'nonEmpty':
    case 'moduleValues':
    case 'titleInNamespaces':
    case 'titleValue':
    case 'titleNamespace':
    case 'mediaHandler':
    case 'requires':
    case 'conflicts':
    case 'pattern':
      // The value kinds, requires, conflicts and pattern say nothing unless their first parameter is given.
      return { needs: [names[0]], min: 1 };
    default:
      return ALWAYS;
  }
}

/** The plan of each slot of the check under way: the selected modules' uses, then `query` (no re-entry: one check at a time). */
const slotPlans: ConstraintUsePlan[] = [];

/**
 * Apply the catalogue's constraint rules to a checked query: for `query` rules always (when the
 * action is query), for module rules when the module is selected (its wire prefix applied, `g`
 * included under generator=). Only the rules whose gate is open, in data order, each use of a module
 * in the order the modules were selected: nothing is allocated unless a rule applies.
 */
export function applyConstraints(ctx: QueryCheck): void {
  const cat = ctx.catalogue;
  if (cat.constraintBook.size === 0) return;
  const present = ctx.present;
  const uses = ctx.uses;
  const slots = uses.length + 1;
  // (Scratch arrays written from 0 and read up to the counts kept here: resetting a length costs a call.)
  const picked = ctx.ruleScratch;
  let count = 0;
  // (One call of pickInOrder for every slot, `query`'s last: the optimizing compiler inlines it once.)
  for (let u = 0; u < slots; u++) {
    const plan = u < uses.length ? usePlan(cat, uses[u].module.name, uses[u].wirePrefix) : usePlan(cat, 'query', '');
    slotPlans[u] = plan;
    count = pickInOrder(picked, count, plan, present, slots, u);
  }
  for (let k = 0; k < count; k++) {
    const code = picked[k];
    const u = code % slots;
    const planned = slotPlans[u].at[(code - u) / slots]!;
    if (u === uses.length) applyRule(ctx, planned, '', undefined);
    else applyRule(ctx, planned, uses[u].wirePrefix, uses[u]);
  }
}

/** Adds the open rules of one slot's plan to the first `count` of `picked`, kept sorted by (rule position, slot); the new count. */
function pickInOrder(
  picked: number[],
  count: number,
  plan: ConstraintUsePlan,
  present: { has(name: string): boolean },
  slots: number,
  slot: number,
): number {
  const entries = plan.entries;
  for (let e = 0; e < entries.length; e++) {
    const planned = entries[e];
    if (!gateOpen(planned, present)) continue;
    const code = planned.index * slots + slot;
    let j = count++;
    while (j > 0 && picked[j - 1] > code) {
      picked[j] = picked[j - 1];
      j--;
    }
    picked[j] = code;
  }
  return count;
}

// A parameter whose value is already an error (badinteger, badvalue, …) stops MediaWiki before the
// module's own rules run: a rule's verdict on it is not added. Worked out on a query's first report
// (from the diagnostics before any rule ran), as most queries break no rule.
function report(ctx: QueryCheck, ...args: Parameters<QueryCheck['add']>): void {
  let broken = ctx.broken;
  if (broken === undefined) {
    broken = ctx.broken = new Set<string>();
    for (const d of ctx.out) if (ERROR_CODES.has(d.code)) broken.add(d.data.param);
  }
  if (!broken.has(args[4].param)) ctx.add(...args);
}

/** The first condition that holds, with where it was found (or the module name when from a default). */
function conditionHolds(
  ctx: QueryCheck,
  when: RuleCondition[],
  prefix: string,
  use: QueryCheck['uses'][number] | undefined,
): { start: number; end: number; text: string; wire: string } | undefined {
  for (const c of when) {
    const wire = prefix + c.param;
    const p = ctx.present.get(wire);
    if (c.absent) {
      if (!p && use) return { start: use.start, end: use.end, text: `${wire} not given`, wire };
      continue;
    }
    if (!c.values) {
      if (p) return { start: p.nameRange.start, end: p.nameRange.end, text: wire, wire };
      continue;
    }
    if (p) {
      const hit = itemIn(ctx.text, p, c.values, wire);
      if (hit !== undefined) return hit;
      continue;
    }
    const d = use?.module.paramByName.get(c.param);
    const dflt = d?.default === undefined || typeof d.default === 'boolean' ? [] : String(d.default).split('|');
    const hit = dflt.find((v) => c.values!.includes(v));
    if (hit !== undefined && use) return { start: use.start, end: use.end, text: `${wire}=${hit} (the default)`, wire };
  }
  return undefined;
}

/** The items `itemIn` splits a value into (reused: one check at a time, emptied after each use). */
const itemScratch: ValueItemScratch = { texts: [], starts: [], ends: [] };

/** The first item of `p`'s value that is one of `values`, as conditionHolds answers it; no object per item. */
function itemIn(
  text: string,
  p: WikiParam,
  values: readonly string[],
  wire: string,
): { start: number; end: number; text: string; wire: string } | undefined {
  const n = splitValueItems(text, p, itemScratch);
  const texts = itemScratch.texts;
  let hit: { start: number; end: number; text: string; wire: string } | undefined;
  for (let i = 0; i < n; i++) {
    if (hit === undefined && values.includes(texts[i]))
      hit = { start: itemScratch.starts[i], end: itemScratch.ends[i], text: `${wire}=${texts[i]}`, wire };
    texts[i] = ''; // (no slice of the document kept alive)
  }
  return hit;
}

const NONE_GIVEN: string[] = [];

/** The rule's parameters present in the query, in the order MediaWiki lists them. */
function givenInOrder(ctx: QueryCheck, names: string[], prefix: string, use: QueryCheck['uses'][number] | undefined): string[] {
  const given = names.filter((n) => ctx.present.has(n));
  // MediaWiki lists the parameters given in the module's own parameter order (array_intersect on
  // the extracted parameters), so that order decides which one is "the second".
  const order = (n: string) => {
    const d = use?.module.paramByName.get(n.slice(prefix.length));
    return d ? use!.module.parameters.indexOf(d) : names.indexOf(n);
  };
  if (given.length > 1) given.sort((a, b) => order(a) - order(b));
  return given;
}

type Use = QueryCheck['uses'][number] | undefined;

function applyRule(ctx: QueryCheck, planned: PlannedConstraint, prefix: string, use: Use): void {
  const { rule, names } = planned;
  const kind = rule.kind;
  if (kind === 'runtimeWarning') {
    // A prop module that returns before reading its parameters for an empty page set, or reads them
    // only when it is not the generator (ApiQueryRevisions::run); `when`: one of them must hold.
    if (!pagesRead(ctx, rule, use)) return;
    if (rule.notAsGenerator && use?.generator === true) return;
    if (rule.when && !conditionHolds(ctx, rule.when, prefix, use)) return;
    applyRuntimeWarning(ctx, rule, names, prefix, use);
    return;
  }
  if (kind === 'anonymous') {
    // A prop module that returns before its rights check for an empty page set, or checks only when it is
    // not the generator (ApiQueryDeletedRevisions::run, ApiQueryAllDeletedRevisions::run).
    if (!pagesRead(ctx, rule, use)) return;
    if (rule.notAsGenerator && use?.generator === true) return;
    // Either for a sender not logged in, or (`account`) for the signed-in account lacking a right.
    if (rule.account ? accountRuleHolds(ctx, rule.account) : !ctx.loggedIn) applyAnonymous(ctx, rule, prefix, use);
    return;
  }
  if (
    kind === 'exclusiveValues' ||
    kind === 'nonEmpty' ||
    kind === 'moduleValues' ||
    kind === 'titleInNamespaces' ||
    kind === 'titleValue' ||
    kind === 'titleNamespace' ||
    kind === 'mediaHandler'
  ) {
    if (!ctx.present.has(names[0])) return;
    // A prop module that returns before reading its parameters for an empty page set (ApiQueryBacklinksprop::run).
    if (!pagesRead(ctx, rule, use)) return;
    if (rule.pagesInNamespace !== undefined && !titlesNameNamespace(ctx, rule.pagesInNamespace, use?.generator === true)) return;
    applyValueRule(ctx, rule, names, use, report);
    return;
  }
  // Cheap exits (nothing allocated) for the usual case: the rule holds.
  if ((kind === 'requires' || kind === 'conflicts' || kind === 'pattern') && !ctx.present.has(names[0])) return;
  let count = 0;
  for (const n of names) if (ctx.present.has(n)) count++;
  if (kind === 'atMostOne' && count <= 1) return;
  if (kind === 'atLeastOne' && count >= 1) return;
  if (kind === 'exactlyOne' && count === 1) return;
  if (
    (kind === 'requires' || kind === 'conflicts' || kind === 'pattern' || kind === 'missing') &&
    ctx.present.has(names[0]) === (kind === 'missing')
  )
    return;
  if (kind === 'forbidden' && count === 0) return;
  const module = use?.module.name ?? rule.module;
  switch (kind) {
    case 'exactlyOne':
    case 'atLeastOne':
    case 'atMostOne':
      // A prop module that returns before reading its parameters for an empty page set (TextExtracts' ApiQueryExtracts::execute).
      if (!pagesRead(ctx, rule, use)) return;
      applyCountRule(ctx, rule, names, count > 0 ? givenInOrder(ctx, names, prefix, use) : NONE_GIVEN, use, module);
      return;
    case 'requires':
      applyRequires(ctx, rule, names, module);
      return;
    case 'missing':
    case 'forbidden':
      // A prop module that returns before reading its parameters for an empty page set (ApiQueryRevisions::run).
      if (!pagesRead(ctx, rule, use)) return;
      if (rule.notAsGenerator && use?.generator === true) return;
      applyConditional(ctx, rule, names, prefix, use, module);
      return;
    case 'pattern':
      // A pattern with `when` holds only while its condition does (ApiQueryCategoryMembers: cmsort decides the continue form).
      if (rule.when && !conditionHolds(ctx, rule.when, prefix, use)) return;
      if (!pagesRead(ctx, rule, use)) return;
      // ApiQueryBacklinksprop::run returns before reading continue for an empty namespace list.
      if (rule.sortFields?.namespace !== undefined && ctx.present.get(prefix + rule.sortFields.namespace)?.value === '') return;
      // fileusage reads its continue value only for File: pages: judged only when titles= certainly names one.
      if (rule.sortFields?.toNamespace !== undefined && !titlesNameNamespace(ctx, rule.sortFields.toNamespace, use?.generator === true))
        return;
      // imageinfo and duplicatefiles read their continue value only for File: pages (good or missing).
      if (rule.pagesInNamespace !== undefined && !titlesNameNamespace(ctx, rule.pagesInNamespace, use?.generator === true)) return;
      applyPattern(ctx, rule, names, use, module, prefix);
      return;
    case 'conflicts':
      // ApiQueryRevisionsBase::parseParameters: after the return for an empty page set, and not for the generator.
      if (!pagesRead(ctx, rule, use)) return;
      if (rule.notAsGenerator && use?.generator === true) return;
      applyConflicts(ctx, rule, names, module);
      return;
  }
}

/** What the suffix of an `anonymous` rule's message says: the verdict holds for requests sent without logging in. */
export const ANONYMOUS_NOTE =
  'MediaWiki answers this to a request sent without logging in; if the program sending it logs in, set wikimapQuery.wiki.loggedIn (check: --logged-in).';

/** `anonymous`: the module refuses a reader who is not logged in (the module's name, or the value that asks, is pointed at). */
function applyAnonymous(ctx: QueryCheck, rule: ConstraintRule, prefix: string, use: Use): void {
  if (!use) return;
  if (rule.lifted && rule.lifted.every((n) => ctx.present.has(prefix + n))) return;
  if (rule.noNamespaceReturns !== undefined && noNamespaceLeft(ctx, rule.noNamespaceReturns, prefix, use)) return;
  let at: { start: number; end: number; wire: string } = { start: use.start, end: use.end, wire: '' };
  if (rule.when) {
    const hit = conditionHolds(ctx, rule.when, prefix, use);
    if (!hit) return;
    at = hit;
  }
  const args = [
    rule.code,
    at.start,
    at.end,
    rule.account ? accountMessage(rule.message ?? '', ctx) : `${rule.message} (${anonymousNote(ctx, ANONYMOUS_NOTE)})`,
    { param: at.wire, module: use.module.name },
    { severity: 'error' },
  ] as const;
  // (A value already in error stops the server first; the module's own name is never such a value.)
  if (at.wire) report(ctx, ...args);
  else ctx.add(...args);
}

/**
 * Whether the namespace parameter `name` is given with no value that is one of the wiki's namespaces (each
 * unrecognized, which the server drops with a warning, or none): the module then has an empty namespace list.
 */
function noNamespaceLeft(ctx: QueryCheck, name: string, prefix: string, use: NonNullable<Use>): boolean {
  const p = ctx.present.get(prefix + name);
  const d = use.module.paramByName.get(name);
  if (p === undefined || d === undefined) return false;
  const n = splitValueItems(ctx.text, p, itemScratch);
  let left = false;
  for (let i = 0; i < n; i++) {
    const v = itemScratch.texts[i];
    // (`*` is every namespace.)
    if (v === '*' || ctx.catalogue.isNamespaceValueOf(d, v)) left = true;
    itemScratch.texts[i] = ''; // (no slice of the document kept alive)
  }
  return !left;
}

/** An account rule's message, with the account the wiki was signed in to and where its rights come from. */
function accountMessage(message: string, ctx: QueryCheck): string {
  return `${message} (${ctx.catalogue.account?.name ?? ''}, the account this wiki was signed in to, lacks it: its rights as the wiki listed them when the catalogue was loaded; a bot password has only those of its grants.)`;
}

const PAGE_SET_PARAMS = ['titles', 'pageids', 'revids', 'generator'];

/**
 * Whether a rule with `pages` (a module that returns first for an empty page set) is read: the query names pages
 * (`titles`: not by revids alone; see ConstraintRule.pages). True for a rule without `pages`.
 */
function pagesRead(ctx: QueryCheck, rule: ConstraintRule, use: Use): boolean {
  return !rule.pages || namesPages(ctx, use?.generator === true, rule.pages === 'titles');
}

/**
 * Whether the query names pages: a page-set parameter with a value (ApiPageSet), `titles` with at least
 * one valid title (ApiPageSet::processTitlesArray lists invalid ones apart). Without one the page set is empty, and prop modules return before reading their own parameters (ApiQueryBacklinksprop,
 * ApiQueryLinks, …). A prop module that is itself the generator reads the pages of titles/pageids/revids
 * alone (ApiQueryGeneratorBase::getPageSet: the page set ApiPageSet builds for the generator).
 */
function namesPages(ctx: QueryCheck, asGenerator: boolean, notRevids = false): boolean {
  for (const name of PAGE_SET_PARAMS) {
    if (asGenerator && name === 'generator') continue;
    if (notRevids && name === 'revids') continue;
    const p = ctx.present.get(name);
    if (!p || p.value === '') continue;
    // Invalid titles (`A[b]`, `|`) are listed as invalid, not looked up: they name no page.
    // So are titles of other wikis (listed as interwiki); a prefix that may be one leaves it uncertain: not judged.
    if (name === 'titles' && !getValueItems(ctx.text, p).some((i) => isOwnTitle(i.text, ctx))) continue;
    return true;
  }
  return false;
}

/** A valid title of this wiki, certainly not another wiki's. */
function isOwnTitle(v: string, ctx: QueryCheck): boolean {
  return titleProblem(v, ctx.catalogue) === undefined && interwikiOf(v, ctx.catalogue) === undefined;
}

/** exactlyOne / atLeastOne / atMostOne, given the names present (in the order written). */
function applyCountRule(ctx: QueryCheck, rule: ConstraintRule, names: string[], given: string[], use: Use, module: string): void {
  if (rule.kind !== 'atMostOne' && given.length === 0) {
    const at = use ?? { start: ctx.query.range.start, end: ctx.query.range.start };
    const msg =
      rule.kind === 'exactlyOne'
        ? `One of the parameters ${joinNames(names)} is required by ${module}. Add one of them.`
        : `At least one of the parameters ${joinNames(names)} is required by ${module}. Add one of them.`;
    report(ctx, 'missingparam', at.start, at.end, fill(rule.message, names, msg), {
      param: names[0],
      addParam: names[0],
      module,
      params: names.slice(),
    });
    return;
  }
  if (rule.kind === 'atLeastOne' || given.length <= 1) return;
  // Several given where at most one may be: report on each one after the first.
  const code = rule.code === 'missingparam' ? 'invalidparammix' : rule.code;
  for (const n of given.slice(1)) {
    const p = ctx.present.get(n)!;
    const msg =
      code === 'multisource'
        ? `The parameters ${given[0]} and ${n} can not be used together: give pages one way only (${joinNames(names)}). Remove one.`
        : `The parameters ${joinNames(given)} can not be used together. Keep one of them.`;
    report(ctx, code, p.nameRange.start, p.nameRange.end, fill(rule.message, given, msg), { param: n, module, params: given });
  }
}

/** requires: the first parameter only with one of the others. */
function applyRequires(ctx: QueryCheck, rule: ConstraintRule, names: string[], module: string): void {
  const [first, ...rest] = names;
  if (!ctx.present.has(first) || rest.some((n) => ctx.present.has(n))) return;
  const p = ctx.present.get(first)!;
  const code = rule.code === 'missingparam' ? 'invalidparammix' : rule.code;
  report(
    ctx,
    code,
    p.nameRange.start,
    p.nameRange.end,
    fill(rule.message, names, `The ${first} parameter may only be used with ${joinNames(rest)}. Add ${rest[0]}=…, or remove ${first}.`),
    { param: first, addParam: rest[0], module, params: names.slice() },
  );
}

/** missing / forbidden: a parameter needed, or not allowed, while the rule's condition holds. */
function applyConditional(ctx: QueryCheck, rule: ConstraintRule, names: string[], prefix: string, use: Use, module: string): void {
  const hold = conditionHolds(ctx, rule.when ?? [], prefix, use);
  if (!hold) return;
  if (rule.kind === 'missing') {
    if (ctx.present.has(names[0])) return;
    report(
      ctx,
      rule.code,
      hold.start,
      hold.end,
      fill(rule.message, names, `${names[0]} is not given, while ${hold.text} needs it. Add ${names[0]}=…`),
      { param: names[0], addParam: names[0], module, params: [names[0], hold.wire] },
    );
    return;
  }
  for (const n of names) {
    const p = ctx.present.get(n);
    if (!p) continue;
    if (rule.allowedValues?.includes(p.value)) continue;
    report(
      ctx,
      rule.code,
      p.nameRange.start,
      p.nameRange.end,
      fill(rule.message, [n], `The ${n} parameter cannot be used with ${hold.text}. Remove it, or change ${hold.wire}.`),
      { param: n, module, params: [n, hold.wire] },
      // A code without a default severity of its own is the module dying (ApiQuerySiteinfo's includeAllDenied).
      DEFAULT_SEVERITIES[rule.code] === undefined ? { severity: 'error' } : undefined,
    );
  }
}

/** pattern: each value of the parameter must match (the module's all-specifier aside). */
function applyPattern(ctx: QueryCheck, rule: ConstraintRule, names: string[], use: Use, module: string, prefix: string): void {
  const p = ctx.present.get(names[0]);
  if (!p || !rule.pattern) return;
  const d = use ? use.module.paramByName.get(rule.params[0]) : ctx.catalogue.query?.paramByName.get(names[0]);
  // A single-valued parameter is matched whole (`continue=-||` is one value, not three).
  const items = d && !d.multi ? [{ text: p.value, range: p.valueRange }] : getValueItems(ctx.text, p);
  if (d?.allspecifier !== undefined && items.length === 1 && items[0].text === d.allspecifier) return;
  for (const item of items) {
    let message = rule.message;
    if (rule.pattern.test(item.text)) {
      const exact = rule.sortFields
        ? sortFieldsProblem(ctx, rule.sortFields, prefix, item.text, use?.generator === true)
        : rule.userMode !== undefined &&
          deletedrevsContinueProblem(
            ctx,
            prefix + rule.userMode,
            item.text,
            rule.timestampSince !== undefined && ruleHoldsFor({ since: rule.timestampSince }, ctx.catalogue.mediaWikiVersion),
          );
      if (!exact) continue;
      message = `${rule.message} ${exact}`;
    }
    report(
      ctx,
      rule.code,
      item.range.start,
      item.range.end,
      fill(
        message,
        names,
        `Unrecognized value for parameter "${names[0]}": ${item.text || '(empty)'}; the wiki ignores it. Use a value of the documented form.`,
      ),
      { param: names[0], module, value: item.text },
      DEFAULT_SEVERITY_KNOWN.has(rule.code) ? undefined : { severity: 'error' },
    );
  }
}

/** What is wrong with a continue value whose sort fields the request decides (backlinksSortFields), or undefined. */
function sortFieldsProblem(
  ctx: QueryCheck,
  sort: NonNullable<ConstraintRule['sortFields']>,
  prefix: string,
  value: string,
  asGenerator: boolean,
): string | undefined {
  const fields = backlinksSortFields(
    ctx,
    sort.fromNamespace === undefined ? undefined : prefix + sort.fromNamespace,
    sort.toNamespace,
    asGenerator,
  );
  if (!fields) {
    if (sort.toNamespace !== undefined) return undefined;
    return severalIdsProblem(ctx, sort.fromNamespace === undefined ? undefined : prefix + sort.fromNamespace, sort.int, value, asGenerator);
  }
  const parts = value.split('|');
  if (parts.length === fields.length && fields.every((f, i) => f === 'title' || sort.int.test(parts[i]))) return undefined;
  const form = fields.map((f) => (f === 'title' ? 'title' : 'int')).join('|');
  const one = sort.toNamespace === undefined ? singleIdOfPageSet(ctx, asGenerator) : undefined;
  const subject = one ? `one page (${one.wire}=${one.id})` : 'these titles and namespaces';
  // A missing page id or revision names no page: the wiki then returns before reading the value.
  const exists = one ? ` The wiki reads it only when ${one.wire === 'pageids' ? 'that page' : 'that revision'} exists.` : '';
  return `With ${subject} the value has ${fields.length} part${fields.length === 1 ? '' : 's'}: ${form}.${exists}`;
}

/** conflicts: the first parameter not with any of the others. */
function applyConflicts(ctx: QueryCheck, rule: ConstraintRule, names: string[], module: string): void {
  const [first, ...rest] = names;
  const other = rest.find((n) => ctx.present.has(n));
  if (!ctx.present.has(first) || other === undefined) return;
  const p = ctx.present.get(first)!;
  const code = rule.code === 'missingparam' ? 'invalidparammix' : rule.code;
  report(
    ctx,
    code,
    p.nameRange.start,
    p.nameRange.end,
    fill(rule.message, names, `The ${first} parameter cannot be used with ${other}. Remove one of them.`),
    { param: first, module, params: [first, other] },
  );
}
