/**
 * "▶ Run" above every runnable query (wiki and map), from the server's
 * `wikimapQuery/runnableQueries` request: the client never parses documents itself.
 */
import * as vscode from 'vscode';
import type { QueryLanguageClient } from './languageClient';

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
      const tooltip = q.kind === 'map' ? 'POST this query to the map server (wikimapQuery.mapserver.url)' : q.apiUrl ? `GET ${q.apiUrl}` : 'GET on the selected wiki (wikimapQuery.wiki.apiUrl)';
      return new vscode.CodeLens(new vscode.Range(q.vsRange.start, q.vsRange.start), {
        title,
        tooltip,
        command: 'wikimapQuery.runQuery',
        arguments: [document.uri, index, q],
      });
    });
  }
}
