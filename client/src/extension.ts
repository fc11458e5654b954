/**
 * VS Code extension entry point: starts the language client and registers the run commands,
 * lenses, result views, builder, history and endpoint switcher. ContentDB sign-in is registered
 * by ./contentdb. Commands return useful values (result URIs, counts, query text) so scripts and
 * the end-to-end tests can follow what happened.
 */
import * as vscode from 'vscode';
import { registerContentDb } from './contentdb/index';
import { EndpointStatus } from './endpoints';
import { QueryLanguageClient } from './languageClient';
import { Log } from './log';
import { MapResultsPanel } from './mapResultsPanel';
import { MapRunner } from './mapRunner';
import { QueryBuilder, type BuilderAnswers } from './queryBuilder';
import { RunLensProvider } from './runLens';
import { RunHistory, type HistoryEntry } from './run/runHistory';
import { RESULT_SCHEME, WikiResultProvider } from './wikiResultProvider';
import { WikiRunner } from './wikiRunner';
import { approveCatalogue, getEmbeddedLanguages } from './settings';
import { MAP_LANGUAGE_ID, WIKI_LANGUAGE_ID, type RunnableQuery } from '../../common/protocol';

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
  const logLine = (m: string) => log.info(m);

  const client = new QueryLanguageClient(context, logLine);
  activeClient = client;
  client.start().catch((e: unknown) => {
    void vscode.window.showErrorMessage(`Wiki & Map Query: the language server did not start (${e instanceof Error ? e.message : String(e)}). See the "Wiki & Map Query" output.`);
  });

  const history = new RunHistory(undefined, context.globalState.get(HISTORY_KEY));
  const saveHistory = () => void context.globalState.update(HISTORY_KEY, history.toJSON());

  const results = new WikiResultProvider();
  const mapPanel = new MapResultsPanel(context.extensionUri, logLine);
  const wiki = new WikiRunner(results, history, saveHistory, log, version);
  const map = new MapRunner(mapPanel, history, saveHistory, log, version);
  const lenses = new RunLensProvider(client);
  const endpoints = new EndpointStatus();
  const builder = new QueryBuilder(client, (text) => wiki.run(wiki.fromText(text)));
  context.subscriptions.push(results, mapPanel, wiki, endpoints);

  // Lets menus and the palette offer "Run Query at Cursor" in the embedded languages too.
  const setEmbeddedContext = () => void vscode.commands.executeCommand('setContext', 'wikimapQuery.embeddedLanguageIds', getEmbeddedLanguages());
  setEmbeddedContext();
  const lensSelector = () => [{ language: WIKI_LANGUAGE_ID }, { language: MAP_LANGUAGE_ID }, ...getEmbeddedLanguages().map((language) => ({ language }))];
  let lensRegistration = vscode.languages.registerCodeLensProvider(lensSelector(), lenses);
  context.subscriptions.push(
    { dispose: () => lensRegistration.dispose() },
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, results),
    vscode.languages.registerCodeLensProvider({ scheme: RESULT_SCHEME }, results),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('wikimapQuery.embeddedLanguages')) {
        setEmbeddedContext();
        lensRegistration.dispose();
        lensRegistration = vscode.languages.registerCodeLensProvider(lensSelector(), lenses);
        await client.restart().catch((err: unknown) => log.error(`restart failed: ${String(err)}`));
      }
    }),
  );

  /** The runnable query at the cursor (or the only one, or one the user picks) of a kind. */
  async function queryAtCursor(kind: 'wiki' | 'map'): Promise<{ uri: vscode.Uri; query: RunnableQuery & { vsRange: vscode.Range } } | undefined> {
    const editor = vscode.window.activeTextEditor;
    const what = kind === 'wiki' ? 'wiki query' : 'map query';
    if (!editor) {
      void vscode.window.showWarningMessage(`Open a ${kind === 'wiki' ? '.wikiquery' : '.mapquery.json'} file and put the cursor in a ${what}.`);
      return undefined;
    }
    let queries;
    try {
      queries = (await client.runnableQueries(editor.document.uri)).filter((q) => q.kind === kind);
    } catch (e) {
      void vscode.window.showErrorMessage(e instanceof Error ? e.message : String(e));
      return undefined;
    }
    if (!queries.length) {
      void vscode.window.showWarningMessage(`There is no runnable ${what} in this document.`);
      return undefined;
    }
    const pos = editor.selection.active;
    let query = queries.find((q) => q.vsRange.contains(pos));
    if (!query && queries.length === 1) query = queries[0];
    if (!query) {
      const before = queries.filter((q) => q.vsRange.start.isBeforeOrEqual(pos));
      query = before[before.length - 1];
    }
    if (!query) {
      const pick = await vscode.window.showQuickPick(
        queries.map((q) => ({ label: `line ${q.vsRange.start.line + 1}`, description: editor.document.lineAt(q.vsRange.start.line).text.slice(0, 100), q })),
        { title: `Which ${what}?` },
      );
      query = pick?.q;
    }
    return query ? { uri: editor.document.uri, query } : undefined;
  }

  async function runRunnable(uri: vscode.Uri, query: RunnableQuery & { vsRange?: vscode.Range }): Promise<unknown> {
    const range = query.vsRange ?? new vscode.Range(query.range.start.line, query.range.start.character, query.range.end.line, query.range.end.character);
    if (query.kind === 'map') return map.run(query.body);
    return wiki.run(wiki.fromRunnable(uri, query, range));
  }

  async function openHistoryEntry(entry: HistoryEntry): Promise<unknown> {
    if (entry.request.kind === 'map') {
      const reopened = entry.resultUri ? map.reopen(entry.id) : undefined;
      if (reopened) return reopened;
      return map.run(entry.request.body, entry.request.baseUrl);
    }
    if (entry.resultUri && results.get(entry.resultUri)) {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(entry.resultUri));
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
      return doc.uri;
    }
    return wiki.run({ apiUrl: entry.request.apiUrl, params: entry.request.params });
  }

  const register = (id: string, fn: (...args: any[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));

  // Lens target: (uri, index, query) — the query as the server gave it.
  register('wikimapQuery.runQuery', async (uri?: vscode.Uri, _index?: number, query?: RunnableQuery) => {
    if (uri && query) return runRunnable(uri, query);
    const editor = vscode.window.activeTextEditor;
    const kind = editor?.document.languageId === MAP_LANGUAGE_ID ? 'map' : 'wiki';
    const found = await queryAtCursor(kind);
    return found && runRunnable(found.uri, found.query);
  });
  register('wikimapQuery.wiki.runQueryAtCursor', async () => {
    const found = await queryAtCursor('wiki');
    return found && runRunnable(found.uri, found.query);
  });
  register('wikimapQuery.wiki.runQuery', async (text?: string) => {
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
    return wiki.run(wiki.fromText(typed));
  });
  register('wikimapQuery.wiki.fetchAllAtCursor', async () => {
    const found = await queryAtCursor('wiki');
    return found && wiki.run(wiki.fromRunnable(found.uri, found.query, found.query.vsRange), 'all');
  });
  const resultUriArg = (uri?: vscode.Uri | string) =>
    uri ? (typeof uri === 'string' ? vscode.Uri.parse(uri) : uri) : vscode.window.activeTextEditor?.document.uri.scheme === RESULT_SCHEME ? vscode.window.activeTextEditor.document.uri : undefined;
  register('wikimapQuery.wiki.continue', async (uri?: vscode.Uri | string) => {
    const target = resultUriArg(uri);
    if (!target) return void vscode.window.showWarningMessage('Open a wiki result (it has "More results" in its header) to continue it.');
    return wiki.continueResult(target, 'next');
  });
  register('wikimapQuery.wiki.fetchAll', async (uri?: vscode.Uri | string) => {
    const target = resultUriArg(uri);
    if (!target) {
      const found = await queryAtCursor('wiki');
      return found && wiki.run(wiki.fromRunnable(found.uri, found.query, found.query.vsRange), 'all');
    }
    return wiki.continueResult(target, 'all');
  });
  register('wikimapQuery.wiki.rerun', async (uri?: vscode.Uri | string) => {
    const target = resultUriArg(uri);
    const stored = target && results.get(target);
    if (!stored) return void vscode.window.showWarningMessage('This result is no longer in memory; run the query from its document.');
    return wiki.run({ apiUrl: stored.result.apiUrl, params: stored.result.originalParams, source: stored.source });
  });
  register('wikimapQuery.wiki.buildQuery', (answers?: BuilderAnswers) => builder.build(answers ?? {}));
  register('wikimapQuery.wiki.reloadCatalogue', async (apiUrl?: string) => {
    try {
      const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Reloading wiki catalogue…' }, () => client.reloadCatalogue({ apiUrl }));
      for (const err of r.errors) log.error(err);
      if (r.errors.length) void vscode.window.showWarningMessage(r.errors.join(' '));
      else void vscode.window.showInformationMessage(r.loaded.length ? `Catalogue reloaded from ${r.loaded.join(', ')}.` : 'No wiki is configured; the built-in catalogue is in use. Set wikimapQuery.wiki.apiUrl to load a wiki\'s own catalogue.');
      lenses.refresh();
      return r;
    } catch (e) {
      void vscode.window.showErrorMessage(`Reloading the catalogue failed: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  });
  // The quick fix "Load the catalogue of HOST" (server: catalogueApproval.ts): approval goes to the
  // user settings only; the server hears the change and fetches that wiki.
  register('wikimapQuery.wiki.approveCatalogue', async (origin?: unknown) => {
    if (typeof origin !== 'string' || !/^https?:\/\/[^/]+$/i.test(origin)) return undefined;
    const list = await approveCatalogue(origin);
    log.info(`Catalogue of ${origin} approved (wikimapQuery.wiki.approvedCatalogues in the user settings).`);
    return list;
  });
  // Trusting the workspace lifts the restrictions: the server starts again with the new policy.
  context.subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(() => void client.restart()));
  register('wikimapQuery.wiki.selectEndpoint', (choice?: string) => endpoints.select('wiki', choice));
  register('wikimapQuery.map.selectEndpoint', (choice?: string) => endpoints.select('map', choice));
  register('wikimapQuery.map.runQuery', async (body?: unknown) => {
    if (body !== undefined && typeof body === 'object') return map.run(body);
    const found = await queryAtCursor('map');
    return found && map.run(found.query.body);
  });
  register('wikimapQuery.map.exportCsv', (target?: vscode.Uri) => mapPanel.exportTo('csv', target));
  register('wikimapQuery.map.exportJson', (target?: vscode.Uri) => mapPanel.exportTo('json', target));
  register('wikimapQuery.showHistory', async (id?: string) => {
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
    const canOpen = pick.entry.resultUri && (pick.entry.request.kind === 'map' ? !!map.resultOf(pick.entry.id) : !!results.get(pick.entry.resultUri));
    const action = canOpen
      ? await vscode.window.showQuickPick(['Open result', 'Run again'], { title: pick.entry.label })
      : 'Run again';
    if (action === 'Open result') return openHistoryEntry(pick.entry);
    if (action === 'Run again') return openHistoryEntry({ ...pick.entry, resultUri: undefined });
    return undefined;
  });
  register('wikimapQuery.clearHistory', () => {
    history.clear();
    saveHistory();
  });

  try {
    context.subscriptions.push(registerContentDb(context, logLine));
  } catch (e) {
    log.error(`ContentDB sign-in could not be registered: ${e instanceof Error ? e.message : String(e)}`);
  }

  log.info(`Wiki & Map Query ${version} activated`);
  return {
    history,
    lastRunError: () => wiki.lastError ?? map.lastError,
    resultText: (uri) => results.get(uri)?.text,
    mapResults: () => mapPanel.result?.objects,
    mapResultsRendered: () => mapPanel.lastRender,
    wikiDiagnostics: wiki.diagnostics,
    activationMs: performance.now() - activationStarted,
  };
}

let activeClient: QueryLanguageClient | undefined;

/** Stops the language server and waits for it, so it never outlives the extension host. */
export function deactivate(): Promise<void> | undefined {
  const client = activeClient;
  activeClient = undefined;
  return client?.stop();
}
