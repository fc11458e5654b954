/**
 * Quick fixes for wiki query diagnostics, and the one-line ⇄ multi-line rewrite.
 *
 * A fix finds what it repairs from the diagnostic's range (the parameter, or the `|` item of its
 * value) in the parsed document, and takes the rest from the diagnostic's `code` and `data`
 * (the did-you-mean spelling, the bound, the missing parameter). When the client did not send `data`
 * back (the LSP specification makes it optional), the document is validated again and the diagnostic
 * with the same code and range supplies it. Every edit touches only the
 * characters it repairs: removing a value removes one `|` item and one separator, removing a
 * parameter removes it with one `&` (or its whole continuation line).
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageSettings, OffsetRange } from '../languageTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiDiagnosticData, WikiDocument, WikiParam, WikiQuery, WikiValueItem } from './wikiTypes';
import { findParamAt, findQueryAt } from './wikiCursor';
import { getValueItems } from './wikiQueryParser';
import { resolveWire } from './wikiWire';
import { DIAGNOSTIC_SOURCE } from './wikiDiagnosticCodes';
import { itemRemoval, pairRemoval } from './wikiValidationRemoval';
import type { WikiValidator } from './wikiValidator';
import { dataRecovery } from '../diagnosticData';

/** Indentation of continuation lines written by the multi-line rewrite. */
const CONTINUATION_INDENT = '  ';

export function doWikiCodeActions(
  document: TextDocument,
  parsed: WikiDocument,
  range: Range,
  diagnostics: Diagnostic[],
  resolveCatalogue: (apiUrl?: string) => WikiCatalogue,
  settings: LanguageSettings | undefined,
  validator: WikiValidator,
): CodeAction[] {
  const actions: CodeAction[] = [];
  const text = parsed.text;
  // Clients that do not send `data` back: the same diagnostic, computed again, has it.
  const dataOf = dataRecovery(() => validator.validate(parsed, resolveCatalogue, { ...settings, severity: undefined }, document));
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== undefined && diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    const start = document.offsetAt(diagnostic.range.start);
    const end = document.offsetAt(diagnostic.range.end);
    const query = findQueryAt(parsed, start);
    if (!query) continue;
    const found = dataOf(diagnostic);
    const data: Partial<WikiDiagnosticData> = found && typeof found === 'object' ? (found as WikiDiagnosticData) : {};
    const param = (data.param !== undefined ? paramFor(query, start, end, data.param) : undefined) ?? findParamAt(query, start);
    const item = param ? itemAt(text, param, start, end) : undefined;
    const fix = new FixBuilder(document, text, query, diagnostic, actions);
    fixesFor(String(diagnostic.code ?? ''), data, fix, { start, end }, param, item, resolveCatalogue(query.apiUrl));
  }
  const query = findQueryAt(parsed, document.offsetAt(range.start));
  if (query) actions.push(...rewriteActions(document, parsed, query));
  return actions;
}

/** The written pair named `name` that the diagnostic range touches (the last one when it does not touch any). */
function paramFor(query: WikiQuery, start: number, end: number, name: string): WikiParam | undefined {
  const at = findParamAt(query, start);
  if (at && at.name === name && end <= at.range.end) return at;
  return query.byName.get(name);
}

/** The `|` item of the value that the diagnostic range covers, when it lies inside the value. */
function itemAt(text: string, param: WikiParam, start: number, end: number): WikiValueItem | undefined {
  if (!param.hasEquals || start < param.valueRange.start || end > param.valueRange.end) return undefined;
  for (const it of getValueItems(text, param)) if (start >= it.range.start && end <= it.range.end) return it;
  return undefined;
}

type Edit = { range: OffsetRange | Range; newText: string };

class FixBuilder {
  constructor(
    private readonly document: TextDocument,
    readonly text: string,
    readonly query: WikiQuery,
    private readonly diagnostic: Diagnostic,
    private readonly out: CodeAction[],
  ) {}

  private toRange(r: OffsetRange | Range): Range {
    if (typeof r.start === 'number')
      return { start: this.document.positionAt(r.start), end: this.document.positionAt((r as OffsetRange).end) };
    return r as Range;
  }

  add(title: string, edits: Edit[], preferred = false): void {
    const textEdits: TextEdit[] = edits.map((e) => ({ range: this.toRange(e.range), newText: e.newText }));
    this.out.push({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [this.diagnostic],
      isPreferred: preferred || undefined,
      edit: { changes: { [this.document.uri]: textEdits } },
    });
  }

  replace(title: string, r: OffsetRange | Range, newText: string, preferred = false): void {
    this.add(title, [{ range: r, newText }], preferred);
  }

  /** Remove a parameter with one `&` (a continuation line that holds only it goes entirely). */
  removeParam(title: string, param: WikiParam, preferred = false): void {
    this.replace(title, pairRemoval(this.text, this.query, param), '', preferred);
  }

  /** Remove one `|` item with one separator (the whole parameter when it is the only value). */
  removeItem(title: string, param: WikiParam, item: WikiValueItem, preferred = false): void {
    const items = getValueItems(this.text, param);
    if (items.length <= 1) this.removeParam(title, param, preferred);
    else this.replace(title, itemRemoval(items, item), '', preferred);
  }

  /** Add a value to a multi-valued parameter (`name=…|value`), or the parameter with that value. */
  addValue(title: string, name: string, value: string): void {
    const p = this.query.byName.get(name);
    if (!p) {
      this.addParam(title, name, value);
      return;
    }
    const items = getValueItems(this.text, p);
    if (items.some((i) => i.text === value)) return;
    const at = p.valueRange.end;
    const insert = p.hasEquals ? (items.length ? `|${value}` : value) : `=${value}`;
    this.replace(title, { start: at, end: at }, insert);
  }

  /** Add `name=value` at the end of the query, in its own form (a new `&` line for multi-line queries). */
  addParam(title: string, name: string, value = '', preferred = false): void {
    const q = this.query;
    const last = q.lines[q.lines.length - 1] ?? q.range;
    const at = last.end;
    let newText: string;
    if (q.multiLine) {
      const lineStart = this.text.lastIndexOf('\n', last.start - 1) + 1;
      const indent = /^[ \t]*/.exec(this.text.slice(lineStart, last.start))![0];
      newText = `\n${indent}&${name}=${value}`;
    } else {
      const before = this.text.charCodeAt(at - 1);
      const sep = before === 38 /* & */ || before === 63 /* ? */ ? '' : '&';
      newText = `${sep}${name}=${value}`;
    }
    this.replace(title, { start: at, end: at }, newText, preferred);
  }
}

const quote = (s: string) => `\`${s}\``;

/** Conditions from the catalogue's `info` notes: the parameter does not apply where it is used. */
const CONDITION_CODES = new Set(['singlepageonly', 'useronly', 'nonuseronly', 'modes', 'preloadcontentonly', 'editintroonly']);

/** 1b. Fixes by code that replace or insert text. 'done' when nothing else applies. */
function replacementFixes(
  code: string,
  data: Partial<WikiDiagnosticData>,
  fix: FixBuilder,
  at: OffsetRange,
  param: WikiParam | undefined,
  catalogue: WikiCatalogue,
  name: string,
): 'done' | 'more' {
  switch (code) {
    case 'noaction':
      // Insert rather than replace: the first parameter stays.
      fix.replace(
        'Add `action=query`',
        { start: fix.query.params[0]?.range.start ?? at.start, end: fix.query.params[0]?.range.start ?? at.start },
        fix.query.params.length ? 'action=query&' : 'action=query',
        true,
      );
      return 'done';
    case 'unrecognizedparams':
      if (data.replacement !== undefined) {
        const adds = data.replacement === 'g' + name;
        fix.replace(
          adds ? `Add the generator prefix: ${quote(data.replacement)}` : `Remove the generator prefix: ${quote(data.replacement)}`,
          at,
          data.replacement,
          data.suggestion === undefined,
        );
      } else if (data.suggestion === undefined) {
        addOwningModule(fix, catalogue, name);
      }
      break;
    case 'badvalue':
      // `a|b` given to a single-valued parameter: keep one of the values.
      if (param && data.suggestion === undefined) keepOneValue(fix, catalogue, param);
      break;
    case 'outofrange': {
      const wire = param ? resolveWire(catalogue, param.name, fix.query) : undefined;
      const d = wire?.descriptor;
      if (data.replacement !== undefined) {
        const r = data.replacement;
        const why =
          r === 'max'
            ? ' (the highest limit allowed)'
            : Number(r) > Number(param?.value)
              ? ' (the minimum)'
              : Number(r) < Number(param?.value)
                ? ' (the maximum)'
                : '';
        fix.replace(`Change to ${quote(r)}${why}`, at, r, true);
      }
      // A limit above its maximum: the bound itself is the other obvious repair.
      if (d?.type === 'limit' && data.replacement === 'max' && d.max !== undefined)
        fix.replace(`Change to ${quote(String(d.max))} (the maximum)`, at, String(d.max));
      return 'done';
    }
    default:
      if (data.replacement !== undefined)
        fix.replace(`Change to ${quote(data.replacement)}`, at, data.replacement, data.suggestion === undefined);
  }
  return 'more';
}

/** 3–5. Making a condition hold, keeping only `*`, adding what is missing, keeping one of a set. */
function repairFixes(
  code: string,
  data: Partial<WikiDiagnosticData>,
  fix: FixBuilder,
  param: WikiParam | undefined,
  item: WikiValueItem | undefined,
): void {
  // 3. Making a condition hold: the user parameter, or the `prop` value the parameter works with.
  const other = data.params?.[0];
  if (other !== undefined) {
    if (code === 'useronly' && !fix.query.byName.has(other)) fix.addParam(`Add ${quote(other + '=')} (list by user)`, other);
    if (code === 'nonuseronly' && fix.query.byName.has(other))
      fix.removeParam(`Remove ${quote(other)} (do not list by user)`, fix.query.byName.get(other)!);
    const wanted = code === 'preloadcontentonly' ? 'preloadcontent' : code === 'editintroonly' ? 'editintro' : undefined;
    if (wanted) fix.addValue(`Add ${quote(wanted)} to ${quote(other)}`, other, wanted);
  }
  // `*` with other values: keep only `*`.
  if (code === 'unrecognizedvalues' && param && item && item.text === '*' && getValueItems(fix.text, param).length > 1) {
    fix.replace('Keep only `*` (all values)', param.valueRange, '*');
  }
  // 4. Adding what is missing.
  if (code === 'missingparam' || code === 'invalidparammix' || code === 'multisource') {
    const adds = code === 'missingparam' && data.params?.length ? data.params : data.addParam ? [data.addParam] : [];
    for (const n of adds)
      if (!fix.query.byName.has(n)) fix.addParam(`Add ${quote(n + '=')}`, n, '', code === 'missingparam' && adds.length === 1);
  }
  // 5. Too many of a set given at once: keep one, remove the others.
  if ((code === 'invalidparammix' || code === 'multisource') && !data.addParam && data.params && data.params.length > 1) {
    for (const n of data.params) {
      const p = fix.query.byName.get(n);
      if (p) fix.removeParam(`Remove ${quote(n)}`, p);
    }
  }
}

function fixesFor(
  code: string,
  data: Partial<WikiDiagnosticData>,
  fix: FixBuilder,
  at: OffsetRange,
  param: WikiParam | undefined,
  item: WikiValueItem | undefined,
  catalogue: WikiCatalogue,
): void {
  const name = param?.name ?? data.param ?? '';
  const what = data.value !== undefined ? data.value : name;
  // 1. Did-you-mean: the closest known spelling replaces the diagnostic's range.
  if (data.suggestion !== undefined) fix.replace(`Change to ${quote(data.suggestion)}`, at, data.suggestion, true);
  // A value that repairs it (module rules of other actions): added as a parameter or to a list.
  if (data.addParam !== undefined && data.addValue !== undefined)
    fix.addValue(`Add ${quote(`${data.addParam}=${data.addValue}`)}`, data.addParam, data.addValue);
  if (replacementFixes(code, data, fix, at, param, catalogue, name) === 'done') return;
  // 2. Removal: what the validator says to delete, or the parameter / value it names.
  const removeRange = data.removeRange;
  const removeTitle = removalTitle(code, data, what, item !== undefined);
  if (removeTitle) {
    if (removeRange)
      fix.replace(
        removeTitle,
        removeRange,
        '',
        data.suggestion === undefined && data.replacement === undefined && code !== 'unrecognizedparams' && code !== 'unrecognizedvalues',
      );
    else if (item && param && param.hasEquals) fix.removeItem(removeTitle, param, item, data.suggestion === undefined);
    else if (param) fix.removeParam(removeTitle, param, data.suggestion === undefined);
  }
  repairFixes(code, data, fix, param, item);
}

/**
 * A parameter of a module the query does not use (`cmtitle` next to `list=allpages`): add the module
 * (`list=allpages|categorymembers`), or for the `g` form the generator, when the query has none.
 */
function addOwningModule(fix: FixBuilder, catalogue: WikiCatalogue, name: string): void {
  for (const w of catalogue.lookupWire(name).slice(0, 3)) {
    const m = w.module;
    if (!m.path.startsWith('query+')) continue;
    if (w.generator) {
      if (!fix.query.byName.has('generator')) fix.addParam(`Add ${quote(`generator=${m.name}`)}`, 'generator', m.name);
    } else if (m.group === 'list' || m.group === 'prop' || m.group === 'meta') {
      fix.addValue(`Add ${quote(m.name)} to ${quote(`${m.group}=`)}`, m.group, m.name);
    }
  }
}

/** Single-valued parameter given several values: offer to keep each allowed one (the first few). */
function keepOneValue(fix: FixBuilder, catalogue: WikiCatalogue, param: WikiParam): void {
  const items = getValueItems(fix.text, param);
  if (items.length < 2) return;
  const allowed = resolveWire(catalogue, param.name, fix.query)?.descriptor.values;
  let offered = 0;
  for (const it of items) {
    if (offered >= 5) break;
    if (it.text === '' || (allowed && !allowed.includes(it.text))) continue;
    fix.replace(`Keep only ${quote(it.text)}`, param.valueRange, fix.text.slice(it.range.start, it.range.end));
    offered++;
  }
}

/** The title of the "remove it" fix of a code, or undefined when removing is no repair. */
function removalTitle(code: string, data: Partial<WikiDiagnosticData>, what: string, isValue: boolean): string | undefined {
  const shown = quote(what === '' ? '(empty)' : what);
  switch (code) {
    case 'deprecation':
      return data.module !== undefined && data.value === data.module
        ? `Remove the deprecated module ${shown}`
        : isValue
          ? `Remove the deprecated value ${shown}`
          : `Remove the deprecated parameter ${shown}`;
    case 'unrecognizedparams':
      return `Remove ${shown}`;
    case 'unrecognizedvalues':
      return `Remove the value ${shown}`;
    case 'booleanfalse':
      return `Remove ${quote(data.param ?? what)} (a boolean is off only when left out)`;
    case 'duplicatevalues':
      return `Remove the repeated ${shown}`;
    case 'repeatedparam':
      return `Remove this ${shown} (a later one overrides it)`;
    case 'sensitiveparam':
      return `Remove ${quote(data.param ?? what)} (keep the secret out of the query)`;
    case 'mustpostparams':
      return `Remove ${quote(data.param ?? what)} from the URL (it belongs in a POST body)`;
    case 'ignoredbyserver':
      // A mistake the wiki would hide (feeds, opensearch, help): the same repair as when it is reported.
      return data.removeRange ? `Remove ${shown} (the wiki would silently ignore it)` : undefined;
    default:
      return CONDITION_CODES.has(code) ? `Remove ${shown} (it does not apply here)` : undefined;
  }
}

/**
 * Most edits of a rewrite between the one-line and the multi-line form (one per parameter): a query of more
 * parameters is not offered one (a layout of thousands of lines helps no one, and the edits would be megabytes).
 */
const MAX_REWRITE_EDITS = 1000;

/**
 * Convert a query between the one-line and the multi-line form (continuation lines start with `&`). The edits
 * cover only what changes (the text between parameters, the head, what trails the last one), never a parameter:
 * one edit of the whole query carried a multi-megabyte line back whole (18 MB of JSON for a 9 MB line).
 */
function rewriteActions(document: TextDocument, parsed: WikiDocument, query: WikiQuery): CodeAction[] {
  const text = parsed.text;
  const params = query.params;
  if (params.length < 2 || params.length > MAX_REWRITE_EDITS) return [];
  if (!query.multiLine && parsed.embedded) return [];
  // Comment lines inside a multi-line query would be lost when joining it: leave such queries alone.
  if (parsed.comments.some((c) => c.start > query.range.start && c.end < query.range.end)) return [];
  const edits: TextEdit[] = [];
  const replace = (start: number, end: number, newText: string) => {
    if (text.slice(start, end) !== newText)
      edits.push({ range: { start: document.positionAt(start), end: document.positionAt(end) }, newText });
  };
  const head = text.slice(query.range.start, params[0].range.start);
  // `https://…/api.php` alone on the first line, every parameter on continuation lines.
  if (head.includes('\n'))
    replace(query.range.start, params[0].range.start, query.urlRange ? `${text.slice(query.urlRange.start, query.urlRange.end)}?` : '');
  const separator = query.multiLine ? '&' : `\n${CONTINUATION_INDENT}&`;
  for (let i = 1; i < params.length; i++) replace(params[i - 1].range.end, params[i].range.start, separator);
  replace(params[params.length - 1].range.end, query.range.end, '');
  return [
    {
      title: query.multiLine ? 'Join the query into one line' : 'Split the query into one parameter per line',
      kind: CodeActionKind.RefactorRewrite,
      edit: { changes: { [document.uri]: edits } },
    },
  ];
}
