/**
 * Query modules that extensions add on Wikimedia wikis (and many others), which the built-in
 * catalogue (MediaWiki core) does not describe: `prop=extracts` (TextExtracts), `list=geosearch`
 * (GeoData), `prop=description` (WikibaseClient), … A bot or app written for Wikipedia names them
 * all the time, and the wiki it talks to has them. Judged with the built-in catalogue, a request
 * naming one gets a note (`extensionmodule`, a hint) instead of a warning, and the module's
 * parameters (its prefix) are not reported as unknown; a wiki's own catalogue, once loaded, judges
 * them for real. Modules recorded from a real wiki's paraminfo (test/mediawiki/recorded) list their
 * parameters: a misspelled one is still reported there, with the right name.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import type { SeveritySetting } from '../languageTypes';
import type { WikiCatalogue } from '../wiki/wikiCatalogue';
import type { WikiDocument } from '../wiki/wikiTypes';
import { severityOf } from '../severity';
import { DEFAULT_SEVERITIES } from '../wiki/wikiDiagnosticCodes';
import { didYouMean } from '../wiki/wikiDidYouMean';

export type QueryGroup = 'prop' | 'list' | 'meta';

export interface ExtensionModule {
  group: QueryGroup;
  name: string;
  /** The module's parameter prefix (`gs` for geosearch: `gscoord`, `gsradius`). */
  prefix: string;
  extension: string;
  /** Whether it can be a generator (`generator=geosearch&ggscoord=…`); unknown counts as yes. */
  generator?: boolean;
  /** Parameter names without the prefix, when recorded from a real wiki (with the wiki named). */
  params?: readonly string[];
  recorded?: string;
}

const RECORDED_145 = 'MediaWiki 1.45.0 with TextExtracts and PageImages (test/mediawiki/recorded/mediawiki-1.45.0/catalogue.json)';

/** The table: one row per module (group, name); prefixes from each extension's source. */
export const EXTENSION_MODULES: readonly ExtensionModule[] = [
  {
    group: 'prop',
    name: 'extracts',
    prefix: 'ex',
    extension: 'TextExtracts',
    generator: false,
    params: ['chars', 'sentences', 'limit', 'intro', 'plaintext', 'sectionformat', 'continue'],
    recorded: RECORDED_145,
  },
  {
    group: 'prop',
    name: 'pageimages',
    prefix: 'pi',
    extension: 'PageImages',
    generator: false,
    params: ['prop', 'thumbsize', 'limit', 'license', 'continue', 'langcode'],
    recorded: RECORDED_145,
  },
  { group: 'list', name: 'geosearch', prefix: 'gs', extension: 'GeoData', generator: true },
  { group: 'prop', name: 'coordinates', prefix: 'co', extension: 'GeoData' },
  { group: 'prop', name: 'description', prefix: 'desc', extension: 'WikibaseClient' },
  { group: 'prop', name: 'pageterms', prefix: 'wbpt', extension: 'WikibaseClient' },
  { group: 'prop', name: 'wbentityusage', prefix: 'wbeu', extension: 'WikibaseClient' },
  { group: 'list', name: 'wblistentityusage', prefix: 'wbleu', extension: 'WikibaseClient' },
  { group: 'prop', name: 'globalusage', prefix: 'gu', extension: 'GlobalUsage' },
  { group: 'prop', name: 'pageviews', prefix: 'pvip', extension: 'PageViewInfo' },
  { group: 'list', name: 'mostviewed', prefix: 'pvim', extension: 'PageViewInfo' },
  { group: 'meta', name: 'siteviews', prefix: 'pvis', extension: 'PageViewInfo' },
  { group: 'meta', name: 'globaluserinfo', prefix: 'gui', extension: 'CentralAuth' },
  { group: 'list', name: 'globalallusers', prefix: 'agu', extension: 'CentralAuth' },
  { group: 'list', name: 'gadgets', prefix: 'ga', extension: 'Gadgets' },
  { group: 'list', name: 'gadgetcategories', prefix: 'gc', extension: 'Gadgets' },
  { group: 'list', name: 'abuselog', prefix: 'afl', extension: 'AbuseFilter' },
  { group: 'list', name: 'abusefilters', prefix: 'abf', extension: 'AbuseFilter' },
  { group: 'meta', name: 'notifications', prefix: 'not', extension: 'Echo' },
  { group: 'prop', name: 'pageassessments', prefix: 'pa', extension: 'PageAssessments' },
  { group: 'list', name: 'unreviewedpages', prefix: 'ur', extension: 'FlaggedRevs' },
  { group: 'list', name: 'reviewedpages', prefix: 'rp', extension: 'FlaggedRevs' },
  { group: 'list', name: 'oldreviewedpages', prefix: 'or', extension: 'FlaggedRevs' },
  { group: 'list', name: 'linterrors', prefix: 'lnt', extension: 'Linter' },
  { group: 'prop', name: 'cirrusdoc', prefix: 'cd', extension: 'CirrusSearch' },
  { group: 'prop', name: 'videoinfo', prefix: 'vi', extension: 'TimedMediaHandler' },
  { group: 'list', name: 'globalblocks', prefix: 'bg', extension: 'GlobalBlocking' },
  { group: 'prop', name: 'mapdata', prefix: 'mpd', extension: 'Kartographer' },
];

/**
 * Log types that extensions add (`list=logevents&letype=gblblock`, `leaction=gblblock/gblock`): the
 * built-in catalogue's `letype` lists core's only. Those of AbuseFilter, OATHAuth, SpamBlacklist and
 * TitleBlacklist are as their extension.json `LogTypes` name them (Debian's MediaWiki extensions).
 */
const EXTENSION_LOG_TYPES: Readonly<Record<string, string>> = {
  abusefilter: 'AbuseFilter',
  abusefilterprivatedetails: 'AbuseFilter',
  oath: 'OATHAuth',
  spamblacklist: 'SpamBlacklist',
  titleblacklist: 'TitleBlacklist',
  gblblock: 'GlobalBlocking',
  globalauth: 'CentralAuth',
  gblrights: 'CentralAuth',
  gblrename: 'CentralAuth',
  thanks: 'Thanks',
  review: 'FlaggedRevs',
  stable: 'FlaggedRevs',
  'pagetriage-curation': 'PageTriage',
  'pagetriage-deletion': 'PageTriage',
  massmessage: 'MassMessage',
  timedmediahandler: 'TimedMediaHandler',
  usermerge: 'UserMerge',
  newsletter: 'Newsletter',
  pagetranslation: 'Translate',
  translationreview: 'Translate',
};

/**
 * Parameters that extensions add to every request, which the built-in catalogue does not describe: CentralAuth's
 * `centralauthtoken` (ApiHookHandler::onAPIGetAllowedParams adds it to ApiMain when $wgCentralAuthCookies is set, as on
 * Wikimedia wikis).
 */
const EXTENSION_PARAMS: Readonly<Record<string, string>> = { centralauthtoken: 'CentralAuth' };

/** The extension an unrecognized parameter of a verdict belongs to, when the table knows it. */
function paramExtension(code: string, param: string | undefined): string | undefined {
  if (code !== 'unrecognizedparams' || !param || !Object.prototype.hasOwnProperty.call(EXTENSION_PARAMS, param)) return undefined;
  return EXTENSION_PARAMS[param];
}

/** The extension a `letype`/`leaction` value of a verdict belongs to, when the table knows it. */
function logTypeExtension(param: string | undefined, value: string | undefined): string | undefined {
  if (value === undefined || (param !== 'letype' && param !== 'leaction')) return undefined;
  const type = param === 'leaction' ? value.split('/')[0] : value;
  return Object.prototype.hasOwnProperty.call(EXTENSION_LOG_TYPES, type) ? EXTENSION_LOG_TYPES[type] : undefined;
}

const BY_NAME = new Map<string, ExtensionModule[]>();
for (const m of EXTENSION_MODULES) BY_NAME.set(m.name, [...(BY_NAME.get(m.name) ?? []), m]);

/** An extension module of the table in a group (a generator: a list or prop module that can be one). */
function extensionModule(group: QueryGroup | 'generator', name: string): ExtensionModule | undefined {
  return BY_NAME.get(name)?.find((m) => (group === 'generator' ? m.group !== 'meta' && m.generator !== false : m.group === group));
}

interface Named {
  module: ExtensionModule;
  /** The wire prefix of its parameters in this request (`g` + prefix under generator=). */
  wire: string;
}

/** The table's modules a query names that its catalogue lacks. */
function namedModules(parsed: WikiDocument, catalogue: WikiCatalogue): Named[] {
  const query = parsed.queries[0];
  const out: Named[] = [];
  if (!query || query.byName.get('action')?.value !== 'query') return out;
  for (const group of ['prop', 'list', 'meta', 'generator'] as const) {
    for (const name of query.byName.get(group)?.value.split('|') ?? []) {
      const m = extensionModule(group, name);
      if (!m || catalogue.getQueryModule(name)) continue;
      out.push({ module: m, wire: group === 'generator' ? 'g' + m.prefix : m.prefix });
    }
  }
  return out;
}

function note(d: Diagnostic, n: Named, as: string, severity: Diagnostic['severity']): Diagnostic {
  const m = n.module;
  const checked = m.params
    ? `only the names of its parameters (${n.wire}…) are checked, as a wiki with ${m.extension} has them`
    : `its parameters (${n.wire}…) are not checked`;
  return extensionNote(
    d,
    severity,
    `"${m.name}" is a ${as} module of the ${m.extension} extension, which the built-in catalogue does not describe: ` +
      `${checked}. Load the wiki's catalogue to check the request against what that wiki has.`,
    { param: as, value: m.name, module: m.name, extension: m.extension },
  );
}

/** The `extensionmodule` hint in place of the diagnostic `d` (same range and source). */
function extensionNote(d: Diagnostic, severity: Diagnostic['severity'], message: string, data: object): Diagnostic {
  return { range: d.range, severity, code: 'extensionmodule', source: d.source, message, data };
}

/** An unknown name under a recorded module's prefix: reported with the module's own names. */
function misspelled(d: Diagnostic, name: string, n: Named): Diagnostic {
  const names = n.module.params!.map((p) => n.wire + p);
  const suggestion = didYouMean(name, names);
  const hint = suggestion ? `Did you mean "${suggestion}"?` : `It reads ${names.join(', ')}.`;
  return {
    ...d,
    message: `Unrecognized parameter: "${name}". ${n.module.group}=${n.module.name} (${n.module.extension}) has no such parameter. ${hint}`,
    data: { ...(d.data as object), suggestion, module: n.module.name },
  };
}

function logTypeNote(d: Diagnostic, param: string, value: string, extension: string, severity: Diagnostic['severity']): Diagnostic {
  return extensionNote(
    d,
    severity,
    `"${value}" is a log ${param === 'leaction' ? 'action' : 'type'} of the ${extension} extension, which the built-in catalogue ` +
      `does not describe. Load the wiki's catalogue to check it against what that wiki has.`,
    { param, value, extension },
  );
}

function paramNote(d: Diagnostic, param: string, extension: string, severity: Diagnostic['severity']): Diagnostic {
  return extensionNote(
    d,
    severity,
    `"${param}" is a parameter the ${extension} extension adds to every request, which the built-in catalogue does not ` +
      `describe. Load the wiki's catalogue to check it against what that wiki has.`,
    { param, extension },
  );
}

/** One verdict of the built-in catalogue, seen with the extension modules the query names. */
function rejudge(d: Diagnostic, named: Named[], severity: Diagnostic['severity'] | undefined): Diagnostic | undefined {
  const data = (d.data ?? {}) as { param?: string; value?: string };
  const code = String(d.code ?? '');
  const paramOf = paramExtension(code, data.param);
  if (paramOf) return severity === undefined ? undefined : paramNote(d, data.param!, paramOf, severity);
  const logExtension = logTypeExtension(data.param, data.value);
  if (logExtension) return severity === undefined ? undefined : logTypeNote(d, data.param!, data.value!, logExtension, severity);
  if ((code === 'unrecognizedvalues' || code === 'badgenerator') && data.value !== undefined) {
    const as = code === 'badgenerator' ? 'generator' : data.param;
    const hit = named.find(
      (n) => n.module.name === data.value && (as === 'generator' ? n.wire !== n.module.prefix : n.module.group === as),
    );
    if (hit) return severity === undefined ? undefined : note(d, hit, as!, severity);
    return d;
  }
  if (code !== 'unrecognizedparams' || !data.param) return d;
  const name = data.param;
  const owner = named.find((n) => name.startsWith(n.wire) && name.length > n.wire.length);
  if (!owner) return d;
  if (!owner.module.params) return undefined;
  return owner.module.params.includes(name.slice(owner.wire.length)) ? undefined : misspelled(d, name, owner);
}

/**
 * The built-in catalogue's verdicts on a request, with the extension modules it names known: their
 * names get a note instead of a warning (or an error, as a generator), their parameters no warning;
 * so do the log types of extensions given to `letype`/`leaction`, and the parameters extensions add to every request.
 * Unchanged when the catalogue is a wiki's own (it knows what that wiki has); the built-in versions (`--target
 * 1.45`) describe core alone, as the built-in catalogue does.
 */
export function withExtensionModules(
  raw: Diagnostic[],
  parsed: WikiDocument,
  catalogue: WikiCatalogue,
  overrides: Readonly<Record<string, SeveritySetting>> | undefined,
): Diagnostic[] {
  if (!catalogue.coreOnly || !raw.length) return raw;
  const named = namedModules(parsed, catalogue);
  const logTypes = raw.some(
    (d) =>
      logTypeExtension((d.data as { param?: string })?.param, (d.data as { value?: string })?.value) ||
      paramExtension(String(d.code ?? ''), (d.data as { param?: string })?.param),
  );
  if (!named.length && !logTypes) return raw;
  const severity = severityOf('extensionmodule', DEFAULT_SEVERITIES.extensionmodule ?? 'hint', overrides);
  const out: Diagnostic[] = [];
  for (const d of raw) {
    const r = rejudge(d, named, severity);
    if (r) out.push(r);
  }
  return out;
}
