/**
 * startServer(connection, runtime): the LSP wiring of the wiki and map query services.
 *
 * - Document cache with incremental sync (the changes of one notification applied in order, see
 *   documentSync.ts); each document is parsed once per version and the parsed result is handed to
 *   every feature (see docs/architecture.md, "Layers"). Semantic tokens, inlay hints, folding, selection
 *   ranges and formatting are wired in editorFeatures.ts.
 * - After `shutdown`, requests are refused with InvalidRequest and no diagnostics run is scheduled.
 * - Diagnostics are debounced per document and published only for the version they were computed
 *   for; clients that support pull diagnostics (`textDocument/diagnostic`) pull them instead.
 * - Every handler is wrapped: an exception is logged and answered with an error, the server lives on.
 *   Requests cancelled before their turn are answered with `RequestCancelled`.
 * - Settings arrive by three routes, layered key by key (settingsLayers.ts): `initializationOptions` <
 *   the latest `workspace/didChangeConfiguration` that carries them (Neovim, Helix, eglot) < the latest
 *   `workspace/configuration` answer (section `wikimapQuery`, pulled when the client offers it: VS Code).
 */
import {
  CodeActionKind,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  type CancellationToken,
  type DocumentDiagnosticReport,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndexedDocument } from './lineIndexedDocument';
import { documentWindow } from './lazyDocumentWindow';
import type { CompletionList, Diagnostic, Position, Range, TextDocumentItem } from 'vscode-languageserver-types';
import {
  CatalogueRequestMethod,
  MAX_RUN_QUERY_TEXT,
  ReloadCatalogueRequestMethod,
  MapConfigFileRequest,
  type MapConfigFileParams,
  type MapConfigFileResult,
  RunnableQueriesRequestMethod,
  WIKI_LANGUAGE_ID,
  type CatalogueParams,
  type CatalogueResult,
  type ReloadCatalogueParams,
  type ReloadCatalogueResult,
  type RunnableQueriesParams,
  type RunnableQueriesResult,
  WikiSecretRequest,
  type WikiSecretParams,
} from '../../common/protocol';
import { READ_DENIED_HELP_BROWSER, READ_DENIED_HELP_EDITOR, READ_DENIED_HELP_OTHER_EDITORS } from '../../run/wiki/wikiSecrets';
import type { Disposable, PackageFiles, ServerRuntime } from './runtime';
import { ValidationQueue } from './validationQueue';
import type { RepoConfig } from './repoConfig';
import { applyContentChanges } from './documentSync';
import { editorFeatureCapabilities, registerEditorFeatures, type EditorFeatures } from './editorFeatures';
import type { LanguageService, LanguageSettings } from './service/languageTypes';
import {
  createLanguageServices,
  pickMode,
  type CreateServicesOptions,
  type EffectiveSettings,
  type LanguageServices,
  type Mode,
} from './languageModes';
import { pushedSettings, SettingsLayers } from './settingsLayers';
import { SOURCE_FILE_LIMITS } from '../../common/sourceFileLimits';
import { FIXED_LIMITS, nestSettings, PARSE_BUDGET_FACTOR, REPO_CONFIG_FILE, SETTINGS_SECTION } from '../../common/settings';
import { RecentlyUsed } from './recentlyUsed';
import { catalogueApprovalActions, catalogueApprovalDiagnostics } from './catalogueApproval';
import type { WikiDocument } from './service/wiki/wikiTypes';
import type { EmbeddedDocument } from './service/embedded/embeddedLanguageService';
import type { HostLanguage } from './service/embedded/hostLanguages';
import { MapConfigStore, type MapConfigTarget } from './mapConfig/mapConfigStore';
import { isObject } from '../../common/isObject';
import { paramsProblem, type CheckedParams } from './requestParams';
import { errorMessage } from '../../common/errorMessage';
import { fileName, fit } from './messages';
import { diagnosticsForCodeAction } from './service/diagnosticData';
import { withoutSnippets } from './service/snippetText';
import { CompletionDocumentation } from './completionResolve';
import type { BuiltinVersions, EditorTargets, EditorTargetsDeps, TargetChoice } from './editorTargets';
import { editorTargetsModule } from './lazyEditorTargets';
import { documentTargetsLine, hasTargets } from './targetsLine';
import { builtinVersionCatalogue, builtinVersionShort, builtinVersionShorts } from './targets';
import { getWikiLanguageService, warmUpWikiFeatures } from './service/wiki/wikiLanguageService';

/** The built-in MediaWiki versions as the target code asks for them (targets.ts, read with this bundle's wiki service). */
function builtinVersionsFor(files: PackageFiles): BuiltinVersions {
  return { short: builtinVersionShort, shorts: builtinVersionShorts, catalogue: (short) => builtinVersionCatalogue(short, files) };
}

/** The empty range at a position. */
const at = (position: Position): Range => ({ start: position, end: position });

/** Most completion items sent at once; the list is then marked incomplete. */
const MAX_COMPLETION_ITEMS = 1000;
/** Most diagnostics sent for one document (the editor cannot show more usefully); the rest are counted. */
const MAX_PROBLEMS = 1000;
/** Debounce for documents over maxFullCheckSize. */
const LARGE_DOCUMENT_DELAY_MS = 1000;
/** How long to wait for the client's `workspace/configuration` answer before using defaults. */
const SETTINGS_TIMEOUT_MS = 3000;
/** How long after `initialized` the idle server reads and compiles completion, hover and code actions (their chunk). */
const WARM_UP_DELAY_MS = 1500;
/** Most folders whose settings `settingsOf` keeps at once. */
const MAX_SETTINGS_FOLDERS = 1000;
/** Most document symbols / links sent for one document. */
const MAX_SYMBOLS = 5000;

interface CachedParse {
  version: number;
  mode: Mode;
  document: TextDocument;
  parsed: unknown;
  /** The diagnostics of this parse, once computed (code actions ask for them at every cursor move in some editors). */
  diagnostics?: Diagnostic[];
  /** The target wikis of a wiki document (editorTargets.ts), once chosen; null when it has none. */
  targets?: TargetChoice | null;
  /** A window parse whose position's line starts before it: the note hover adds (documentWindow.ts). */
  cutNote?: string;
}

interface OpenDocument {
  document: LineIndexedDocument;
  languageId: string;
  parse?: CachedParse;
  pending?: Disposable;
  /** The size warning was shown for this document. */
  toldTooLarge?: boolean;
  /** The lines around a position, parsed for a request on a document over the parse budget. */
  window?: CachedParse & { start: number; end: number };
}

export interface ServerOptions {
  /** Debounce of diagnostics in ms unless the settings say otherwise. */
  diagnosticsDelay?: number;
}

export function startServer(connection: Connection, runtime: ServerRuntime, options: ServerOptions = {}): void {
  new QueryLanguageServer(connection, runtime, options).start();
}

/**
 * One server on one connection. Its state (open documents, settings, services, client capabilities)
 * is in the fields; each `register…` method wires one group of LSP messages.
 */
class QueryLanguageServer {
  private readonly documents = new Map<string, OpenDocument>();
  /** Which open documents keep their parse: the least recently used dropped past the budgets (recentlyUsed.ts). */
  private readonly keptParses = new RecentlyUsed<OpenDocument>(FIXED_LIMITS.parsedDocuments, FIXED_LIMITS.parsedDocumentChars, (open) => {
    open.parse = undefined;
    open.window = undefined;
  });
  private services: LanguageServices | undefined;
  /**
   * The target wikis' services (`wikimapQuery.wiki.targets`, `# targets:`), made when a document first has targets
   * (the target code is a chunk of its own); what it is handed is made with the services.
   */
  private targets: EditorTargets | undefined;
  private targetsDeps: EditorTargetsDeps | undefined;
  private settings: EffectiveSettings;
  /** The settings of each route, layered key by key (settingsLayers.ts). */
  private readonly layers: SettingsLayers;
  private initOptions: unknown;
  /** `initializationOptions.workspaceTrusted` is not false: wikis and map servers may be fetched, the repository file is read. */
  private trusted = true;
  /** The first workspace folder (or the root URI): where the repository config file is looked for. */
  private workspaceFolder: string | undefined;
  /** The client can watch files for the server (the repository config file, saved catalogue files). */
  private canWatchFiles = false;
  /** The client takes `{ baseUri, pattern }` glob patterns (LSP 3.17): how a file outside the workspace is watched. */
  private relativePatterns = false;
  /** The saved catalogue files of `wikimapQuery.wikis` watched now (their URIs), and their registration. */
  private catalogueWatch?: { uris: string; registration: Promise<Disposable | undefined> };
  /** Problems of the repository config file already shown. */
  private readonly toldRepoProblems = new Set<string>();
  /** The repository config file of the workspace folder, if any. */
  private workspaceConfigFile: string | undefined;
  /** Settings of documents whose folder has a nearer repository config file (see `settingsOf`). */
  private readonly settingsByFolder = new Map<string, EffectiveSettings>();
  private hasConfigurationCapability = false;
  /** The diagnostics runs that are due, run in slices (validationQueue.ts). */
  private readonly validations: ValidationQueue;
  private hasDynamicConfigRegistration = false;
  private pullDiagnostics = false;
  private canRefreshDiagnostics = false;
  /** Whether the client declared `completionItem.snippetSupport`; without it, completion is plain text. */
  private snippetSupport = false;
  /** Completion documentation made on `completionItem/resolve`, for a client that declared it resolvable; else undefined. */
  private completionDocumentation: CompletionDocumentation | undefined;
  /** Bumped whenever settings or catalogues change; part of pull-diagnostics result ids. */
  private generation = 0;
  private settingsReady: Promise<void> = Promise.resolve();
  private toldBrokenData = false;
  /** `shutdown` was received: requests are refused from now on (LSP: InvalidRequest), nothing new is scheduled. */
  private shutDown = false;
  /** The idle warm-up of completion, hover and code actions (`WARM_UP_DELAY_MS` after `initialized`), until it ran. */
  private warmUp: Disposable | undefined;
  /** The configured map server's own config (layers, enabled types), handed to the map service. */
  private readonly mapConfigs: MapConfigStore;
  /** Semantic tokens, inlay hints, folding, selection ranges, formatting (editorFeatures.ts). */
  private readonly editorFeatures: EditorFeatures;
  private readonly connection: Connection;
  private readonly runtime: ServerRuntime;
  private readonly options: ServerOptions;

  constructor(connection: Connection, runtime: ServerRuntime, options: ServerOptions) {
    this.connection = connection;
    this.runtime = runtime;
    this.options = options;
    this.validations = new ValidationQueue(runtime.timers, runtime.messages);
    this.layers = new SettingsLayers((message) => this.log(message), options.diagnosticsDelay);
    this.settings = this.layers.effective();
    this.mapConfigs = new MapConfigStore({
      timers: runtime.timers,
      log: (message, kind) => this.catalogueLog(message, kind),
      onDidChange: () => this.services && this.revalidateAll(),
      // As with catalogues: in a workspace the user does not trust, nothing is fetched (docs/security.md).
      shouldFetch: () => this.trusted,
      transport: runtime.transport,
      fetchImpl: runtime.fetch,
    });
    this.editorFeatures = registerEditorFeatures(connection, {
      runSafe: (name, token, work, checked) => this.runSafe(name, token, work, checked),
      withDocument: (uri, fallback, work, at) => this.withDocument(uri, fallback, work, at),
      withWholeDocument: (uri, work) => this.withWholeDocument(uri, work),
      languageSettings: () => this.languageSettings(),
      warn: (message) => {
        this.connection.console.warn(fit(message));
        void this.connection.window.showWarningMessage(fit(message));
      },
    });
  }

  /** Wires every group of messages, then listens. */
  start(): void {
    this.registerDocumentSync();
    this.registerInitialize();
    this.registerSettings();
    this.registerFeatureHandlers();
    this.registerCustomRequests();
    this.registerShutdown();
    this.connection.listen();
  }

  /** Every log line and shown message goes through here or `logError`: credentials in URLs are removed. */
  private log(message: string): void {
    this.connection.console.log(fit(message));
  }

  /** The catalogue store says each warning once (a wiki that cannot be reached, a bad URL): shown to the user too. */
  private catalogueLog(message: string, kind?: 'info' | 'warning'): void {
    this.log(message);
    if (kind === 'warning') void this.connection.window.showWarningMessage(fit(message));
  }

  private logError(message: string): void {
    this.connection.console.error(fit(message));
  }

  /** Services are created on first use, so `initialize` answers at once. */
  /**
   * Sign-in to private wikis: a client that keeps secrets (`initializationOptions.wikiSignIn`, VS Code) is
   * asked for a configured wiki's secret when its catalogue is loaded; the answer is never logged.
   */
  private signInOptions(): Pick<CreateServicesOptions, 'secretFor' | 'readDeniedHelp'> {
    const kind = isObject(this.initOptions) ? this.initOptions.wikiSignIn : undefined;
    if (kind !== true && kind !== 'oauth2') return { readDeniedHelp: READ_DENIED_HELP_OTHER_EDITORS };
    return {
      readDeniedHelp: kind === 'oauth2' ? READ_DENIED_HELP_BROWSER : READ_DENIED_HELP_EDITOR,
      secretFor: async (apiUrl) =>
        (await this.connection.sendRequest(WikiSecretRequest.method, { apiUrl } satisfies WikiSecretParams)) ?? undefined,
    };
  }

  private getServices(): LanguageServices {
    if (!this.services) {
      try {
        this.services = createLanguageServices(this.runtime, {
          log: (message, kind) => this.catalogueLog(message, kind),
          cacheDir: cacheDirFrom(this.initOptions),
          ...this.signInOptions(),
          catalogueFilePath: this.runtime.catalogueFilePath && ((value) => this.runtime.catalogueFilePath!(value, this.workspaceFolder)),
        });
      } catch (err) {
        // Broken package data: say it once; every request then answers with this error.
        if (!this.toldBrokenData) {
          this.toldBrokenData = true;
          void this.connection.window.showErrorMessage(fit(`Wiki & Map Query cannot start its language services: ${errorMessage(err)}`));
        }
        throw err;
      }
      this.services.setWorkspaceTrusted(this.trusted);
      this.applyEndpoints();
      const services = this.services;
      const files = this.runtime.files;
      this.targets = undefined;
      this.targetsDeps = {
        resolveWiki: (name) => services.resolveCatalogue(name),
        builtinInUseFor: (name) => services.builtinInUseFor(name),
        hostFor: (wiki) => services.hostFor(wiki),
        wikiService: (resolveCatalogue) => getWikiLanguageService({ resolveCatalogue }),
        versions: builtinVersionsFor(files),
        maxTargets: FIXED_LIMITS.maxTargets,
        log: (message) => this.log(message),
      };
      this.mapConfigs.bind(this.services.map as unknown as MapConfigTarget);
      this.services.onDidChangeCatalogue((apiUrl, failed) => {
        this.log(`Catalogue of ${apiUrl} ${failed ? 'could not be loaded' : 'loaded'}; validating open documents again.`);
        this.revalidateAll();
      });
    }
    return this.services;
  }

  /** The settings' wikis to the services, and the saved catalogue files among them watched (read again when they change). */
  private applyEndpoints(): void {
    if (!this.services) return;
    this.services.applyEndpoints(this.settings);
    const files = this.services.catalogueFiles();
    const uris = files
      .map((f) => f.uri)
      .sort()
      .join('\n');
    if (!this.canWatchFiles || uris === (this.catalogueWatch?.uris ?? '')) return;
    const previous = this.catalogueWatch?.registration;
    void previous?.then((d) => d?.dispose());
    const watchers = files.map((f) => {
      const slash = f.uri.lastIndexOf('/');
      return { globPattern: this.relativePatterns ? { baseUri: f.uri.slice(0, slash), pattern: f.uri.slice(slash + 1) } : f.path };
    });
    const registration = watchers.length
      ? this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(() => undefined)
      : Promise.resolve(undefined);
    this.catalogueWatch = { uris, registration };
  }

  // ---------------------------------------------------------------------------
  // Handler safety
  // ---------------------------------------------------------------------------

  /** (`ResponseError<never>`: these errors carry no data, so they fit every request's error type.) */
  private cancelled(): ResponseError<never> {
    return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
  }

  /** Runs a request handler after pending messages (a cancel may be among them); errors become error responses. */
  private runSafe<T>(
    name: string,
    token: CancellationToken | undefined,
    work: () => T | Promise<T>,
    checked?: CheckedParams<T>,
  ): Promise<T | ResponseError<never>> {
    return new Promise((resolve) => {
      if (this.shutDown)
        return resolve(new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shutting down (shutdown was received)`));
      // Parameters the services cannot be asked with (a null position, no range): the empty answer and one line.
      const problem = checked && paramsProblem(checked.params, checked.needs);
      if (checked && problem !== undefined) {
        if (!('empty' in checked)) {
          this.log(`${name}: ${problem}; answered with an InvalidParams error.`);
          return resolve(new ResponseError(ErrorCodes.InvalidParams, fit(`${name}: ${problem}`)));
        }
        this.log(`${name}: ${problem}; answered with ${checked.empty === null ? 'null' : 'an empty result'}.`);
        return resolve(checked.empty as T);
      }
      this.runtime.timers.setImmediate(async () => {
        if (token?.isCancellationRequested) return resolve(this.cancelled());
        try {
          const result = await work();
          resolve(token?.isCancellationRequested ? this.cancelled() : result);
        } catch (err) {
          const message = fit(errorMessage(err));
          this.logError(`${name} failed: ${err instanceof Error && err.stack ? err.stack : message}`);
          resolve(new ResponseError(ErrorCodes.InternalError, `${name} failed: ${message}`));
        }
      });
    });
  }

  /** Notification handlers: log, never throw. */
  private guard<A extends unknown[]>(name: string, fn: (...args: A) => void): (...args: A) => void {
    return (...args: A) => {
      try {
        fn(...args);
      } catch (err) {
        this.logError(`${name} failed: ${err instanceof Error && err.stack ? err.stack : String(err)}`);
      }
    };
  }

  // ---------------------------------------------------------------------------
  // Documents
  // ---------------------------------------------------------------------------

  /**
   * The parse of a document. Over the parse budget (maxFullCheckSize × PARSE_BUDGET_FACTOR characters) the
   * whole text is never parsed: a request at a position (`at`) gets a parse of the lines around it
   * (`windowParse`), any other gets none.
   */
  private getParsed(open: OpenDocument, at?: Range): CachedParse | undefined {
    const doc = open.document;
    if (open.parse && open.parse.version === doc.version) {
      this.keptParses.use(open, doc.getText().length);
      return open.parse;
    }
    if (doc.getText().length > this.settingsOf(doc.uri).maxFullCheckSize * PARSE_BUDGET_FACTOR) {
      this.tellTooLarge(open);
      return at ? this.windowParse(open, at) : undefined;
    }
    const mode = pickMode(doc.uri, open.languageId, this.settings, this.getServices());
    if (!mode) return undefined;
    const document = mode.view(doc);
    open.parse = { version: doc.version, mode, document, parsed: mode.service.parse(document) };
    this.keptParses.use(open, doc.getText().length);
    if (mode.kind === 'host' && (open.parse.parsed as EmbeddedDocument).pending)
      this.loadGrammar(doc.uri, (open.parse.parsed as EmbeddedDocument).lang);
    return open.parse;
  }

  /**
   * A parse of the text around `at` only (`windowAround`: the lines around it, or the characters around
   * it on a very long line), as a document in the positions of the whole one.
   */
  private windowParse(open: OpenDocument, at: Range): CachedParse | undefined {
    const doc = open.document;
    const mode = pickMode(doc.uri, open.languageId, this.settings, this.getServices());
    if (!mode) return undefined;
    const { windowAround, WindowDocument, windowNote } = documentWindow();
    const bounds = windowAround(doc, at, mode.continues);
    const { start, end } = bounds;
    const cached = open.window;
    if (cached && cached.version === doc.version && cached.start === start && cached.end === end) {
      this.keptParses.use(open, end - start);
      return cached;
    }
    const text = doc.getText().slice(start, end);
    const document = mode.view(new WindowDocument(doc.uri, doc.languageId, doc.version, text, doc.positionAt(start)));
    const cutNote = windowNote(bounds);
    const parsed = mode.service.parse(document);
    open.window = { version: doc.version, mode, document, parsed, start, end, cutNote };
    this.keptParses.use(open, end - start);
    // A source file over the parse budget: its window is read by the file's grammar too, once loaded.
    if (mode.kind === 'host' && (parsed as EmbeddedDocument).pending) this.loadGrammar(doc.uri, (parsed as EmbeddedDocument).lang);
    return open.window;
  }

  /** A source file's grammar loads in the background; once it has, the file is parsed and checked again. */
  private loadGrammar(uri: string, lang: HostLanguage): void {
    const finder = this.runtime.hostFinder;
    if (!finder) return;
    // Loaded or not, the file is checked again: by its parser, or (the load failed) by the lexer.
    const checkAgain = () => {
      const open = this.documents.get(uri);
      if (!open || this.shutDown) return;
      open.parse = undefined;
      open.window = undefined;
      this.editorFeatures.refresh();
      if (this.pullDiagnostics) {
        // A new result id: the report pulled while the grammar loaded must not be answered "unchanged".
        this.generation++;
        if (this.canRefreshDiagnostics) this.connection.languages.diagnostics.refresh().catch(() => undefined);
      } else this.scheduleValidation(uri);
    };
    finder.prepare(lang).then(checkAgain, (err) => {
      this.logError(`Loading the ${lang.id} grammar failed: ${errorMessage(err)}; only URL literals are read in ${lang.id} files.`);
      checkAgain();
    });
  }

  /** What the services are told of the settings, for a document (its own repository file) or the workspace. */
  private languageSettings(uri?: string): LanguageSettings {
    const settings = this.settingsOf(uri);
    return {
      highLimits: settings.highLimits,
      loggedIn: settings.loggedIn,
      severity: settings.severity,
      maxFullCheckSize: settings.maxFullCheckSize,
      queryLayout: settings.queryLayout,
    };
  }

  private computeDiagnostics(open: OpenDocument): Diagnostic[] {
    const settings = this.settingsOf(open.document.uri);
    const size = open.document.getText().length;
    const ceiling = settings.maxFullCheckSize * PARSE_BUDGET_FACTOR;
    if (size > settings.maxFullCheckSize) this.tellTooLarge(open);
    // Past the ceiling (the parse budget), parsing and checking would take seconds and gigabytes.
    if (size > ceiling) return [];
    const p = this.getParsed(open);
    if (!p) return [];
    const ls = this.languageSettings(open.document.uri);
    const targets = this.targetChoice(p, open.document.uri);
    let found = targets?.targets.length
      ? editorTargetsModule().validateByTargets(targets, p.document, p.parsed, ls)
      : p.mode.service.doValidation(p.document, p.parsed, ls);
    if (targets) found = found.concat(targets.problems);
    if (p.mode.kind === 'host' && size > settings.maxFullCheckSize) found = withRunLensesOff(found, settings.maxFullCheckSize);
    if (p.mode.kind === 'wiki') {
      const s = this.getServices();
      found = found.concat(
        catalogueApprovalDiagnostics(p.document, p.parsed as WikiDocument, (url) => s.catalogueFetchDecision(url), settings.severity),
      );
    }
    return capProblems(found);
  }

  /** The target wikis of a wiki document or a source file, chosen once per parse (a change of settings or catalogues drops the parse). */
  private targetChoice(p: CachedParse, uri: string): TargetChoice | undefined {
    const kind = p.mode.kind;
    if (kind === 'map') return undefined;
    this.getServices();
    if (p.targets === undefined) {
      const settings = this.settingsOf(uri);
      // (Without a `# targets:` line or the setting, the target code is not loaded.)
      p.targets = hasTargets(p.document, settings.targets)
        ? (this.editorTargets().choose(p.document, kind, settings, this.trusted) ?? null)
        : null;
    }
    return p.targets ?? undefined;
  }

  /** The target code and its state, loaded and made at the first document with targets (after the services). */
  private editorTargets(): EditorTargets {
    return (this.targets ??= new (editorTargetsModule().EditorTargets)(this.targetsDeps!));
  }

  /** The diagnostics of a document; when checking fails, one note saying so, so stale diagnostics never stay. */
  private safeDiagnostics(open: OpenDocument): Diagnostic[] {
    try {
      return this.computeDiagnostics(open);
    } catch (err) {
      this.logError(`Validating ${open.document.uri} failed: ${err instanceof Error && err.stack ? err.stack : String(err)}`);
      return [
        {
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
          severity: DiagnosticSeverity.Warning,
          code: 'checkfailed',
          source: 'wikimap-query',
          message: `This document could not be checked (${errorMessage(err)}); its earlier diagnostics were removed. Please report it with the document.`,
        },
      ];
    }
  }

  /**
   * The diagnostics a code action is asked for: the server's own, at the requested range or on its
   * lines (service/diagnosticData.ts). What the client sends back is only a hint: ALE sends none or
   * drops `source`, Neovim 0.7 sends the whole line's, eglot those at point.
   */
  private codeActionDiagnostics(uri: string, range: Range, sent: Diagnostic[] | undefined): Diagnostic[] {
    const open = this.documents.get(uri);
    const p = open && this.getParsed(open);
    if (!open || !p) return [];
    // A parse is dropped when the text, the settings or a catalogue change, so its diagnostics stay right.
    p.diagnostics ??= this.safeDiagnostics(open);
    return diagnosticsForCodeAction(p.diagnostics, range, sent);
  }

  private scheduleValidation(uri: string): void {
    if (this.pullDiagnostics || this.shutDown) return;
    const open = this.documents.get(uri);
    if (!open) return;
    open.pending?.dispose();
    const version = open.document.version;
    // A large document is validated after a longer pause, so typing in it does not queue long runs.
    const delay =
      open.document.length > this.settings.maxFullCheckSize ? Math.max(this.settings.delay, LARGE_DOCUMENT_DELAY_MS) : this.settings.delay;
    // Due runs go through one queue that lets waiting messages go first (validationQueue.ts): many never hold a request back.
    const run = () => {
      const current = this.documents.get(uri);
      // Publish only for the version this run was scheduled for; a newer one has its own run.
      if (current !== open || open.document.version !== version) return;
      const diagnostics = this.safeDiagnostics(open);
      if (this.documents.get(uri) !== open || open.document.version !== version) return;
      // A source file whose grammar is still loading: its diagnostics come once it has (loadGrammar).
      if (open.parse?.mode.kind === 'host' && (open.parse.parsed as EmbeddedDocument).pending) return;
      void this.connection.sendDiagnostics({ uri, version, diagnostics });
    };
    const mark = this.validations.mark();
    open.pending = this.runtime.timers.setTimeout(() => {
      open.pending = undefined;
      void this.settingsReady.then(() => this.validations.add(uri, run, mark));
    }, delay);
  }

  private revalidateAll(): void {
    this.generation++;
    this.editorFeatures.refresh();
    for (const open of this.documents.values()) {
      open.parse = undefined;
      open.window = undefined;
    }
    this.keptParses.clear();
    if (this.pullDiagnostics) {
      if (this.canRefreshDiagnostics) this.connection.languages.diagnostics.refresh().catch(() => undefined);
      return;
    }
    for (const uri of this.documents.keys()) this.scheduleValidation(uri);
  }

  /** didOpen / didChange / didClose: the document store, and validation scheduled on every change. */
  private registerDocumentSync(): void {
    this.connection.onDidOpenTextDocument(
      this.guard('didOpen', (params) => {
        const { uri, languageId, version, text } = (params?.textDocument ?? {}) as Partial<TextDocumentItem>;
        // A document without a text or URI is not one: kept, it failed every later check of all documents.
        if (typeof uri !== 'string' || typeof text !== 'string') {
          this.logError('didOpen without a text or URI (the LSP asks strings for both); ignored.');
          return;
        }
        const before = this.documents.get(uri);
        if (before) {
          before.pending?.dispose();
          this.keptParses.forget(before);
        }
        const language = typeof languageId === 'string' ? languageId : '';
        const document = new LineIndexedDocument(uri, language, Number.isFinite(version) ? version! : 0, text);
        this.documents.set(uri, { document, languageId: language });
        this.scheduleValidation(uri);
      }),
    );

    this.connection.onDidChangeTextDocument(
      this.guard('didChange', (params) => {
        const uri: unknown = params?.textDocument?.uri;
        const open = typeof uri === 'string' ? this.documents.get(uri) : undefined;
        if (!open) {
          this.logError(`didChange for ${typeof uri === 'string' ? uri : 'no URI'}, which is not open; ignored.`);
          return;
        }
        const version = typeof params.textDocument.version === 'number' ? params.textDocument.version : open.document.version + 1;
        open.document = applyContentChanges(open.document, params.contentChanges, version);
        this.scheduleValidation(open.document.uri);
      }),
    );

    this.connection.onDidCloseTextDocument(
      this.guard('didClose', (params) => {
        const uri = params?.textDocument?.uri;
        const open = typeof uri === 'string' ? this.documents.get(uri) : undefined;
        if (!open) return;
        open.pending?.dispose();
        this.validations.delete(uri);
        this.documents.delete(uri);
        this.keptParses.forget(open);
        this.editorFeatures.forget(uri);
        this.runtime.hostFinder?.forget?.(uri);
        if (!this.pullDiagnostics) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
      }),
    );
  }

  // ---------------------------------------------------------------------------
  // Initialize and settings
  // ---------------------------------------------------------------------------

  /** `initialize`: the client's capabilities and initialization options; the server's capabilities. */
  private registerInitialize(): void {
    this.connection.onInitialize((params: InitializeParams): InitializeResult => {
      const caps = params.capabilities ?? {};
      this.hasConfigurationCapability = !!caps.workspace?.configuration;
      this.hasDynamicConfigRegistration = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
      this.pullDiagnostics = !!caps.textDocument?.diagnostic;
      this.canRefreshDiagnostics = !!caps.workspace?.diagnostics?.refreshSupport;
      this.snippetSupport = caps.textDocument?.completion?.completionItem?.snippetSupport === true;
      const resolvable: unknown = caps.textDocument?.completion?.completionItem?.resolveSupport?.properties;
      this.completionDocumentation =
        Array.isArray(resolvable) && resolvable.includes('documentation') ? new CompletionDocumentation() : undefined;
      this.initOptions = params.initializationOptions;
      this.trusted = !(isObject(this.initOptions) && this.initOptions.workspaceTrusted === false);
      this.layers.set('initializationOptions', this.initOptions);
      this.workspaceFolder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
      this.canWatchFiles = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
      this.relativePatterns = !!caps.workspace?.didChangeWatchedFiles?.relativePatternSupport;
      this.readRepoFile();
      this.applySettings();
      this.editorFeatures.setClientCapabilities(caps);
      return {
        capabilities: {
          textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
          completionProvider: { triggerCharacters: ['=', '|', '&', '?', '"', ':'], resolveProvider: !!this.completionDocumentation },
          hoverProvider: true,
          codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
          documentSymbolProvider: true,
          documentLinkProvider: { resolveProvider: false },
          ...editorFeatureCapabilities(caps),
          ...(this.pullDiagnostics ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
        },
        serverInfo: { name: 'wikimap-query-server', version: this.runtime.version },
      };
    });
  }

  /**
   * The repository config file of the workspace folder (`.wikimapquery.json`, there or above it up to the
   * repository's top) as the lowest settings layer. Not read in an untrusted workspace: its settings may
   * lead to fetches, as workspace settings do. Its problems are shown once each.
   */
  private readRepoFile(): void {
    const config = this.readRepoConfig(this.workspaceFolder);
    this.workspaceConfigFile = config?.file;
    this.layers.setValues('file', config?.values);
  }

  /** The repository config file that applies to a folder (a URI), read, its problems shown once each; none when untrusted. */
  private readRepoConfig(folder: string | undefined): RepoConfig | undefined {
    const config = this.trusted && folder && this.runtime.repoConfig ? this.runtime.repoConfig(folder) : undefined;
    for (const problem of config?.problems ?? []) {
      if (this.toldRepoProblems.has(problem)) continue;
      this.toldRepoProblems.add(problem);
      this.log(problem);
      void this.connection.window.showWarningMessage(fit(`Wiki & Map Query: ${problem}`));
    }
    return config;
  }

  /**
   * The settings a document is served with: the workspace's, unless a repository config file nearer to the
   * document than the workspace folder's applies (a sub-folder's own `.wikimapquery.json`, another root of a
   * multi-root workspace): then the same layers over that file. Kept per folder until settings or files change.
   */
  private settingsOf(uri: string | undefined): EffectiveSettings {
    const slash = uri?.startsWith('file:') ? uri.lastIndexOf('/') : -1;
    if (!uri || slash < 0 || !this.trusted || !this.runtime.repoConfig) return this.settings;
    const folder = uri.slice(0, slash);
    let settings = this.settingsByFolder.get(folder);
    if (!settings) {
      const config = this.readRepoConfig(folder);
      settings = !config || config.file === this.workspaceConfigFile ? this.settings : this.layers.effectiveWith(config.values);
      if (this.settingsByFolder.size >= MAX_SETTINGS_FOLDERS) this.settingsByFolder.clear();
      this.settingsByFolder.set(folder, settings);
    }
    return settings;
  }

  /** The layered settings take effect (the services get them when `settingsReady` settles). */
  private applySettings(): void {
    this.settingsByFolder.clear();
    this.settings = this.layers.effective();
    this.mapConfigs.configure(nestSettings(this.settings.values));
  }

  private async fetchSettings(): Promise<void> {
    if (!this.hasConfigurationCapability) return;
    try {
      // A client that never answers must not hold diagnostics back for ever: defaults after a while.
      let timer: Disposable | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = this.runtime.timers.setTimeout(
          () => reject(new Error(`no answer to workspace/configuration within ${SETTINGS_TIMEOUT_MS} ms`)),
          SETTINGS_TIMEOUT_MS,
        );
      });
      const [section] = await Promise.race([this.connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }]), timeout]).finally(
        () => timer?.dispose(),
      );
      // The newest answer replaces the older one (a client answering null has no settings for us).
      this.layers.set('pulled', section);
      this.applySettings();
    } catch (err) {
      this.logError(`Reading the wikimapQuery settings failed (defaults used): ${errorMessage(err)}`);
    }
  }

  /** `initialized` (settings pulled, services loaded) and `workspace/didChangeConfiguration` (pushed or pulled settings). */
  private registerSettings(): void {
    this.connection.onInitialized(
      this.guard('initialized', () => {
        if (this.hasConfigurationCapability && this.hasDynamicConfigRegistration) {
          this.connection.client.register(DidChangeConfigurationNotification.type, { section: 'wikimapQuery' }).catch(() => undefined);
        }
        if (this.canWatchFiles) {
          const watchers = [{ globPattern: `**/${REPO_CONFIG_FILE}` }];
          this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(() => undefined);
        }
        this.editorFeatures.initialized();
        this.settingsReady = this.fetchSettings().then(() => this.applyEndpoints());
        // Load and index the catalogues now, after `initialize` has answered, so the first request does not wait.
        this.runtime.timers.setImmediate(() => {
          try {
            this.getServices();
          } catch (err) {
            this.logError(`Loading the language services failed: ${errorMessage(err)}`);
          }
        });
        // Completion, hover and code actions (a chunk read on first use) are read and compiled once the first checks are
        // likely done, so the user's first completion or hover does not pay for it.
        this.warmUp = this.runtime.timers.setTimeout(() => {
          this.warmUp = undefined;
          if (this.shutDown || !this.services) return;
          try {
            warmUpWikiFeatures(this.services.builtinCatalogue);
          } catch (err) {
            this.logError(`Warming up completion failed: ${errorMessage(err)}`);
          }
        }, WARM_UP_DELAY_MS);
      }),
    );

    this.connection.onDidChangeConfiguration(
      this.guard('didChangeConfiguration', (params) => {
        const previousMax = this.settings.maxFullCheckSize;
        // Push-style clients (Neovim, Helix, eglot) send the settings themselves, wrapped in wikimapQuery or not.
        const pushed = pushedSettings(params?.settings);
        if (pushed) this.layers.set('pushed', pushed.settings);
        this.readRepoFile();
        this.applySettings();
        // Pull-style clients (VS Code) send `null`; clients that push and answer pulls too (eglot, Helix) answer
        // from their new settings: ask again either way, so an older pulled answer never hides the change.
        this.settingsReady = this.hasConfigurationCapability ? this.fetchSettings() : Promise.resolve();
        void this.settingsReady.then(() => {
          this.applyEndpoints();
          if (this.settings.maxFullCheckSize !== previousMax) for (const open of this.documents.values()) open.toldTooLarge = false;
          this.revalidateAll();
        });
      }),
    );
    this.registerRepoConfigWatch();
  }

  /** `workspace/didChangeWatchedFiles` for the repository config file: read again, settings applied, documents checked again. */
  private registerRepoConfigWatch(): void {
    this.connection.onDidChangeWatchedFiles(
      this.guard('didChangeWatchedFiles', (params) => {
        const changes: unknown[] = Array.isArray(params?.changes) ? params.changes : [];
        const uris = changes.map((c) => (isObject(c) ? c.uri : undefined)).filter((u): u is string => typeof u === 'string');
        // A saved catalogue file of wikimapQuery.wikis: read again (documents are judged again when it is).
        for (const uri of new Set(uris)) this.services?.catalogueFileChanged(uri);
        if (!uris.some((u) => u.endsWith(`/${REPO_CONFIG_FILE}`))) return;
        this.readRepoFile();
        this.applySettings();
        void this.settingsReady.then(() => {
          this.applyEndpoints();
          this.revalidateAll();
        });
      }),
    );
  }

  // ---------------------------------------------------------------------------
  // Features
  // ---------------------------------------------------------------------------

  /**
   * Whether a whole-document answer (folding, symbols, links, inlay hints, the runnable
   * queries behind the ▶ Run lenses, formatting) is computed for `uri`: not for a document over
   * `diagnostics.maxFullCheckSize`, whose answers would take gigabytes and seconds. Over it the request
   * gets an empty answer; the user is told once per document (`tellTooLarge`).
   */
  private withinBudget(uri: string): boolean {
    const open = this.documents.get(uri);
    if (!open || open.document.getText().length <= this.settingsOf(uri).maxFullCheckSize) return true;
    this.tellTooLarge(open);
    return false;
  }

  /**
   * The one message (a warning window and the log) that says what a large document does without. A source file
   * (Python, JavaScript, …) under the parse budget is checked as any other (its checks do not follow
   * maxFullCheckSize) and has no folding, outline, links, inlay hints or formatting from this server at any size:
   * what it does without is its ▶ Run lenses. Over `SOURCE_FILE_LIMITS.parsedChars` its `largesource` note says
   * that too (`withRunLensesOff`), so no window repeats it; under, the window says only that. Over the parse budget
   * a source file is not checked: the window says so and names the ▶ Run lenses, not features it never had.
   */
  private tellTooLarge(open: OpenDocument): void {
    if (open.toldTooLarge) return;
    open.toldTooLarge = true;
    const max = this.settingsOf(open.document.uri).maxFullCheckSize;
    const name = fileName(open.document.uri);
    const size = open.document.getText().length;
    const off = 'folding, outline, links, inlay hints, the ▶ Run lenses and formatting are off for it';
    let text: string;
    if (size > max * PARSE_BUDGET_FACTOR) {
      const what = this.isSourceFile(open)
        ? 'its requests are not checked and the ▶ Run lenses are off for it'
        : `it is not checked, ${off}`;
      text = `${name} is larger than ${formatSize(max * PARSE_BUDGET_FACTOR)}: ${what}; highlighting, hover and completion ${documentWindow().describeWindow()}.`;
    } else if (this.isSourceFile(open)) {
      if (size > SOURCE_FILE_LIMITS.parsedChars) return;
      text = `${name} is larger than ${formatSize(max)}: the ▶ Run lenses are off for it; its requests are all checked, hover and completion still work.`;
    } else text = `${name} is larger than ${formatSize(max)}: only the basic checks run on it, ${off}; hover and completion still work.`;
    const full = `${text} Split the file, or raise wikimapQuery.diagnostics.maxFullCheckSize.`;
    this.connection.console.warn(fit(full));
    void this.connection.window.showWarningMessage(fit(full));
  }

  /** Whether the document is a source file whose requests the server reads (not a query document). */
  private isSourceFile(open: OpenDocument): boolean {
    return pickMode(open.document.uri, open.languageId, this.settings, this.getServices())?.kind === 'host';
  }

  private withDocument<T>(uri: string, fallback: T, work: (p: CachedParse, service: LanguageService<unknown>) => T, at?: Range): T {
    const open = this.documents.get(uri);
    if (!open) return fallback;
    const p = this.getParsed(open, at);
    if (!p) return fallback;
    return work(p, p.mode.service);
  }

  /** A whole-document answer: `work` on the document's parse, or empty over the size budget (`withinBudget`) or when it is not open. */
  private withWholeDocument<T>(uri: string, work: (p: CachedParse, service: LanguageService<unknown>) => T[]): T[] {
    return this.withinBudget(uri) ? this.withDocument(uri, [], work) : [];
  }

  /** Symbols and links: whole-document answers, empty over the size budget. */
  private registerOutlineHandlers(): void {
    this.connection.onDocumentSymbol((params, token) =>
      this.runSafe(
        'documentSymbol',
        token,
        () =>
          this.withWholeDocument(params.textDocument.uri, (p, service) =>
            service.findDocumentSymbols(p.document, p.parsed).slice(0, MAX_SYMBOLS),
          ),
        { params, empty: [] },
      ),
    );

    this.connection.onDocumentLinks((params, token) =>
      this.runSafe(
        'documentLink',
        token,
        () =>
          this.withWholeDocument(params.textDocument.uri, (p, service) =>
            service.findDocumentLinks(p.document, p.parsed).slice(0, MAX_SYMBOLS),
          ),
        { params, empty: [] },
      ),
    );
  }

  /** Completion, hover, code actions, symbols, links and pulled diagnostics, each on the cached parse. */
  private registerFeatureHandlers(): void {
    this.registerOutlineHandlers();
    this.connection.onCompletion((params, token) =>
      this.runSafe(
        'completion',
        token,
        () =>
          this.withDocument<CompletionList | null>(
            params.textDocument.uri,
            null,
            (p, service) => {
              const [offset, ls] = [p.document.offsetAt(params.position), this.languageSettings(params.textDocument.uri)];
              const onTargetsLine = documentTargetsLine(p.document)
                ? editorTargetsModule().completeTargetsLine(p.document, offset, this.settingsOf(params.textDocument.uri).wikis, {
                    shorts: builtinVersionShorts,
                  })
                : undefined;
              if (onTargetsLine) return onTargetsLine;
              const targets = this.targetChoice(p, params.textDocument.uri);
              // Documentation on resolve: not where it is merged by target or given the window's note.
              const lazy = !!this.completionDocumentation && !p.cutNote;
              const found = targets?.targets.length
                ? editorTargetsModule().completeByTargets(targets, p.document, p.parsed, offset, ls)
                : service.doComplete(p.document, p.parsed, offset, lazy ? { ...ls, lazyCompletionDocumentation: true } : ls);
              const all = this.snippetSupport ? found : withoutSnippets(found);
              const list =
                all.items.length > MAX_COMPLETION_ITEMS
                  ? { isIncomplete: true, items: all.items.slice(0, MAX_COMPLETION_ITEMS), itemDefaults: all.itemDefaults }
                  : all;
              const sent = p.cutNote ? documentWindow().withNoteOnItems(list, p.cutNote) : list;
              this.completionDocumentation?.defer(sent.items);
              return sent;
            },
            at(params.position),
          ),
        { params, needs: { position: true }, empty: null },
      ),
    );
    this.connection.onCompletionResolve((item, token) =>
      this.runSafe('completionItem/resolve', token, () => this.completionDocumentation?.resolve(item) ?? item),
    );

    this.connection.onHover((params, token) =>
      this.runSafe(
        'hover',
        token,
        () =>
          this.withDocument(
            params.textDocument.uri,
            null,
            (p, service) => {
              const [offset, ls] = [p.document.offsetAt(params.position), this.languageSettings(params.textDocument.uri)];
              const targets = this.targetChoice(p, params.textDocument.uri);
              const hover = targets?.targets.length
                ? editorTargetsModule().hoverByTargets(targets, p.document, p.parsed, offset, ls)
                : service.doHover(p.document, p.parsed, offset, ls);
              return p.cutNote ? documentWindow().withNote(hover, p.cutNote) : hover;
            },
            at(params.position),
          ),
        { params, needs: { position: true }, empty: null },
      ),
    );

    this.registerCodeActionsAndDiagnostics();
  }

  /** Code actions and pulled diagnostics, on the cached parse and its diagnostics. */
  private registerCodeActionsAndDiagnostics(): void {
    this.connection.onCodeAction((params, token) =>
      this.runSafe(
        'codeAction',
        token,
        () =>
          this.withDocument(
            params.textDocument.uri,
            [],
            (p, service) => {
              const diagnostics = this.codeActionDiagnostics(params.textDocument.uri, params.range, params.context?.diagnostics);
              const actions = [
                ...service.doCodeActions(p.document, p.parsed, params.range, diagnostics, this.languageSettings(params.textDocument.uri)),
                ...catalogueApprovalActions(diagnostics),
              ];
              const only = params.context?.only;
              return only && only.length
                ? actions.filter((a) => !a.kind || only.some((k) => a.kind === k || a.kind!.startsWith(k + '.')))
                : actions;
            },
            params.range,
          ),
        { params, needs: { range: true }, empty: [] },
      ),
    );

    this.connection.languages.diagnostics.on((params, token) =>
      this.runSafe<DocumentDiagnosticReport>(
        'diagnostic',
        token,
        async () => {
          await this.settingsReady;
          const open = this.documents.get(params.textDocument.uri);
          if (!open) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
          const resultId = `${open.document.version}:${this.generation}`;
          if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
          return { kind: DocumentDiagnosticReportKind.Full, resultId, items: this.safeDiagnostics(open) };
        },
        { params, empty: { kind: DocumentDiagnosticReportKind.Full, items: [] } },
      ),
    );
  }

  // ---------------------------------------------------------------------------
  // Custom requests (see protocol.ts)
  // ---------------------------------------------------------------------------

  /** The custom requests of common/protocol.ts. */
  /** The queries of a text typed into "Run Query…": read as a wikiquery document by the wiki service. */
  private runnableQueriesOfText(text: string): RunnableQueriesResult {
    if (text.length > MAX_RUN_QUERY_TEXT) {
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `The query text is ${text.length} characters long; at most ${MAX_RUN_QUERY_TEXT} are read. Put long queries in a .wikiquery file and run them from there.`,
      );
    }
    const document = TextDocument.create('untitled:run-query.wikiquery', WIKI_LANGUAGE_ID, 1, text);
    const { wiki } = this.getServices();
    return wiki.getRunnableQueries(document, wiki.parse(document));
  }

  private registerCustomRequests(): void {
    this.connection.onRequest<CatalogueResult, unknown>(
      CatalogueRequestMethod,
      (params: CatalogueParams | undefined, token: CancellationToken) =>
        this.runSafe<CatalogueResult>(
          'wikimapQuery/catalogue',
          token,
          async () => {
            await this.settingsReady;
            let apiUrl = params?.apiUrl;
            if (!apiUrl && params?.uri) {
              const open = this.documents.get(params.uri);
              const p = open && this.getParsed(open);
              if (p?.mode.kind === 'wiki') apiUrl = p.mode.service.getRunnableQueries(p.document, p.parsed).find((q) => q.apiUrl)?.apiUrl;
            }
            return this.getServices().describeCatalogue(apiUrl);
          },
          { params, needs: { textDocument: false, strings: ['apiUrl', 'uri'] } },
        ),
    );

    this.connection.onRequest<RunnableQueriesResult, unknown>(
      RunnableQueriesRequestMethod,
      (params: RunnableQueriesParams, token: CancellationToken) =>
        this.runSafe<RunnableQueriesResult>(
          'wikimapQuery/runnableQueries',
          token,
          () =>
            typeof params?.text === 'string'
              ? this.runnableQueriesOfText(params.text)
              : this.withWholeDocument(params?.uri ?? '', (p, service) => service.getRunnableQueries(p.document, p.parsed)),
          { params, needs: { textDocument: false, strings: ['uri', 'text'] }, empty: [] },
        ),
    );

    this.connection.onRequest<MapConfigFileResult, unknown>(MapConfigFileRequest.method, (params: MapConfigFileParams | undefined) => {
      this.getServices();
      return this.mapConfigs.useFile(params?.name, typeof params?.text === 'string' ? params.text : undefined);
    });

    this.connection.onRequest<ReloadCatalogueResult, unknown>(
      ReloadCatalogueRequestMethod,
      (params: ReloadCatalogueParams | undefined, token: CancellationToken) =>
        this.runSafe<ReloadCatalogueResult>(
          'wikimapQuery/reloadCatalogue',
          token,
          async () => {
            await this.settingsReady;
            const result = await this.getServices().reloadCatalogues(params?.apiUrl, this.settings, params?.forget === true);
            this.revalidateAll();
            return result;
          },
          { params, needs: { textDocument: false, strings: ['apiUrl'] } },
        ),
    );
  }

  /** `shutdown`: refuse requests from now on, stop pending runs, release the services. */
  private registerShutdown(): void {
    this.connection.onShutdown(() => {
      this.shutDown = true;
      this.warmUp?.dispose();
      for (const open of this.documents.values()) open.pending?.dispose();
      this.validations.dispose();
      this.services?.dispose();
      this.mapConfigs.dispose();
    });
  }
}

/**
 * The notes that say what was left unchecked (a budget passed): published whatever the count of problems, as
 * a `toomanyrequests` past the first 1,000 problems of a source file would otherwise be hidden, and with it
 * the fact that the rest of the file is not checked.
 */
const LIMIT_NOTES: ReadonlySet<unknown> = new Set(['largedocument', 'largesource', 'toomanyrequests']);

/**
 * The first MAX_PROBLEMS diagnostics by position, and one note saying how many more there are (with those
 * a service counted but did not list: `data.notListed`); the notes of a budget (`LIMIT_NOTES`) always.
 */
function capProblems(all: Diagnostic[]): Diagnostic[] {
  if (all.length <= MAX_PROBLEMS) return all;
  const notes = all.filter((d) => LIMIT_NOTES.has(d.code));
  const diagnostics = notes.length === 0 ? all : all.filter((d) => !LIMIT_NOTES.has(d.code));
  if (diagnostics.length <= MAX_PROBLEMS) return all;
  let notListed = 0;
  for (const d of diagnostics) {
    const n = (d.data as { notListed?: unknown } | undefined)?.notListed;
    if (typeof n === 'number') notListed += n;
  }
  const sorted = [...diagnostics].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  );
  const kept = sorted.slice(0, MAX_PROBLEMS);
  const next = sorted[MAX_PROBLEMS];
  kept.push({
    range: { start: next.range.start, end: next.range.start },
    severity: 3,
    code: 'toomanyproblems',
    source: 'wikimap-query',
    message: `${diagnostics.length - MAX_PROBLEMS + notListed} more problems from here on are not shown (only the first ${MAX_PROBLEMS} are). Fix these first, or check the file with: wikimap-query check FILE`,
  });
  kept.push(...notes);
  return kept;
}

/**
 * A source file over diagnostics.maxFullCheckSize: its `largesource` note (what the checks leave out) also says
 * what the editor leaves out, so that it is the one note (`tellTooLarge` shows no window for it).
 */
function withRunLensesOff(found: Diagnostic[], max: number): Diagnostic[] {
  return found.map((d) =>
    d.code === 'largesource'
      ? {
          ...d,
          message: `${d.message} Being larger than ${formatSize(max)}, it has no ▶ Run lenses in the editor either (wikimapQuery.diagnostics.maxFullCheckSize).`,
        }
      : d,
  );
}

/** `initializationOptions.catalogueCacheDir`: where the client wants live catalogues cached (VS Code: its global storage). */
function cacheDirFrom(initOptions: unknown): string | undefined {
  const dir = isObject(initOptions) ? initOptions.catalogueCacheDir : undefined;
  return typeof dir === 'string' && dir ? dir : undefined;
}

function formatSize(chars: number): string {
  if (chars >= 1024 * 1024) return `${+(chars / (1024 * 1024)).toFixed(1)} MB`;
  if (chars >= 1024) return `${+(chars / 1024).toFixed(1)} KB`;
  return `${chars} characters`;
}
