// Receiving the browser's return from /oauth/authorize/: a one-shot loopback HTTP server (RFC 8252 section 7.3),
// or, for clients registered with a vscode:// redirect URL, the editor's URI handler.
//
// ContentDB accepts exactly one redirect URL per client, so the port is the one the user registered (no random
// port). The loopback server binds 127.0.0.1 only, answers only GET on the registered path, accepts only a
// callback carrying the `state` of this sign-in, answers forged or repeated callbacks with an error page, and
// closes after the one valid callback (or when the flow gives up).
import * as http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ContentDbError, SETTING_REDIRECT_URI } from './errors';

/** What came back from the browser. */
export type CallbackOutcome =
  | { kind: 'code'; code: string }
  /** The real server's cancel: a redirect to the bare registered URL, with no code, no state and no error. */
  | { kind: 'cancelled' }
  /** A standard OAuth error redirect (the real ContentDB never sends one, but other servers may). */
  | { kind: 'error'; error: string; description?: string };

export interface BrowserPage {
  ok: boolean;
  message: string;
}

export interface CallbackReceiver {
  /** The first valid callback. */
  readonly outcome: Promise<CallbackOutcome>;
  /** Answers the browser tab of the valid callback with a plain page (only meaningful for loopback). */
  finish(page: BrowserPage): void;
  /** Stops listening; later callbacks are refused. Safe to call more than once. */
  close(): Promise<void>;
}

export type RedirectTarget = { kind: 'loopback'; uri: URL; port: number; path: string } | { kind: 'uriHandler'; uri: URL; path: string };

/**
 * Checks the configured redirect URI: `http://127.0.0.1:PORT/PATH` (or `localhost`, still served on 127.0.0.1)
 * or a non-http(s) editor URI such as `vscode://publisher.name/PATH`.
 */
export function parseRedirectUri(raw: string): RedirectTarget {
  let uri: URL;
  try {
    uri = new URL(raw.trim());
  } catch {
    throw new ContentDbError(
      'invalidRedirectUri',
      `"${raw}" is not a valid URL. Set ${SETTING_REDIRECT_URI} to the Redirect URL registered for your ContentDB application, e.g. http://127.0.0.1:47326/callback.`,
    );
  }
  if (uri.protocol === 'http:') {
    const host = uri.hostname.toLowerCase();
    if (host !== '127.0.0.1' && host !== 'localhost') {
      throw new ContentDbError(
        'invalidRedirectUri',
        `The redirect URI ${uri.origin} is not on this computer. Register http://127.0.0.1:PORT/callback (or a vscode:// URI) as the application's Redirect URL on ContentDB and put the same value in ${SETTING_REDIRECT_URI}.`,
      );
    }
    if (uri.port === '') {
      throw new ContentDbError(
        'invalidRedirectUri',
        `The redirect URI ${raw} has no port. Use a fixed port above 1024, e.g. http://127.0.0.1:47326/callback, both in ${SETTING_REDIRECT_URI} and in the application's Redirect URL on ContentDB.`,
      );
    }
    return { kind: 'loopback', uri, port: Number(uri.port), path: uri.pathname };
  }
  if (uri.protocol === 'https:') {
    throw new ContentDbError(
      'invalidRedirectUri',
      `An https:// redirect URI (${uri.origin}) cannot reach the editor. Use http://127.0.0.1:PORT/callback or a vscode:// URI in ${SETTING_REDIRECT_URI}, registered identically on ContentDB.`,
    );
  }
  return { kind: 'uriHandler', uri, path: uri.pathname || '/' };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The parameters of an authorization answer (RFC 6749 sections 4.1.2 and 4.1.2.1). */
const OAUTH_ANSWER_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri'];

/**
 * Decides what a callback query means for the sign-in expecting `state`.
 * Answers the outcome, or a reason to reject it (the caller keeps waiting for the real one).
 */
export function judgeCallback(query: URLSearchParams, state: string): { accept: CallbackOutcome } | { reject: string } {
  // RFC 6749 section 3.1: a parameter of the answer is never sent twice. With `code=a&code=b` or `state` twice,
  // which one counts is a guess; the callback is refused and the real one still awaited.
  const twice = OAUTH_ANSWER_PARAMS.find((name) => query.getAll(name).length > 1);
  if (twice !== undefined) {
    return {
      reject: `This sign-in link gives "${twice}" more than once, which an OAuth server never does. Start "ContentDB: Sign In" again from VS Code.`,
    };
  }
  const code = query.get('code');
  const gotState = query.get('state');
  const error = query.get('error');
  if (code === null && gotState === null && error === null) {
    // The real ContentDB redirects a cancelled consent to the bare URL: no state can be checked. Accepting it
    // only ends this sign-in; it can never sign anyone in.
    return { accept: { kind: 'cancelled' } };
  }
  if (gotState === null || !sameSecret(gotState, state)) {
    return {
      reject:
        'This sign-in link does not belong to the sign-in in progress (state mismatch). Start "ContentDB: Sign In" again from VS Code.',
    };
  }
  if (error !== null) return { accept: { kind: 'error', error, description: query.get('error_description') ?? undefined } };
  if (code === null || code === '') return { accept: { kind: 'cancelled' } };
  return { accept: { kind: 'code', code } };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function renderPage(page: BrowserPage): string {
  const title = page.ok ? 'ContentDB sign-in finished' : 'ContentDB sign-in failed';
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1><p>${escapeHtml(page.message)}</p><p>You can close this tab and return to VS Code.</p></body></html>
`;
}

/**
 * Starts the one-shot loopback server on 127.0.0.1 and the registered port.
 * Rejects with kind 'portInUse' when the port is taken.
 */
/** Answers the browser with one of our pages. */
function answer(res: http.ServerResponse, status: number, page: BrowserPage): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    // One request per connection, so closing the server never waits on an idle browser connection.
    connection: 'close',
  });
  res.end(renderPage(page));
}

/** Listens on 127.0.0.1:port only; a port that cannot be had is a ContentDbError saying what to do. */
function listenOn(server: http.Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(listenError(e, port)));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
}

function listenError(e: NodeJS.ErrnoException, port: number): ContentDbError {
  if (e.code === 'EADDRINUSE') {
    return new ContentDbError(
      'portInUse',
      `Port ${port} on 127.0.0.1 is already in use, so the sign-in cannot receive the browser's answer. Close the program using it (or finish the other sign-in), or register another Redirect URL on ContentDB and put it in ${SETTING_REDIRECT_URI}.`,
    );
  }
  if (e.code === 'EACCES') {
    return new ContentDbError(
      'portInUse',
      `Not allowed to listen on port ${port}. Register a Redirect URL with a port above 1024 on ContentDB and put it in ${SETTING_REDIRECT_URI}.`,
    );
  }
  return new ContentDbError('portInUse', `Cannot listen on 127.0.0.1:${port} (${e.code ?? e.message}). Check ${SETTING_REDIRECT_URI}.`);
}

export async function startLoopbackReceiver(
  target: { port: number; path: string },
  state: string,
  log: (msg: string) => void = () => {},
): Promise<CallbackReceiver> {
  let resolveOutcome!: (o: CallbackOutcome) => void;
  const outcome = new Promise<CallbackOutcome>((r) => (resolveOutcome = r));
  let held: http.ServerResponse | undefined;
  let accepted = false;
  let closed = false;

  const server = http.createServer((req, res) => {
    // The request target may be in absolute form (`GET http://[x/callback`), which need not be a URL: a throw
    // here would be an uncaught exception in the editor's extension host, and the connection left unanswered.
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      log('ContentDB sign-in: refused a request whose target is not a URL.');
      return answer(res, 400, { ok: false, message: 'Not the sign-in callback.' });
    }
    // Only the browser on this machine talking to this port (guards against DNS-rebinding pages).
    const host = (req.headers.host ?? '').toLowerCase();
    if (host !== `127.0.0.1:${target.port}` && host !== `localhost:${target.port}`) {
      log(`ContentDB sign-in: refused a callback with Host "${host}".`);
      return answer(res, 400, { ok: false, message: 'Unexpected Host header.' });
    }
    if (req.method !== 'GET') return answer(res, 405, { ok: false, message: 'Only GET is accepted here.' });
    if (url.pathname !== target.path) {
      log(`ContentDB sign-in: refused a request on path ${url.pathname} (expected ${target.path}).`);
      return answer(res, 404, { ok: false, message: 'Not the sign-in callback.' });
    }
    if (accepted) {
      log('ContentDB sign-in: refused a repeated callback.');
      return answer(res, 409, {
        ok: false,
        message: 'This sign-in has already been completed. Start "ContentDB: Sign In" again if needed.',
      });
    }
    const verdict = judgeCallback(url.searchParams, state);
    if ('reject' in verdict) {
      log(`ContentDB sign-in: refused a callback: ${verdict.reject}`);
      return answer(res, 400, { ok: false, message: verdict.reject });
    }
    accepted = true;
    held = res;
    resolveOutcome(verdict.accept);
  });

  await listenOn(server, target.port);
  log(`ContentDB sign-in: waiting for the browser on http://127.0.0.1:${(server.address() as AddressInfo).port}${target.path}`);

  const close = async () => {
    if (closed) return;
    closed = true;
    if (held && !held.writableEnded) answer(held, 200, { ok: false, message: 'The sign-in was stopped.' });
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      // A browser holding its connection open must not keep the sign-in from finishing.
      setTimeout(() => server.closeAllConnections(), 2000).unref();
    });
  };

  return {
    outcome,
    finish(page) {
      if (held && !held.writableEnded) answer(held, page.ok ? 200 : 400, page);
    },
    close,
  };
}

/**
 * Routes editor URIs (from a VS Code UriHandler) to the sign-in waiting for them. One sign-in at a time.
 * The editor shows no page for these; `finish` does nothing.
 */
export class UriCallbackRouter {
  private pending: { path: string; state: string; resolve: (o: CallbackOutcome) => void } | undefined;

  constructor(private readonly log: (msg: string) => void = () => {}) {}

  /** Waits for a callback on `path` with `state`. */
  expect(path: string, state: string): CallbackReceiver {
    if (this.pending)
      throw new ContentDbError('portInUse', 'Another ContentDB sign-in is already waiting for the browser. Finish or cancel it first.');
    let resolve!: (o: CallbackOutcome) => void;
    const outcome = new Promise<CallbackOutcome>((r) => (resolve = r));
    const entry = { path, state, resolve };
    this.pending = entry;
    return {
      outcome,
      finish: () => {},
      close: async () => {
        if (this.pending === entry) this.pending = undefined;
      },
    };
  }

  /** Hands a URI opened in the editor to the waiting sign-in. Answers whether it was accepted. */
  handleUri(uri: string): boolean {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return false;
    }
    const p = this.pending;
    if (!p) {
      this.log('ContentDB sign-in: ignored a callback URI: no sign-in is in progress.');
      return false;
    }
    if ((url.pathname || '/') !== p.path) {
      this.log(`ContentDB sign-in: ignored a URI on path ${url.pathname} (expected ${p.path}).`);
      return false;
    }
    const verdict = judgeCallback(url.searchParams, p.state);
    if ('reject' in verdict) {
      this.log(`ContentDB sign-in: ignored a callback URI: ${verdict.reject}`);
      return false;
    }
    this.pending = undefined;
    p.resolve(verdict.accept);
    return true;
  }
}
