/**
 * Which modules a query uses: the query submodules named by `list=`, `prop=`, `meta=` and
 * `generator=`, plus the API's own modules (`main`, `query`, the `format=` module) whose
 * parameters can sit in the same request. Completion, hover, symbols and code actions share it.
 */
import type { WikiCatalogue } from './wikiCatalogue';
import type { ModuleListKind, WikiModule, WikiParamDescriptor, WikiQuery } from './wikiTypes';

/** A query submodule selected by a query. */
export interface SelectedModule {
  module: WikiModule;
  /** Where it was named: `list`, `prop`, `meta` or `generator`. */
  via: ModuleListKind;
  /** Named by `generator=`: its parameters take the `g` prefix. */
  generator: boolean;
}

/** The parameters of a module that can be written in a query, with the wire prefix to use. */
export interface ModuleParamSource {
  module: WikiModule;
  /** The wire prefix (`cm`, `gcm`, `''` for main/query). */
  wirePrefix: string;
  generator: boolean;
  /** Ranking for completion: selected submodules first, then query, main, format. */
  rank: number;
}

export const MODULE_LIST_PARAMS: readonly ModuleListKind[] = ['list', 'prop', 'meta', 'generator'];

/**
 * Split a decoded multi-value like MediaWiki's ParamValidator does: on `|`, or on U+001F when the
 * value starts with U+001F (the alternative separator for values that contain `|`).
 */
function splitMultiValue(value: string): string[] {
  if (value === '') return [];
  if (value.charCodeAt(0) === 0x1f) return value.slice(1).split('\u001f');
  return value.split('|');
}

/** The submodules a query names, in the order list, prop, meta, generator (unknown names skipped). */
export function getSelectedModules(query: WikiQuery, catalogue: WikiCatalogue): SelectedModule[] {
  const out: SelectedModule[] = [];
  for (const via of MODULE_LIST_PARAMS) {
    const param = query.byName.get(via);
    if (!param) continue;
    const names = via === 'generator' ? [param.value] : splitMultiValue(param.value);
    for (const name of names) {
      const module = catalogue.getQueryModule(name);
      if (!module) continue;
      if (via !== 'generator' && module.group !== via) continue;
      out.push({ module, via, generator: via === 'generator' });
    }
  }
  return out;
}

/** The `action=` of a query ('' when absent). */
function getAction(query: WikiQuery): string {
  return query.byName.get('action')?.value ?? '';
}

/**
 * Every module whose parameters belong in this query, in completion order:
 * selected submodules (generator ones with `g`), then `query` (when the action is query or not yet
 * given), then `main`, then the module named by `format=`.
 */
export function getParamSources(query: WikiQuery, catalogue: WikiCatalogue): ModuleParamSource[] {
  const out: ModuleParamSource[] = [];
  const action = getAction(query);
  if (action === 'query' || action === '') {
    for (const s of getSelectedModules(query, catalogue)) {
      out.push({ module: s.module, wirePrefix: (s.generator ? 'g' : '') + s.module.prefix, generator: s.generator, rank: 1 });
    }
    if (catalogue.query) out.push({ module: catalogue.query, wirePrefix: '', generator: false, rank: 2 });
  } else {
    // Another action (parse, compare, …): its own parameters when the catalogue describes it.
    const other = catalogue.getModule(action);
    if (other && other.path === action) out.push({ module: other, wirePrefix: other.prefix, generator: false, rank: 1 });
  }
  if (catalogue.main) out.push({ module: catalogue.main, wirePrefix: '', generator: false, rank: 3 });
  const format = query.byName.get('format')?.value;
  const formatModule = format ? catalogue.getFormatModule(format) : undefined;
  if (formatModule) out.push({ module: formatModule, wirePrefix: formatModule.prefix, generator: false, rank: 4 });
  return out;
}

/**
 * The names a templated parameter expands to (`contentformat-{slot}` with slots {main} →
 * `contentformat-main`, with `{ slot: 'main' }`), using the allowed values of the parameter each
 * variable refers to; at most `max` of them.
 */
export function expandTemplate(
  module: WikiModule,
  descriptor: WikiParamDescriptor,
  max = Infinity,
): Array<{ name: string; values: Record<string, string> }> {
  let out: Array<{ name: string; values: Record<string, string> }> = [{ name: descriptor.name, values: {} }];
  for (const [variable, target] of Object.entries(descriptor.templatevars ?? {})) {
    const allowed = module.paramByName.get(target)?.values ?? [];
    const next: typeof out = [];
    for (const t of out)
      for (const v of allowed) {
        // the names multiply with each variable: a catalogue could make them billions
        if (next.length >= max) break;
        next.push({ name: t.name.split(`{${variable}}`).join(v), values: { ...t.values, [variable]: v } });
      }
    out = next;
  }
  return out;
}
