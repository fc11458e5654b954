/**
 * Quick fixes for wiki query diagnostics, and the one-line ⇄ multi-line rewrite.
 *
 * A fix finds what it repairs from the diagnostic's range (the parameter, or the `|` item of its
 * value) in the parsed document, and takes the rest from the diagnostic's `code` and `data`
 * (the did-you-mean spelling, the bound, the missing parameter). Every edit touches only the
 * characters it repairs: removing a value removes one `|` item and one separator, removing a
 * parameter removes it with one `&` (or its whole continuation line).
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageSettings, OffsetRange } from '../languageTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiDocument, WikiParam, WikiQuery, WikiValueItem } from './wikiTypes';
import { findParamAt, findQueryAt } from './wikiCursor';
import { getValueItems } from './wikiQueryParser';
import { resolveWire } from './hover';
import { getSelectedModules } from './selectedModules';

/** Indentation of continuation lines written by the multi-line rewrite. */
const CONTINUATION_INDENT = '  ';

/** What a diagnostic's `data` may carry (all optional: fixes fall back to the parsed document). */
interface FixData {
  /** Did-you-mean: the closest known name or value. */
  suggestion?: string;
  suggestions?: string[];
  didYouMean?: string;
  /** The wire name of the parameter the diagnostic is about. */
  param?: string;
  /** The value (or `|` item) the diagnostic is about. */
  value?: string;
  /** Replacement for the value (`max`, a bound, `now`, `*`). */
  replacement?: string;
  /** For out-of-range numbers: the bounds. */
  min?: number;
  max?: number;
  /** For missing parameters: the wire names of which one (or all) must be given. */
  missing?: string[];
  /** What the diagnostic is about: 'param' | 'value' | 'module'. */
  target?: string;
  /** A hint's own kind (e.g. `booleanfalse`, `allwithothers`, `duplicatevalue`, `sensitive`, `overridden`). */
  kind?: string;
}

export function getWikiCodeActions(
  document: TextDocument,
  parsed: WikiDocument,
  range: Range,
  diagnostics: Diagnostic[],
  resolveCatalogue: (apiUrl?: string) => WikiCatalogue,
  _settings?: LanguageSettings,
): CodeAction[] {
  const actions: CodeAction[] = [];
  const text = parsed.text;
  for (const diagnostic of diagnostics) {
    const start = document.offsetAt(diagnostic.range.start);
    const end = document.offsetAt(diagnostic.range.end);
    const query = findQueryAt(parsed, start);
    if (!query) continue;
    const catalogue = resolveCatalogue(query.apiUrl);
    const fix = new FixBuilder(document, text, query, diagnostic, actions);
    const data: FixData = diagnostic.data && typeof diagnostic.data === 'object' ? (diagnostic.data as FixData) : {};
    const param = paramAtRange(query, start, end, data);
    const item = param ? itemAt(text, param, start, end) : undefined;
    fixesFor(String(diagnostic.code ?? ''), data, fix, query, param, item, catalogue, text);
  }
  const offset = document.offsetAt(range.start);
  const query = findQueryAt(parsed, offset);
  if (query) actions.push(...rewriteActions(document, parsed, query));
  return actions;
}

/** The parameter a diagnostic points at: by range, else by the wire name in `data`. */
function paramAtRange(query: WikiQuery, start: number, end: number, data: FixData): WikiParam | undefined {
  const p = findParamAt(query, start);
  if (p && end <= p.range.end) return p;
  if (data.param) return query.byName.get(data.param);
  return p;
}

/** The `|` item of the value that the diagnostic range covers, when it lies inside the value. */
function itemAt(text: string, param: WikiParam, start: number, end: number): WikiValueItem | undefined {
  if (!param.hasEquals || start < param.valueRange.start) return undefined;
  for (const it of getValueItems(text, param)) if (start >= it.range.start && end <= it.range.end) return it;
  return undefined;
}

class FixBuilder {
  constructor(
    private readonly document: TextDocument,
    readonly text: string,
    readonly query: WikiQuery,
    private readonly diagnostic: Diagnostic,
    private readonly out: CodeAction[],
  ) {}

  range(r: OffsetRange): Range {
    return { start: this.document.positionAt(r.start), end: this.document.positionAt(r.end) };
  }

  add(title: string, edits: Array<{ range: OffsetRange; newText: string }>, preferred = false): void {
    const textEdits: TextEdit[] = edits.map((e) => ({ range: this.range(e.range), newText: e.newText }));
    this.out.push({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [this.diagnostic],
      isPreferred: preferred || undefined,
      edit: { changes: { [this.document.uri]: textEdits } },
    });
  }

  replace(title: string, r: OffsetRange, newText: string, preferred = false): void {
    this.add(title, [{ range: r, newText }], preferred);
  }

  /** Remove a parameter with one `&` (a continuation line that holds only it goes entirely). */
  removeParam(title: string, param: WikiParam, preferred = false): void {
    this.add(title, [{ range: removalRange(this.text, this.query, param), newText: '' }], preferred);
  }

  /** Remove one `|` item with one separator. */
  removeItem(title: string, param: WikiParam, item: WikiValueItem, preferred = false): void {
    const items = getValueItems(this.text, param);
    if (items.length <= 1) {
      this.removeParam(title, param, preferred);
      return;
    }
    const next = items[item.index + 1];
    const prev = items[item.index - 1];
    const r = next ? { start: item.range.start, end: next.range.start } : { start: prev.range.end, end: item.range.end };
    this.replace(title, r, '', preferred);
  }

  /** Add `name=value` at the end of the query, in its own form (a new `&` line for multi-line queries). */
  addParam(title: string, name: string, value = '', preferred = false): void {
    const q = this.query;
    const last = q.lines[q.lines.length - 1] ?? q.range;
    const at = last.end;
    let newText: string;
    if (q.multiLine) {
      const lineStart = this.text.lastIndexOf('\n', last.start - 1) + 1;
      const indent = this.text.slice(lineStart, last.start);
      newText = `\n${indent}&${name}=${value}`;
    } else {
      const before = this.text.charCodeAt(at - 1);
      const sep = before === 38 /* & */ || before === 63 /* ? */ ? '' : '&';
      newText = `${sep}${name}=${value}`;
    }
    this.add(title, [{ range: { start: at, end: at }, newText }], preferred);
  }
}

/** The source range that removing `param` deletes. */
function removalRange(text: string, query: WikiQuery, param: WikiParam): OffsetRange {
  const { start, end } = param.range;
  const line = query.lines.find((l) => start >= l.start && end <= l.end);
  if (line && query.multiLine && line !== query.lines[0] && line.start === start - 1 && line.end === end) {
    // A continuation line holding only this parameter: delete the line with its line break.
    const lineStart = text.lastIndexOf('\n', line.start - 1) + 1;
    const nl = text.indexOf('\n', line.end);
    if (nl >= 0) return { start: lineStart, end: nl + 1 };
    return { start: Math.max(0, lineStart - 1), end: line.end };
  }
  if (text.charCodeAt(end) === 38 /* & */ && (!line || end < line.end)) return { start, end: end + 1 };
  if (start > 0 && text.charCodeAt(start - 1) === 38 && (!line || start - 1 > line.start)) return { start: start - 1, end };
  if (start > 0 && text.charCodeAt(start - 1) === 38) return { start: start - 1, end };
  return { start, end };
}

const quote = (s: string) => `\`${s}\``;

function suggestionsOf(data: FixData): string[] {
  const all = [data.suggestion, data.didYouMean, ...(data.suggestions ?? [])].filter((s): s is string => typeof s === 'string');
  return [...new Set(all)];
}

function fixesFor(
  code: string,
  data: FixData,
  fix: FixBuilder,
  query: WikiQuery,
  param: WikiParam | undefined,
  item: WikiValueItem | undefined,
  catalogue: WikiCatalogue,
  text: string,
): void {
  const suggestions = suggestionsOf(data);
  switch (code) {
    case 'unrecognizedparams': {
      if (!param) return;
      for (const s of suggestions) fix.replace(`Change to ${quote(s)}`, param.nameRange, s, true);
      const g = generatorPrefixFix(query, param, catalogue);
      if (g) fix.replace(g.title, param.nameRange, g.name, suggestions.length === 0);
      fix.removeParam(`Remove ${quote(param.name)}`, param);
      return;
    }
    case 'unrecognizedvalues':
    case 'badvalue':
    case 'badgenerator': {
      if (!param) return;
      const target = item ?? (param.hasEquals ? { text: param.value, range: param.valueRange, index: 0 } : undefined);
      if (!target) return;
      for (const s of suggestions) fix.replace(`Change to ${quote(s)}`, target.range, s, true);
      if (item && getValueItems(text, param).length > 1) fix.removeItem(`Remove the value ${quote(item.text)}`, param, item);
      else if (code === 'unrecognizedvalues') fix.removeParam(`Remove ${quote(param.name)}`, param);
      return;
    }
    case 'outofrange': {
      if (!param) return;
      const wire = resolveWire(catalogue, param.name);
      const d = wire?.descriptor;
      const n = Number(param.value);
      const min = data.min ?? d?.min;
      const max = data.max ?? d?.max;
      if (data.replacement !== undefined) fix.replace(`Change to ${quote(data.replacement)}`, param.valueRange, data.replacement, true);
      if (d?.type === 'limit' && (max === undefined || n > max)) fix.replace('Change to `max` (the highest limit allowed)', param.valueRange, 'max', data.replacement === undefined);
      if (max !== undefined && n > max) fix.replace(`Change to ${quote(String(max))} (the maximum)`, param.valueRange, String(max), d?.type !== 'limit' && data.replacement === undefined);
      if (min !== undefined && n < min) fix.replace(`Change to ${quote(String(min))} (the minimum)`, param.valueRange, String(min), data.replacement === undefined);
      return;
    }
    case 'deprecation': {
      if (!param) return;
      if (item && (data.target === 'value' || data.target === 'module' || (data.target === undefined && param.hasEquals && item.range.start >= param.valueRange.start))) {
        for (const s of suggestions) fix.replace(`Change to ${quote(s)}`, item.range, s, true);
        fix.removeItem(`Remove the deprecated ${data.target === 'module' || isModuleList(param.name) ? 'module' : 'value'} ${quote(item.text)}`, param, item, suggestions.length === 0);
      } else {
        fix.removeParam(`Remove the deprecated parameter ${quote(param.name)}`, param, true);
      }
      return;
    }
    case 'missingparam': {
      const names = data.missing?.length ? data.missing : data.param ? [data.param] : missingFromQuery(query, catalogue);
      for (const name of names) fix.addParam(`Add ${quote(name + '=')}`, name, '', names.length === 1);
      return;
    }
    case 'unclearnowtimestamp': {
      if (!param) return;
      fix.replace('Change to `now` (the current time)', param.valueRange, 'now', true);
      return;
    }
    default:
      hintFixes(code, data, fix, param, item, text, suggestions);
  }
}

/** Fixes for our own hints (beyond MediaWiki's codes); matched by code or `data.kind`. */
function hintFixes(code: string, data: FixData, fix: FixBuilder, param: WikiParam | undefined, item: WikiValueItem | undefined, text: string, suggestions: string[]): void {
  if (!param) return;
  const kind = `${code} ${data.kind ?? ''}`.toLowerCase();
  if (/boolean|falsy|false/.test(kind)) {
    fix.removeParam(`Remove ${quote(param.name)} (a boolean is true whenever present)`, param, true);
  } else if (/allwith|allspecifier|mixed|star/.test(kind)) {
    fix.replace('Keep only `*` (all values)', param.valueRange, '*', true);
    if (item && item.text === '*') fix.removeItem('Remove `*`', param, item);
  } else if (/duplicate/.test(kind) && item) {
    fix.removeItem(`Remove the repeated value ${quote(item.text)}`, param, item, true);
  } else if (/sensitive|secret|token/.test(kind)) {
    fix.removeParam(`Remove ${quote(param.name)} (keep secrets out of the query)`, param, true);
  } else if (/overridden|repeated|duplicateparam/.test(kind) && param.overridden) {
    fix.removeParam(`Remove this ${quote(param.name)} (a later one overrides it)`, param, true);
  } else if (/didyoumean|typo/.test(kind) && suggestions.length) {
    const r = item ? item.range : param.nameRange;
    for (const s of suggestions) fix.replace(`Change to ${quote(s)}`, r, s, true);
  } else if (/condition|useronly|modes|singlepage|preload|editintro|notapplicable/.test(kind)) {
    fix.removeParam(`Remove ${quote(param.name)} (it does not apply here)`, param);
  }
}

function isModuleList(name: string): boolean {
  return name === 'list' || name === 'prop' || name === 'meta' || name === 'generator';
}

/**
 * `cmtitle` written where `categorymembers` is only the generator: the generator's parameters take
 * `g` (ApiQuery's generator has submoduleparamprefix `g`). The reverse too: `gcmtitle` where the module
 * is listed but not the generator.
 */
function generatorPrefixFix(query: WikiQuery, param: WikiParam, catalogue: WikiCatalogue): { title: string; name: string } | undefined {
  const selected = getSelectedModules(query, catalogue);
  const gen = selected.find((s) => s.generator);
  const name = param.name;
  if (gen && name.startsWith(gen.module.prefix) && !selected.some((s) => !s.generator && s.module === gen.module)) {
    const g = 'g' + name;
    if (catalogue.lookupWire(g).some((w) => w.generator && w.module === gen.module) && !query.byName.has(g)) {
      return { title: `Add the generator prefix: ${quote(g)}`, name: g };
    }
  }
  if (name.startsWith('g')) {
    const plain = name.slice(1);
    const listed = selected.filter((s) => !s.generator);
    if (catalogue.lookupWire(plain).some((w) => !w.generator && listed.some((s) => s.module === w.module)) && !query.byName.has(plain)) {
      return { title: `Remove the generator prefix: ${quote(plain)}`, name: plain };
    }
  }
  return undefined;
}

/** Required parameters of the selected modules that the query lacks (when the diagnostic does not say). */
function missingFromQuery(query: WikiQuery, catalogue: WikiCatalogue): string[] {
  const out: string[] = [];
  for (const s of getSelectedModules(query, catalogue)) {
    for (const d of s.module.parameters) {
      const wire = (s.generator ? 'g' : '') + s.module.prefix + d.name;
      const given = query.byName.get(wire);
      if (d.required && (!given || given.value === '')) {
        if (!given) out.push(wire);
      }
    }
  }
  return out;
}

/** Convert a query between the one-line and the multi-line form (continuation lines start with `&`). */
function rewriteActions(document: TextDocument, parsed: WikiDocument, query: WikiQuery): CodeAction[] {
  const text = parsed.text;
  const params = query.params;
  if (params.length < 2) return [];
  // Comment lines inside a multi-line query would be lost when joining it: leave such queries alone.
  if (parsed.comments.some((c) => c.start > query.range.start && c.end < query.range.end)) return [];
  let head = text.slice(query.range.start, params[0].range.start);
  // `https://…/api.php` alone on the first line, every parameter on continuation lines.
  if (head.includes('\n')) head = query.urlRange ? `${text.slice(query.urlRange.start, query.urlRange.end)}?` : '';
  const raw = (p: WikiParam) => text.slice(p.range.start, p.range.end);
  const range = { start: document.positionAt(query.range.start), end: document.positionAt(query.range.end) };
  const action = (title: string, newText: string): CodeAction => ({
    title,
    kind: CodeActionKind.RefactorRewrite,
    edit: { changes: { [document.uri]: [{ range, newText }] } },
  });
  if (query.multiLine) {
    return [action('Join the query into one line', head + params.map(raw).join('&'))];
  }
  if (parsed.embedded) return [];
  return [action('Split the query into one parameter per line', head + raw(params[0]) + params.slice(1).map((p) => `\n${CONTINUATION_INDENT}&${raw(p)}`).join(''))];
}
