/**
 * Starts the language server (dist/server.js) over node IPC for wikiquery, mapquery and the
 * embedded languages, and gives typed access to its custom requests (../../common/protocol.ts).
 *
 * Load time: `vscode-languageclient` (with its jsonrpc/protocol/types, minimatch, semver) is ~420 KB
 * minified, about 85% of the client, and evaluating it took ~50 ms of the extension's activation.
 * It is therefore bundled on its own (dist/client.languageClient.js, built by scripts/build.js from
 * ./languageClientLibrary.ts) and required when the client starts — on the turn of the event loop
 * right after `activate` returns, not during it. Requests made before then wait for the start.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import {
  CatalogueRequest,
  MAP_LANGUAGE_ID,
  ReloadCatalogueRequest,
  RunnableQueriesRequest,
  WIKI_LANGUAGE_ID,
  type CatalogueParams,
  type CatalogueResult,
  type ReloadCatalogueParams,
  type ReloadCatalogueResult,
  type RequestType,
  type RunnableQuery,
} from '../../common/protocol';
import { SETTINGS_SECTION } from '../../common/settings';
import { errorMessage } from '../../common/errorMessage';
import { getEmbeddedLanguages, getInitializationOptions, getServerSettings } from './settings';

/** The id makes `wikimapQuery.trace.server` the trace setting. */
const CLIENT_ID = 'wikimapQuery';

function documentSelector(): Array<{ language: string }> {
  const languages = [WIKI_LANGUAGE_ID, MAP_LANGUAGE_ID, ...getEmbeddedLanguages()];
  return [...new Set(languages)].map((language) => ({ language }));
}

/** The file next to the client bundle that holds vscode-languageclient (see scripts/build.js). */
const LANGUAGE_CLIENT_LIBRARY_FILE = 'client.languageClient.js';

let library: typeof import('./languageClientLibrary') | undefined;

/** Loads vscode-languageclient on first use (a separate bundle: not evaluated while activating). */
function loadLibrary(): typeof import('./languageClientLibrary') {
  // A computed path: esbuild leaves this require alone instead of inlining the library again.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time on purpose
  library ??= require(path.join(__dirname, LANGUAGE_CLIENT_LIBRARY_FILE)) as typeof import('./languageClientLibrary');
  return library;
}

/** Sends a request of the protocol: params and result typed by its descriptor. */
function send<P, R>(client: LanguageClient, type: RequestType<P, R>, params: P, token?: vscode.CancellationToken): Promise<R> {
  return client.sendRequest<R>(type.method, params, token);
}

/** Resolves on the next turn of the event loop, after the current `activate` call has returned. */
const afterActivation = () => new Promise<void>((resolve) => setImmediate(resolve));

export class QueryLanguageClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<void> | undefined;
  /** Bumped by stop/restart so that a start still waiting for its turn does not go on. */
  private generation = 0;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Starts the client: the library is loaded and the server process forked right after the
   * current activation returns. The returned promise settles when the server answered `initialize`.
   */
  start(): Promise<void> {
    const generation = ++this.generation;
    this.client = undefined;
    this.starting = afterActivation().then(() => {
      // Stopped (deactivated, restarted) before its turn came: nothing to start, nothing to report.
      if (generation !== this.generation) return;
      return this.startNow(generation);
    });
    return this.starting;
  }

  private startNow(generation: number): Promise<void> {
    const { LanguageClient, TransportKind } = loadLibrary();
    const serverModule = this.context.asAbsolutePath('dist/server.js');
    // The server's V8 code cache (server/src/node/compileCache.ts) lives in the extension's own storage,
    // unless the environment names a folder (or `off`).
    const env = {
      ...process.env,
      WIKIMAP_QUERY_COMPILE_CACHE:
        process.env.WIKIMAP_QUERY_COMPILE_CACHE ?? path.join(this.context.globalStorageUri.fsPath, 'compile-cache'),
    };
    const serverOptions: ServerOptions = {
      run: { module: serverModule, transport: TransportKind.ipc, options: { env } },
      debug: { module: serverModule, transport: TransportKind.ipc, options: { env, execArgv: ['--nolazy', '--inspect=6011'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(),
      synchronize: { configurationSection: SETTINGS_SECTION },
      // The settings (fetch policy included) travel with `initialize`, so they hold before the first document is processed.
      initializationOptions: getInitializationOptions(this.context.globalStorageUri.fsPath),
      middleware: {
        workspace: {
          // Only the values the user set, so that the server's lower layers (repository file, defaults) show through.
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (!Array.isArray(answers)) return answers;
            return params.items.map((item, i) => (item.section === SETTINGS_SECTION ? getServerSettings() : answers[i]));
          },
          // A change is announced without values (`settings: null`): the server pulls what the user set.
          didChangeConfiguration: (_sections, next) => next(undefined),
        },
      },
    };
    const client = new LanguageClient(CLIENT_ID, 'Wiki & Map Query Language Server', serverOptions, clientOptions);
    if (generation === this.generation) this.client = client;
    return client.start().then(
      () => this.log('language server started'),
      (e: unknown) => {
        this.log(`the language server did not start: ${errorMessage(e)}`);
        throw e;
      },
    );
  }

  /** Restarts with a new document selector (after `wikimapQuery.embeddedLanguages` changed). */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  private async ready(): Promise<LanguageClient> {
    const notRunning = 'The Wiki & Map Query language server is not running. Run "Developer: Reload Window".';
    if (!this.starting) throw new Error(notRunning);
    await this.starting;
    if (!this.client) throw new Error(notRunning);
    return this.client;
  }

  async runnableQueries(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<Array<RunnableQuery & { vsRange: vscode.Range }>> {
    const client = await this.ready();
    const result = (await send(client, RunnableQueriesRequest, { uri: client.code2ProtocolConverter.asUri(uri) }, token)) ?? [];
    return result.map((q) => ({ ...q, vsRange: client.protocol2CodeConverter.asRange(q.range) }));
  }

  /** The queries the server reads in a text that is in no document (typed into "Run Query…"). */
  async runnableQueriesOfText(text: string, token?: vscode.CancellationToken): Promise<RunnableQuery[]> {
    const client = await this.ready();
    return (await send(client, RunnableQueriesRequest, { text }, token)) ?? [];
  }

  async catalogue(params: CatalogueParams): Promise<CatalogueResult> {
    const client = await this.ready();
    return send(client, CatalogueRequest, params);
  }

  async reloadCatalogue(params: ReloadCatalogueParams): Promise<ReloadCatalogueResult> {
    const client = await this.ready();
    return send(client, ReloadCatalogueRequest, params);
  }

  async stop(): Promise<void> {
    this.generation++;
    const starting = this.starting;
    this.starting = undefined;
    // A start in progress (library loading, process forking) is let finish, then stopped.
    await starting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    if (client) await client.stop().catch(() => undefined);
  }

  dispose(): void {
    void this.stop();
  }
}
