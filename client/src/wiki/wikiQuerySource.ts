/**
 * Where a run wiki query is written, shared by the runner (./wikiRunner.ts) and the result documents
 * (./wikiResultProvider.ts) — a file of its own so that neither imports the other.
 */
import type * as vscode from 'vscode';

/** Where a run query is written: its document, its range, and (from the server) each parameter's place. */
export interface QuerySource {
  uri: vscode.Uri;
  range: vscode.Range;
  params?: Array<{ name: string; range: vscode.Range }>;
}
