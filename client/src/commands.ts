/**
 * What the features' commands share: registering a command on the extension's context, and finding
 * the runnable query at the cursor (the server says which queries a document holds).
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../common/errorMessage';
import type { RunnableQuery } from '../../common/protocol';
import type { QueryLanguageClient } from './languageClient';

/**
 * Registers command `id`. Its arguments come from wherever the command is run (palette, keybinding,
 * code lens, another extension), untyped: a handler declares what it accepts and checks it.
 */
export function registerCommand(context: vscode.ExtensionContext, id: string, fn: (...args: never[]) => unknown): void {
  context.subscriptions.push(vscode.commands.registerCommand(id, fn as (...args: unknown[]) => unknown));
}

export type QueryAtCursor = { uri: vscode.Uri; query: RunnableQuery & { vsRange: vscode.Range } };

/** The runnable query at the cursor (or the only one, or one the user picks) of a kind. */
export async function queryAtCursor(client: QueryLanguageClient, kind: 'wiki' | 'map'): Promise<QueryAtCursor | undefined> {
  const editor = vscode.window.activeTextEditor;
  const what = kind === 'wiki' ? 'wiki query' : 'map query';
  if (!editor) {
    void vscode.window.showWarningMessage(
      `Open a ${kind === 'wiki' ? '.wikiquery' : '.mapquery.json'} file and put the cursor in a ${what}.`,
    );
    return undefined;
  }
  let queries;
  try {
    queries = (await client.runnableQueries(editor.document.uri)).filter((q) => q.kind === kind);
  } catch (e) {
    void vscode.window.showErrorMessage(errorMessage(e));
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
      queries.map((q) => ({
        label: `line ${q.vsRange.start.line + 1}`,
        description: editor.document.lineAt(q.vsRange.start.line).text.slice(0, 100),
        q,
      })),
      { title: `Which ${what}?` },
    );
    query = pick?.q;
  }
  return query ? { uri: editor.document.uri, query } : undefined;
}
