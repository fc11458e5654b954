/**
 * What each diagnostic code means, for reports that describe their rules (SARIF's `tool.driver.rules`):
 * a one-line summary, a longer help text, and a page that explains more. Wiki codes are MediaWiki's own
 * (its API reports the same codes), so they link to MediaWiki's documentation of API errors and warnings;
 * map codes link to the map server's project.
 */
import { WIKI_DIAGNOSTIC_CODES } from '../service/wiki/wikiDiagnosticCodes';
import { MAP_DIAGNOSTIC_CODES } from '../service/map/mapDiagnostics';
import { MAX_MAP_QUERIES } from '../service/map/mapQueryParser';
import { SOURCE_FILE_LIMITS } from '../../../common/sourceFileLimits';

export interface DiagnosticRule {
  id: string;
  kind: 'wiki' | 'map';
  /** Severity when no setting changes it. */
  defaultSeverity: 'error' | 'warning' | 'information' | 'hint';
  summary: string;
  help: string;
  helpUri: string;
}

const WIKI_HELP_URI = 'https://www.mediawiki.org/wiki/API:Errors_and_warnings';
const WIKI_PARAMS_URI = 'https://www.mediawiki.org/wiki/API:Query';
const MAP_HELP_URI = 'https://github.com/minetest-mapserver/mapserver';

const WIKI: Record<string, [string, string, string?]> = {
  unrecognizedparams: [
    'Unrecognized parameter',
    'The wiki does not know this parameter for the modules the query uses, and ignores it. Check its spelling and its module prefix (under generator= the module\'s parameters take a "g" in front).',
  ],
  unrecognizedvalues: [
    'Unrecognized value',
    'A value of a multi-valued parameter that the wiki does not know; the wiki drops it with a warning. Check its spelling against the allowed values.',
  ],
  badvalue: ['Bad value', 'The value is not one the parameter allows; the wiki refuses the query.'],
  toomanyvalues: [
    'Too many values',
    'A multi-valued parameter got more values than the wiki accepts (50, or 500 with the apihighlimits right).',
  ],
  outofrange: [
    'Value out of range',
    'A number outside the allowed range; the wiki clamps it (or refuses it when the parameter enforces its range).',
  ],
  badinteger: ['Not an integer', 'The parameter takes an integer.'],
  badtimestamp: ['Bad timestamp', 'Timestamps are ISO 8601 (2024-01-31T12:00:00Z), Unix seconds, or "now".'],
  unclearnowtimestamp: ['Unclear "now" timestamp', 'An empty timestamp or 0 is taken as "now"; write "now" if that is meant.'],
  missingparam: ['Missing required parameter', 'The module needs this parameter; the wiki refuses the query without it.'],
  deprecation: ['Deprecated', 'A deprecated module, parameter or value: it still works but may go away.', WIKI_PARAMS_URI],
  badgenerator: ['Not a generator', 'The module named in generator= cannot be used as a generator.', WIKI_PARAMS_URI],
  baduser: ['Bad user name', 'The value is not a valid user name (or IP, or range) for this parameter.'],
  badtitle: ['Bad title', 'The value is not a valid page title.'],
  multisource: ['More than one page source', 'Give only one of titles, pageids, revids and generator.', WIKI_PARAMS_URI],
  invalidparammix: ['Parameters that cannot be combined', 'These parameters cannot be used together.'],
  singlepageonly: ['Single page only', 'The parameter only works when the query names one page.'],
  useronly: ['For users only', 'The parameter only applies to registered users.'],
  nonuseronly: ['For anonymous users only', 'The parameter only applies to IP addresses.'],
  modes: ['Only in some modes', "The parameter only applies in some of the module's modes, not the one this query uses."],
  preloadcontentonly: ['Only with preloaded content', 'The parameter only applies together with the preload content parameter.'],
  editintroonly: ['Only with an edit intro', 'The parameter only applies together with the edit intro parameter.'],
  booleanfalse: [
    'Boolean given a value',
    'A boolean is true as soon as it is present: "=false" or "=0" still means true. Leave the parameter out for false.',
  ],
  sensitiveparam: ['Sensitive parameter', 'The value is a secret (a token or password): keep it out of shared query files.'],
  duplicatevalues: ['Duplicate values', 'The same value twice in a multi-valued parameter; the wiki keeps one.'],
  repeatedparam: ['Repeated parameter', 'The same parameter twice: only the last one counts.'],
  noaction: [
    'No action',
    'The query has no action= parameter; the wiki shows its help page instead of answering.',
    'https://www.mediawiki.org/wiki/API:Main_module',
  ],
  notquery: [
    'Not a query',
    'An action other than query: only its parameters are checked, and running it is refused.',
    'https://www.mediawiki.org/wiki/API:Main_module',
  ],
  largedocument: ['Large document', 'The document is large, so the editor runs fewer checks on it (the CLI always runs all).'],
  largesource: [
    'Large source file',
    `A source file over ${SOURCE_FILE_LIMITS.parsedChars.toLocaleString('en-US')} characters is not parsed: only the api.php URLs written whole in one string are checked, not parameter objects, dictionaries or calls (the editor and the CLI alike). Split the file.`,
  ],
  toomanyrequests: [
    'Too many requests in one file',
    `At most ${SOURCE_FILE_LIMITS.requests.toLocaleString('en-US')} requests are read from one source file; the one marked and those after it are not checked. Split the file.`,
  ],
  internal: ['Internal problem', 'The checker could not judge this query; please report it.'],
  phpname: [
    'Name PHP reads differently',
    'PHP rewrites parameter names before MediaWiki sees them (leading spaces dropped, spaces and dots to "_", "[" starting an array): the query is judged under the name the wiki will see.',
  ],
  unsupportedarray: [
    'PHP array syntax',
    'A name like titles[] or titles[0] makes PHP read an array, whose value MediaWiki ignores with a warning. Write name=value, several values separated by |.',
  ],
  urltoolong: [
    'URL too long',
    'The GET request line is longer than web servers accept by default (about 8 KB): the wiki answers HTTP 414. Send it as POST or split the values.',
  ],
  originmismatch: [
    'Origin never matches',
    'origin= other than * must equal the Origin header a browser sends (scheme://host); any other value is refused with HTTP 403 before the request is read.',
    'https://www.mediawiki.org/wiki/API:Cross-site_requests',
  ],
  badutf8: [
    'Bad UTF-8 or control characters',
    'The wiki cleans the value (invalid UTF-8, control characters, text not in Unicode NFC) and warns.',
  ],
  invalidsection: [
    'Bad section',
    'action=parse section= takes a number, T- and a number, or "new".',
    'https://www.mediawiki.org/wiki/API:Parsing_wikitext',
  ],
  mustbeposted: [
    'Must be POSTed',
    'The module only answers POST requests; sent as a GET URL it is refused.',
    'https://www.mediawiki.org/wiki/API:Main_module',
  ],
  mustpostparams: [
    'Parameter must be in the POST body',
    'A token (or another parameter the module wants in the body) is in the query string: the wiki refuses it, and a token in a URL leaks.',
    'https://www.mediawiki.org/wiki/API:Tokens',
  ],
  postonly: [
    'Changes the wiki',
    'The action changes the wiki: it needs a POST request with a token and the rights named. The checker predicts what a GET would get and never sends it; runs refuse it.',
    'https://www.mediawiki.org/wiki/API:Main_module',
  ],
  unknownaction: [
    'Action not in the catalogue',
    "An action the catalogue in use does not describe (an extension's module): load the wiki's own catalogue to check it.",
    'https://www.mediawiki.org/wiki/API:Main_module',
  ],
  ignoredbyserver: [
    'Ignored by the wiki',
    'A mistake the wiki would not report for this module (feeds, opensearch and help drop warnings): still worth fixing.',
  ],
  badmodule: [
    'Unknown module',
    'paraminfo or help names a module the wiki does not have.',
    'https://www.mediawiki.org/wiki/API:Parameter_information',
  ],
  warnings: ['Warnings as an error', 'With warningsaserror the wiki turns every warning into this one error.'],
  'parse-titlewithouttext': [
    'title without text',
    'action=parse uses title= only together with text=.',
    'https://www.mediawiki.org/wiki/API:Parsing_wikitext',
  ],
  'parse-revidwithouttext': [
    'revid without text',
    'action=parse uses revid= only together with text=.',
    'https://www.mediawiki.org/wiki/API:Parsing_wikitext',
  ],
  'parse-nocontentmodel': [
    'No content model',
    'action=parse with text= needs a title= or contentmodel= to know how to parse it.',
    'https://www.mediawiki.org/wiki/API:Parsing_wikitext',
  ],
  moduleswithoutvars: [
    'modules without jsconfigvars',
    'prop=modules is only useful together with prop=jsconfigvars or encodedjsconfigvars.',
    'https://www.mediawiki.org/wiki/API:Parsing_wikitext',
  ],
  'checktoken-percentencoding': [
    'Token not percent-encoded',
    'The token ends in "+\\" written raw: in a URL "+" is a space, so it must be written %2B%5C.',
    'https://www.mediawiki.org/wiki/API:Tokens',
  ],
  'compare-nocontentmodel': [
    'No content model',
    'action=compare with text needs a title or a content model to know how to read it.',
    'https://www.mediawiki.org/wiki/API:Compare',
  ],
  'compare-relative-to-nothing': [
    'Relative to nothing',
    'action=compare with torelative= needs a "from" revision to be relative to.',
    'https://www.mediawiki.org/wiki/API:Compare',
  ],
  badupload: ['Bad upload', 'A file parameter given in the query string: uploads need a multipart POST body.'],
  badtags: ['Bad tags', 'Change tags that the wiki does not allow to be applied by hand.'],
  maxbytes: [
    'Value too long (bytes)',
    "A string value longer than the parameter's maxbytes (UTF-8 bytes): the wiki rejects it (StringDef).",
    'https://www.mediawiki.org/wiki/API:Parameter_information',
  ],
  maxchars: [
    'Value too long (characters)',
    "A string value longer than the parameter's maxchars (characters): the wiki rejects it (StringDef).",
    'https://www.mediawiki.org/wiki/API:Parameter_information',
  ],
  badexpiry: [
    'Bad expiry',
    "An expiry that is neither infinite/indefinite/infinity/never nor a time PHP's strtotime() reads: the wiki rejects it (ExpiryDef).",
  ],
  'badexpiry-past': ['Expiry in the past', 'An expiry time that has already passed: the wiki rejects it (ExpiryDef).'],
  'catalogue-not-loaded': [
    'Catalogue not loaded',
    'The query names a wiki whose own catalogue is not loaded: the built-in catalogue judges it. Approve the wiki (quick fix, or wikimapQuery.wiki.approvedCatalogues) to use its own.',
  ],
  extensionmodule: [
    'Extension module',
    "A query module that an extension adds (TextExtracts' prop=extracts, GeoData's list=geosearch, …), in a request judged with the built-in catalogue, which describes MediaWiki core only: the module and its parameters are not checked. Load the wiki's catalogue (wikimapQuery.wiki.apiUrl, wikimapQuery.wikis, or --catalogue) to check them.",
    'https://www.mediawiki.org/wiki/API:Extensions',
  ],
  checkfailed: [
    'File could not be checked',
    'The checker failed on this file (a bug): the other files are still checked. Please report it with the file.',
  ],
  unreadable: [
    'File or folder could not be read',
    'A file or folder met while walking a folder could not be read (no permission, or gone during the check): it is not checked; the other files are.',
  ],
  toolarge: [
    'File too large',
    "The file is larger than the checker reads (--max-file-size, by default the editor's parse budget): it is not checked. Split it, or raise --max-file-size.",
  ],
};

/** The CLI's own codes (a file it could not check). */
const CLI_SEVERITY: Record<string, DiagnosticRule['defaultSeverity']> = {
  checkfailed: 'error',
  toolarge: 'error',
  unreadable: 'error',
};

/** Wiki codes the rule list names after the map codes (where they have always been listed). */
const LISTED_AFTER_MAP: ReadonlySet<string> = new Set([
  'unsupportedarray',
  'urltoolong',
  'catalogue-not-loaded',
  'extensionmodule',
  'largesource',
  'toomanyrequests',
]);

const MAP: Record<string, [string, string]> = {
  invalidjson: ['Invalid JSON', 'The text is not valid JSON; the map server answers HTTP 500 with a plain-text error.'],
  notanobject: ['Not an object', 'The query, an array element, or a corner must be a JSON object.'],
  missingfield: ['Missing field', 'pos1, pos2 and type are required.'],
  missingcoordinate: ['Missing coordinate', 'A corner needs x, y and z.'],
  notinteger: ['Not an integer', 'Coordinates and limit are integers (not floats, strings or null).'],
  typenotstring: ['Type is not a string', 'type names a map object type as a string.'],
  badattributelike: ['Bad attributelike', 'attributelike is an object with string key and value.'],
  nodecoordinates: ['Node coordinates', 'The coordinates are beyond the map-block bounds: probably node coordinates (divide by 16).'],
  invertedbox: ['Inverted box', 'pos1 is greater than pos2 on some axis: the server matches nothing.'],
  unknowntype: ['Unknown type', 'A type the map server does not know: it silently returns an empty list.'],
  unknownattribute: ['Unknown attribute', 'attributelike.key is not an attribute of the chosen type.'],
  regiontoolarge: ['Region too large', "A large region without limit: the server's default limit may cut the results."],
  unknownfield: ['Unknown field', 'A field the map server ignores.'],
  duplicatefield: ['Duplicate field', 'The same field twice: only the last one counts.'],
  badlimit: ['Bad limit', 'limit must be greater than 0.'],
  fieldcase: ['Field letter case', 'The field is written in other letter case: the server accepts it, but write it as documented.'],
  toodeep: [
    'Nested too deep',
    'The JSON nests more than 512 levels: it is not checked further (the map server would reject such a body too).',
  ],
  nullvalue: ['null value', 'The server reads null as 0 (a coordinate) or as no value (limit): write the value meant.'],
  defaultcorner: [
    'Default corner',
    'pos1 or pos2 is missing or null: the server uses its default (±2048 on every axis), a very large box.',
  ],
  outsidelayers: [
    'Outside the layers',
    "The box lies outside every layer the map server's config (/api/config) declares: it matches nothing.",
  ],
  toomanyqueries: [
    'Too many queries',
    `A document gets at most ${MAX_MAP_QUERIES.toLocaleString('en')} query objects checked; those after them are not checked (split the file).`,
  ],
  typenotenabled: ['Type not indexed', "The map server's config (/api/config) disables indexing of this type: the query returns nothing."],
};

function build(): Map<string, DiagnosticRule> {
  const rules = new Map<string, DiagnosticRule>();
  const wikiCodes = Object.entries(WIKI_DIAGNOSTIC_CODES);
  for (const [id, severity] of wikiCodes) {
    if (LISTED_AFTER_MAP.has(id)) continue;
    const [summary, help, uri] = WIKI[id] ?? [id, `MediaWiki API diagnostic ${id}.`];
    rules.set(id, { id, kind: 'wiki', defaultSeverity: severity, summary, help, helpUri: uri ?? WIKI_HELP_URI });
  }
  for (const [id, severity] of Object.entries(MAP_DIAGNOSTIC_CODES)) {
    const [summary, help] = MAP[id] ?? [id, `Map query diagnostic ${id}.`];
    rules.set(id, { id, kind: 'map', defaultSeverity: severity, summary, help, helpUri: MAP_HELP_URI });
  }
  for (const [id, severity] of [...wikiCodes.filter(([id]) => LISTED_AFTER_MAP.has(id)), ...Object.entries(CLI_SEVERITY)]) {
    if (rules.has(id)) continue;
    const [summary, help, uri] = WIKI[id];
    rules.set(id, { id, kind: 'wiki', defaultSeverity: severity, summary, help, helpUri: uri ?? WIKI_HELP_URI });
  }
  return rules;
}

const DIAGNOSTIC_RULES: ReadonlyMap<string, DiagnosticRule> = build();

/** The rule of a code; a code not in the tables (a wiki's own warning code) gets a generic one. */
export function ruleFor(code: string, kind: 'wiki' | 'map'): DiagnosticRule {
  return (
    DIAGNOSTIC_RULES.get(code) ?? {
      id: code,
      kind,
      defaultSeverity: 'warning',
      summary: code,
      help: kind === 'wiki' ? `The wiki reports ${code} for this query.` : `Map query diagnostic ${code}.`,
      helpUri: kind === 'wiki' ? WIKI_HELP_URI : MAP_HELP_URI,
    }
  );
}
