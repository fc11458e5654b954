// The signed-in ContentDB account and the client secret, kept in a secret store (VS Code's SecretStorage in
// the editor, a Map in tests). No VS Code here. Sessions and secrets are keyed by base URL and client id, so
// switching servers or applications never hands a token to the wrong one.
import { randomUUID } from 'node:crypto';
import { UriCallbackRouter } from './callbackServer';
import { baseUrlText, checkBaseUrl, HttpOptions, revokeToken, whoami } from './contentDbClient';
import { ContentDbError, serverText, toSafeError } from './errors';
import { signIn } from './oauthFlow';

/** The subset of vscode.SecretStorage used here. */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

export interface ContentDbConfig {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
}

export interface StoredSession {
  id: string;
  accessToken: string;
  username: string;
  baseUrl: string;
  clientId: string;
  scopes: string[];
}

/** ContentDB has one scope, "public" (the authorize endpoint refuses any other). */
export const CONTENTDB_SCOPES: readonly string[] = ['public'];

export interface SignInUi {
  /** Asks for the client secret (password input); undefined if the user dismissed it. */
  askClientSecret(clientId: string): PromiseLike<string | undefined>;
  openBrowser(url: string): Promise<boolean>;
  onAuthorizeUrl?(url: string): void;
  signal?: AbortSignal;
}

export interface AccountDeps {
  log(msg: string): void;
  uriRouter?: UriCallbackRouter;
  http?: Omit<HttpOptions, 'signal'>;
  waitTimeoutMs?: number;
}

/**
 * The keys of every session this extension stored (any server, any client id): SecretStorage cannot list its
 * entries, so sign-out can find tokens stored under settings that have changed since.
 */
const SESSION_INDEX_KEY = 'contentDb.sessionKeys';

function keyPart(cfg: ContentDbConfig): string {
  return `${baseUrlText(checkBaseUrl(cfg.baseUrl))}|${cfg.clientId.trim()}`;
}

export class ContentDbAccount {
  constructor(
    private readonly secrets: SecretStore,
    private readonly deps: AccountDeps,
  ) {}

  private sessionKey(cfg: ContentDbConfig): string {
    return `contentDb.session|${keyPart(cfg)}`;
  }

  private secretKey(cfg: ContentDbConfig): string {
    return `contentDb.clientSecret|${keyPart(cfg)}`;
  }

  /** The stored session for the configured server and client, if any. Never throws for bad settings. */
  async getSession(cfg: ContentDbConfig): Promise<StoredSession | undefined> {
    let raw: string | undefined;
    try {
      raw = await this.secrets.get(this.sessionKey(cfg));
    } catch {
      return undefined;
    }
    if (!raw) return undefined;
    try {
      const s = JSON.parse(raw) as StoredSession;
      if (typeof s.accessToken === 'string' && typeof s.username === 'string' && typeof s.id === 'string') return s;
    } catch {
      // fall through: a damaged entry counts as signed out
    }
    return undefined;
  }

  async hasClientSecret(cfg: ContentDbConfig): Promise<boolean> {
    return !!(await this.secrets.get(this.secretKey(cfg)));
  }

  async setClientSecret(cfg: ContentDbConfig, secret: string): Promise<void> {
    if (!secret.trim())
      throw new ContentDbError(
        'missingClientSecret',
        'The client secret is empty. Paste the client secret of your ContentDB OAuth2 application.',
      );
    await this.secrets.store(this.secretKey(cfg), secret.trim());
  }

  async forgetClientSecret(cfg: ContentDbConfig): Promise<void> {
    await this.secrets.delete(this.secretKey(cfg));
  }

  /** Runs the whole sign-in and stores the session. Answers the new session (the previous one is replaced). */
  async signIn(cfg: ContentDbConfig, ui: SignInUi): Promise<StoredSession> {
    const sessionKey = this.sessionKey(cfg);
    const secretKey = this.secretKey(cfg);
    let clientSecret = await this.secrets.get(secretKey);
    if (!clientSecret) {
      if (!cfg.clientId.trim()) {
        // Let the flow produce its "set the client id" message before asking for a secret.
        clientSecret = '';
      } else {
        const entered = await ui.askClientSecret(cfg.clientId.trim());
        if (entered === undefined) throw new ContentDbError('cancelled', 'Sign-in cancelled.');
        await this.setClientSecret(cfg, entered);
        clientSecret = entered.trim();
      }
    }
    let result;
    try {
      result = await signIn({
        ...cfg,
        clientSecret,
        openBrowser: ui.openBrowser,
        onAuthorizeUrl: ui.onAuthorizeUrl,
        signal: ui.signal,
        uriRouter: this.deps.uriRouter,
        waitTimeoutMs: this.deps.waitTimeoutMs,
        http: this.deps.http,
        log: this.deps.log,
      });
    } catch (e) {
      if (e instanceof ContentDbError && e.forgetClientSecret) {
        await this.secrets.delete(secretKey);
        this.deps.log('ContentDB: the stored client secret was refused and has been forgotten.');
      }
      throw e;
    }
    const session: StoredSession = {
      id: randomUUID(),
      accessToken: result.accessToken,
      username: result.username,
      baseUrl: result.baseUrl,
      clientId: cfg.clientId.trim(),
      scopes: [...CONTENTDB_SCOPES],
    };
    // ContentDB keeps one token per user and client; the new one replaced the old one server-side too.
    await this.secrets.store(sessionKey, JSON.stringify(session));
    const keys = await this.sessionKeys();
    if (!keys.includes(sessionKey)) await this.secrets.store(SESSION_INDEX_KEY, JSON.stringify([...keys, sessionKey]));
    return session;
  }

  private async sessionKeys(): Promise<string[]> {
    try {
      const raw = await this.secrets.get(SESSION_INDEX_KEY);
      const keys: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string' && k.startsWith('contentDb.session|')) : [];
    } catch {
      return [];
    }
  }

  private async readSession(key: string): Promise<StoredSession | undefined> {
    try {
      const raw = await this.secrets.get(key);
      const s = raw ? (JSON.parse(raw) as StoredSession) : undefined;
      return s && typeof s.accessToken === 'string' && typeof s.username === 'string' && typeof s.id === 'string' ? s : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Signs out everywhere: removes every token this extension stored (the configured server and client, and any
   * stored under earlier settings), revoking each on its server (best effort). Answers the removed sessions,
   * so the caller can say which accounts were signed out.
   */
  async signOutAll(cfg: ContentDbConfig): Promise<StoredSession[]> {
    const keys = await this.sessionKeys();
    try {
      const current = this.sessionKey(cfg);
      if (!keys.includes(current)) keys.push(current);
    } catch {
      // unusable settings: only the indexed sessions
    }
    const removed: StoredSession[] = [];
    for (const key of keys) {
      const session = await this.readSession(key);
      await this.secrets.delete(key);
      if (!session) continue;
      removed.push(session);
      await this.revoke(session);
    }
    await this.secrets.delete(SESSION_INDEX_KEY);
    return removed;
  }

  private async revoke(session: StoredSession): Promise<void> {
    try {
      const known = await revokeToken(checkBaseUrl(session.baseUrl), session.accessToken, this.deps.http);
      this.deps.log(
        known
          ? `ContentDB: signed out ${serverText(session.username)} (${session.baseUrl}); the token was revoked on the server.`
          : `ContentDB: signed out ${serverText(session.username)} (${session.baseUrl}); the server no longer knew the token.`,
      );
    } catch (e) {
      this.deps.log(
        `ContentDB: signed out ${serverText(session.username)} locally, but the token could not be revoked on the server: ${toSafeError(e, [session.accessToken]).message}`,
      );
    }
  }

  /**
   * Signs out: revokes the token on the server (best effort: a network failure still signs out locally) and
   * deletes it. Answers the removed session, if there was one.
   */
  async signOut(cfg: ContentDbConfig): Promise<StoredSession | undefined> {
    const session = await this.getSession(cfg);
    if (!session) return undefined;
    const key = this.sessionKey(cfg);
    await this.secrets.delete(key);
    const keys = await this.sessionKeys();
    if (keys.includes(key)) await this.secrets.store(SESSION_INDEX_KEY, JSON.stringify(keys.filter((k) => k !== key)));
    await this.revoke(session);
    return session;
  }

  /**
   * Asks ContentDB who the stored token belongs to. A token the server no longer accepts (revoked, or
   * replaced by a sign-in elsewhere) is deleted and reported as 'tokenRejected'.
   */
  async whoAmI(cfg: ContentDbConfig): Promise<string> {
    const session = await this.getSession(cfg);
    if (!session) throw new ContentDbError('notSignedIn', 'You are not signed in to ContentDB. Run "ContentDB: Sign In".');
    try {
      const me = await whoami(checkBaseUrl(session.baseUrl), session.accessToken, this.deps.http);
      if (!me.isAuthenticated || !me.username)
        throw new ContentDbError('tokenRejected', 'ContentDB no longer recognises the stored token. Sign in again.');
      return me.username;
    } catch (e) {
      const err = toSafeError(e, [session.accessToken]);
      if (err.kind === 'tokenRejected') await this.secrets.delete(this.sessionKey(cfg));
      throw err;
    }
  }
}
