/**
 * The one table of the `wikimapQuery.*` settings, and the pure helpers every side reads settings with.
 *
 * Derived from this table (never written by hand):
 * - package.json `contributes.configuration` and `capabilities.untrustedWorkspaces.restrictedConfigurations`,
 *   and the README's settings table (`npm run gen:settings-docs`; test/unit/settings checks they agree);
 * - the server's normalisation (server/src/languageModes.ts, server/src/settingsLayers.ts): each value is
 *   checked against its entry's type, enum and range;
 * - the client's reading (client/src/settings.ts) and the initialization options it sends
 *   (client/src/languageClient.ts): every setting the server reads that the user set;
 * - what the repository config file `.wikimapquery.json` may hold (`REPO_FILE_KEYS`).
 *
 * This module is in the client's activation bundle and the server's: it imports nothing.
 */

/** The settings section: `wikimapQuery.<key>` in the editor's settings. */
export const SETTINGS_SECTION = 'wikimapQuery';

/** The repository config file, looked for upward from a checked file or the workspace folder. */
export const REPO_CONFIG_FILE = '.wikimapquery.json';

/** Severity setting for one diagnostic code; `off` hides it. */
export type SeveritySetting = 'error' | 'warning' | 'information' | 'hint' | 'off';
export const SEVERITY_LEVELS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

/** How formatting lays out wiki queries. */
export type QueryLayout = 'asWritten' | 'oneLine' | 'multiLine';

export interface SettingSpec {
  /** The name without the `wikimapQuery.` prefix, dotted (`wiki.apiUrl`). */
  readonly key: string;
  readonly type: 'string' | 'boolean' | 'number' | 'integer' | 'array' | 'object';
  readonly default: unknown;
  /** The description VS Code shows (markdown). */
  readonly markdownDescription: string;
  /** The README's one-line meaning (markdown). */
  readonly readme: string;
  readonly enum?: readonly string[];
  readonly enumDescriptions?: readonly string[];
  readonly minimum?: number;
  readonly maximum?: number;
  /** For arrays: the items' type (always strings here); for objects: the values' type and allowed values. */
  readonly items?: { readonly type: 'string'; readonly pattern?: string };
  readonly values?: {
    readonly type: 'string';
    readonly format?: string;
    readonly pattern?: string;
    readonly patternErrorMessage?: string;
    readonly enum?: readonly string[];
    readonly enumDescriptions?: readonly string[];
  };
  readonly uniqueItems?: boolean;
  /** VS Code's scope: `application` settings are user settings only (a workspace or repository cannot set them). */
  readonly scope: 'application' | 'machine' | 'window' | 'resource';
  readonly order?: number;
  /** The settings group (package.json `contributes.configuration[].title`). */
  readonly group: 'Wiki Query' | 'Map Query' | 'ContentDB';
  /** Which side reads it: the language server (and the CLI), the extension (client), or both. */
  readonly readBy: 'server' | 'client' | 'both';
  /** Ignored in a workspace the user does not trust when set by the workspace (it leads to a fetch or a run, or lifts a memory budget). */
  readonly restricted: boolean;
}

const SEVERITY_DESCRIPTIONS = [
  'Show as an error (red squiggle, counted in Problems as error).',
  'Show as a warning.',
  'Show as information.',
  'Show as a hint (faint dots, not in Problems).',
  'Do not show this diagnostic.',
];

/**
 * Documents over `diagnostics.maxFullCheckSize` × this are not parsed at all (the server's parse budget, and
 * the largest file the CLI checks by default). 2: a map document just under the budget (10 MB) peaks near
 * 0.5 GB when parsed whole; at 4 × (20 MB) it reached 1 GB.
 */
export const PARSE_BUDGET_FACTOR = 2;

/**
 * The network budgets that are fixed, not settings: each follows a setting's budget, or no real wiki or map
 * server comes near it and a raise would only serve a hostile one (the reasons are in docs/security.md's
 * budget table). The ones a user may need to raise are settings: `wiki.maxCatalogueMB`,
 * `wiki.maxCatalogueFollowUps`, `wiki.catalogueTimeoutSeconds`, `mapserver.maxConfigKB`,
 * `mapserver.configTimeoutSeconds`. Read by the code
 * that applies them; docs/security.md's budget table is rendered from them and from the settings' defaults
 * (`npm run gen:settings-docs`). The limits of one source file are `SOURCE_FILE_LIMITS` (common/sourceFileLimits.ts):
 * the bundles of the source-file finder read them without this table.
 */
export const FIXED_LIMITS = {
  /** The parsed answers of a catalogue load may take this many times `wiki.maxCatalogueMB` in memory. */
  catalogueParsedPerByte: 8,
  /** The largest catalogue cache file, written or read, in times `wiki.maxCatalogueMB`. */
  catalogueCacheFileFactor: 1.25,
  /** Wikis whose catalogue is fetched in the background per session. */
  catalogueBackgroundWikis: 20,
  /** Catalogue cache files kept (the oldest evicted). */
  catalogueCacheFiles: 50,
  /** The parsed map config may take this many times its bytes in memory. */
  mapConfigParsedPerByte: 16,
  /** Most layers a map server's config may list (a real one has a few); more and the config is not used. */
  mapConfigMaxLayers: 1000,
  /** Most layers a message or hover lists by name (the rest are counted). */
  mapLayersNamed: 10,
  /** Deepest nesting of objects and arrays in a run's answer that is read (printing and merging recurse). */
  runAnswerMaxDepth: 1000,
  /** Most target names one document (`wiki.targets`, a `# targets:` line) or one `check` reads: each is a catalogue and a check per request. */
  maxTargets: 20,
  /**
   * Longest text a setting holds, in characters: a string setting, a list's item, a map's name or value (a URL or
   * a file path is far shorter). Longer is refused as the setting is read: a 10 MB `wiki.apiUrl` blocked the server
   * for seconds.
   */
  settingTextChars: 4096,
  /** Most entries a list or map setting holds (`wikis`, `mapservers`, …); the first ones are read, the rest said once. */
  settingEntries: 1000,
  /**
   * Most open documents whose parse (syntax tree, diagnostics) the language server keeps, and most characters of
   * text those parses are of, all documents together; the least recently used parse is dropped first and made
   * again when asked (the text itself is kept). 10,000 open documents of 2 KB each held 115 MB of parses.
   */
  parsedDocuments: 200,
  parsedDocumentChars: 16_000_000,
  /**
   * Most open documents whose last semantic tokens the server keeps for delta answers, and most numbers kept (5 a token),
   * all documents together; a delta asked of a document whose tokens were dropped gets the full answer.
   */
  tokenResultsKept: 50,
  tokenResultsNumbers: 5_000_000,
} as const;

const URL_VALUES = { type: 'string', format: 'uri', pattern: '^https?://' } as const;
/** A wiki: its api.php URL, or a saved catalogue file (a path without a URL scheme). */
const WIKI_VALUES = {
  type: 'string',
  pattern: '^(?:https?://|(?![A-Za-z][A-Za-z0-9+.-]*://)).+',
  patternErrorMessage: 'An http(s) api.php URL, or the path of a saved catalogue file (wikimap-query catalogue save … -o FILE).',
} as const;

/** Every `wikimapQuery.*` setting, once, in the order the editor lists them. */
export const SETTINGS: readonly SettingSpec[] = [
  {
    key: 'wiki.apiUrl',
    type: 'string',
    default: '',
    scope: 'resource',
    order: 1,
    group: 'Wiki Query',
    readBy: 'both',
    restricted: true,
    markdownDescription:
      'The wiki that bare queries (`action=query&…`) run against and whose catalogue (`action=paraminfo`) completion and diagnostics use: its `api.php` URL, e.g. `https://www.mediawiki.org/w/api.php`, or the name of an entry in `#wikimapQuery.wikis#`. Empty: the built-in catalogue, and bare queries cannot run. A query with a full URL always uses its own wiki. Switch it from the status bar.',
    readme: 'The wiki bare queries run against and whose catalogue they are judged by (its `api.php` URL).',
  },
  {
    key: 'wikis',
    type: 'object',
    default: {},
    values: WIKI_VALUES,
    scope: 'resource',
    order: 2,
    group: 'Wiki Query',
    readBy: 'both',
    restricted: true,
    markdownDescription:
      'Named wikis, name → `api.php` URL, e.g. `{ "local": "http://127.0.0.1:8080/api.php" }`, or name → a saved catalogue file (`wikimap-query catalogue save API_URL -o FILE`), absolute or relative to the workspace folder, e.g. `{ "intranet": "catalogues/intranet.json" }`: judged by that file (read again when it changes, never fetched; only in a trusted workspace, and only by the desktop editor), e.g. as a target in `#wikimapQuery.wiki.targets#`. Pick the current one from the status bar or with **Wiki Query: Select Wiki…**.',
    readme:
      'Named wikis, name → `api.php` URL, or name → a saved catalogue file (absolute or workspace-relative path; read again when it changes; trusted workspaces, desktop only).',
  },
  {
    key: 'wiki.highLimits',
    type: 'boolean',
    default: false,
    scope: 'resource',
    order: 3,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      'The limits of the account that will send your queries: on when your program logs in with an account that has the `apihighlimits` right (bots, sysops). Diagnostics then accept 500 values per multi-valued parameter instead of 50, and `limit` up to its high maximum. **Run Query** never logs in: its runs always get the anonymous limits, and say so when the wiki cuts a limit.',
    readme:
      'The account that sends your queries has `apihighlimits`: diagnostics accept 500 values per multi-valued parameter and limits up to the high maximum. Run Query never logs in: runs get the anonymous limits and say so when the wiki cuts one.',
  },
  {
    key: 'wiki.loggedIn',
    type: 'boolean',
    default: false,
    scope: 'resource',
    order: 4,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      'Your program logs in before it sends your queries. Off (the default): requests MediaWiki refuses to a reader who is not logged in get the server\'s verdict, said to hold "when sent without logging in" (`notloggedin` for a watchlist without its owner and token, `permissiondenied` for the patrolled flag of recent changes). On: those verdicts are not shown (the checker cannot know the account\'s rights). `wikimap-query check --catalogue URL` signed in with a secret counts as logged in; in the editor, the queries of a wiki you signed in to (**Sign in to Wiki…**) count as logged in without it. **Run Query** logs in only to a wiki you signed in to (**Sign in to Wiki…**).',
    readme:
      'Your program logs in before sending your queries: verdicts MediaWiki gives only to requests sent without logging in (`notloggedin`, `permissiondenied` for rights no anonymous reader has) are not shown. `check --catalogue URL` with a sign-in secret counts as logged in, and so does a wiki you signed in to in the editor.',
  },
  {
    key: 'wiki.targets',
    type: 'array',
    default: [],
    items: { type: 'string' },
    uniqueItems: true,
    scope: 'resource',
    order: 7,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: true,
    markdownDescription:
      "The wikis every wiki request must work on: names of entries in `#wikimapQuery.wikis#` or built-in MediaWiki versions (`1.39`, `1.43`, `1.45`). Each request is judged against each of them: a diagnostic says which targets reject it and which accept it (its severity the worst over them), hover shows the facts that differ between targets, and completion offers first what every target accepts. A `# targets: …` line at the top of a `.wikiquery` file (in a source file, in its own line comments: `// targets: …`, `-- targets: …`) names that file's targets instead (only these names, never a URL or a path). Empty: each request is judged by its own wiki. Ignored in a workspace you do not trust.",
    readme:
      'Names of wikis (entries of `wikimapQuery.wikis`) or built-in MediaWiki versions (`1.39`, `1.43`, `1.45`) every request is judged against; a `# targets: …` line at the top of a `.wikiquery` or source file (`// targets: …` in its comments) overrides it.',
  },
  {
    key: 'wiki.liveCatalogues',
    type: 'string',
    enum: ['configured', 'any', 'off'],
    enumDescriptions: [
      'Fetch only the wikis set in `wikimapQuery.wiki.apiUrl` and `wikimapQuery.wikis`, and those you approved (`wikimapQuery.wiki.approvedCatalogues`, the quick fix "Load the catalogue of HOST"). Other URLs are judged by the built-in catalogue.',
      'Also fetch the catalogue of any public wiki a query URL in an open document names (loopback and private-network hosts still only when configured).',
      'Never fetch: every query is judged by the built-in catalogue.',
    ],
    default: 'configured',
    scope: 'application',
    order: 4,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      'Which wikis the language server may contact to learn their own catalogue (`action=paraminfo` and namespaces). By default no wiki is contacted just because a document names it. A user setting only (a workspace cannot widen it). Takes effect for wikis not yet loaded.',
    readme:
      'Which wikis may be contacted to learn their catalogue: `configured` (configured and approved ones), `any` (also any public wiki a query URL names), or `off`. User settings only.',
  },
  {
    key: 'wiki.approvedCatalogues',
    type: 'array',
    default: [],
    items: { type: 'string', pattern: '^https?://' },
    uniqueItems: true,
    scope: 'application',
    order: 5,
    group: 'Wiki Query',
    readBy: 'both',
    restricted: false,
    markdownDescription:
      'Wikis whose catalogue may be fetched although they are not configured: an origin (`https://en.wikipedia.org`, every wiki there) or an `api.php` URL. The quick fix **Load the catalogue of HOST** adds to it. A user setting only. Loopback and private-network hosts are never fetched from this list: configure them in `#wikimapQuery.wikis#`.',
    readme:
      'Wikis (origins like `https://en.wikipedia.org`, or `api.php` URLs) whose catalogue may be fetched; the quick fix adds to it. User settings only.',
  },
  {
    key: 'wiki.maxCatalogueMB',
    type: 'number',
    default: 32,
    minimum: 1,
    maximum: 1000,
    scope: 'application',
    order: 6,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      "Most bytes read when fetching a wiki's catalogue, in MB, all of its answers together (siteinfo, paraminfo and any follow-up requests); past it reading stops and the built-in catalogue stays in use. Also the cap on a catalogue's cache file; the parsed answers may take at most 8 times as much memory.",
    readme: "Most bytes read of one wiki's catalogue, all answers together; also caps its cache file.",
  },
  {
    key: 'wiki.maxCatalogueFollowUps',
    type: 'integer',
    default: 20,
    minimum: 0,
    maximum: 400,
    scope: 'application',
    order: 6,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      "Most follow-up `action=paraminfo` requests (50 modules each) of one catalogue load, after its first answer. A wiki that expands paraminfo's wildcards needs none; the default covers 1,000 modules more, far more than any public wiki has. The first answer never decides how many requests are made: a wiki that lists more is judged by the built-in catalogue, and the message says so. `#wikimapQuery.wiki.maxCatalogueMB#` still counts all answers together.",
    readme:
      'Most follow-up paraminfo requests (50 modules each) of one catalogue load; all its answers still count against `wiki.maxCatalogueMB`.',
  },
  {
    key: 'wiki.catalogueTimeoutSeconds',
    type: 'number',
    default: 15,
    minimum: 1,
    maximum: 300,
    scope: 'application',
    order: 6,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      'Time limit, in seconds, of each request of a catalogue load (connecting and reading the answer); past it the wiki is judged by the built-in catalogue until it is reloaded. Raise it for a slow wiki (a private wiki behind a VPN, a wiki whose paraminfo takes long to build).',
    readme: 'Time limit of each request of a catalogue load.',
  },
  {
    key: 'diagnostics.severity',
    type: 'object',
    default: {},
    values: { type: 'string', enum: SEVERITY_LEVELS, enumDescriptions: SEVERITY_DESCRIPTIONS },
    scope: 'resource',
    order: 10,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      'Severity per diagnostic code, e.g. `{ "unrecognizedparams": "error", "deprecation": "off" }`. Codes are MediaWiki\'s own where it has one (`badvalue`, `outofrange`, `missingparam`, …); `off` hides a code.',
    readme: 'Severity per code: `error`, `warning`, `information`, `hint` or `off`.',
  },
  {
    key: 'diagnostics.delay',
    type: 'number',
    default: 150,
    minimum: 0,
    maximum: 5000,
    scope: 'window',
    order: 11,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      "Milliseconds to wait after typing before diagnostics are computed (default 150). Set it to `0` in editors that debounce changes themselves (e.g. Neovim's `debounce_text_changes`).",
    readme:
      "Milliseconds after the last change before diagnostics are computed. With the default, a one-character edit in a 10 000-line document shows new diagnostics after about 155 ms (about 4 ms at `0`). Set `0` in editors that debounce changes themselves (Neovim's `debounce_text_changes`, eglot's `eglot-send-changes-idle-time`).",
  },
  {
    key: 'format.queryLayout',
    type: 'string',
    enum: ['asWritten', 'oneLine', 'multiLine'],
    enumDescriptions: [
      'Each query keeps its layout: one-line queries stay on one line, multi-line queries stay multi-line.',
      'Every query on one line: `name=value&name=value`.',
      "Every query with two or more parameters on several lines: the first parameter on the query's line, each other one on a continuation line `  &name=value`.",
    ],
    default: 'asWritten',
    scope: 'resource',
    order: 20,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      'How **Format Document** lays out wiki queries (`.wikiquery`). Only the layout changes, never the request sent: parameters keep their written text, blanks at their ends included; empty pairs (`&&`, a trailing `&`) are removed. Map queries (`*.mapquery.json`) are formatted as JSON.',
    readme:
      'How **Format Document** lays out wiki queries: `asWritten` (each keeps its layout), `oneLine`, or `multiLine` (one parameter per continuation line).',
  },
  {
    key: 'diagnostics.maxFullCheckSize',
    type: 'number',
    default: 5000000,
    minimum: 1000,
    // (At most twice the default: a parse budget of 20 MB, where a map document parsed whole neared 1 GB. A workspace
    // the user does not trust cannot raise it: with 1e12 a 50 MB document took the server past 4 GB.)
    maximum: 10000000,
    scope: 'window',
    order: 12,
    group: 'Wiki Query',
    readBy: 'server',
    restricted: true,
    markdownDescription: `Documents larger than this many characters get fewer checks and no folding, outline, links, inlay hints, ▶ Run lenses or formatting; over ${PARSE_BUDGET_FACTOR} × this they are not parsed at all (hover, completion and highlighting read the lines around the cursor). Said once, so huge files never freeze the editor.`,
    readme: `Larger documents get fewer checks and no folding, outline, links, inlay hints, Run lenses or formatting; over ${PARSE_BUDGET_FACTOR} × this they are not parsed (hover, completion and highlighting read the lines around the cursor). Said once.`,
  },
  {
    key: 'embeddedLanguages',
    type: 'array',
    default: [
      'markdown',
      'python',
      'javascript',
      'typescript',
      'javascriptreact',
      'typescriptreact',
      'php',
      'kotlin',
      'java',
      'lua',
      'go',
      'ruby',
      'csharp',
      'perl',
      'shellscript',
      'swift',
      'r',
    ],
    items: { type: 'string' },
    uniqueItems: true,
    scope: 'window',
    order: 13,
    group: 'Wiki Query',
    readBy: 'both',
    restricted: false,
    markdownDescription:
      'Language ids whose documents get wiki-query features. Markdown (and any other language listed): lines containing `api.php?`, with the ▶ Run lens. Source files (Python, JavaScript, TypeScript, PHP, Kotlin, Java, Lua, Go, Ruby, C#, Perl, shell, Swift, R): the MediaWiki API requests written in them (URL literals, parameter dicts and objects, client calls) get diagnostics, hover, completion, quick fixes and highlighting — only in files that name a MediaWiki API (`api.php`, a wiki host) or use a MediaWiki client (`mw.Api`, mwn, pywikibot, mwclient). Changing it restarts the language server.',
    readme:
      'Languages whose requests get the wiki features: `api.php?` URLs in markdown; in source files, the API requests of files that name a MediaWiki API or use a MediaWiki client.',
  },
  {
    key: 'run.timeoutSeconds',
    type: 'number',
    default: 30,
    minimum: 1,
    maximum: 600,
    scope: 'window',
    order: 20,
    group: 'Wiki Query',
    readBy: 'client',
    restricted: false,
    markdownDescription: 'Time limit for one request of a run (wiki or map), in seconds.',
    readme: 'Time limit of one request.',
  },
  {
    key: 'run.maxResponseMB',
    type: 'number',
    default: 50,
    minimum: 1,
    maximum: 2000,
    scope: 'window',
    order: 21,
    group: 'Wiki Query',
    readBy: 'client',
    restricted: false,
    markdownDescription:
      "Largest response a run reads, in MB; a larger one is stopped with a message (lower the query's limit or raise this).",
    readme: 'Larger responses are stopped with a message.',
  },
  {
    key: 'run.fetchAllMaxPages',
    type: 'integer',
    default: 20,
    minimum: 1,
    maximum: 1000,
    scope: 'window',
    order: 22,
    group: 'Wiki Query',
    readBy: 'client',
    restricted: false,
    markdownDescription: 'Most requests **Fetch all** makes when following `continue`; it stops there and says more results remain.',
    readme: 'Most requests **Fetch all** makes.',
  },
  {
    key: 'run.fetchAllMaxMB',
    type: 'number',
    default: 200,
    minimum: 1,
    maximum: 10000,
    scope: 'window',
    order: 23,
    group: 'Wiki Query',
    readBy: 'client',
    restricted: false,
    markdownDescription:
      'Most bytes, in MB, that **Fetch all** reads over all its requests; it stops there, keeps and shows what was fetched, and says more results remain.',
    readme: 'Most bytes **Fetch all** reads in all; it keeps and shows what it fetched.',
  },
  {
    key: 'run.maxParsedMB',
    type: 'number',
    default: 512,
    minimum: 16,
    maximum: 8000,
    scope: 'window',
    order: 24,
    group: 'Wiki Query',
    readBy: 'client',
    restricted: false,
    markdownDescription:
      "Memory budget, in MB, of a run's parsed answer (JSON grows when read: `{},` is 3 bytes of text and some 80 of memory), estimated before it is read; **Fetch all** counts all its pages against it, stops there and keeps what it fetched. Keeps the editor under 1 GB whatever a server sends.",
    readme: "Memory budget of a run's parsed answer(s), estimated before reading; **Fetch all** keeps what fits.",
  },
  {
    key: 'trace.server',
    type: 'string',
    enum: ['off', 'messages', 'verbose'],
    enumDescriptions: ['No protocol trace.', 'Trace the names of LSP messages.', 'Trace LSP messages with their contents.'],
    default: 'off',
    scope: 'window',
    order: 30,
    group: 'Wiki Query',
    readBy: 'client',
    restricted: false,
    markdownDescription:
      'Traces the communication between the editor and the language server in the **Wiki & Map Query Language Server** output.',
    readme: 'Trace the language server protocol.',
  },
  {
    key: 'mapserver.url',
    type: 'string',
    default: '',
    scope: 'resource',
    order: 1,
    group: 'Map Query',
    readBy: 'both',
    restricted: true,
    markdownDescription:
      'Base address of the map server that map queries are sent to (`POST {base}/api/mapobjects/`), e.g. `http://127.0.0.1:8080`, or the name of an entry in `#wikimapQuery.mapservers#`. Switch it from the status bar.',
    readme:
      'The map server (base URL) map queries are sent to. Its own config (`GET {base}/api/config`: layers, enabled types) is loaded to check map queries against; without one, the defaults of the mapserver are used.',
  },
  {
    key: 'mapservers',
    type: 'object',
    default: {},
    values: URL_VALUES,
    scope: 'resource',
    order: 2,
    group: 'Map Query',
    readBy: 'both',
    restricted: true,
    markdownDescription:
      'Named map servers, name → base URL, e.g. `{ "local": "http://127.0.0.1:8080" }`. Pick the current one with **Map Query: Select Map Server…**.',
    readme: 'Named map servers, name → base URL.',
  },
  {
    key: 'mapserver.maxConfigKB',
    type: 'number',
    default: 256,
    minimum: 1,
    maximum: 65536,
    scope: 'application',
    order: 3,
    group: 'Map Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      "Largest map-server config read, in KB: the server's `GET {base}/api/config` answer (decoded bytes) or a workspace `mapserver.json`. A real one is about 1 KB; raise it for a server with very many layers. Its parsed form may take at most 16 times as much memory.",
    readme: 'Largest map-server config read (`/api/config` or `mapserver.json`), in KB.',
  },
  {
    key: 'mapserver.configTimeoutSeconds',
    type: 'number',
    default: 10,
    minimum: 1,
    maximum: 300,
    scope: 'application',
    order: 4,
    group: 'Map Query',
    readBy: 'server',
    restricted: false,
    markdownDescription:
      "Time limit, in seconds, of the map server's `GET {base}/api/config` (connecting and reading the answer); past it map queries are checked against the default layers and types. A real server answers at once; raise it for one behind a slow link.",
    readme: "Time limit of the map server's `/api/config` request.",
  },
  {
    key: 'contentDb.baseUrl',
    type: 'string',
    default: 'https://content.luanti.org',
    scope: 'application',
    group: 'ContentDB',
    readBy: 'client',
    restricted: false,
    markdownDescription:
      'Address of the ContentDB server to sign in to. Must be `https://`; plain `http://` is accepted only for `127.0.0.1`/`localhost` (a local test server).',
    readme: 'ContentDB to sign in to (HTTPS; plain HTTP only for loopback).',
  },
  {
    key: 'contentDb.clientId',
    type: 'string',
    default: '',
    scope: 'application',
    group: 'ContentDB',
    readBy: 'client',
    restricted: false,
    markdownDescription:
      "Client id of your ContentDB OAuth2 application (ContentDB: Settings > OAuth2 Applications > Create). Its client secret is asked for at the first sign-in and kept only in VS Code's secret storage.",
    readme: 'The client id of your OAuth2 application, exactly as registered.',
  },
  {
    key: 'contentDb.redirectUri',
    type: 'string',
    default: 'http://127.0.0.1:47326/callback',
    scope: 'application',
    group: 'ContentDB',
    readBy: 'client',
    restricted: false,
    markdownDescription:
      'Redirect URL of your ContentDB OAuth2 application, exactly as registered there. Either `http://127.0.0.1:PORT/PATH` (the sign-in listens on that port on 127.0.0.1 only, for one callback) or `vscode://wikimap-query.wikimap-query/callback` (handled by the editor).',
    readme: 'The redirect URL of your OAuth2 application, exactly as registered.',
  },
];

const BY_KEY = new Map(SETTINGS.map((s) => [s.key, s]));

/** The entry of a setting (key without the prefix); throws for a name not in the table (a programming error). */
export function settingSpec(key: string): SettingSpec {
  const spec = BY_KEY.get(key);
  if (!spec) throw new Error(`wikimapQuery.${key} is not in the settings table (common/settings.ts)`);
  return spec;
}

/** Settings a workspace may set (not user-only): the ones the repository config file may hold when the server reads them. */
function workspaceMaySet(spec: SettingSpec): boolean {
  return spec.scope !== 'application' && spec.scope !== 'machine';
}

/** The keys `.wikimapquery.json` may hold: read by the server or the CLI, and settable by a workspace. */
export const REPO_FILE_KEYS: readonly string[] = SETTINGS.filter((s) => s.readBy !== 'client' && workspaceMaySet(s)).map((s) => s.key);

// ---------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------

/** Setting values by key (without the prefix), each checked against its entry. */
export type SettingValues = ReadonlyMap<string, unknown>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * JSON text of `v` for a message, cut after 60 characters. Written piece by piece and stopped there, so a huge
 * value (a list of 100,000 names where a string belongs) is never written out whole.
 */
function describe(v: unknown, max = 60): string {
  let out = '';
  const write = (x: unknown): boolean => {
    if (Array.isArray(x)) {
      out += '[';
      for (let i = 0; i < x.length && out.length <= max; i++) {
        if (i) out += ',';
        write(x[i]);
      }
      out += ']';
    } else if (isPlainObject(x)) {
      out += '{';
      let first = true;
      for (const name in x) {
        if (out.length > max) break;
        if (!Object.prototype.hasOwnProperty.call(x, name)) continue;
        out += `${first ? '' : ','}${JSON.stringify(name.slice(0, max + 1))}:`;
        first = false;
        write(x[name]);
      }
      out += '}';
    } else out += typeof x === 'string' ? JSON.stringify(x.slice(0, max + 1)) : (JSON.stringify(x) ?? String(x));
    return out.length <= max;
  };
  write(v);
  return out.length > max ? `${out.slice(0, max - 3)}…` : out;
}

/** A checked value, or why it is refused; `note` says what was left out of a value that is used (entries over the bounds). */
type Checked = { ok: true; value: unknown; note?: string } | { ok: false; why: string };

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** A text over `FIXED_LIMITS.settingTextChars`: why it is refused, else undefined. */
function tooLong(text: string): string | undefined {
  const max = FIXED_LIMITS.settingTextChars;
  return text.length > max ? `is ${count(text.length)} characters long, over the limit of ${count(max)}` : undefined;
}

/** What a list or map setting lost to the bounds: entries past the count, entries whose text is too long. */
function entriesNote(total: number, long: number): string | undefined {
  const notes: string[] = [];
  if (total > FIXED_LIMITS.settingEntries)
    notes.push(`has ${count(total)} entries; only the first ${count(FIXED_LIMITS.settingEntries)} are read`);
  if (long) notes.push(`${count(long)} of its entries are over ${count(FIXED_LIMITS.settingTextChars)} characters and are ignored`);
  return notes.length ? notes.join('; ') : undefined;
}

function checkNumber(spec: SettingSpec, v: unknown): Checked {
  if (typeof v !== 'number' || !Number.isFinite(v)) return { ok: false, why: `must be a number, not ${describe(v)}` };
  let n = spec.type === 'integer' ? Math.floor(v) : v;
  // Out of range: the nearest value in range (the editor marks the setting; the server keeps working).
  if (spec.minimum !== undefined) n = Math.max(spec.minimum, n);
  if (spec.maximum !== undefined) n = Math.min(spec.maximum, n);
  return { ok: true, value: n };
}

function checkString(spec: SettingSpec, v: unknown): Checked {
  if (typeof v !== 'string') return { ok: false, why: `must be a string, not ${describe(v)}` };
  const long = tooLong(v);
  if (long) return { ok: false, why: long };
  if (spec.enum && !spec.enum.includes(v)) return { ok: false, why: `must be one of ${spec.enum.join(', ')}, not ${describe(v)}` };
  return { ok: true, value: v };
}

/** Arrays of strings: the first `settingEntries` entries; those that are not non-empty strings of at most `settingTextChars` are dropped. */
function checkArray(v: unknown): Checked {
  if (!Array.isArray(v)) return { ok: false, why: `must be a list of strings, not ${describe(v)}` };
  const value: string[] = [];
  let long = 0;
  for (let i = 0; i < v.length && i < FIXED_LIMITS.settingEntries; i++) {
    const x: unknown = v[i];
    if (typeof x !== 'string') continue;
    if (tooLong(x)) long++;
    else if (x.trim() !== '') value.push(x);
  }
  return { ok: true, value, note: entriesNote(v.length, long) };
}

/**
 * `wiki.approvedCatalogues` after approving `origin`: the origin first (the settings are read only up to
 * `settingEntries` entries, so an approval appended past them would not be honoured), once, then the earlier
 * approvals, the oldest dropped beyond the bound. Entries that are not strings are dropped.
 */
export function withApprovedCatalogue(current: unknown, origin: string): string[] {
  const earlier = Array.isArray(current) ? current.filter((x): x is string => typeof x === 'string' && x !== origin) : [];
  return [origin, ...earlier].slice(0, FIXED_LIMITS.settingEntries);
}

/**
 * Maps of strings: the first `settingEntries` entries; those whose value is not a non-empty string (or not one
 * of the allowed values), or whose name or value is over `settingTextChars`, are dropped.
 */
function checkObject(spec: SettingSpec, v: unknown): Checked {
  if (!isPlainObject(v)) return { ok: false, why: `must be an object, not ${describe(v)}` };
  const allowed = spec.values?.enum;
  const out: Record<string, string> = {};
  const names = Object.keys(v);
  let long = 0;
  for (const name of names.slice(0, FIXED_LIMITS.settingEntries)) {
    const value = v[name];
    if (typeof value !== 'string') continue;
    if (tooLong(name) || tooLong(value)) long++;
    else if (!value.trim()) continue;
    else if (allowed) {
      const lower = value.toLowerCase();
      if (allowed.includes(lower)) out[name] = lower;
    } else out[name] = value;
  }
  return { ok: true, value: out, note: entriesNote(names.length, long) };
}

/** A value checked against its entry: the value to use (numbers brought into range, bad entries of lists dropped) or why it is refused. */
export function checkSettingValue(spec: SettingSpec, v: unknown): Checked {
  switch (spec.type) {
    case 'boolean':
      return typeof v === 'boolean' ? { ok: true, value: v } : { ok: false, why: `must be true or false, not ${describe(v)}` };
    case 'number':
    case 'integer':
      return checkNumber(spec, v);
    case 'string':
      return checkString(spec, v);
    case 'array':
      return checkArray(v);
    case 'object':
      return checkObject(spec, v);
  }
}

/** A setting's value from checked values, else its default. */
export function settingValue(values: SettingValues, key: string): unknown {
  return values.has(key) ? values.get(key) : settingSpec(key).default;
}

// ---------------------------------------------------------------------------
// Reading settings objects in any shape
// ---------------------------------------------------------------------------

/** Most problems one settings object tells (a client may send 100,000 unknown names); the rest are counted. */
const MAX_PROBLEMS = 20;

/** A setting name as shown in a message: names are short, a client's unknown name need not be. */
function cutName(path: string): string {
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
}

export interface ReadSettings {
  /** The values given, each checked against the table (a refused value is not here). */
  values: Map<string, unknown>;
  /** One sentence per refused value or unknown name. */
  problems: string[];
  /** Names that are no setting (dotted paths, without the prefix; the first 20, each cut at 100 characters). */
  unknown: string[];
}

/**
 * The settings an object holds, however a client wrote them: nested (`{ wiki: { highLimits: true } }`,
 * as `workspace/configuration` returns them), dotted (`{ "wiki.highLimits": true }`), prefixed
 * (`{ "wikimapQuery.wiki.highLimits": true }`, as in VS Code's settings.json), or wrapped in
 * `{ wikimapQuery: … }`. Names in `ignore` (host options such as `catalogueCacheDir`) are skipped.
 */
export function readSettings(raw: unknown, ignore: readonly string[] = []): ReadSettings {
  const out: ReadSettings = { values: new Map(), problems: [], unknown: [] };
  if (!isPlainObject(raw)) return out;
  let untold = 0;
  const tell = (path: string, what: string) => {
    if (out.problems.length < MAX_PROBLEMS) out.problems.push(`${SETTINGS_SECTION}.${cutName(path)} ${what}.`);
    else untold++;
  };
  const walk = (obj: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [name, value] of Object.entries(obj)) {
      let path = prefix ? `${prefix}.${name}` : name;
      if (!prefix && ignore.includes(name)) continue;
      // `{ wikimapQuery: … }` is unwrapped at the top (a client may wrap twice), not at any depth a client sends.
      if (path === SETTINGS_SECTION && isPlainObject(value) && depth < 2) {
        walk(value, '', depth + 1);
        continue;
      }
      if (path.startsWith(`${SETTINGS_SECTION}.`)) path = path.slice(SETTINGS_SECTION.length + 1);
      const spec = BY_KEY.get(path);
      if (spec) {
        const checked = checkSettingValue(spec, value);
        if (!checked.ok) tell(path, `${checked.why}; it is ignored`);
        else {
          out.values.set(path, checked.value);
          if (checked.note) tell(path, checked.note);
        }
      } else if (isPlainObject(value) && SETTINGS.some((s) => s.key.startsWith(`${path}.`))) {
        walk(value, path, depth);
      } else {
        if (out.unknown.length < MAX_PROBLEMS) out.unknown.push(cutName(path));
        tell(path, 'is not a setting of wikimap-query; it is ignored');
      }
    }
  };
  walk(raw, '', 0);
  if (untold)
    out.problems.push(
      `…and ${count(untold)} more problems with the ${SETTINGS_SECTION} settings (only the first ${MAX_PROBLEMS} are told).`,
    );
  return out;
}

/**
 * Layers of settings, lowest first: each setting's value is the one of the highest layer that gives
 * it (a whole value: an object setting such as `diagnostics.severity` is replaced, not merged), else
 * its default (left out here).
 */
export function layerSettings(layers: ReadonlyArray<SettingValues | undefined>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const layer of layers) if (layer) for (const [key, value] of layer) out.set(key, value);
  return out;
}

/** Checked values as a nested object (`{ wiki: { apiUrl } }`), as `workspace/configuration` returns them. */
export function nestSettings(values: SettingValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of values) {
    const parts = key.split('.');
    let cur = out;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(cur[part])) cur[part] = {};
      cur = cur[part] as Record<string, unknown>;
    }
    cur[parts[parts.length - 1]] = value;
  }
  return out;
}
