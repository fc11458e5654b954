/**
 * Starts the language server (dist/server.js) over node IPC for wikiquery, mapquery and the
 * embedded languages, and gives typed access to its custom requests (../../server/src/protocol.ts).
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import {
  CatalogueRequestMethod,
  MAP_LANGUAGE_ID,
  ReloadCatalogueRequestMethod,
  RunnableQueriesRequestMethod,
  WIKI_LANGUAGE_ID,
  type CatalogueParams,
  type CatalogueResult,
  type ReloadCatalogueParams,
  type ReloadCatalogueResult,
  type RunnableQueriesParams,
  type RunnableQuery,
  type WikimapQueryInitializationOptions,
} from '../../server/src/protocol';
import { getEmbeddedLanguages, getServerSettings } from './settings';

/** The id makes `wikimapQuery.trace.server` the trace setting. */
export const CLIENT_ID = 'wikimapQuery';

export function documentSelector(): Array<{ language: string }> {
  const languages = [WIKI_LANGUAGE_ID, MAP_LANGUAGE_ID, ...getEmbeddedLanguages()];
  return [...new Set(languages)].map((language) => ({ language }));
}

export class QueryLanguageClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<void> | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: (message: string) => void,
  ) {}

  start(): Promise<void> {
    const serverModule = this.context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module: serverModule, transport: TransportKind.ipc },
      debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(),
      synchronize: { configurationSection: 'wikimapQuery' },
      initializationOptions: { ...getServerSettings(), catalogueCacheDir: this.context.globalStorageUri.fsPath } satisfies WikimapQueryInitializationOptions,
    };
    const client = new LanguageClient(CLIENT_ID, 'Wiki & Map Query Language Server', serverOptions, clientOptions);
    this.client = client;
    this.starting = client.start().then(
      () => this.log('language server started'),
      (e: unknown) => {
        this.log(`the language server did not start: ${e instanceof Error ? e.message : String(e)}`);
        throw e;
      },
    );
    return this.starting;
  }

  /** Restarts with a new document selector (after `wikimapQuery.embeddedLanguages` changed). */
  async restart(): Promise<void> {
    const old = this.client;
    this.client = undefined;
    if (old) await old.stop().catch(() => undefined);
    await this.start();
  }

  private async ready(): Promise<LanguageClient> {
    if (!this.client || !this.starting) throw new Error('The Wiki & Map Query language server is not running. Run "Developer: Reload Window".');
    await this.starting;
    return this.client;
  }

  async runnableQueries(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<Array<RunnableQuery & { vsRange: vscode.Range }>> {
    const client = await this.ready();
    const params: RunnableQueriesParams = { uri: client.code2ProtocolConverter.asUri(uri) };
    const result = (await client.sendRequest<RunnableQuery[]>(RunnableQueriesRequestMethod, params, token)) ?? [];
    return result.map((q) => ({ ...q, vsRange: client.protocol2CodeConverter.asRange(q.range) }));
  }

  async catalogue(params: CatalogueParams): Promise<CatalogueResult> {
    const client = await this.ready();
    return client.sendRequest<CatalogueResult>(CatalogueRequestMethod, params);
  }

  async reloadCatalogue(params: ReloadCatalogueParams): Promise<ReloadCatalogueResult> {
    const client = await this.ready();
    return client.sendRequest<ReloadCatalogueResult>(ReloadCatalogueRequestMethod, params);
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await client.stop().catch(() => undefined);
  }

  dispose(): void {
    void this.stop();
  }
}
