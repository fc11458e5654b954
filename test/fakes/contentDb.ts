// A faithful in-process fake of the ContentDB OAuth2 endpoints, for tests.
//
// Spec: the ContentDB product spec (where the real server differs: docs/contentdb.md). Where the spec says "not shown", this fake follows what the real
// ContentDB (luanti-org/contentdb: app/blueprints/oauth/__init__.py, app/blueprints/api/auth.py and
// endpoints.py) does:
//   - /oauth/authorize/ needs a logged-in browser (here: a `session` cookie from `loginCookie(user)`); without
//     one it redirects to the login page. Checks, in the real order: response_type (default "code"), client_id,
//     redirect_uri, unknown client (404), redirect_uri must equal the registered URL exactly (400 "redirect_uri
//     does not match client"), unapproved client used by someone other than its owner (404), scope (default
//     "public"). If the user already holds a token for this client, the real server does NOT show the consent
//     page again: it replaces the access token and code and redirects at once. Otherwise it shows a consent form
//     (POST action=authorize|cancel, with a CSRF token). Cancel redirects to the bare registered URL.
//     The code and the echoed `state` are merged into the registered URL's query.
//   - /oauth/token/ reads form data (multipart or urlencoded). Every error is HTTP 400 with
//     {success:false, error}. The real server reads grant_type from the query string only (request.args, default
//     "authorization_code"); a grant_type form field (where the spec names it) is ignored, whatever its value.
//     Codes are single use. Success: {success:true, access_token, token_type:"Bearer"}.
//   - OAuth applications (app/blueprints/oauth/__init__.py OAuthClientForm): the redirect URL must be 5–123
//     characters (Length(5, 123)); a new application is approved only when its creator is at least Editor
//     (`client.approved = current_user.rank.at_least(UserRank.EDITOR)`); an unapproved one's authorize page is
//     404 for everyone but its owner (the check comes after the login redirect, so a browser that is not
//     logged in is sent to the login page first, whatever the client id).
//   - Tokens and packages (app/models APIToken.can_operate_on_package): a token made through OAuth
//     (`client` set) can never act on a package; a personal API token can, on its owner's packages.
//     DELETE /api/packages/<author>/<name>/releases/<id>/ follows delete_release: 404 "Release not found",
//     401 "Authentication needed", 403 "API token does not have access to the package", 403 "Unable to delete
//     the release, make sure there's a newer release available" (the only release), else {success:true}.
//   - /api/whoami/: no Authorization header -> {is_authenticated:false, username:null}; "Bearer x" with a token
//     shorter than 10 characters -> 400 "API token is too short"; unknown token -> 403 "Unknown API token";
//     any other scheme -> 403 "Unsupported authentication method".
//   - /api/delete-token/ (DELETE, bearer): deletes the token; 404 "Token not found" without one.
//   - A path without its trailing slash answers 308 to the slashed path (Flask's strict_slashes).
// Only listens on 127.0.0.1.
import * as http from 'node:http';
import { randomBytes } from 'node:crypto';
import { listenLoopback } from '../support/loopbackServer';

export interface FakeClient {
  id: string;
  secret: string;
  redirectUrl: string;
  owner: string;
  title: string;
  approved: boolean;
}

interface FakeToken {
  owner: string;
  clientId: string | undefined;
  accessToken: string;
  authCode: string | undefined;
}

/** A canned failure for the next request to one endpoint (for network-level misbehaviour tests). */
export interface InjectedFailure {
  status: number;
  contentType?: string;
  body: string;
}

function randomString(n: number): string {
  // Like ContentDB's random_string: letters and digits.
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(n);
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export class FakeContentDb {
  readonly clients = new Map<string, FakeClient>();
  readonly tokens: FakeToken[] = [];
  /** Every request seen, as "METHOD path" (path without query), for assertions about what was sent. */
  readonly requestLog: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  private readonly sessions = new Map<string, { user: string; csrf: string }>();
  private readonly users = new Map<string, string>();
  private readonly failures = new Map<string, InjectedFailure>();
  private readonly packages = new Map<string, { author: string; releases: number[] }>();
  private server: http.Server | undefined;
  private base = '';

  get baseUrl(): string {
    if (!this.base) throw new Error('FakeContentDb: call start() first');
    return this.base;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      void this.handle(req, res).catch((e) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`fake ContentDB crashed: ${e instanceof Error ? e.stack : String(e)}`);
      });
    });
    const loopback = await listenLoopback(this.server);
    this.closeServer = loopback.close;
    this.base = loopback.origin;
    return this;
  }

  async stop(): Promise<void> {
    const close = this.closeServer;
    this.server = undefined;
    this.closeServer = undefined;
    await close?.();
  }

  private closeServer?: () => Promise<void>;

  /**
   * Registers an OAuth2 application (Settings > OAuth2 Applications > Create in the real web UI). Like the real
   * form, a redirect URL outside 5–123 characters is refused (WTForms Length's message); `ownerRank` below
   * editor leaves the application unapproved unless `approved` says otherwise.
   */
  registerClient(opts: {
    redirectUrl: string;
    owner?: string;
    title?: string;
    approved?: boolean;
    ownerRank?: 'member' | 'editor';
    id?: string;
    secret?: string;
  }): FakeClient {
    if (opts.redirectUrl.length < 5 || opts.redirectUrl.length > 123) {
      throw new Error('Redirect URL: Field must be between 5 and 123 characters long.');
    }
    const client: FakeClient = {
      id: opts.id ?? randomString(24),
      secret: opts.secret ?? randomString(32),
      redirectUrl: opts.redirectUrl,
      owner: opts.owner ?? 'appdev',
      title: opts.title ?? 'Test application',
      approved: opts.approved ?? (opts.ownerRank ? opts.ownerRank === 'editor' : true),
    };
    this.clients.set(client.id, client);
    return client;
  }

  /** Adds a package with releases (ids) by `author`, for the package API. */
  addPackage(author: string, name: string, releaseIds: number[]): void {
    this.packages.set(`${author}/${name}`, { author, releases: [...releaseIds] });
  }

  /** Releases left of a package. */
  releasesOf(author: string, name: string): number[] {
    return [...(this.packages.get(`${author}/${name}`)?.releases ?? [])];
  }

  /** A personal API token (Settings > API Tokens in the real web UI): no OAuth client. Answers the access token. */
  addPersonalToken(owner: string): string {
    const token: FakeToken = { owner, clientId: undefined, accessToken: randomString(32), authCode: undefined };
    this.tokens.push(token);
    return token.accessToken;
  }

  /** Adds a user who can log in through the login form (`/user/login/`). */
  addUser(username: string, password: string): void {
    this.users.set(username, password);
  }

  /** Logs `user` in and returns the Cookie header value a browser would then send. */
  loginCookie(user: string): string {
    const sid = randomString(32);
    this.sessions.set(sid, { user, csrf: randomString(32) });
    return `session=${sid}`;
  }

  /** Makes the next request to `path` (e.g. "/oauth/token/") answer with `failure` instead. */
  failNext(path: string, failure: InjectedFailure): void {
    this.failures.set(path, failure);
  }

  /** Current access tokens of `user` (for asserting that re-consent replaced the old one). */
  accessTokensOf(user: string): string[] {
    return this.tokens.filter((t) => t.owner === user).map((t) => t.accessToken);
  }

  private sessionOf(req: http.IncomingMessage): { user: string; csrf: string } | undefined {
    const cookie = req.headers.cookie ?? '';
    const m = /(?:^|;\s*)session=([A-Za-z0-9]+)/.exec(cookie);
    return m ? this.sessions.get(m[1]) : undefined;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    this.requestLog.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body: body.toString('latin1') });

    const injected = this.failures.get(url.pathname);
    if (injected) {
      this.failures.delete(url.pathname);
      res.writeHead(injected.status, { 'content-type': injected.contentType ?? 'text/html' });
      res.end(injected.body);
      return;
    }

    const routes = ['/oauth/authorize/', '/oauth/token/', '/api/whoami/', '/api/delete-token/', '/user/login/'];
    if (routes.includes(url.pathname + '/')) {
      res.writeHead(308, { location: url.pathname + '/' + url.search, 'content-type': 'text/html' });
      res.end('<p>Redirecting...</p>');
      return;
    }
    const send = (status: number, type: string, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(text);
    };
    const json = (status: number, value: unknown) => send(status, 'application/json', JSON.stringify(value));
    const redirect = (location: string) => send(302, 'text/html', `<a href="${escapeHtml(location)}">redirect</a>`, { location });
    const allow = (methods: string[]) => {
      if (methods.includes(req.method ?? '')) return true;
      send(405, 'text/html', '<h1>Method Not Allowed</h1>', { allow: methods.join(', ') });
      return false;
    };

    switch (url.pathname) {
      case '/oauth/authorize/':
        if (allow(['GET', 'POST'])) await this.authorize(req, url, body, send, redirect);
        return;
      case '/oauth/token/':
        if (allow(['POST'])) await this.token(req, url, body, json);
        return;
      case '/api/whoami/':
        if (allow(['GET'])) {
          const auth = this.apiAuth(req, json);
          if (auth === 'answered') return;
          json(200, auth ? { is_authenticated: true, username: auth.owner } : { is_authenticated: false, username: null });
        }
        return;
      case '/api/delete-token/':
        if (allow(['DELETE'])) {
          const auth = this.apiAuth(req, json);
          if (auth === 'answered') return;
          if (!auth) return json(404, { success: false, error: 'Token not found' });
          this.tokens.splice(this.tokens.indexOf(auth), 1);
          json(200, { success: true });
        }
        return;
      case '/user/login/':
        if (allow(['GET', 'POST'])) await this.login(req, url, body, send);
        return;
      default: {
        const release = /^\/api\/packages\/([^/]+)\/([^/]+)\/releases\/(\d+)\/$/.exec(url.pathname);
        if (release && req.method === 'DELETE') {
          // delete_release: is_package_page, is_api_authd, then the checks in the real order.
          const pkg = this.packages.get(`${release[1]}/${release[2]}`);
          if (!pkg) return send(404, 'text/html', '<h1>Page not found</h1>');
          const auth = this.apiAuth(req, json);
          if (auth === 'answered') return;
          const id = Number(release[3]);
          if (!pkg.releases.includes(id)) return json(404, { success: false, error: 'Release not found' });
          if (!auth) return json(401, { success: false, error: 'Authentication needed' });
          // APIToken.can_operate_on_package: never through an OAuth client; otherwise the author's own packages.
          if (auth.clientId !== undefined || auth.owner !== pkg.author)
            return json(403, { success: false, error: 'API token does not have access to the package' });
          if (pkg.releases.length < 2)
            return json(403, { success: false, error: "Unable to delete the release, make sure there's a newer release available" });
          pkg.releases.splice(pkg.releases.indexOf(id), 1);
          return json(200, { success: true });
        }
        send(404, 'text/html', '<h1>Page not found</h1>');
      }
    }
  }

  /**
   * A plain login form (the real one also has CSRF and rate limits, which do not matter here). Success sets
   * the `session` cookie and redirects to `next` (same-site paths only).
   */
  private async login(
    req: http.IncomingMessage,
    url: URL,
    body: Buffer,
    send: (status: number, type: string, text: string, headers?: Record<string, string>) => void,
  ): Promise<void> {
    const form = `<!doctype html><title>Sign in</title><h1>Sign in</h1>
<form method="POST" action=""><input name="username"><input name="password" type="password"><button type="submit">Sign in</button></form>`;
    if (req.method === 'POST') {
      const f = await parseForm(req.headers['content-type'], body);
      const username = f.get('username') ?? '';
      if (!this.users.has(username) || this.users.get(username) !== f.get('password')) {
        return send(200, 'text/html; charset=utf-8', `<p>Incorrect password. Did you set one?</p>${form}`);
      }
      const cookie = this.loginCookie(username);
      const next = url.searchParams.get('next') ?? '/';
      const location = next.startsWith('/') && !next.startsWith('//') ? next : '/';
      return send(302, 'text/html', 'redirect', { location, 'set-cookie': `${cookie}; HttpOnly; Path=/` });
    }
    send(200, 'text/html; charset=utf-8', form);
  }

  /** The real is_api_authd decorator. Returns the token, undefined (anonymous) or 'answered' (error sent). */
  private apiAuth(req: http.IncomingMessage, json: (s: number, v: unknown) => void): FakeToken | undefined | 'answered' {
    const value = req.headers.authorization;
    if (value === undefined) return undefined;
    if (value.slice(0, 7).toLowerCase() !== 'bearer ') {
      json(403, { success: false, error: 'Unsupported authentication method' });
      return 'answered';
    }
    const accessToken = value.slice(7);
    if (accessToken.length < 10) {
      json(400, { success: false, error: 'API token is too short' });
      return 'answered';
    }
    const token = this.tokens.find((t) => t.accessToken === accessToken);
    if (!token) {
      json(403, { success: false, error: 'Unknown API token' });
      return 'answered';
    }
    return token;
  }

  private async authorize(
    req: http.IncomingMessage,
    url: URL,
    body: Buffer,
    send: (status: number, type: string, text: string) => void,
    redirect: (location: string) => void,
  ): Promise<void> {
    const session = this.sessionOf(req);
    if (!session) return redirect(`/user/login/?next=${encodeURIComponent(url.pathname + url.search)}`);
    const args = url.searchParams;
    const text = (status: number, msg: string) => send(status, 'text/html; charset=utf-8', msg);

    if ((args.get('response_type') ?? 'code') !== 'code') return text(400, 'Unsupported response_type, only code is supported');
    const clientId = args.get('client_id') ?? '';
    if (clientId === '') return text(400, 'Missing client_id');
    const redirectUri = args.get('redirect_uri') ?? '';
    if (redirectUri === '') return text(400, 'Missing redirect_uri');
    const client = this.clients.get(clientId);
    if (!client) return text(404, '<h1>Page not found</h1>');
    if (client.redirectUrl !== redirectUri) return text(400, 'redirect_uri does not match client');
    if (!client.approved && client.owner !== session.user) return text(404, '<h1>Page not found</h1>');
    if ((args.get('scope') ?? 'public') !== 'public') return text(400, 'Unsupported scope, only public is supported');
    const state = args.get('state');

    const existing = this.tokens.find((t) => t.clientId === client.id && t.owner === session.user);
    if (existing) {
      // Re-consent: the previous access token stops working.
      existing.accessToken = randomString(32);
      existing.authCode = randomString(32);
      return redirect(buildRedirectUrl(client.redirectUrl, existing.authCode, state));
    }

    if (req.method === 'POST') {
      const form = await parseForm(req.headers['content-type'], body);
      // Flask-WTF's CSRFProtect guards every non-exempt POST.
      const csrf = form.get('csrf_token');
      if (csrf === null) return text(400, 'Bad Request: The CSRF token is missing.');
      if (csrf !== session.csrf) return text(400, 'Bad Request: The CSRF token is invalid.');
      const action = form.get('action');
      if (action === null) return text(400, 'Bad Request: The browser (or proxy) sent a request that this server could not understand.');
      if (action === 'cancel') return redirect(client.redirectUrl);
      if (action === 'authorize') {
        const token: FakeToken = { owner: session.user, clientId: client.id, accessToken: randomString(32), authCode: randomString(32) };
        this.tokens.push(token);
        return redirect(buildRedirectUrl(client.redirectUrl, token.authCode!, state));
      }
    }

    send(
      200,
      'text/html; charset=utf-8',
      `<!doctype html><title>Authorize ${escapeHtml(client.title)}</title>
<form method="POST" action="">
<h1>Authorize ${escapeHtml(client.title)}</h1>
<p>${escapeHtml(client.title)} by ${escapeHtml(client.owner)}</p><p>wants to access your account</p>
<p>Public data only</p><p>Read-only access to your public data</p>
<input type="hidden" name="csrf_token" value="${session.csrf}" />
<button type="submit" name="action" value="cancel">Cancel</button>
<button type="submit" name="action" value="authorize">Authorize</button>
</form>`,
    );
  }

  private async token(req: http.IncomingMessage, url: URL, body: Buffer, json: (s: number, v: unknown) => void): Promise<void> {
    const form = await parseForm(req.headers['content-type'], body);
    const error = (msg: string) => json(400, { success: false, error: msg });
    // request.args.get("grant_type", "authorization_code"): the query string only; a form field is ignored.
    const grantType = url.searchParams.get('grant_type') ?? 'authorization_code';
    if (grantType !== 'authorization_code') {
      return error('Unsupported grant_type, only authorization_code is supported');
    }
    const clientId = form.get('client_id') ?? '';
    if (clientId === '') return error('Missing client_id');
    const clientSecret = form.get('client_secret') ?? '';
    if (clientSecret === '') return error('Missing client_secret');
    const code = form.get('code') ?? '';
    if (code === '') return error('Missing code');
    const client = this.clients.get(clientId);
    if (!client || client.secret !== clientSecret) return error('client_id and/or client_secret is incorrect');
    const token = this.tokens.find((t) => t.authCode === code);
    if (!token || token.clientId !== client.id) return error('Incorrect code. It may have already been redeemed');
    token.authCode = undefined;
    json(200, { success: true, access_token: token.accessToken, token_type: 'Bearer' });
  }
}

function buildRedirectUrl(registered: string, code: string, state: string | null): string {
  // Like the real build_redirect_url: merge code (and state, when given) into the registered URL's query.
  const u = new URL(registered);
  u.searchParams.set('code', code);
  if (state !== null) u.searchParams.set('state', state);
  return u.toString();
}

/** Form data like Flask's request.form: multipart or urlencoded; anything else reads as empty. */
async function parseForm(contentType: string | undefined, body: Buffer): Promise<{ get(name: string): string | null }> {
  const type = (contentType ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    return { get: () => null };
  }
  const fd = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType! } }).formData();
  return {
    get: (name: string) => {
      const v = fd.get(name);
      return typeof v === 'string' ? v : null;
    },
  };
}

/** What the simulated browser ended on. */
export interface BrowserVisit {
  /** The URL the authorize step redirected to (the callback URL with code/state, or the bare one on cancel). */
  callbackUrl?: string;
  /** The final response the browser displayed. */
  status: number;
  body: string;
}

export interface BrowserUser {
  /** A session cookie from `FakeContentDb.loginCookie` (same process)… */
  cookie?: string;
  /** …or credentials typed into the login page when ContentDB asks for them (works from any process). */
  login?: { username: string; password: string };
  /** The button pressed on the consent page (default `authorize`). */
  action?: 'authorize' | 'cancel';
  /** Follow the redirect to an http(s) callback (default true). */
  followCallback?: boolean;
}

/**
 * A minimal browser: opens the authorize URL with the user's session cookie (logging in on the login page if
 * needed), presses the consent button if the consent page appears, and follows the redirect to the callback
 * URL. A `vscode://` callback is not fetched (the OS would hand it to the editor), nor any callback when
 * `followCallback` is false; the URL is returned in `callbackUrl`.
 */
export async function simulateBrowser(authorizeUrl: string, user: BrowserUser): Promise<BrowserVisit> {
  let cookie = user.cookie ?? '';
  const get = (url: string) => fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const post = (url: string, form: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });

  let res = await get(authorizeUrl);
  const loginAt = res.headers.get('location');
  if (res.status === 302 && loginAt && new URL(loginAt, authorizeUrl).pathname === '/user/login/') {
    if (!user.login) return { status: res.status, body: 'the browser is not logged in to ContentDB' };
    const loginUrl = new URL(loginAt, authorizeUrl).toString();
    const done = await post(loginUrl, user.login);
    const setCookie = done.headers.get('set-cookie');
    if (done.status !== 302 || !setCookie) return { status: done.status, body: await done.text() };
    cookie = setCookie.split(';')[0];
    res = await get(new URL(done.headers.get('location')!, loginUrl).toString());
  }
  if (res.status === 200) {
    const page = await res.text();
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(page);
    if (!csrf) return { status: 200, body: page };
    res = await post(authorizeUrl, { csrf_token: csrf[1], action: user.action ?? 'authorize' });
  }
  const location = res.headers.get('location');
  if (res.status < 300 || res.status >= 400 || !location) return { status: res.status, body: await res.text() };
  const callbackUrl = new URL(location, authorizeUrl).toString();
  if (!/^https?:/.test(callbackUrl) || user.followCallback === false) return { callbackUrl, status: 0, body: '' };
  const cb = await fetch(callbackUrl, { redirect: 'manual' });
  return { callbackUrl, status: cb.status, body: await cb.text() };
}

export interface StartedFakeContentDb {
  db: FakeContentDb;
  url: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** A user who can log in on the fake's login page (for a browser in another process). */
  username: string;
  password: string;
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a fake with one registered application and one user, for suites that run the extension in another
 * process (end-to-end). The redirect URL defaults to the extension's default setting.
 */
export async function startFakeContentDb(
  opts: { redirectUri?: string; username?: string; password?: string } = {},
): Promise<StartedFakeContentDb> {
  const db = await new FakeContentDb().start();
  const redirectUri = opts.redirectUri ?? 'http://127.0.0.1:47326/callback';
  const client = db.registerClient({ redirectUrl: redirectUri, title: 'wikimap-query tests' });
  const username = opts.username ?? 'e2e-user';
  const password = opts.password ?? randomString(16);
  db.addUser(username, password);
  const stop = () => db.stop();
  return {
    db,
    url: db.baseUrl,
    baseUrl: db.baseUrl,
    clientId: client.id,
    clientSecret: client.secret,
    redirectUri,
    username,
    password,
    stop,
    close: stop,
  };
}
