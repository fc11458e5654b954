/**
 * The web extension's entry point (package.json "browser", dist/web/client.js), for vscode.dev,
 * github.dev and other VS Code web workbenches: the language server runs in a Web Worker, so
 * diagnostics, completion, hover, fixes, symbols, semantic tokens and live wiki catalogues work as on
 * the desktop. Wiki runs, the catalogue commands and the wiki/map pickers are the desktop's own (runs
 * through the page's `fetch`, with `origin=*`); private wikis sign in with an OAuth 2 token
 * (`crossorigin=1`, MediaWiki 1.44+ with the OAuth extension); what needs the desktop (map runs,
 * ContentDB sign-in, bot passwords, the run history) answers with the reason (./webOnlyCommands.ts).
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../common/errorMessage';
import { isObject } from '../../../common/isObject';
import { MAP_LANGUAGE_ID, type RunnableQuery } from '../../../common/protocol';
import { fetchTransport } from '../../../run/browser/fetchTransport';
import { RunHistory } from '../../../run/runHistory';
import { queryAtCursor, registerCommand } from '../commands';
import { EndpointStatus } from '../endpoints';
import { QueryLanguageClient } from '../languageClient';
import { Log } from '../log';
import { registerRunLens } from '../runLens';
import { registerWiki, type WikiFeature } from '../wiki/register';
import { BROWSER_SIGN_IN, registerSignInCommands, WikiSignIns } from '../wiki/wikiSignIn';
import { makeUserAgent } from '../../../run/httpClient';
import { perWikiSignInTransport, wikiKey } from '../../../run/wiki/wikiAuth';
import { browserLanguageClientHost } from './browserLanguageClient';
import { watchMapConfigFile } from './mapConfigFile';
import { DESKTOP_ONLY_COMMANDS, DESKTOP_ONLY_REASON } from './webOnlyCommands';

let activeClient: QueryLanguageClient | undefined;

/** What `activate` returns in the web: the client, for scripts and the browser tests. */
export interface WikimapQueryWebApi {
  /** Settles when the language server in its worker answered `initialize`. */
  serverReady: Promise<void>;
  /** The folder where live catalogues are cached (the extension's global storage). */
  catalogueCache: vscode.Uri;
}

export function activate(context: vscode.ExtensionContext): WikimapQueryWebApi {
  const log = new Log();
  context.subscriptions.push(log);
  const client = new QueryLanguageClient((m) => log.info(m), browserLanguageClientHost(context));
  // Private wikis: OAuth 2 tokens in the browser's secret storage, for catalogue loads and runs (crossorigin=1).
  const signIns = new WikiSignIns(context.secrets, context.globalState, (m) => log.info(m), BROWSER_SIGN_IN);
  const secretFor = (apiUrl: string) => signIns.secretFor(apiUrl);
  client.answerWikiSecrets(secretFor, 'oauth2');
  activeClient = client;
  const serverReady = client.start().catch((e: unknown) => {
    void vscode.window.showErrorMessage(
      `Wiki & Map Query: the language server did not start in its worker (${errorMessage(e)}). See the "Wiki & Map Query" output.`,
    );
  });
  context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => void client.restart()));
  const endpoints = new EndpointStatus();
  context.subscriptions.push(endpoints);
  const lenses = registerRunLens(context, client, log);
  // Wiki runs as on the desktop, through the page's fetch (origin=*, Api-User-Agent; signed: crossorigin=1
  // and the wiki's own token); the history lives for the session.
  const history = new RunHistory();
  const recorder = { history, saveHistory: () => undefined, log };
  const version = String(context.extension?.packageJSON?.version ?? '0.0.0');
  const transport = perWikiSignInTransport(fetchTransport(), secretFor, makeUserAgent(version));
  const signedFor = async (apiUrl: string) => (await secretFor(wikiKey(apiUrl))) !== undefined;
  const network = { transport, crossOrigin: true, signIn: 'oauth2' as const, signedFor };
  const wiki = registerWiki(context, { client, recorder, version, lenses, endpoints, network });
  registerSignInCommands(context, signIns, {
    reloadCatalogue: (apiUrl) => vscode.commands.executeCommand('wikimapQuery.wiki.reloadCatalogue', apiUrl),
    forgetCatalogue: (apiUrl) => client.reloadCatalogue({ apiUrl, forget: true }),
  });
  registerLensTarget(context, client, wiki);
  registerCommand(context, 'wikimapQuery.map.selectEndpoint', (choice?: string) => endpoints.select('map', choice));
  for (const [command, reason] of Object.entries(DESKTOP_ONLY_COMMANDS)) {
    registerCommand(context, command, () => {
      log.info(`${command}: ${DESKTOP_ONLY_REASON[reason]}`);
      void vscode.window.showInformationMessage(DESKTOP_ONLY_REASON[reason]);
      return undefined;
    });
  }
  registerContentDbExplanation(context);
  watchMapConfigFile(context, client, log);
  log.info(`Wiki & Map Query ${String(context.extension?.packageJSON?.version ?? '')} activated in the browser`);
  return { serverReady, catalogueCache: context.globalStorageUri };
}

/** The Run lens's command: wiki queries run here; map queries say why they need the desktop. */
function registerLensTarget(context: vscode.ExtensionContext, client: QueryLanguageClient, wiki: WikiFeature): void {
  registerCommand(context, 'wikimapQuery.runQuery', async (uri?: vscode.Uri, _index?: number, query?: RunnableQuery) => {
    const editor = vscode.window.activeTextEditor;
    if (query?.kind === 'map' || (!query && editor?.document.languageId === MAP_LANGUAGE_ID)) {
      void vscode.window.showInformationMessage(DESKTOP_ONLY_REASON.map);
      return undefined;
    }
    if (uri && query) {
      const { start, end } = query.range;
      return wiki.runner.run(wiki.runner.fromRunnable(uri, query, new vscode.Range(start.line, start.character, end.line, end.character)));
    }
    const found = await queryAtCursor(client, 'wiki');
    return found && wiki.runner.run(wiki.runner.fromRunnable(found.uri, found.query, found.query.vsRange));
  });
}

/**
 * The ContentDB account provider of package.json, answering in the web with why sign-in needs the
 * desktop (so the Accounts menu says so instead of waiting for a provider that never comes).
 */
function registerContentDbExplanation(context: vscode.ExtensionContext): void {
  const declared: unknown = context.extension?.packageJSON?.contributes?.authentication?.[0];
  if (!isObject(declared) || typeof declared.id !== 'string' || typeof declared.label !== 'string') return;
  const changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  const provider: vscode.AuthenticationProvider = {
    onDidChangeSessions: changed.event,
    getSessions: async () => [],
    createSession: async () => {
      throw new Error(DESKTOP_ONLY_REASON.contentDb);
    },
    removeSession: async () => undefined,
  };
  context.subscriptions.push(changed, vscode.authentication.registerAuthenticationProvider(declared.id, declared.label, provider));
}

/** Stops the language server (and its worker). */
export function deactivate(): Promise<void> | undefined {
  const client = activeClient;
  activeClient = undefined;
  return client?.stop();
}
