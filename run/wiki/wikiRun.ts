/**
 * Running a wiki query: one request, continuation (as the API sandbox does it) and "fetch all".
 * VS Code-free; the extension wraps these in progress notifications.
 */
import { formatBytes, httpRequest, makeUserAgent, type RunOptions } from '../httpClient';
export type { RunOptions } from '../httpClient';
import { bodyExcerpt, redactUrl } from '../redact';
import { isObject } from '../../common/isObject';
import { errorMessage } from '../../common/errorMessage';
import { RunError } from '../runErrors';
import { checkParsedBudget, DEFAULT_MAX_PARSED_BYTES } from '../jsonBudget';
import { buildWikiUrl, checkReadOnly, FEED_ACTIONS, lastValue, withJsonFormat, type WikiParams } from './wikiRequest';

export interface WikiRunResult {
  apiUrl: string;
  /** The parameters of this request as the query gives them (continue values included), without the added format ones. */
  queryParams: WikiParams;
  /** The user's query before any continuation: every later batch is built from it. */
  originalParams: WikiParams;
  /** How many batches came before this one (0 for the first run). */
  batch: number;
  /** The parameters actually sent. */
  sentParams: WikiParams;
  /** URL safe to show: sensitive values replaced. */
  displayUrl: string;
  status: number;
  statusText: string;
  elapsedMs: number;
  bytes: number;
  /** Parsed body; undefined when the user asked for a non-JSON format. */
  json?: unknown;
  /** The raw body (for non-JSON formats; after Fetch all, empty: `json` holds the merged answer). */
  text: string;
  /** Number of requests that made this result (more than 1 after fetch-all). */
  pages: number;
  /** Set when fetch-all stopped before the end (page cap or cancel). */
  stoppedEarly?: string;
  /** Set when the wiki cut a limit or a list of values: runs are anonymous (see anonymousLimitsNote). */
  limitsNote?: string;
  /** Estimated memory of the parsed answer(s), counted against `maxParsedBytes`. */
  parsedBytes?: number;
}

/**
 * Runs never log in, so the wiki applies the limits of anonymous users (50 values per parameter,
 * `limit` up to its normal maximum), whatever `wikimapQuery.wiki.highLimits` says: that setting
 * describes the account of the program that will send the query. Said when the wiki's answer shows
 * it cut something (a limit clamped, too many values).
 */
export function anonymousLimitsNote(json: unknown): string | undefined {
  const texts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (isObject(v))
      for (const [k, x] of Object.entries(v))
        collect(k === 'code' && (x === 'outofrange' || x === 'toomanyvalues') ? 'must be no greater than' : x);
  };
  if (isObject(json)) {
    collect(json.warnings);
    collect(json.error);
    collect(json.errors);
  }
  if (!texts.some((t) => /must be (?:between|no greater than)|Too many values supplied|may not be over/i.test(t))) return undefined;
  return 'This run was sent without logging in, so the wiki used the limits of anonymous users (at most 50 values per parameter; limits up to their normal maximum), even where wikimapQuery.wiki.highLimits lets the editor accept more. That setting is for an account with apihighlimits that your own program logs in with.';
}

/** Sends one read-only GET. Refuses write actions before anything is sent. */
export async function runWikiQuery(
  apiUrl: string,
  params: WikiParams,
  opts: RunOptions,
  continuation?: { originalParams: WikiParams; batch: number },
): Promise<WikiRunResult> {
  checkReadOnly(params);
  const sent = withJsonFormat(params);
  // From a browser page MediaWiki answers cross-origin only when asked with origin=* (anonymous, no cookies),
  // or, signed in with an OAuth 2 token, with crossorigin=1.
  if (opts.crossOrigin && !sent.some(([k]) => k === 'origin' || k === 'crossorigin'))
    sent.push(opts.signedCrossOrigin ? ['crossorigin', '1'] : ['origin', '*']);
  const url = buildWikiUrl(apiUrl, sent);
  const displayUrl = redactUrl(url);
  opts.onRequest?.(displayUrl, 'GET');
  const res = await httpRequest({
    url,
    displayUrl,
    method: 'GET',
    headers: { 'User-Agent': opts.userAgent ?? makeUserAgent() },
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    signal: opts.signal,
    transport: opts.transport,
    addressPolicy: opts.addressPolicy,
  });
  // A feed answers RSS/Atom (XML) whatever format= says; only its errors come as JSON.
  const action = lastValue(sent, 'action');
  const feed = action !== undefined && FEED_ACTIONS.has(action);
  const wantsJson = (lastValue(sent, 'format') ?? 'json') === 'json' && !(feed && /^\s*</.test(res.body));
  let json: unknown;
  let parsedBytes: number | undefined;
  if (wantsJson) {
    parsedBytes = checkParsedBudget(res.body, opts.maxParsedBytes ?? DEFAULT_MAX_PARSED_BYTES, new URL(url).host).bytes;
    try {
      json = JSON.parse(res.body);
    } catch {
      const excerpt = bodyExcerpt(res.body);
      throw new RunError(
        'notJson',
        `${new URL(url).host} answered HTTP ${res.status} ${res.contentType ? `(${res.contentType.split(';')[0]}) ` : ''}but not with JSON${excerpt ? `: "${excerpt}"` : ''}. Check that the endpoint is the wiki's api.php.`,
        res.status,
        excerpt,
      );
    }
  } else if (res.status >= 400) {
    throw new RunError('http', `${new URL(url).host} answered HTTP ${res.status} ${res.statusText}.`, res.status, bodyExcerpt(res.body));
  }
  return {
    apiUrl,
    queryParams: params,
    originalParams: continuation?.originalParams ?? params,
    batch: continuation?.batch ?? 0,
    sentParams: sent,
    displayUrl,
    status: res.status,
    statusText: res.statusText,
    elapsedMs: res.elapsedMs,
    bytes: res.bytes,
    json,
    text: res.body,
    pages: 1,
    parsedBytes,
    ...(json !== undefined && anonymousLimitsNote(json) ? { limitsNote: anonymousLimitsNote(json) } : {}),
  };
}

/** The `continue` object of a result, when there is more to fetch. */
export function getContinuation(json: unknown): Record<string, string> | undefined {
  if (!isObject(json) || !isObject(json.continue)) return undefined;
  // A prototype-free object: a parameter may be called `constructor`, `toString` or `__proto__`.
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(json.continue)) out[k] = String(v);
  return Object.keys(out).length ? out : undefined;
}

/**
 * The next request's parameters: the original query with the `continue` values set (replacing
 * the same names, appending new ones). As MediaWiki's API:Continue and the API sandbox do, it is
 * built from the original query each time, so values of an earlier batch never linger.
 */
export function continueParams(original: WikiParams, cont: Record<string, string>): WikiParams {
  const out: WikiParams = [];
  const seen = new Set<string>();
  for (const [k, v] of original) {
    if (seen.has(k)) continue;
    const last = lastValue(original, k) ?? v;
    out.push([k, Object.hasOwn(cont, k) ? cont[k] : last]);
    seen.add(k);
  }
  for (const [k, v] of Object.entries(cont)) if (!seen.has(k)) out.push([k, v]);
  return out;
}

/**
 * Most characters of a `continue` section that is followed (names and values). A wiki's holds a title or
 * two, a timestamp and ids: a few hundred characters; common servers refuse request lines over 8 KB anyway.
 * A longer one is a server that grows it with each answer.
 */
const MAX_CONTINUE_CHARS = 16 * 1024;

/** A request's parameters as one string, to tell whether it was sent before. */
const paramsKey = (params: WikiParams): string => JSON.stringify(params);

/**
 * Why the `continue` section `cont` is not followed, or undefined: longer than any wiki's, or it asks
 * again for a request already sent (`sent`: their `paramsKey`s) — a server that repeats or cycles its values.
 */
function continuationRefusal(cont: Record<string, string>, next: WikiParams, sent: ReadonlySet<string>): string | undefined {
  let size = 0;
  for (const k in cont) size += k.length + cont[k].length;
  if (size > MAX_CONTINUE_CHARS) {
    return `the wiki's "continue" section is ${size} characters long (a wiki's is a few hundred; at most ${MAX_CONTINUE_CHARS} are followed), so it is not followed`;
  }
  if (sent.has(paramsKey(next)))
    return 'the wiki\'s "continue" values ask again for a batch already fetched (a loop), so they are not followed';
  return undefined;
}

/** Runs the next batch of a result that has `continue`. */
export async function runContinuation(previous: WikiRunResult, opts: RunOptions): Promise<WikiRunResult> {
  const cont = getContinuation(previous.json);
  if (!cont) throw new RunError('http', 'This result is complete: it has no "continue" section, so there is nothing more to fetch.');
  const next = continueParams(previous.originalParams, cont);
  const refused = continuationRefusal(cont, next, new Set([paramsKey(previous.queryParams)]));
  if (refused) throw new RunError('http', `Not continued: ${refused}.`);
  return runWikiQuery(previous.apiUrl, next, opts, {
    originalParams: previous.originalParams,
    batch: previous.batch + 1,
  });
}

export interface FetchAllOptions extends RunOptions {
  maxPages: number;
  /** Most bytes read over all requests (`wikimapQuery.run.fetchAllMaxMB`); default: no total cap beyond maxPages × maxBytes. */
  maxTotalBytes?: number;
  /** Called after each page with the page number and the items so far. */
  onPage?: (page: number, itemsSoFar: number) => void;
}

/** What a Fetch all has used so far, against its budgets. */
interface FetchAllState {
  merged: unknown;
  last: WikiRunResult;
  pages: number;
  elapsed: number;
  bytes: number;
  parsed: number;
}

/** Why the next page is not fetched (page cap, byte or memory budget), or undefined to go on. */
function budgetStop(st: FetchAllState, opts: FetchAllOptions, memory: number): string | undefined {
  if (st.pages >= opts.maxPages) return `stopped after ${st.pages} pages (wikimapQuery.run.fetchAllMaxPages); more results remain`;
  const budget = opts.maxTotalBytes ?? Infinity;
  if (st.bytes >= budget)
    return `stopped after ${st.pages} pages: the total of ${formatBytes(budget)} (wikimapQuery.run.fetchAllMaxMB) was read; more results remain`;
  if (st.parsed >= memory)
    return `stopped after ${st.pages} pages: the results take the memory budget of ${formatBytes(memory)} (wikimapQuery.run.maxParsedMB); more results remain`;
  return undefined;
}

/** Why a failing page ended the Fetch all, said with the pages kept. */
function pageFailure(e: unknown, st: FetchAllState, opts: FetchAllOptions, pageCap: number, parsedCap: number, memory: number): string {
  if (e instanceof RunError && e.kind === 'cancelled') return `cancelled after ${st.pages} pages; more results remain`;
  if (e instanceof RunError && e.kind === 'tooLarge') {
    if (/maxParsedMB/.test(e.message) && parsedCap < memory)
      return `stopped after ${st.pages} pages: the next page would pass the memory budget of ${formatBytes(memory)} (wikimapQuery.run.maxParsedMB); more results remain`;
    if (!/maxParsedMB/.test(e.message) && pageCap < opts.maxBytes)
      return `stopped after ${st.pages} pages: the next page would pass the total of ${formatBytes(opts.maxTotalBytes ?? 0)} (wikimapQuery.run.fetchAllMaxMB); more results remain`;
  }
  // The pages fetched so far are kept and shown; the failure is said with them.
  return `stopped after ${st.pages} pages: ${errorMessage(e)}`;
}

/**
 * Follows `continue` until the result is complete, the page cap, the total byte budget or the memory
 * budget (every page's parsed size counts: the merged result holds them all) is reached, or the run is
 * cancelled; merges all batches into one result (lists concatenated in place, pages merged by id).
 * Whatever stops it after the first page (cancel, budget, a failing request) keeps what was fetched
 * and says where and why it stopped.
 */
export async function fetchAll(apiUrl: string, params: WikiParams, opts: FetchAllOptions): Promise<WikiRunResult> {
  const memory = opts.maxParsedBytes ?? DEFAULT_MAX_PARSED_BYTES;
  // The first page's text is not kept: its parse is the start of the merged result.
  const firstRun = await runWikiQuery(apiUrl, params, opts);
  const first = firstRun.json === undefined ? firstRun : { ...firstRun, text: '' };
  const st: FetchAllState = {
    merged: first.json,
    last: first,
    pages: 1,
    elapsed: first.elapsedMs,
    bytes: first.bytes,
    parsed: first.parsedBytes ?? 0,
  };
  let stoppedEarly: string | undefined;
  const sent = new Set([paramsKey(params)]);
  opts.onPage?.(st.pages, countItems(st.merged).total);
  for (let cont = getContinuation(st.last.json); cont && !hasError(st.last.json); cont = getContinuation(st.last.json)) {
    const next = continueParams(params, cont);
    const refused = continuationRefusal(cont, next, sent);
    stoppedEarly = refused ? `stopped after ${st.pages} pages: ${refused}` : budgetStop(st, opts, memory);
    if (stoppedEarly) break;
    sent.add(paramsKey(next));
    // A page may use what is left of the budgets, never more than one response may.
    const pageCap = Math.min(opts.maxBytes, (opts.maxTotalBytes ?? Infinity) - st.bytes);
    const parsedCap = memory - st.parsed;
    try {
      st.last = await runWikiQuery(
        apiUrl,
        next,
        { ...opts, maxBytes: pageCap, maxParsedBytes: parsedCap },
        { originalParams: params, batch: st.pages },
      );
    } catch (e) {
      stoppedEarly = pageFailure(e, st, opts, pageCap, parsedCap, memory);
      break;
    }
    st.pages++;
    st.elapsed += st.last.elapsedMs;
    st.bytes += st.last.bytes;
    st.parsed += st.last.parsedBytes ?? 0;
    st.merged = mergeBatches(st.merged, st.last.json);
    // The page's own text and parse are not kept: the merged result holds its data.
    st.last = { ...st.last, text: '' };
    opts.onPage?.(st.pages, countItems(st.merged).total);
  }
  const json = st.merged;
  if (isObject(json)) {
    const cont = getContinuation(st.last.json);
    if (cont && stoppedEarly) json.continue = cont;
    else delete json.continue;
  }
  return {
    ...first,
    json,
    text: first.text,
    pages: st.pages,
    elapsedMs: st.elapsed,
    bytes: st.bytes,
    parsedBytes: st.parsed,
    stoppedEarly,
    status: st.last.status,
    statusText: st.last.statusText,
  };
}

function hasError(json: unknown): boolean {
  return isObject(json) && (json.error !== undefined || (Array.isArray(json.errors) && json.errors.length > 0));
}

function pageKey(p: unknown): string | undefined {
  if (!isObject(p)) return undefined;
  if (p.pageid !== undefined) return `id:${p.pageid}`;
  if (p.title !== undefined) return `t:${p.ns ?? ''}:${p.title}`;
  return undefined;
}

/** Sets a property as data, whatever its name (`__proto__` included, as JSON.parse makes it). */
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
}

/** `query.pages` (formatversion 2): pages of `b` merged into `a` by id or title, in place. */
function mergePages(a: unknown[], b: unknown[], path: string[]): unknown[] {
  const index = new Map<string, number>();
  a.forEach((p, i) => {
    const k = pageKey(p);
    if (k) index.set(k, i);
  });
  for (const p of b) {
    const k = pageKey(p);
    const at = k === undefined ? undefined : index.get(k);
    if (at !== undefined) a[at] = mergeBatches(a[at], p, [...path, '*']);
    else {
      if (k) index.set(k, a.length);
      a.push(p);
    }
  }
  return a;
}

/**
 * Merges a continuation batch into what was fetched so far, in place: `a` is the merged result (its
 * arrays grow by `push`, so merging n batches copies each item once, not n times). Arrays are
 * concatenated, except `query.pages` (formatversion 2: an array of page objects) whose entries are
 * merged by page id or title, because a prop module's continuation returns the same pages with more
 * data. Warnings and errors are concatenated without duplicates.
 */
export function mergeBatches(a: unknown, b: unknown, path: string[] = []): unknown {
  if (Array.isArray(a) && Array.isArray(b)) {
    const key = path.join('.');
    if (key === 'query.pages') return mergePages(a, b, path);
    if (key === 'warnings' || key === 'errors') {
      const seen = new Set(a.map((x) => JSON.stringify(x)));
      for (const x of b) if (!seen.has(JSON.stringify(x))) a.push(x);
      return a;
    }
    for (const x of b) a.push(x);
    return a;
  }
  if (isObject(a) && isObject(b)) {
    for (const [k, v] of Object.entries(b)) setOwn(a, k, Object.hasOwn(a, k) ? mergeBatches(a[k], v, [...path, k]) : v);
    return a;
  }
  return b === undefined ? a : b;
}

/** Keys under `query` that describe the request rather than being results. */
const QUERY_BOOKKEEPING = new Set(['normalized', 'redirects', 'converted', 'interwiki', 'badrevids', 'protocols']);

export interface ItemCount {
  total: number;
  /** Per result list: `allpages: 10`. */
  byList: Array<[string, number]>;
}

/** Number of items in a result: lengths of the arrays under `query` (pages and lists). */
export function countItems(json: unknown): ItemCount {
  const byList: Array<[string, number]> = [];
  if (isObject(json) && isObject(json.query)) {
    for (const [k, v] of Object.entries(json.query)) {
      if (QUERY_BOOKKEEPING.has(k)) continue;
      if (Array.isArray(v)) byList.push([k, v.length]);
      else if (isObject(v) && k !== 'general') byList.push([k, Object.keys(v).length]);
      else if (isObject(v)) byList.push([k, 1]);
    }
  } else if (isObject(json)) {
    for (const [k, v] of Object.entries(json)) {
      if (
        k === 'warnings' ||
        k === 'errors' ||
        k === 'error' ||
        k === 'docref' ||
        k === 'servedby' ||
        k === 'batchcomplete' ||
        k === 'continue'
      )
        continue;
      byList.push([k, Array.isArray(v) ? v.length : 1]);
    }
  } else if (Array.isArray(json)) {
    byList.push(['items', json.length]); // opensearch answers with a bare array
  }
  return { total: byList.reduce((s, [, n]) => s + n, 0), byList };
}
