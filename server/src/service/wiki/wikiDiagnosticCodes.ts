/**
 * The wiki diagnostic codes and their default severities: the one severity table of the wiki
 * service (the CLI's rule list reads it too). Users override each code (`off` included) through
 * `LanguageSettings.severity`.
 */
import type { SeveritySetting } from '../languageTypes';

/** The `source` of every wiki diagnostic. */
export const DIAGNOSTIC_SOURCE = 'wikimap-query';

export const WIKI_DIAGNOSTIC_CODES = {
  unrecognizedparams: 'warning',
  unrecognizedvalues: 'warning',
  badvalue: 'error',
  toomanyvalues: 'error',
  outofrange: 'warning',
  badinteger: 'error',
  badtimestamp: 'error',
  unclearnowtimestamp: 'warning',
  missingparam: 'error',
  deprecation: 'warning',
  badgenerator: 'error',
  baduser: 'error',
  badtitle: 'error',
  multisource: 'error',
  invalidparammix: 'error',
  singlepageonly: 'information',
  useronly: 'information',
  nonuseronly: 'information',
  modes: 'information',
  preloadcontentonly: 'information',
  editintroonly: 'information',
  booleanfalse: 'information',
  sensitiveparam: 'information',
  duplicatevalues: 'hint',
  repeatedparam: 'information',
  /** A name PHP reads as another (` action` → `action`, `a.b` → `a_b`, `a[x]` → array `a`). */
  phpname: 'warning',
  noaction: 'warning',
  notquery: 'information',
  largedocument: 'information',
  internal: 'warning',
  // Codes of the other top-level modules (wikiActionValidation.ts).
  invalidsection: 'error',
  mustbeposted: 'error',
  mustpostparams: 'error',
  badmodule: 'warning',
  warnings: 'error',
  'parse-titlewithouttext': 'warning',
  'parse-revidwithouttext': 'warning',
  'parse-nocontentmodel': 'warning',
  moduleswithoutvars: 'warning',
  'checktoken-percentencoding': 'warning',
  'compare-nocontentmodel': 'warning',
  'compare-relative-to-nothing': 'error',
  badupload: 'error',
  badtags: 'error',
  postonly: 'information',
  unknownaction: 'information',
  ignoredbyserver: 'information',
  badutf8: 'warning',
  // StringDef limits and ExpiryDef values (wikiParamLimits.ts): the wiki refuses the request.
  maxbytes: 'error',
  maxchars: 'error',
  badexpiry: 'error',
  'badexpiry-past': 'error',
  // Listed last among the CLI's rules (after the map codes); found with their severity given.
  unsupportedarray: 'warning',
  urltoolong: 'warning',
  /** `origin=` that no Origin header can equal: HTTP 403 before anything is read (ApiMain::handleCORS). */
  originmismatch: 'error',
  'catalogue-not-loaded': 'information',
  /** A query module an extension adds (prop=extracts, list=geosearch), judged with the built-in catalogue, which lacks it. */
  extensionmodule: 'hint',
  /** A source file over the size whose requests are read in full: only its api.php URL strings are checked (embedded/sourceLimits.ts). */
  largesource: 'information',
  /** A source file with more requests than are read: those from here on are not checked (embedded/sourceLimits.ts). */
  toomanyrequests: 'warning',
} as const satisfies Record<string, Exclude<SeveritySetting, 'off'>>;

/** A code the wiki service reports (MediaWiki's own codes where its API has one). */
export type WikiDiagnosticCode = keyof typeof WIKI_DIAGNOSTIC_CODES;

/** Default severity of every wiki code, looked up by any string (data-driven rules name their codes). */
export const DEFAULT_SEVERITIES: Readonly<Record<string, Exclude<SeveritySetting, 'off'> | undefined>> = WIKI_DIAGNOSTIC_CODES;
