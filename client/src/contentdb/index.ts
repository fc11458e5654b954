// Registers ContentDB sign-in in the editor: the authentication provider, the URI handler for vscode://
// redirect URLs, and the "ContentDB: …" commands. Everything else lives in the VS Code-free modules.
import * as vscode from 'vscode';
import { ContentDbAuthProvider, PROVIDER_ID, PROVIDER_LABEL, readConfig } from './authProvider';
import { UriCallbackRouter } from './callbackServer';
import { ContentDbAccount, CONTENTDB_SCOPES } from './contentDbAccount';
import { ContentDbError, ContentDbErrorKind, serverText } from './errors';

const COMMANDS = {
  signIn: 'wikimapQuery.contentDb.signIn',
  signOut: 'wikimapQuery.contentDb.signOut',
  whoAmI: 'wikimapQuery.contentDb.whoAmI',
  setClientSecret: 'wikimapQuery.contentDb.setClientSecret',
  forgetClientSecret: 'wikimapQuery.contentDb.forgetClientSecret',
  /** Hidden: the authorize URL of the sign-in in progress, or undefined. See docs/security.md. */
  pendingAuthorizeUrl: 'wikimapQuery.contentDb.pendingAuthorizeUrl',
} as const;

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

export function registerContentDb(context: vscode.ExtensionContext, log: (msg: string) => void): vscode.Disposable {
  const router = new UriCallbackRouter(log);
  const account = new ContentDbAccount(context.secrets, { log, uriRouter: router });
  const provider = new ContentDbAuthProvider(account, log);
  return vscode.Disposable.from(
    provider,
    vscode.authentication.registerAuthenticationProvider(PROVIDER_ID, PROVIDER_LABEL, provider, { supportsMultipleAccounts: false }),
    vscode.window.registerUriHandler({
      handleUri(uri: vscode.Uri) {
        // Rebuilt from the decoded parts: Uri.toString() would percent-encode "=" and "&" in the query.
        router.handleUri(`${uri.scheme}://${uri.authority}${uri.path}?${uri.query}`);
      },
    }),
    ...registerSessionCommands(account, provider),
    ...registerClientSecretCommands(account),
    vscode.commands.registerCommand(COMMANDS.pendingAuthorizeUrl, () => provider.pendingAuthorizeUrl),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('wikimapQuery.contentDb')) void provider.refresh();
    }),
    context.secrets.onDidChange(() => void provider.refresh()),
  );
}

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
function registerSessionCommands(account: ContentDbAccount, provider: ContentDbAuthProvider): vscode.Disposable[] {
  return [
    // Calls the provider directly instead of vscode.authentication.getSession({ createIfNone }): the user asked
    // to sign in to ContentDB, so VS Code's extra "wants to sign in" dialog would ask the same question twice
    // (and dialogs are refused in extension tests). The account shows in the Accounts menu either way; an
    // extension that later wants the token asks through authentication.getSession, and VS Code asks the user
    // once whether it may.
    vscode.commands.registerCommand(COMMANDS.signIn, async () => {
      try {
        const session = await provider.createSession(CONTENTDB_SCOPES);
        void vscode.window.showInformationMessage(`Signed in to ContentDB as ${session.account.label}.`);
        return { username: session.account.label };
      } catch (e) {
        await reportError(e);
        return undefined;
      }
    }),
    // Removes every token the extension stored (also ones kept under earlier settings) and says whose.
    vscode.commands.registerCommand(COMMANDS.signOut, async () => {
      const removed = await account.signOutAll(readConfig());
      await provider.refresh();
      if (removed.length === 0) {
        void vscode.window.showInformationMessage('You are not signed in to ContentDB: no ContentDB token is stored.');
        return false;
      }
      const whom = removed.map((s) => `${serverText(s.username)} on ${s.baseUrl}`).join(', ');
      void vscode.window.showInformationMessage(`Signed out of ContentDB: removed the token of ${whom}.`);
      return true;
    }),
    vscode.commands.registerCommand(COMMANDS.whoAmI, async () => {
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
    }),
  ];
}

/** Store or forget the OAuth application's client secret (VS Code's secret storage only). */
function registerClientSecretCommands(account: ContentDbAccount): vscode.Disposable[] {
  return [
    // With a string argument (from another command or a test) the secret is stored without asking.
    vscode.commands.registerCommand(COMMANDS.setClientSecret, async (secret?: unknown) => {
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
    }),
    vscode.commands.registerCommand(COMMANDS.forgetClientSecret, async () => {
      const cfg = readConfig();
      const had = await account.hasClientSecret(cfg).catch(() => false);
      await account.forgetClientSecret(cfg).catch(() => undefined);
      void vscode.window.showInformationMessage(
        had ? 'The ContentDB client secret has been forgotten.' : 'No ContentDB client secret was stored.',
      );
      return had;
    }),
  ];
}
