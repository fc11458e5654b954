/**
 * Fetches what a live wiki says about itself: its `action=paraminfo` descriptors (main, every
 * action and format module, query and every query submodule, including the ones its extensions
 * add) and its siteinfo (version and namespaces). Network access enters only through the
 * `fetchImpl` given by the caller.
 *
 * Requests (MediaWiki's API etiquette: a descriptive User-Agent, GET, one request at a time):
 *   api.php?action=query&meta=siteinfo&siprop=general|namespaces|namespacealiases|interwikimap&format=json&formatversion=2
 *   api.php?action=paraminfo&modules=main|query|query+*|*&helpformat=none&format=json
 * and, only where the wiki did not expand a wildcard (MediaWiki before 1.26 lacks them), the
 * missing modules by name — the actions and formats `main` lists, the submodules `query` lists —
 * in batches of 50 (ApiParamInfo's `modules` is multi-valued with the usual limit of 50 values for
 * clients without `apihighlimits`).
 *
 * Every request is bounded in time and bytes and never follows redirects (boundedFetch.ts).
 */
import { isObject } from '../../../common/isObject';
import { recognisedAcrossBundles } from '../../../common/bundleClass';
import { FIXED_LIMITS, settingSpec } from '../../../common/settings';
import { userNameProblem } from '../service/wiki/wikiUserName';
import { READ_DENIED_HELP } from '../../../run/wiki/wikiSecrets';
import { estimateParsedSize } from '../../../run/jsonBudget';
import { serverText } from '../../../run/redact';
import { moreTimeMayHelp, wasReached, type AddressPolicy, type HttpTransport } from '../../../run/transport';
import type { CatalogueAdvice } from './catalogueAdvice';
import { boundedFetchText, formatMegabytes, withoutUserInfo, type BoundedFetchError, type BoundedResponse } from './boundedFetch';

/** One wiki's raw answers, kept as received (this is also what the disk cache stores). */
export interface LiveCatalogueData {
  /** The api.php URL the data came from (normalised). */
  apiUrl: string;
  /** siteinfo `general.generator`, e.g. `MediaWiki 1.39.17`: the cache key's version part. */
  generator: string;
  /** `action=paraminfo` answers (formatversion 1), one per request. */
  paraminfo: unknown[];
  /** `meta=siteinfo` answer (formatversion 2). */
  siteinfo: unknown;
  /** When it was fetched (ISO 8601). */
  fetchedAt: string;
}

export interface FetchOptions {
  /** How the bytes travel (Node's http/https, `run/node/nodeTransport.ts`); default: a transport over `fetchImpl`. */
  transport?: HttpTransport;
  /** The address check when connecting: loopback and private addresses only for a configured wiki. */
  addressPolicy?: AddressPolicy;
  fetchImpl?: typeof fetch;
  userAgent: string;
  /**
   * Fetched from a browser page: `origin=*` asks MediaWiki for an anonymous cross-origin answer
   * (`Access-Control-Allow-Origin: *`), and the tool names itself in `Api-User-Agent` alone, as the
   * browser owns `User-Agent`.
   */
  crossOrigin?: boolean;
  timeoutMs: number;
  /**
   * Most bytes read of all of a catalogue's answers together (siteinfo, paraminfo and its follow-ups;
   * default DEFAULT_CATALOGUE_MAX_BYTES, `wikimapQuery.wiki.maxCatalogueMB`). The memory of the parsed
   * answers is budgeted from it too (PARSED_PER_BYTE times as much).
   */
  maxBytes?: number;
  /**
   * Most follow-up paraminfo requests (50 modules each) after the first answer (default 20,
   * `wikimapQuery.wiki.maxCatalogueFollowUps`): the first answer must not decide how many requests are made.
   */
  maxFollowUps?: number;
  /** What this load has spent so far; one per load (created by `fetchLiveCatalogueData` when absent). */
  spent?: CatalogueSpent;
  /** Aborts every request (the store is being disposed). */
  signal?: AbortSignal;
  /** How a private wiki's `readapidenied` is explained (how this client signs in); READ_DENIED_HELP (the CLI's options) when absent. */
  readDeniedHelp?: string;
  /** How this client loads a catalogue again and gives it more room, in its messages (catalogueAdvice.ts). */
  advice: CatalogueAdvice;
}

/** A fetch failure whose message says what went wrong and what to do. */
export class WikiFetchError extends Error {
  constructor(
    message: string,
    /** True when the wiki could not be reached at all (network error, timeout, HTTP 5xx). */
    readonly unreachable: boolean,
  ) {
    super(message);
    this.name = 'WikiFetchError';
  }
}
recognisedAcrossBundles(WikiFetchError, 'WikiFetchError');

/** Largest catalogue answer read by default (a big wiki's paraminfo is a few MB). */
const DEFAULT_CATALOGUE_MAX_BYTES = 32 * 1024 * 1024;

/** Longest siteinfo `generator` taken (MediaWiki's: "MediaWiki 1.45.0-wmf.5"). */
const MAX_GENERATOR = 100;

/** ApiParamInfo's limit for `modules` values for clients without `apihighlimits`. */
const PARAMINFO_BATCH = 50;

/**
 * Most follow-up paraminfo requests of one load by default (× 50 modules: far more than any wiki has; a
 * wiki that expands the wildcards needs none). The first answer must not decide how many requests are made.
 */
const DEFAULT_MAX_FOLLOW_UPS = settingSpec('wiki.maxCatalogueFollowUps').default as number;

/** The parsed answers of a catalogue may take this many times its byte budget in memory (estimated before parsing). */
const PARSED_PER_BYTE = FIXED_LIMITS.catalogueParsedPerByte;

/** What one catalogue load has read and parsed so far, counted against its budgets. */
export interface CatalogueSpent {
  bytes: number;
  parsed: number;
  requests: number;
}

function budgetOf(opts: FetchOptions): number {
  return opts.maxBytes ?? DEFAULT_CATALOGUE_MAX_BYTES;
}

function budgetMessage(shown: string, what: string, opts: FetchOptions): string {
  const raise = opts.advice.raiseBytes;
  return `the catalogue of ${shown} ${what}; reading stopped (the cap counts all of a catalogue's answers together). ${raise[0].toUpperCase()}${raise.slice(1)} if this wiki's catalogue really is that large`;
}

/** Counts an answer against the load's memory budget before it is parsed; throws past it. */
function countParsed(text: string, opts: FetchOptions, shown: string): void {
  const spent = opts.spent;
  if (!spent) return;
  const budget = budgetOf(opts) * PARSED_PER_BYTE;
  spent.parsed += estimateParsedSize(text).bytes;
  if (spent.parsed > budget) {
    throw new WikiFetchError(budgetMessage(shown, `would take more than ${formatMegabytes(budget)} of memory once read`, opts), false);
  }
}

/** A failed request of a catalogue load, said for people: what the wiki did, and what to do (in the words of `opts.advice`). */
function fetchFailure(e: BoundedFetchError, shown: string, opts: FetchOptions): WikiFetchError {
  const { retry, retryWithMoreTime } = opts.advice;
  switch (e.kind) {
    case 'tooLarge':
      return new WikiFetchError(budgetMessage(shown, `is larger than the cap of ${formatMegabytes(budgetOf(opts))}`, opts), false);
    case 'redirect':
      return new WikiFetchError(`${e.message} (set the api.php URL the wiki really uses, then ${retry})`, false);
    case 'credentials':
    case 'badUrl':
    case 'privateAddress':
      return new WikiFetchError(`${e.message}`, false);
    case 'badAnswer':
      return new WikiFetchError(`${e.message}; check that ${shown} is the wiki's api.php URL (a proxy in between may be at fault)`, false);
    case 'broken':
      return new WikiFetchError(
        `${e.message} before its answer was complete; check that ${shown} is the wiki's api.php URL, then ${retry}`,
        true,
      );
    case 'timeout':
      // Reached (it took the connection, perhaps sent its headers) is not "cannot reach": what came is said.
      // More time is advised only where it can help (a wiki still working or still sending; run/transport.ts).
      if (moreTimeMayHelp(e.progress, opts.timeoutMs))
        return new WikiFetchError(
          `${e.message}; check that ${shown} is the wiki's api.php URL; if it is, the wiki may be slow: ${retryWithMoreTime}`,
          true,
        );
      if (wasReached(e.progress))
        return new WikiFetchError(
          `${e.message}; check that ${shown} is the wiki's api.php URL (a proxy in between may be at fault), then ${retry}`,
          true,
        );
      return new WikiFetchError(`cannot reach ${shown} (${e.message}); check the URL and your connection, then ${retry}`, true);
    default:
      return new WikiFetchError(`cannot reach ${shown} (${e.message}); check the URL and your connection, then ${retry}`, true);
  }
}

async function getJson(apiUrl: string, query: string, opts: FetchOptions): Promise<Record<string, unknown>> {
  const url = `${apiUrl}?${query}${opts.crossOrigin ? '&origin=*' : ''}`;
  const shown = withoutUserInfo(apiUrl);
  const spent = opts.spent;
  const left = budgetOf(opts) - (spent?.bytes ?? 0);
  let res: BoundedResponse;
  try {
    if (spent) spent.requests++;
    res = await boundedFetchText(url, {
      transport: opts.transport,
      addressPolicy: opts.addressPolicy,
      fetchImpl: opts.fetchImpl,
      timeoutMs: opts.timeoutMs,
      maxBytes: Math.max(0, left),
      signal: opts.signal,
      headers: opts.crossOrigin
        ? { 'Api-User-Agent': opts.userAgent, Accept: 'application/json' }
        : { 'User-Agent': opts.userAgent, 'Api-User-Agent': opts.userAgent, Accept: 'application/json' },
    });
  } catch (err) {
    throw fetchFailure(err as BoundedFetchError, shown, opts);
  }
  const text = res.text;
  if (spent) spent.bytes += res.bytes;
  if (res.status < 200 || res.status > 299) {
    const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    if (res.status >= 500) {
      throw new WikiFetchError(`${apiUrl} answered ${status} (the wiki is down or has a problem); ${opts.advice.retry} later`, true);
    }
    throw new WikiFetchError(`${apiUrl} answered ${status}; check that it is the wiki's api.php URL (e.g. https://host/w/api.php)`, false);
  }
  countParsed(text, opts, shown);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WikiFetchError(
      `${apiUrl} did not answer with JSON; check that it is the wiki's api.php URL (e.g. https://host/w/api.php), not a page URL`,
      false,
    );
  }
  if (!isObject(json)) {
    throw new WikiFetchError(
      `${apiUrl} answered with ${JSON.stringify(json).slice(0, 80)} instead of an API result; check the api.php URL`,
      false,
    );
  }
  const error: unknown = json.error ?? (Array.isArray(json.errors) ? json.errors[0] : undefined);
  if (error) {
    const e: Record<string, unknown> = isObject(error) ? error : {};
    // The wiki's own words, bounded: a hostile one could send megabytes, terminal escapes or a `[label](command:…)` link.
    const code = typeof e.code === 'string' ? serverText(e.code) : 'error';
    const said = e.info ?? e.text ?? e['*'];
    const info = typeof said === 'string' ? serverText(said) : '';
    const hint = code === 'readapidenied' ? ` (${opts.readDeniedHelp ?? READ_DENIED_HELP})` : '';
    throw new WikiFetchError(`${apiUrl} refused the request: ${code}${info ? `: ${info}` : ''}${hint}`, false);
  }
  return json;
}

/** Most rights an account's userinfo may list (MediaWiki 1.45 with many extensions has a few hundred). */
const MAX_RIGHTS = 10_000;
/** Longest right name taken (MediaWiki's are words: `editsemiprotected`, `apihighlimits`). */
const MAX_RIGHT_NAME = 100;
/** What a right's name cannot hold: control characters and link or markup syntax. */
const NOT_IN_RIGHT_NAME = /[\u0000-\u001f\u007f-\u009f#<>[\]|{}\ufffd]/;

/** Why `name` cannot be a MediaWiki user name (UserNameUtils::isValid), or undefined when it can. */
function badUserName(name: string): string | undefined {
  const why = userNameProblem(name);
  // The name may be megabytes: the reason says what is wrong, never the name.
  return why === undefined ? undefined : `a user name no MediaWiki account has: ${why}`;
}

/** Why `rights` is not a userinfo rights list, or undefined when it is one. */
function badRights(rights: unknown[]): string | undefined {
  if (rights.length > MAX_RIGHTS) return `${rights.length} rights (at most ${MAX_RIGHTS} are read)`;
  const bad = rights.find((r) => typeof r !== 'string' || r === '' || r.length > MAX_RIGHT_NAME || NOT_IN_RIGHT_NAME.test(r));
  if (bad !== undefined) return "a right that is not a right's name";
  return undefined;
}

/**
 * The account a signed-in load reads as (meta=userinfo, its rights as the session has them: a bot
 * password's grants included); undefined when the wiki says the reader is anonymous. An answer of another
 * shape, a name no MediaWiki user has (too long, control characters, link syntax) or a rights list that is
 * not one is refused with a WikiFetchError saying why: the name goes into messages (assert=bot, assertuser).
 */
export async function fetchAccount(apiUrl: string, opts: FetchOptions): Promise<{ name: string; rights: string[] } | undefined> {
  const answer = await getJson(apiUrl, 'action=query&meta=userinfo&uiprop=rights&format=json&formatversion=2', opts);
  const info = field(field(answer, 'query'), 'userinfo');
  if (isObject(info) && info.anon === true) return undefined;
  const name = field(info, 'name');
  const rights = field(info, 'rights');
  const why =
    typeof name !== 'string' || !Array.isArray(rights)
      ? 'an answer without a user name and a list of rights'
      : (badUserName(name) ?? badRights(rights));
  if (why !== undefined) throw new WikiFetchError(`${withoutUserInfo(apiUrl)} answered meta=userinfo with ${why}`, false);
  return { name: name as string, rights: rights as string[] };
}

/**
 * siteinfo (formatversion 2): version and namespaces; `extraProps` adds siprop values (a snapshot
 * asks for `extensions` too).
 */
export async function fetchSiteinfo(
  apiUrl: string,
  opts: FetchOptions,
  extraProps: readonly string[] = [],
): Promise<{ siteinfo: unknown; generator: string }> {
  const siprop = ['general', 'namespaces', 'namespacealiases', 'interwikimap', ...extraProps].join('%7C');
  const siteinfo = await getJson(apiUrl, `action=query&meta=siteinfo&siprop=${siprop}&format=json&formatversion=2`, opts);
  const query = field(siteinfo, 'query');
  const generator = field(field(query, 'general'), 'generator');
  if (typeof generator !== 'string' || !field(query, 'namespaces')) {
    throw new WikiFetchError(
      `${apiUrl} answered siteinfo without a version or namespaces; check that it is a MediaWiki api.php URL`,
      false,
    );
  }
  // The version goes into messages, log lines and the cache file's name: a real one is "MediaWiki 1.43.3".
  if (generator.length > MAX_GENERATOR || /[\u0000-\u001f\u007f-\u009f]/.test(generator)) {
    throw new WikiFetchError(
      `${apiUrl} answered siteinfo with a version ("generator") of ${generator.length} characters${generator.length > MAX_GENERATOR ? '' : ' holding control characters'}, where MediaWiki says "MediaWiki 1.43.3"; check that it is a MediaWiki api.php URL`,
      false,
    );
  }
  return { siteinfo, generator };
}

/** `v[key]` when `v` is an object, else undefined: for reading answers of any shape. */
function field(v: unknown, key: string): unknown {
  return isObject(v) ? v[key] : undefined;
}

/** The objects of an array (anything else, or a non-array, gives none). */
function objectsOf(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter(isObject) : [];
}

function modulesOf(answer: unknown): Record<string, unknown>[] {
  return objectsOf(field(field(answer, 'paraminfo'), 'modules'));
}

/** Names of the query submodules that the `query` module's prop/list/meta parameters list. */
function submoduleNames(query: Record<string, unknown>): string[] {
  const names = new Set<string>();
  for (const p of objectsOf(query.parameters)) {
    if (p.name !== 'prop' && p.name !== 'list' && p.name !== 'meta') continue;
    // formatversion 1 lists them in `type` (array) and maps them to paths in `submodules`.
    if (isObject(p.submodules)) {
      for (const path of Object.values(p.submodules)) if (typeof path === 'string') names.add(path);
    } else if (Array.isArray(p.type)) {
      for (const n of p.type) if (typeof n === 'string') names.add(`query+${n}`);
    }
  }
  return [...names];
}

/** Paths of the top-level modules `main` lists in its `action` and `format` parameters. */
function topLevelNames(main: Record<string, unknown> | undefined): string[] {
  const names = new Set<string>();
  for (const p of objectsOf(main?.parameters)) {
    if (p.name !== 'action' && p.name !== 'format') continue;
    if (isObject(p.submodules)) {
      for (const path of Object.values(p.submodules)) if (typeof path === 'string') names.add(path);
    } else if (Array.isArray(p.type)) {
      for (const n of p.type) if (typeof n === 'string') names.add(n);
    }
  }
  return [...names];
}

/** paraminfo for main, every action and format, query and every query submodule; several answers when batching was needed. */
async function fetchParaminfo(apiUrl: string, opts: FetchOptions): Promise<unknown[]> {
  const first = await getJson(apiUrl, 'action=paraminfo&modules=main%7Cquery%7Cquery%2B*%7C*&helpformat=none&format=json', opts);
  const answers: unknown[] = [first];
  const mods = modulesOf(first);
  const query = mods.find((m) => m.path === 'query' || m.name === 'query');
  if (!query) {
    throw new WikiFetchError(`${apiUrl} answered paraminfo without the query module; check that it is a MediaWiki api.php URL`, false);
  }
  const have = new Set(mods.map((m) => m.path).filter((p) => typeof p === 'string'));
  const main = mods.find((m) => m.path === 'main' || m.name === 'main');
  const missing = [...topLevelNames(main), ...submoduleNames(query)].filter((path) => path !== 'query' && !have.has(path));
  const followUps = Math.ceil(missing.length / PARAMINFO_BATCH);
  const maxFollowUps = opts.maxFollowUps ?? DEFAULT_MAX_FOLLOW_UPS;
  if (followUps > maxFollowUps) {
    throw new WikiFetchError(
      `${apiUrl} lists ${missing.length} modules its first paraminfo answer does not describe; fetching them would take ${followUps} more requests, over the limit of ${maxFollowUps} (${maxFollowUps * PARAMINFO_BATCH} modules). This is not a wiki's usual answer; check the api.php URL, or ${opts.advice.raiseFollowUps} if this wiki really has that many modules`,
      false,
    );
  }
  for (let i = 0; i < missing.length; i += PARAMINFO_BATCH) {
    const batch = missing.slice(i, i + PARAMINFO_BATCH);
    const answer = await getJson(
      apiUrl,
      `action=paraminfo&modules=${encodeURIComponent(batch.join('|'))}&helpformat=none&format=json`,
      opts,
    );
    answers.push(answer);
  }
  return answers;
}

/** Everything the store needs from one wiki. */
export async function fetchLiveCatalogueData(
  apiUrl: string,
  opts: FetchOptions,
  known?: { siteinfo: unknown; generator: string },
): Promise<LiveCatalogueData> {
  opts = opts.spent ? opts : { ...opts, spent: { bytes: 0, parsed: 0, requests: 0 } };
  const site = known ?? (await fetchSiteinfo(apiUrl, opts));
  const paraminfo = await fetchParaminfo(apiUrl, opts);
  return { apiUrl, generator: site.generator, paraminfo, siteinfo: site.siteinfo, fetchedAt: new Date().toISOString() };
}
