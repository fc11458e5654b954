/**
 * What changed between two catalogues (`wikimap-query catalogue diff A B`): modules, parameters and
 * values added, removed or changed, and namespaces — what a farm maintainer wants to see before an
 * upgrade. Pure: it compares two built catalogues.
 */
import type { WikiCatalogue } from '../service/wiki/wikiCatalogue';
import type { WikiModule, WikiParamDescriptor } from '../service/wiki/wikiTypes';

export type DiffKind = 'module' | 'parameter' | 'value' | 'namespace';
export type DiffChange = 'added' | 'removed' | 'changed';

export interface CatalogueDifference {
  kind: DiffKind;
  change: DiffChange;
  /** Module path (`query+allpages`, `parse`); absent for namespaces. */
  module?: string;
  /** Wire name of the parameter (`apfrom`), with its prefix. */
  parameter?: string;
  /** An enum value, or a namespace's id. */
  value?: string;
  /** For `changed`: which fact (`deprecated`, `default`, `type`, `max`, …) and its two sides. */
  field?: string;
  from?: unknown;
  to?: unknown;
}

/** Module facts compared (flags of paraminfo). */
const MODULE_FIELDS = ['group', 'prefix', 'generator', 'deprecated', 'internal', 'readrights', 'writerights', 'mustbeposted'] as const;

/** Parameter facts compared (the enum values are compared one by one instead of as `type`). */
const PARAM_FIELDS = [
  'type',
  'default',
  'multi',
  'required',
  'deprecated',
  'min',
  'max',
  'highmax',
  'lowlimit',
  'highlimit',
  'enforcerange',
  'tokentype',
  'maxbytes',
  'maxchars',
  'allspecifier',
] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every parameter of a module, templated ones included, by wire name. */
function paramsOf(m: WikiModule): Map<string, WikiParamDescriptor> {
  const out = new Map<string, WikiParamDescriptor>();
  for (const p of [...m.parameters, ...m.templatedparameters]) out.set(m.prefix + p.name, p);
  return out;
}

function diffValues(module: string, parameter: string, a: WikiParamDescriptor, b: WikiParamDescriptor): CatalogueDifference[] {
  const out: CatalogueDifference[] = [];
  const va = new Set(a.values ?? []);
  const vb = new Set(b.values ?? []);
  for (const v of vb) if (!va.has(v)) out.push({ kind: 'value', change: 'added', module, parameter, value: v });
  for (const v of va) if (!vb.has(v)) out.push({ kind: 'value', change: 'removed', module, parameter, value: v });
  const da = new Set(a.deprecatedvalues ?? []);
  const db = new Set(b.deprecatedvalues ?? []);
  for (const v of vb) {
    if (va.has(v) && da.has(v) !== db.has(v)) {
      out.push({ kind: 'value', change: 'changed', module, parameter, value: v, field: 'deprecated', from: da.has(v), to: db.has(v) });
    }
  }
  return out;
}

function diffParam(module: string, parameter: string, a: WikiParamDescriptor, b: WikiParamDescriptor): CatalogueDifference[] {
  const out: CatalogueDifference[] = [];
  const enumBoth = a.values !== undefined && b.values !== undefined;
  for (const field of PARAM_FIELDS) {
    if (field === 'type' && enumBoth) continue;
    const from = field === 'type' && a.values ? 'enum' : a[field];
    const to = field === 'type' && b.values ? 'enum' : b[field];
    if (!same(from, to)) out.push({ kind: 'parameter', change: 'changed', module, parameter, field, from, to });
  }
  if (enumBoth) out.push(...diffValues(module, parameter, a, b));
  return out;
}

function diffModule(a: WikiModule, b: WikiModule): CatalogueDifference[] {
  const module = b.path;
  const out: CatalogueDifference[] = [];
  for (const field of MODULE_FIELDS) {
    if (!same(a[field], b[field])) out.push({ kind: 'module', change: 'changed', module, field, from: a[field], to: b[field] });
  }
  const pa = paramsOf(a);
  const pb = paramsOf(b);
  for (const [name, p] of pb) {
    const old = pa.get(name);
    if (!old) out.push({ kind: 'parameter', change: 'added', module, parameter: name });
    else out.push(...diffParam(module, name, old, p));
  }
  for (const name of pa.keys()) if (!pb.has(name)) out.push({ kind: 'parameter', change: 'removed', module, parameter: name });
  return out;
}

function diffNamespaces(a: WikiCatalogue, b: WikiCatalogue): CatalogueDifference[] {
  // Namespaces only where both catalogues know the wiki's own (MediaWiki's defaults otherwise).
  if (!a.namespacesFromSiteinfo || !b.namespacesFromSiteinfo) return [];
  const out: CatalogueDifference[] = [];
  const byId = (c: WikiCatalogue) => new Map(c.namespaces.map((n) => [n.id, n]));
  const na = byId(a);
  const nb = byId(b);
  for (const [id, n] of nb) {
    const old = na.get(id);
    if (!old) out.push({ kind: 'namespace', change: 'added', value: String(id), to: n.name });
    else if (old.name !== n.name)
      out.push({ kind: 'namespace', change: 'changed', value: String(id), field: 'name', from: old.name, to: n.name });
  }
  for (const [id, n] of na) if (!nb.has(id)) out.push({ kind: 'namespace', change: 'removed', value: String(id), from: n.name });
  return out;
}

/** The differences from `a` to `b`, modules in `b`'s order then those only `a` has. */
export function diffCatalogues(a: WikiCatalogue, b: WikiCatalogue): CatalogueDifference[] {
  const out: CatalogueDifference[] = [];
  const ma = new Map(a.modules.map((m) => [m.path, m]));
  const mb = new Map(b.modules.map((m) => [m.path, m]));
  for (const [path, m] of mb) {
    const old = ma.get(path);
    if (!old) out.push({ kind: 'module', change: 'added', module: path });
    else out.push(...diffModule(old, m));
  }
  for (const path of ma.keys()) if (!mb.has(path)) out.push({ kind: 'module', change: 'removed', module: path });
  out.push(...diffNamespaces(a, b));
  return out;
}

const MARK: Record<DiffChange, string> = { added: '+', removed: '-', changed: '~' };

function shown(v: unknown): string {
  return v === undefined ? '(none)' : JSON.stringify(v);
}

/** One line of the text report, e.g. `+ value query+allpages apfilterredir=nonredirects`. */
export function formatDifference(d: CatalogueDifference): string {
  const what =
    d.kind === 'module'
      ? `module ${d.module}`
      : d.kind === 'parameter'
        ? `parameter ${d.module} ${d.parameter}`
        : d.kind === 'value'
          ? `value ${d.module} ${d.parameter}=${d.value}`
          : `namespace ${d.value}${d.change === 'removed' ? ` ${shown(d.from)}` : d.change === 'added' ? ` ${shown(d.to)}` : ''}`;
  const how = d.change === 'changed' ? `: ${d.field} ${shown(d.from)} → ${shown(d.to)}` : '';
  return `${MARK[d.change]} ${what}${how}`;
}

/** The closing count, e.g. `3 modules added, 1 removed, …`. */
export function summariseDifferences(diffs: CatalogueDifference[]): string {
  if (!diffs.length) return 'no differences';
  const parts: string[] = [];
  for (const kind of ['module', 'parameter', 'value', 'namespace'] as const) {
    const of = diffs.filter((d) => d.kind === kind);
    if (!of.length) continue;
    const count = (c: DiffChange) => of.filter((d) => d.change === c).length;
    parts.push(`${kind}s: ${count('added')} added, ${count('removed')} removed, ${count('changed')} changed`);
  }
  return parts.join('; ');
}
