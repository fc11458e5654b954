/**
 * Checks the requests found in a host file with the wiki service: each request becomes a virtual
 * one-line `.wikiquery` document, the service judges it with its catalogue, rules and settings, and
 * its ranges come back to the host file through the request's position map.
 *
 * Precision first: a candidate is judged a MediaWiki request (confidence `high`) only when the file
 * names a MediaWiki API or client (`namesMediaWiki`, the editor's rule too), its `action` is a module of the
 * catalogue, and most of its parameter names are the wiki's (a misspelling the service can name a
 * correction for counts as the wiki's). Anything else is listed with confidence `low` and gets no
 * diagnostic. Unknown values (variables, holes, spreads) are never judged; checks for missing
 * parameters run only on closed requests.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { LanguageSettings } from '../languageTypes';
import type { WikiLanguageService } from '../wiki/wikiLanguageService';
import type { WikiDocument, WikiParam, WikiQuery } from '../wiki/wikiTypes';
import type { FoundRequest } from './requestFinder';
import { HOLE } from './virtualText';
import { defaultsOf } from './clientLibraries';
import type { MapLanguageService } from '../map/mapLanguageService';
import { checkMapRequest, mapInventoryParams, type CheckedMapRequest } from './mapCheck';
import { withExtensionModules } from './extensionModules';
import { verdictsWhateverIsSent } from './absentParams';

export type Confidence = 'high' | 'low';

/** One MediaWiki API request of a host file with the wiki service's verdicts on it. */
export interface CheckedWikiRequest {
  service: 'wiki';
  request: FoundRequest;
  confidence: Confidence;
  /** The virtual query document and its parse (for hover, completion and the inventory). */
  virtual: TextDocument;
  parsed: WikiDocument;
  /** Diagnostics in host ranges (none when confidence is low). */
  diagnostics: Diagnostic[];
}

/** One request of a host file (a MediaWiki API request or a map-object query) with its verdicts. */
export type CheckedRequest = CheckedWikiRequest | CheckedMapRequest;

/** Longest virtual request checked (a URL of MediaWiki's own limit is ~8 KB): longer ones are listed, not judged. */
const MAX_CHECKED_CHARS = 16_384;

/** Codes that depend on how the request is sent (method, full URL), which source code does not show. */
const NOT_FROM_SOURCE = new Set(['mustbeposted', 'mustpostparams', 'postonly', 'urltoolong', 'largedocument', 'catalogue-not-loaded']);
/** Codes about parameters that are absent: only a closed request can lack one. */
const ABOUT_ABSENT = new Set(['missingparam', 'noaction']);
/**
 * Codes that, on a parameter's name, judge the name alone (a misspelled or deprecated parameter): they
 * stand when the value is known only at run time. Others on a name may depend on the value.
 */
const NAME_VERDICTS = new Set(['unrecognizedparams', 'deprecation']);
/** Parameters that choose modules: an unknown value leaves every other name unjudgeable. */
const SELECTORS = ['action', 'list', 'prop', 'meta', 'generator', 'format'];

/** Whether a pair is one the client adds by default (not written in the source). */
function implied(request: FoundRequest, p: WikiParam): boolean {
  return request.impliedFrom !== undefined && p.range.start >= request.impliedFrom;
}

/** A verdict on a parameter the client adds by default says so (it sits after the request in the host). */
function withDefaultsNote(d: Diagnostic, request: FoundRequest): Diagnostic {
  if (request.impliedFrom === undefined || d.range.start.line > 0 || d.range.start.character < request.impliedFrom) return d;
  const note =
    request.tokenFrom !== undefined && d.range.start.character >= request.tokenFrom
      ? 'postWithToken and postWithEditToken add the token'
      : `${request.client} sends ${defaultsOf(request.client)} by default`;
  return { ...d, message: `${d.message} (${note})` };
}

/** Whether a pair's name or value holds a run-time hole. */
function holey(p: WikiParam, text: string): boolean {
  return text.slice(p.range.start, p.range.end).includes(HOLE);
}

/** Parameter names that are the wiki's own (or a misspelling of one) vs foreign names. */
function foreignShare(
  request: FoundRequest,
  query: WikiQuery,
  text: string,
  diagnostics: Diagnostic[],
): { names: number; foreign: number; declaredNames: number; declaredForeign: number } {
  const foreignNames = new Set<string>();
  const action = query.byName.get('action')?.value;
  for (const d of diagnostics) {
    if (d.code !== 'unrecognizedparams') continue;
    const data = (d.data ?? {}) as { param?: string; suggestion?: string; replacement?: string; module?: string; field?: boolean };
    // A name the service can place (a misspelling, a module this query does not use, a field of AuthManager's
    // requests that this step or the requests named do not read) is the wiki's.
    if (!data.suggestion && !data.replacement && !data.field && (!data.module || data.module === action) && data.param)
      foreignNames.add(data.param);
  }
  let names = 0;
  let foreign = 0;
  let declaredNames = 0;
  let declaredForeign = 0;
  const declared = request.declared;
  for (const p of query.byName.values()) {
    if (p.name === 'action' || p.name === 'format' || implied(request, p) || text.slice(p.nameRange.start, p.nameRange.end).includes(HOLE))
      continue;
    names++;
    if (foreignNames.has(p.name)) foreign++;
    if (!declared) continue;
    const at = request.query.hostRange(p.nameRange.start, p.nameRange.end).start;
    if (at < declared.start || at >= declared.end) continue;
    declaredNames++;
    if (foreignNames.has(p.name)) declaredForeign++;
  }
  return { names, foreign, declaredNames, declaredForeign };
}

/** Whether a query holds a name besides action, format and the module selectors that no verdict calls unknown. */
function knowsOneMore(query: WikiQuery, text: string, diagnostics: Diagnostic[]): boolean {
  const unknown = new Set(diagnostics.filter((d) => d.code === 'unrecognizedparams').map((d) => (d.data as { param?: string })?.param));
  const plain = ['action', 'format', ...SELECTORS];
  return query.params.some(
    (p) => !plain.includes(p.name) && !unknown.has(p.name) && !text.slice(p.nameRange.start, p.nameRange.end).includes(HOLE),
  );
}

function judgeConfidence(wiki: WikiLanguageService, request: FoundRequest, parsed: WikiDocument, diagnostics: Diagnostic[]): Confidence {
  const query = parsed.queries[0];
  if (!query || parsed.text.length > MAX_CHECKED_CHARS) return 'low';
  const action = query.byName.get('action');
  if (action && !holey(action, parsed.text) && !wiki.getCatalogue(query).getActionModule(action.value)) return 'low';
  const share = foreignShare(request, query, parsed.text, diagnostics);
  const { names } = share;
  // A map filled key by key whose declaration is a request by itself (a name besides `action`, none foreign): keys
  // set after it that no module knows are its slips (`p['limit'] = 5` for `aplimit`), not a sign that it is no request.
  const foreign = share.declaredNames > 0 && share.declaredForeign === 0 ? 0 : share.foreign;
  // A file that names no MediaWiki API nor client gets no diagnostic, in the CLI as in the editor
  // (which does not even serve it): one rule, `namesMediaWiki`.
  if (!request.namesApi) return 'low';
  if (!action && (names === 0 || request.prefix)) return 'low';
  // `{ action, ...params }`, `"action=" + action + "&format=" + f`: a wrapper's generic builder, no request of its own.
  if (action && holey(action, parsed.text) && names === 0) return 'low';
  if (foreign * 2 > names) return 'low';
  // An object with only `action` (a Redux action, a form's action) is not a request without a client to say so.
  if (names === 0 && request.form !== 'url' && request.form !== 'annotation' && request.client === 'unknown') return 'low';
  // An object without `action` whose wrapper adds `action=query`: only when a query module is named and
  // no name is foreign, and one other name is one the wiki knows as written (`bltitle` beside `list: 'backlinks'`).
  if (request.impliedAction && (foreign > 0 || !knowsOneMore(query, parsed.text, diagnostics))) return 'low';
  return 'high';
}

/** The pairs a virtual range overlaps. */
function pairsAt(query: WikiQuery, start: number, end: number): WikiParam[] {
  return query.params.filter((p) => p.range.start < Math.max(end, start + 1) && p.range.end > start - (start === end ? 1 : 0));
}

function keep(d: Diagnostic, request: FoundRequest, query: WikiQuery, text: string): boolean {
  const code = String(d.code ?? '');
  if (NOT_FROM_SOURCE.has(code)) return false;
  if (ABOUT_ABSENT.has(code) && !request.closed) return false;
  // A verdict on a parameter the request does not write (rvprop=content's legacy-format warning names
  // rvslots) is about its absence: an open request may get it elsewhere.
  const param = (d.data as { param?: string } | undefined)?.param;
  if (!request.closed && param !== undefined && !query.byName.has(param)) return false;
  if (d.range.start.line !== 0 || d.range.end.line !== 0) return true;
  const start = d.range.start.character;
  const end = Math.max(d.range.end.character, start + 1);
  if (text.slice(start, end).includes(HOLE)) return false;
  const pairs = pairsAt(query, start, end);
  if (pairs.length !== 1) return true;
  // A verdict on one pair stands only on the parts of it that are known (a misspelled name keeps
  // its verdict when only its value is a hole).
  const p = pairs[0];
  const onName = start < p.nameRange.end && end > p.nameRange.start;
  const onValue = start < Math.max(p.valueRange.end, p.valueRange.start + 1) && end > p.valueRange.start;
  const nameHole = text.slice(p.nameRange.start, p.nameRange.end).includes(HOLE);
  const valueHole = text.slice(p.valueRange.start, p.valueRange.end).includes(HOLE);
  if (!onName && !onValue) return !nameHole && !valueHole;
  return !((onName && nameHole) || (onValue && valueHole) || (onName && valueHole && !NAME_VERDICTS.has(code)));
}

/** A virtual range in the host document. */
function toHost(request: FoundRequest, host: TextDocument, r: Range): Range {
  const from = r.start.line > 0 ? request.query.text.length : r.start.character;
  const to = r.end.line > 0 ? request.query.text.length : r.end.character;
  const span = request.query.text.length ? request.query.hostRange(from, to) : request.range;
  return { start: host.positionAt(span.start), end: host.positionAt(span.end) };
}

/**
 * Checks one host file's requests (found by `findRequests`): MediaWiki API requests with `wiki`, map
 * queries with `map` (without it they are listed with low confidence and not judged).
 */
export function checkRequests(
  wiki: WikiLanguageService,
  host: TextDocument,
  requests: readonly FoundRequest[],
  settings: LanguageSettings,
  map?: MapLanguageService,
): CheckedRequest[] {
  const raws: Diagnostic[][] = [];
  const judge = (virtual: TextDocument, parsed: WikiDocument): Diagnostic[] => {
    const query = parsed.queries[0];
    return query && virtual.getText().length <= MAX_CHECKED_CHARS
      ? withExtensionModules(wiki.doValidation(virtual, parsed, settings), parsed, wiki.getCatalogue(query), settings.severity)
      : [];
  };
  const out = requests.map((request, i): CheckedRequest => {
    if (request.service === 'map') return checkMapRequest(map, host, request, i, settings);
    const virtual = TextDocument.create(`${host.uri}#wikimap-request-${i}`, 'wikiquery', host.version, request.query.text);
    const parsed = wiki.parse(virtual);
    let raw = judge(virtual, parsed);
    const confidence = judgeConfidence(wiki, request, parsed, raw);
    // Parameters the client may leave out: only the verdicts that hold whichever are sent.
    if (request.mayBeAbsent?.length && confidence === 'high' && raw.length) {
      const uri = `${host.uri}#wikimap-request-${i}-sent`;
      raw = verdictsWhateverIsSent(request.query.text, request.mayBeAbsent, raw, (text) => {
        const variant = TextDocument.create(uri, 'wikiquery', host.version, text);
        return judge(variant, wiki.parse(variant));
      });
    }
    raws[i] = raw;
    const diagnostics = confidence === 'low' ? [] : hostDiagnostics(request, host, parsed, raw);
    return { service: 'wiki', request, confidence, virtual, parsed, diagnostics };
  });
  // A string argument beside parameters is a module only if the catalogue has it (`find('table', {…})` is not one).
  const kept = out.filter(
    (c) => c.service !== 'wiki' || !c.request.actionBeside || !!wiki.getCatalogue(c.parsed.queries[0]).getActionModule(actionOf(c.parsed)),
  );
  // A former module named alone: judged once the file is known to send MediaWiki requests.
  if (out.some((c) => c.service === 'wiki' && c.confidence === 'high'))
    out.forEach((c, i) => {
      if (c.service !== 'wiki' || c.confidence === 'high' || !namesFormerAction(c.request, c.parsed)) return;
      c.confidence = 'high';
      c.diagnostics = hostDiagnostics(c.request, host, c.parsed, raws[i]);
    });
  return kept.length === out.length ? out : kept;
}

function actionOf(parsed: WikiDocument): string {
  return parsed.queries[0]?.byName.get('action')?.value ?? '';
}

/**
 * Action modules MediaWiki core had and removed (MediaWiki 1.39's source has no module of the name):
 * `tokens`, deprecated in 1.24 for `action=query&meta=tokens`. Every request naming one fails,
 * whatever a wrapper function adds to it, so a parameter object naming one (even with nothing else,
 * as `{ action = 'tokens' }` handed to a client's own request function) is judged when the file
 * names a MediaWiki API and sends other requests judged of high confidence.
 */
const FORMER_ACTIONS = new Set(['tokens']);

function namesFormerAction(request: FoundRequest, parsed: WikiDocument): boolean {
  const action = parsed.queries[0]?.byName.get('action');
  return request.namesApi && !!action && !holey(action, parsed.text) && FORMER_ACTIONS.has(action.value);
}

/** The verdicts on a request that stand in the host file, at host ranges (none while a selector is unknown). */
function hostDiagnostics(request: FoundRequest, host: TextDocument, parsed: WikiDocument, raw: Diagnostic[]): Diagnostic[] {
  const query = parsed.queries[0];
  if (!query || SELECTORS.some((s) => query.byName.has(s) && holey(query.byName.get(s)!, parsed.text))) return [];
  return raw
    .filter((d) => keep(d, request, query, parsed.text))
    .map((d) => ({ ...withDefaultsNote(d, request), range: toHost(request, host, d.range) }));
}

/** A value as the inventory shows it: as written, or null when known only at run time. */
export function inventoryParams(checked: CheckedRequest): Record<string, string | null> {
  if (checked.service === 'map') return mapInventoryParams(checked);
  const out: Record<string, string | null> = {};
  const query = checked.parsed.queries[0];
  if (!query) return out;
  for (const p of query.params) {
    if (p.name.includes(HOLE) || implied(checked.request, p)) continue;
    out[p.name] = p.value.includes(HOLE) ? null : p.value;
  }
  return out;
}
