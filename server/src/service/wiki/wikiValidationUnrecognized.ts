/**
 * Parameters no used module reads (ApiMain::reportUnusedParams' `unrecognizedparams`), with the
 * reason where one can be told: a generator's parameter without its `g`, the `g` form of a module
 * used as list/prop, a module the query does not select, a templated parameter whose target lacks
 * the value; otherwise a did-you-mean over the names valid in the query.
 */
import type { ModuleUse, ParamReaders, QueryCheck } from './wikiCheckTypes';
import type { WikiModule, WikiParam, WikiWireParam } from './wikiTypes';
import { getValueItems } from './wikiQueryParser';
import { didYouMean } from './wikiDidYouMean';
import { normalUse } from './wikiValidationModules';
import { pairRemoval } from './wikiValidationRemoval';
import { developmentLineNote } from './wikiBuiltinVersions';

/** For a templated parameter (`rvcontentformat-main`): the target parameter (`rvslots`) must list the value. */
export function templateTargetMissing(
  ctx: QueryCheck,
  use: ModuleUse,
  vars: Record<string, string>,
  values: Record<string, string>,
): { target: string; value: string } | undefined {
  for (const [v, target] of Object.entries(vars)) {
    const wire = use.wirePrefix + target;
    const tp = ctx.byName.get(wire);
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

export function reportUnrecognized(
  ctx: QueryCheck,
  p: WikiParam,
  candidates: readonly WikiWireParam[],
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
  if (reportWrongPrefix(ctx, p, candidates, gen, remove)) return;
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
  const newer = developmentLineParam(ctx, name);
  const suggestion = ctx.full && !newer ? didYouMean(name, namesForSuggestion(ctx, r)) : undefined;
  ctx.add(
    'unrecognizedparams',
    s,
    e,
    `${base} ${newer ? `${newer} This wiki does not read it: remove it.` : suggestion ? `Did you mean "${suggestion}"?` : 'No module of this query reads it: remove it, or add the module it belongs to.'}`,
    { param: name, suggestion },
    { remove },
  );
}

/** The development line's note (wikiBuiltinVersions.ts) on a parameter of a module this query uses that only that line has. */
function developmentLineParam(ctx: QueryCheck, name: string): string | undefined {
  for (const u of ctx.uses) {
    if (!name.startsWith(u.wirePrefix)) continue;
    const note = developmentLineNote(ctx.catalogue, u.module.path, name.slice(u.wirePrefix.length));
    if (note) return note;
  }
  return undefined;
}

/**
 * A parameter of a selected module written with the wrong prefix: a generator's parameter without
 * its `g` (cmtitle with generator=categorymembers), or the `g` form while the module is used as
 * list/prop (gcmtitle with list=categorymembers). Reports it and returns true, or returns false.
 */
function reportWrongPrefix(
  ctx: QueryCheck,
  p: WikiParam,
  candidates: readonly WikiWireParam[],
  gen: ModuleUse | undefined,
  remove: { start: number; end: number },
): boolean {
  const name = p.name;
  const base = `Unrecognized parameter: "${name}".`;
  for (const c of candidates) {
    let replacement: string | undefined;
    let why = '';
    if (!c.generator && gen && gen.module === c.module) {
      replacement = 'g' + name;
      why = `Under generator=${c.module.name} its parameters take the "g" prefix: write "${replacement}".`;
    } else if (c.generator && normalUse(ctx.uses, c.module)) {
      replacement = name.slice(1);
      why = `${c.module.name} is used as ${c.module.group}=, not as generator: write "${replacement}".`;
    }
    if (replacement === undefined) continue;
    ctx.add(
      'unrecognizedparams',
      p.nameRange.start,
      p.nameRange.end,
      `${base} ${why}`,
      { param: name, replacement, module: c.module.name },
      { remove },
    );
    return true;
  }
  return false;
}
