/**
 * What package.json and the README say about the settings, rendered from the one table
 * (common/settings.ts). `npm run gen:settings-docs` writes them; test/unit/settings checks they agree.
 */
import {
  FIXED_LIMITS,
  REPO_CONFIG_FILE,
  REPO_FILE_KEYS,
  SETTINGS,
  SETTINGS_SECTION,
  settingSpec,
  type SettingSpec,
} from '../../common/settings';
import { MAX_HELP_URL_LENGTH, MAX_HELP_URLS } from '../../server/src/service/wiki/wikiCatalogue';
import { SOURCE_FILE_LIMITS } from '../../common/sourceFileLimits';

/** One property of package.json `contributes.configuration[].properties`. */
function configurationProperty(s: SettingSpec): Record<string, unknown> {
  const p: Record<string, unknown> = { type: s.type };
  if (s.enum) p.enum = [...s.enum];
  if (s.enumDescriptions) p.enumDescriptions = [...s.enumDescriptions];
  p.default = s.default;
  if (s.minimum !== undefined) p.minimum = s.minimum;
  if (s.maximum !== undefined) p.maximum = s.maximum;
  // The size bounds the settings are read with (common/settings.ts `readSettings`), so the editor marks a value over them.
  const chars = FIXED_LIMITS.settingTextChars;
  if (s.type === 'string') p.maxLength = chars;
  if (s.type === 'array') p.maxItems = FIXED_LIMITS.settingEntries;
  if (s.type === 'object') {
    p.maxProperties = FIXED_LIMITS.settingEntries;
    p.propertyNames = { maxLength: chars };
  }
  if (s.items) p.items = { ...s.items, maxLength: chars };
  if (s.values) {
    const v: Record<string, unknown> = { ...s.values, maxLength: chars };
    if (s.values.enum) v.enum = [...s.values.enum];
    if (s.values.enumDescriptions) v.enumDescriptions = [...s.values.enumDescriptions];
    p.additionalProperties = v;
  }
  if (s.uniqueItems) p.uniqueItems = true;
  p.scope = s.scope;
  if (s.order !== undefined) p.order = s.order;
  p.markdownDescription = s.markdownDescription;
  return p;
}

/** package.json `contributes.configuration`: one group per title, in the table's order. */
export function packageConfiguration(): Array<{ title: string; properties: Record<string, unknown> }> {
  const groups: Array<{ title: string; properties: Record<string, unknown> }> = [];
  for (const s of SETTINGS) {
    let group = groups.find((g) => g.title === s.group);
    if (!group) groups.push((group = { title: s.group, properties: {} }));
    group.properties[`${SETTINGS_SECTION}.${s.key}`] = configurationProperty(s);
  }
  return groups;
}

/** Where the JSON schema of the repository config file is (package.json `contributes.jsonValidation`). */
export const REPO_CONFIG_SCHEMA = 'schemas/wikimapquery.schema.json';

/**
 * The JSON schema of `.wikimapquery.json`: the settings it may hold, dotted (`"wiki.highLimits"`) or
 * nested (`"wiki": { "highLimits": … }`), without the prefix. VS Code validates and completes the file with it.
 */
export function repoConfigSchema(): Record<string, unknown> {
  const root: Record<string, unknown> = { $schema: { type: 'string' } };
  const nested: Record<string, { type: 'object'; properties: Record<string, unknown>; additionalProperties: false }> = {};
  for (const key of REPO_FILE_KEYS) {
    const spec = SETTINGS.find((s) => s.key === key)!;
    const { scope: _scope, order: _order, ...property } = configurationProperty(spec);
    root[key] = property;
    const dot = key.indexOf('.');
    if (dot < 0) continue;
    const group = (nested[key.slice(0, dot)] ??= { type: 'object', properties: {}, additionalProperties: false });
    group.properties[key.slice(dot + 1)] = property;
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `wikimap-query settings for a repository (${REPO_CONFIG_FILE})`,
    description: `Settings of the \`${SETTINGS_SECTION}.\` table written without the prefix, for everyone who checks the repository. Generated from common/settings.ts.`,
    type: 'object',
    properties: { ...root, ...nested },
    additionalProperties: false,
  };
}

/** package.json `capabilities.untrustedWorkspaces.restrictedConfigurations`. */
export function restrictedConfigurations(): string[] {
  return SETTINGS.filter((s) => s.restricted).map((s) => `${SETTINGS_SECTION}.${s.key}`);
}

/**
 * package.json `activationEvents`: the extension's own languages, then every language of the
 * `embeddedLanguages` default (so a Python file that names a MediaWiki API wakes the extension), then
 * what is not a language (`rest`, kept as package.json has it).
 */
export function activationEvents(rest: readonly string[]): string[] {
  const spec = SETTINGS.find((s) => s.key === 'embeddedLanguages');
  const embedded = (spec?.default ?? []) as string[];
  const languages = ['wikiquery', 'mapquery', ...embedded].map((id) => `onLanguage:${id}`);
  return [...languages, ...rest.filter((e) => !e.startsWith('onLanguage:'))];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The README's settings table (between its `settings-table` markers). */
export function readmeSettingsTable(): string {
  const side = { server: 'server', client: 'editor', both: 'both' } as const;
  const rows = SETTINGS.map((s) => {
    const where: string[] = [side[s.readBy]];
    if (REPO_FILE_KEYS.includes(s.key)) where.push(`\`${REPO_CONFIG_FILE}\``);
    if (s.restricted) where.push('trusted only');
    return `| \`${SETTINGS_SECTION}.${s.key}\` | \`${JSON.stringify(s.default)}\` | ${where.join(', ')} | ${cell(s.readme)} |`;
  });
  return ['| Setting | Default | Read by | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

export const README_START = '<!-- settings-table:start (generated from common/settings.ts: npm run gen:settings-docs) -->';
export const README_END = '<!-- settings-table:end -->';

/** The README with its settings table replaced by the rendered one; throws when the markers are missing. */
export function withReadmeTable(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${README_START} … ${README_END}`);
  return `${readme.slice(0, start + README_START.length)}\n${readmeSettingsTable()}\n${readme.slice(end)}`;
}

/** A setting's default, as a number. */
function defaultOf(key: string): number {
  return settingSpec(key).default as number;
}

/** `wikimapQuery.KEY`, and the CLI flag that sets the same, if any. */
function settingCell(key: string, flag?: string): string {
  return `\`${SETTINGS_SECTION}.${key}\`${flag ? `, \`${flag}\`` : ''}`;
}

/** The budget table's rows of fixed limits that follow no setting (answers' nesting, targets, settings' sizes). */
function otherFixedRows(): Array<[string, string, string]> {
  const f = FIXED_LIMITS;
  return [
    [
      'Run: nesting of an answer (objects and arrays)',
      `${f.runAnswerMaxDepth} levels`,
      '— fixed: printing and merging an answer recurse; real answers nest under 20 levels',
    ],
    [
      'Targets: names read per document (`wiki.targets`, a `# targets:` line) or per `check --target`',
      `${f.maxTargets}`,
      '— fixed: each target is a catalogue and a check of every request; the editor reads the first ones and says so once, `check` refuses more (100,000 names in the setting wrote 100,000 log lines, 28 MB in 21 s)',
    ],
    [
      'Language server: open documents whose parse is kept / characters of text of those parses, all documents together',
      `${f.parsedDocuments.toLocaleString('en-US')} / ${f.parsedDocumentChars.toLocaleString('en-US')}`,
      '— fixed: the least recently used parse (syntax tree, diagnostics) is dropped and made again when asked; the texts are kept (10,000 open documents of 2 KB held 115 MB of parses, a peak of 231 MB; now 159 MB, and 50,000 documents 365 MB)',
    ],
    [
      'Language server: open documents whose last semantic tokens are kept for delta answers / numbers kept (5 a token)',
      `${f.tokenResultsKept.toLocaleString('en-US')} / ${f.tokenResultsNumbers.toLocaleString('en-US')}`,
      '— fixed: a delta asked of a document whose tokens were dropped gets the full answer',
    ],
    [
      'Source files: characters read with the grammar / requests read, per file',
      `${SOURCE_FILE_LIMITS.parsedChars.toLocaleString('en-US')} / ${SOURCE_FILE_LIMITS.requests.toLocaleString('en-US')}`,
      '— fixed: a longer file is read by the lexer, so only its api.php URLs written in one string are checked (a parse takes seconds), said once at its start (`largesource`); past the requests the rest is not checked, said at the first left (`toomanyrequests`); the editor and `check` alike (both were silent: `check` said "No problems")',
    ],
    [
      'Settings: characters of a text (a string setting, a list item, a map name or value) / entries of a list or map',
      `${f.settingTextChars.toLocaleString('en-US')} / ${f.settingEntries.toLocaleString('en-US')}`,
      '— fixed: every setting, as it is read (server, CLI, editor); a longer text is ignored, the entries past the count are not read, said once (a 10 MB `wiki.apiUrl` held the first diagnostics back 4 s, 100,000 `wikis` entries took 3 s per settings change)',
    ],
  ];
}

/** The catalogue rows of the budget table (securityBudgetTable). */
function catalogueBudgetRows(): Array<[string, string, string]> {
  const f = FIXED_LIMITS;
  const catalogueMb = defaultOf('wiki.maxCatalogueMB');
  return [
    [
      "Catalogue: bytes of all of a wiki's answers together (siteinfo, paraminfo, follow-ups; decoded)",
      `${catalogueMb} MB`,
      settingCell('wiki.maxCatalogueMB', 'check --max-catalogue-mb'),
    ],
    [
      'Catalogue: follow-up paraminfo requests (50 modules each) after the first answer',
      `${defaultOf('wiki.maxCatalogueFollowUps')}`,
      settingCell('wiki.maxCatalogueFollowUps', 'check --max-catalogue-follow-ups'),
    ],
    [
      'Catalogue: time of one request',
      `${defaultOf('wiki.catalogueTimeoutSeconds')} s`,
      settingCell('wiki.catalogueTimeoutSeconds', 'check --catalogue-timeout'),
    ],
    [
      'Catalogue: parsed memory of its answers (estimated before parsing)',
      `${f.catalogueParsedPerByte} × the byte budget (${f.catalogueParsedPerByte * catalogueMb} MB)`,
      'follows `wiki.maxCatalogueMB` (a real paraminfo answer takes about its own size once parsed)',
    ],
    [
      'Catalogue: cache file (written and read)',
      `${f.catalogueCacheFileFactor} × the byte budget (${f.catalogueCacheFileFactor * catalogueMb} MB)`,
      'follows `wiki.maxCatalogueMB` (room for JSON written differently from how the wiki sent it)',
    ],
    [
      'Catalogue: file written by `catalogue save`',
      `the byte budget (${catalogueMb} MB)`,
      `follows \`--max-catalogue-mb\`, as a saved catalogue is read with that budget (\`wiki.maxCatalogueMB\` in the editor): indented when it fits, on one line when only that fits, else nothing is written; help URLs the catalogue never reads (past ${MAX_HELP_URLS} per module, over ${MAX_HELP_URL_LENGTH.toLocaleString('en-US')} characters) are left out (a wiki's 10 MB help URL and 500,000 more made a 29 MB file)`,
    ],
    [
      'Catalogue: wikis fetched in the background per session / cache files',
      `${f.catalogueBackgroundWikis} / ${f.catalogueCacheFiles}`,
      '— fixed: they bound what documents can make the server fetch and keep; a wiki past them is still judged, by the built-in catalogue, and *Reload Catalogue* fetches it',
    ],
  ];
}

/**
 * docs/security.md's budget table: the settings users can raise (their defaults from the settings table)
 * and the fixed limits (FIXED_LIMITS), one row each, so the document says what the code applies.
 */
export function securityBudgetTable(): string {
  const f = FIXED_LIMITS;
  const rows: Array<[string, string, string]> = [
    [
      'Run: bytes of one answer (decoded)',
      `${defaultOf('run.maxResponseMB')} MB`,
      settingCell('run.maxResponseMB', 'run --max-response-mb'),
    ],
    [
      'Run: bytes read by *Fetch all* over all pages',
      `${defaultOf('run.fetchAllMaxMB')} MB`,
      settingCell('run.fetchAllMaxMB', 'run --max-total-mb'),
    ],
    ['Run: pages of *Fetch all*', `${defaultOf('run.fetchAllMaxPages')}`, settingCell('run.fetchAllMaxPages', 'run --max-pages')],
    [
      'Run: parsed memory of an answer, and of all pages of *Fetch all*',
      `${defaultOf('run.maxParsedMB')} MB`,
      settingCell('run.maxParsedMB', 'run --max-parsed-mb'),
    ],
    ['Run: time of one request', `${defaultOf('run.timeoutSeconds')} s`, settingCell('run.timeoutSeconds', 'run --timeout')],
    ...catalogueBudgetRows(),
    [
      'Map server config: bytes (decoded)',
      `${defaultOf('mapserver.maxConfigKB')} KB`,
      settingCell('mapserver.maxConfigKB', 'check --max-map-config-kb'),
    ],
    [
      'Map server config: parsed memory',
      `${f.mapConfigParsedPerByte} × bytes`,
      '— fixed: the memory follows the byte cap; a real config is about 1 KB',
    ],
    [
      'Map server config: time of the request',
      `${defaultOf('mapserver.configTimeoutSeconds')} s`,
      settingCell('mapserver.configTimeoutSeconds', 'check --map-config-timeout'),
    ],
    [
      'Map server config: layers read / named in a message or hover',
      `${f.mapConfigMaxLayers} / ${f.mapLayersNamed}`,
      '— fixed: a real config has a few layers; each diagnostic outside every layer listed them all (3,000 layers in the default 256 KB: 5,000 such boxes took `check` 162 s, 3.3 GB and 1.1 GB of output)',
    ],
    ...otherFixedRows(),
  ];
  return ['| Budget | Default | Setting / flag |', '|---|---|---|', ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

export const BUDGETS_START = '<!-- budget-table:start (generated from common/settings.ts: npm run gen:settings-docs) -->';
export const BUDGETS_END = '<!-- budget-table:end -->';

/** docs/security.md with its budget table replaced by the rendered one; throws when the markers are missing. */
export function withBudgetTable(doc: string): string {
  const start = doc.indexOf(BUDGETS_START);
  const end = doc.indexOf(BUDGETS_END);
  if (start < 0 || end < start) throw new Error(`docs/security.md lacks the markers ${BUDGETS_START} … ${BUDGETS_END}`);
  return `${doc.slice(0, start + BUDGETS_START.length)}\n${securityBudgetTable()}\n${doc.slice(end)}`;
}
