/**
 * VS Code extension entry point: starts the language client, then each feature registers its own
 * commands and providers (wiki/register.ts, map/register.ts, contentdb/index.ts, the Run lens and the
 * run and history commands). Commands return useful values (result URIs, counts, query text) so scripts and
 * the end-to-end tests can follow what happened.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../common/errorMessage';
import { registerContentDb } from './contentdb/index';
import { EndpointStatus } from './endpoints';
import { QueryLanguageClient } from './languageClient';
import { Log } from './log';
import { nodeLanguageClientHost } from './nodeLanguageClient';
import { nodeTransport } from '../../run/node/nodeTransport';
import { registerMap } from './map/register';
import { RunHistory } from '../../run/runHistory';
import { registerRunCommands } from './runCommands';
import { registerRunLens } from './runLens';
import { registerWiki } from './wiki/register';
import { registerSignInCommands, WikiSignIns } from './wiki/wikiSignIn';
import { perWikiSignInTransport } from '../../run/wiki/wikiAuth';
import { makeUserAgent } from '../../run/httpClient';

const HISTORY_KEY = 'wikimapQuery.runHistory';

/** What `activate` returns: handles for scripts and end-to-end tests. */
export interface WikimapQueryApi {
  history: RunHistory;
  /** The message of the last failed run (cleared by a successful one). */
  lastRunError(): string | undefined;
  /** The text of a wiki result document. */
  resultText(uri: vscode.Uri | string): string | undefined;
  /** The map objects currently shown in the map results view. */
  mapResults(): unknown[] | undefined;
  /** What the map results webview last reported on screen (rows in the table, points in the plot). */
  mapResultsRendered(): { rows: number; points: number; sortKey: string; sortDir: number; filter: string } | undefined;
  /** The wiki diagnostics (source "wiki") placed from the last runs. */
  wikiDiagnostics: vscode.DiagnosticCollection;
  /** How long `activate` itself took, in ms (VS Code's own figure adds loading the bundle). */
  activationMs: number;
}

export function activate(context: vscode.ExtensionContext): WikimapQueryApi {
  const activationStarted = performance.now();
  const version = String(context.extension?.packageJSON?.version ?? '0.0.0');
  const log = new Log();
  context.subscriptions.push(log);

  const signIns = new WikiSignIns(context.secrets, context.globalState, (m) => log.info(m));
  const client = startLanguageClient(context, log, signIns);
  const history = new RunHistory(undefined, context.globalState.get(HISTORY_KEY));
  const recorder = { history, saveHistory: () => void context.globalState.update(HISTORY_KEY, history.toJSON()), log };
  const endpoints = new EndpointStatus();
  context.subscriptions.push(endpoints);

  const lenses = registerRunLens(context, client, log);
  // A run on a wiki signed in to carries that wiki's secret (the command line's sign-in code), no other's.
  const transport = perWikiSignInTransport(nodeTransport, (apiUrl) => signIns.secretFor(apiUrl), makeUserAgent(version));
  const wiki = registerWiki(context, { client, recorder, version, lenses, endpoints, network: { transport, signIn: true } });
  registerSignInCommands(context, signIns, {
    reloadCatalogue: (apiUrl) => vscode.commands.executeCommand('wikimapQuery.wiki.reloadCatalogue', apiUrl),
    // After a sign-out, what the signed-in loads brought (in memory, in the disk cache) is dropped, then reloaded unsigned.
    forgetCatalogue: (apiUrl) => client.reloadCatalogue({ apiUrl, forget: true }),
  });
  const map = registerMap(context, { client, recorder, version, endpoints });
  registerRunCommands(context, { client, recorder, wiki, map });
  registerContentDbSafely(context, log);

  log.info(`Wiki & Map Query ${version} activated`);
  return {
    history,
    lastRunError: () => wiki.runner.lastError ?? map.runner.lastError,
    resultText: (uri) => wiki.results.get(uri)?.text,
    mapResults: () => map.panel.result?.objects,
    mapResultsRendered: () => map.panel.lastRender,
    wikiDiagnostics: wiki.runner.diagnostics,
    activationMs: performance.now() - activationStarted,
  };
}

/** Starts the language server (an error is shown, the rest of the extension still works). */
function startLanguageClient(context: vscode.ExtensionContext, log: Log, signIns: WikiSignIns): QueryLanguageClient {
  const client = new QueryLanguageClient((m) => log.info(m), nodeLanguageClientHost(context));
  client.answerWikiSecrets((apiUrl) => signIns.secretFor(apiUrl));
  activeClient = client;
  client.start().catch((e: unknown) => {
    void vscode.window.showErrorMessage(
      `Wiki & Map Query: the language server did not start (${errorMessage(e)}). See the "Wiki & Map Query" output.`,
    );
  });
  // Trusting the workspace lifts the restrictions: the server starts again with the new policy.
  context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => void client.restart()));
  return client;
}

function registerContentDbSafely(context: vscode.ExtensionContext, log: Log): void {
  try {
    context.subscriptions.push(registerContentDb(context, (m) => log.info(m)));
  } catch (e) {
    log.error(`ContentDB sign-in could not be registered: ${errorMessage(e)}`);
  }
}

let activeClient: QueryLanguageClient | undefined;

/** Stops the language server and waits for it, so it never outlives the extension host. */
export function deactivate(): Promise<void> | undefined {
  const client = activeClient;
  activeClient = undefined;
  return client?.stop();
}
