/**
 * Which catalogue parameter a written name is: the reading hover, completion, code actions, semantic tokens and
 * inlay hints share.
 */
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiModule, WikiParamDescriptor, WikiQuery, WikiWireParam } from './wikiTypes';
import { matchTemplate, splitTemplate } from './wikiTemplateNames';

/** The reading of a written parameter that counts: the first catalogue reading of its wire name. */
export function resolveWire(catalogue: WikiCatalogue, name: string, query?: WikiQuery): WikiWireParam | undefined {
  // Under another action (parse, edit, …) its own parameters count first, then the API's and the format's.
  const action = query?.byName.get('action')?.value;
  const am = action !== undefined && action !== 'query' ? catalogue.getActionModule(action) : undefined;
  if (am) {
    const own = resolveActionParam(am, name);
    if (own) return own;
    const md = catalogue.main?.paramByName.get(name);
    if (md) return { module: catalogue.main!, descriptor: md, wireName: name, generator: false };
    const fm = catalogue.getFormatModule(query?.byName.get('format')?.value ?? 'jsonfm');
    const fd = fm?.paramByName.get(name);
    return fd ? { module: fm!, descriptor: fd, wireName: name, generator: false } : undefined;
  }
  const all = catalogue.lookupWire(name);
  if (all.length === 0 && query) {
    // A parameter of the format module (callback, wrappedhtml, xslt, …).
    const fm = catalogue.getFormatModule(query.byName.get('format')?.value ?? 'jsonfm');
    const fd = fm?.paramByName.get(name);
    return fd ? { module: fm!, descriptor: fd, wireName: name, generator: false } : undefined;
  }
  if (all.length <= 1) return all[0];
  // Prefer main/query parameters, then non-generator forms (names are rarely ambiguous).
  return all.find((w) => w.module === catalogue.main || w.module === catalogue.query) ?? all.find((w) => !w.generator) ?? all[0];
}

/** A parameter of a top-level module by wire name (its prefix, or a templated name such as `fromtext-main`). */
function resolveActionParam(am: WikiModule, name: string): WikiWireParam | undefined {
  if (name.startsWith(am.prefix)) {
    const d = am.paramByName.get(name.slice(am.prefix.length));
    if (d) return { module: am, descriptor: d, wireName: name, generator: false };
  }
  // Matched, not expanded: the names of a template multiply with its variables' allowed values.
  for (const d of am.templatedparameters) {
    const { literals, vars } = splitTemplate(am.prefix + d.name);
    const matched = matchTemplate(name, literals, vars);
    const templateValues = matched && allowedValues(am, d, matched, name);
    if (templateValues) return { module: am, descriptor: d, wireName: name, generator: false, templateValues };
  }
  return undefined;
}

/** The template's variables as matched, when each is an allowed value of the parameter it refers to and they give `wire` back. */
function allowedValues(
  am: WikiModule,
  d: WikiParamDescriptor,
  matched: Record<string, string>,
  wire: string,
): Record<string, string> | undefined {
  let name = d.name;
  const values: Record<string, string> = {};
  for (const [variable, target] of Object.entries(d.templatevars ?? {})) {
    const value = matched[variable];
    if (value === undefined || !(am.paramByName.get(target)?.values ?? []).includes(value)) return undefined;
    name = name.split(`{${variable}}`).join(value);
    values[variable] = value;
  }
  return am.prefix + name === wire ? values : undefined;
}
