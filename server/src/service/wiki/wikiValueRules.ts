/**
 * Constraint kinds that look at a parameter's value (descriptors/wiki/constraints.json), each the
 * mirror of a check a MediaWiki module makes in its own code:
 * - `exclusiveValues`   ApiQueryRecentChanges/Watchlist/WatchlistRaw/UserContribs/Blocks/Categories/
 *                       Backlinksprop: `show` values that contradict each other die with `show`.
 * - `nonEmpty`          ApiQueryUserContribs: an empty `ucuser`/`ucuserids` dies with paramempty_*.
 * - `moduleValues`      ApiQueryLogEvents::execute validates `leaction` itself (`type/action`, or
 *                       a `type/*` wildcard the list has) and dies with unknown_leaction — the
 *                       ParamValidator never sees the values paraminfo lists for help.
 * - `titleInNamespaces` ApiQueryRecentChanges (1.45): rctitle in a namespace rcnamespace does not
 *                       list → requireMaxOneParameter( 'title', 'namespace' ) → invalidparammix.
 * - `mediaHandler`      ApiQueryImageInfo::mergeThumbParams: `urlparam` read by each file's media handler.
 */
import type { ConstraintRule } from './wikiConstraintRules';
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiParam } from './wikiTypes';
import { interwikiOf, splitFragment, titleProblem } from './wikiTitleRules';
import { getValueItems } from './wikiQueryParser';
import { urlParamVerdicts } from './wikiMediaHandlers';

type Use = QueryCheck['uses'][number] | undefined;
/** The module dies (dieWithError): an error, whatever the code. */
const ERROR = { severity: 'error' as const };

type Report = (ctx: QueryCheck, ...args: Parameters<QueryCheck['add']>) => void;

/** `code` with `{wire}` replaced by the parameter's wire name (paramempty_{wire} → paramempty_ucuser). */
function codeFor(rule: ConstraintRule, wire: string): string {
  return rule.code.replace(/\{wire\}/g, wire);
}

/** One kind of value rule, on the present parameter `p` (the rule's first name). */
type ValueRuleCheck = (
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  use: Use,
) => void;

function valueRuleExclusiveValues(
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  _use: Use,
): void {
  const wire = names[0];
  const items = getValueItems(ctx.text, p);
  if (items.length < 2) return;
  const given = new Set(items.map((i) => i.text));
  const pair = rule.pairs?.find(([a, b]) => given.has(a) && given.has(b));
  if (!pair) return;
  const at = items.find((i) => i.text === pair[1])!;
  report(
    ctx,
    codeFor(rule, wire),
    at.range.start,
    at.range.end,
    rule.message ??
      `Incorrect parameter - mutually exclusive values may not be supplied: "${wire}" has both ${pair[0]} and ${pair[1]}, which no result can match. Keep one of them.`,
    { param: wire, module, value: pair[1], params: [wire] },
    ERROR,
  );
  return;
}

function valueRuleNonEmpty(
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  _use: Use,
): void {
  const wire = names[0];
  if (p.value !== '') return;
  report(
    ctx,
    codeFor(rule, wire),
    p.range.start,
    p.range.end,
    rule.message ?? `The parameter "${wire}" may not be empty. Give a value, or remove it.`,
    { param: wire, module },
    ERROR,
  );
  return;
}

function valueRuleModuleValues(
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  use: Use,
): void {
  const wire = names[0];
  const d = use?.module.paramByName.get(rule.params[0]);
  const listed = d?.values;
  if (!listed) return;
  const v = p.value;
  const slash = v.indexOf('/');
  const ok = listed.includes(v) || (rule.wildcard === true && slash > 0 && listed.includes(`${v.slice(0, slash)}/*`));
  // The module's verdict replaces the ParamValidator's (which never runs on this parameter).
  for (let i = ctx.out.length - 1; i >= 0; i--) {
    if (ctx.out[i].code === 'badvalue' && ctx.out[i].data.param === wire) ctx.out.splice(i, 1);
  }
  if (ok) return;
  const hint =
    slash < 0
      ? `Log actions are written type/action (e.g. ${listed[0] ?? 'block/block'}).`
      : `Use one of the log actions this wiki lists (e.g. ${listed.slice(0, 3).join(', ')}).`;
  ctx.add(
    codeFor(rule, wire),
    p.valueRange.start,
    p.valueRange.end,
    rule.message ?? `Unrecognized value for parameter "${wire}": ${v === '' ? '(empty)' : v}. ${hint}`,
    { param: wire, module, value: v },
    ERROR,
  );
  return;
}

function valueRuleTitleInNamespaces(
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  _use: Use,
): void {
  const wire = names[0];
  const nsWire = names[1];
  const nsP = ctx.present.get(nsWire);
  if (!nsP) return;
  const wanted = getValueItems(ctx.text, nsP).map((i) => i.text);
  if (wanted.length === 0 || (wanted.length === 1 && wanted[0] === '*')) return;
  const ns = titleNamespace(ctx, p.value);
  if (ns === undefined || wanted.some((w) => /^[+-]?\d+$/.test(w) && Number(w) === ns)) return;
  report(
    ctx,
    codeFor(rule, wire),
    p.nameRange.start,
    p.nameRange.end,
    rule.message ??
      `The parameters "${nsWire}" and "${wire}" can not be used together: "${p.value}" is in namespace ${ns}, which ${nsWire} does not list. Add ${ns} to ${nsWire}, or remove one of them.`,
    { param: wire, module, params: [wire, nsWire] },
    ERROR,
  );
  return;
}

function valueRuleTitleValue(
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  _use: Use,
): void {
  const wire = names[0];
  const why = titleProblem(p.value, ctx.catalogue);
  if (!why) return;
  report(
    ctx,
    codeFor(rule, wire),
    p.valueRange.start,
    p.valueRange.end,
    rule.message ?? `Bad title "${p.value}" for "${wire}": ${why}. Give a page title (a #fragment is ignored).`,
    { param: wire, module, value: p.value },
    ERROR,
  );
  return;
}

/**
 * `mediaHandler`: imageinfo's `urlparam` as the handler of each file `titles=` names reads it (wikiMediaHandlers.ts):
 * `badurlparam` / `urlparamwidth` (warnings), `urlparamnormal` / `invalidurlparam` (errors, the first ends the
 * request). Only for files whose name's extension the rule maps to a handler, when `titles=` alone names the pages,
 * and assuming each file exists (the module reads the value only for a file the wiki has): the message says so.
 */
function valueRuleMediaHandler(
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  use: Use,
): void {
  if (use?.generator || !rule.handlers || !rule.messages) return;
  for (const n of ['pageids', 'revids', 'generator']) if (ctx.present.has(n)) return;
  const titles = ctx.present.get('titles');
  if (!titles || titles.value === '') return;
  const intOf = (wire: string): number | undefined => {
    const q = ctx.present.get(wire);
    if (!q) return -1;
    return /^[+-]?\d+$/.test(q.value.trim()) ? Number(q.value.trim()) : undefined;
  };
  const urlwidth = intOf(names[1]);
  const urlheight = intOf(names[2]);
  // A width or height that is no integer dies first (badinteger).
  if (urlwidth === undefined || urlheight === undefined) return;
  const prefix = names[0].slice(0, names[0].length - rule.params[0].length);
  const seen = new Set<string>();
  for (const item of getValueItems(ctx.text, titles)) {
    const title = splitFragment(item.text).title;
    if (titleProblem(item.text, ctx.catalogue) !== undefined || interwikiOf(title, ctx.catalogue) !== undefined) continue;
    if (titleNamespace(ctx, title) !== 6) continue;
    const name = title
      .replace(/_/g, ' ')
      .trim()
      .replace(/^[^:]*:\s*/, '');
    // File::getName: the title's key (first letter upper case, spaces as underscores), as the messages name it.
    const file = (name.charAt(0).toUpperCase() + name.slice(1)).replace(/ +/g, '_');
    const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1].toLowerCase();
    const handler = ext && Object.keys(rule.handlers).find((h) => rule.handlers![h].includes(ext));
    if (!handler || seen.has(file)) continue;
    seen.add(file);
    const note = ` (The wiki reads ${names[0]} only for a file it has, with the media handler of the file's type: this assumes File:${file} exists and is what its name says, a ${ext!.toUpperCase()} file (${handler}).)`;
    for (const v of urlParamVerdicts(handler, p.value, urlwidth, urlheight)) {
      const fill = (code: string) =>
        (rule.messages![code] ?? code)
          .replace(/\{prefix\}/g, prefix)
          .replace(/\{file\}/g, file)
          .replace(/\{width\}/g, v.code === 'urlparamwidth' ? v.width : '')
          .replace(/\{urlwidth\}/g, v.code === 'urlparamwidth' ? String(v.urlwidth) : '')
          .replace(/\{name\}/g, v.code === 'invalidurlparam' ? v.name : '')
          .replace(/\{value\}/g, v.code === 'invalidurlparam' ? v.value : '') + note;
      const data = { param: names[0], module, value: p.value };
      if (v.code === 'badurlparam') {
        report(ctx, 'badurlparam', p.valueRange.start, p.valueRange.end, fill('badurlparam'), data, { severity: 'warning' });
        if (!v.normal) continue;
        // ImageHandler::normaliseParams finds no width: the module dies (the message names no parameter).
        report(ctx, 'urlparamnormal', p.valueRange.start, p.valueRange.end, fill('urlparamnormal'), { ...data, param: '' }, ERROR);
        return;
      }
      if (v.code === 'urlparamwidth') {
        report(ctx, 'urlparamwidth', p.valueRange.start, p.valueRange.end, fill('urlparamwidth'), data, { severity: 'warning' });
        continue;
      }
      report(ctx, 'invalidurlparam', p.valueRange.start, p.valueRange.end, fill('invalidurlparam'), data, ERROR);
      return;
    }
  }
}

const VALUE_RULE_KINDS: Readonly<Record<string, ValueRuleCheck>> = {
  mediaHandler: valueRuleMediaHandler,
  exclusiveValues: valueRuleExclusiveValues,
  nonEmpty: valueRuleNonEmpty,
  moduleValues: valueRuleModuleValues,
  titleInNamespaces: valueRuleTitleInNamespaces,
  titleValue: valueRuleTitleValue,
  titleNamespace: valueRuleTitleNamespace,
};

export function applyValueRule(ctx: QueryCheck, rule: ConstraintRule, names: string[], use: Use, report: Report): void {
  const p = ctx.present.get(names[0])!;
  VALUE_RULE_KINDS[rule.kind]?.(ctx, rule, names, p, use?.module.name ?? rule.module, report, use);
}

/**
 * `titleNamespace`: a module that wants a title of one namespace parses it itself and dies when it is
 * another (ApiQueryCategoryMembers → invalidcategory, ApiQueryBacklinks' imageusage → bad_image_title).
 * The prefix is read with the wiki's namespace names and aliases, localised ones included, from its
 * siteinfo; with MediaWiki's default namespaces only (no siteinfo), a prefix they do not know may be a
 * localised name (`Kategorie:`), so only a title without any prefix is judged. A version target reads it
 * with its release's namespaces as installed (English) and says so when the prefix is none of them.
 */
function valueRuleTitleNamespace(
  ctx: QueryCheck,
  rule: ConstraintRule,
  names: string[],
  p: WikiParam,
  module: string,
  report: Report,
  _use: Use,
): void {
  const title = splitFragment(p.value).title;
  const ns = titleNamespace(ctx, title);
  if (ns === undefined || ns === rule.namespace) return;
  // ApiBase::getTitleOrPageId dies first on a title it refuses (invalidtitle), another wiki's included;
  // a prefix that may be an interwiki prefix (the catalogue does not know the wiki's) is not judged.
  if (titleProblem(p.value, ctx.catalogue) !== undefined || interwikiOf(title, ctx.catalogue) !== undefined) return;
  const t = title.replace(/_/g, ' ').trim();
  if (ns === 0 && t.indexOf(':') > 0 && !ctx.catalogue.namespacesFromSiteinfo) return;
  const wanted = ctx.catalogue.getNamespace(rule.namespace!)?.name ?? String(rule.namespace);
  const where = ns === 0 ? 'in the main namespace' : `in namespace ${ns}`;
  // A version target knows the namespaces of its release as installed; a wiki may name more (localised, its own).
  const colon = t.indexOf(':');
  const assumed =
    ns === 0 && colon > 0 && ctx.catalogue.siteinfoOf
      ? ` ("${t.slice(0, colon).trim()}:" is not a namespace of ${ctx.catalogue.siteinfoOf}; a wiki's own namespace names are read with its api.php URL.)`
      : '';
  report(
    ctx,
    codeFor(rule, names[0]),
    p.valueRange.start,
    p.valueRange.end,
    `${rule.message} "${p.value}" is ${where}, not ${wanted} (${rule.namespace}): write ${wanted}:${t.slice(t.indexOf(':') + 1) || '…'}.${assumed}`,
    { param: names[0], module, value: p.value },
    ERROR,
  );
}

/** A title that is empty once underscores are spaces and it is trimmed. */
const BLANK_TITLE = /^[\s_]*$/;

/** The namespace number of a title (its prefix, when that names a namespace of the catalogue); undefined when empty. */
function titleNamespace(ctx: QueryCheck, title: string): number | undefined {
  // The usual title has no colon: no prefix, and no copy of it to read one (trim() strips what \s matches).
  if (title.indexOf(':') < 0) return BLANK_TITLE.test(title) ? undefined : 0;
  const t = title.replace(/_/g, ' ').trim();
  if (t === '') return undefined;
  const colon = t.indexOf(':');
  if (colon <= 0) return 0;
  return ctx.catalogue.findNamespaceByName(t.slice(0, colon))?.id ?? 0;
}

/**
 * `runtimeWarning`: a warning a module adds while it runs, predicted where it follows from the
 * parameters — e.g. TextExtracts' ApiQueryExtracts::execute: with several pages and no exintro,
 * exlimit above 1 is cut to 1 (textextracts-limit); in HTML mode (no explaintext) exsentences
 * warns (textextracts-sentences-and-html) and every extract warns textextracts-malformed-html.
 * Where the module warns only for pages that exist (getGoodPages), the prediction assumes they do,
 * and the rule's message says so.
 */
export function applyRuntimeWarning(ctx: QueryCheck, rule: ConstraintRule, names: string[], prefix: string, use: Use): void {
  if (!use) return;
  for (const c of rule.all ?? []) {
    if (c.pages === 'several') {
      if (!severalPages(ctx)) return;
      continue;
    }
    const p = ctx.present.get(prefix + c.param);
    if (c.absent) {
      if (p) return;
      continue;
    }
    if (c.over !== undefined) {
      // Given as a number (`max` is the module's own maximum, never over it).
      const n = p ? Number(p.value.trim()) : NaN;
      if (!p || p.value.trim() === '' || !Number.isFinite(n) || n <= (ctx.highLimits ? c.over[1] : c.over[0])) return;
      continue;
    }
    if (c.above !== undefined) {
      const d = use.module.paramByName.get(c.param!);
      const raw = p ? p.value : d?.default !== undefined ? String(d.default) : undefined;
      const n = raw === 'max' ? (d?.max ?? Infinity) : Number(raw);
      if (raw === undefined || !Number.isFinite(n) || n <= c.above) return;
      continue;
    }
    if (!p) return;
  }
  const wire = names[0];
  const p = ctx.present.get(wire);
  const at = p ? p.nameRange : { start: use.start, end: use.end };
  // The warning is about params[0] (given or not: "exlimit" is named even at its default), except
  // when the rule needs params[0] absent (no explaintext: the message names no parameter).
  const about = p || !(rule.all ?? []).some((c) => c.param === rule.params[0] && c.absent) ? wire : '';
  // `{prefix}` is the module's wire prefix as written: `bl`, or `gbl` as the generator (the wiki names that one).
  const text = rule.message?.replace(/\{prefix\}/g, prefix) ?? `${use.module.name} warns ${rule.code} with these parameters.`;
  ctx.add(rule.code, at.start, at.end, text, { param: about, module: use.module.name }, { severity: 'warning' });
}

/** More than one page: several titles, page IDs or revision IDs, or a generator whose limit is not 1. */
function severalPages(ctx: QueryCheck): boolean {
  let n = 0;
  for (const name of ['titles', 'pageids', 'revids']) {
    const p = ctx.byName.get(name);
    if (p) n += getValueItems(ctx.text, p).length;
  }
  if (n > 1) return true;
  const gen = ctx.uses.find((u) => u.generator);
  if (!gen) return false;
  const limit = gen.module.parameters.find((d) => d.type === 'limit');
  if (!limit) return true;
  const given = ctx.present.get(gen.wirePrefix + limit.name)?.value;
  const value = given ?? (limit.default !== undefined ? String(limit.default) : 'max');
  return value === 'max' || Number(value) > 1;
}
