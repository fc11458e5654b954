/**
 * "▶ Run" above every runnable query (wiki and map), from the server's
 * `wikimapQuery/runnableQueries` request: the client never parses documents itself.
 */
import * as vscode from 'vscode';
import { MAP_LANGUAGE_ID, WIKI_LANGUAGE_ID } from '../../common/protocol';
import type { QueryLanguageClient } from './languageClient';
import type { Log } from './log';
import { getEmbeddedLanguages } from './settings';

/**
 * The Run lens on wiki and map documents and on the embedded languages (wikimapQuery.embeddedLanguages).
 * When that setting changes the lens follows and the language server restarts to read them too.
 */
export function registerRunLens(context: vscode.ExtensionContext, client: QueryLanguageClient, log: Log): RunLensProvider {
  const lenses = new RunLensProvider(client);
  // Lets menus and the palette offer "Run Query at Cursor" in the embedded languages too.
  const setEmbeddedContext = () =>
    void vscode.commands.executeCommand('setContext', 'wikimapQuery.embeddedLanguageIds', getEmbeddedLanguages());
  setEmbeddedContext();
  const lensSelector = () => [
    { language: WIKI_LANGUAGE_ID },
    { language: MAP_LANGUAGE_ID },
    ...getEmbeddedLanguages().map((language) => ({ language })),
  ];
  let lensRegistration = vscode.languages.registerCodeLensProvider(lensSelector(), lenses);
  context.subscriptions.push(
    { dispose: () => lensRegistration.dispose() },
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('wikimapQuery.embeddedLanguages')) {
        setEmbeddedContext();
        lensRegistration.dispose();
        lensRegistration = vscode.languages.registerCodeLensProvider(lensSelector(), lenses);
        await client.restart().catch((err: unknown) => log.error(`restart failed: ${String(err)}`));
      }
    }),
  );
  return lenses;
}

export class RunLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly client: QueryLanguageClient) {}

  refresh(): void {
    this.changed.fire();
  }

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    let queries;
    try {
      queries = await this.client.runnableQueries(document.uri, token);
    } catch {
      return []; // server still starting or gone: no lenses rather than an error popup
    }
    return queries.map((q, index) => {
      const title = q.kind === 'map' ? '▶ Run map query' : '▶ Run';
      const tooltip =
        q.kind === 'map'
          ? 'POST this query to the map server (wikimapQuery.mapserver.url)'
          : q.apiUrl
            ? `GET ${q.apiUrl}`
            : 'GET on the selected wiki (wikimapQuery.wiki.apiUrl)';
      return new vscode.CodeLens(new vscode.Range(q.vsRange.start, q.vsRange.start), {
        title,
        tooltip,
        command: 'wikimapQuery.runQuery',
        arguments: [document.uri, index, q],
      });
    });
  }
}
