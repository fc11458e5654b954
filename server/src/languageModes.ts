/**
 * The language services the server and the CLI share: which service serves a document, the built-in
 * catalogue and map descriptor (read once, through the runtime), the live catalogue store when the
 * runtime has one, settings as the services see them, and per-code severity overrides.
 *
 * No LSP connection here: the CLI uses this without starting a server.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  MAP_LANGUAGE_ID,
  type CatalogueResult,
  type ParaminfoModule,
  type ParaminfoParameter,
  type ReloadCatalogueResult,
} from '../../common/protocol';
import type { CatalogueStoreAccess, CatalogueStoreOptions, Disposable, PackageFiles, ServerRuntime } from './runtime';
import type { LanguageService } from './service/languageTypes';
import { readSettings, settingValue, type QueryLayout, type SettingValues, type SeveritySetting } from '../../common/settings';
import { loadBuiltinCatalogue, type WikiCatalogue } from './service/wiki/wikiCatalogue';
import type { WikiModule, WikiParamDescriptor } from './service/wiki/wikiTypes';
import { getWikiLanguageService, WIKI_LANGUAGE_ID, type WikiLanguageService } from './service/wiki/wikiLanguageService';
import { continuesQuery } from './service/wiki/wikiQueryParser';
import { hostLanguageOf } from './service/embedded/hostLanguages';
import { createMapDescriptor } from './service/map/mapDescriptor';
import { normaliseApiUrl } from './catalogue/apiUrl';
import { decideCatalogueFetch, type CatalogueFetchPolicy, type FetchDecision, type LiveCataloguePolicy } from './catalogue/fetchPolicy';
import type { MapLanguageService, MapServerConfig } from './service/map/mapLanguageService';
import type { MapDescriptor } from './service/map/mapDescriptor';
import { errorMessage } from '../../common/errorMessage';
import type { WikiSecret } from '../../run/wiki/wikiSecrets';
import { redactUserInfo } from '../../run/redact';
import { SavedCatalogueFiles, type SavedCatalogueEntry, type SplitWikis } from './catalogue/savedCatalogueEntries';

export interface EffectiveSettings {
  apiUrl?: string;
  wikis: Record<string, string>;
  highLimits: boolean;
  loggedIn: boolean;
  severity: Record<string, SeveritySetting>;
  embeddedLanguages: string[];
  delay: number;
  maxFullCheckSize: number;
  /**
   * `wikimapQuery.wiki.liveCatalogues`: which wikis' own catalogues are fetched in the background.
   * `configured` (the default): only `wiki.apiUrl`, `wikis` and the approved catalogues; `any`: also
   * any public wiki a query's URL names; `off`: none, the built-in catalogue for every query.
   */
  liveCatalogues: LiveCataloguePolicy;
  /** `wikimapQuery.wiki.approvedCatalogues`: wikis (origins or api.php URLs) the user approved for fetching. */
  approvedCatalogues: string[];
  /** `wikimapQuery.wiki.maxCatalogueMB` in bytes: the largest catalogue answer read. */
  maxCatalogueBytes: number;
  /** `wikimapQuery.wiki.maxCatalogueFollowUps`: most follow-up paraminfo requests of one catalogue load. */
  maxCatalogueFollowUps: number;
  /** `wikimapQuery.wiki.catalogueTimeoutSeconds` in ms: the time of one catalogue request. */
  catalogueTimeoutMs: number;
  /** `wikimapQuery.wiki.targets`: names of configured wikis or built-in versions every wiki request is judged against. */
  targets: string[];
  /** `wikimapQuery.format.queryLayout`: how formatting lays out wiki queries (default `asWritten`). */
  queryLayout: QueryLayout;
  /** Every setting given (checked against the table), by key without the prefix; the rest have their defaults. */
  values: SettingValues;
}

export type { LiveCataloguePolicy };

export interface Mode {
  kind: 'wiki' | 'map' | 'host';
  service: LanguageService<unknown>;
  /** The document the service sees (a `.wikiquery` file under another language id is given ours). */
  view(document: TextDocument): TextDocument;
  /**
   * Whether a line goes on with the request of the lines before it (wiki documents: `&…` and `#` lines),
   * so that a window over a huge document can look back for where the request starts.
   */
  continues?: (text: string, lineStart: number, limit: number) => boolean;
}

export interface LanguageServices {
  wiki: LanguageService<unknown>;
  /** Source files (Python, JavaScript, …): the requests written in them (service/embedded/embeddedLanguageService.ts). */
  host: LanguageService<unknown>;
  map: LanguageService<unknown>;
  builtinCatalogue: WikiCatalogue;
  /** The catalogue a query naming `apiUrl` (or a bare query, without it) is judged by. */
  resolveCatalogue(apiUrl?: string): WikiCatalogue;
  /**
   * Why a configured wiki's requests are judged by the built-in catalogue right now (its own is loading,
   * could not be loaded, or is not fetched), for messages; undefined when its own is in use.
   */
  builtinInUseFor(apiUrlOrName: string): string | undefined;
  /** A service of source files whose requests another wiki service judges (a target wiki's, editorTargets.ts). */
  hostFor(wiki: LanguageService<unknown>): LanguageService<unknown>;
  applyEndpoints(settings: EffectiveSettings): void;
  /** The saved catalogue files of `wikimapQuery.wikis` in use (read; the editor watches them). */
  catalogueFiles(): readonly SavedCatalogueEntry[];
  /** A watched saved catalogue file changed (its `file:` URI): it is read again; false when it is none of ours. */
  catalogueFileChanged(uri: string): boolean;
  onDidChangeCatalogue(listener: (apiUrl: string, failed?: boolean) => void): Disposable;
  describeCatalogue(apiUrlOrName?: string): CatalogueResult;
  /** Reloads (`forget`: after dropping what was loaded, in memory and on disk: after a sign-out). */
  reloadCatalogues(apiUrlOrName: string | undefined, settings: EffectiveSettings, forget?: boolean): Promise<ReloadCatalogueResult>;
  /**
   * Whether the catalogue of that wiki may be fetched (see catalogue/fetchPolicy.ts). Always allowed
   * where no live catalogues are fetched at all (the CLI with fixed catalogues, no store): nothing to approve.
   */
  catalogueFetchDecision(apiUrl: string): FetchDecision;
  /** VS Code Workspace Trust, from the client's initialization options: untrusted means nothing is fetched. */
  setWorkspaceTrusted(trusted: boolean): void;
  dispose(): void;
}

export function readJsonFile(files: PackageFiles, relativePath: string): unknown {
  const text = files.readText(relativePath);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${relativePath} is not valid JSON (${errorMessage(err)}); reinstall the package.`, { cause: err });
  }
}

/** The map descriptor shipped in `descriptors/mapserver/` (the first `*.json` there). */
function loadMapDescriptorJson(files: PackageFiles): unknown {
  const names = files
    .list('descriptors/mapserver')
    .filter((n) => n.endsWith('.json'))
    .sort();
  const name = names.includes('mapobjects.json') ? 'mapobjects.json' : names[0];
  if (!name) throw new Error('descriptors/mapserver/ holds no descriptor (*.json); reinstall the package.');
  return readJsonFile(files, `descriptors/mapserver/${name}`);
}

function loadBuiltin(files: PackageFiles): WikiCatalogue {
  return loadBuiltinCatalogue((rel) => {
    // The constraints and the action modules are optional data; the two catalogue files are not.
    const optional = ['constraints.json', 'action-modules.json', 'action-constraints.json'];
    const base = rel.slice(rel.lastIndexOf('/') + 1);
    if (optional.includes(base) && !files.list('descriptors/wiki').includes(base)) return undefined;
    return readJsonFile(files, rel);
  });
}

export interface CreateServicesOptions {
  log(message: string, kind?: 'info' | 'warning'): void;
  /** Catalogues to use instead of the built-in one (the CLI's `--catalogue`); the first is the default. */
  catalogues?: WikiCatalogue[];
  /** The built-in catalogue when the caller already loaded it. */
  builtin?: WikiCatalogue;
  /** Disk cache folder for live catalogues (from the client), else the runtime's default. */
  cacheDir?: string;
  /** The secret the client stored for a wiki (VS Code's "Sign in to Wiki…"); asked only for configured wikis. */
  secretFor?(apiUrl: string): Promise<WikiSecret | undefined>;
  /** What a private wiki's `readapidenied` is explained with (how this client signs in). */
  readDeniedHelp?: string;
  /**
   * Where a saved catalogue file of `wikimapQuery.wikis` is (the runtime's resolution against the workspace
   * folder); absent: such entries are not read (said once).
   */
  catalogueFilePath?(value: string): { path: string; uri: string } | undefined;
}

/** The client's stored sign-in goes only to the wikis the user configured, never to one a document names. */
function signInFor(
  options: CreateServicesOptions,
  policy: CatalogueFetchPolicy,
): Pick<CatalogueStoreOptions, 'secretFor' | 'readDeniedHelp'> {
  const secretFor = options.secretFor;
  return {
    readDeniedHelp: options.readDeniedHelp,
    secretFor:
      secretFor &&
      ((apiUrl) => (decideCatalogueFetch(apiUrl, policy).why === 'configured' ? secretFor(apiUrl) : Promise.resolve(undefined))),
  };
}

/**
 * The catalogue budgets of the settings, as the store's options: asked at each fetch, so a change applies
 * to the next load.
 */
function catalogueLimits() {
  let current = effectiveSettings(new Map());
  return {
    options: {
      maxBytes: () => current.maxCatalogueBytes,
      maxFollowUps: () => current.maxCatalogueFollowUps,
      timeoutMs: () => current.catalogueTimeoutMs,
    },
    apply(settings: EffectiveSettings) {
      current = settings;
    },
  };
}

export function createLanguageServices(
  runtime: Pick<ServerRuntime, 'files' | 'createCatalogueStore' | 'hostFinder'>,
  options: CreateServicesOptions,
): LanguageServices {
  const builtinCatalogue = options.builtin ?? loadBuiltin(runtime.files);
  const fixed = options.catalogues?.length ? options.catalogues : undefined;
  let wikis: Record<string, string> = {};
  // Which wikis may be fetched (asked when a wiki is first met): see catalogue/fetchPolicy.ts.
  const policy: CatalogueFetchPolicy = { mode: 'configured', configured: [], approved: [], trusted: true };
  const limits = catalogueLimits();
  const shouldFetch = (apiUrl: string) => decideCatalogueFetch(apiUrl, policy).allowed;
  const store: CatalogueStoreAccess<WikiCatalogue> | undefined =
    !fixed && runtime.createCatalogueStore
      ? runtime.createCatalogueStore({
          builtin: builtinCatalogue,
          log: options.log,
          cacheDir: options.cacheDir,
          shouldFetch,
          // A loopback or private address (checked on the resolved address when connecting) only for a configured wiki.
          allowPrivate: (apiUrl) => decideCatalogueFetch(apiUrl, policy).why === 'configured',
          ...limits.options,
          ...signInFor(options, policy),
        })
      : undefined;

  const resolveCatalogue = (apiUrl?: string): WikiCatalogue => {
    if (fixed) return (apiUrl && fixed.find((c) => sameApiUrl(c.source, apiUrl))) || fixed[0];
    return store ? store.resolve(apiUrl) : builtinCatalogue;
  };
  const savedFiles = new SavedCatalogueFiles((message) => options.log(message, 'warning'));
  // A saved catalogue file is passed by its name: the store knows it under that name.
  const resolveName = (apiUrlOrName?: string) =>
    (apiUrlOrName && !savedFiles.has(apiUrlOrName) && wikis[apiUrlOrName]) || apiUrlOrName || undefined;
  let lastSettings: EffectiveSettings | undefined;
  const applyEndpoints = (settings: EffectiveSettings) => {
    lastSettings = settings;
    wikis = settings.wikis;
    limits.apply(settings);
    applyWikis(settings, policy, savedFiles.apply(settings.wikis, { trusted: policy.trusted, resolve: options.catalogueFilePath }), store);
  };

  const wiki = getWikiLanguageService({ resolveCatalogue }) as LanguageService<unknown>;
  const mapService = lazyMapService(createMapDescriptor(loadMapDescriptorJson(runtime.files)));
  const map = mapService as LanguageService<unknown>;
  const host = createHostService(wiki, runtime.hostFinder, mapService);

  return {
    wiki,
    host,
    map,
    builtinCatalogue,
    resolveCatalogue,
    hostFor: (judge) => createHostService(judge, runtime.hostFinder, mapService),
    builtinInUseFor: (apiUrlOrName) => whyBuiltin(store?.status?.(apiUrlOrName)),
    applyEndpoints,
    catalogueFiles: () => savedFiles.entries,
    catalogueFileChanged: (uri) => rereadSavedFile(savedFiles.byUri(uri), store, options.log),
    onDidChangeCatalogue: (listener) => store?.onDidChange(listener) ?? { dispose() {} },
    describeCatalogue(apiUrlOrName) {
      const catalogue = resolveCatalogue(resolveName(apiUrlOrName));
      return {
        source: store?.describe?.(catalogue) ?? catalogue.source,
        modules: catalogue.modules.map(toParaminfoModule),
        namespaces: catalogue.namespaces.map((ns) => ({ id: ns.id, name: ns.name })),
      };
    },
    async reloadCatalogues(apiUrlOrName, settings, forget) {
      const configured = Object.entries(settings.wikis).map(([name, value]) => (savedFiles.has(name) ? name : value));
      const targets = apiUrlOrName
        ? [resolveName(apiUrlOrName)!]
        : [...new Set([settings.apiUrl, ...configured].filter((u): u is string => !!u))];
      return reloadTargets(targets, store, policy.trusted, forget);
    },
    catalogueFetchDecision: (apiUrl) => (store ? decideCatalogueFetch(apiUrl, policy) : { allowed: true, why: 'configured' }),
    setWorkspaceTrusted(trusted) {
      const changed = policy.trusted !== trusted;
      policy.trusted = trusted;
      // Saved catalogue files are read only in a trusted workspace.
      if (changed && lastSettings) applyEndpoints(lastSettings);
    },
    dispose() {
      store?.dispose?.();
    },
  };
}

/** The wikis of the settings to the fetch policy and the store: the api.php URLs, and the saved catalogue files that may be read. */
function applyWikis(
  settings: EffectiveSettings,
  policy: CatalogueFetchPolicy,
  split: SplitWikis,
  store: CatalogueStoreAccess<WikiCatalogue> | undefined,
): void {
  policy.mode = settings.liveCatalogues;
  policy.configured = [settings.apiUrl, ...Object.values(split.urls)].filter((u): u is string => !!u && /^https?:\/\//i.test(u));
  policy.approved = settings.approvedCatalogues;
  store?.setEndpoints(settings.apiUrl, split.urls, Object.fromEntries(split.files.map((f) => [f.name, f.path])));
}

/** A watched saved catalogue file changed: read again; a failure is said here (the store fires a change either way, so notes are shown at once). */
function rereadSavedFile(
  entry: SavedCatalogueEntry | undefined,
  store: CatalogueStoreAccess<WikiCatalogue> | undefined,
  log: CreateServicesOptions['log'],
): boolean {
  if (!entry || !store) return false;
  store.reload(entry.name).catch((err) => log(`Wiki Query: cannot read ${entry.path}: ${errorMessage(err)}.`, 'warning'));
  return true;
}

function whyBuiltin(status: ReturnType<NonNullable<CatalogueStoreAccess['status']>> | undefined): string | undefined {
  if (!status?.apiUrl || status.origin !== 'builtin') return undefined;
  if (status.loading) return 'built-in catalogue until its own loads';
  return status.error ? 'built-in catalogue: its own could not be loaded' : 'built-in catalogue: its own is not fetched';
}

type EmbeddedModule = typeof import('./service/embedded/embeddedLanguageService');

/**
 * The service of source files: the finder with the host parsers, or (without them) the lexer that reads URL literals.
 * Its module is required when a source file is first served: in the shipped server and CLI it is a bundle of its
 * own (dist/server.embedded.js, scripts/build.js), which a session of query documents never reads or compiles.
 */
function createHostService(
  wiki: LanguageService<unknown>,
  hostFinder: ServerRuntime['hostFinder'],
  map: MapLanguageService,
): LanguageService<unknown> {
  return lazyLanguageService(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use on purpose
    const embedded = require('./service/embedded/embeddedLanguageService') as EmbeddedModule;
    return embedded.getEmbeddedLanguageService({
      wiki: wiki as unknown as WikiLanguageService,
      map,
      // The prefilter decides first everywhere (findLoaded applies it too).
      find: (text, lang, doc) =>
        hostFinder ? hostFinder.findLoaded(text, lang, doc) : embedded.mayHoldRequest(text) ? embedded.findUrlLiterals(text, lang.id) : [],
    }) as LanguageService<unknown>;
  });
}

type MapModule = typeof import('./service/map/mapLanguageService');

/**
 * The map service, its module required when a feature is first asked for: in the shipped server and CLI it is a
 * bundle of its own (dist/server.map.js, scripts/build.js), which a session of wiki documents never reads or
 * compiles. The descriptor is at hand at once; a map server's config handed in before is handed on when made.
 */
export function lazyMapService(descriptor: MapDescriptor, load: () => MapModule = loadMapModule): MapLanguageService {
  let made: MapLanguageService | undefined;
  let pending: { config: MapServerConfig | undefined } | undefined;
  const make = (): MapLanguageService => {
    if (made) return made;
    made = load().getMapLanguageService({ descriptor });
    if (pending) made.setServerConfig(pending.config);
    return made;
  };
  return {
    ...lazyLanguageService(make),
    descriptor,
    getServerConfig: () => make().getServerConfig(),
    setServerConfig: (config) => (made ? made.setServerConfig(config) : (pending = { config })),
  };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use on purpose
const loadMapModule = (): MapModule => require('./service/map/mapLanguageService');

/** A language service made by `create` when one of its features is first asked for. */
export function lazyLanguageService<P>(create: () => LanguageService<P>): LanguageService<P> {
  let made: LanguageService<P> | undefined;
  const s = (): LanguageService<P> => (made ??= create());
  return {
    parse: (d) => s().parse(d),
    doValidation: (d, p, o) => s().doValidation(d, p, o),
    doComplete: (d, p, offset, o) => s().doComplete(d, p, offset, o),
    doHover: (d, p, offset, o) => s().doHover(d, p, offset, o),
    doCodeActions: (d, p, range, diagnostics, o) => s().doCodeActions(d, p, range, diagnostics, o),
    findDocumentSymbols: (d, p) => s().findDocumentSymbols(d, p),
    findDocumentLinks: (d, p) => s().findDocumentLinks(d, p),
    getRunnableQueries: (d, p) => s().getRunnableQueries(d, p),
    getSemanticTokens: (d, p, range) => s().getSemanticTokens(d, p, range),
    getInlayHints: (d, p, range, o) => s().getInlayHints(d, p, range, o),
    getFoldingRanges: (d, p) => s().getFoldingRanges(d, p),
    getSelectionRanges: (d, p, positions) => s().getSelectionRanges(d, p, positions),
    format: (d, p, options, o) => s().format(d, p, options, o),
  };
}

/** Reloads the catalogues of `targets`, or says why none is fetched (no wiki configured, untrusted workspace, no live catalogues here). */
async function reloadTargets(
  targets: string[],
  store: CatalogueStoreAccess<WikiCatalogue> | undefined,
  trusted: boolean,
  forget?: boolean,
): Promise<ReloadCatalogueResult> {
  // Forgetting (after a sign-out) is done even where nothing may be fetched again.
  if (forget && store?.forget) for (const t of targets) await store.forget(t);
  if (!targets.length) {
    return {
      loaded: [],
      errors: ['No wiki is configured: set wikimapQuery.wiki.apiUrl (or wikimapQuery.wikis) to an api.php URL, then reload.'],
    };
  }
  if (store && !trusted) {
    return {
      loaded: [],
      errors: [
        'This workspace is not trusted: no wiki catalogue is fetched (the built-in catalogue is used). Trust the workspace to load wikis.',
      ],
    };
  }
  if (!store) {
    return {
      loaded: [],
      errors: targets.map(
        (url) => `${redactUserInfo(url)}: live catalogues are not available here; the built-in catalogue is used for every wiki.`,
      ),
    };
  }
  const result: ReloadCatalogueResult = { loaded: [], errors: [] };
  await Promise.all(
    targets.map(async (url) => {
      try {
        await store.reload(url);
        result.loaded.push(redactUserInfo(url));
      } catch (err) {
        // A configured `http://user:secret@…` URL is never shown or logged with its credentials.
        result.errors.push(redactUserInfo(`${url}: ${errorMessage(err)}`));
      }
    }),
  );
  return result;
}

function sameApiUrl(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      return normaliseApiUrl(u);
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

// ---------------------------------------------------------------------------
// Which service serves a document
// ---------------------------------------------------------------------------

/**
 * A `.wikiquery` file whose client gave it another language id is still a whole wiki query document:
 * the same document under the wiki language id (its text and positions are not copied).
 */
function asWikiDocument(d: TextDocument): TextDocument {
  if (d.languageId === WIKI_LANGUAGE_ID) return d;
  return {
    uri: d.uri,
    languageId: WIKI_LANGUAGE_ID,
    version: d.version,
    get lineCount() {
      return d.lineCount;
    },
    getText: (range) => d.getText(range),
    positionAt: (offset) => d.positionAt(offset),
    offsetAt: (position) => d.offsetAt(position),
    getLineRange: (line) => d.getLineRange(line),
    getEOLCharacters: (line) => d.getEOLCharacters(line),
  };
}

/**
 * File names decide first (editors without our language ids, e.g. Neovim's `json` filetype for
 * `x.mapquery.json`), then the language id; languages of `embeddedLanguages` get wiki features on
 * their `api.php?` URLs. Anything else is not served.
 */
export function pickMode(uri: string, languageId: string, settings: EffectiveSettings, services: LanguageServices): Mode | undefined {
  const path = uri.replace(/[?#].*$/, '').toLowerCase();
  if (path.endsWith('.mapquery.json') || languageId === MAP_LANGUAGE_ID) return { kind: 'map', service: services.map, view: (d) => d };
  if (path.endsWith('.wikiquery') || languageId === WIKI_LANGUAGE_ID)
    return { kind: 'wiki', service: services.wiki, view: asWikiDocument, continues: continuesQuery };
  // Source files of the host languages: the requests the finder reads in them.
  const lang = hostLanguageOf(languageId, uri);
  if (lang && (settings.embeddedLanguages.includes(languageId) || settings.embeddedLanguages.includes(lang.id)))
    return { kind: 'host', service: services.host, view: (d) => d };
  // The wiki service reads a document of any other language in embedded mode (only its api.php? URLs).
  if (settings.embeddedLanguages.includes(languageId)) return { kind: 'wiki', service: services.wiki, view: (d) => d };
  return undefined;
}

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

/** Names in `initializationOptions` that are options of the host, not settings (see common/protocol.ts). */
export const HOST_OPTIONS = ['catalogueCacheDir', 'workspaceTrusted'];

/**
 * The settings as the services see them, from values checked against the settings table
 * (common/settings.ts); a setting not given has its default.
 */
export function effectiveSettings(values: SettingValues, defaultDelay?: number): EffectiveSettings {
  const v = (key: string) => settingValue(values, key);
  const apiUrl = (v('wiki.apiUrl') as string).trim();
  return {
    queryLayout: v('format.queryLayout') as QueryLayout,
    targets: v('wiki.targets') as string[],
    liveCatalogues: v('wiki.liveCatalogues') as LiveCataloguePolicy,
    approvedCatalogues: v('wiki.approvedCatalogues') as string[],
    maxCatalogueBytes: Math.round((v('wiki.maxCatalogueMB') as number) * 1024 * 1024),
    maxCatalogueFollowUps: v('wiki.maxCatalogueFollowUps') as number,
    catalogueTimeoutMs: Math.round((v('wiki.catalogueTimeoutSeconds') as number) * 1000),
    apiUrl: apiUrl || undefined,
    wikis: v('wikis') as Record<string, string>,
    highLimits: v('wiki.highLimits') as boolean,
    loggedIn: v('wiki.loggedIn') as boolean,
    severity: v('diagnostics.severity') as Record<string, SeveritySetting>,
    embeddedLanguages: v('embeddedLanguages') as string[],
    delay: values.has('diagnostics.delay') || defaultDelay === undefined ? (v('diagnostics.delay') as number) : defaultDelay,
    maxFullCheckSize: v('diagnostics.maxFullCheckSize') as number,
    values: new Map(values),
  };
}

/**
 * Settings from any client, in any shape (nested, dotted, prefixed, wrapped in `{ wikimapQuery: … }`;
 * see `readSettings`). A value of the wrong type is ignored (the default is used).
 */
export function normaliseSettings(raw: unknown, defaultDelay?: number): EffectiveSettings {
  return effectiveSettings(readSettings(raw, HOST_OPTIONS).values, defaultDelay);
}

// ---------------------------------------------------------------------------
// Catalogue → paraminfo (for wikimapQuery/catalogue)
// ---------------------------------------------------------------------------

/** A normalised module back in `action=paraminfo` formatversion-1 shape (true flags as `""`). */
function toParaminfoModule(m: WikiModule): ParaminfoModule {
  const out: ParaminfoModule = {
    name: m.name,
    path: m.path,
    group: m.group,
    prefix: m.prefix,
    parameters: m.parameters.map(toParaminfoParameter),
  };
  if (m.source) out.source = m.source;
  if (m.readrights) out.readrights = '';
  if (m.writerights) out.writerights = '';
  if (m.mustbeposted) out.mustbeposted = '';
  if (m.generator) out.generator = '';
  if (m.deprecated) out.deprecated = '';
  if (m.internal) out.internal = '';
  out.helpurls = m.helpurls;
  out.templatedparameters = m.templatedparameters.map(toParaminfoParameter);
  return out;
}

function toParaminfoParameter(d: WikiParamDescriptor): ParaminfoParameter {
  const out: ParaminfoParameter = { name: d.name, type: d.type === 'enum' && d.values ? d.values : d.type };
  if (d.index !== undefined) out.index = d.index;
  if (d.default !== undefined) out.default = d.default;
  if (d.multi) {
    out.multi = '';
    if (d.lowlimit !== undefined) {
      out.lowlimit = d.lowlimit;
      out.limit = d.lowlimit;
    }
    if (d.highlimit !== undefined) out.highlimit = d.highlimit;
  }
  for (const k of [
    'min',
    'max',
    'highmax',
    'allspecifier',
    'deprecatedvalues',
    'info',
    'subtypes',
    'extranamespaces',
    'submodules',
    'submoduleparamprefix',
    'templatevars',
    'maxbytes',
    'maxchars',
  ] as const) {
    if (d[k] !== undefined) out[k] = d[k];
  }
  for (const k of ['required', 'deprecated', 'sensitive', 'allowsduplicates', 'enforcerange'] as const) if (d[k]) out[k] = '';
  return out;
}
