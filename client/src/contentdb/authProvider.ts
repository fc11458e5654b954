// The "ContentDB" authentication provider: a thin VS Code shell around ContentDbAccount (contentDbAccount.ts).
// The account appears in the Accounts menu under the ContentDB user name from /api/whoami/.
import * as vscode from 'vscode';
import { ContentDbAccount, ContentDbConfig, CONTENTDB_SCOPES, StoredSession } from './contentDbAccount';
import { ContentDbError, serverText } from './errors';
import { errorMessage } from '../../../common/errorMessage';
import { getContentDbSettings } from '../settings';

/** The sign-in settings (`wikimapQuery.contentDb.*`, read through the settings table). */
export function readConfig(): ContentDbConfig {
  return getContentDbSettings();
}

function toVsSession(s: StoredSession): vscode.AuthenticationSession {
  return { id: s.id, accessToken: s.accessToken, account: { id: `${s.baseUrl}|${s.username}`, label: s.username }, scopes: s.scopes };
}

function scopesSupported(scopes: readonly string[] | undefined): boolean {
  return !scopes || scopes.every((s) => CONTENTDB_SCOPES.includes(s));
}

export class ContentDbAuthProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  /** The authorize URL of the sign-in in progress (not secret: it is what the browser is shown). */
  pendingAuthorizeUrl: string | undefined;
  private lastSession: StoredSession | undefined;
  /** Sign-in/out in progress: they fire their own events, so secret-store changes meanwhile are not re-reported. */
  private updating = 0;
  private signingIn = false;

  constructor(
    readonly account: ContentDbAccount,
    private readonly log: (msg: string) => void,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  async getSessions(scopes?: readonly string[]): Promise<vscode.AuthenticationSession[]> {
    if (!scopesSupported(scopes)) return [];
    const s = await this.account.getSession(readConfig());
    this.lastSession = s;
    return s ? [toVsSession(s)] : [];
  }

  async createSession(scopes: readonly string[]): Promise<vscode.AuthenticationSession> {
    if (!scopesSupported(scopes)) {
      throw new Error(`ContentDB only grants the "public" scope; the requested scopes ${JSON.stringify(scopes)} are not available.`);
    }
    if (this.signingIn) {
      throw new ContentDbError(
        'portInUse',
        'A ContentDB sign-in is already waiting for the browser. Finish it, or cancel its notification, first.',
      );
    }
    const cfg = readConfig();
    this.updating++;
    this.signingIn = true;
    try {
      return await this.doCreateSession(cfg);
    } finally {
      this.signingIn = false;
      this.updating--;
    }
  }

  private async doCreateSession(cfg: ContentDbConfig): Promise<vscode.AuthenticationSession> {
    const previous = await this.account.getSession(cfg);
    const session = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Signing in to ContentDB… confirm in your browser', cancellable: true },
      async (_progress, token) => {
        const abort = new AbortController();
        const sub = token.onCancellationRequested(() => abort.abort());
        try {
          return await this.account.signIn(cfg, {
            askClientSecret: (clientId) =>
              vscode.window.showInputBox({
                title: 'ContentDB client secret',
                prompt: `Client secret of the ContentDB OAuth2 application ${clientId}. It is kept in VS Code's secret storage only.`,
                password: true,
                ignoreFocusOut: true,
                validateInput: (v) =>
                  v.trim() ? undefined : 'Paste the client secret shown on ContentDB under Settings > OAuth2 Applications.',
              }),
            openBrowser: async (url) => vscode.env.openExternal(vscode.Uri.parse(url, true)),
            onAuthorizeUrl: (url) => (this.pendingAuthorizeUrl = url),
            signal: abort.signal,
          });
        } finally {
          sub.dispose();
          this.pendingAuthorizeUrl = undefined;
        }
      },
    );
    const added = toVsSession(session);
    this.lastSession = session;
    this.changed.fire({ added: [added], removed: previous ? [toVsSession(previous)] : [], changed: [] });
    this.log(`ContentDB: signed in as ${serverText(session.username)}.`);
    return added;
  }

  async removeSession(sessionId: string): Promise<void> {
    const cfg = readConfig();
    const current = await this.account.getSession(cfg);
    if (!current || current.id !== sessionId) return;
    this.updating++;
    let removed: StoredSession | undefined;
    try {
      removed = await this.account.signOut(cfg);
    } finally {
      this.updating--;
    }
    this.lastSession = undefined;
    if (removed) this.changed.fire({ added: [], removed: [toVsSession(removed)], changed: [] });
  }

  /** Settings or stored secrets changed: tell VS Code if the visible session differs now. */
  async refresh(): Promise<void> {
    if (this.updating > 0) return;
    const before = this.lastSession;
    const now = await this.account.getSession(readConfig());
    this.lastSession = now;
    if (before?.id === now?.id) return;
    this.changed.fire({ added: now ? [toVsSession(now)] : [], removed: before ? [toVsSession(before)] : [], changed: [] });
  }

  /** Error text for the user (ContentDbError messages already say what to do). */
  static describe(e: unknown): string {
    if (e instanceof ContentDbError) return e.message;
    return `ContentDB: ${errorMessage(e)}`;
  }
}
