/**
 * The modules an action=query selects (list=, prop=, meta=, generator=: ApiQuery and ApiPageSet's
 * checks) and the parameters they require.
 */
import { DiagnosticTag } from 'vscode-languageserver-types';
import type { ModuleUse, QueryCheck } from './wikiCheckTypes';
import type { WikiModule, WikiParam, WikiParamDescriptor, WikiValueItem } from './wikiTypes';
import { getValueItems } from './wikiQueryParser';
import { didYouMean } from './wikiDidYouMean';
import { multiLimit } from './wikiValidationParam';
import { itemRemoval } from './wikiValidationRemoval';

/**
 * The modules an action=query selects: list/prop/meta modules go straight into ctx.uses (in the
 * order named), the generator after them. Returns the generator's use.
 */
export function checkSelectedModules(ctx: QueryCheck): ModuleUse | undefined {
  const { byName, catalogue: cat } = ctx;
  for (const group of MODULE_GROUPS) {
    const p = byName.get(group);
    if (p) checkModuleList(ctx, p, group, cat.query!.paramByName.get(group));
  }
  const gp = byName.get('generator');
  const gen = gp ? checkGenerator(ctx, gp) : undefined;
  if (gen) ctx.uses.push(gen);
  return gen;
}

/** Required parameters of the selected modules. */
export function checkRequiredParams(ctx: QueryCheck): void {
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

/** The use of `module` as list/prop/meta (not as generator=), if the query selects it so. */
export function normalUse(uses: readonly ModuleUse[], module: WikiModule): ModuleUse | undefined {
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
      reportUnknownModule(ctx, items, item, group, m, allowed);
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

/** A list=/prop=/meta= value that is no module of that group (ApiQuery drops it with a warning). */
function reportUnknownModule(
  ctx: QueryCheck,
  items: WikiValueItem[],
  item: WikiValueItem,
  group: 'list' | 'prop' | 'meta',
  m: WikiModule | undefined,
  allowed: readonly string[] | undefined,
): void {
  const name = item.text;
  let hint: string;
  let suggestion: string | undefined;
  if (m && m.group !== group) {
    hint = `"${name}" is a ${m.group} module: write ${m.group}=${name}.`;
  } else {
    suggestion = ctx.full ? didYouMean(name, allowed ?? ctx.catalogue.getModulesByGroup(group).map((x) => x.name)) : undefined;
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
}
