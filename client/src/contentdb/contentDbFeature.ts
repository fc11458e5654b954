// ContentDB sign-in's work in the editor, required at its first use by ./index.ts (which registers the provider,
// the URI handler and the commands at activation): the provider, the URI router, and what each "ContentDB: …"
// command does. A bundle of its own, dist/client.contentDb.js (scripts/build.js, CLIENT_LAZY_CHUNKS), with the
// VS Code-free modules of the sign-in (the account, the OAuth flow, the loopback callback server, the client).
import * as vscode from 'vscode';
import { ContentDbAuthProvider, readConfig } from './authProvider';
import { UriCallbackRouter } from './callbackServer';
import { ContentDbAccount, CONTENTDB_SCOPES } from './contentDbAccount';
import { CONTENTDB_COMMANDS as COMMANDS, type ContentDbCommand } from './contentDbIds';
import { ContentDbError, ContentDbErrorKind, serverText } from './errors';

type Handler = (...args: unknown[]) => unknown;

/** What ./index.ts hands each registration to. */
export interface ContentDbFeature {
  readonly provider: ContentDbAuthProvider;
  handleUri(uri: vscode.Uri): void;
  readonly commands: Readonly<Record<ContentDbCommand, Handler>>;
  dispose(): void;
}

export function createContentDbFeature(context: vscode.ExtensionContext, log: (msg: string) => void): ContentDbFeature {
  const router = new UriCallbackRouter(log);
  const account = new ContentDbAccount(context.secrets, { log, uriRouter: router });
  const provider = new ContentDbAuthProvider(account, log);
  return {
    provider,
    handleUri(uri) {
      // Rebuilt from the decoded parts: Uri.toString() would percent-encode "=" and "&" in the query.
      router.handleUri(`${uri.scheme}://${uri.authority}${uri.path}?${uri.query}`);
    },
    commands: {
      ...sessionCommands(account, provider),
      ...clientSecretCommands(account),
      [COMMANDS.pendingAuthorizeUrl]: () => provider.pendingAuthorizeUrl,
    },
    dispose: () => provider.dispose(),
  };
}

const SETTINGS_KINDS: ContentDbErrorKind[] = [
  'invalidBaseUrl',
  'missingClientId',
  'invalidRedirectUri',
  'serverMissingClientId',
  'unsupportedGrantType',
  'badClientCredentials',
  'portInUse',
  'badResponse',
  'network',
];
const SIGN_IN_AGAIN_KINDS: ContentDbErrorKind[] = [
  'badCode',
  'tokenRejected',
  'timeout',
  'notSignedIn',
  'serverMissingCode',
  'authorizeError',
  'browserNotOpened',
];

/** Shows a sign-in error with what the user can do next (open the settings, sign in again); a cancel as a note. */
async function reportError(e: unknown): Promise<void> {
  const message = ContentDbAuthProvider.describe(e);
  if (e instanceof ContentDbError && e.kind === 'cancelled') {
    void vscode.window.showInformationMessage(message);
    return;
  }
  const kind = e instanceof ContentDbError ? e.kind : undefined;
  const actions: string[] = [];
  if (kind && SETTINGS_KINDS.includes(kind)) actions.push('Open Settings');
  if ((e instanceof ContentDbError && e.forgetClientSecret) || (kind && SIGN_IN_AGAIN_KINDS.includes(kind))) actions.push('Sign In Again');
  const choice = await vscode.window.showErrorMessage(message, ...actions);
  if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', 'wikimapQuery.contentDb');
  if (choice === 'Sign In Again') void vscode.commands.executeCommand(COMMANDS.signIn);
}

/** Sign in, sign out, who am I. */
function sessionCommands(account: ContentDbAccount, provider: ContentDbAuthProvider) {
  return {
    // Calls the provider directly instead of vscode.authentication.getSession({ createIfNone }): the user asked
    // to sign in to ContentDB, so VS Code's extra "wants to sign in" dialog would ask the same question twice
    // (and dialogs are refused in extension tests). The account shows in the Accounts menu either way; an
    // extension that later wants the token asks through authentication.getSession, and VS Code asks the user
    // once whether it may.
    [COMMANDS.signIn]: async () => {
      try {
        const session = await provider.createSession(CONTENTDB_SCOPES);
        void vscode.window.showInformationMessage(`Signed in to ContentDB as ${session.account.label}.`);
        return { username: session.account.label };
      } catch (e) {
        await reportError(e);
        return undefined;
      }
    },
    // Removes every token the extension stored (also ones kept under earlier settings) and says whose.
    [COMMANDS.signOut]: async () => {
      const removed = await account.signOutAll(readConfig());
      await provider.refresh();
      if (removed.length === 0) {
        void vscode.window.showInformationMessage('You are not signed in to ContentDB: no ContentDB token is stored.');
        return false;
      }
      const whom = removed.map((s) => `${serverText(s.username)} on ${s.baseUrl}`).join(', ');
      void vscode.window.showInformationMessage(`Signed out of ContentDB: removed the token of ${whom}.`);
      return true;
    },
    [COMMANDS.whoAmI]: async () => {
      const cfg = readConfig();
      try {
        const username = await account.whoAmI(cfg);
        void vscode.window.showInformationMessage(`Signed in to ContentDB (${cfg.baseUrl}) as ${serverText(username)}.`);
        return username;
      } catch (e) {
        await provider.refresh();
        await reportError(e);
        return undefined;
      }
    },
  };
}

/** Store or forget the OAuth application's client secret (VS Code's secret storage only). */
function clientSecretCommands(account: ContentDbAccount) {
  return {
    // With a string argument (from another command or a test) the secret is stored without asking.
    [COMMANDS.setClientSecret]: async (secret?: unknown) => {
      const cfg = readConfig();
      const value =
        typeof secret === 'string'
          ? secret
          : await vscode.window.showInputBox({
              title: 'ContentDB client secret',
              prompt: `Client secret of the ContentDB OAuth2 application ${cfg.clientId || '(set wikimapQuery.contentDb.clientId first)'}. Kept in VS Code's secret storage only.`,
              password: true,
              ignoreFocusOut: true,
            });
      if (value === undefined) return false;
      try {
        await account.setClientSecret(cfg, value);
        return true;
      } catch (e) {
        await reportError(e);
        return false;
      }
    },
    [COMMANDS.forgetClientSecret]: async () => {
      const cfg = readConfig();
      const had = await account.hasClientSecret(cfg).catch(() => false);
      await account.forgetClientSecret(cfg).catch(() => undefined);
      void vscode.window.showInformationMessage(
        had ? 'The ContentDB client secret has been forgotten.' : 'No ContentDB client secret was stored.',
      );
      return had;
    },
  };
}
