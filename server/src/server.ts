/**
 * startServer(connection, runtime): the LSP wiring of the wiki and map query services.
 *
 * - Document cache with incremental sync (the changes of one notification applied in order, see
 *   documentSync.ts); each document is parsed once per version and the parsed result is handed to
 *   every feature (see STYLE.md, "Three layers"). Semantic tokens, inlay hints, folding, selection
 *   ranges and formatting are wired in editorFeatures.ts.
 * - After `shutdown`, requests are refused with InvalidRequest and no diagnostics run is scheduled.
 * - Diagnostics are debounced per document and published only for the version they were computed
 *   for; clients that support pull diagnostics (`textDocument/diagnostic`) pull them instead.
 * - Every handler is wrapped: an exception is logged and answered with an error, the server lives on.
 *   Requests cancelled before their turn are answered with `RequestCancelled`.
 * - Settings come from `initializationOptions`, then from `workspace/didChangeConfiguration` when it
 *   carries them (Neovim, Helix, eglot), else from `workspace/configuration` (section `wikimapQuery`)
 *   when the client offers it (VS Code).
 */
import {
  CodeActionKind,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
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
import type { CompletionList, Diagnostic, Position, Range } from 'vscode-languageserver-types';
import {
  CatalogueRequestMethod,
  ReloadCatalogueRequestMethod,
  RunnableQueriesRequestMethod,
  type CatalogueParams,
  type CatalogueResult,
  type ReloadCatalogueParams,
  type ReloadCatalogueResult,
  type RunnableQueriesParams,
  type RunnableQueriesResult,
} from '../../common/protocol';
import type { Disposable, ServerRuntime } from './runtime';
import { applyContentChanges } from './documentSync';
import { editorFeatureCapabilities, registerEditorFeatures } from './editorFeatures';
import type { LanguageService, LanguageSettings } from './service/languageTypes';
import {
  applySeverityOverrides,
  createLanguageServices,
  normaliseSettings,
  pickMode,
  type EffectiveSettings,
  type LanguageServices,
  type Mode,
} from './languageModes';
import { catalogueApprovalActions, catalogueApprovalDiagnostics } from './catalogueApproval';
import type { WikiDocument } from './service/wiki/wikiTypes';
import { MapConfigStore, type MapConfigTarget } from './mapConfig/mapConfigStore';
import { isObject } from '../../common/isObject';
import { errorMessage } from '../../common/errorMessage';

/** Most completion items sent at once; the list is then marked incomplete. */
const MAX_COMPLETION_ITEMS = 1000;
/** Most diagnostics sent for one document (the editor cannot show more usefully); the rest are counted. */
const MAX_PROBLEMS = 1000;
/** Documents over maxFullCheckSize × this are not validated at all. */
const NO_CHECK_FACTOR = 4;
/** Debounce for documents over maxFullCheckSize. */
const LARGE_DOCUMENT_DELAY_MS = 1000;
/** How long to wait for the client's `workspace/configuration` answer before using defaults. */
const SETTINGS_TIMEOUT_MS = 3000;
/** Most document symbols / links sent for one document. */
const MAX_SYMBOLS = 5000;

interface CachedParse {
  version: number;
  mode: Mode;
  document: TextDocument;
  parsed: unknown;
}

interface OpenDocument {
  document: TextDocument;
  languageId: string;
  parse?: CachedParse;
  pending?: Disposable;
  /** The size warning was shown for this document. */
  toldTooLarge?: boolean;
}

export interface ServerOptions {
  /** Debounce of diagnostics in ms unless the settings say otherwise. */
  diagnosticsDelay?: number;
}

export function startServer(connection: Connection, runtime: ServerRuntime, options: ServerOptions = {}): void {
  const documents = new Map<string, OpenDocument>();
  let services: LanguageServices | undefined;
  let settings: EffectiveSettings = normaliseSettings(undefined, options.diagnosticsDelay);
  let initOptions: unknown;
  let hasConfigurationCapability = false;
  let hasDynamicConfigRegistration = false;
  let pullDiagnostics = false;
  let canRefreshDiagnostics = false;
  /** Bumped whenever settings or catalogues change; part of pull-diagnostics result ids. */
  let generation = 0;
  let settingsReady: Promise<void> = Promise.resolve();
  let toldBrokenData = false;
  /** `shutdown` was received: requests are refused from now on (LSP: InvalidRequest), nothing new is scheduled. */
  let shutDown = false;

  const log = (message: string) => connection.console.log(message);
  /** The catalogue store says each warning once (a wiki that cannot be reached, a bad URL): shown to the user too. */
  const catalogueLog = (message: string, kind?: 'info' | 'warning') => {
    log(message);
    if (kind === 'warning') void connection.window.showWarningMessage(message);
  };
  const logError = (message: string) => connection.console.error(message);
  /** The configured map server's own config (layers, enabled types), handed to the map service. */
  const mapConfigs = new MapConfigStore({
    timers: runtime.timers,
    log: catalogueLog,
    onDidChange: () => services && revalidateAll(),
    // As with catalogues: in a workspace the user does not trust, nothing is fetched (docs/security.md).
    shouldFetch: () => !(isObject(initOptions) && initOptions.workspaceTrusted === false),
  });

  /** Services are created on first use, so `initialize` answers at once. */
  function getServices(): LanguageServices {
    if (!services) {
      try {
        services = createLanguageServices(runtime, { log: catalogueLog, cacheDir: cacheDirFrom(initOptions) });
      } catch (err) {
        // Broken package data: say it once; every request then answers with this error.
        if (!toldBrokenData) {
          toldBrokenData = true;
          void connection.window.showErrorMessage(`Wiki & Map Query cannot start its language services: ${errorMessage(err)}`);
        }
        throw err;
      }
      services.applyEndpoints(settings);
      services.setWorkspaceTrusted(!(isObject(initOptions) && initOptions.workspaceTrusted === false));
      mapConfigs.bind(services.map as unknown as MapConfigTarget);
      services.onDidChangeCatalogue((apiUrl) => {
        log(`Catalogue of ${apiUrl} loaded; validating open documents again.`);
        revalidateAll();
      });
    }
    return services;
  }

  // ---------------------------------------------------------------------------
  // Handler safety
  // ---------------------------------------------------------------------------

  function cancelled(): ResponseError<any> {
    return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
  }

  /** Runs a request handler after pending messages (a cancel may be among them); errors become error responses. */
  function runSafe<T>(name: string, token: CancellationToken | undefined, work: () => T | Promise<T>): Promise<T | ResponseError<any>> {
    return new Promise((resolve) => {
      if (shutDown) return resolve(new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shutting down (shutdown was received)`));
      runtime.timers.setImmediate(async () => {
        if (token?.isCancellationRequested) return resolve(cancelled());
        try {
          const result = await work();
          resolve(token?.isCancellationRequested ? cancelled() : result);
        } catch (err) {
          const message = errorMessage(err);
          logError(`${name} failed: ${err instanceof Error && err.stack ? err.stack : message}`);
          resolve(new ResponseError(ErrorCodes.InternalError, `${name} failed: ${message}`));
        }
      });
    });
  }

  /** Notification handlers: log, never throw. */
  function guard<A extends unknown[]>(name: string, fn: (...args: A) => void): (...args: A) => void {
    return (...args: A) => {
      try {
        fn(...args);
      } catch (err) {
        logError(`${name} failed: ${err instanceof Error && err.stack ? err.stack : String(err)}`);
      }
    };
  }

  /** Semantic tokens, inlay hints, folding, selection ranges, formatting (editorFeatures.ts). */
  const editorFeatures = registerEditorFeatures(connection, { runSafe, withDocument, languageSettings });

  // ---------------------------------------------------------------------------
  // Documents
  // ---------------------------------------------------------------------------

  function getParsed(open: OpenDocument): CachedParse | undefined {
    const doc = open.document;
    if (open.parse && open.parse.version === doc.version) return open.parse;
    const mode = pickMode(doc.uri, open.languageId, settings, getServices());
    if (!mode) return undefined;
    const document = mode.view(doc);
    open.parse = { version: doc.version, mode, document, parsed: mode.service.parse(document) };
    return open.parse;
  }

  function languageSettings(): LanguageSettings {
    return { highLimits: settings.highLimits, severity: settings.severity, maxFullCheckSize: settings.maxFullCheckSize, queryLayout: settings.queryLayout };
  }

  function computeDiagnostics(open: OpenDocument): Diagnostic[] {
    const size = open.document.getText().length;
    const ceiling = settings.maxFullCheckSize * NO_CHECK_FACTOR;
    if (size > settings.maxFullCheckSize && !open.toldTooLarge) {
      open.toldTooLarge = true;
      const name = fileName(open.document.uri);
      void connection.window.showWarningMessage(
        size > ceiling
          ? `${name} is larger than ${formatSize(ceiling)}: it is not checked (completion and hover still work). Split the file, or raise wikimapQuery.diagnostics.maxFullCheckSize.`
          : `${name} is larger than ${formatSize(settings.maxFullCheckSize)}: only the basic checks run on it. Split the file, or raise wikimapQuery.diagnostics.maxFullCheckSize.`,
      );
    }
    // Past the ceiling, checking would hold the server for seconds at every pause in typing.
    if (size > ceiling) return [];
    const p = getParsed(open);
    if (!p) return [];
    let found = p.mode.service.doValidation(p.document, p.parsed, languageSettings());
    if (p.mode.kind === 'wiki') {
      const s = getServices();
      found = found.concat(catalogueApprovalDiagnostics(p.document, p.parsed as WikiDocument, (url) => s.catalogueFetchDecision(url)));
    }
    return capProblems(applySeverityOverrides(found, settings.severity));
  }

  /** The diagnostics of a document; when checking fails, one note saying so, so stale diagnostics never stay. */
  function safeDiagnostics(open: OpenDocument): Diagnostic[] {
    try {
      return computeDiagnostics(open);
    } catch (err) {
      logError(`Validating ${open.document.uri} failed: ${err instanceof Error && err.stack ? err.stack : String(err)}`);
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
   * The diagnostics a code action is asked for. A client may send none although the range has some:
   * ALE sends a diagnostic only when the cursor is on a one-character word, and asks for a longer
   * word's range with an empty list. Then the server's own diagnostics touching the range are used.
   */
  function contextDiagnostics(uri: string, range: Range, sent: Diagnostic[] | undefined): Diagnostic[] {
    if (sent && sent.length) return sent;
    const open = documents.get(uri);
    if (!open) return [];
    const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);
    return safeDiagnostics(open).filter((d) => !before(d.range.end, range.start) && !before(range.end, d.range.start));
  }

  function scheduleValidation(uri: string): void {
    if (pullDiagnostics || shutDown) return;
    const open = documents.get(uri);
    if (!open) return;
    open.pending?.dispose();
    const version = open.document.version;
    // A large document is validated after a longer pause, so typing in it does not queue long runs.
    const delay = open.document.getText().length > settings.maxFullCheckSize ? Math.max(settings.delay, LARGE_DOCUMENT_DELAY_MS) : settings.delay;
    open.pending = runtime.timers.setTimeout(() => {
      open.pending = undefined;
      void settingsReady.then(() => {
        const current = documents.get(uri);
        // Publish only for the version this run was scheduled for; a newer one has its own run.
        if (current !== open || open.document.version !== version) return;
        const diagnostics = safeDiagnostics(open);
        if (documents.get(uri) !== open || open.document.version !== version) return;
        void connection.sendDiagnostics({ uri, version, diagnostics });
      });
    }, delay);
  }

  function revalidateAll(): void {
    generation++;
    editorFeatures.refresh();
    for (const open of documents.values()) open.parse = undefined;
    if (pullDiagnostics) {
      if (canRefreshDiagnostics) connection.languages.diagnostics.refresh().catch(() => undefined);
      return;
    }
    for (const uri of documents.keys()) scheduleValidation(uri);
  }

  connection.onDidOpenTextDocument(
    guard('didOpen', (params) => {
      const { uri, languageId, version, text } = params.textDocument;
      documents.get(uri)?.pending?.dispose();
      documents.set(uri, { document: TextDocument.create(uri, languageId, version, text), languageId });
      scheduleValidation(uri);
    }),
  );

  connection.onDidChangeTextDocument(
    guard('didChange', (params) => {
      const open = documents.get(params.textDocument.uri);
      if (!open) {
        logError(`didChange for ${params.textDocument.uri}, which is not open; ignored.`);
        return;
      }
      const version = typeof params.textDocument.version === 'number' ? params.textDocument.version : open.document.version + 1;
      open.document = applyContentChanges(open.document, params.contentChanges, version);
      scheduleValidation(open.document.uri);
    }),
  );

  connection.onDidCloseTextDocument(
    guard('didClose', (params) => {
      const uri = params.textDocument.uri;
      const open = documents.get(uri);
      if (!open) return;
      open.pending?.dispose();
      documents.delete(uri);
      editorFeatures.forget(uri);
      if (!pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
    }),
  );

  // ---------------------------------------------------------------------------
  // Initialize and settings
  // ---------------------------------------------------------------------------

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities ?? {};
    hasConfigurationCapability = !!caps.workspace?.configuration;
    hasDynamicConfigRegistration = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    canRefreshDiagnostics = !!caps.workspace?.diagnostics?.refreshSupport;
    initOptions = params.initializationOptions;
    settings = normaliseSettings(initOptions, options.diagnosticsDelay);
    editorFeatures.setClientCapabilities(caps);
    mapConfigs.configure(initOptions);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['=', '|', '&', '?', '"', ':'], resolveProvider: false },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
        documentSymbolProvider: true,
        documentLinkProvider: { resolveProvider: false },
        ...editorFeatureCapabilities(caps),
        ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'wikimap-query-server', version: runtime.version },
    };
  });

  async function fetchSettings(): Promise<void> {
    if (!hasConfigurationCapability) return;
    try {
      // A client that never answers must not hold diagnostics back for ever: defaults after a while.
      let timer: Disposable | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = runtime.timers.setTimeout(() => reject(new Error(`no answer to workspace/configuration within ${SETTINGS_TIMEOUT_MS} ms`)), SETTINGS_TIMEOUT_MS);
      });
      const [section] = await Promise.race([connection.workspace.getConfiguration([{ section: 'wikimapQuery' }]), timeout]).finally(() => timer?.dispose());
      settings = normaliseSettings(mergeSettings(initOptions, section), options.diagnosticsDelay);
      mapConfigs.configure(mergeSettings(initOptions, section));
    } catch (err) {
      logError(`Reading the wikimapQuery settings failed (defaults used): ${errorMessage(err)}`);
    }
  }

  connection.onInitialized(
    guard('initialized', () => {
      if (hasConfigurationCapability && hasDynamicConfigRegistration) {
        connection.client.register(DidChangeConfigurationNotification.type, { section: 'wikimapQuery' }).catch(() => undefined);
      }
      editorFeatures.initialized();
      settingsReady = fetchSettings().then(() => services?.applyEndpoints(settings));
      // Load and index the catalogues now, after `initialize` has answered, so the first request does not wait.
      runtime.timers.setImmediate(() => {
        try {
          getServices();
        } catch (err) {
          logError(`Loading the language services failed: ${errorMessage(err)}`);
        }
      });
    }),
  );

  connection.onDidChangeConfiguration(
    guard('didChangeConfiguration', (params) => {
      const previousMax = settings.maxFullCheckSize;
      const section = pushedSection(params?.settings);
      if (section !== undefined) {
        // Push-style clients (Neovim, Helix, eglot) send the settings themselves, whole or as the wikimapQuery section.
        settings = normaliseSettings(mergeSettings(initOptions, section), options.diagnosticsDelay);
        mapConfigs.configure(mergeSettings(initOptions, section));
        settingsReady = Promise.resolve();
      } else if (hasConfigurationCapability) {
        // Pull-style clients (VS Code) send an empty notification: ask for the section.
        settingsReady = fetchSettings();
      } else {
        settingsReady = Promise.resolve();
      }
      void settingsReady.then(() => {
        services?.applyEndpoints(settings);
        if (settings.maxFullCheckSize !== previousMax) for (const open of documents.values()) open.toldTooLarge = false;
        revalidateAll();
      });
    }),
  );

  // ---------------------------------------------------------------------------
  // Features
  // ---------------------------------------------------------------------------

  function withDocument<T>(uri: string, fallback: T, work: (p: CachedParse, service: LanguageService<unknown>) => T): T {
    const open = documents.get(uri);
    if (!open) return fallback;
    const p = getParsed(open);
    if (!p) return fallback;
    return work(p, p.mode.service);
  }

  connection.onCompletion((params, token) =>
    runSafe('completion', token, () =>
      withDocument<CompletionList | null>(params.textDocument.uri, null, (p, service) => {
        const list = service.doComplete(p.document, p.parsed, p.document.offsetAt(params.position), languageSettings());
        if (list.items.length > MAX_COMPLETION_ITEMS) {
          return { isIncomplete: true, items: list.items.slice(0, MAX_COMPLETION_ITEMS), itemDefaults: list.itemDefaults };
        }
        return list;
      }),
    ),
  );

  connection.onHover((params, token) =>
    runSafe('hover', token, () =>
      withDocument(params.textDocument.uri, null, (p, service) =>
        service.doHover(p.document, p.parsed, p.document.offsetAt(params.position), languageSettings()),
      ),
    ),
  );

  connection.onCodeAction((params, token) =>
    runSafe('codeAction', token, () =>
      withDocument(params.textDocument.uri, [], (p, service) => {
        const diagnostics = contextDiagnostics(params.textDocument.uri, params.range, params.context?.diagnostics);
        const actions = [
          ...service.doCodeActions(p.document, p.parsed, params.range, diagnostics, languageSettings()),
          ...catalogueApprovalActions(diagnostics),
        ];
        const only = params.context?.only;
        return only && only.length ? actions.filter((a) => !a.kind || only.some((k) => a.kind === k || a.kind!.startsWith(k + '.'))) : actions;
      }),
    ),
  );

  connection.onDocumentSymbol((params, token) =>
    runSafe('documentSymbol', token, () =>
      withDocument(params.textDocument.uri, [], (p, service) => service.findDocumentSymbols(p.document, p.parsed).slice(0, MAX_SYMBOLS)),
    ),
  );

  connection.onDocumentLinks((params, token) =>
    runSafe('documentLink', token, () =>
      withDocument(params.textDocument.uri, [], (p, service) => service.findDocumentLinks(p.document, p.parsed).slice(0, MAX_SYMBOLS)),
    ),
  );

  connection.languages.diagnostics.on((params, token) =>
    runSafe<DocumentDiagnosticReport>('diagnostic', token, async () => {
      await settingsReady;
      const open = documents.get(params.textDocument.uri);
      if (!open) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const resultId = `${open.document.version}:${generation}`;
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId, items: safeDiagnostics(open) };
    }),
  );

  // ---------------------------------------------------------------------------
  // Custom requests (see protocol.ts)
  // ---------------------------------------------------------------------------

  connection.onRequest<CatalogueResult, unknown>(CatalogueRequestMethod, (params: CatalogueParams | undefined, token: CancellationToken) =>
    runSafe<CatalogueResult>('wikimapQuery/catalogue', token, async () => {
      await settingsReady;
      let apiUrl = params?.apiUrl;
      if (!apiUrl && params?.uri) {
        const open = documents.get(params.uri);
        const p = open && getParsed(open);
        if (p?.mode.kind === 'wiki') apiUrl = p.mode.service.getRunnableQueries(p.document, p.parsed).find((q) => q.apiUrl)?.apiUrl;
      }
      return getServices().describeCatalogue(apiUrl);
    }),
  );

  connection.onRequest<RunnableQueriesResult, unknown>(RunnableQueriesRequestMethod, (params: RunnableQueriesParams, token: CancellationToken) =>
    runSafe<RunnableQueriesResult>('wikimapQuery/runnableQueries', token, () =>
      withDocument<RunnableQueriesResult>(params.uri, [], (p, service) => service.getRunnableQueries(p.document, p.parsed)),
    ),
  );

  connection.onRequest<ReloadCatalogueResult, unknown>(ReloadCatalogueRequestMethod, (params: ReloadCatalogueParams | undefined, token: CancellationToken) =>
    runSafe<ReloadCatalogueResult>('wikimapQuery/reloadCatalogue', token, async () => {
      await settingsReady;
      const result = await getServices().reloadCatalogues(params?.apiUrl, settings);
      revalidateAll();
      return result;
    }),
  );

  connection.onShutdown(() => {
    shutDown = true;
    for (const open of documents.values()) open.pending?.dispose();
    services?.dispose();
    mapConfigs.dispose();
  });

  connection.listen();
}

/** The first MAX_PROBLEMS diagnostics by position, and one note saying how many more there are. */
function capProblems(diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length <= MAX_PROBLEMS) return diagnostics;
  const sorted = [...diagnostics].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  const kept = sorted.slice(0, MAX_PROBLEMS);
  const next = sorted[MAX_PROBLEMS];
  kept.push({
    range: { start: next.range.start, end: next.range.start },
    severity: 3,
    code: 'toomanyproblems',
    source: 'wikimap-query',
    message: `${diagnostics.length - MAX_PROBLEMS} more problems from here on are not shown (only the first ${MAX_PROBLEMS} are). Fix these first, or check the file with: wikimap-query check FILE`,
  });
  return kept;
}

/**
 * The settings a `workspace/didChangeConfiguration` carries: its `wikimapQuery` section, or the whole
 * object when it holds our keys unwrapped. Undefined when it carries none (VS Code sends `null` or
 * other extensions' sections and expects the server to pull).
 */
function pushedSection(pushed: unknown): unknown {
  if (!isObject(pushed)) return undefined;
  if ('wikimapQuery' in pushed) return pushed.wikimapQuery;
  const ours = ['wiki', 'wikis', 'diagnostics', 'embeddedLanguages', 'format'];
  return Object.keys(pushed).some((k) => ours.includes(k) || ours.some((o) => k.startsWith(o + '.'))) ? pushed : undefined;
}

function mergeSettings(base: unknown, over: unknown): unknown {
  if (!isObject(base)) return over;
  if (!isObject(over)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(out[k]) ? mergeSettings(out[k], v) : v;
  return out;
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

/** The last path segment of a URI, decoded when it is valid percent-encoding (a malformed URI is shown as written). */
function fileName(uri: string): string {
  const last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

