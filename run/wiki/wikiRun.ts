/**
 * Running a wiki query: one request, continuation (as the API sandbox does it) and "fetch all".
 * VS Code-free; the extension wraps these in progress notifications.
 */
import { formatBytes, httpRequest, makeUserAgent, type RunOptions } from '../httpClient';
export type { RunOptions } from '../httpClient';
import { redactUrl } from '../redact';
import { isObject } from '../../common/isObject';
import { errorMessage } from '../../common/errorMessage';
import { RunError } from '../runErrors';
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
  /** The raw body (kept for non-JSON formats). */
  text: string;
  /** Number of requests that made this result (more than 1 after fetch-all). */
  pages: number;
  /** Set when fetch-all stopped before the end (page cap or cancel). */
  stoppedEarly?: string;
  /** Set when the wiki cut a limit or a list of values: runs are anonymous (see anonymousLimitsNote). */
  limitsNote?: string;
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
  if (wantsJson) {
    try {
      json = JSON.parse(res.body);
    } catch {
      const excerpt = res.body.slice(0, 300).replace(/\s+/g, ' ').trim();
      throw new RunError(
        'notJson',
        `${new URL(url).host} answered HTTP ${res.status} ${res.contentType ? `(${res.contentType.split(';')[0]}) ` : ''}but not with JSON${excerpt ? `: "${excerpt}"` : ''}. Check that the endpoint is the wiki's api.php.`,
        res.status,
        excerpt,
      );
    }
  } else if (res.status >= 400) {
    throw new RunError('http', `${new URL(url).host} answered HTTP ${res.status} ${res.statusText}.`, res.status, res.body.slice(0, 300));
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
    ...(json !== undefined && anonymousLimitsNote(json) ? { limitsNote: anonymousLimitsNote(json) } : {}),
  };
}

/** The `continue` object of a result, when there is more to fetch. */
export function getContinuation(json: unknown): Record<string, string> | undefined {
  if (!isObject(json) || !isObject(json.continue)) return undefined;
  const out: Record<string, string> = {};
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
    out.push([k, k in cont ? cont[k] : last]);
    seen.add(k);
  }
  for (const [k, v] of Object.entries(cont)) if (!seen.has(k)) out.push([k, v]);
  return out;
}

/** Runs the next batch of a result that has `continue`. */
export async function runContinuation(previous: WikiRunResult, opts: RunOptions): Promise<WikiRunResult> {
  const cont = getContinuation(previous.json);
  if (!cont) throw new RunError('http', 'This result is complete: it has no "continue" section, so there is nothing more to fetch.');
  return runWikiQuery(previous.apiUrl, continueParams(previous.originalParams, cont), opts, {
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

/**
 * Follows `continue` until the result is complete, the page cap or the total byte budget is
 * reached, or the run is cancelled; merges all batches into one result (lists concatenated, pages
 * merged by id). Whatever stops it after the first page (cancel, budget, a failing request) keeps
 * what was fetched and says where and why it stopped.
 */
export async function fetchAll(apiUrl: string, params: WikiParams, opts: FetchAllOptions): Promise<WikiRunResult> {
  const first = await runWikiQuery(apiUrl, params, opts);
  let merged = first.json;
  let last = first;
  let pages = 1;
  let elapsed = first.elapsedMs;
  let bytes = first.bytes;
  let stoppedEarly: string | undefined;
  opts.onPage?.(pages, countItems(merged).total);
  while (getContinuation(last.json)) {
    if (pages >= opts.maxPages) {
      stoppedEarly = `stopped after ${pages} pages (wikimapQuery.run.fetchAllMaxPages); more results remain`;
      break;
    }
    if (hasError(last.json)) break;
    const budget = opts.maxTotalBytes ?? Infinity;
    if (bytes >= budget) {
      stoppedEarly = `stopped after ${pages} pages: the total of ${formatBytes(budget)} (wikimapQuery.run.fetchAllMaxMB) was read; more results remain`;
      break;
    }
    // A page may use what is left of the budget, never more than one response may.
    const pageCap = Math.min(opts.maxBytes, budget - bytes);
    try {
      last = await runWikiQuery(
        apiUrl,
        continueParams(params, getContinuation(last.json)!),
        { ...opts, maxBytes: pageCap },
        { originalParams: params, batch: pages },
      );
    } catch (e) {
      if (e instanceof RunError && e.kind === 'cancelled') {
        stoppedEarly = `cancelled after ${pages} pages; more results remain`;
        break;
      }
      if (e instanceof RunError && e.kind === 'tooLarge' && pageCap < opts.maxBytes) {
        stoppedEarly = `stopped after ${pages} pages: the next page would pass the total of ${formatBytes(budget)} (wikimapQuery.run.fetchAllMaxMB); more results remain`;
        break;
      }
      // The pages fetched so far are kept and shown; the failure is said with them.
      stoppedEarly = `stopped after ${pages} pages: ${errorMessage(e)}`;
      break;
    }
    pages++;
    elapsed += last.elapsedMs;
    bytes += last.bytes;
    merged = mergeBatches(merged, last.json);
    opts.onPage?.(pages, countItems(merged).total);
  }
  const json = isObject(merged) ? { ...merged } : merged;
  if (isObject(json)) {
    const cont = getContinuation(last.json);
    if (cont && stoppedEarly) json.continue = cont;
    else delete json.continue;
  }
  return {
    ...first,
    json,
    text: JSON.stringify(json),
    pages,
    elapsedMs: elapsed,
    bytes,
    stoppedEarly,
    status: last.status,
    statusText: last.statusText,
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

/**
 * Merges a continuation batch into what was fetched so far. Arrays are concatenated, except
 * `query.pages` (formatversion 2: an array of page objects) whose entries are merged by page id
 * or title, because a prop module's continuation returns the same pages with more data.
 * Warnings and errors are concatenated without duplicates.
 */
export function mergeBatches(a: unknown, b: unknown, path: string[] = []): unknown {
  if (Array.isArray(a) && Array.isArray(b)) {
    const key = path.join('.');
    if (key === 'query.pages') {
      const out = a.map((p) => p);
      const index = new Map<string, number>();
      out.forEach((p, i) => {
        const k = pageKey(p);
        if (k) index.set(k, i);
      });
      for (const p of b) {
        const k = pageKey(p);
        if (k && index.has(k)) out[index.get(k)!] = mergeBatches(out[index.get(k)!], p, [...path, '*']);
        else {
          if (k) index.set(k, out.length);
          out.push(p);
        }
      }
      return out;
    }
    if (key === 'warnings' || key === 'errors') {
      const seen = new Set(a.map((x) => JSON.stringify(x)));
      return [...a, ...b.filter((x) => !seen.has(JSON.stringify(x)))];
    }
    return [...a, ...b];
  }
  if (isObject(a) && isObject(b)) {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in a ? mergeBatches(a[k], v, [...path, k]) : v;
    return out;
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
