/**
 * Diagnostics for wiki queries, agreeing with what a real MediaWiki says about the same request.
 *
 * Codes and the error/warning split mirror MediaWiki's ParamValidator and API modules:
 * - `unrecognizedparams` (warning, ApiMain::reportUnusedParams): a parameter no used module reads —
 *   unknown, of a module not selected, or a generator's parameter without its `g` prefix.
 * - `unrecognizedvalues` (warning): a bad value of a multi-valued enum/namespace (ParamValidator
 *   drops it, PARAM_IGNORE_UNRECOGNIZED_VALUES is on in the API), an unknown list/prop/meta module.
 * - `badvalue` (error): a bad single-valued enum/namespace value, or a U+001F list given to a
 *   single-valued parameter (paramvalidator-notmulti).
 * - `toomanyvalues` (error): more values than the limit (50, or 500 with apihighlimits).
 * - `outofrange` (warning, the server clamps; error for parameters with `enforcerange`).
 * - `badinteger` (error): not `^[+-]?\d+$`; `max` is valid for limits.
 * - `badtimestamp` (error); `unclearnowtimestamp` (warning) for `` and `0`; `now` is valid.
 * - `missingparam` (error): a required parameter absent, or a required string given empty.
 * - `deprecation` (warning): deprecated parameter, value or module.
 * - `badgenerator` (error, ApiPageSet): unknown generator, or a module that is not a generator.
 * - `baduser`, `badtitle` (error, UserDef/TitleDef): not a user name of an accepted kind / not a title.
 * - `multisource`, `invalidparammix`, `missingparam` from module-enforced rules (wikiConstraints.ts).
 * - `singlepageonly`, `useronly`, `nonuseronly`, `modes`, `preloadcontentonly`, `editintroonly`
 *   (information): the catalogue's `info` conditions, when the parameter is used where it does not apply.
 *   Where the module itself dies on the same condition, an `invalidparammix` error comes with the
 *   note (ApiQueryRevisions' single-page rule; alldeletedrevisions' user mode via constraints.json).
 * - Every other top-level module (parse, compare, opensearch, the write modules, …): wikiActionValidation.ts,
 *   through two hooks below (`checkActionParam`, `finishActionCheck`); `badutf8` for every module (wikiUtf8Check.ts).
 * Beyond what the server says: `booleanfalse` and `sensitiveparam` (information: the wiki accepts
 * them, so they are advice, not verdicts), `duplicatevalues` (hint), `repeatedparam`, `notquery`
 * (information), `noaction` (warning: the wiki shows its help page), and did-you-mean suggestions
 * in `data.suggestion`. Severity per code is a setting (`off` included).
 *
 * This file judges one query (`checkQuery`): it finds which module reads each parameter and hands
 * the parameter to that module's checks. By concern: wikiValidationModules.ts (list/prop/meta/generator,
 * required parameters), wikiValidationParam.ts (one parameter against its descriptor),
 * wikiValidationValues.ts and wikiValidationForms.ts (one value against its type),
 * wikiValidationUnrecognized.ts (parameters nobody reads), wikiValidationConditions.ts (info
 * conditions), wikiValidationRemoval.ts (quick-fix ranges). The validator of a language service
 * (wikiValidator.ts) runs it over a document's queries and keeps the verdicts.
 */
import { describeMangling, phpParamName } from '../../../../common/phpParamName';
import { DiagnosticTag } from 'vscode-languageserver-types';
import { credentialsStripped } from './wikiAccountRules';
import type { ParamLookup, WikiModule, WikiParam, WikiQuery } from './wikiTypes';
import type { ValueItemScratch } from './wikiQueryParser';
import type { WikiCatalogue } from './wikiCatalogue';
import { didYouMean } from './wikiDidYouMean';
import { applyConstraints } from './wikiConstraints';
import { PresentParams } from './wikiPresentParams';
import type { ModuleUse, ParamReaders, QueryCheck, RelDiag } from './wikiCheckTypes';
import { checkPhpArrayParam, phpArrayBase } from './wikiPhpArrayParams';
import { checkUrlLength } from './wikiUrlLength';
import { checkOrigin } from './wikiOrigin';
import { checkActionParam, finishActionCheck, finishMainCheck, finishQueryCheck, type ActionCheckHooks } from './wikiActionValidation';
import { badUtf8Message } from './wikiUtf8Check';
import { errorMessage } from '../../../../common/errorMessage';
import { DEFAULT_SEVERITIES } from './wikiDiagnosticCodes';
import { checkParam } from './wikiValidationParam';
import { checkRequiredParams, checkSelectedModules, normalUse } from './wikiValidationModules';
import { reportUnrecognized, templateTargetMissing } from './wikiValidationUnrecognized';
import { checkConditions } from './wikiValidationConditions';
import { quote } from './wikiValidationForms';
import { itemRemoval, pairRemoval } from './wikiValidationRemoval';

export { DEFAULT_SEVERITIES, itemRemoval, pairRemoval };

export { DIAGNOSTIC_SOURCE } from './wikiDiagnosticCodes';

export function checkQuery(
  text: string,
  query: WikiQuery,
  catalogue: WikiCatalogue,
  highLimits: boolean,
  full: boolean,
  scratch: ValueItemScratch,
  ruleScratch: number[],
  loggedIn = false,
): RelDiag[] {
  // JSONP and anonymous CORS requests are answered as an anonymous user, whoever sends them (wikiAccountRules.ts).
  const anonymous = (loggedIn || highLimits) && credentialsStripped(query);
  const ctx = new QueryChecker(text, query, catalogue, highLimits && !anonymous, full, scratch, ruleScratch, loggedIn && !anonymous);
  try {
    runChecks(ctx);
  } catch (e) {
    // A validator bug must not take diagnostics down with it: report it on the query.
    ctx.add('internal', query.range.start, query.range.start, `Could not check this query (${errorMessage(e)}). Please report this.`, {
      param: '',
    });
  }
  return ctx.out;
}

/**
 * The state of one query's check. A class, not an object literal with an `add` closure: one closure
 * fewer per query, and every check's state has the same shape.
 */
class QueryChecker implements QueryCheck {
  readonly out: RelDiag[] = [];
  readonly base: number;
  readonly byName: ParamLookup;
  readonly present: PresentParams;
  readonly uses: ModuleUse[] = [];
  broken: Set<string> | undefined = undefined;

  constructor(
    readonly text: string,
    readonly query: WikiQuery,
    readonly catalogue: WikiCatalogue,
    readonly highLimits: boolean,
    readonly full: boolean,
    readonly scratch: ValueItemScratch,
    readonly ruleScratch: number[],
    readonly loggedIn: boolean,
  ) {
    this.base = query.range.start;
    this.byName = query.byName;
    this.present = new PresentParams(this.byName);
  }

  add(
    code: string,
    start: number,
    end: number,
    message: string,
    data: Parameters<QueryCheck['add']>[4],
    extra?: Parameters<QueryCheck['add']>[5],
  ): void {
    const base = this.base;
    const d: RelDiag = { start: start - base, end: end - base, code, message, data };
    if (extra?.remove) d.remove = { start: extra.remove.start - base, end: extra.remove.end - base };
    if (extra?.severity) d.severity = extra.severity;
    if (extra?.tags) d.tags = extra.tags;
    this.out.push(d);
  }
}

/** Names PHP reads as other names, and repeated parameters (PHP keeps the last occurrence only). */
function checkParamNames(ctx: QueryCheck): void {
  const { text, query } = ctx;
  // Names PHP reads as other names: the query is judged under the names the wiki will see.
  for (const p of query.params) {
    if (p.writtenName === undefined) continue;
    const php = phpParamName(p.writtenName);
    // An array name (`titles[0]`) is the wiki's own `unsupportedarray` or `unrecognizedparams` (wikiPhpArrayParams.ts).
    if (php.array && !php.dropped && phpArrayBase(p.name) !== undefined && p.writtenName.trimStart() === p.writtenName) continue;
    const sees = php.dropped
      ? 'no parameter at all (PHP drops the pair)'
      : php.array
        ? `an array "${php.name}", whose value MediaWiki ignores`
        : `"${p.name}"`;
    // Leading spaces only (a line break inside a URL template): the request is the one written without
    // them, so that is information; a name PHP changes otherwise (`a.b` → `a_b`) stays a warning.
    const onlyTrimmed = !php.array && !php.dropped && p.writtenName.replace(/^ +/, '') === p.name;
    ctx.add(
      'phpname',
      p.nameRange.start,
      p.nameRange.end,
      `The wiki reads ${JSON.stringify(p.writtenName)} as ${sees}: PHP rewrites parameter names (${describeMangling(p.writtenName, php)}). This query is checked as the wiki will see it; ${onlyTrimmed ? 'the request is the same as written without the spaces.' : 'write the name it means.'}`,
      { param: p.name },
      onlyTrimmed ? { severity: 'information' } : undefined,
    );
  }

  // Repeated parameters: PHP keeps the last occurrence only.
  for (const p of query.params) {
    if (!p.overridden) continue;
    ctx.add(
      'repeatedparam',
      p.range.start,
      p.range.end,
      `"${p.name}" is given again later in this query; only the last occurrence counts (as PHP reads query strings). Remove this one or merge the values.`,
      { param: p.name },
      { remove: pairRemoval(text, query, p), tags: [DiagnosticTag.Unnecessary] },
    );
  }
}

/**
 * The action= parameter: sets in `r` whether the query is action=query, and the top-level module
 * action= names (other than query) when the catalogue describes it.
 */
function checkAction(ctx: QueryCheck, r: ParamReaders): void {
  const { query, catalogue: cat } = ctx;
  const main = cat.main!;
  const actionP = r.actionP;
  if (!actionP) {
    const first = query.params[0];
    const s = first ? first.range.start : query.range.start;
    const e = first ? first.range.end : query.range.end;
    ctx.add('noaction', s, e, 'No action given: the wiki answers with its help page instead of running the query. Add action=query.', {
      param: 'action',
      addParam: 'action',
      replacement: 'action=query',
    });
  } else {
    const d = main.paramByName.get('action');
    const v = actionP.value;
    if (v !== 'query') {
      r.isQuery = false;
      r.actionModule = cat.getActionModule(v);
      if (r.actionModule) {
        // Checked below, parameter by parameter (wikiActionValidation.ts).
      } else if (d?.values && !d.values.includes(v) && query.apiUrl !== undefined && cat.source === 'built-in') {
        // The URL names a wiki whose own catalogue is not loaded: the action may well be one of its extensions'.
        ctx.add(
          'unknownaction',
          actionP.valueRange.start,
          actionP.valueRange.end,
          `action=${v} is not in the built-in catalogue (MediaWiki core's modules); it may be a module of this wiki's extensions. Load this wiki's catalogue (set wikimapQuery.wiki.apiUrl to ${query.apiUrl}, or run "Wiki Query: Reload Catalogue") to check it.`,
          { param: 'action', value: v },
        );
      } else if (d?.values && !d.values.includes(v)) {
        const suggestion = ctx.full ? didYouMean(v, d.values) : undefined;
        ctx.add(
          'badvalue',
          actionP.valueRange.start,
          actionP.valueRange.end,
          `Unrecognized value for parameter "action": ${quote(v)}. ${suggestion ? `Did you mean "${suggestion}"? ` : ''}Use action=query to query the wiki.`,
          { param: 'action', value: v, suggestion },
        );
      } else {
        const suggestion = ctx.full && editDistanceSmall(v, 'query') ? 'query' : undefined;
        // The catalogue lists the action but does not describe it (a catalogue of query modules only,
        // or one cached before whole catalogues were fetched): its parameters cannot be checked.
        ctx.add(
          'notquery',
          actionP.valueRange.start,
          actionP.valueRange.end,
          `The catalogue in use (${cat.source}) does not describe action=${v}, so its parameters are not checked. ${suggestion ? 'Did you mean "query"? ' : ''}Run "Wiki Query: Reload Catalogue" to fetch the wiki's description of every module.`,
          { param: 'action', value: v, suggestion },
        );
      }
    }
  }
}

function runChecks(ctx: QueryCheck): void {
  const { text, catalogue: cat } = ctx;

  // Names PHP reads as other names (the query is judged under the names the wiki will see); repeats.
  checkParamNames(ctx);

  const byName = ctx.byName;
  const actionP = byName.get('action');
  const readers: ParamReaders = {
    actionP,
    isQuery: true,
    actionModule: undefined,
    // format (and its module's parameters)
    formatModule: cat.getFormatModule(byName.get('format')?.value ?? 'jsonfm'),
    gen: undefined,
    validNames: undefined,
  };
  checkAction(ctx, readers);
  const { isQuery, actionModule } = readers;
  if (isQuery) readers.gen = checkSelectedModules(ctx);

  // Every other parameter: find who reads it.
  for (const p of byName.values()) {
    // Invalid UTF-8, control characters, non-NFC text: the wiki cleans the value and warns (any module).
    const utf8 = badUtf8Message(text, p);
    if (utf8) ctx.add('badutf8', p.valueRange.start, p.valueRange.end, utf8, { param: p.name });
    if (p !== actionP) checkOtherParam(ctx, p, readers);
  }

  checkUrlLength(ctx);
  checkOrigin(ctx);
  if (actionP && (isQuery || actionModule)) finishMainCheck(ctx, actionP);
  if (!isQuery) {
    if (actionModule && actionP) finishActionCheck(ctx, actionModule, actionP, ACTION_HOOKS);
    return;
  }
  checkRequiredParams(ctx);
  // Module rules (errors where the module itself dies), then the catalogue's info notes, which
  // explain the same condition in the catalogue's words and carry the data of their quick fixes.
  applyConstraints(ctx);
  checkConditions(ctx);
  finishQueryCheck(ctx, ACTION_HOOKS);
}

/**
 * Parameters a format marks used itself, so that no module reports them. ApiFormatJson::__construct (json, jsonfm,
 * rawfm, and opensearch's JSON printer, its subclass) asks ApiMain::getCheck( 'callback' ), which marks `callback`
 * used (rawfm does not declare it), and then marks jQuery's JSONP cache buster `_` used (T94015). Feed and RSD
 * answers use printers of their own that do neither.
 */
const FORMAT_MARKS_USED: Record<string, { params: readonly string[]; when: string }> = {
  json: { params: ['_'], when: 'callback' },
  jsonfm: { params: ['_'], when: 'callback' },
  rawfm: { params: ['callback', '_'], when: 'callback' },
};
const OWN_PRINTER_ACTIONS = new Set(['feedcontributions', 'feedrecentchanges', 'feedwatchlist', 'rsd']);
/** Every name some format marks used: the one test most parameters pay on the check's hot path. */
const MARKED_NAMES = new Set(Object.values(FORMAT_MARKS_USED).flatMap((m) => m.params));
/** One bit per length of those names: most names end at this test, without a Set lookup. */
const MARKED_LENGTHS = [...MARKED_NAMES].reduce((bits, n) => bits | (1 << (n.length & 31)), 0);

function formatMarksUsed(ctx: QueryCheck, name: string, r: ParamReaders): boolean {
  if ((MARKED_LENGTHS & (1 << (name.length & 31))) === 0 || !MARKED_NAMES.has(name)) return false;
  const mark = r.formatModule && FORMAT_MARKS_USED[r.formatModule.name];
  if (!mark || !mark.params.includes(name) || !ctx.byName.has(mark.when)) return false;
  return !(r.actionModule && OWN_PRINTER_ACTIONS.has(r.actionModule.name));
}

/** One parameter other than `action`: the module that reads it judges it, or it is unrecognized. */
function checkOtherParam(ctx: QueryCheck, p: WikiParam, r: ParamReaders): void {
  const { catalogue: cat } = ctx;
  const main = cat.main!;
  const name = p.name;
  if (formatMarksUsed(ctx, name, r)) {
    ctx.present.set(name, p);
    return;
  }
  const arrayBase = phpArrayBase(name);
  if (arrayBase !== undefined) {
    checkPhpArrayParam(ctx, p, arrayBase, r.isQuery, r.formatModule, r.actionModule);
    return;
  }
  // prop/list/meta/generator were checked as module lists when the action is query.
  if (r.isQuery && (name === 'prop' || name === 'list' || name === 'meta' || name === 'generator')) {
    ctx.present.set(name, p);
    return;
  }
  // A module may declare a parameter of main's again (opensearch's own `format`): its values count.
  const { actionModule, formatModule } = r;
  if (actionModule && actionModule.prefix === '' && actionModule.paramByName.has(name) && main.paramByName.has(name)) {
    checkActionParam(ctx, p, actionModule, ACTION_HOOKS);
    return;
  }
  const md = main.paramByName.get(name);
  if (md && formatDoesNotRead(ctx, name, formatModule)) {
    // The built-in catalogue lists formatversion under main; really only json and php read it
    // (ApiFormatJson, ApiFormatPhp), so with format=xml the wiki reports it unrecognized.
    ctx.add(
      'unrecognizedparams',
      p.nameRange.start,
      p.nameRange.end,
      `Unrecognized parameter: "${name}". format=${formatModule!.name} does not read it (only the json and php formats do): remove it.`,
      { param: name },
      { remove: pairRemoval(ctx.text, ctx.query, p) },
    );
    return;
  }
  if (md) {
    ctx.present.set(name, p);
    checkParam(ctx, p, md, main, name);
    return;
  }
  if (r.isQuery) {
    checkQueryParam(ctx, p, r);
    return;
  }
  const fd = formatModule?.paramByName.get(name);
  if (fd) {
    ctx.present.set(name, p);
    checkParam(ctx, p, fd, formatModule!, name);
  } else if (actionModule) checkActionParam(ctx, p, actionModule, ACTION_HOOKS);
  // (Without a description of the action, its parameters are not checked.)
}

/** A format parameter main lists for convenience (formatversion) that the chosen format does not read. */
function formatDoesNotRead(ctx: QueryCheck, name: string, formatModule: WikiModule | undefined): boolean {
  if (name !== 'formatversion' || !formatModule || formatModule.paramByName.has(name)) return false;
  return ctx.catalogue.getFormatModule('json')?.paramByName.has(name) === true;
}

/** A parameter of an action=query that main does not read: query's own, the format's, or a selected module's. */
function checkQueryParam(ctx: QueryCheck, p: WikiParam, r: ParamReaders): void {
  const { catalogue: cat } = ctx;
  const queryModule = cat.query!;
  const name = p.name;
  const { gen, formatModule } = r;
  const qd = queryModule.paramByName.get(name);
  if (qd) {
    ctx.present.set(name, p);
    checkParam(ctx, p, qd, queryModule, name);
    // A selected module may read the same wire name (iwlinks' "url" is "iwurl", like query's
    // own iwurl): MediaWiki validates it for both.
    // (Indexed loops here: a for-of over these lists allocated an iterator result per step, ~8% of a check's garbage.)
    const also = cat.lookupWire(name);
    for (let i = 0; i < also.length; i++) {
      const c = also[i];
      if (useOf(ctx, gen, c) && c.module !== queryModule) checkParam(ctx, p, c.descriptor, c.module, name);
    }
    return;
  }
  const fd = formatModule?.paramByName.get(name);
  if (fd) {
    ctx.present.set(name, p);
    checkParam(ctx, p, fd, formatModule!, name);
    return;
  }
  const candidates = cat.lookupWire(name);
  let templateMiss: { target: string; value: string } | undefined;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    const use = useOf(ctx, gen, c);
    if (!use) continue;
    if (c.templateValues && c.descriptor.templatevars) {
      const miss = templateTargetMissing(ctx, use, c.descriptor.templatevars, c.templateValues);
      if (miss) {
        templateMiss = miss;
        continue;
      }
    }
    ctx.present.set(name, p);
    checkParam(ctx, p, c.descriptor, c.module, name);
    return;
  }
  reportUnrecognized(ctx, p, candidates, r, templateMiss);
}

/**
 * The use of the module that reads a wire name: the generator's, or a selected module's. A function of
 * its own, not a closure made in checkQueryParam: one closure per parameter cost ~4% of a whole-document
 * check in the bundle, ~30% where the code runs transpiled with its names kept (docs/performance.md).
 */
function useOf(ctx: QueryCheck, gen: ModuleUse | undefined, c: { generator?: boolean; module: WikiModule }): ModuleUse | undefined {
  return c.generator ? (gen && gen.module === c.module ? gen : undefined) : normalUse(ctx.uses, c.module);
}

/** What wikiActionValidation.ts borrows from this file. */
const ACTION_HOOKS: ActionCheckHooks = {
  checkParam: (ctx, p, d, module, wire) => checkParam(ctx, p, d, module, wire),
  pairRemoval: (text, query, p) => pairRemoval(text, query, p),
  defaultSeverity: (code) => DEFAULT_SEVERITIES[code] ?? 'warning',
};

function editDistanceSmall(a: string, b: string): boolean {
  return didYouMean(a, [b]) === b;
}
