/**
 * Wiki results as read-only virtual documents (scheme `wikimap-result`, JSONC: summary comments
 * then the pretty-printed body), with "Continue" / "Fetch all" / "Run again" lenses on top.
 */
import * as vscode from 'vscode';
import type { WikiRunResult } from '../../../run/wiki/wikiRun';
import { getContinuation } from '../../../run/wiki/wikiRun';
import { formatWikiResultDocument, isXmlResult } from '../../../run/wiki/wikiResultDocument';
import { describeParams } from '../../../run/wiki/wikiRequest';
import { hostOf } from '../../../common/hostOf';
import type { QuerySource } from './wikiQuerySource';

export const RESULT_SCHEME = 'wikimap-result';
/** Results kept in memory for "open result" (older ones fall out; they can be re-run from history). */
const MAX_RESULTS = 50;

export interface StoredWikiResult {
  result: WikiRunResult;
  text: string;
  /** The query document and the query's range, for placing the wiki's messages. */
  source?: QuerySource;
  historyId?: string;
}

export class WikiResultProvider implements vscode.TextDocumentContentProvider, vscode.CodeLensProvider, vscode.Disposable {
  private readonly results = new Map<string, StoredWikiResult>();
  private counter = 0;
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  add(stored: Omit<StoredWikiResult, 'text'>): vscode.Uri {
    const r = stored.result;
    const host = safeSegment(hostOf(r.apiUrl) ?? 'wiki');
    const label = safeSegment(describeParams(r.originalParams, 50));
    const batch = r.batch > 0 ? ` (batch ${r.batch + 1})` : r.pages > 1 ? ` (all ${r.pages} pages)` : '';
    const uri = vscode.Uri.from({
      scheme: RESULT_SCHEME,
      path: `/${host}/${++this.counter} ${label}${batch}.${isXmlResult(r) ? 'xml' : 'jsonc'}`,
    });
    this.results.set(uri.toString(), { ...stored, text: formatWikiResultDocument(r) });
    while (this.results.size > MAX_RESULTS) this.results.delete(this.results.keys().next().value as string);
    return uri;
  }

  get(uri: vscode.Uri | string): StoredWikiResult | undefined {
    return this.results.get(typeof uri === 'string' ? uri : uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return (
      this.get(uri)?.text ??
      '// This result is no longer in memory (results are kept for the current session only).\n// Run the query again from "Wiki Query: Run History…".\nnull\n'
    );
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const stored = this.get(document.uri);
    if (!stored) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses: vscode.CodeLens[] = [];
    if (getContinuation(stored.result.json)) {
      lenses.push(
        new vscode.CodeLens(top, {
          title: '$(debug-continue) Continue',
          command: 'wikimapQuery.wiki.continue',
          arguments: [document.uri],
          tooltip: 'Fetch the next batch (the continue values merged into the query)',
        }),
      );
      lenses.push(
        new vscode.CodeLens(top, {
          title: '$(run-all) Fetch all',
          command: 'wikimapQuery.wiki.fetchAll',
          arguments: [document.uri],
          tooltip: 'Follow continuation up to wikimapQuery.run.fetchAllMaxPages pages',
        }),
      );
    }
    lenses.push(new vscode.CodeLens(top, { title: '$(refresh) Run again', command: 'wikimapQuery.wiki.rerun', arguments: [document.uri] }));
    return lenses;
  }

  dispose(): void {
    this.changed.dispose();
    this.results.clear();
  }
}

/** A URI path segment that shows well in a tab title. */
function safeSegment(s: string): string {
  return s.replace(/[\\/?#%\u0000-\u001f]/g, '_').slice(0, 80) || 'result';
}
