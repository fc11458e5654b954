// HTTP calls to a ContentDB server: build the authorize URL, exchange a code for a token, check a token with
// whoami, and revoke a token. No VS Code here; uses Node's built-in fetch/FormData.
// Spec: ../shared/spec/contentdb-oauth.md section 4.
import { ContentDbError, SETTING_BASE_URL, tokenEndpointError } from './errors';

export interface HttpOptions {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per-request timeout in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** Aborts the request (e.g. the user cancelled the sign-in). */
  signal?: AbortSignal;
}

export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;

export function isLoopbackHost(hostname: string): boolean {
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
    throw new ContentDbError('invalidBaseUrl', `"${raw}" is not a valid URL. Set ${SETTING_BASE_URL} to the ContentDB address, e.g. https://content.luanti.org.`);
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
  const doFetch = http.fetch ?? fetch;
  const timeoutMs = http.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  // One signal for "cancelled or timed out" (AbortSignal.any needs Node 20.3; VS Code 1.85 runs Node 18).
  const controller = new AbortController();
  const timeout = AbortSignal.timeout(timeoutMs);
  const abort = () => controller.abort();
  timeout.addEventListener('abort', abort, { once: true });
  http.signal?.addEventListener('abort', abort, { once: true });
  if (http.signal?.aborted) controller.abort();
  const signal = controller.signal;
  const where = `${url.origin}${url.pathname}`;
  let res: Response;
  let text: string;
  try {
    res = await doFetch(url, { ...init, redirect: 'manual', signal });
    text = await res.text();
  } catch (e) {
    if (http.signal?.aborted) throw new ContentDbError('cancelled', 'Sign-in cancelled.');
    if (timeout.aborted) {
      throw new ContentDbError('network', `ContentDB did not answer ${where} within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}. Check your connection and ${SETTING_BASE_URL}, then try again.`);
    }
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
    throw new ContentDbError('network', `Could not reach ContentDB at ${where} (${why}). Check your connection and ${SETTING_BASE_URL}, then try again.`);
  } finally {
    timeout.removeEventListener('abort', abort);
    http.signal?.removeEventListener('abort', abort);
  }
  if (res.status >= 300 && res.status < 400) {
    throw new ContentDbError(
      'badResponse',
      `ContentDB redirected ${where} (HTTP ${res.status}) instead of answering. Check ${SETTING_BASE_URL}: it should be the server's address exactly, e.g. https://content.luanti.org.`,
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
      `ContentDB answered ${where} with HTTP ${res.status} and no JSON (${(res.headers.get('content-type') ?? 'no content type').split(';')[0]}). Check that ${SETTING_BASE_URL} points to a ContentDB server, or try again later.`,
    );
  }
  return { status: res.status, body: body as Record<string, unknown> };
}

export interface CodeExchange {
  clientId: string;
  clientSecret: string;
  code: string;
}

/** POST /oauth/token/ as multipart form data; answers the access token. */
export async function exchangeCode(base: URL, req: CodeExchange, http: HttpOptions = {}): Promise<string> {
  const form = new FormData();
  form.append('grant_type', 'authorization_code');
  form.append('client_id', req.clientId);
  form.append('client_secret', req.clientSecret);
  form.append('code', req.code);
  const { status, body } = await requestJson(endpoint(base, '/oauth/token/'), { method: 'POST', body: form, headers: { accept: 'application/json' } }, http);
  if (body.success === true && typeof body.access_token === 'string' && body.access_token !== '') {
    if (body.token_type !== undefined && String(body.token_type).toLowerCase() !== 'bearer') {
      throw new ContentDbError('badResponse', `ContentDB issued a token of type "${String(body.token_type)}", not Bearer. Check ${SETTING_BASE_URL}.`);
    }
    return body.access_token;
  }
  if (typeof body.error === 'string') throw tokenEndpointError(body.error, status);
  throw new ContentDbError('badResponse', `ContentDB answered the token request with HTTP ${status} but neither a token nor an error. Check ${SETTING_BASE_URL}.`);
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
    return { isAuthenticated: body.is_authenticated, username: typeof body.username === 'string' ? body.username : undefined };
  }
  const err = typeof body.error === 'string' ? body.error : `HTTP ${status}`;
  if (status === 403 || status === 400 || status === 401) {
    // 403 "Unknown API token": revoked, or replaced because the user signed in again elsewhere with this client.
    throw new ContentDbError('tokenRejected', `ContentDB does not accept the stored token ("${err}"): it was revoked or replaced by a newer sign-in. Sign in again.`);
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
  const err = typeof body.error === 'string' ? body.error : `HTTP ${status}`;
  throw new ContentDbError('badResponse', `ContentDB did not revoke the token ("${err}").`);
}
