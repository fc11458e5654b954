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
 * This file judges one query (`checkQuery`); the validator of a language service
 * (wikiValidator.ts) runs it over a document's queries and keeps the verdicts.
 */
import { describeMangling, phpParamName } from '../../../../common/phpParamName';
import { DiagnosticTag } from 'vscode-languageserver-types';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiModule, WikiParam, WikiParamDescriptor, WikiQuery, WikiValueItem } from './wikiTypes';
import { getValueItems, splitValueItems, type ValueItemScratch } from './wikiQueryParser';
import { didYouMean } from './wikiDidYouMean';
import { applyConstraints } from './wikiConstraints';
import type { ModuleUse, QueryCheck, RelDiag } from './wikiCheckTypes';
import { checkPhpArrayParam, phpArrayBase } from './wikiPhpArrayParams';
import { checkUrlLength } from './wikiUrlLength';
import { splitFragment, titlePathProblem, userNameNamespace } from './wikiTitleRules';
import { checkActionParam, finishActionCheck, type ActionCheckHooks } from './wikiActionValidation';
import { badUtf8Message } from './wikiUtf8Check';
import { errorMessage } from '../../../../common/errorMessage';
import { DEFAULT_SEVERITIES } from './wikiDiagnosticCodes';
import { checkLimitsAndExpiry } from './wikiParamLimits';

export { DEFAULT_SEVERITIES };

export const DIAGNOSTIC_SOURCE = 'wikimap-query';

// ---------------------------------------------------------------------------
// One query
// ---------------------------------------------------------------------------

const US = '\u001f';
const INTEGER = /^[+-]?\d+$/;
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'n', 'f']);

/**
 * Timestamp forms MediaWiki accepts (wikimedia/timestamp ConvertibleTimestamp): TS_MW, TS_UNIX,
 * ISO 8601 (extended and basic), TS_UNIX_MICRO, TS_ORACLE, TS_POSTGRES, TS_EXIF, RFC 2822, RFC 850, asctime.
 */
const TIMESTAMP_FORMS: RegExp[] = [
  /^\d{14}$/,
  /^-?\d{1,13}$/,
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/,
  /^\d{8}T\d{6}(?:[.,]\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/,
  /^-?\d{1,13}\.\d{1,6}$/,
  /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}\.\d{6}$/,
  /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+\- ]\d\d$/,
  /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})? GMT$/,
  /^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d$/,
  /^[ \t\r\n]*(?:[A-Z][a-z]{2},[ \t\r\n]*)?\d\d?[ \t\r\n]+[A-Z][a-z]{2}[ \t\r\n]+\d{2,}[ \t\r\n]+\d\d[ \t\r\n]*:[ \t\r\n]*\d\d[ \t\r\n]*:[ \t\r\n]*\d\d(?:[ \t\r\n]+(?:[+-]\d{4}|UT|GMT|[ECMP][SD]T|[A-IK-Za-ik-z]))?(?:[ \t\r\n]*;|$)/,
  /^[A-Z][a-z]{5,8}, \d\d-[A-Z][a-z]{2}-\d{2} \d\d:\d\d:\d\d(?: (?:[+-]\d{2}(?::?\d{2})?|[A-Z]{1,5}))?$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} +\d{1,2} \d\d:\d\d:\d\d \d{4}\s*$/,
];

function isMediaWikiTimestamp(v: string): boolean {
  // TimestampDef converts to TS_MW (YmdHis): a date outside the years 0000-9999 cannot be
  // represented and is a badtimestamp, e.g. a Unix time past 9999 or 00000000000000 (PHP rolls
  // month 00 / day 00 back into the year -1).
  if (TIMESTAMP_FORMS[1].test(v)) return Math.abs(Number(v)) <= 253402300799;
  for (const re of TIMESTAMP_FORMS) {
    if (!re.test(v)) continue;
    const ymd = /^(\d{4})-?(\d\d)-?(\d\d)/.exec(v) ?? /^(\d\d)-(\d\d)-(\d{4})/.exec(v);
    if (!ymd) return true;
    const [y, m, d] = ymd[1].length === 4 ? [+ymd[1], +ymd[2], +ymd[3]] : [+ymd[3], +ymd[2], +ymd[1]];
    const date = new Date(0);
    date.setUTCFullYear(y, m - 1, d);
    const year = date.getUTCFullYear();
    return year >= 0 && year <= 9999;
  }
  return false;
}

function quote(v: string): string {
  return v.length > 60 ? `"${v.slice(0, 60)}…"` : `"${v}"`;
}

function listValues(values: readonly string[], max = 12): string {
  const shown = values.slice(0, max).map((v) => (v === '' ? '(empty)' : v));
  return shown.join(', ') + (values.length > max ? `, … (${values.length - max} more)` : '');
}

export function checkQuery(
  text: string,
  query: WikiQuery,
  catalogue: WikiCatalogue,
  highLimits: boolean,
  full: boolean,
  scratch: ValueItemScratch,
  ruleScratch: number[],
): RelDiag[] {
  const base = query.range.start;
  const out: RelDiag[] = [];
  const ctx: QueryCheck = {
    text,
    query,
    catalogue,
    highLimits,
    full,
    out,
    base,
    present: new Map(),
    uses: [],
    scratch,
    ruleScratch,
    broken: undefined,
    add(code, start, end, message, data, extra) {
      const d: RelDiag = { start: start - base, end: end - base, code, message, data };
      if (extra?.remove) d.remove = { start: extra.remove.start - base, end: extra.remove.end - base };
      if (extra?.severity) d.severity = extra.severity;
      if (extra?.tags) d.tags = extra.tags;
      out.push(d);
    },
  };
  try {
    runChecks(ctx);
  } catch (e) {
    // A validator bug must not take diagnostics down with it: report it on the query.
    ctx.add('internal', query.range.start, query.range.start, `Could not check this query (${errorMessage(e)}). Please report this.`, {
      param: '',
    });
  }
  return out;
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
    ctx.add(
      'phpname',
      p.nameRange.start,
      p.nameRange.end,
      `The wiki reads ${JSON.stringify(p.writtenName)} as ${sees}: PHP rewrites parameter names (${describeMangling(p.writtenName, php)}). This query is checked as the wiki will see it; write the name it means.`,
      { param: p.name },
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

/**
 * What runChecks learns before judging the other parameters: which modules may read them. One
 * plain object per query, filled in as the checks go (no closure, no result objects).
 */
interface ParamReaders {
  actionP: WikiParam | undefined;
  isQuery: boolean;
  actionModule: WikiModule | undefined;
  formatModule: WikiModule | undefined;
  /** The generator's use, if the query has one. */
  gen: ModuleUse | undefined;
  /** Every name valid in this query (for did-you-mean), gathered on first use (`namesForSuggestion`). */
  validNames: string[] | undefined;
}

function runChecks(ctx: QueryCheck): void {
  const { text, query, catalogue: cat } = ctx;

  // Names PHP reads as other names (the query is judged under the names the wiki will see); repeats.
  checkParamNames(ctx);

  const actionP = query.byName.get('action');
  const readers: ParamReaders = {
    actionP,
    isQuery: true,
    actionModule: undefined,
    // format (and its module's parameters)
    formatModule: cat.getFormatModule(query.byName.get('format')?.value ?? 'jsonfm'),
    gen: undefined,
    validNames: undefined,
  };
  checkAction(ctx, readers);
  const { isQuery, actionModule } = readers;
  if (isQuery) readers.gen = checkSelectedModules(ctx);

  // Every other parameter: find who reads it.
  for (const p of query.byName.values()) {
    // Invalid UTF-8, control characters, non-NFC text: the wiki cleans the value and warns (any module).
    const utf8 = badUtf8Message(text, p);
    if (utf8) ctx.add('badutf8', p.valueRange.start, p.valueRange.end, utf8, { param: p.name });
    if (p !== actionP) checkOtherParam(ctx, p, readers);
  }

  checkUrlLength(ctx);
  if (!isQuery) {
    if (actionModule && actionP) finishActionCheck(ctx, actionModule, actionP, ACTION_HOOKS);
    return;
  }
  checkRequiredParams(ctx);
  // Module rules (errors where the module itself dies), then the catalogue's info notes, which
  // explain the same condition in the catalogue's words and carry the data of their quick fixes.
  applyConstraints(ctx);
  checkConditions(ctx);
}

/**
 * The modules an action=query selects: list/prop/meta modules go straight into ctx.uses (in the
 * order named), the generator after them. Returns the generator's use.
 */
function checkSelectedModules(ctx: QueryCheck): ModuleUse | undefined {
  const { query, catalogue: cat } = ctx;
  for (const group of MODULE_GROUPS) {
    const p = query.byName.get(group);
    if (p) checkModuleList(ctx, p, group, cat.query!.paramByName.get(group));
  }
  const gp = query.byName.get('generator');
  const gen = gp ? checkGenerator(ctx, gp) : undefined;
  if (gen) ctx.uses.push(gen);
  return gen;
}

/** One parameter other than `action`: the module that reads it judges it, or it is unrecognized. */
function checkOtherParam(ctx: QueryCheck, p: WikiParam, r: ParamReaders): void {
  const { catalogue: cat } = ctx;
  const main = cat.main!;
  const name = p.name;
  const arrayBase = phpArrayBase(name);
  if (arrayBase !== undefined) {
    checkPhpArrayParam(ctx, p, arrayBase, r.isQuery, r.formatModule);
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
    for (const c of cat.lookupWire(name)) {
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
  for (const c of candidates) {
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

/** Required parameters of the selected modules. */
function checkRequiredParams(ctx: QueryCheck): void {
  for (const use of ctx.uses) {
    for (const d of ctx.catalogue.paramGroupsOf(use.module).required) {
      const wire = use.wirePrefix + d.name;
      if (ctx.present.has(wire)) continue;
      ctx.add('missingparam', use.start, use.end, `The "${wire}" parameter must be set: ${use.module.name} needs it. Add &${wire}=…`, {
        param: wire,
        addParam: wire,
        module: use.module.name,
      });
    }
  }
}

const MODULE_GROUPS = ['prop', 'list', 'meta'] as const;

/** What wikiActionValidation.ts borrows from this file. */
const ACTION_HOOKS: ActionCheckHooks = {
  checkParam: (ctx, p, d, module, wire) => checkParam(ctx, p, d, module, wire),
  pairRemoval: (text, query, p) => pairRemoval(text, query, p),
  defaultSeverity: (code) => DEFAULT_SEVERITIES[code] ?? 'warning',
};

function editDistanceSmall(a: string, b: string): boolean {
  return didYouMean(a, [b]) === b;
}

/** The use of `module` as list/prop/meta (not as generator=), if the query selects it so. */
function normalUse(uses: readonly ModuleUse[], module: WikiModule): ModuleUse | undefined {
  for (const u of uses) if (u.module === module && !u.generator) return u;
  return undefined;
}

/** list=/prop=/meta= values: each must be a module of that group. */
function checkModuleList(ctx: QueryCheck, p: WikiParam, group: 'list' | 'prop' | 'meta', d: WikiParamDescriptor | undefined): void {
  const { text, catalogue: cat } = ctx;
  const items = getValueItems(text, p);
  const limit = multiLimit(ctx, d);
  if (items.length > limit) {
    ctx.add(
      'toomanyvalues',
      p.valueRange.start,
      p.valueRange.end,
      `Too many values supplied for parameter "${group}". The limit is ${limit}. Split the query in two.`,
      { param: group },
    );
    return;
  }
  const seen = items.length > 1 ? new Set<string>() : undefined;
  const allowed = d?.values;
  for (const item of items) {
    const name = item.text;
    if (seen?.has(name)) {
      if (ctx.full)
        ctx.add(
          'duplicatevalues',
          item.range.start,
          item.range.end,
          `"${name}" is listed twice in ${group}=; the wiki ignores the repeat. Remove it.`,
          { param: group, value: name },
          { remove: itemRemoval(items, item), tags: [DiagnosticTag.Unnecessary] },
        );
      continue;
    }
    seen?.add(name);
    const m = cat.getQueryModule(name);
    const known = m && m.group === group && (!allowed || allowed.includes(name));
    if (!known) {
      let hint: string;
      let suggestion: string | undefined;
      if (m && m.group !== group) {
        hint = `"${name}" is a ${m.group} module: write ${m.group}=${name}.`;
      } else {
        suggestion = ctx.full ? didYouMean(name, allowed ?? cat.getModulesByGroup(group).map((x) => x.name)) : undefined;
        hint = suggestion ? `Did you mean "${suggestion}"?` : `Use one of the ${group} modules this wiki has.`;
      }
      ctx.add(
        'unrecognizedvalues',
        item.range.start,
        item.range.end,
        `Unrecognized value for parameter "${group}": ${name === '' ? '(empty)' : name}. ${hint}`,
        { param: group, value: name, suggestion, module: m?.name },
        { remove: itemRemoval(items, item) },
      );
      continue;
    }
    if (m.deprecated) {
      ctx.add(
        'deprecation',
        item.range.start,
        item.range.end,
        `The "${name}" module has been deprecated. Use the module that replaces it (see the wiki's API help).`,
        { param: group, value: name, module: name },
        { tags: [DiagnosticTag.Deprecated] },
      );
    }
    ctx.uses.push({ module: m, generator: false, start: item.range.start, end: item.range.end, wirePrefix: m.prefix });
  }
}

/** generator=: one module flagged generator (ApiPageSet dies with `badgenerator` otherwise). */
function checkGenerator(ctx: QueryCheck, p: WikiParam): ModuleUse | undefined {
  const cat = ctx.catalogue;
  const v = p.value;
  const m = cat.getQueryModule(v);
  const s = p.valueRange.start;
  const e = p.valueRange.end;
  if (!m) {
    const suggestion = ctx.full
      ? didYouMean(
          v,
          cat.getGenerators().map((x) => x.name),
        )
      : undefined;
    ctx.add(
      'badgenerator',
      s,
      e,
      `Unknown generator "${v}". ${suggestion ? `Did you mean "${suggestion}"? ` : ''}Use a module flagged as generator (allpages, categorymembers, links, …).`,
      { param: 'generator', value: v, suggestion },
    );
    return undefined;
  }
  if (!m.generator) {
    ctx.add(
      'badgenerator',
      s,
      e,
      `Module "${v}" cannot be used as a generator. Use ${m.group}=${v} to list its results, or pick a generator module.`,
      { param: 'generator', value: v, module: v },
    );
    return undefined;
  }
  if (m.deprecated) {
    ctx.add(
      'deprecation',
      s,
      e,
      `The "${v}" module has been deprecated. Use the module that replaces it (see the wiki's API help).`,
      { param: 'generator', value: v, module: v },
      { tags: [DiagnosticTag.Deprecated] },
    );
  }
  return { module: m, generator: true, start: s, end: e, wirePrefix: 'g' + m.prefix };
}

/** For a templated parameter (`rvcontentformat-main`): the target parameter (`rvslots`) must list the value. */
function templateTargetMissing(
  ctx: QueryCheck,
  use: ModuleUse,
  vars: Record<string, string>,
  values: Record<string, string>,
): { target: string; value: string } | undefined {
  for (const [v, target] of Object.entries(vars)) {
    const wire = use.wirePrefix + target;
    const tp = ctx.query.byName.get(wire);
    const want = values[v];
    const td = use.module.paramByName.get(target);
    const given = tp ? getValueItems(ctx.text, tp).map((i) => i.text) : [];
    const all = td?.allspecifier;
    if (!given.includes(want) && !(all !== undefined && given.length === 1 && given[0] === all)) return { target: wire, value: want };
  }
  return undefined;
}

/** Every name valid in this query (for did-you-mean), gathered on first use. */
function namesForSuggestion(ctx: QueryCheck, r: ParamReaders): string[] {
  return (r.validNames ??= collectValidNames(ctx, r.isQuery, r.formatModule));
}

function collectValidNames(ctx: QueryCheck, isQuery: boolean, formatModule: WikiModule | undefined): string[] {
  const names: string[] = [];
  const cat = ctx.catalogue;
  for (const d of cat.main!.parameters) names.push(d.name);
  if (formatModule) for (const d of formatModule.parameters) names.push(d.name);
  if (isQuery) {
    for (const d of cat.query!.parameters) names.push(d.name);
    for (const u of ctx.uses) for (const d of u.module.parameters) names.push(u.wirePrefix + d.name);
  }
  return names;
}

function reportUnrecognized(
  ctx: QueryCheck,
  p: WikiParam,
  candidates: readonly import('./wikiTypes').WikiWireParam[],
  r: ParamReaders,
  templateMiss: { target: string; value: string } | undefined,
): void {
  const { text, query } = ctx;
  const gen = r.gen;
  const name = p.name;
  const s = p.nameRange.start;
  const e = p.nameRange.end;
  const remove = pairRemoval(text, query, p);
  const base = `Unrecognized parameter: "${name}".`;
  if (templateMiss) {
    ctx.add(
      'unrecognizedparams',
      s,
      e,
      `${base} It applies only when ${templateMiss.target} includes "${templateMiss.value}": add ${templateMiss.value} to ${templateMiss.target}, or remove it.`,
      { param: name },
      { remove },
    );
    return;
  }
  for (const c of candidates) {
    // A generator's parameter written without its g (cmtitle with generator=categorymembers).
    if (!c.generator && gen && gen.module === c.module) {
      const replacement = 'g' + name;
      ctx.add(
        'unrecognizedparams',
        s,
        e,
        `${base} Under generator=${c.module.name} its parameters take the "g" prefix: write "${replacement}".`,
        { param: name, replacement, module: c.module.name },
        { remove },
      );
      return;
    }
    // The g form while the module is used as list/prop (gcmtitle with list=categorymembers).
    if (c.generator && normalUse(ctx.uses, c.module)) {
      const replacement = name.slice(1);
      ctx.add(
        'unrecognizedparams',
        s,
        e,
        `${base} ${c.module.name} is used as ${c.module.group}=, not as generator: write "${replacement}".`,
        { param: name, replacement, module: c.module.name },
        { remove },
      );
      return;
    }
  }
  if (candidates.length > 0) {
    const c = candidates[0];
    const how = c.generator ? `generator=${c.module.name}` : `${c.module.group}=${c.module.name}`;
    ctx.add(
      'unrecognizedparams',
      s,
      e,
      `${base} It belongs to ${how}, which this query does not use: add ${how}, or remove the parameter.`,
      { param: name, module: c.module.name },
      { remove },
    );
    return;
  }
  const suggestion = ctx.full ? didYouMean(name, namesForSuggestion(ctx, r)) : undefined;
  ctx.add(
    'unrecognizedparams',
    s,
    e,
    `${base} ${suggestion ? `Did you mean "${suggestion}"?` : 'No module of this query reads it: remove it, or add the module it belongs to.'}`,
    { param: name, suggestion },
    { remove },
  );
}

function multiLimit(ctx: QueryCheck, d: WikiParamDescriptor | undefined): number {
  const low = d?.lowlimit ?? 50;
  const high = Math.max(low, d?.highlimit ?? 500);
  return ctx.highLimits ? high : low;
}

/** Validate one recognised parameter's value against its descriptor. */
/** A multi-valued parameter: the all-specifier, the number of values, repeats, then each value. */
function checkMultiValues(ctx: QueryCheck, p: WikiParam, d: WikiParamDescriptor, wire: string): void {
  const { text } = ctx;
  // The items as parallel arrays (no object per item); item objects are made only for a removal range.
  const n = splitValueItems(text, p, ctx.scratch);
  const scratch = ctx.scratch;
  const texts = scratch.texts;
  // NamespaceDef forces PARAM_ALL ("*") on multi-valued namespace parameters.
  const all = d.allspecifier ?? (d.type === 'namespace' ? '*' : undefined);
  if (all !== undefined && n === 1 && texts[0] === all) return clearItemScratch(scratch, n);
  const limit = multiLimit(ctx, d);
  if (n > limit) {
    ctx.add(
      'toomanyvalues',
      p.valueRange.start,
      p.valueRange.end,
      `Too many values supplied for parameter "${wire}". The limit is ${limit}${ctx.highLimits ? '' : ` (${Math.max(limit, d.highlimit ?? 500)} for accounts with apihighlimits: set wikimapQuery.wiki.highLimits if the program sending this query logs in with one; Run Query sends it anonymously)`}. Split the values over several queries.`,
      { param: wire },
    );
    return clearItemScratch(scratch, n);
  }
  const dupCheck = ctx.full && !d.allowsduplicates && n > 1;
  const seen = dupCheck && n > 16 ? new Set<string>() : undefined;
  for (let i = 0; i < n; i++) {
    const v = texts[i];
    if (dupCheck) {
      let dup: boolean;
      if (seen) {
        dup = seen.has(v);
        if (!dup) seen.add(v);
      } else {
        dup = false;
        for (let j = 0; j < i; j++) {
          if (texts[j] === v) {
            dup = true;
            break;
          }
        }
      }
      if (dup) {
        ctx.add(
          'duplicatevalues',
          scratch.starts[i],
          scratch.ends[i],
          `"${v}" is listed twice in ${wire}; the wiki uses it once. Remove the repeat.`,
          { param: wire, value: v },
          { remove: itemRemovalAt(text, p, i), tags: [DiagnosticTag.Unnecessary] },
        );
        continue;
      }
    }
    checkScalar(ctx, p, d, wire, v, scratch.starts[i], scratch.ends[i], i);
  }
  return clearItemScratch(scratch, n);
}

function checkParam(ctx: QueryCheck, p: WikiParam, d: WikiParamDescriptor, module: WikiModule, wire: string): void {
  const { text, query } = ctx;
  if (d.deprecated) {
    ctx.add(
      'deprecation',
      p.nameRange.start,
      p.nameRange.end,
      `The parameter "${wire}" has been deprecated. Remove it (see the ${module.name} module's help for its replacement).`,
      { param: wire, module: module.name },
      { remove: pairRemoval(text, query, p), tags: [DiagnosticTag.Deprecated] },
    );
  }
  if (d.sensitive && ctx.full && p.value !== '') {
    ctx.add(
      'sensitiveparam',
      p.valueRange.start,
      p.valueRange.end,
      `"${wire}" is a secret (a token): anyone who sees this URL (logs, history, referrers) can use it. Send it in a POST body instead, and keep it out of shared files.`,
      { param: wire },
    );
  }
  const type = d.type;
  if (type === 'boolean') {
    // PresenceBooleanDef: presence means true, whatever the value.
    if (FALSE_WORDS.has(p.value.toLowerCase())) {
      ctx.add(
        'booleanfalse',
        p.valueRange.start,
        p.valueRange.end,
        `"${wire}=${p.value}" still means true: for a boolean parameter any value, even "${p.value}", turns it on. To turn it off, remove the parameter.`,
        { param: wire, value: p.value },
        { remove: pairRemoval(text, query, p) },
      );
    }
    return;
  }
  if (d.multi) return checkMultiValues(ctx, p, d, wire);
  if (p.value.startsWith(US)) {
    ctx.add(
      'badvalue',
      p.valueRange.start,
      p.valueRange.end,
      `Parameter "${wire}" accepts only a single value. U+001F multi-value separation may only be used for multi-valued parameters: give one value.`,
      { param: wire },
    );
    return;
  }
  checkScalar(ctx, p, d, wire, p.value, p.valueRange.start, p.valueRange.end, -1);
}

/** Empty the scratch's first `n` texts: it must not keep slices of a document's text alive. */
function clearItemScratch(scratch: ValueItemScratch, n: number): void {
  for (let i = 0; i < n; i++) scratch.texts[i] = '';
}

/** The range that removes item `index` of `p`'s value with one separator. */
function itemRemovalAt(text: string, p: WikiParam, index: number): { start: number; end: number } {
  const items = getValueItems(text, p);
  return itemRemoval(items, items[index]);
}

/**
 * Checks one value (or one item of a multi-valued parameter) against its parameter's type:
 * `itemIndex` is the item's index, or -1 for a single value.
 */
type ValueChecker = (
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
    return;
  }
  badEnumValue(ctx, d, wire, v, s, e, multi, values, multi ? itemRemovalAt(ctx.text, p, itemIndex) : undefined, undefined);
  return;
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
  const nsValues = ctx.catalogue.namespaceValuesOf(d);
  const ids = nsValues.list;
  // (The usual case first: a namespace number written as the wiki lists it.)
  if (nsValues.set.has(v)) return;
  // NamespaceDef::validate turns "+0", "00" and the like into integers before comparing.
  if (ids.includes(INTEGER.test(v) ? String(parseInt(v, 10)) : v)) return;
  let suggestion: string | undefined;
  const byName = ctx.catalogue.findNamespaceByName(v);
  if (byName && ids.includes(String(byName.id))) suggestion = String(byName.id);
  // Without the wiki's siteinfo the catalogue knows only MediaWiki's default namespaces: say so.
  const known = ctx.catalogue.namespacesFromSiteinfo
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
  const n = Number(v);
  // LimitDef defaults PARAM_MIN to 0.
  const min = d.min ?? (d.type === 'limit' ? 0 : undefined);
  const max = d.type === 'limit' && ctx.highLimits ? (d.highmax ?? d.max) : d.max;
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
  return;
}

function checkTimestampValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  _itemIndex: number,
): void {
  if (v === 'now') return;
  if (v === '' || v === '0') {
    ctx.add(
      'unclearnowtimestamp',
      s,
      e,
      `Passing "${v}" for timestamp parameter "${wire}" has been deprecated. If for some reason you need to explicitly specify the current time without calculating it client-side, use "now".`,
      { param: wire, value: v, replacement: 'now' },
    );
    return;
  }
  if (!isMediaWikiTimestamp(v)) {
    ctx.add(
      'badtimestamp',
      s,
      e,
      `Invalid value ${quote(v)} for timestamp parameter "${wire}". Use ISO 8601 (2024-01-31T12:00:00Z), MediaWiki's 20240131120000, a Unix time, or "now".`,
      { param: wire, value: v },
    );
  }
  return;
}

function checkUserValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  _itemIndex: number,
): void {
  // UserDef::processUser: "#123" is an id, a ">" marks an interwiki name, IPs and ranges are
  // ip/cidr, anything else must be a valid user name (a valid User: title).
  const kind = userKind(v);
  const allowed = d.subtypes;
  // UserDef parses a name as a title in the User namespace: another namespace's prefix is baduser.
  const otherNs = kind === 'name' ? userNameNamespace(v, ctx.catalogue) : undefined;
  if (
    kind === undefined ||
    otherNs !== undefined ||
    (allowed && !allowed.includes(kind) && !(kind === 'name' && allowed.includes('temp')))
  ) {
    const why =
      otherNs !== undefined
        ? `"${otherNs}:" puts it in another namespace than User, and a user name is a page in the User namespace`
        : kind === undefined
          ? 'not a valid user name'
          : `a ${kind === 'id' ? 'user ID' : kind === 'cidr' ? 'IP range' : kind === 'ip' ? 'IP address' : kind + ' name'} is not accepted here (accepted: ${(allowed ?? []).join(', ')})`;
    ctx.add(
      'baduser',
      s,
      e,
      `Invalid value ${quote(v)} for user parameter "${wire}": ${why}. Give a user name${allowed?.includes('ip') ? ' or IP address' : ''}.`,
      { param: wire, value: v },
    );
  }
  return;
}

function checkTitleValue(
  ctx: QueryCheck,
  p: WikiParam,
  d: WikiParamDescriptor,
  wire: string,
  v: string,
  s: number,
  e: number,
  _itemIndex: number,
): void {
  // TitleDef: Title::newFromText must accept it.
  if (!isValidTitle(v)) {
    ctx.add(
      'badtitle',
      s,
      e,
      `Invalid value ${quote(v)} for title parameter "${wire}": not a valid title string. Remove the characters # < > [ ] | { } and percent-escapes from the title.`,
      { param: wire, value: v },
    );
  }
  return;
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

function checkScalar(
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

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^(?=.*:)(?:[0-9A-Fa-f]{1,4}:{1,2}){1,7}[0-9A-Fa-f]{0,4}$|^::$|^::[0-9A-Fa-f]{1,4}$/;
const ILLEGAL_TITLE = /[#<>[\]|{}\u0000-\u001f\u007f\ufffd]|%[0-9A-Fa-f]{2}/;

function userKind(v: string): 'id' | 'interwiki' | 'ip' | 'cidr' | 'name' | undefined {
  if (/^#\d+$/.test(v)) return 'id';
  if (v.includes('>')) return 'interwiki';
  if (IPV4.test(v) || IPV6.test(v)) return 'ip';
  const slash = v.lastIndexOf('/');
  if (slash > 0 && /^\d{1,3}$/.test(v.slice(slash + 1)) && (IPV4.test(v.slice(0, slash)) || IPV6.test(v.slice(0, slash)))) return 'cidr';
  // UserNameUtils::isValid: not empty, no "/", at most 255 characters, a valid title.
  const name = v.replace(/_/g, ' ').trim();
  if (name === '' || name.includes('/') || name.length > 255 || ILLEGAL_TITLE.test(name)) return undefined;
  return 'name';
}

function isValidTitle(v: string): boolean {
  const parts = splitFragment(v);
  if (parts.fragment !== undefined && parts.title.trim() === '') return true; // "#Section": a link within the page
  const t = parts.title.replace(/_/g, ' ').trim();
  if (titlePathProblem(t)) return false;
  if (t === '' || t === ':' || ILLEGAL_TITLE.test(t)) return false;
  if (t === '.' || t === '..' || t.startsWith('./') || t.startsWith('../') || t.includes('/./') || t.includes('/../')) return false;
  return !t.includes('~~~');
}

function rangeText(v: string, wire: string, min: number | undefined, max: number | undefined, note = ''): string {
  if (min !== undefined && max !== undefined) return `The value "${v}" for parameter "${wire}" must be between ${min} and ${max}${note}.`;
  if (min !== undefined) return `The value "${v}" for parameter "${wire}" must be no less than ${min}${note}.`;
  return `The value "${v}" for parameter "${wire}" must be no greater than ${max}${note}.`;
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

// ---------------------------------------------------------------------------
// info conditions
// ---------------------------------------------------------------------------

function pageSource(ctx: QueryCheck): { titles: number; pageids: number; revids: number; generator: boolean } {
  const count = (n: string) => {
    const p = ctx.query.byName.get(n);
    return p ? getValueItems(ctx.text, p).length : 0;
  };
  return { titles: count('titles'), pageids: count('pageids'), revids: count('revids'), generator: ctx.uses.some((u) => u.generator) };
}

type PageSource = ReturnType<typeof pageSource>;

/** `singlepageonly`: a parameter given while several pages (or revids, or a generator's pages) are queried. */
function checkSinglePageOnly(ctx: QueryCheck, use: ModuleUse, d: WikiParamDescriptor, p: WikiParam, wire: string, pages: PageSource): void {
  const where = { param: wire, module: use.module.name };
  // The pages a module works on: for the generator itself, only titles/pageids/revids
  // (its own output is not its input); for a prop module, the generator's pages too.
  const fromGenerator = pages.generator && !use.generator;
  const single = !fromGenerator && pages.revids === 0 && pages.titles + pages.pageids <= 1;
  // Given with its default (rvdir=older) it does not switch the module to enumeration mode.
  if (single || (d.default !== undefined && p.value === String(d.default))) return;
  ctx.add(
    'singlepageonly',
    p.nameRange.start,
    p.nameRange.end,
    `"${wire}" applies only when a single page is queried (one title or page ID, no generator or revids); the wiki refuses it here. Query one page, or remove it.`,
    where,
    { remove: pairRemoval(ctx.text, ctx.query, p) },
  );
  // ApiQueryRevisions::run dies with invalidparammix in enumeration mode with revids
  // (apierror-revisions-norevids) or with several pages (apierror-revisions-singlepage).
  const source = pages.revids > 0 ? 'revids' : fromGenerator ? 'generator' : pages.titles > 1 ? 'titles' : 'pageids';
  const msg =
    pages.revids > 0
      ? `The revids parameter may not be used with the list options such as ${wire}. Give one page with titles= or pageids= instead, or remove ${wire}.`
      : `${source === 'generator' ? 'A generator' : `${source}=`} supplies several pages, but ${wire} may only be used on a single page. Query one page, or remove ${wire}.`;
  ctx.add('invalidparammix', p.nameRange.start, p.nameRange.end, msg, {
    param: wire,
    module: use.module.name,
    params: [wire, source],
  });
}

/** `modes` (ApiQueryDeletedrevs): a parameter given in a mode it does not apply to. */
function checkModes(
  ctx: QueryCheck,
  use: ModuleUse,
  values: readonly (string | number)[],
  p: WikiParam,
  wire: string,
  pages: PageSource,
): void {
  const where = { param: wire, module: use.module.name };
  // ApiQueryDeletedrevs: mode 1 = pages given (titles/pageids/revids/generator), 2 = by user, 3 = all in a namespace.
  const mode = pages.generator || pages.titles + pages.pageids + pages.revids > 0 ? 1 : ctx.present.has(use.wirePrefix + 'user') ? 2 : 3;
  const modes = values.map(Number);
  if (modes.length && !modes.includes(mode)) {
    const names: Record<number, string> = {
      1: 'pages given (titles, pageids, revids)',
      2: `by user (${use.wirePrefix}user)`,
      3: 'all deleted revisions in a namespace',
    };
    ctx.add(
      'modes',
      p.nameRange.start,
      p.nameRange.end,
      `"${wire}" applies only in mode ${modes.join(' or ')} (${modes.map((m) => names[m] ?? m).join('; ')}); this query is in mode ${mode} (${names[mode]}). Remove it or change the query.`,
      where,
      { remove: pairRemoval(ctx.text, ctx.query, p) },
    );
  }
}

function checkConditions(ctx: QueryCheck): void {
  let pages: ReturnType<typeof pageSource> | undefined;
  for (const use of ctx.uses) {
    for (const d of ctx.catalogue.paramGroupsOf(use.module).withInfo) {
      const wire = use.wirePrefix + d.name;
      const p = ctx.present.get(wire);
      if (!p) continue;
      for (const note of d.info!) {
        const where = { param: wire, module: use.module.name };
        switch (note.name) {
          case 'singlepageonly':
            checkSinglePageOnly(ctx, use, d, p, wire, (pages ??= pageSource(ctx)));
            break;
          case 'useronly':
          case 'nonuseronly': {
            const userWire = use.wirePrefix + 'user';
            const byUser = ctx.present.has(userWire);
            if (note.name === 'useronly' && !byUser)
              ctx.add(
                'useronly',
                p.nameRange.start,
                p.nameRange.end,
                `"${wire}" applies only when listing by user: add ${userWire}=…, or remove it.`,
                { ...where, params: [userWire] },
                { remove: pairRemoval(ctx.text, ctx.query, p) },
              );
            if (note.name === 'nonuseronly' && byUser)
              ctx.add(
                'nonuseronly',
                p.nameRange.start,
                p.nameRange.end,
                `"${wire}" applies only when not listing by user: remove it or ${userWire}.`,
                { ...where, params: [userWire] },
                { remove: pairRemoval(ctx.text, ctx.query, p) },
              );
            break;
          }
          case 'modes':
            checkModes(ctx, use, note.values ?? [], p, wire, (pages ??= pageSource(ctx)));
            break;
          case 'preloadcontentonly':
          case 'editintroonly': {
            const wanted = note.name === 'preloadcontentonly' ? 'preloadcontent' : 'editintro';
            const propWire = use.wirePrefix + 'prop';
            const pp = ctx.query.byName.get(propWire);
            const has = pp ? getValueItems(ctx.text, pp).some((i) => i.text === wanted) : false;
            if (!has)
              ctx.add(
                note.name,
                p.nameRange.start,
                p.nameRange.end,
                `"${wire}" applies only with ${propWire}=${wanted}: add ${wanted} to ${propWire}, or remove it.`,
                { ...where, params: [propWire] },
                { remove: pairRemoval(ctx.text, ctx.query, p) },
              );
            break;
          }
          default:
            break;
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Removal ranges for quick fixes
// ---------------------------------------------------------------------------

/** The range that removes a pair with one `&`; a pair alone on a continuation line removes the line. */
export function pairRemoval(text: string, query: WikiQuery, p: WikiParam): { start: number; end: number } {
  const s = p.range.start;
  const e = p.range.end;
  if (s > 0 && text.charCodeAt(s - 1) === 38 /* & */) {
    // Alone on a continuation line ("  &name=value")?
    let ls = s - 1;
    while (ls > 0 && (text.charCodeAt(ls - 1) === 32 || text.charCodeAt(ls - 1) === 9)) ls--;
    const atLineStart = ls === 0 || text.charCodeAt(ls - 1) === 10;
    let le = e;
    while (le < text.length && (text.charCodeAt(le) === 32 || text.charCodeAt(le) === 9 || text.charCodeAt(le) === 13)) le++;
    const atLineEnd = le >= text.length || text.charCodeAt(le) === 10;
    if (atLineStart && atLineEnd && ls > query.range.start) {
      let start = ls - 1; // the newline before
      if (start > 0 && text.charCodeAt(start - 1) === 13) start--;
      return { start, end: le };
    }
    return { start: s - 1, end: e };
  }
  if (e < text.length && text.charCodeAt(e) === 38) return { start: s, end: e + 1 };
  return { start: s, end: e };
}

/** The range that removes one value item with one separator. */
export function itemRemoval(items: WikiValueItem[], item: WikiValueItem): { start: number; end: number } {
  const i = item.index;
  if (i > 0) return { start: items[i - 1].range.end, end: item.range.end };
  if (i + 1 < items.length) return { start: item.range.start, end: items[i + 1].range.start };
  return { start: item.range.start, end: item.range.end };
}
