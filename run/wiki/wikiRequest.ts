/**
 * Building a wiki run's request: the read-only check, the URL (with `format=json&formatversion=2`
 * added when absent) and a loggable form of it with secrets removed. VS Code-free.
 */
import { RunError } from '../runErrors';
import { isSensitiveParam, redactUrl } from '../redact';
import { phpParamName } from '../../common/phpParamName';
import type { RunnableQuery } from '../../common/protocol';

export type WikiParams = Array<[string, string]>;

/**
 * Actions that only read and that MediaWiki answers to a GET. Everything else (edit, delete, move,
 * upload, login, purge, …) is refused: those modules are `mustbeposted` and most take a token.
 * The client keeps this short documented allow-list (see docs/security.md) rather than trusting a
 * catalogue's flags.
 */
const READ_ONLY_ACTIONS: ReadonlySet<string> = new Set([
  'query',
  'paraminfo',
  'parse',
  'expandtemplates',
  'opensearch',
  'compare',
  'help',
  'feedrecentchanges',
  'feedcontributions',
  'feedwatchlist',
  'languagesearch',
  'sitematrix',
]);

/** Actions whose answer is an RSS/Atom feed (XML), not JSON: shown as XML. */
export const FEED_ACTIONS: ReadonlySet<string> = new Set(['feedrecentchanges', 'feedcontributions', 'feedwatchlist']);

/**
 * MediaWiki core's modules that must be POSTed (flag `mustbeposted`), and the token type those that
 * need a token take (the `tokentype` of their token parameter), as MediaWiki 1.45 describes them:
 * the reason given when a run is refused.
 */
const POST_ONLY_ACTIONS: Readonly<Record<string, string | null>> = {
  acquiretempusername: null,
  block: 'csrf',
  changeauthenticationdata: 'csrf',
  changecontentmodel: 'csrf',
  clearhasmsg: null,
  clientlogin: 'login',
  createaccount: 'createaccount',
  cspreport: null,
  delete: 'csrf',
  edit: 'csrf',
  emailuser: 'csrf',
  filerevert: 'csrf',
  imagerotate: 'csrf',
  import: 'csrf',
  linkaccount: 'csrf',
  login: null,
  logout: 'csrf',
  managetags: 'csrf',
  mergehistory: 'csrf',
  move: 'csrf',
  options: 'csrf',
  patrol: 'patrol',
  protect: 'csrf',
  purge: null,
  removeauthenticationdata: 'csrf',
  resetpassword: 'csrf',
  revisiondelete: 'csrf',
  rollback: 'rollback',
  setnotificationtimestamp: 'csrf',
  setpagelanguage: 'csrf',
  stashedit: 'csrf',
  tag: 'csrf',
  unblock: 'csrf',
  undelete: 'csrf',
  unlinkaccount: 'csrf',
  upload: 'csrf',
  userrights: 'userrights',
  validatepassword: null,
  watch: 'watch',
};

/** Parameters that carry a CSRF/login token or a password: a request with one is never sent. */
const WRITE_TOKEN_PARAMS =
  /^(token|lgtoken|lgpassword|password|csrftoken|logintoken|createtoken|watchtoken|rollbacktoken|patroltoken|userrightstoken)$/i;

/**
 * The parameters as the wiki will see them: names read as PHP fills `$_GET` (leading spaces dropped,
 * spaces and dots to `_`, `[` starting an array key, see common/phpParamName.ts); dropped pairs left out.
 */
function asPhpSees(params: WikiParams): Array<{ name: string; written: string; value: string; array: boolean }> {
  const out: Array<{ name: string; written: string; value: string; array: boolean }> = [];
  for (const [written, value] of params) {
    const php = phpParamName(written);
    if (!php.dropped) out.push({ name: php.name, written, value, array: php.array });
  }
  return out;
}

/**
 * Throws a `refused` RunError when the request could change the wiki or carries a token. Judged on
 * the names the wiki will see, so ` action=edit` (PHP drops the leading space) cannot slip through.
 */
export function checkReadOnly(params: WikiParams): void {
  const seen = asPhpSees(params);
  const arrayParam = seen.find((p) => p.array);
  if (arrayParam) {
    throw new RunError(
      'refused',
      `Not run: the parameter name "${arrayParam.written}" would reach the wiki as an array "${arrayParam.name}[…]" (PHP reads "[" in a name as an array key). Runs send only plain parameter names; write "${arrayParam.name}".`,
    );
  }
  let action = 'help'; // MediaWiki's default action is help
  for (const p of seen) if (p.name === 'action') action = p.value;
  if (!READ_ONLY_ACTIONS.has(action)) {
    const token = POST_ONLY_ACTIONS[action];
    const why =
      token === undefined
        ? 'is not a read-only action'
        : `changes the wiki: MediaWiki takes it only as a POST request${token ? ` with a "${token}" token` : ''}`;
    throw new RunError(
      'refused',
      `Not run: action=${action} ${why}. Runs only send read-only GET requests (${[...READ_ONLY_ACTIONS].join(', ')}); use the wiki itself for changes.`,
    );
  }
  const tokenParam = seen.find((p) => WRITE_TOKEN_PARAMS.test(p.name));
  if (tokenParam) {
    throw new RunError(
      'refused',
      `Not run: the query carries "${tokenParam.written}"${tokenParam.written !== tokenParam.name ? ` (the wiki reads it as "${tokenParam.name}")` : ''}, a token or password that only write actions take. Remove it; runs never send tokens.`,
    );
  }
  const renamed = seen.find((p) => p.name !== p.written && (p.name === 'action' || seen.some((q) => q !== p && q.name === p.name)));
  if (renamed) {
    throw new RunError(
      'refused',
      `Not run: the parameter "${renamed.written}" reaches the wiki as "${renamed.name}" (PHP drops leading spaces and turns spaces and dots into "_"), which overrides or hides another parameter. Write "${renamed.name}" once.`,
    );
  }
}

export function lastValue(params: WikiParams, name: string): string | undefined {
  for (let i = params.length - 1; i >= 0; i--) if (params[i][0] === name) return params[i][1];
  return undefined;
}

/** Collapses repeated parameters (last one wins, as PHP does) keeping first-seen order. */
function dedupeParams(params: WikiParams): WikiParams {
  const map = new Map<string, string>();
  for (const [k, v] of params) map.set(k, v);
  return [...map];
}

/**
 * The parameters actually sent: the query's own, plus `format=json&formatversion=2` when absent,
 * plus `errorformat=plaintext` when absent so that warnings and errors come with their codes and
 * modules (the API sandbox lets users pick it; the default "bc" format has no codes for warnings).
 */
export function withJsonFormat(params: WikiParams): WikiParams {
  const out = dedupeParams(params);
  const has = (n: string) => out.some(([k]) => k === n);
  if (!has('format')) out.push(['format', 'json']);
  if (!has('formatversion')) out.push(['formatversion', '2']);
  if (!has('errorformat')) out.push(['errorformat', 'plaintext']);
  return out;
}

/** Percent-encodes like MediaWiki's own links: `|` stays readable, spaces become `%20`. */
export function encodeParam(s: string): string {
  return encodeURIComponent(s).replace(/%7C/g, '|').replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2A/g, '*');
}

function toQueryString(params: WikiParams): string {
  return params.map(([k, v]) => `${encodeParam(k)}=${encodeParam(v)}`).join('&');
}

/** The request URL: the api.php endpoint (its own query string dropped) plus the params. */
export function buildWikiUrl(apiUrl: string, params: WikiParams): string {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new RunError(
      'badUrl',
      `"${redactUrl(apiUrl)}" is not a valid api.php URL. Set wikimapQuery.wiki.apiUrl to e.g. https://example.org/w/api.php.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RunError(
      'badUrl',
      `"${redactUrl(apiUrl)}" is not an http(s) URL. Set wikimapQuery.wiki.apiUrl to e.g. https://example.org/w/api.php.`,
    );
  }
  url.search = '';
  url.hash = '';
  return `${url.toString()}?${toQueryString(params)}`;
}

/** How long "Run Query…" waits for the language server to read the typed text. */
export const READ_QUERY_TIMEOUT_MS = 10_000;

/**
 * The request of a query typed into "Run Query…" (or composed by the builder), from what the
 * language server read in the text (`wikimapQuery/runnableQueries` with `text`: the server's parser
 * is the only one). Exactly one wiki query must be there.
 */
export function requestOfTypedQuery(queries: readonly RunnableQuery[]): { apiUrl?: string; params: WikiParams } {
  const wiki = queries.filter((q) => q.kind === 'wiki');
  if (wiki.length === 0) {
    throw new RunError(
      'badUrl',
      'No wiki query in the text. Type a full api.php URL, or a query like action=query&list=allpages&aplimit=10.',
    );
  }
  if (wiki.length > 1) {
    throw new RunError(
      'badUrl',
      `The text holds ${wiki.length} queries. Run one at a time, or put them in a .wikiquery file and run each from its Run lens.`,
    );
  }
  return { apiUrl: wiki[0].apiUrl || undefined, params: wiki[0].params ?? [] };
}

/** `work`, or a RunError once `ms` have passed without an answer (a stuck language server never holds a run). */
export function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunError('timeout', message)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** One line describing the query, for history and titles: `list=allpages&aplimit=5`. */
export function describeParams(params: WikiParams, maxLength = 80): string {
  const shown = params
    .filter(([k]) => k !== 'format' && k !== 'formatversion' && k !== 'errorformat' && !(k === 'action' && params.length > 1))
    .map(([k, v]) => `${k}=${isSensitiveParam(k) ? '***' : v}`)
    .join('&');
  const text = shown || 'action=help';
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
