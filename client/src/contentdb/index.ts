// Registers ContentDB sign-in in the editor: the authentication provider, the URI handler for vscode://
// redirect URLs, and the "ContentDB: …" commands. What they do — the account, the OAuth flow and its loopback
// callback server, the ContentDB client, the commands' work (./contentDbFeature.ts) — is a bundle of its own,
// dist/client.contentDb.js (scripts/build.js, CLIENT_LAZY_CHUNKS), required at its first use: a command, VS Code
// asking the provider for its sessions, or a redirect. Activation evaluates only this file.
import * as vscode from 'vscode';
import type { ContentDbFeature } from './contentDbFeature';
import { CONTENTDB_COMMANDS, PROVIDER_ID, PROVIDER_LABEL } from './contentDbIds';

export function registerContentDb(context: vscode.ExtensionContext, log: (msg: string) => void): vscode.Disposable {
  let feature: ContentDbFeature | undefined;
  const changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  const load = (): ContentDbFeature => {
    if (feature) return feature;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle of its own, required at first use
    const { createContentDbFeature } = require('./contentDbFeature') as typeof import('./contentDbFeature');
    feature = createContentDbFeature(context, log);
    feature.provider.onDidChangeSessions((e) => changed.fire(e));
    return feature;
  };
  const provider: vscode.AuthenticationProvider = {
    onDidChangeSessions: changed.event,
    getSessions: (scopes) => load().provider.getSessions(scopes),
    createSession: (scopes) => load().provider.createSession(scopes),
    removeSession: (sessionId) => load().provider.removeSession(sessionId),
  };
  return vscode.Disposable.from(
    changed,
    { dispose: () => feature?.dispose() },
    vscode.authentication.registerAuthenticationProvider(PROVIDER_ID, PROVIDER_LABEL, provider, { supportsMultipleAccounts: false }),
    vscode.window.registerUriHandler({ handleUri: (uri: vscode.Uri) => load().handleUri(uri) }),
    ...Object.values(CONTENTDB_COMMANDS).map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => load().commands[id](...args)),
    ),
    // Before the first use nothing was read, so there is nothing to refresh.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (feature && e.affectsConfiguration('wikimapQuery.contentDb')) void feature.provider.refresh();
    }),
    context.secrets.onDidChange(() => void feature?.provider.refresh()),
  );
}
