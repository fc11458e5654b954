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
 * A parameter counts as given when present in the query (ApiBase::parameterNotEmpty treats only
 * null and false as "not given": an empty string value counts as given; a boolean is given when present).
 */

import type { QueryCheck } from './validation';

/** One rule, as read from constraints data. */
export interface ConstraintRule {
  /** Stable id of the rule (for tests and settings). */
  id: string;
  /** The query submodule it applies to (`categorymembers`), or `query` for page-set rules. */
  module: string;
  kind: 'exactlyOne' | 'atMostOne' | 'atLeastOne' | 'requires' | 'conflicts';
  /** Unprefixed parameter names (`title`, `pageid`). For `query`, wire names. */
  params: string[];
  /** MediaWiki error code to report (defaults per kind). */
  code: string;
  /** Optional message template, `{params}` is replaced by the wire names. */
  message?: string;
  /** What MediaWiki code this mirrors (documentation). */
  mirrors: string;
}

const KINDS = new Set(['exactlyOne', 'atMostOne', 'atLeastOne', 'requires', 'conflicts']);

/**
 * Read and check constraints data (`{ "rules": [...] }` or a bare array). Bad entries throw an Error
 * naming the rule; absent data gives no rules.
 */
export function parseConstraints(data: unknown): ConstraintRule[] {
  if (data === undefined || data === null) return [];
  const rules = Array.isArray(data) ? data : typeof data === 'object' ? (data as { rules?: unknown }).rules : undefined;
  if (!Array.isArray(rules)) throw new Error('constraints: expected {"rules": [...]} — an array of rules with id, module, kind and params.');
  return rules.map((r, i): ConstraintRule => {
    const where = `constraints rule #${i + 1}`;
    if (typeof r !== 'object' || r === null) throw new Error(`${where}: must be an object.`);
    const o = r as Record<string, unknown>;
    const id = typeof o.id === 'string' ? o.id : `${where}`;
    if (typeof o.module !== 'string' || o.module === '') throw new Error(`${where} (${id}): "module" must name a query module.`);
    if (typeof o.kind !== 'string' || !KINDS.has(o.kind)) throw new Error(`${where} (${id}): "kind" must be one of ${[...KINDS].join(', ')}.`);
    if (!Array.isArray(o.params) || o.params.length < 2 || !o.params.every((p) => typeof p === 'string')) {
      throw new Error(`${where} (${id}): "params" must list at least two parameter names.`);
    }
    const kind = o.kind as ConstraintRule['kind'];
    const code = typeof o.code === 'string' ? o.code : kind === 'exactlyOne' || kind === 'atLeastOne' ? 'missingparam' : 'invalidparammix';
    return {
      id,
      module: o.module,
      kind,
      params: o.params as string[],
      code,
      message: typeof o.message === 'string' ? o.message : undefined,
      mirrors: typeof o.mirrors === 'string' ? o.mirrors : '',
    };
  });
}


function joinNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function fill(template: string | undefined, names: string[], fallback: string): string {
  return template ? template.replace(/\{params\}/g, joinNames(names)) : fallback;
}

/**
 * Apply the catalogue's constraint rules to a checked query: for `query` rules always (when the
 * action is query), for module rules when the module is selected (its wire prefix applied, `g`
 * included under generator=).
 */
export function applyConstraints(ctx: QueryCheck): void {
  const rules = ctx.catalogue.constraints;
  if (rules.length === 0) return;
  for (const rule of rules) {
    if (rule.module === 'query') {
      applyRule(ctx, rule, '', undefined);
      continue;
    }
    for (const use of ctx.uses) {
      if (use.module.name === rule.module) applyRule(ctx, rule, use.wirePrefix, use);
    }
  }
}

function applyRule(ctx: QueryCheck, rule: ConstraintRule, prefix: string, use: QueryCheck['uses'][number] | undefined): void {
  const names = rule.params.map((n) => prefix + n);
  // MediaWiki lists the parameters given in the module's own parameter order (array_intersect on
  // the extracted parameters), so that order decides which one is "the second".
  const order = (n: string) => {
    const d = use?.module.paramByName.get(n.slice(prefix.length));
    return d ? use!.module.parameters.indexOf(d) : names.indexOf(n);
  };
  const given = names.filter((n) => ctx.present.has(n)).sort((a, b) => order(a) - order(b));
  const at = use ?? { start: ctx.query.range.start, end: ctx.query.range.start };
  const module = use?.module.name ?? rule.module;
  switch (rule.kind) {
    case 'exactlyOne':
    case 'atLeastOne':
      if (given.length === 0) {
        const msg = rule.kind === 'exactlyOne'
          ? `One of the parameters ${joinNames(names)} is required by ${module}. Add one of them.`
          : `At least one of the parameters ${joinNames(names)} is required by ${module}. Add one of them.`;
        ctx.add('missingparam', at.start, at.end, fill(rule.message, names, msg), { param: names[0], addParam: names[0], module, params: names });
        return;
      }
      if (rule.kind === 'atLeastOne' || given.length === 1) return;
      break;
    case 'atMostOne':
      if (given.length <= 1) return;
      break;
    case 'requires': {
      const [first, ...rest] = names;
      if (!ctx.present.has(first) || rest.some((n) => ctx.present.has(n))) return;
      const p = ctx.present.get(first)!;
      const code = rule.code === 'missingparam' ? 'invalidparammix' : rule.code;
      ctx.add(code, p.nameRange.start, p.nameRange.end, fill(rule.message, names, `The ${first} parameter may only be used with ${joinNames(rest)}. Add ${rest[0]}=…, or remove ${first}.`), { param: first, addParam: rest[0], module, params: names });
      return;
    }
    case 'conflicts': {
      const [first, ...rest] = names;
      const other = rest.find((n) => ctx.present.has(n));
      if (!ctx.present.has(first) || other === undefined) return;
      const p = ctx.present.get(first)!;
      const code = rule.code === 'missingparam' ? 'invalidparammix' : rule.code;
      ctx.add(code, p.nameRange.start, p.nameRange.end, fill(rule.message, names, `The ${first} parameter cannot be used with ${other}. Remove one of them.`), { param: first, module, params: [first, other] });
      return;
    }
  }
  // Several given where at most one may be: report on each one after the first.
  const code = rule.code === 'missingparam' ? 'invalidparammix' : rule.code;
  for (const n of given.slice(1)) {
    const p = ctx.present.get(n)!;
    const msg = code === 'multisource'
      ? `The parameters ${given[0]} and ${n} can not be used together: give pages one way only (${joinNames(names)}). Remove one.`
      : `The parameters ${joinNames(given)} can not be used together. Keep one of them.`;
    ctx.add(code, p.nameRange.start, p.nameRange.end, fill(rule.message, given, msg), { param: n, module, params: given });
  }
}
