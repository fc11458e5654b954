// A fake private MediaWiki with the OAuth extension, for the OAuth 2 owner-only token (no real server
// with that extension can run in the test suites). It follows what MediaWiki and the extension do:
//   - anonymous reading off ($wgGroupPermissions['*']['read'] = false): ApiMain answers a read module
//     without a session with the error `readapidenied`, "You need read permission to use this module.";
//   - the extension's session provider (OAuth extension, src/SessionProvider.php with its OAuth 2
//     resource server) reads `Authorization: Bearer TOKEN` on API requests. A token it does not
//     know fails `verifyOAuth2Request` with the message `mwoauth-oauth2-invalid-access-token`
//     ("Invalid access token"), which `provideSessionInfo` wraps as
//     makeException('mwoauth-invalid-authorization', that text), thrown from the ApiBeforeMain hook:
//     the API answers the code `mwoauth-invalid-authorization` with the extension's en.json text
//     "The authorization headers in your request are not valid: $1", so "…: Invalid access token".
//     Checked against the extension's source (SessionProvider.php, i18n/en.json). A valid token
//     reads as its owner. Errors come with HTTP 200 and
//     MediaWiki-API-Error, in the errorformat the request asks for (`errors` list) or the legacy one;
//   - cross-origin reads from a browser page as ApiMain::handleCORS of MediaWiki 1.44+ answers them
//     (`handleCors` below): `origin=*` anonymous, `crossorigin=1` with the OAuth session (whose
//     provider is safe against CSRF: SessionProvider::safeAgainstCsrf), its preflight, and its refusals.
//     The invalid-token error is sent before handleCORS runs, so it carries no CORS header.
// The answers it reads with are a real wiki's: a snapshot written by `wikimap-query catalogue save`
// (siteinfo; paraminfo of the modules asked for, the wildcard forms answered with every module).
import * as http from 'node:http';
import * as fs from 'node:fs';
import { listenLoopback } from '../support/loopbackServer';

export interface FakeOAuthWiki {
  apiUrl: string;
  /** Every request's method, Authorization, Cookie and Origin headers and query, in order. */
  seen: Array<{ method: string; authorization?: string; cookie?: string; query: string; origin?: string }>;
  stop(): Promise<void>;
}

function apiError(params: URLSearchParams, code: string, text: string): unknown {
  if (params.get('errorformat') && params.get('errorformat') !== 'bc') return { errors: [{ code, text, module: 'main' }] };
  return { error: { code, info: text } };
}

/** The account the valid token reads as (meta=userinfo&uiprop=rights): a wiki's owner without the bot right, with the watchlist right every registered user has. */
export const FAKE_ACCOUNT = { id: 2, name: 'Wiki owner', rights: ['read', 'edit', 'writeapi', 'apihighlimits', 'viewmywatchlist'] };

function answerFrom(
  snapshot: { siteinfo: unknown; paraminfo: Array<{ paraminfo: { modules: Array<{ path: string }> } }> },
  params: URLSearchParams,
  signedIn: boolean,
) {
  if (params.get('action') === 'paraminfo') {
    const all = snapshot.paraminfo.flatMap((a) => a.paraminfo.modules);
    const asked = (params.get('modules') ?? '').split('|');
    const wildcard = asked.some((m) => m.includes('*'));
    return { paraminfo: { helpformat: 'none', modules: wildcard ? all : all.filter((m) => asked.includes(m.path)) } };
  }
  if (params.get('meta') === 'siteinfo') return snapshot.siteinfo;
  if (params.get('meta') === 'userinfo') {
    const rights = params.get('uiprop')?.split('|').includes('rights');
    const who = signedIn ? FAKE_ACCOUNT : { id: 0, name: '127.0.0.1', anon: true, rights: ['read'] };
    return { batchcomplete: true, query: { userinfo: rights ? who : { ...who, rights: undefined } } };
  }
  return { batchcomplete: true, query: { allpages: [{ pageid: 1, ns: 0, title: 'Main Page' }] } };
}

/** MediaWiki's default $wgAllowedCorsHeaders (MainConfigSchema), lower-cased: what a preflight may ask to send. */
const ALLOWED_CORS_HEADERS = new Set(
  [
    'Accept',
    'Accept-Language',
    'Content-Language',
    'Content-Type',
    'Accept-Encoding',
    'DNT',
    'Origin',
    'User-Agent',
    'Api-User-Agent',
    'Access-Control-Max-Age',
    'Authorization',
  ].map((h) => h.toLowerCase()),
);

/** A refusal of ApiMain::handleCORS: HTTP 403, a line of text, and no CORS header (the browser cannot read it). */
function corsRefusal(res: http.ServerResponse, text: string): false {
  res.statusCode = 403;
  res.setHeader('Cache-control', 'no-cache');
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  res.end(`${text}\n`);
  return false;
}

/**
 * ApiMain::handleCORS of MediaWiki 1.44+ (read in 1.45's source, answers compared with a real 1.45):
 * nothing without `origin`/`crossorigin`; both together are refused; `crossorigin` without a session
 * provider safe against CSRF (no OAuth header: the cookie session) is refused unless it is the preflight;
 * `origin=*` and `crossorigin` are answered `Access-Control-Allow-Origin: *` without credentials, the
 * preflight with the requested headers when every one is in $wgAllowedCorsHeaders; any other `origin`
 * must equal the Origin header and be listed in $wgCrossSiteAJAXdomains (empty here). False: answered.
 */
function handleCors(req: http.IncomingMessage, res: http.ServerResponse, params: URLSearchParams, oauthSession: boolean): boolean {
  const origin = params.get('origin');
  const crossOrigin = crossOriginAsked(params);
  if (origin === null && !crossOrigin) return true;
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (origin !== null && crossOrigin) return corsRefusal(res, "'origin' and 'crossorigin' parameters cannot be used together");
  if (crossOrigin && !oauthSession && !preflight) return corsRefusal(res, "'crossorigin' cannot be used with cookie-based sessions");
  if (origin !== '*' && !crossOrigin) {
    const origins = String(req.headers.origin ?? '')
      .trim()
      .split(/\s+/);
    if (!origins.includes(origin ?? '')) return corsRefusal(res, "'origin' parameter does not match Origin header");
    res.setHeader('MediaWiki-CORS-Rejection', 'Origin mismatch');
    res.setHeader('Vary', 'Origin');
    return true;
  }
  if (preflight) {
    const requested = req.headers['access-control-request-headers'];
    if (requested !== undefined && requested.trim() !== '') {
      const unknown = requested.split(',').some((h) => !ALLOWED_CORS_HEADERS.has(h.trim().toLowerCase()));
      if (unknown) {
        res.setHeader('MediaWiki-CORS-Rejection', 'Unsupported header requested in preflight');
        return true;
      }
      res.setHeader('Access-Control-Allow-Headers', requested);
    }
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, HEAD');
  }
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Credentials', 'false');
  if (!preflight)
    res.setHeader('Access-Control-Expose-Headers', 'MediaWiki-API-Error, Retry-After, X-Database-Lag, MediaWiki-Login-Suppressed');
  return true;
}

/**
 * ApiMain::lacksSameOriginSecurity: JSONP, `origin=*` and `Treat-as-Untrusted` lack it (the user's
 * credentials are stripped: anonymous), and so does `crossorigin` with a session provider not safe against
 * CSRF (the cookie session); the OAuth extension's session (an Authorization header) is safe.
 */
function lacksSameOriginSecurity(req: http.IncomingMessage, params: URLSearchParams, oauthSession: boolean): boolean {
  if (params.has('callback') || params.get('origin') === '*' || req.headers['treat-as-untrusted'] !== undefined) return true;
  return crossOriginAsked(params) && !oauthSession;
}

/** `crossorigin` as ApiMain reads a boolean parameter: given at all (the value is not read). */
function crossOriginAsked(params: URLSearchParams): boolean {
  return params.has('crossorigin');
}

/** An API error answer (HTTP 200, MediaWiki-API-Error), in the errorformat asked for. */
function sendApiError(res: http.ServerResponse, params: URLSearchParams, code: string, text: string): void {
  res.setHeader('MediaWiki-API-Error', code);
  res.end(JSON.stringify(apiError(params, code, text)));
}

/**
 * Starts the fake on 127.0.0.1 (free port), reading with `snapshotFile`; `validToken` is the owner-only token it accepts.
 * `anonymousRead`: a public wiki (MediaWiki's default $wgGroupPermissions['*']['read'] = true), read without a token too.
 */
export async function startFakeOAuthWiki(
  snapshotFile: string,
  validToken: string,
  options: { anonymousRead?: boolean } = {},
): Promise<FakeOAuthWiki> {
  const snapshot = JSON.parse(fs.readFileSync(snapshotFile, 'utf8'));
  const seen: FakeOAuthWiki['seen'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = url.searchParams;
    const auth = req.headers.authorization;
    seen.push({
      method: req.method ?? 'GET',
      authorization: auth,
      cookie: req.headers.cookie,
      query: url.search,
      origin: req.headers.origin,
    });
    if (url.pathname !== '/api.php') {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ error: 'not found' }));
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    // ApiMain's constructor: where the same-origin policy does not hold, the user's credentials are stripped.
    const lacks = lacksSameOriginSecurity(req, params, auth !== undefined);
    if (lacks) res.setHeader('MediaWiki-Login-Suppressed', 'true');
    const signedIn = auth !== undefined && !lacks;
    // A token the extension does not know: its exception is thrown from the ApiBeforeMain hook, before
    // ApiMain::execute and so before handleCORS: the error answer has no CORS header.
    if (auth !== undefined && auth !== `Bearer ${validToken}`) {
      sendApiError(
        res,
        params,
        'mwoauth-invalid-authorization',
        'The authorization headers in your request are not valid: Invalid access token',
      );
      return;
    }
    if (!handleCors(req, res, params, auth !== undefined)) return;
    // The preflight ends after handleCORS (ApiMain::executeActionWithErrorHandling).
    if (req.method === 'OPTIONS') {
      res.setHeader('Content-Type', 'text/html; charset=UTF-8');
      res.end();
      return;
    }
    if (!signedIn && !options.anonymousRead) sendApiError(res, params, 'readapidenied', 'You need read permission to use this module.');
    else res.end(JSON.stringify(answerFrom(snapshot, params, signedIn)));
  });
  const { origin, close } = await listenLoopback(server);
  return { apiUrl: `${origin}/api.php`, seen, stop: close };
}
