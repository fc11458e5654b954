/**
 * Semantic tokens of wiki queries (legend: ../semanticTokens.ts): the URL, separators, parameter names
 * split into module prefix and name, values coloured by the parameter's type in the catalogue of the
 * query's wiki, percent-escapes, and `#` comment lines. Embedded documents (markdown) get tokens on
 * their api.php URLs only.
 */
import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { encodeTokens, TokenSink, type TokenType } from '../semanticTokens';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiDocument, WikiParam, WikiWireParam } from './wikiTypes';
import { getValueItems } from './wikiQueryParser';
import { resolveWire } from './wikiWire';

/** Parameters whose values name modules. */
const MODULE_PARAMS = new Set(['action', 'list', 'prop', 'meta', 'generator', 'format']);
/** Value types shown as numbers. */
const NUMBER_TYPES = new Set(['integer', 'limit', 'float', 'timestamp', 'expiry', 'namespace']);

export function getWikiSemanticTokens(
  document: TextDocument,
  parsed: WikiDocument,
  resolveCatalogue: (apiUrl?: string) => WikiCatalogue,
  range?: Range,
): number[] {
  const text = parsed.text;
  const tokens = new TokenSink();
  const lo = range ? document.offsetAt(range.start) : 0;
  const hi = range ? document.offsetAt(range.end) : text.length;
  // Comments and queries in document order, so the tokens need no sorting.
  const comments = parsed.comments;
  let c = 0;
  const commentsBefore = (offset: number) => {
    for (; c < comments.length && comments[c].start < offset; c++) {
      if (comments[c].end > lo && comments[c].start < hi) tokens.add(comments[c].start, comments[c].end, 'comment');
    }
  };
  for (const query of parsed.queries) {
    commentsBefore(query.range.start);
    if (query.range.end < lo || query.range.start > hi) continue;
    const catalogue = resolveCatalogue(query.apiUrl);
    let gapStart = query.range.start;
    if (query.urlRange) {
      tokens.add(query.urlRange.start, query.urlRange.end, 'string');
      gapStart = query.urlRange.end;
    }
    for (const param of query.params) {
      separators(text, gapStart, param.range.start, tokens);
      gapStart = param.range.end;
      if (param.range.end < lo || param.range.start > hi) continue;
      paramTokens(text, param, catalogue, tokens);
    }
    separators(text, gapStart, query.range.end, tokens);
  }
  commentsBefore(Infinity);
  return encodeTokens(document, tokens, range);
}

/** `?` and `&` between parameters (continuation lines start with `&`). */
function separators(text: string, from: number, to: number, out: TokenSink): void {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 38 /* & */ || c === 63 /* ? */) out.add(i, i + 1, 'operator');
  }
}

function paramTokens(text: string, param: WikiParam, catalogue: WikiCatalogue, out: TokenSink): void {
  const wire = param.name ? resolveWire(catalogue, param.name) : undefined;
  const deprecated = wire?.descriptor.deprecated || undefined;
  const { start, end } = param.nameRange;
  const raw = text.slice(start, end);
  const prefix = wire ? prefixLength(wire, raw) : 0;
  if (prefix > 0) out.add(start, start + prefix, 'namespace', deprecated);
  escaped(text, start + prefix, end, 'property', out, deprecated);
  if (!param.hasEquals) return;
  out.add(param.nameRange.end, param.nameRange.end + 1, 'operator');
  const items = getValueItems(text, param);
  let at = param.valueRange.start;
  for (const item of items) {
    if (item.range.start > at) out.add(at, item.range.start, 'operator');
    escaped(text, item.range.start, item.range.end, valueType(param, wire, item.text), out);
    at = item.range.end;
  }
  if (items.length && param.valueRange.end > at) out.add(at, param.valueRange.end, 'operator');
}

/** Length of the module prefix at the start of a written name (`cm`, `gcm`), when written plainly. */
function prefixLength(wire: WikiWireParam, raw: string): number {
  const prefix = (wire.generator ? 'g' : '') + wire.module.prefix;
  return prefix && raw.startsWith(prefix) && raw.length > prefix.length && !raw.includes('%') ? prefix.length : 0;
}

/** How a value is coloured: by what its parameter takes. */
function valueType(param: WikiParam, wire: WikiWireParam | undefined, value: string): TokenType {
  if (value === '*' || (value === 'max' && wire?.descriptor.type === 'limit') || (value === 'now' && wire?.descriptor.type === 'timestamp'))
    return 'keyword';
  if (MODULE_PARAMS.has(param.name) || wire?.descriptor.type === 'submodule') return 'class';
  const d = wire?.descriptor;
  if (!d) return 'string';
  if (d.type === 'enum') return 'enumMember';
  if (NUMBER_TYPES.has(d.type)) return /^[-+]?\d/.test(value) ? 'number' : 'string';
  return 'string';
}

/** A run of text of one type, with its percent-escapes (`%XX`) as `regexp` tokens. */
function escaped(text: string, start: number, end: number, type: TokenType, out: TokenSink, deprecated?: boolean): void {
  let run = start;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 37 /* % */ && i + 2 < end + 1 && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3)) && i + 3 <= end) {
      if (i > run) out.add(run, i, type, deprecated);
      out.add(i, i + 3, 'regexp');
      i += 2;
      run = i + 1;
    }
  }
  if (end > run) out.add(run, end, type, deprecated);
}
