/**
 * The language client for wikiquery, mapquery and the embedded languages, and typed access to the
 * server's custom requests (../../common/protocol.ts). Where the server runs is the host's part
 * (`LanguageClientHost`): a Node process over IPC on the desktop (./nodeLanguageClient.ts), a Web
 * Worker in the browser (./browser/browserLanguageClient.ts). The client starts on the turn of the
 * event loop right after `activate` returns, not during it; requests made before then wait for the start.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import {
  CatalogueRequest,
  MAP_LANGUAGE_ID,
  MapConfigFileRequest,
  type MapConfigFileParams,
  type MapConfigFileResult,
  ReloadCatalogueRequest,
  RunnableQueriesRequest,
  WIKI_LANGUAGE_ID,
  type CatalogueParams,
  type CatalogueResult,
  type ReloadCatalogueParams,
  type ReloadCatalogueResult,
  type RequestType,
  type RunnableQuery,
  WikiSecretRequest,
  type WikiSecretParams,
  type WikiSecretResult,
} from '../../common/protocol';
import { SETTINGS_SECTION } from '../../common/settings';
import { errorMessage } from '../../common/errorMessage';
import { getEmbeddedLanguages, getInitializationOptions, getServerSettings } from './settings';

/** The id makes `wikimapQuery.trace.server` the trace setting. */
export const CLIENT_ID = 'wikimapQuery';
export const CLIENT_NAME = 'Wiki & Map Query Language Server';

/** Where the language server runs: creates a client (not started) talking to it. */
export interface LanguageClientHost {
  create(clientOptions: LanguageClientOptions): BaseLanguageClient;
  /** Settles before the first `create` (e.g. the browser reads the worker's script). */
  prepare?(): Promise<void>;
  /** The catalogue cache folder handed to the server, if it keeps one on disk. */
  catalogueCacheDir?: string;
}

type LanguageClient = BaseLanguageClient;

function documentSelector(): Array<{ language: string }> {
  const languages = [WIKI_LANGUAGE_ID, MAP_LANGUAGE_ID, ...getEmbeddedLanguages()];
  return [...new Set(languages)].map((language) => ({ language }));
}

/** Sends a request of the protocol: params and result typed by its descriptor. */
function send<P, R>(client: LanguageClient, type: RequestType<P, R>, params: P, token?: vscode.CancellationToken): Promise<R> {
  return client.sendRequest<R>(type.method, params, token);
}

/** Resolves on the next turn of the event loop, after the current `activate` call has returned. */
const afterActivation = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class QueryLanguageClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<void> | undefined;
  /** Bumped by stop/restart so that a start still waiting for its turn does not go on. */
  private generation = 0;
  /** The restarts in order: one runs at a time, the next waits for it (settings may change twice in a row). */
  private restarts: Promise<void> = Promise.resolve();
  /** A restart asked for whose turn has not come yet: further asks join it (it reads the settings of then). */
  private queuedRestart: Promise<void> | undefined;
  /** Answers the server's `wikimapQuery/wikiSecret` (desktop: SecretStorage); absent, the server never asks. */
  private wikiSecrets: ((apiUrl: string) => Promise<WikiSecretResult | undefined>) | undefined;

  constructor(
    private readonly log: (message: string) => void,
    private readonly host: LanguageClientHost,
  ) {}

  /** How the client signs in (`initializationOptions.wikiSignIn`): every way, or OAuth 2 tokens only (the browser). */
  private signInKind: true | 'oauth2' = true;

  /** Lets the server load private wikis' catalogues with the user's stored sign-in (set before `start`). */
  answerWikiSecrets(source: (apiUrl: string) => Promise<WikiSecretResult | undefined>, only?: 'oauth2'): void {
    this.wikiSecrets = source;
    this.signInKind = only ?? true;
  }

  /**
   * Starts the client: the library is loaded and the server process forked right after the
   * current activation returns. The returned promise settles when the server answered `initialize`.
   */
  start(): Promise<void> {
    const generation = ++this.generation;
    this.client = undefined;
    this.starting = afterActivation()
      .then(() => this.host.prepare?.())
      .then(() => {
        // Stopped (deactivated, restarted) before its turn came: nothing to start, nothing to report.
        if (generation !== this.generation) return;
        return this.startNow(generation);
      });
    return this.starting;
  }

  private startNow(generation: number): Promise<void> {
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(),
      synchronize: { configurationSection: SETTINGS_SECTION },
      // The settings (fetch policy included) travel with `initialize`, so they hold before the first document is processed.
      initializationOptions: {
        ...getInitializationOptions(this.host.catalogueCacheDir),
        wikiSignIn: this.wikiSecrets ? this.signInKind : false,
      },
      middleware: {
        workspace: {
          // Only the values the user set, so that the server's lower layers (repository file, defaults) show through.
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (!Array.isArray(answers)) return answers;
            return params.items.map((item, i) => (item.section === SETTINGS_SECTION ? getServerSettings() : answers[i]));
          },
          // A change is announced without values (`settings: null`): the server pulls what the user set.
          // A server being replaced is not told (its successor reads the settings when it starts).
          didChangeConfiguration: (_sections, next) => this.unlessReplaced(generation, () => next(undefined)),
        },
      },
    };
    const client = this.host.create(clientOptions);
    if (generation === this.generation) this.client = client;
    const secrets = this.wikiSecrets;
    if (secrets)
      client.onRequest(WikiSecretRequest.method, async (p: WikiSecretParams): Promise<unknown> => (await secrets(p.apiUrl)) ?? null);
    return client.start().then(
      () => this.log('language server started'),
      (e: unknown) => {
        this.log(`the language server did not start: ${errorMessage(e)}`);
        throw e;
      },
    );
  }

  /** Sends to the server of `generation` unless it is being replaced (then a failure for that reason is no error). */
  private async unlessReplaced(generation: number, send: () => Promise<void>): Promise<void> {
    if (generation !== this.generation) return;
    try {
      await send();
    } catch (e) {
      if (generation === this.generation) throw e;
    }
  }

  /**
   * Restarts with a new document selector (after `wikimapQuery.embeddedLanguages` changed, or trust
   * granted). Restarts never overlap: one asked for while another runs waits for it, and asks made
   * meanwhile share that one. From the ask on, the running server is not told of settings changes.
   */
  restart(): Promise<void> {
    this.generation++;
    if (this.queuedRestart) return this.queuedRestart;
    const restart = this.restarts.then(async () => {
      this.queuedRestart = undefined;
      await this.stop();
      await this.start();
    });
    this.queuedRestart = restart;
    this.restarts = restart.catch(() => undefined);
    return restart;
  }

  private async ready(): Promise<LanguageClient> {
    const notRunning = 'The Wiki & Map Query language server is not running. Run "Developer: Reload Window".';
    // Requests made during a restart go to the new server.
    await this.restarts;
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

  async mapConfigFile(params: MapConfigFileParams): Promise<MapConfigFileResult> {
    const client = await this.ready();
    return send(client, MapConfigFileRequest, params);
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
