/**
 * The guided builder's pure part: which modules and parameters to offer from a catalogue the
 * server sent (paraminfo shape), how to describe them, and the query text the choices make.
 * VS Code-free; the quick picks live in client/src/wiki/queryBuilder.ts.
 */
import type { ParaminfoModule, ParaminfoParameter } from '../../common/protocol';
import { encodeParam } from './wikiRequest';

export type ModuleGroup = 'list' | 'prop' | 'meta';

/** paraminfo flags are `""` (formatversion 1) or `true` (formatversion 2) when set. */
export function flag(o: Record<string, unknown>, name: string): boolean {
  return o[name] === '' || o[name] === true;
}

export function modulesOfGroup(modules: ParaminfoModule[], group: ModuleGroup): ParaminfoModule[] {
  return modules.filter((m) => m.group === group && m.path.startsWith('query+')).sort((a, b) => a.name.localeCompare(b.name));
}

/** Required parameters first, then in catalogue order; `continue` is left out (continuation sets it). */
export function builderParameters(module: ParaminfoModule): ParaminfoParameter[] {
  return module.parameters
    .filter((p) => p.name !== 'continue')
    .sort((a, b) => Number(flag(b, 'required')) - Number(flag(a, 'required')) || (a.index ?? 0) - (b.index ?? 0));
}

/** Parameters of the `query` module that choose the pages a `prop` module works on. */
const PAGE_SET_PARAMS = ['titles', 'pageids', 'revids', 'redirects', 'converttitles'];

/**
 * For `prop` modules: the page-set parameters (`titles`, `pageids`, …) of the catalogue's own
 * `query` module, so a prop query built from the palette names its pages. They have no prefix.
 */
export function pageSetParameters(modules: ParaminfoModule[]): ParaminfoParameter[] {
  const query = modules.find((m) => m.path === 'query' || m.name === 'query');
  if (!query) return [];
  return PAGE_SET_PARAMS.map((n) => query.parameters.find((p) => p.name === n)).filter((p): p is ParaminfoParameter => !!p);
}

export function wireName(module: ParaminfoModule, p: ParaminfoParameter, asGenerator = false): string {
  return `${asGenerator ? 'g' : ''}${module.prefix}${p.name}`;
}

/** `limit 1–500 (high 5000), default 10`, `one of: a, b, c`, `namespace, several`, … */
export function describeParameter(p: ParaminfoParameter): string {
  const parts: string[] = [];
  if (Array.isArray(p.type)) {
    const shown = p.type.slice(0, 8).map((v) => (v === '' ? '(empty)' : v));
    parts.push(`${flag(p, 'multi') ? 'any of' : 'one of'}: ${shown.join(', ')}${p.type.length > 8 ? `, … (${p.type.length})` : ''}`);
  } else {
    let t = p.type;
    if (p.type === 'limit' || p.type === 'integer') {
      if (p.min !== undefined || p.max !== undefined) t += ` ${p.min ?? ''}–${p.max ?? ''}`;
      if (p.highmax !== undefined) t += ` (high ${p.highmax})`;
    }
    parts.push(flag(p, 'multi') ? `${t}, several (|)` : t);
  }
  if (p.default !== undefined && p.default !== '') parts.push(`default ${String(p.default)}`);
  if (flag(p, 'required')) parts.push('required');
  if (flag(p, 'deprecated')) parts.push('deprecated');
  return parts.join(' · ');
}

/**
 * The query text: `action=query&list=allpages&aplimit=5`. Values are percent-encoded where the
 * wikiquery language would otherwise read them differently (`&`, `#`, `%`, `+`, spaces), `|` kept.
 */
export function composeQuery(group: ModuleGroup, module: ParaminfoModule, values: Array<[string, string]>): string {
  const parts = [`action=query`, `${group}=${module.name}`, ...values.map(([k, v]) => `${encodeParam(k)}=${encodeParam(v)}`)];
  return parts.join('&');
}

/** A value typed for a parameter: `undefined` when valid, else what to fix. */
export function checkTypedValue(p: ParaminfoParameter, value: string): string | undefined {
  const values = flag(p, 'multi') ? value.split('|') : [value];
  for (const v of values) {
    if (p.type === 'limit' && !/^(max|[+-]?\d+)$/.test(v)) return 'Write a number or "max".';
    if (p.type === 'integer' && !/^[+-]?\d+$/.test(v)) return 'Write a whole number.';
    if (p.type === 'timestamp' && !/^(now|\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z?)?|\d{14}|\d+)$/.test(v))
      return 'Write an ISO 8601 timestamp (2024-01-31T12:00:00Z), 14 digits (20240131120000) or "now".';
  }
  if (flag(p, 'required') && value === '') return 'This parameter is required.';
  return undefined;
}
