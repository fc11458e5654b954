/**
 * Running wiki queries from the editor: the Run lens, "Run Query at Cursor", "Run Query…",
 * Continue / Fetch all, the progress notification with cancel, the result document beside the
 * query, and the wiki's own warnings and errors as diagnostics (source "wiki") on the parameters.
 */
import * as vscode from 'vscode';
import type { RunnableQuery } from '../../../common/protocol';
import { RunError } from '../../../run/runErrors';
import {
  checkReadOnly,
  describeParams,
  READ_QUERY_TIMEOUT_MS,
  requestOfTypedQuery,
  withDeadline,
  type WikiParams,
} from '../../../run/wiki/wikiRequest';
import { fetchAll, runContinuation, runWikiQuery, type WikiRunResult } from '../../../run/wiki/wikiRun';
import type { RunOptions } from '../../../run/httpClient';
import type { HttpTransport } from '../../../run/transport';
import { extractWikiMessages, placeWikiMessages } from '../../../run/wiki/wikiMessages';
import { locateParam } from '../../../run/wiki/paramLocator';
import { isXmlResult, summariseWikiResult, summaryLine } from '../../../run/wiki/wikiResultDocument';
import { makeUserAgent } from '../../../run/httpClient';
import { getConfiguredEndpoints, getCurrentEndpoint, getRunSettings, untrustedRunMessage } from '../settings';
import { addressPolicyFor } from '../../../run/address';
import type { WikiResultProvider } from './wikiResultProvider';
import type { QuerySource } from './wikiQuerySource';
import { reportRunFailure, runWithProgress, type RunRecorder } from '../runWithProgress';

export type { QuerySource };

export interface WikiRunRequest {
  apiUrl?: string;
  params: WikiParams;
  source?: QuerySource;
}

/** How runs reach the network: Node's transport on the desktop, the page's `fetch` in the browser (`crossOrigin`). */
export interface RunNetwork {
  transport: HttpTransport;
  crossOrigin?: boolean;
  /**
   * The transport signs in to the wikis the user signed in to ("Wiki Query: Sign in to Wiki…" exists):
   * `true` with bot passwords and OAuth 2 tokens (desktop), `'oauth2'` with tokens only (browser).
   */
  signIn?: boolean | 'oauth2';
  /** Whether a wiki's requests go signed (the browser asks `crossorigin=1` for those instead of `origin=*`). */
  signedFor?: (apiUrl: string) => Promise<boolean>;
}

/** The wiki's error code of a run's answer, if it answered with one. */
function errorCodeOf(json: unknown): string | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const j = json as { error?: { code?: unknown }; errors?: Array<{ code?: unknown }> };
  const code = j.error?.code ?? (Array.isArray(j.errors) ? j.errors[0]?.code : undefined);
  return typeof code === 'string' ? code : undefined;
}

export class WikiRunner implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('wiki');
  /** Per document: diagnostics of each run query, keyed by the query's start line. */
  private readonly byDocument = new Map<string, Map<number, { range: vscode.Range; diagnostics: vscode.Diagnostic[] }>>();
  private readonly subscriptions: vscode.Disposable[] = [];
  lastError: string | undefined;
  /** Set by `show` when the wiki refused to be read (`readapidenied`): the run succeeded, the reading did not. */
  private readDenied: string | undefined;

  constructor(
    private readonly results: WikiResultProvider,
    private readonly recorder: RunRecorder,
    private readonly version: string,
    private readonly network: RunNetwork,
  ) {
    // The wiki's messages describe the query as it was run: when that query changes they go.
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        const perQuery = this.byDocument.get(e.document.uri.toString());
        if (!perQuery || !e.contentChanges.length) return;
        for (const change of e.contentChanges) {
          const shifts = change.range.start.line !== change.range.end.line || change.text.includes('\n');
          for (const [line, q] of perQuery) {
            if (shifts || q.range.intersection(change.range) || q.range.contains(change.range.start)) perQuery.delete(line);
          }
        }
        this.publish(e.document.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.byDocument.delete(d.uri.toString());
        this.diagnostics.delete(d.uri);
      }),
    );
  }

  /** A run's options; the address its host resolves to may be loopback or private only for a configured wiki. */
  private async runOptions(signal: AbortSignal, apiUrl: string): Promise<RunOptions> {
    const s = getRunSettings();
    const signed = this.network.crossOrigin && (await this.network.signedFor?.(apiUrl).catch(() => false));
    return {
      transport: this.network.transport,
      crossOrigin: this.network.crossOrigin,
      signedCrossOrigin: signed === true,
      addressPolicy: addressPolicyFor(apiUrl, getConfiguredEndpoints('wiki')),
      timeoutMs: s.timeoutMs,
      maxBytes: s.maxBytes,
      maxParsedBytes: s.maxParsedBytes,
      signal,
      userAgent: makeUserAgent(this.version),
      onRequest: (url, method) => this.recorder.log.request(method, url),
    };
  }

  /** The endpoint for a query: its own URL, else the selected wiki. Says what to do when there is none. */
  resolveApiUrl(own?: string): string {
    const current = getCurrentEndpoint('wiki');
    const url = own || current.url;
    if (!url && current.file !== undefined) {
      throw new RunError(
        'badUrl',
        `The selected wiki "${current.name}" is a saved catalogue file (${current.file}): queries are judged by it, but there is no wiki to run them on. Select a wiki with an api.php URL ("Wiki Query: Select Wiki…"), or write the full api.php URL in the query.`,
      );
    }
    if (!url) {
      throw new RunError(
        'badUrl',
        'This query names no wiki and no wiki is selected. Set wikimapQuery.wiki.apiUrl (or pick one with "Wiki Query: Select Wiki…"), or write the full api.php URL in the query.',
      );
    }
    return url;
  }

  fromRunnable(uri: vscode.Uri, q: RunnableQuery, range: vscode.Range): WikiRunRequest {
    const params = q.paramRanges?.map((p) => ({
      name: p.name,
      range: new vscode.Range(p.nameRange.start.line, p.nameRange.start.character, p.valueRange.end.line, p.valueRange.end.character),
    }));
    return { apiUrl: q.apiUrl || undefined, params: q.params ?? [], source: { uri, range, params } };
  }

  /**
   * Runs a query typed into "Run Query…" (or composed by the builder). The language server reads the
   * text (`readQueries`), as it reads documents: the client parses no queries of its own.
   */
  async runText(text: string, readQueries: (text: string) => Promise<RunnableQuery[]>): Promise<vscode.Uri | undefined> {
    let req: WikiRunRequest;
    try {
      const queries = await withDeadline(
        readQueries(text),
        READ_QUERY_TIMEOUT_MS,
        `The language server did not read the query within ${READ_QUERY_TIMEOUT_MS / 1000} s. Try again, or run "Developer: Reload Window".`,
      );
      req = requestOfTypedQuery(queries);
    } catch (e) {
      return this.fail(e, 'Run Query');
    }
    return this.run(req);
  }

  /** Runs once (or fetches all) and opens the result beside the query. Returns the result URI. */
  async run(req: WikiRunRequest, mode: 'once' | 'all' = 'once'): Promise<vscode.Uri | undefined> {
    const label = describeParams(req.params);
    let apiUrl: string;
    try {
      const untrusted = untrustedRunMessage();
      if (untrusted) throw new RunError('refused', untrusted);
      checkReadOnly(req.params); // refuse a write before anything else, whatever the endpoint
      apiUrl = this.resolveApiUrl(req.apiUrl);
    } catch (e) {
      return this.fail(e, label);
    }
    const settings = getRunSettings();
    return this.withProgress(
      mode === 'all' ? `Fetching all: ${label}` : `Running wiki query: ${label}`,
      async (signal, progress) => {
        const result =
          mode === 'all'
            ? await fetchAll(apiUrl, req.params, {
                ...(await this.runOptions(signal, apiUrl)),
                maxPages: settings.fetchAllMaxPages,
                maxTotalBytes: settings.fetchAllMaxBytes,
                onPage: (page, items) =>
                  progress.report({ message: `page ${page} of at most ${settings.fetchAllMaxPages}, ${items} items` }),
              })
            : await runWikiQuery(apiUrl, req.params, await this.runOptions(signal, apiUrl));
        return this.show(result, req.source);
      },
      label,
      { kind: 'wiki', apiUrl, params: req.params },
    );
  }

  async continueResult(uri: vscode.Uri, mode: 'next' | 'all'): Promise<vscode.Uri | undefined> {
    const stored = this.results.get(uri);
    if (!stored) {
      void vscode.window.showWarningMessage('This result is no longer in memory; run the query again.');
      return undefined;
    }
    const prev = stored.result;
    const label = describeParams(prev.originalParams);
    const untrusted = untrustedRunMessage();
    if (untrusted) return this.fail(new RunError('refused', untrusted), label);
    const settings = getRunSettings();
    if (mode === 'all') {
      // "Fetch all" means every result of the query: start again from the original query (one
      // request more than strictly needed) so the merged document is complete on its own.
      return this.withProgress(
        `Fetching all: ${label}`,
        async (signal, progress) => {
          const all = await fetchAll(prev.apiUrl, prev.originalParams, {
            ...(await this.runOptions(signal, prev.apiUrl)),
            maxPages: settings.fetchAllMaxPages,
            maxTotalBytes: settings.fetchAllMaxBytes,
            onPage: (page: number, items: number) =>
              progress.report({ message: `page ${page} of at most ${settings.fetchAllMaxPages}, ${items} items` }),
          });
          return this.show(all, stored.source);
        },
        label,
        { kind: 'wiki', apiUrl: prev.apiUrl, params: prev.originalParams },
      );
    }
    return this.withProgress(
      `Continuing: ${label}`,
      async (signal) => this.show(await runContinuation(prev, await this.runOptions(signal, prev.apiUrl)), stored.source),
      label,
      {
        kind: 'wiki',
        apiUrl: prev.apiUrl,
        params: prev.originalParams,
      },
    );
  }

  private async withProgress(
    title: string,
    work: (signal: AbortSignal, progress: vscode.Progress<{ message?: string }>) => Promise<vscode.Uri>,
    label: string,
    request: { kind: 'wiki'; apiUrl: string; params: WikiParams },
  ): Promise<vscode.Uri | undefined> {
    const report = await runWithProgress(this.recorder, {
      kind: 'Wiki',
      title,
      label,
      request,
      work,
      recorded: (uri) => ({ outcome: summaryLine(summariseWikiResult(this.results.get(uri)!.result)), resultUri: uri.toString() }),
    });
    if (!report.ok) {
      this.lastError = report.error;
      return undefined;
    }
    this.results.get(report.result)!.historyId = report.entry.id;
    this.lastError = this.readDenied;
    this.readDenied = undefined;
    return report.result;
  }

  /** A run refused before it started: logged and shown, not in the history. */
  private fail(e: unknown, label: string): undefined {
    this.lastError = reportRunFailure(this.recorder, e, 'Wiki', label);
    return undefined;
  }

  private async show(result: WikiRunResult, source?: QuerySource): Promise<vscode.Uri> {
    const uri = this.results.add({ result, source });
    this.recorder.log.info(`  → ${summaryLine(summariseWikiResult(result))}`);
    if (result.limitsNote) {
      this.recorder.log.info(`  ${result.limitsNote}`);
      void vscode.window.showInformationMessage(result.limitsNote);
    }
    if (source) this.placeMessages(result, source);
    if (errorCodeOf(result.json) === 'readapidenied') this.explainReadDenied(result.apiUrl);
    const doc = await vscode.workspace.openTextDocument(uri);
    const language = isXmlResult(result) ? 'xml' : 'jsonc';
    if (doc.languageId !== language) await vscode.languages.setTextDocumentLanguage(doc, language).then(undefined, () => undefined);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
    return uri;
  }

  /** A private wiki refused an anonymous (or expired) read: say so, with the command that signs in. */
  private explainReadDenied(apiUrl: string): void {
    const signIn = 'Sign in to Wiki…';
    const how =
      this.network.signIn === 'oauth2'
        ? 'an OAuth 2 owner-only token; in the browser this needs MediaWiki 1.44 or later with the OAuth extension, and a bot password the desktop editor'
        : 'a bot password from Special:BotPasswords, or an OAuth 2 owner-only token';
    this.readDenied = this.network.signIn
      ? `${apiUrl} answered readapidenied: the wiki is private and reading its API needs a sign-in. Run "Wiki Query: ${signIn}" (${how}).`
      : `${apiUrl} answered readapidenied: the wiki is private and reading its API needs a sign-in, which the desktop VS Code offers ("Wiki Query: ${signIn}").`;
    this.recorder.log.info(`  ${this.readDenied}`);
    const offer = this.network.signIn ? [signIn] : [];
    void vscode.window.showWarningMessage(this.readDenied, ...offer).then((pick) => {
      if (pick === signIn) void vscode.commands.executeCommand('wikimapQuery.wiki.signIn', apiUrl);
    });
  }

  /** The wiki's warnings and errors as diagnostics on the query's parameters (whole query when unplaceable). */
  private placeMessages(result: WikiRunResult, source: QuerySource): void {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === source.uri.toString());
    if (!doc || result.json === undefined) return;
    const text = doc.getText();
    const start = doc.offsetAt(source.range.start);
    const end = doc.offsetAt(source.range.end);
    const diagnostics: vscode.Diagnostic[] = [];
    for (const m of placeWikiMessages(extractWikiMessages(result.json), result.originalParams)) {
      // The server's own parameter ranges when it sent them (exact for any spelling); else find it in the text.
      const known = m.param ? [...(source.params ?? [])].reverse().find((p) => p.name === m.param) : undefined;
      const span = !m.param
        ? undefined
        : known
          ? (locateParam(text, doc.offsetAt(known.range.start), doc.offsetAt(known.range.end), m.param, m.value) ?? {
              start: doc.offsetAt(known.range.start),
              end: doc.offsetAt(known.range.end),
            })
          : locateParam(text, start, end, m.param, m.value);
      const range = span
        ? new vscode.Range(doc.positionAt(span.start), doc.positionAt(span.end))
        : new vscode.Range(source.range.start, doc.lineAt(source.range.start.line).range.end);
      const d = new vscode.Diagnostic(
        range,
        `${m.text}${m.module ? ` (${m.module})` : ''}`,
        m.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      d.source = 'wiki';
      if (m.code) d.code = m.code;
      diagnostics.push(d);
    }
    let perQuery = this.byDocument.get(source.uri.toString());
    if (!perQuery) this.byDocument.set(source.uri.toString(), (perQuery = new Map()));
    perQuery.set(source.range.start.line, { range: source.range, diagnostics });
    this.publish(source.uri);
  }

  private publish(uri: vscode.Uri): void {
    const perQuery = this.byDocument.get(uri.toString());
    const all = perQuery ? [...perQuery.values()].flatMap((q) => q.diagnostics) : [];
    if (all.length) this.diagnostics.set(uri, all);
    else this.diagnostics.delete(uri);
  }

  dispose(): void {
    this.diagnostics.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
