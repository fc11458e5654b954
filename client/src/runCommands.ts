/**
 * The commands that serve both kinds of query: "Run Query" (the Run lens's target) and the run
 * history (open a result again, or run the query again).
 */
import * as vscode from 'vscode';
import { MAP_LANGUAGE_ID, type RunnableQuery } from '../../common/protocol';
import { queryAtCursor, registerCommand } from './commands';
import type { QueryLanguageClient } from './languageClient';
import type { MapFeature } from './map/register';
import type { HistoryEntry } from '../../run/runHistory';
import type { RunRecorder } from './runWithProgress';
import type { WikiFeature } from './wiki/register';

export interface RunCommandDeps {
  client: QueryLanguageClient;
  recorder: RunRecorder;
  wiki: WikiFeature;
  map: MapFeature;
}

export function registerRunCommands(context: vscode.ExtensionContext, deps: RunCommandDeps): void {
  const { client, wiki, map } = deps;
  const runRunnable = async (uri: vscode.Uri, query: RunnableQuery & { vsRange?: vscode.Range }): Promise<unknown> => {
    const range =
      query.vsRange ??
      new vscode.Range(query.range.start.line, query.range.start.character, query.range.end.line, query.range.end.character);
    if (query.kind === 'map') return map.runner.run(query.body);
    return wiki.runner.run(wiki.runner.fromRunnable(uri, query, range));
  };
  // Lens target: (uri, index, query) — the query as the server gave it.
  registerCommand(context, 'wikimapQuery.runQuery', async (uri?: vscode.Uri, _index?: number, query?: RunnableQuery) => {
    if (uri && query) return runRunnable(uri, query);
    const editor = vscode.window.activeTextEditor;
    const kind = editor?.document.languageId === MAP_LANGUAGE_ID ? 'map' : 'wiki';
    const found = await queryAtCursor(client, kind);
    return found && runRunnable(found.uri, found.query);
  });
  registerHistoryCommands(context, deps);
}

function registerHistoryCommands(context: vscode.ExtensionContext, { recorder, wiki, map }: RunCommandDeps): void {
  const { history, saveHistory } = recorder;
  const openHistoryEntry = async (entry: HistoryEntry): Promise<unknown> => {
    if (entry.request.kind === 'map') {
      const reopened = entry.resultUri ? map.runner.reopen(entry.id) : undefined;
      if (reopened) return reopened;
      return map.runner.run(entry.request.body, entry.request.baseUrl);
    }
    if (entry.resultUri && wiki.results.get(entry.resultUri)) {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(entry.resultUri));
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
      return doc.uri;
    }
    return wiki.runner.run({ apiUrl: entry.request.apiUrl, params: entry.request.params });
  };
  registerCommand(context, 'wikimapQuery.showHistory', async (id?: string) => {
    if (id) {
      const entry = history.get(id);
      return entry && openHistoryEntry(entry);
    }
    if (!history.list().length) return void vscode.window.showInformationMessage('No runs yet. Run a query with the ▶ Run lens above it.');
    const pick = await vscode.window.showQuickPick(
      history.list().map((e) => ({
        label: `${e.ok ? '$(pass)' : '$(error)'} ${e.request.kind === 'wiki' ? '$(globe)' : '$(map)'} ${e.label}`,
        description: new Date(e.time).toLocaleString(),
        detail: e.outcome,
        entry: e,
      })),
      { title: `Run history (last ${history.limit})`, placeHolder: 'Pick a run to open its result (or run it again)', matchOnDetail: true },
    );
    if (!pick) return undefined;
    const canOpen =
      pick.entry.resultUri &&
      (pick.entry.request.kind === 'map' ? !!map.runner.resultOf(pick.entry.id) : !!wiki.results.get(pick.entry.resultUri));
    const action = canOpen ? await vscode.window.showQuickPick(['Open result', 'Run again'], { title: pick.entry.label }) : 'Run again';
    if (action === 'Open result') return openHistoryEntry(pick.entry);
    if (action === 'Run again') return openHistoryEntry({ ...pick.entry, resultUri: undefined });
    return undefined;
  });
  registerCommand(context, 'wikimapQuery.clearHistory', () => {
    history.clear();
    saveHistory();
  });
}
