// HTTP calls to a ContentDB server: build the authorize URL, exchange a code for a token, check a token with
// whoami, and revoke a token. No VS Code here; uses Node's built-in fetch/FormData.
// Spec: the ContentDB product spec (where the real server differs: docs/contentdb.md), section 4.
import { ContentDbError, serverText, SETTING_BASE_URL, SETTING_CLIENT_ID, SETTING_REDIRECT_URI, tokenEndpointError } from './errors';
import { errorMessage } from '../../../common/errorMessage';

export interface HttpOptions {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per-request timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** Aborts the request (e.g. the user cancelled the sign-in). */
  signal?: AbortSignal;
  /** Most bytes read of an answer (default MAX_ANSWER_BYTES, about 1 MB). */
  maxBytes?: number;
}

const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
/** Every ContentDB answer the extension reads is small JSON or a short page; past this it stops reading. */
export const MAX_ANSWER_BYTES = 1024 * 1024;
/** ContentDB's OAuth application form: `redirect_url = URLField(..., [InputRequired(), Length(5, 123)])`. */
const REDIRECT_URL_MIN = 5;
const REDIRECT_URL_MAX = 123;

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Checks the configured base URL and returns it normalised (no trailing slash, no query).
 * Only https:// is accepted, except plain http:// on a loopback address (a local test server): the client
 * secret and the token must never travel unencrypted over a network.
 */
export function checkBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ContentDbError(
      'invalidBaseUrl',
      `"${raw}" is not a valid URL. Set ${SETTING_BASE_URL} to the ContentDB address, e.g. https://content.luanti.org.`,
    );
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!secure) {
    throw new ContentDbError(
      'invalidBaseUrl',
      `Refusing to sign in to ${url.origin}: ContentDB must be reached over https:// (plain http:// is only allowed for 127.0.0.1 or localhost). Fix ${SETTING_BASE_URL}.`,
    );
  }
  if (url.username || url.password) {
    throw new ContentDbError('invalidBaseUrl', `${SETTING_BASE_URL} must not contain a user name or password. Remove them from the URL.`);
  }
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** The base URL as text, without trailing slash: "https://content.luanti.org" or "https://host/prefix". */
export function baseUrlText(base: URL): string {
  return base.origin + base.pathname.replace(/\/+$/, '');
}

/** `{base}/{path}` keeping any path prefix of the base. `path` always ends with "/" (the real server answers 308 otherwise). */
export function endpoint(base: URL, path: string): URL {
  return new URL(base.pathname.replace(/\/+$/, '') + path, base.origin);
}

export function buildAuthorizeUrl(base: URL, clientId: string, redirectUri: string, state: string): string {
  const url = endpoint(base, '/oauth/authorize/');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * One request; answers the parsed JSON object. Network failures, timeouts, redirects and non-JSON bodies
 * become ContentDbErrors. Redirects are never followed: a 307/308 would re-send the client secret to
 * wherever the Location points.
 */
async function requestJson(url: URL, init: RequestInit, http: HttpOptions): Promise<JsonAnswer> {
  const { status, text, contentType } = await requestText(url, init, http);
  const where = `${url.origin}${url.pathname}`;
  if (status >= 300 && status < 400) {
    throw new ContentDbError(
      'badResponse',
      `ContentDB redirected ${where} (HTTP ${status}) instead of answering. Check ${SETTING_BASE_URL}: it should be the server's address exactly, e.g. https://content.luanti.org.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ContentDbError(
      'badResponse',
      `ContentDB answered ${where} with HTTP ${status} and no JSON (${(contentType ?? 'no content type').split(';')[0]}). Check that ${SETTING_BASE_URL} points to a ContentDB server, or try again later.`,
    );
  }
  return { status, body: body as Record<string, unknown> };
}

interface TextAnswer {
  status: number;
  text: string;
  contentType: string | null;
  location: string | null;
}

/**
 * One request, bounded: its own timer (cleared in `finally`) aborts it, the body is read from the stream and
 * cancelled past MAX_ANSWER_BYTES, and redirects are never followed (a 307/308 would re-send the client
 * secret to wherever the Location points).
 */
async function requestText(url: URL, init: RequestInit, http: HttpOptions): Promise<TextAnswer> {
  const doFetch = http.fetch ?? fetch;
  const timeoutMs = http.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  const maxBytes = http.maxBytes ?? MAX_ANSWER_BYTES;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abort = () => controller.abort();
  http.signal?.addEventListener('abort', abort, { once: true });
  if (http.signal?.aborted) controller.abort();
  const where = `${url.origin}${url.pathname}`;
  try {
    const res = await doFetch(url, { ...init, redirect: 'manual', signal: controller.signal });
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw tooLarge(where, maxBytes);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge(where, maxBytes);
        }
        chunks.push(value);
      }
    }
    return {
      status: res.status,
      text: Buffer.concat(chunks).toString('utf8'),
      contentType: res.headers.get('content-type'),
      location: res.headers.get('location'),
    };
  } catch (e) {
    if (e instanceof ContentDbError) throw e;
    if (http.signal?.aborted) throw new ContentDbError('cancelled', 'Sign-in cancelled.');
    if (timedOut) {
      throw new ContentDbError(
        'network',
        `ContentDB did not answer ${where} within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}. Check your connection and ${SETTING_BASE_URL}, then try again.`,
      );
    }
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? errorMessage(e);
    throw new ContentDbError(
      'network',
      `Could not reach ContentDB at ${where} (${why}). Check your connection and ${SETTING_BASE_URL}, then try again.`,
    );
  } finally {
    clearTimeout(timer);
    http.signal?.removeEventListener('abort', abort);
  }
}

function tooLarge(where: string, maxBytes: number): ContentDbError {
  return new ContentDbError(
    'badResponse',
    `ContentDB's answer to ${where} is larger than ${Math.round(maxBytes / 1024)} KB, far more than any ContentDB answer, so it was not read. Check that ${SETTING_BASE_URL} points to a ContentDB server.`,
  );
}

/**
 * ContentDB's form for OAuth applications accepts redirect URLs of 5–123 characters, so a longer one can never
 * be registered and the authorize page would refuse it ("redirect_uri does not match client").
 */
export function checkRedirectUriLength(redirectUri: string): void {
  const n = redirectUri.trim().length;
  if (n >= REDIRECT_URL_MIN && n <= REDIRECT_URL_MAX) return;
  throw new ContentDbError(
    'invalidRedirectUri',
    `The redirect URL is ${n} characters long, but ContentDB accepts only ${REDIRECT_URL_MIN}–${REDIRECT_URL_MAX} characters for an OAuth application's redirect URL, so no application can be registered with it. ` +
      `Set ${SETTING_REDIRECT_URI} to a shorter one, e.g. http://127.0.0.1:47326/callback, and register that on ContentDB.`,
  );
}

/**
 * Before the browser opens: does ContentDB have an authorize page for this client? The page needs a signed-in
 * browser, so anonymously ContentDB answers it with a redirect to its login page whatever the client; but an
 * answer of 404 (a server that shows the page without login, or a wrong base path) means there is no such
 * application for you. ContentDB answers 404 for an unknown client id and for an application that is not
 * approved yet (created by a user below Editor rank) to everyone but its owner.
 */
export async function checkAuthorizePage(base: URL, clientId: string, redirectUri: string, http: HttpOptions = {}): Promise<void> {
  const url = new URL(buildAuthorizeUrl(base, clientId, redirectUri, 'check'));
  const { status, text } = await requestText(url, { method: 'GET', headers: { accept: 'text/html' } }, http);
  if (status === 404) throw clientNotFound(base, clientId);
  if (status === 400 && text.includes('redirect_uri does not match client')) {
    throw new ContentDbError(
      'invalidRedirectUri',
      `ContentDB says "redirect_uri does not match client": the application ${clientId} is registered with another redirect URL. Set ${SETTING_REDIRECT_URI} to exactly the URL registered on ContentDB (Settings > OAuth2 Applications), or edit the application.`,
    );
  }
}

function clientNotFound(base: URL, clientId: string): ContentDbError {
  return new ContentDbError(
    'clientNotFound',
    `ContentDB at ${baseUrlText(base)} has no OAuth application with client id ${clientId} that you can use (its authorize page answers 404 Page not found). ` +
      `Check ${SETTING_CLIENT_ID} and ${SETTING_BASE_URL}. If both are right, the application is not approved yet: applications created by users below Editor rank work only for their owner until an editor approves them.`,
  );
}

/**
 * Before the browser opens: are the client id and secret right? The token endpoint answers a made-up code with
 * "Incorrect code…" when they are, and "client_id and/or client_secret is incorrect" when they are not; nothing
 * is created or changed on the server.
 */
export async function checkClientCredentials(base: URL, clientId: string, clientSecret: string, http: HttpOptions = {}): Promise<void> {
  const form = new FormData();
  form.append('client_id', clientId);
  form.append('client_secret', clientSecret);
  form.append('code', `check-${Math.random().toString(36).slice(2)}`);
  const { status, body } = await requestJson(
    endpoint(base, '/oauth/token/'),
    { method: 'POST', body: form, headers: { accept: 'application/json' } },
    http,
  );
  const error = typeof body.error === 'string' ? body.error : undefined;
  if (error === undefined || error === 'Incorrect code. It may have already been redeemed') return;
  if (error === 'client_id and/or client_secret is incorrect') {
    throw new ContentDbError(
      'badClientCredentials',
      `ContentDB does not know the client id ${clientId} with this client secret ("${error}"), so the browser was not opened. Check ${SETTING_CLIENT_ID} (ContentDB: Settings > OAuth2 Applications), then sign in again and re-enter the client secret (the stored one has been forgotten).`,
      true,
    );
  }
  throw tokenEndpointError(error, status);
}

export interface CodeExchange {
  clientId: string;
  clientSecret: string;
  code: string;
}

/** The longest access token kept (ContentDB's are 32 characters). */
const MAX_TOKEN_CHARS = 2048;
/** A token as a bearer header carries it: visible ASCII, no spaces (RFC 6750's b64token is narrower still). */
const TOKEN_SHAPE = new RegExp(`^[\\x21-\\x7e]{1,${MAX_TOKEN_CHARS}}$`);
/** The longest user name taken from whoami (ContentDB's are short names; a message shows at most 200 characters anyway). */
const MAX_USERNAME_CHARS = 100;

/** POST /oauth/token/ as multipart form data; answers the access token. */
export async function exchangeCode(base: URL, req: CodeExchange, http: HttpOptions = {}): Promise<string> {
  const form = new FormData();
  // ContentDB reads grant_type from the query string only (request.args, default authorization_code) and
  // ignores the form field; the spec names it as a form field. Both are sent, with the same value.
  form.append('grant_type', 'authorization_code');
  form.append('client_id', req.clientId);
  form.append('client_secret', req.clientSecret);
  form.append('code', req.code);
  const tokenUrl = endpoint(base, '/oauth/token/');
  tokenUrl.searchParams.set('grant_type', 'authorization_code');
  const { status, body } = await requestJson(tokenUrl, { method: 'POST', body: form, headers: { accept: 'application/json' } }, http);
  if (body.success === true && typeof body.access_token === 'string' && body.access_token !== '') {
    if (body.token_type !== undefined && String(body.token_type).toLowerCase() !== 'bearer') {
      throw new ContentDbError(
        'badResponse',
        `ContentDB issued a token of type "${serverText(String(body.token_type))}", not Bearer. Check ${SETTING_BASE_URL}.`,
      );
    }
    if (!TOKEN_SHAPE.test(body.access_token)) {
      throw new ContentDbError(
        'badResponse',
        `ContentDB issued a token of ${body.access_token.length} characters that cannot be sent in an Authorization header (a token is up to ${MAX_TOKEN_CHARS} visible ASCII characters). Check ${SETTING_BASE_URL}.`,
      );
    }
    return body.access_token;
  }
  if (typeof body.error === 'string') throw tokenEndpointError(body.error, status);
  throw new ContentDbError(
    'badResponse',
    `ContentDB answered the token request with HTTP ${status} but neither a token nor an error. Check ${SETTING_BASE_URL}.`,
  );
}

export interface WhoAmI {
  isAuthenticated: boolean;
  username: string | undefined;
}

/** GET /api/whoami/ with the bearer token. */
export async function whoami(base: URL, accessToken: string, http: HttpOptions = {}): Promise<WhoAmI> {
  const { status, body } = await requestJson(
    endpoint(base, '/api/whoami/'),
    { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    http,
  );
  if (status === 200 && typeof body.is_authenticated === 'boolean') {
    const username = typeof body.username === 'string' ? body.username : undefined;
    if (username !== undefined && (username.length > MAX_USERNAME_CHARS || /[\u0000-\u001f\u007f-\u009f]/.test(username))) {
      throw new ContentDbError(
        'badResponse',
        `ContentDB answered whoami with a user name of ${username.length} characters${username.length > MAX_USERNAME_CHARS ? '' : ' with control characters'}, which no ContentDB account has. Check ${SETTING_BASE_URL}.`,
      );
    }
    return { isAuthenticated: body.is_authenticated, username };
  }
  const err = typeof body.error === 'string' ? serverText(body.error) : `HTTP ${status}`;
  if (status === 403 || status === 400 || status === 401) {
    // 403 "Unknown API token": revoked, or replaced because the user signed in again elsewhere with this client.
    throw new ContentDbError(
      'tokenRejected',
      `ContentDB does not accept the stored token ("${err}"): it was revoked or replaced by a newer sign-in. Sign in again.`,
    );
  }
  throw new ContentDbError('badResponse', `ContentDB answered whoami with "${err}". Try again later, or check ${SETTING_BASE_URL}.`);
}

/**
 * DELETE /api/delete-token/: revokes the token on the server. The spec leaves revocation "not shown"; the real
 * ContentDB has this endpoint (app/blueprints/api/endpoints.py), so sign-out uses it.
 * Answers false when the server no longer knew the token.
 */
export async function revokeToken(base: URL, accessToken: string, http: HttpOptions = {}): Promise<boolean> {
  const { status, body } = await requestJson(
    endpoint(base, '/api/delete-token/'),
    { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    http,
  );
  if (body.success === true) return true;
  if (status === 403 || status === 404) return false;
  const err = typeof body.error === 'string' ? serverText(body.error) : `HTTP ${status}`;
  throw new ContentDbError('badResponse', `ContentDB did not revoke the token ("${err}").`);
}
