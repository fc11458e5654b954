/**
 * `titles[]=Alpha`: PHP reads a parameter name with brackets as an array. MediaWiki (ApiMain::
 * getVal → apiwarn-unsupportedarray) ignores an array value and warns `unsupportedarray` when a
 * module reads the parameter (any module: query's, parse's `prop[]`, compare's `fromtitle[]`), or lists the bare name under `unrecognizedparams` when nobody does.
 * A later plain `titles=` replaces the array (PHP keeps the last value of a name): then nothing
 * is said about the bracketed one.
 */
import type { QueryCheck } from './wikiCheckTypes';
import type { WikiModule, WikiParam } from './wikiTypes';

/** `titles` for `titles[]` / `titles[0]`; undefined for a name without brackets. */
export function phpArrayBase(name: string): string | undefined {
  const open = name.indexOf('[');
  if (open <= 0 || !name.endsWith(']')) return undefined;
  return name.slice(0, open);
}

/** Reports a bracketed parameter; returns the base name's reader module, when one reads it. */
export function checkPhpArrayParam(
  ctx: QueryCheck,
  p: WikiParam,
  base: string,
  isQuery: boolean,
  formatModule: WikiModule | undefined,
  actionModule?: WikiModule,
): void {
  // A later `base=` or `base[…]=` replaces this value (PHP keeps the last one).
  for (const q of ctx.query.params) {
    if (q.range.start > p.range.start && (q.name === base || phpArrayBase(q.name) === base)) return;
  }
  const cat = ctx.catalogue;
  const read =
    cat.main?.paramByName.has(base) ||
    (actionModule !== undefined &&
      base.startsWith(actionModule.prefix) &&
      actionModule.paramByName.has(base.slice(actionModule.prefix.length))) ||
    formatModule?.paramByName.has(base) ||
    (isQuery &&
      (cat.query?.paramByName.has(base) ||
        ctx.uses.some((u) => base.startsWith(u.wirePrefix) && u.module.paramByName.has(base.slice(u.wirePrefix.length)))));
  if (read) {
    ctx.add(
      'unsupportedarray',
      p.nameRange.start,
      p.nameRange.end,
      `Parameter "${base}" uses unsupported PHP array syntax: the wiki ignores "${p.writtenName ?? p.name}" and its value. Write ${base}=value (several values separated by |).`,
      { param: base, replacement: base },
      { severity: 'warning' },
    );
  } else {
    ctx.add(
      'unrecognizedparams',
      p.nameRange.start,
      p.nameRange.end,
      `Unrecognized parameter: "${base}" (written with PHP array syntax, "${p.writtenName ?? p.name}"). No module of this query reads it: remove it.`,
      { param: base },
      { severity: 'warning' },
    );
  }
}
