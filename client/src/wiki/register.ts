/**
 * The wiki feature in VS Code: the result documents and their lenses, the run, continue and fetch-all
 * commands, the query builder, the catalogue commands and the wiki switcher.
 */
import * as vscode from 'vscode';
import { queryAtCursor, registerCommand } from '../commands';
import type { EndpointStatus } from '../endpoints';
import type { QueryLanguageClient } from '../languageClient';
import type { RunLensProvider } from '../runLens';
import type { RunRecorder } from '../runWithProgress';
import { registerWikiCatalogueCommands } from './catalogueCommands';
import { QueryBuilder, type BuilderAnswers } from './queryBuilder';
import { RESULT_SCHEME, WikiResultProvider } from './wikiResultProvider';
import { WikiRunner, type RunNetwork } from './wikiRunner';

export interface WikiFeature {
  runner: WikiRunner;
  results: WikiResultProvider;
}

export interface WikiDeps {
  client: QueryLanguageClient;
  recorder: RunRecorder;
  version: string;
  lenses: RunLensProvider;
  endpoints: EndpointStatus;
  network: RunNetwork;
}

export function registerWiki(context: vscode.ExtensionContext, deps: WikiDeps): WikiFeature {
  const results = new WikiResultProvider();
  const runner = new WikiRunner(results, deps.recorder, deps.version, deps.network);
  context.subscriptions.push(
    results,
    runner,
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, results),
    vscode.languages.registerCodeLensProvider({ scheme: RESULT_SCHEME }, results),
  );
  registerWikiRunCommands(context, deps.client, { runner, results });
  registerWikiCatalogueCommands(context, { ...deps, log: deps.recorder.log });
  return { runner, results };
}

/** The result document a command is for: its argument, else the active editor's result document. */
function resultUriArg(uri?: vscode.Uri | string): vscode.Uri | undefined {
  if (uri) return typeof uri === 'string' ? vscode.Uri.parse(uri) : uri;
  const active = vscode.window.activeTextEditor?.document.uri;
  return active?.scheme === RESULT_SCHEME ? active : undefined;
}

function registerWikiRunCommands(context: vscode.ExtensionContext, client: QueryLanguageClient, { runner, results }: WikiFeature): void {
  const readQueries = (text: string) => client.runnableQueriesOfText(text);
  const runAtCursor = async (mode: 'once' | 'all') => {
    const found = await queryAtCursor(client, 'wiki');
    return found && runner.run(runner.fromRunnable(found.uri, found.query, found.query.vsRange), mode);
  };
  registerCommand(context, 'wikimapQuery.wiki.runQueryAtCursor', () => runAtCursor('once'));
  registerCommand(context, 'wikimapQuery.wiki.runQuery', async (text?: string) => {
    const typed =
      typeof text === 'string'
        ? text
        : await vscode.window.showInputBox({
            title: 'Run Wiki Query',
            prompt: 'A full api.php URL, or a query like action=query&list=allpages&aplimit=10 (runs on the selected wiki)',
            placeHolder: 'https://example.org/w/api.php?action=query&list=allpages',
            ignoreFocusOut: true,
            validateInput: (v) => (v.trim() ? undefined : 'Type or paste a query.'),
          });
    if (!typed) return undefined;
    return runner.runText(typed, readQueries);
  });
  registerCommand(context, 'wikimapQuery.wiki.fetchAllAtCursor', () => runAtCursor('all'));
  registerCommand(context, 'wikimapQuery.wiki.continue', async (uri?: vscode.Uri | string) => {
    const target = resultUriArg(uri);
    if (!target) return void vscode.window.showWarningMessage('Open a wiki result (it has "More results" in its header) to continue it.');
    return runner.continueResult(target, 'next');
  });
  registerCommand(context, 'wikimapQuery.wiki.fetchAll', async (uri?: vscode.Uri | string) => {
    const target = resultUriArg(uri);
    if (!target) return runAtCursor('all');
    return runner.continueResult(target, 'all');
  });
  registerCommand(context, 'wikimapQuery.wiki.rerun', async (uri?: vscode.Uri | string) => {
    const target = resultUriArg(uri);
    const stored = target && results.get(target);
    if (!stored) return void vscode.window.showWarningMessage('This result is no longer in memory; run the query from its document.');
    return runner.run({ apiUrl: stored.result.apiUrl, params: stored.result.originalParams, source: stored.source });
  });
  const builder = new QueryBuilder(client, (text) => runner.runText(text, readQueries));
  registerCommand(context, 'wikimapQuery.wiki.buildQuery', (answers?: BuilderAnswers) => builder.build(answers ?? {}));
}
