/**
 * Completion for wiki queries. Switches on the cursor context (asked once, see wikiCursor.ts):
 * - an empty line: query starters (`action=query&list=` …);
 * - a parameter name: the parameters of the modules the query selects (`g` + prefix under a
 *   generator), required ones first, those already written left out; inserts `name=` and asks
 *   for value completion;
 * - a module list (`list=`, `prop=`, `meta=`, `generator=`): module names of that group
 *   (generator-capable ones after `generator=`), those already listed left out;
 * - a value: allowed values, namespaces (number and name), `max` for limits, `now` for
 *   timestamps, `*` where the parameter has an all-specifier.
 * Value completions replace exactly the current `|` item, never the whole value.
 */
import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type CompletionList,
  type MarkupContent,
  type Range,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageSettings } from '../languageTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiCursorContext, WikiModule, WikiParamDescriptor, WikiWireParam } from './wikiTypes';
import { describeModule, describeParam } from './wikiHover';
import { resolveWire } from './wikiWire';
import { expandTemplate, getParamSources, getSelectedModules, MODULE_LIST_PARAMS } from './wikiSelectedModules';
import { toRange } from './wikiRanges';
import { authFieldDetail, authFieldsOf, describeAuthField } from './wikiAuthFields';
import { withDocumentation } from '../completionDocumentation';

/** Most items in one completion list; past it the list is filtered by what is typed and marked incomplete. */
const MAX_COMPLETION_ITEMS = 200;

/** Most names one templated parameter is expanded to (its variables' allowed values multiply). */
const MAX_TEMPLATE_NAMES = 10_000;

/** VS Code's command to open the suggest widget again (value completion right after `name=`). */
const TRIGGER_SUGGEST = { title: 'Suggest values', command: 'editor.action.triggerSuggest' };

/** Query starters offered on an empty line. */
const STARTERS: Array<{ text: string; detail: string }> = [
  { text: 'action=query&list=', detail: 'a query listing pages, users, log entries… (list module)' },
  { text: 'action=query&prop=', detail: 'a query of page properties (prop module, with titles= or a generator)' },
  { text: 'action=query&meta=', detail: 'a query of wiki or user information (meta module)' },
  { text: 'action=query&generator=', detail: 'a query whose pages come from a generator' },
  { text: 'action=query&', detail: 'a query (any parameters)' },
  { text: 'action=', detail: 'another API module: parse, compare, expandtemplates, opensearch, paraminfo, a feed, …' },
];

const md = (value: string): MarkupContent => ({ kind: MarkupKind.Markdown, value });

/** Completion for the cursor context, judged by `catalogue` (the catalogue of the query's wiki). */
export function doWikiComplete(
  document: TextDocument,
  context: WikiCursorContext,
  offset: number,
  catalogue: WikiCatalogue,
  settings?: LanguageSettings,
): CompletionList {
  switch (context.kind) {
    case 'none':
      return isBlankLineAt(document, offset) && !context.query ? startersAt(document, offset) : empty();
    case 'paramName':
      return completeParamNames(document, context, catalogue, settings);
    case 'moduleList':
      return completeModules(document, context, catalogue, settings);
    case 'paramValue':
      return completeValues(document, context, catalogue, settings);
    default:
      return empty();
  }
}

function empty(): CompletionList {
  return { isIncomplete: false, items: [] };
}

function isBlankLineAt(document: TextDocument, offset: number): boolean {
  const text = document.getText();
  let a = offset;
  while (a > 0 && text[a - 1] !== '\n') {
    if (!/\s/.test(text[a - 1])) return false;
    a--;
  }
  for (let b = offset; b < text.length && text[b] !== '\n'; b++) if (!/\s/.test(text[b])) return false;
  return true;
}

function startersAt(document: TextDocument, offset: number): CompletionList {
  const range = toRange(document, { start: offset, end: offset });
  const items = STARTERS.map((s, i): CompletionItem => ({
    label: s.text,
    kind: CompletionItemKind.Snippet,
    detail: s.detail,
    sortText: String(i),
    textEdit: { range, newText: s.text },
    insertTextFormat: InsertTextFormat.PlainText,
    command: s.text.endsWith('=') || s.text.endsWith('&') ? TRIGGER_SUGGEST : undefined,
  }));
  return { isIncomplete: false, items };
}

/** Whether a parameter has values worth suggesting right after `name=`. */
function hasValueCompletions(d: WikiParamDescriptor, wireName: string): boolean {
  if (MODULE_LIST_PARAMS.includes(wireName as never)) return true;
  return !!d.values?.length || d.type === 'namespace' || d.type === 'limit' || d.type === 'timestamp';
}

/** A parameter name to offer, before its item (with its description) is built. */
interface ParamCandidate {
  wireName: string;
  d: WikiParamDescriptor;
  index: number;
  rank: number;
  module: WikiModule;
  generator: boolean;
  templateValues?: Record<string, string>;
}

function completeParamNames(
  document: TextDocument,
  context: Extract<WikiCursorContext, { kind: 'paramName' }>,
  catalogue: WikiCatalogue,
  settings?: LanguageSettings,
): CompletionList {
  const highLimits = settings?.highLimits === true;
  const range = toRange(document, context.range);
  const keepValue = !!context.param?.hasEquals;
  const candidates = paramCandidates(context, catalogue);
  // Only the candidates the capped list keeps get an item: a catalogue may give a module a million parameters.
  const { picked, incomplete } = pick(candidates.length, (i) => candidates[i].wireName, context.prefix);
  const items = picked.map((i): CompletionItem => {
    const { wireName, d, index, rank, module, generator, templateValues } = candidates[i];
    const wire: WikiWireParam = { module, descriptor: d, wireName, generator, templateValues };
    const item: CompletionItem = {
      label: wireName,
      kind: CompletionItemKind.Property,
      detail: paramDetail(wire),
      sortText: `${rank}${d.deprecated ? 1 : 0}${String(index).padStart(4, '0')}${wireName}`,
      filterText: wireName,
      textEdit: { range, newText: keepValue ? wireName : `${wireName}=` },
    };
    if (d.deprecated) item.tags = [CompletionItemTag.Deprecated];
    if (!keepValue && hasValueCompletions(d, wireName)) item.command = TRIGGER_SUGGEST;
    return withDocumentation(item, () => md(describeParam(wire, catalogue, highLimits)), settings);
  });
  // The fields of AuthManager's requests the action module reads without its prefix (readsFields): after its parameters.
  const am = catalogue.getActionModule(context.query.byName.get('action')?.value ?? '');
  for (const field of am ? authFieldsOf(catalogue, am) : []) {
    if (context.query.params.some((p) => p !== context.param && p.name === field.name)) continue;
    const item: CompletionItem = {
      label: field.name,
      kind: CompletionItemKind.Field,
      detail: authFieldDetail(field),
      sortText: `9${field.name}`,
      filterText: field.name,
      textEdit: { range, newText: keepValue ? field.name : `${field.name}=` },
    };
    items.push(withDocumentation(item, () => md(describeAuthField(am!, field)), settings));
  }
  return { isIncomplete: incomplete, items };
}

/** The parameter names the query's modules read, each once, without those already written. */
function paramCandidates(context: Extract<WikiCursorContext, { kind: 'paramName' }>, catalogue: WikiCatalogue): ParamCandidate[] {
  const { query } = context;
  const used = new Set<string>();
  for (const p of query.params) if (p !== context.param) used.add(p.name);
  const noModules = getSelectedModules(query, catalogue).length === 0;
  const noAction = !used.has('action');
  const out: ParamCandidate[] = [];
  const seen = new Set<string>();
  for (const source of getParamSources(query, catalogue)) {
    const { module, wirePrefix } = source;
    const add = (wireName: string, d: WikiParamDescriptor, index: number, templateValues?: Record<string, string>) => {
      if (used.has(wireName) || seen.has(wireName)) return;
      seen.add(wireName);
      let rank = d.required ? 0 : source.rank;
      if (module === catalogue.main && wireName === 'action' && noAction) rank = 0;
      if (module === catalogue.query && noModules && MODULE_LIST_PARAMS.includes(wireName as never)) rank = 0;
      out.push({ wireName, d, index, rank, module, generator: source.generator, templateValues });
    };
    module.parameters.forEach((d, i) => add(wirePrefix + d.name, d, i));
    module.templatedparameters.forEach((d, i) => {
      for (const t of expandTemplate(module, d, MAX_TEMPLATE_NAMES)) add(wirePrefix + t.name, d, module.parameters.length + i, t.values);
    });
  }
  return out;
}

/** The detail lines made, per descriptor: for its module, as a module's and as a generator's parameter. */
const PARAM_DETAILS = new WeakMap<WikiParamDescriptor, { module: WikiModule; plain?: string; generator?: string }>();

/** Short detail line of a parameter item: "required · limit · list=categorymembers" (made once per descriptor and form). */
function paramDetail(wire: WikiWireParam): string {
  const d = wire.descriptor;
  let kept = PARAM_DETAILS.get(d);
  if (kept === undefined || kept.module !== wire.module) PARAM_DETAILS.set(d, (kept = { module: wire.module }));
  const form = wire.generator ? 'generator' : 'plain';
  return (kept[form] ??= makeParamDetail(wire));
}

function makeParamDetail(wire: WikiWireParam): string {
  const d = wire.descriptor;
  const m = wire.module;
  const parts: string[] = [];
  if (d.required) parts.push('required');
  if (d.deprecated) parts.push('deprecated');
  parts.push(d.type === 'enum' ? (d.multi ? 'values' : 'value') : d.type + (d.multi ? 's' : ''));
  if (m.path === 'main') parts.push('API');
  else if (m.path === 'query') parts.push('action=query');
  else if (m.group === 'format') parts.push(`format=${m.name}`);
  else parts.push(`${wire.generator ? 'generator' : m.group}=${m.name}`);
  return parts.join(' · ');
}

function completeModules(
  document: TextDocument,
  context: Extract<WikiCursorContext, { kind: 'moduleList' }>,
  catalogue: WikiCatalogue,
  settings?: LanguageSettings,
): CompletionList {
  const modules: readonly WikiModule[] = context.group === 'generator' ? catalogue.generators : catalogue.getModulesByGroup(context.group);
  const used = new Set<string>();
  if (context.group !== 'generator') for (const it of context.items) if (it !== context.item) used.add(it.text);
  const range = toRange(document, context.item.range);
  const items: CompletionItem[] = [];
  for (const m of modules) {
    if (used.has(m.name)) continue;
    const item: CompletionItem = {
      label: m.name,
      kind: CompletionItemKind.Module,
      detail: moduleDetail(m, context.group === 'generator'),
      sortText: `${m.deprecated ? 1 : 0}${m.name}`,
      textEdit: { range, newText: m.name },
    };
    if (m.deprecated) item.tags = [CompletionItemTag.Deprecated];
    items.push(withDocumentation(item, () => md(describeModule(m, catalogue)), settings));
  }
  return capped(items, context.prefix);
}

function moduleDetail(m: WikiModule, asGenerator: boolean): string {
  const parts = [asGenerator ? `${m.group} module as generator` : `${m.group} module`];
  parts.push(m.prefix ? `prefix ${asGenerator ? 'g' : ''}${m.prefix}` : 'no prefix');
  if (m.deprecated) parts.push('deprecated');
  return parts.join(' · ');
}

/** Adds a value item; `documentation`, when given, is made when the item's documentation is first read. */
type AddItem = (value: string, extra?: Partial<CompletionItem>, documentation?: () => MarkupContent) => void;

/** paraminfo/help `modules`: every module path (with the `*` wildcards where the rule allows them). */
function modulePathItems(add: AddItem, catalogue: WikiCatalogue, wildcards: boolean): void {
  if (wildcards) add('*', { kind: CompletionItemKind.Constant, detail: 'every top-level module' });
  add('main', { kind: CompletionItemKind.Module, detail: 'the API itself' });
  for (const m of catalogue.getActionModules())
    add(m.name, { kind: CompletionItemKind.Module, detail: ['action module', ...moduleFlags(m)].join(' · ') }, () =>
      md(describeModule(m, catalogue)),
    );
  if (catalogue.query) add('query', { kind: CompletionItemKind.Module, detail: 'action module' });
  for (const m of catalogue.getFormatModules())
    add(m.name, { kind: CompletionItemKind.Module, detail: 'format module' }, () => md(describeModule(m, catalogue)));
  if (wildcards) add('query+*', { kind: CompletionItemKind.Constant, detail: 'every query submodule' });
  for (const m of catalogue.getQueryModules())
    add(m.path, { kind: CompletionItemKind.Module, detail: `${m.group} module` }, () => md(describeModule(m, catalogue)));
}

/** Namespace numbers, with their names (the wiki's own namespaces and the parameter's extra ones). */
function namespaceItems(add: AddItem, catalogue: WikiCatalogue, d: WikiParamDescriptor, defaults: string[]): void {
  const ids = new Set<number>();
  for (const ns of catalogue.namespaces) if (ns.id >= 0) ids.add(ns.id);
  for (const id of d.extranamespaces ?? []) ids.add(id);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const name = catalogue.getNamespace(id)?.name ?? '';
    const shown = name === '' ? '(Main)' : name;
    add(String(id), {
      kind: CompletionItemKind.Value,
      labelDetails: { description: shown },
      detail: `namespace ${shown}${defaults.includes(String(id)) ? ' · default' : ''}`,
      filterText: `${id} ${name}`,
      sortText: String(id + 10).padStart(6, '0'),
    });
  }
}

function completeValues(
  document: TextDocument,
  context: Extract<WikiCursorContext, { kind: 'paramValue' }>,
  catalogue: WikiCatalogue,
  settings?: LanguageSettings,
): CompletionList {
  const wire = resolveWire(catalogue, context.param.name, context.query);
  if (!wire) return empty();
  // action= and format= name modules: each value comes with its module's description and flags.
  const namesModule =
    wire.module === catalogue.main
      ? context.param.name === 'action'
        ? (v: string) => catalogue.getActionModule(v)
        : context.param.name === 'format'
          ? (v: string) => catalogue.getFormatModule(v)
          : undefined
      : undefined;
  const d = wire.descriptor;
  const range = toRange(document, context.item.range);
  const used = new Set<string>();
  if (d.multi && !d.allowsduplicates) for (const it of context.items) if (it !== context.item) used.add(it.text);
  const items: CompletionItem[] = [];
  const add = valueAdder(items, used, range, settings);
  const defaults = d.default === undefined ? [] : d.multi ? String(d.default).split('|') : [String(d.default)];
  const paramDoc = () => md(describeParam(wire, catalogue, settings?.highLimits === true));
  // paraminfo/help `modules`: module paths (a `modulePaths` rule of action-constraints.json says which).
  const pathRule = catalogue
    .actionRulesOf(wire.module.name)
    .find((r) => r.kind === 'modulePaths' && wire.module.prefix + r.params[0] === context.param.name);
  if (pathRule) {
    modulePathItems(add, catalogue, pathRule.wildcards !== false);
    return capped(items, context.prefix);
  }
  if (d.values) {
    const deprecated = new Set(d.deprecatedvalues ?? []);
    const values = d.values.filter((v) => !used.has(v));
    const all = d.multi && d.allspecifier && !used.has(d.allspecifier) ? d.allspecifier : undefined;
    // Only the values the capped list keeps get an item: a catalogue may list millions.
    const { picked, incomplete } = pick(values.length + (all === undefined ? 0 : 1), (i) => values[i] ?? all!, context.prefix);
    for (const i of picked) {
      if (i === values.length) {
        add(all!, { kind: CompletionItemKind.Constant, detail: 'all values', sortText: '~' });
        continue;
      }
      const v = values[i];
      const isDeprecated = deprecated.has(v);
      const isDefault = defaults.includes(v);
      const named = namesModule?.(v);
      const detail =
        [isDefault ? 'default' : '', isDeprecated ? 'deprecated' : '', ...(named ? moduleFlags(named) : [])].filter(Boolean).join(' · ') ||
        undefined;
      add(
        v,
        {
          detail,
          kind: named ? CompletionItemKind.Module : CompletionItemKind.EnumMember,
          tags: isDeprecated ? [CompletionItemTag.Deprecated] : undefined,
          preselect: isDefault && !d.multi ? true : undefined,
          sortText: `${isDeprecated ? 1 : 0}${String(i).padStart(5, '0')}`,
        },
        named ? () => md(describeModule(named, catalogue)) : undefined,
      );
    }
    return { isIncomplete: incomplete, items };
  } else if (d.type === 'namespace') {
    namespaceItems(add, catalogue, d, defaults);
  } else if (d.type === 'limit') {
    const high = settings?.highLimits === true && d.highmax !== undefined ? d.highmax : d.max;
    add('max', { kind: CompletionItemKind.Constant, detail: `the highest limit (${high ?? '?'})` }, paramDoc);
    for (const v of defaults) add(v, { kind: CompletionItemKind.Value, detail: 'default' });
  } else if (d.type === 'timestamp') {
    add('now', { kind: CompletionItemKind.Constant, detail: 'the current time' });
  }
  if (d.multi && d.allspecifier) add(d.allspecifier, { kind: CompletionItemKind.Constant, detail: 'all values', sortText: '~' });
  return capped(items, context.prefix);
}

/** An AddItem that puts value items replacing `range` into `items`, but none of the values `used`. */
function valueAdder(items: CompletionItem[], used: ReadonlySet<string>, range: Range, settings?: LanguageSettings): AddItem {
  return (value, extra = {}, documentation) => {
    if (used.has(value)) return;
    const item: CompletionItem = {
      label: value === '' ? '(empty)' : value,
      kind: CompletionItemKind.EnumMember,
      sortText: String(items.length).padStart(5, '0'),
      filterText: value,
      textEdit: { range, newText: value },
      ...extra,
    };
    items.push(documentation ? withDocumentation(item, documentation, settings) : item);
  };
}

/** Short flags of a top-level module for a completion detail: "POST only · token csrf · writes". */
function moduleFlags(m: WikiModule): string[] {
  const out: string[] = [];
  if (m.mustbeposted) out.push('POST only');
  const token = m.parameters.find((d) => d.tokentype !== undefined);
  if (token) out.push(`token ${token.tokentype}`);
  if (m.writerights) out.push('writes');
  return out;
}

/**
 * Cap a long list: past MAX_COMPLETION_ITEMS keep the items matching what is typed (prefix matches
 * first) and mark the list incomplete, so the editor asks again as the user types.
 */
function capped(items: CompletionItem[], typed: string): CompletionList {
  const { picked, incomplete } = pick(items.length, (i) => items[i].filterText ?? items[i].label, typed);
  return { isIncomplete: incomplete, items: incomplete ? picked.map((i) => items[i]) : items };
}

/**
 * Which of `count` candidates a capped list keeps (see `capped`), by their filter keys: all of them up
 * to MAX_COMPLETION_ITEMS; past it, those whose key starts with what is typed, then those holding it.
 * Asked before the items are built, so that a list of millions costs one pass over their keys.
 */
function pick(count: number, key: (i: number) => string, typed: string): { picked: number[]; incomplete: boolean } {
  if (count <= MAX_COMPLETION_ITEMS) {
    // (A loop: Array.from with a map function was a tenth of a short completion's time.)
    const picked = new Array<number>(count);
    for (let i = 0; i < count; i++) picked[i] = i;
    return { picked, incomplete: false };
  }
  const t = typed.toLowerCase();
  const starts: number[] = [];
  const contains: number[] = [];
  for (let i = 0; i < count && starts.length < MAX_COMPLETION_ITEMS; i++) {
    const k = key(i).toLowerCase();
    if (k.startsWith(t)) starts.push(i);
    else if (t && contains.length < MAX_COMPLETION_ITEMS && k.includes(t)) contains.push(i);
  }
  return { picked: [...starts, ...contains].slice(0, MAX_COMPLETION_ITEMS), incomplete: true };
}
