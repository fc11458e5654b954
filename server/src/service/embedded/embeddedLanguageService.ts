/**
 * The editor's service for source files (Python, JavaScript, PHP, …): the MediaWiki API requests the
 * finder reads in them, served like `.wikiquery` documents. Each request is a virtual one-line query
 * (embeddedCheck.ts); diagnostics, hover, completion, quick fixes and semantic tokens are the wiki
 * service's on that query, their ranges carried to the host file through the request's position map.
 *
 * A file is served only when it names a MediaWiki API or imports a MediaWiki client (`namesMediaWiki`):
 * code that talks to other APIs with `action` keys gets nothing. Finding needs the host grammar, which
 * loads asynchronously: until it has, `parse` says `pending` and the caller parses again later.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, Hover, Range, TextEdit } from 'vscode-languageserver-types';
import type { LanguageService, LanguageSettings } from '../languageTypes';
import type { RunnableQuery } from '../../../../common/queryTypes';
import type { WikiLanguageService } from '../wiki/wikiLanguageService';
import { TokenSink, encodeTokens, SEMANTIC_TOKENS_LEGEND, type TokenType } from '../semanticTokens';
import { hostLanguageOf, type HostLanguage } from './hostLanguages';
import { checkRequests, type CheckedRequest, type CheckedWikiRequest } from './embeddedCheck';
import type { MapLanguageService } from '../map/mapLanguageService';
import { mapRangeToHost, type CheckedMapRequest } from './mapCheck';
import { namesMediaWiki, type FoundRequest } from './requestFinder';
import { namesMapServer } from './mapPosts';
import { isSuppressed } from './suppressions';
import { sourceLimitNotes, withinRequestLimit } from './sourceLimits';
import { completeInHost } from './embeddedCompletion';
import { hostToVirtual, virtualToHost } from './embeddedPositions';
import { fillTemplate, urlInsertion } from './paramAdder';
import { addMapSemanticTokens, mapCodeActions } from './mapFixes';
import { fixesInHost, sameDiagnostic, wholeDocument } from './hostActions';

/** Finds the request candidates of a host text; undefined while the language's grammar is not loaded. */
/** Finds the requests of a host text; `doc` names the open document the text is (its syntax tree may be kept for the next parse). */
// The prefilter and the lexer, for the finders of the server's runtimes (languageModes.ts, node/lazyHostFinder.ts):
// they ask this module, which the shipped server loads as a bundle of its own with the first source file.
export { mayHoldRequest } from './requestFinder';
export { findUrlLiterals } from './lexerFinder';

export type RequestFinder = (text: string, lang: HostLanguage, doc?: string) => FoundRequest[] | undefined;

export interface EmbeddedDocument {
  lang: HostLanguage;
  /** The grammar is still loading: nothing is known yet. */
  pending: boolean;
  /** The file names a MediaWiki API or client, or the map server's object query (else nothing is served). */
  served: boolean;
  requests: FoundRequest[];
  /** The first request past the most read from one file (sourceLimits.ts): it and those after it are not checked. */
  firstLeft?: FoundRequest;
  /** Checked once per parse, with the settings of the first feature that needs them. */
  checked?: CheckedRequest[];
}

export interface EmbeddedServiceOptions {
  wiki: WikiLanguageService;
  /** Judges the map-object queries posted to `…/api/mapobjects/` (without it they are not judged). */
  map?: MapLanguageService;
  find: RequestFinder;
}

const EMPTY_LIST = { isIncomplete: false, items: [] };

export function getEmbeddedLanguageService(options: EmbeddedServiceOptions): LanguageService<EmbeddedDocument> {
  const { wiki, map, find } = options;

  const checkedOf = (document: TextDocument, parsed: EmbeddedDocument, settings?: LanguageSettings): CheckedRequest[] => {
    parsed.checked ??= parsed.served ? checkRequests(wiki, document, parsed.requests, settings ?? {}, map) : [];
    return parsed.checked;
  };
  const wikiChecked = (document: TextDocument, parsed: EmbeddedDocument, settings?: LanguageSettings): CheckedWikiRequest[] =>
    checkedOf(document, parsed, settings).filter((c): c is CheckedWikiRequest => c.service === 'wiki');
  const mapChecked = (document: TextDocument, parsed: EmbeddedDocument, settings?: LanguageSettings): CheckedMapRequest[] =>
    checkedOf(document, parsed, settings).filter((c): c is CheckedMapRequest => c.service === 'map');
  /** The request whose host range holds `offset` (its end included: a cursor before the closing quote). */
  const requestAt = (checked: CheckedRequest[], offset: number) =>
    checked.find((c) => c.request.range.start <= offset && offset <= c.request.range.end);

  return {
    parse(document) {
      const lang = hostLanguageOf(document.languageId, document.uri)!;
      const text = document.getText();
      const served = !!lang && (namesMediaWiki(text) || namesMapServer(text));
      if (!served) return { lang, pending: false, served: false, requests: [] };
      const found = find(text, lang, document.uri);
      if (found === undefined) return { lang, pending: true, served: true, requests: [] };
      return { lang, pending: false, served: true, ...withinRequestLimit(found) };
    },

    doValidation(document, parsed, settings) {
      const out: Diagnostic[] = [];
      for (const c of checkedOf(document, parsed, settings))
        for (const d of c.diagnostics)
          if (!isSuppressed(document, parsed.lang, d.range.start.line, String(d.code ?? '')))
            out.push({ ...d, source: d.source ?? 'wikimap-query' });
      // what the limits of one file left unread, once (not while the grammar loads: nothing is read yet)
      if (parsed.served && !parsed.pending)
        for (const d of sourceLimitNotes(document, parsed.firstLeft, settings?.severity))
          if (!isSuppressed(document, parsed.lang, d.range.start.line, String(d.code))) out.push(d);
      return out;
    },

    doComplete(document, parsed, offset, settings) {
      if (!parsed.served || parsed.pending) return EMPTY_LIST;
      return completeInHost({ wiki, map, find, document, parsed, offset, settings, checked: checkedOf(document, parsed, settings) });
    },

    doHover(document, parsed, offset, settings): Hover | null {
      const c = requestAt(checkedOf(document, parsed, settings), offset);
      if (!c) return null;
      if (c.service === 'map') return map ? mapHover(map, c, document, offset) : null;
      const v = hostToVirtual(c.request.query, offset);
      const hover = wiki.doHover(c.virtual, c.parsed, Math.min(v, c.virtual.getText().length), settings);
      if (!hover) return null;
      return hover.range ? { ...hover, range: virtualToHost(c.request, document, hover.range) } : hover;
    },

    doCodeActions(document, parsed, range, diagnostics, settings) {
      const actions = codeActions(wiki, document, wikiChecked(document, parsed, settings), range, diagnostics, settings);
      if (map) actions.push(...mapCodeActions(map, document, mapChecked(document, parsed, settings), range, diagnostics, settings));
      return actions;
    },

    getSemanticTokens(document, parsed, range) {
      const sink = new TokenSink();
      addWikiTokens(wiki, wikiChecked(document, parsed), sink);
      if (map) addMapSemanticTokens(map, mapChecked(document, parsed), sink);
      return encodeTokens(document, sink, range);
    },

    findDocumentSymbols: () => [],
    findDocumentLinks: () => [],
    getRunnableQueries: (document, parsed) => runnableQueries(wiki, document, wikiChecked(document, parsed)),
    getInlayHints: () => [],
    getFoldingRanges: () => [],
    getSelectionRanges: () => [],
    format: () => [],
  };
}

/** The map service's hover on a posted map query, at the host characters it came from. */
function mapHover(map: MapLanguageService, c: CheckedMapRequest, document: TextDocument, offset: number): Hover | null {
  if (!c.parsed) return null;
  const v = Math.min(hostToVirtual(c.request.query, offset), c.virtual.getText().length);
  if (c.request.query.hasHole(v, v + 1)) return null;
  const hover = map.doHover(c.virtual, c.parsed, v);
  if (!hover) return null;
  return hover.range ? { ...hover, range: mapRangeToHost(c.request, c.virtual, document, hover.range) } : hover;
}

/**
 * The requests that can run as written (▶ Run lenses): of high confidence, every value known in the
 * source (no variable, hole or spread), at their host ranges. The run code decides as for any query
 * whether it may run (read modules only) and where (the URL's wiki, else the configured one).
 */
function runnableQueries(wiki: WikiLanguageService, document: TextDocument, checked: CheckedWikiRequest[]): RunnableQuery[] {
  const out: RunnableQuery[] = [];
  for (const c of checked) {
    if (c.confidence !== 'high' || c.request.query.hasHole()) continue;
    const host = (r: Range) => virtualToHost(c.request, document, r);
    for (const q of wiki.getRunnableQueries(c.virtual, c.parsed))
      out.push({
        ...q,
        range: { start: document.positionAt(c.request.range.start), end: document.positionAt(c.request.range.end) },
        paramRanges: q.paramRanges?.map((p) => ({ name: p.name, nameRange: host(p.nameRange), valueRange: host(p.valueRange) })),
      });
  }
  return out;
}

/** The wiki service's tokens of each request (only of high confidence), at the host characters they came from. */
function addWikiTokens(wiki: WikiLanguageService, checked: CheckedWikiRequest[], sink: TokenSink): void {
  const types = SEMANTIC_TOKENS_LEGEND.tokenTypes as TokenType[];
  for (const c of checked) {
    if (c.confidence !== 'high') continue;
    const data = wiki.getSemanticTokens(c.virtual, c.parsed);
    let line = 0;
    let char = 0;
    for (let i = 0; i + 4 < data.length; i += 5) {
      line += data[i];
      char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
      if (line !== 0) continue;
      const span = c.request.query.hostRange(char, char + data[i + 2]);
      if (c.request.query.hasHole(char, char + data[i + 2]) || span.end <= span.start) continue;
      sink.add(span.start, span.end, types[data[i + 3] & 0xffff], data[i + 4] !== 0);
    }
  }
}

/** Characters a replacement may hold to be written as is in any host string or identifier. */
const SAFE_TEXT = /^[A-Za-z0-9_|.:*-]*$/;

/** The wiki service's edit that adds a parameter at the end of the query: `&name=value`. */
const ADDED_PARAM = /^&?([A-Za-z0-9_.:-]+)=([A-Za-z0-9_|.:*-]*)$/;

/** Forms written as a URL or query string, where a parameter is added as `&name=`. */
const URL_FORMS = new Set(['url', 'concat', 'annotation']);

/** Adds parameter `name` to a request in the host language's syntax (see paramAdder.ts), when the source allows it. */
function addedParam(c: CheckedWikiRequest, document: TextDocument, name: string, value: string): TextEdit | undefined {
  const { request } = c;
  let at: number;
  let newText: string | undefined;
  if (URL_FORMS.has(request.form)) {
    const place = urlInsertion(request.query, document.getText(), request.impliedFrom);
    if (!place) return undefined;
    at = place.at;
    newText = `${place.sep}${name}=${value}`;
  } else {
    if (!request.entryTemplate) return undefined;
    at = request.entryTemplate.at;
    newText = fillTemplate(request.entryTemplate, request.language, name, value);
  }
  if (newText === undefined) return undefined;
  const pos = document.positionAt(at);
  return { range: { start: pos, end: pos }, newText };
}

/**
 * `|value` added after a value's last character (the fixes that add a module to `list=`/`prop=`, a
 * value to a multi-valued parameter): written there in the host when that character is written as is
 * and is the end of a string, or of a pair inside a URL literal (its closing quote, or the next `&`
 * follows): `"allpages"` becomes `"allpages|categorymembers"`. Not after a number, an escape, a
 * run-time value or a value the client adds by default.
 */
function appendedItem(c: CheckedWikiRequest, document: TextDocument, at: number, newText: string): TextEdit | undefined {
  const q = c.request.query;
  if (!SAFE_TEXT.test(newText) || at <= 0 || at > q.text.length || q.hasHole(at - 1, at)) return undefined;
  if (c.request.impliedFrom !== undefined && at > c.request.impliedFrom) return undefined;
  const start = q.starts[at - 1];
  const end = q.ends[at - 1];
  const host = document.getText();
  if (end - start !== 1 || host[start] !== q.text[at - 1] || !/^["'`&#]/.test(host.charAt(end))) return undefined;
  const pos = document.positionAt(end);
  return { range: { start: pos, end: pos }, newText };
}

/** An edit of the virtual query written in the host file, when that is safe (the replaced text is written as is). */
function hostEdit(c: CheckedWikiRequest, document: TextDocument, edit: TextEdit): TextEdit | undefined {
  if (edit.range.start.line !== 0 || edit.range.end.line !== 0) return undefined;
  const from = edit.range.start.character;
  const to = edit.range.end.character;
  const added = ADDED_PARAM.exec(edit.newText);
  if (added && from === to && from === c.virtual.getText().length) return addedParam(c, document, added[1], added[2]);
  if (from === to && edit.newText.startsWith('|')) return appendedItem(c, document, from, edit.newText);
  if (!SAFE_TEXT.test(edit.newText)) return undefined;
  if (to <= from || c.request.query.hasHole(from, to)) return undefined;
  const span = c.request.query.hostRange(from, to);
  if (document.getText().slice(span.start, span.end) !== c.virtual.getText().slice(from, to)) return undefined;
  return { range: { start: document.positionAt(span.start), end: document.positionAt(span.end) }, newText: edit.newText };
}

/** The wiki service's quick fixes of the requests in `range`, those whose every edit can be written in host syntax. */
function codeActions(
  wiki: WikiLanguageService,
  document: TextDocument,
  checked: CheckedWikiRequest[],
  range: Range,
  diagnostics: Diagnostic[],
  settings?: LanguageSettings,
): CodeAction[] {
  const out: CodeAction[] = [];
  const lo = document.offsetAt(range.start);
  const hi = document.offsetAt(range.end);
  for (const c of checked) {
    if (c.request.range.end < lo || c.request.range.start > hi || c.confidence !== 'high') continue;
    const mine = diagnostics.filter((d) => c.diagnostics.some((h) => sameDiagnostic(h, d)));
    if (!mine.length) continue;
    const raw = wiki.doValidation(c.virtual, c.parsed, settings ?? {});
    const pairs = mine
      .map((host) => ({ host, virtual: raw.find((r) => r.code === host.code && r.message === host.message) }))
      .filter((p): p is { host: Diagnostic; virtual: Diagnostic } => !!p.virtual);
    const actions = wiki.doCodeActions(
      c.virtual,
      c.parsed,
      wholeDocument(c.virtual),
      pairs.map((p) => p.virtual),
      settings,
    );
    const sameProblem = (d: Diagnostic, v: Diagnostic): boolean => d.code === v.code && d.message === v.message;
    for (const { action, edits, about } of fixesInHost(c.virtual, actions, pairs, (e) => hostEdit(c, document, e), sameProblem))
      out.push({ ...action, diagnostics: about, edit: { changes: { [document.uri]: edits } } });
  }
  return out;
}
