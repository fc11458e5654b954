/**
 * The rules of descriptors/wiki/constraints.json as data: their shape and the reader that checks
 * them (used by the catalogue when it is built). What each kind means, and how the rules are applied
 * to a query, is in ./wikiConstraints.ts.
 */

import type { PlannedRule } from './wikiRulePlan';
import { isKnownHandler } from './wikiMediaHandlers';

/** A condition of a rule: the parameter is given, or its value (or default) includes one of `values`. */
export interface RuleCondition {
  param: string;
  values?: string[];
  /** The condition holds when the parameter is not given (a boolean left false: alllinks' continue form without unique). */
  absent?: boolean;
}

/** One rule, as read from constraints data. */
export interface ConstraintRule {
  /** Stable id of the rule (for tests and settings). */
  id: string;
  /** The query submodule it applies to (`categorymembers`), or `query` for page-set rules. */
  module: string;
  kind: RuleKind;
  /** For `pattern`: what every value must match. */
  pattern?: RegExp;
  /** For `missing` / `forbidden`: the conditions (any of them) under which the rule applies. */
  when?: RuleCondition[];
  /** For `forbidden`: values of the parameter that remain allowed. */
  allowedValues?: string[];
  /** Unprefixed parameter names (`title`, `pageid`). For `query`, wire names. */
  params: string[];
  /** MediaWiki error code to report (defaults per kind). */
  code: string;
  /** Optional message template, `{params}` is replaced by the wire names; in a `runtimeWarning`, `{prefix}` by the module's wire prefix. */
  message?: string;
  /** What MediaWiki code this mirrors (documentation; '' in the bundles' run-time copy of the data). */
  mirrors: string;
  /** For `exclusiveValues`: values that may not be given together, two by two. */
  pairs?: [string, string][];
  /** For `moduleValues`: `type/*` in the list admits every `type/…` value. */
  wildcard?: boolean;
  /** For `runtimeWarning`: conditions that must all hold. */
  all?: WarningCondition[];
  /** For `anonymous`: parameters that, all given, lift the refusal (the watchlist of `owner` read with its `token`). */
  lifted?: string[];
  /**
   * For `anonymous`: the module's namespace parameter (unprefixed); given with no value that is a namespace of the
   * wiki (each unrecognized, or none), the module returns first with no pages and refuses nothing
   * (ApiQueryAllDeletedRevisions::run: `$params['namespace'] === []`).
   */
  noNamespaceReturns?: string;
  /**
   * For `anonymous`: the refusal is for the account this wiki was signed in to when it lacks this right (its
   * rights read with meta=userinfo at the catalogue's load; a bot password's grants restrict them), not for a
   * sender who is not logged in. Not judged when the account is not known.
   */
  account?: { lacksRight: string };
  /** For `titleNamespace`: the namespace the title must be in (14 for a category). */
  namespace?: number;
  /**
   * For a prop module's value read only for a page set that is not empty: `named` (the query names
   * pages: titles, pageids, revids or a generator), `existing` (one of them exists too; the message says so),
   * `titles` (titles, pageids or a generator name them: revisions named by `revids` alone are not judged, as
   * ApiQueryDeletedRevisions::run returns first when none of them is deleted, which depends on the wiki).
   */
  pages?: 'named' | 'existing' | 'titles';
  /**
   * The module reads the value only for pages of this namespace (ApiQueryBacklinksprop's fileusage keeps
   * File pages only and returns first without one): applied when `titles=` names such a page, and not
   * judged when a generator, `pageids` or `revids` decide the pages.
   */
  pagesInNamespace?: number;
  /**
   * The module reads the rule's parameters only when it is not the generator (ApiQueryRevisions::run:
   * `if ( $resultPageSet === null ) $this->parseParameters( $params )`): not applied under generator=.
   */
  notAsGenerator?: boolean;
  /**
   * For a continue `pattern` of ApiQueryBacklinksprop: the sort fields the page set decides, each
   * part's form (`int`, a regular expression; a title part is any text without `|`), and the module's
   * from-namespace parameter when it sorts by it, the one namespace its pages are kept in (fileusage:
   * 6, File; the value is read only when titles= names such a page), and its namespace parameter (given
   * empty, the module returns before reading the value) (see wikiContinueParts.ts).
   */
  sortFields?: { int: RegExp; fromNamespace?: string; toNamespace?: number; namespace?: string };
  /**
   * For the continue `pattern` of ApiQueryDeletedrevs: the parameter (unprefixed, `user`) that, given without
   * pages, lists one user's deleted revisions, continued by timestamp|id; else namespace|title|timestamp|id
   * (see wikiContinueParts.ts, deletedrevsContinueProblem).
   */
  userMode?: string;
  /**
   * `mediaHandler`: the media handlers whose parseParamString the rule mirrors (wikiMediaHandlers.ts), each with the
   * file name extensions (lower case) that give it.
   */
  handlers?: Record<string, string[]>;
  /** `mediaHandler`: the server's message of each code it gives (`{prefix}`, `{file}`, `{width}`, `{urlwidth}`, `{name}`, `{value}`). */
  messages?: Record<string, string>;
  /**
   * With `userMode`: the first MediaWiki version whose module checks the timestamp part too (ApiBase::
   * parseContinueParamOrDie's 'timestamp': the part must be what the database writes, 14 digits of a real date).
   */
  timestampSince?: string;
  /** First MediaWiki version the rule holds for (inclusive), e.g. `1.45`. */
  since?: string;
  /** First MediaWiki version the rule no longer holds for (exclusive). */
  until?: string;
}

/**
 * A constraint rule as a check runs it for one module under one wire prefix (planned once per catalogue
 * by wikiConstraints.ts): its parameters' wire names, and its gate (wikiRulePlan.ts).
 */
export interface PlannedConstraint extends PlannedRule<ConstraintRule> {
  /** Position in the constraints data (data order). */
  index: number;
  /** The rule's parameters with the wire prefix (shared between queries: copied where they go into a diagnostic's data). */
  names: string[];
}

/** The planned rules of one module under one prefix, in data order, and by position in `constraints`. */
export interface ConstraintUsePlan {
  entries: readonly PlannedConstraint[];
  at: readonly (PlannedConstraint | undefined)[];
}

/** A condition of a `runtimeWarning` rule. */
export interface WarningCondition {
  param?: string;
  absent?: boolean;
  above?: number;
  /**
   * The parameter is given as a number over the first (a sender without apihighlimits) or the second
   * (with apihighlimits) maximum: a limit the module validates again with its own maximum
   * (ApiQueryRevisionsBase::parseParameters: 50 / 500 when fetching content). `max` never is.
   */
  over?: [number, number];
  pages?: 'several';
}

type RuleKind =
  | 'exactlyOne'
  | 'atMostOne'
  | 'atLeastOne'
  | 'requires'
  | 'conflicts'
  | 'missing'
  | 'forbidden'
  | 'pattern'
  | 'exclusiveValues'
  | 'nonEmpty'
  | 'moduleValues'
  | 'titleInNamespaces'
  | 'runtimeWarning'
  | 'titleValue'
  | 'titleNamespace'
  | 'mediaHandler'
  | 'anonymous';

/** `1.45.0`, `1.46.0-wmf.3`, `MediaWiki 1.39.17` → [1, 45, 0]; undefined when no version is there. */
export function parseMediaWikiVersion(text: string | undefined): number[] | undefined {
  const m = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(text ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined;
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/**
 * Whether a rule holds for a wiki of MediaWiki `version` (`1.45.0`). A rule without since/until
 * holds everywhere; a versioned rule never applies to a wiki whose version is unknown.
 */
export function ruleHoldsFor(rule: Pick<ConstraintRule, 'since' | 'until'>, version: string | undefined): boolean {
  if (rule.since === undefined && rule.until === undefined) return true;
  const v = parseMediaWikiVersion(version);
  if (!v) return false;
  if (rule.since !== undefined && compareVersions(v, parseMediaWikiVersion(rule.since)!) < 0) return false;
  if (rule.until !== undefined && compareVersions(v, parseMediaWikiVersion(rule.until)!) >= 0) return false;
  return true;
}

const KINDS = new Set([
  'exactlyOne',
  'atMostOne',
  'atLeastOne',
  'requires',
  'conflicts',
  'missing',
  'forbidden',
  'pattern',
  'exclusiveValues',
  'nonEmpty',
  'moduleValues',
  'titleInNamespaces',
  'runtimeWarning',
  'titleValue',
  'titleNamespace',
  'mediaHandler',
  'anonymous',
]);
/** Kinds whose rule names one parameter (the others name at least two). */
const ONE_PARAM = new Set([
  'mediaHandler',
  'missing',
  'forbidden',
  'pattern',
  'exclusiveValues',
  'nonEmpty',
  'moduleValues',
  'runtimeWarning',
  'titleValue',
  'titleNamespace',
  'anonymous',
]);
const CONDITIONAL = new Set(['missing', 'forbidden']);

/**
 * Read and check constraints data (`{ "rules": [...] }` or a bare array). Bad entries throw an Error
 * naming the rule; absent data gives no rules.
 */
export function parseConstraints(data: unknown): ConstraintRule[] {
  return constraintsList(data).map((r, i) => {
    constraintModuleOf(r, i);
    return readConstraint(r, i);
  });
}

/** The raw rules of constraints data (`{ "rules": [...] }` or a bare array; none when absent). */
export function constraintsList(data: unknown): readonly unknown[] {
  if (data === undefined || data === null) return [];
  const rules = Array.isArray(data) ? data : typeof data === 'object' ? (data as { rules?: unknown }).rules : undefined;
  if (!Array.isArray(rules))
    throw new Error('constraints: expected {"rules": [...]} — an array of rules with id, module, kind and params.');
  return rules;
}

function ruleAt(i: number, o?: Record<string, unknown>): string {
  const at = `constraints rule #${i + 1}`;
  return o === undefined ? at : `${at} (${typeof o.id === 'string' ? o.id : at})`;
}

/** What a catalogue checks of a rule at load (the rest is read on first use): an object naming its module and kind. */
export function constraintModuleOf(r: unknown, i: number): string {
  if (typeof r !== 'object' || r === null) throw new Error(`${ruleAt(i)}: must be an object.`);
  const o = r as Record<string, unknown>;
  if (typeof o.module !== 'string' || o.module === '') throw new Error(`${ruleAt(i, o)}: "module" must name a query module.`);
  if (typeof o.kind !== 'string' || !KINDS.has(o.kind)) throw new Error(`${ruleAt(i, o)}: "kind" must be one of ${[...KINDS].join(', ')}.`);
  return o.module;
}

/** The code of a rule that names none: the one MediaWiki's module uses for its kind. */
const DEFAULT_CODE: Readonly<Partial<Record<ConstraintRule['kind'], string>>> = {
  exactlyOne: 'missingparam',
  atLeastOne: 'missingparam',
  missing: 'missingparam',
  pattern: 'unrecognizedvalues',
  exclusiveValues: 'show',
  nonEmpty: 'paramempty_{wire}',
  moduleValues: 'unknown_{wire}',
  titleValue: 'invalidtitle',
};

/** A rule read and checked (after constraintModuleOf said it is an object with a module and a kind); throws naming it. */
export function readConstraint(r: unknown, i: number): ConstraintRule {
  const where = `constraints rule #${i + 1}`;
  const o = r as Record<string, unknown> & { module: string; kind: string };
  const id = typeof o.id === 'string' ? o.id : `${where}`;
  const minParams = ONE_PARAM.has(o.kind) ? 1 : 2;
  if (!Array.isArray(o.params) || o.params.length < minParams || !o.params.every((p) => typeof p === 'string')) {
    throw new Error(`${where} (${id}): "params" must list at least ${minParams === 1 ? 'one parameter name' : 'two parameter names'}.`);
  }
  const kind = o.kind as ConstraintRule['kind'];
  const { when, pattern, pairs, all } = readKindFields(o, kind, `${where} (${id})`);
  for (const f of ['since', 'until', 'timestampSince'] as const) {
    if (o[f] !== undefined && (typeof o[f] !== 'string' || !parseMediaWikiVersion(o[f] as string)))
      throw new Error(`${where} (${id}): "${f}" must be a MediaWiki version such as "1.45".`);
  }
  if (kind === 'titleNamespace' && (typeof o.namespace !== 'number' || typeof o.code !== 'string' || typeof o.message !== 'string'))
    throw new Error(`${where} (${id}): a titleNamespace rule needs "namespace" (a number), and the server's "code" and "message".`);
  if (kind === 'anonymous' && (typeof o.code !== 'string' || typeof o.message !== 'string'))
    throw new Error(`${where} (${id}): an anonymous rule needs the server's "code" and "message".`);
  const lifted = readLifted(o, `${where} (${id})`);
  if (o.noNamespaceReturns !== undefined && (typeof o.noNamespaceReturns !== 'string' || kind !== 'anonymous'))
    throw new Error(`${where} (${id}): "noNamespaceReturns" is a parameter name, on an anonymous rule.`);
  if (o.pages !== undefined && o.pages !== 'named' && o.pages !== 'existing' && o.pages !== 'titles')
    throw new Error(`${where} (${id}): "pages" must be "named", "existing" or "titles".`);
  if (o.pagesInNamespace !== undefined && !Number.isInteger(o.pagesInNamespace))
    throw new Error(`${where} (${id}): "pagesInNamespace" must be a namespace number.`);
  if (o.userMode !== undefined && (typeof o.userMode !== 'string' || kind !== 'pattern'))
    throw new Error(`${where} (${id}): "userMode" is a parameter name, on a pattern rule.`);
  const handlers = readHandlers(o, kind, `${where} (${id})`);
  if (o.timestampSince !== undefined && o.userMode === undefined)
    throw new Error(`${where} (${id}): "timestampSince" goes with "userMode" (ApiQueryDeletedrevs' continue).`);
  if (o.notAsGenerator !== undefined && o.notAsGenerator !== true)
    throw new Error(`${where} (${id}): "notAsGenerator" must be true when given.`);
  const sortFields = readSortFields(o.sortFields, `${where} (${id})`);
  const allowedValues = Array.isArray(o.allowedValues) ? o.allowedValues.filter((v): v is string => typeof v === 'string') : undefined;
  const code = typeof o.code === 'string' ? o.code : (DEFAULT_CODE[kind] ?? 'invalidparammix');
  return {
    id,
    module: o.module,
    kind,
    params: o.params as string[],
    ...(when ? { when } : {}),
    ...(allowedValues ? { allowedValues } : {}),
    ...(pattern ? { pattern } : {}),
    code,
    message: typeof o.message === 'string' ? o.message : undefined,
    mirrors: typeof o.mirrors === 'string' ? o.mirrors : '',
    ...(pairs ? { pairs } : {}),
    ...(all ? { all } : {}),
    ...(o.wildcard === true ? { wildcard: true } : {}),
    ...(typeof o.namespace === 'number' ? { namespace: o.namespace } : {}),
    ...(lifted ? { lifted } : {}),
    ...(typeof o.noNamespaceReturns === 'string' ? { noNamespaceReturns: o.noNamespaceReturns } : {}),
    ...(readAccount(o, `${where} (${id})`) ?? {}),
    ...(o.pages === 'named' || o.pages === 'existing' || o.pages === 'titles' ? { pages: o.pages } : {}),
    ...(typeof o.pagesInNamespace === 'number' ? { pagesInNamespace: o.pagesInNamespace } : {}),
    ...(o.notAsGenerator === true ? { notAsGenerator: true } : {}),
    ...(sortFields ? { sortFields } : {}),
    ...(typeof o.userMode === 'string' ? { userMode: o.userMode } : {}),
    ...(typeof o.timestampSince === 'string' ? { timestampSince: o.timestampSince } : {}),
    ...(handlers ? { handlers, messages: o.messages as Record<string, string> } : {}),
    ...(typeof o.since === 'string' ? { since: o.since } : {}),
    ...(typeof o.until === 'string' ? { until: o.until } : {}),
  };
}

/** A rule's `sortFields`: {"int": regular expression of an int part, "fromNamespace"?: parameter name, "toNamespace"?: number}. */
function readSortFields(v: unknown, at: string): ConstraintRule['sortFields'] {
  if (v === undefined) return undefined;
  const o = v as Record<string, unknown>;
  if (
    typeof v !== 'object' ||
    v === null ||
    typeof o.int !== 'string' ||
    (o.fromNamespace !== undefined && typeof o.fromNamespace !== 'string') ||
    (o.toNamespace !== undefined && !Number.isInteger(o.toNamespace)) ||
    (o.namespace !== undefined && typeof o.namespace !== 'string')
  )
    throw new Error(
      `${at}: "sortFields" must be {"int": a regular expression, "fromNamespace"?: a parameter name, "toNamespace"?: a namespace number}.`,
    );
  let int: RegExp;
  try {
    int = new RegExp(`^(?:${o.int})$`);
  } catch {
    throw new Error(`${at}: "sortFields.int" is not a valid regular expression.`);
  }
  return {
    int,
    ...(typeof o.fromNamespace === 'string' ? { fromNamespace: o.fromNamespace } : {}),
    ...(typeof o.toNamespace === 'number' ? { toNamespace: o.toNamespace } : {}),
    ...(typeof o.namespace === 'string' ? { namespace: o.namespace } : {}),
  };
}

/** An anonymous rule's `account`: {"lacksRight": a right}, when given. */
function readAccount(o: Record<string, unknown>, at: string): { account: { lacksRight: string } } | undefined {
  if (o.account === undefined) return undefined;
  const a = o.account as { lacksRight?: unknown } | null;
  if (o.kind !== 'anonymous' || typeof a !== 'object' || a === null || typeof a.lacksRight !== 'string' || a.lacksRight === '')
    throw new Error(`${at}: "account" is for an anonymous rule: {"lacksRight": the right the signed-in account lacks}.`);
  return { account: { lacksRight: a.lacksRight } };
}

/** An anonymous rule's `lifted`: parameter names, at least one, when given. */
function readLifted(o: Record<string, unknown>, at: string): string[] | undefined {
  if (o.lifted === undefined) return undefined;
  if (!Array.isArray(o.lifted) || o.lifted.length === 0 || !o.lifted.every((p) => typeof p === 'string'))
    throw new Error(`${at}: "lifted" must list parameter names.`);
  return o.lifted as string[];
}

/** A rule's `when`: [{param, values?}, …], at least one. */
function readWhen(o: Record<string, unknown>, kind: ConstraintRule['kind'], at: string): RuleCondition[] {
  if (!Array.isArray(o.when) || o.when.length === 0) throw new Error(`${at}: a ${kind} rule needs "when": [{"param": …, "values"?: […]}].`);
  return o.when.map((c, j) => {
    const cc = c as Record<string, unknown>;
    if (typeof c !== 'object' || c === null || typeof cc.param !== 'string') throw new Error(`${at}: when[${j}] needs a "param" name.`);
    if (cc.values !== undefined && (!Array.isArray(cc.values) || !cc.values.every((v) => typeof v === 'string')))
      throw new Error(`${at}: when[${j}].values must be an array of strings.`);
    if (cc.absent !== undefined && (cc.absent !== true || cc.values !== undefined))
      throw new Error(`${at}: when[${j}].absent must be true, without "values".`);
    if (cc.absent === true) return { param: cc.param, absent: true };
    return cc.values ? { param: cc.param, values: cc.values as string[] } : { param: cc.param };
  });
}

/** The fields only some kinds have: when (missing/forbidden; optional on pattern), pattern, pairs (exclusiveValues), all (runtimeWarning). */
/** A `mediaHandler` rule's `handlers` (known handler → extensions) and `messages` (code → text); undefined for other kinds. */
function readHandlers(o: Record<string, unknown>, kind: string, at: string): Record<string, string[]> | undefined {
  if (kind !== 'mediaHandler') {
    if (o.handlers !== undefined || o.messages !== undefined)
      throw new Error(`${at}: "handlers" and "messages" are for a mediaHandler rule.`);
    return undefined;
  }
  const h = o.handlers;
  if (typeof h !== 'object' || h === null || Array.isArray(h) || Object.keys(h).length === 0)
    throw new Error(`${at}: a mediaHandler rule needs "handlers": {"BitmapHandler": ["png", …], …}.`);
  for (const [name, exts] of Object.entries(h)) {
    if (!isKnownHandler(name)) throw new Error(`${at}: "handlers" names ${name}, not a handler this checker mirrors.`);
    if (!Array.isArray(exts) || !exts.every((e) => typeof e === 'string' && /^[a-z0-9]+$/.test(e)))
      throw new Error(`${at}: "handlers".${name} must list file name extensions in lower case.`);
  }
  const m = o.messages;
  if (typeof m !== 'object' || m === null || !Object.values(m).every((v) => typeof v === 'string'))
    throw new Error(`${at}: a mediaHandler rule needs "messages": the server's message of each code.`);
  return h as Record<string, string[]>;
}

function readKindFields(
  o: Record<string, unknown>,
  kind: ConstraintRule['kind'],
  at: string,
): { when?: RuleCondition[]; pattern?: RegExp; pairs?: [string, string][]; all?: WarningCondition[] } {
  // missing/forbidden need `when`; a pattern may have one (it then holds only while a condition does).
  const when =
    CONDITIONAL.has(kind) || ((kind === 'pattern' || kind === 'anonymous' || kind === 'runtimeWarning') && o.when !== undefined)
      ? readWhen(o, kind, at)
      : undefined;
  let pattern: RegExp | undefined;
  if (kind === 'pattern') {
    try {
      pattern = new RegExp(String(o.pattern));
    } catch {
      throw new Error(`${at}: "pattern" must be a valid regular expression.`);
    }
    if (typeof o.pattern !== 'string') throw new Error(`${at}: a pattern rule needs "pattern" (a regular expression string).`);
  }
  let pairs: [string, string][] | undefined;
  if (kind === 'exclusiveValues') {
    if (
      !Array.isArray(o.pairs) ||
      o.pairs.length === 0 ||
      !o.pairs.every((x) => Array.isArray(x) && x.length === 2 && x.every((v) => typeof v === 'string'))
    ) {
      throw new Error(`${at}: an exclusiveValues rule needs "pairs": [["a", "!a"], …].`);
    }
    pairs = o.pairs as [string, string][];
  }
  let all: WarningCondition[] | undefined;
  if (kind === 'runtimeWarning') {
    if (
      !Array.isArray(o.all) ||
      o.all.length === 0 ||
      !o.all.every(
        (c) =>
          typeof c === 'object' &&
          c !== null &&
          (typeof (c as WarningCondition).param === 'string' || (c as WarningCondition).pages === 'several') &&
          ((c as WarningCondition).over === undefined ||
            (Array.isArray((c as WarningCondition).over) &&
              (c as WarningCondition).over!.length === 2 &&
              (c as WarningCondition).over!.every((n) => Number.isInteger(n)))),
      )
    ) {
      throw new Error(
        `${at}: a runtimeWarning rule needs "all": [{"param": …, "absent"?: true, "above"?: n, "over"?: [max, highmax]} or {"pages": "several"}].`,
      );
    }
    all = o.all as WarningCondition[];
    if (typeof o.code !== 'string') throw new Error(`${at}: a runtimeWarning rule needs the warning's "code".`);
  }
  return { when, pattern, pairs, all };
}
