// The ContentDB sign-in (OAuth2 authorization code), without VS Code: check settings, make a random state,
// listen for the callback, open the authorize URL, wait (cancellable, with a deadline), exchange the code,
// confirm the token with whoami, and tell the browser tab how it went.
// Spec: the ContentDB product spec (where the real server differs: docs/contentdb.md).
import { randomBytes } from 'node:crypto';
import { CallbackReceiver, parseRedirectUri, startLoopbackReceiver, UriCallbackRouter, type RedirectTarget } from './callbackServer';
import {
  baseUrlText,
  buildAuthorizeUrl,
  checkAuthorizePage,
  checkBaseUrl,
  checkClientCredentials,
  checkRedirectUriLength,
  exchangeCode,
  HttpOptions,
  whoami,
} from './contentDbClient';
import { ContentDbError, serverText, SETTING_CLIENT_ID, toSafeError } from './errors';
import { errorMessage } from '../../../common/errorMessage';

const DEFAULT_WAIT_TIMEOUT_MS = 5 * 60_000;

export interface SignInOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Opens the authorize URL in the user's browser; answers false if it could not. */
  openBrowser(url: string): Promise<boolean>;
  /** Told the authorize URL before the browser opens (to offer "copy link", and for end-to-end tests). */
  onAuthorizeUrl?(url: string): void;
  /** Needed when the redirect URI is an editor URI (vscode://…). */
  uriRouter?: UriCallbackRouter;
  /** Aborting cancels the sign-in. */
  signal?: AbortSignal;
  /** How long to wait for the browser (default 5 minutes). */
  waitTimeoutMs?: number;
  /** Per-request HTTP timeout and fetch implementation. */
  http?: Omit<HttpOptions, 'signal'>;
  log?(msg: string): void;
}

export interface SignInResult {
  accessToken: string;
  username: string;
  /** The normalised base URL the token belongs to. */
  baseUrl: string;
}

/** 256 random bits, URL-safe. */
function newState(): string {
  return randomBytes(32).toString('base64url');
}

/** The options a sign-in cannot start without: the base URL, the client id and secret, the redirect URL. */
function checkSignInOptions(opts: SignInOptions): { base: URL; target: RedirectTarget } {
  const base = checkBaseUrl(opts.baseUrl);
  if (!opts.clientId.trim()) {
    throw new ContentDbError(
      'missingClientId',
      `No ContentDB client id is set. Register an OAuth2 application on ContentDB (Settings > OAuth2 Applications > Create) with the redirect URL ${opts.redirectUri}, then put its client id in ${SETTING_CLIENT_ID}.`,
    );
  }
  if (!opts.clientSecret) {
    throw new ContentDbError(
      'missingClientSecret',
      'No client secret was entered. Sign in again and paste the client secret of your ContentDB OAuth2 application.',
    );
  }
  const target = parseRedirectUri(opts.redirectUri);
  checkRedirectUriLength(opts.redirectUri);
  if (opts.signal?.aborted) throw new ContentDbError('cancelled', 'Sign-in cancelled.');
  return { base, target };
}

/** Where the browser's answer arrives: a loopback server, or the editor's own URI handler. */
async function startReceiver(
  target: RedirectTarget,
  state: string,
  opts: SignInOptions,
  log: (msg: string) => void,
): Promise<CallbackReceiver> {
  if (target.kind === 'loopback') return startLoopbackReceiver(target, state, log);
  if (!opts.uriRouter) {
    throw new ContentDbError(
      'invalidRedirectUri',
      `This editor cannot receive ${target.uri.protocol}// redirects. Use http://127.0.0.1:PORT/callback instead.`,
    );
  }
  return opts.uriRouter.expect(target.path, state);
}

/**
 * Opens the authorize page. The promise only ever rejects: not awaited on its own, since the editor
 * may hold the "open external website?" question open while the callback already arrives (e.g. the
 * URL was opened by hand). Only a refusal that comes first ends the wait.
 */
function openBrowser(opts: SignInOptions, authorizeUrl: string): Promise<never> {
  const refused = new Promise<never>((_, reject) => {
    opts.openBrowser(authorizeUrl).then(
      (opened) => {
        if (!opened) {
          reject(
            new ContentDbError(
              'browserNotOpened',
              'The browser was not opened, so the sign-in cannot continue. Sign in again and allow opening the ContentDB page.',
            ),
          );
        }
      },
      (e) => reject(new ContentDbError('browserNotOpened', `Could not open the browser (${errorMessage(e)}). Sign in again.`)),
    );
  });
  refused.catch(() => {});
  return refused;
}

export async function signIn(opts: SignInOptions): Promise<SignInResult> {
  const log = opts.log ?? (() => {});
  const secrets = [opts.clientSecret];
  let receiver: CallbackReceiver | undefined;
  try {
    const { base, target } = checkSignInOptions(opts);

    // Before the browser opens (and the user waits for it): is there an authorize page for this client, and
    // are its id and secret right? Each says what is wrong at once instead of after the five-minute wait.
    const checkHttp = { ...opts.http, signal: opts.signal };
    await checkAuthorizePage(base, opts.clientId.trim(), opts.redirectUri.trim(), checkHttp);
    await checkClientCredentials(base, opts.clientId.trim(), opts.clientSecret, checkHttp);

    const state = newState();
    receiver = await startReceiver(target, state, opts, log);

    // The redirect_uri sent must equal the registered one exactly, so the configured string is sent as is.
    const authorizeUrl = buildAuthorizeUrl(base, opts.clientId.trim(), opts.redirectUri.trim(), state);
    log(`ContentDB sign-in: opening ${baseUrlText(base)}/oauth/authorize/ for client ${opts.clientId.trim()}.`);
    opts.onAuthorizeUrl?.(authorizeUrl);
    const browserRefused = openBrowser(opts, authorizeUrl);
    const outcome = await waitFor(
      Promise.race([receiver.outcome, browserRefused]),
      opts.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS,
      opts.signal,
    );
    if (outcome.kind === 'cancelled') throw new ContentDbError('cancelled', 'Sign-in cancelled.');
    if (outcome.kind === 'error') {
      throw new ContentDbError(
        'authorizeError',
        `ContentDB did not authorize the sign-in (${serverText(outcome.error)}${outcome.description ? `: ${serverText(outcome.description)}` : ''}). Sign in again.`,
      );
    }
    secrets.push(outcome.code);

    const http = { ...opts.http, signal: opts.signal };
    const accessToken = await exchangeCode(
      base,
      { clientId: opts.clientId.trim(), clientSecret: opts.clientSecret, code: outcome.code },
      http,
    );
    secrets.push(accessToken);
    const me = await whoami(base, accessToken, http);
    if (!me.isAuthenticated || !me.username) {
      throw new ContentDbError('tokenRejected', 'ContentDB issued a token but does not recognise it as signed in. Sign in again.');
    }
    log(`ContentDB sign-in: signed in as ${serverText(me.username)}.`);
    receiver.finish({ ok: true, message: `Signed in to ContentDB as ${serverText(me.username)}.` });
    return { accessToken, username: me.username, baseUrl: baseUrlText(base) };
  } catch (e) {
    const err = toSafeError(e, secrets);
    log(`ContentDB sign-in failed (${err.kind}): ${err.message}`);
    receiver?.finish({ ok: false, message: err.message });
    throw err;
  } finally {
    await receiver?.close();
  }
}

/** Waits for `p`, failing with 'timeout' after `ms` or 'cancelled' when `signal` aborts. */
function waitFor<T>(p: Promise<T>, ms: number, signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      reject(
        new ContentDbError(
          'timeout',
          `No answer from the browser within ${formatDuration(ms)}, so the sign-in was stopped. Run "ContentDB: Sign In" again and confirm in the browser. ` +
            'If ContentDB showed "Page not found" there, the OAuth application is not approved yet: applications created by users below Editor rank work only for their owner until an editor approves them.',
        ),
      );
    }, ms);
    const onAbort = () => {
      done();
      reject(new ContentDbError('cancelled', 'Sign-in cancelled.'));
    };
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    p.then(
      (v) => {
        done();
        resolve(v);
      },
      (e) => {
        done();
        reject(e);
      },
    );
  });
}

function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms >= 1000) return `${Math.round(ms / 1000)} s`;
  return `${ms} ms`;
}
