/**
 * Read-only sign-in to one private wiki, as a transport that signs that wiki's requests and no
 * other's:
 *   - a bot password (Special:BotPasswords, user name `User@app`): a login token from
 *     `action=query&meta=tokens&type=login`, then `action=login` POSTed with it; the session cookies
 *     MediaWiki sets are sent back to that wiki only;
 *   - an OAuth 2 owner-only access token (the OAuth extension): `Authorization: Bearer TOKEN`.
 * "That wiki" is the api.php URL signed in to: same scheme, host, port and path. Any other request
 * (another host, another path of the same host) goes out as it came, without the secret. The secret
 * is never put in a URL, a message or a log line, and the signed-in wiki's answers have any echo of it
 * hidden before anything reads them.
 */
import { isObject } from '../../common/isObject';
import { httpRequest } from '../httpClient';
import { serverText } from '../redact';
import { RunError } from '../runErrors';
import { TransportError, type BoundedResponse, type HttpTransport, type TransportRequest } from '../transport';
import { wikiKey, type WikiSecret } from './wikiSecrets';

export {
  READ_DENIED_HELP,
  READ_DENIED_HELP_BROWSER,
  READ_DENIED_HELP_EDITOR,
  READ_DENIED_HELP_OTHER_EDITORS,
  signedInBy,
  wikiKey,
  type WikiSecret,
} from './wikiSecrets';

export interface WikiSignIn {
  /** The api.php URL the secret belongs to. */
  apiUrl: string;
  secret: WikiSecret;
  userAgent?: string;
  /** Time limit of each login request (default 30 s). */
  timeoutMs?: number;
}

/** Login answers are small; more is not a login answer. */
const LOGIN_MAX_BYTES = 256 * 1024;

/** `name=value` of each Set-Cookie header (attributes dropped: these cookies go back to this wiki only). */
function keepCookies(jar: Map<string, string>, res: BoundedResponse | { headers: BoundedResponse['headers'] }): void {
  const raw = res.headers['set-cookie'];
  for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const pair = line.split(';')[0];
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function jsonOf(body: string, host: string): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(body);
    if (isObject(json)) return json;
  } catch {
    // said below
  }
  throw new RunError('notJson', `${host} did not answer the login with JSON; check that the URL is the wiki's api.php.`);
}

/** One request of the login, its answer past the login cap said as what it is (not a query's answer to cut down). */
async function loginRequest(host: string, opts: Parameters<typeof httpRequest>[0]): ReturnType<typeof httpRequest> {
  try {
    return await httpRequest(opts);
  } catch (e) {
    if (!(e instanceof RunError) || e.kind !== 'tooLarge') throw e;
    throw new RunError(
      'tooLarge',
      `The login answer of ${host} is larger than ${LOGIN_MAX_BYTES / 1024} KB (a login answer is a few hundred bytes); check that the URL is the wiki's api.php.`,
    );
  }
}

/** Logs in with a bot password; resolves with the session cookies. */
async function botPasswordLogin(
  inner: HttpTransport,
  signIn: WikiSignIn & { secret: { kind: 'botPassword' } },
  req: TransportRequest,
): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const host = new URL(signIn.apiUrl).host;
  const base = {
    transport: inner,
    addressPolicy: req.addressPolicy,
    timeoutMs: signIn.timeoutMs ?? 30000,
    maxBytes: LOGIN_MAX_BYTES,
    signal: req.signal,
  };
  const ua: Record<string, string> = signIn.userAgent ? { 'User-Agent': signIn.userAgent } : {};
  const tokenRes = await loginRequest(host, {
    ...base,
    url: `${signIn.apiUrl}?action=query&meta=tokens&type=login&format=json&formatversion=2`,
    method: 'GET',
    headers: ua,
  });
  keepCookies(jar, tokenRes);
  const token = (jsonOf(tokenRes.body, host).query as { tokens?: { logintoken?: unknown } } | undefined)?.tokens?.logintoken;
  if (typeof token !== 'string') throw new RunError('http', `${host} gave no login token; check that the URL is the wiki's api.php.`);
  const form = new URLSearchParams({
    action: 'login',
    lgname: signIn.secret.username,
    lgpassword: signIn.secret.password,
    lgtoken: token,
    format: 'json',
    formatversion: '2',
  });
  const loginRes = await loginRequest(host, {
    ...base,
    url: signIn.apiUrl,
    method: 'POST',
    headers: { ...ua, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar) },
    body: form.toString(),
  });
  keepCookies(jar, loginRes);
  const login = jsonOf(loginRes.body, host).login as { result?: unknown; reason?: unknown } | undefined;
  if (login?.result !== 'Success') {
    // The wiki's own words, bounded: a hostile one could send megabytes or a `[label](command:…)` link.
    const reason = serverText(
      typeof login?.reason === 'string' ? login.reason : isObject(login?.reason) ? JSON.stringify(login.reason) : '',
    );
    const result = serverText(typeof login?.result === 'string' ? login.result : (JSON.stringify(login?.result) ?? 'no result'));
    throw new RunError(
      'refused',
      `Signing in to ${host} as ${signIn.secret.username} failed (${result}${reason ? `: ${reason}` : ''}). Check the bot password (Special:BotPasswords; the user name is User@BotName).`,
    );
  }
  return jar;
}

/** A secret shorter than this is not looked for in answers: it would match ordinary text (MediaWiki's bot passwords are 32 characters, OAuth 2 tokens hundreds). */
const MIN_ECHOED_SECRET = 8;
/** What an echoed secret becomes. */
const HIDDEN = '***';

/** The forms in which a wiki could send `secret` back: as sent, and percent-encoded. */
function echoForms(secret: WikiSecret): string[] {
  const raw = secret.kind === 'oauth2' ? secret.accessToken : secret.password;
  if (raw.length < MIN_ECHOED_SECRET) return [];
  const encoded = encodeURIComponent(raw);
  return encoded === raw ? [raw] : [raw, encoded];
}

function hidden(text: string, forms: string[]): string {
  let out = text;
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(HIDDEN);
  return out;
}

/**
 * `inner`, with each answer's echo of the secret (in its status text, a header, its body) replaced by `***`:
 * a wiki that sends the token or password back (in an error's info, a redirect's address, the account's
 * name, a help URL) cannot get it into a message, a log line, a hover or a cache file. The body is searched
 * once per form (a linear scan; nothing is copied when the secret is not in it).
 */
function echoHidingTransport(inner: HttpTransport, secret: WikiSecret): HttpTransport {
  const forms = echoForms(secret);
  if (forms.length === 0) return inner;
  return {
    async request(req: TransportRequest): Promise<BoundedResponse> {
      const res = await inner.request(req);
      const headers: BoundedResponse['headers'] = {};
      for (const [name, value] of Object.entries(res.headers)) {
        headers[name] = Array.isArray(value) ? value.map((v) => hidden(v, forms)) : value === undefined ? value : hidden(value, forms);
      }
      return { ...res, statusText: hidden(res.statusText, forms), headers, body: hidden(res.body, forms) };
    },
  };
}

/** `origin=*` as a query parameter: a browser page's anonymous cross-origin read (run/wiki/wikiRun.ts adds it). */
const ANONYMOUS_CORS = /(^|&)origin=(?:\*|%2A)(?=&|$)/i;
/** `crossorigin=1`: asked already by a run that knew it goes signed from a browser page. */
const SIGNED_CORS = /(^|&)crossorigin=1(?=&|$)/;

/** Said when a browser could not read a signed request's answer (MediaWiki sent it without CORS headers). */
const SIGNED_CORS_HINT =
  'signed in with an OAuth 2 token, a browser reads the answer only from MediaWiki 1.44 or later with the OAuth extension (crossorigin=1); a token the wiki does not take (mistyped, expired, revoked, for another wiki) is refused without CORS headers too. Check the token, run "Wiki Query: Sign in to Wiki…" again or sign out, or use the desktop editor';

/**
 * A request signed with an OAuth 2 token (`Authorization: Bearer`). From a browser page (`origin=*` in
 * the query) the request asks for MediaWiki's authenticated cross-origin read instead, `crossorigin=1`
 * (MediaWiki 1.44+; ApiMain refuses `origin` and `crossorigin` together, and answers `crossorigin`
 * only where the session provider is safe against CSRF, as the OAuth extension's is); an answer the
 * browser cannot read is then explained with what a signed request needs.
 */
async function bearerRequest(inner: HttpTransport, req: TransportRequest, accessToken: string): Promise<BoundedResponse> {
  const headers = { ...req.headers, Authorization: `Bearer ${accessToken}` };
  const query = req.url.search.slice(1);
  const asked = SIGNED_CORS.test(query);
  if (!asked && !ANONYMOUS_CORS.test(query)) return inner.request({ ...req, headers });
  const url = new URL(req.url.toString());
  if (!asked) url.search = query.replace(ANONYMOUS_CORS, '$1crossorigin=1');
  try {
    return await inner.request({ ...req, url, headers });
  } catch (err) {
    if (err instanceof TransportError && err.kind === 'network') {
      throw new TransportError('network', `${err.message}; ${SIGNED_CORS_HINT}`, err.code, err.status);
    }
    throw err;
  }
}

/**
 * The transport `inner` with the requests to the signed-in wiki signed. A bot password logs in once,
 * at the first request to the wiki; a failed login is tried again at the next request.
 */
export function signedInTransport(inner: HttpTransport, signIn: WikiSignIn): HttpTransport {
  const wiki = wikiKey(signIn.apiUrl);
  let session: Promise<Map<string, string>> | undefined;
  const secret = signIn.secret;
  // The signed-in wiki's answers (the login's too) never carry the secret further.
  const hiding = echoHidingTransport(inner, secret);
  return {
    async request(req: TransportRequest): Promise<BoundedResponse> {
      if (wikiKey(req.url) !== wiki) return inner.request(req);
      if (secret.kind === 'oauth2') return bearerRequest(hiding, req, secret.accessToken);
      session ??= botPasswordLogin(hiding, { ...signIn, secret }, req);
      let jar: Map<string, string>;
      try {
        jar = await session;
      } catch (err) {
        session = undefined;
        throw err;
      }
      const res = await hiding.request({ ...req, headers: { ...req.headers, Cookie: cookieHeader(jar) } });
      keepCookies(jar, res);
      return res;
    },
  };
}

/** A secret, as compared to tell whether it changed (never shown). */
function sameSecret(a: WikiSecret, b: WikiSecret): boolean {
  if (a.kind === 'oauth2') return b.kind === 'oauth2' && a.accessToken === b.accessToken;
  return b.kind === 'botPassword' && a.username === b.username && a.password === b.password;
}

/**
 * A transport that signs each wiki's requests with that wiki's own secret, asked of `secretFor` (the
 * editor's SecretStorage through the language client) at each request: signing in or out takes effect
 * at the next request. `secretFor` gets the wiki of the request (origin and path, no query) and answers
 * the secret stored for exactly that wiki, or undefined: the request then goes out as it came. A bot
 * password's session is kept per wiki while its secret stays the same.
 */
export function perWikiSignInTransport(
  inner: HttpTransport,
  secretFor: (apiUrl: string) => Promise<WikiSecret | undefined>,
  userAgent?: string,
): HttpTransport {
  const sessions = new Map<string, { secret: WikiSecret; transport: HttpTransport }>();
  return {
    async request(req: TransportRequest): Promise<BoundedResponse> {
      const apiUrl = wikiKey(req.url);
      const secret = await secretFor(apiUrl).catch(() => undefined);
      if (!secret) {
        sessions.delete(apiUrl);
        return inner.request(req);
      }
      let session = sessions.get(apiUrl);
      if (!session || !sameSecret(session.secret, secret)) {
        session = { secret, transport: signedInTransport(inner, { apiUrl, secret, userAgent }) };
        sessions.set(apiUrl, session);
      }
      return session.transport.request(req);
    },
  };
}
