/**
 * Types of the wiki query language: the parse tree of a `.wikiquery` document and the
 * indexed descriptor catalogue (MediaWiki `action=paraminfo` format, see
 * the product spec (its copy: test/unit/catalogue/fixtures/wiki-query-descriptors.md)).
 *
 * All positions here are UTF-16 offsets into the document text (`OffsetRange`), so the
 * parse tree stays cheap; features convert to LSP ranges with the document's line index.
 */
import type { OffsetRange } from '../languageTypes';

export type { OffsetRange };

// ---------------------------------------------------------------------------
// Parse tree
// ---------------------------------------------------------------------------

/** One `|`-separated item of a parameter value. */
export interface WikiValueItem {
  /** Decoded text (percent-escapes and `+` decoded). */
  text: string;
  /** Source range of the item (raw characters, escapes included). */
  range: OffsetRange;
  /** Position in the list (0-based). */
  index: number;
}

/** One `name=value` pair of a query, as written. */
export interface WikiParam {
  /**
   * The name the wiki sees: decoded, then read as PHP fills `$_GET` (common/phpParamName.ts): ` action` is
   * `action`, `cm.title` is `cm_title`, `action[x]` is the array `action[]`.
   */
  name: string;
  /** The decoded name as written, when PHP reads it as another (`name`); else undefined. */
  writtenName?: string;
  /** Source range of the name. */
  nameRange: OffsetRange;
  /** Decoded value ('' when there is no `=` or nothing after it). */
  value: string;
  /** Source range of the raw value (empty range right after `=`, or after the name when there is no `=`). */
  valueRange: OffsetRange;
  /** Whether the pair has an `=`. */
  hasEquals: boolean;
  /** Source range of the whole pair (`name=value`). */
  range: OffsetRange;
  /**
   * True when a later pair in the same query has the same name: PHP keeps only the last
   * occurrence of a repeated key, so this one is ignored by the wiki.
   */
  overridden: boolean;
  /** Index of the pair in `WikiQuery.params`. */
  index: number;
}

/** The pairs of a query by decoded name: the pair that counts is the last occurrence. */
export interface ParamLookup {
  get(name: string): WikiParam | undefined;
  has(name: string): boolean;
  /** The pairs that count, one per name, in the order the names first appear. */
  values(): readonly WikiParam[];
}

/** One query (one request) of a document. */
export interface WikiQuery {
  /** Source range from the first character of the query (URL or first parameter) to the end of its last parameter. */
  range: OffsetRange;
  /** `scheme://host/path/api.php` when the query names an absolute URL, else undefined. */
  apiUrl?: string;
  /** Source range of the URL part before `?` (when there is one), `?` excluded. */
  urlRange?: OffsetRange;
  /** All pairs in source order, repeated names included (see `WikiParam.overridden`). */
  params: WikiParam[];
  /** Decoded name → the pair that counts (the last occurrence). */
  byName: ParamLookup;
  /** True when the query spans several lines (continuation lines start with `&`). */
  multiLine: boolean;
  /** Source ranges of the lines that make up the query (trimmed), in order. */
  lines: OffsetRange[];
  /** Index of the query in `WikiDocument.queries`. */
  index: number;
}

/** A parsed `.wikiquery` document (or the wiki query URLs embedded in another document). */
export interface WikiDocument {
  /** The text that was parsed. */
  text: string;
  queries: WikiQuery[];
  /** Source ranges of `#` comment lines (whole line, trimmed). Empty in embedded mode. */
  comments: OffsetRange[];
  /** True when only URLs containing `api.php?` were taken from the text (markdown etc.). */
  embedded: boolean;
}

// ---------------------------------------------------------------------------
// Cursor context ("where is the cursor?", asked once)
// ---------------------------------------------------------------------------

/** The groups of the `query` module whose values are module names. */
export type ModuleListKind = 'list' | 'prop' | 'meta' | 'generator';

/** What the cursor is on. Completion and hover switch on `kind`. */
export type WikiCursorContext =
  | {
      /** On (or at the end of) a parameter name; `param` is undefined at an empty slot (after `&`, or on an empty continuation line). */
      kind: 'paramName';
      query: WikiQuery;
      param?: WikiParam;
      /** Range to replace when completing a name (the name, or an empty range at the cursor). */
      range: OffsetRange;
      /** Decoded name text before the cursor. */
      prefix: string;
    }
  | {
      /** In the value of a parameter that is not a module list. */
      kind: 'paramValue';
      query: WikiQuery;
      param: WikiParam;
      /** The `|` item the cursor is in (an empty item at the cursor when the value is empty). */
      item: WikiValueItem;
      /** All items of the value. */
      items: WikiValueItem[];
      /** Decoded text of the item before the cursor. */
      prefix: string;
    }
  | {
      /** In the value of `list=`, `prop=`, `meta=` or `generator=`. */
      kind: 'moduleList';
      group: ModuleListKind;
      query: WikiQuery;
      param: WikiParam;
      item: WikiValueItem;
      items: WikiValueItem[];
      prefix: string;
    }
  | { kind: 'url'; query: WikiQuery; range: OffsetRange }
  | { kind: 'comment'; range: OffsetRange }
  /** Nowhere in particular (blank line, between queries, outside any URL in embedded mode). */
  | { kind: 'none'; query?: WikiQuery };

// ---------------------------------------------------------------------------
// Catalogue (normalised from paraminfo; flags are booleans whatever the formatversion)
// ---------------------------------------------------------------------------

/** A note from a parameter's `info` array, e.g. `{ name: 'singlepageonly' }` or `{ name: 'modes', values: [...] }`. */
export interface WikiParamInfoNote {
  name: string;
  values?: Array<string | number>;
}

/** One parameter descriptor, normalised. */
export interface WikiParamDescriptor {
  /** Name without the module prefix (e.g. `title`); for templated parameters the template (`contentformat-{slot}`). */
  name: string;
  index?: number;
  /** Type name (`string`, `integer`, `limit`, `boolean`, `timestamp`, `namespace`, `user`, `title`, …) or `enum`. */
  type: string;
  /** Allowed values when the type is an enumeration (also for `submodule`-typed parameters). */
  values?: string[];
  /** The raw default as given (string or number; booleans' `false` kept as is). */
  default?: string | number | boolean;
  min?: number;
  max?: number;
  highmax?: number;
  multi: boolean;
  /** Most values allowed in a multi-valued parameter (normal / with apihighlimits). */
  lowlimit?: number;
  highlimit?: number;
  allspecifier?: string;
  required: boolean;
  deprecated: boolean;
  deprecatedvalues?: string[];
  info?: WikiParamInfoNote[];
  subtypes?: string[];
  extranamespaces?: number[];
  sensitive: boolean;
  allowsduplicates: boolean;
  /** Submodule map for `submodule` parameters (value → module path), when the catalogue gives one. */
  submodules?: Record<string, string>;
  /** `submoduleparamprefix` (the `g` of `generator`). */
  submoduleparamprefix?: string;
  /** Templated parameters: variable → name of the parameter whose values fill it (e.g. `{ slot: 'slots' }`). */
  templatevars?: Record<string, string>;
  /** Integer range is enforced (error instead of clamping) — `enforcerange` in paraminfo. */
  enforcerange: boolean;
  /** The token type a `token` parameter carries (`csrf`, `login`, …): the module needs a token of that type. */
  tokentype?: string;
  /** String limits from paraminfo's `maxbytes` / `maxchars` (StringDef; absent when paraminfo gives null). */
  maxbytes?: number;
  maxchars?: number;
}

/** Module groups: query submodules (`list`, `prop`, `meta`), plus `action`/`format` and `main` itself. */
export type WikiModuleGroup = 'list' | 'prop' | 'meta' | 'action' | 'format' | 'main' | string;

/** One module descriptor, normalised. */
export interface WikiModule {
  /** Module name (`categorymembers`, `query`, `main`, `json`, …). */
  name: string;
  /** Path (`query+categorymembers`, `query`, `main`, `json`). */
  path: string;
  group: WikiModuleGroup;
  prefix: string;
  generator: boolean;
  deprecated: boolean;
  internal: boolean;
  readrights: boolean;
  writerights: boolean;
  mustbeposted: boolean;
  /**
   * paraminfo's `dynamicparameters`: the module reads parameters its list does not hold (AuthManager's modules: the
   * fields of the wiki's providers' authentication requests, which extensions may add).
   */
  dynamicparameters: boolean;
  source?: string;
  helpurls: string[];
  parameters: WikiParamDescriptor[];
  templatedparameters: WikiParamDescriptor[];
  /** Parameter by unprefixed name. */
  paramByName: Map<string, WikiParamDescriptor>;
}

/** A wire parameter name resolved to its module and descriptor. */
export interface WikiWireParam {
  module: WikiModule;
  descriptor: WikiParamDescriptor;
  /** The wire name, e.g. `cmtitle` or `gcmtitle`. */
  wireName: string;
  /** True for the generator form (`g` + prefix + name). */
  generator: boolean;
  /** For templated parameters: the variable values taken from the wire name (e.g. `{ slot: 'main' }`). */
  templateValues?: Record<string, string>;
}

/** One namespace of the wiki. */
export interface WikiNamespace {
  id: number;
  /** Local name ('' for the main namespace). */
  name: string;
  /** Canonical (English) name, when known. */
  canonical?: string;
  aliases: string[];
}

// ---------------------------------------------------------------------------
// Diagnostics
// ---------------------------------------------------------------------------

/**
 * `Diagnostic.data` of wiki query diagnostics: what code actions need. Ranges are LSP ranges of
 * the document the diagnostic was computed for.
 */
export interface WikiDiagnosticData {
  /** The wire name the diagnostic is about (`cmtitle`, `list`, …). */
  param: string;
  /** Did-you-mean: text that should replace the diagnostic's range (a parameter name, value or module name). */
  suggestion?: string;
  /** A replacement for the diagnostic's range that repairs it (`max`, a bound, `gcmtitle`, `0`…). */
  replacement?: string;
  /** Deleting this range repairs it (the pair with its `&`, or the value item with its `|`). */
  removeRange?: import('vscode-languageserver-types').Range;
  /** missingparam: the wire name to add (`&name=`). */
  addParam?: string;
  /** The module the diagnostic concerns (`categorymembers`), when there is one. */
  module?: string;
  /** `unrecognizedparams` of a field of AuthManager's requests (readsFields): a MediaWiki name, read on another step, with other requests, or with an extension. */
  field?: boolean;
  /** The value (decoded) the diagnostic is about, when it is about one value. */
  value?: string;
  /** All parameters involved (invalidparammix, multisource, conditions). */
  params?: string[];
  /** With `addParam`: the value that repairs it (`contentmodel=wikitext`, `jsconfigvars` added to `prop`). */
  addValue?: string;
}
