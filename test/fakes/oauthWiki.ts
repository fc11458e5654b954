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
//     MediaWiki-API-Error, in the errorformat the request asks for (`errors` list) or the legacy one.
// The answers it reads with are a real wiki's: a snapshot written by `wikimap-query catalogue save`
// (siteinfo; paraminfo of the modules asked for, the wildcard forms answered with every module).
import * as http from 'node:http';
import * as fs from 'node:fs';

export interface FakeOAuthWiki {
  apiUrl: string;
  /** Every request's Authorization and Cookie headers, in order. */
  seen: Array<{ authorization?: string; cookie?: string; query: string }>;
  stop(): Promise<void>;
}

function apiError(params: URLSearchParams, code: string, text: string): unknown {
  if (params.get('errorformat') && params.get('errorformat') !== 'bc') return { errors: [{ code, text, module: 'main' }] };
  return { error: { code, info: text } };
}

function answerFrom(
  snapshot: { siteinfo: unknown; paraminfo: Array<{ paraminfo: { modules: Array<{ path: string }> } }> },
  params: URLSearchParams,
) {
  if (params.get('action') === 'paraminfo') {
    const all = snapshot.paraminfo.flatMap((a) => a.paraminfo.modules);
    const asked = (params.get('modules') ?? '').split('|');
    const wildcard = asked.some((m) => m.includes('*'));
    return { paraminfo: { helpformat: 'none', modules: wildcard ? all : all.filter((m) => asked.includes(m.path)) } };
  }
  if (params.get('meta') === 'siteinfo') return snapshot.siteinfo;
  return { batchcomplete: true, query: { allpages: [{ pageid: 1, ns: 0, title: 'Main Page' }] } };
}

/** Starts the fake on 127.0.0.1 (free port), reading with `snapshotFile`; `validToken` is the owner-only token it accepts. */
export async function startFakeOAuthWiki(snapshotFile: string, validToken: string): Promise<FakeOAuthWiki> {
  const snapshot = JSON.parse(fs.readFileSync(snapshotFile, 'utf8'));
  const seen: FakeOAuthWiki['seen'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = url.searchParams;
    seen.push({ authorization: req.headers.authorization, cookie: req.headers.cookie, query: url.search });
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    const auth = req.headers.authorization;
    let body: unknown;
    if (url.pathname !== '/api.php') {
      res.statusCode = 404;
      body = { error: 'not found' };
    } else if (auth !== undefined && auth !== `Bearer ${validToken}`) {
      res.setHeader('MediaWiki-API-Error', 'mwoauth-invalid-authorization');
      body = apiError(
        params,
        'mwoauth-invalid-authorization',
        'The authorization headers in your request are not valid: Invalid access token',
      );
    } else if (auth === undefined) {
      res.setHeader('MediaWiki-API-Error', 'readapidenied');
      body = apiError(params, 'readapidenied', 'You need read permission to use this module.');
    } else {
      body = answerFrom(snapshot, params);
    }
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    apiUrl: `http://127.0.0.1:${port}/api.php`,
    seen,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
