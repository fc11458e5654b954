/**
 * Rules that MediaWiki modules enforce in their own code (not visible in paraminfo), kept as data
 * in descriptors/wiki/constraints.json. Each rule names the MediaWiki behaviour it mirrors.
 *
 * Kinds (ApiBase helpers):
 * - `exactlyOne`  — ApiBase::requireOnlyOneParameter: none given → `missingparam`
 *                   ("One of the parameters a and b is required."), several → `invalidparammix`.
 * - `atMostOne`   — ApiBase::requireMaxOneParameter: several given → `invalidparammix`.
 * - `atLeastOne`  — ApiBase::requireAtLeastOneParameter: none given → `missingparam`.
 * - `requires`    — a parameter needs another one (`params[0]` needs one of the rest), with the
 *                   code and message the module uses.
 * A parameter counts as given when present in the query (ApiBase::parameterNotEmpty treats only
 * null and false as "not given": an empty string value counts as given; a boolean is given when present).
 */

/** One rule, as read from constraints data. */
export interface ConstraintRule {
  /** Stable id of the rule (for tests and settings). */
  id: string;
  /** The query submodule it applies to (`categorymembers`), or `query` for page-set rules. */
  module: string;
  kind: 'exactlyOne' | 'atMostOne' | 'atLeastOne' | 'requires';
  /** Unprefixed parameter names (`title`, `pageid`). For `query`, wire names. */
  params: string[];
  /** MediaWiki error code to report (defaults per kind). */
  code: string;
  /** Optional message template, `{params}` is replaced by the wire names. */
  message?: string;
  /** What MediaWiki code this mirrors (documentation). */
  mirrors: string;
}

const KINDS = new Set(['exactlyOne', 'atMostOne', 'atLeastOne', 'requires']);

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
    const code = typeof o.code === 'string' ? o.code : kind === 'atMostOne' ? 'invalidparammix' : 'missingparam';
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
