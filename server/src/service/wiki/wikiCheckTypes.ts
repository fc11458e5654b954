/**
 * The context one query's check works on, shared by the validator (./wikiValidation.ts) and the
 * constraint rules (./wikiConstraints.ts) — a file of its own so that neither imports the other.
 */
import type { PresentParams } from './wikiPresentParams';
import type { DiagnosticTag } from 'vscode-languageserver-types';
import type { SeveritySetting } from '../languageTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { ParamLookup, WikiDiagnosticData, WikiModule, WikiParam, WikiQuery } from './wikiTypes';
import type { ValueItemScratch } from './wikiQueryParser';

/** A diagnostic with offsets relative to its query's start (what the cache keeps). */
export interface RelDiag {
  start: number;
  end: number;
  code: string;
  message: string;
  /** Default severity when it differs from the code's (e.g. outofrange with enforcerange). */
  severity?: Exclude<SeveritySetting, 'off'>;
  data: Omit<WikiDiagnosticData, 'removeRange'>;
  remove?: { start: number; end: number };
  tags?: DiagnosticTag[];
  /**
   * On the last diagnostic kept of a query's verdict cut at MAX_DOCUMENT_DIAGNOSTICS: the problems cut, counted per
   * code and default severity (a code the user turns off is then not counted).
   */
  notListed?: Array<{ code: string; severity?: Exclude<SeveritySetting, 'off'>; count: number }>;
}

/** Where a selected module was named (for diagnostics about the module as a whole). */
export interface ModuleUse {
  module: WikiModule;
  generator: boolean;
  /** Source range of its name in list=/prop=/meta=/generator=. */
  start: number;
  end: number;
  /** Wire prefix (`cm`, or `gcm` under generator). */
  wirePrefix: string;
}

/** Context of one query's check. */
export interface QueryCheck {
  text: string;
  query: WikiQuery;
  catalogue: WikiCatalogue;
  highLimits: boolean;
  /** The program sending the query logs in: verdicts only anonymous requests get are not given. */
  loggedIn: boolean;
  /** Hints and did-you-mean (skipped for very large documents). */
  full: boolean;
  out: RelDiag[];
  base: number;
  /**
   * The query's pairs that count, by name (`query.byName`, read once: the getter's first-use path, which splits
   * the parameters, is not compiled again into every hot function that looks a name up).
   */
  byName: ParamLookup;
  /** Recognised parameters: wire name → pair. */
  present: PresentParams;
  uses: ModuleUse[];
  /** The validator's item scratch (only checkParam fills it; nothing it calls splits values into it). */
  scratch: ValueItemScratch;
  /** The validator's scratch for the constraint rules that apply (only applyConstraints fills it). */
  ruleScratch: number[];
  /** Parameters whose value is already an error (worked out by the constraint check on its first report). */
  broken: Set<string> | undefined;
  /** Add a diagnostic (absolute offsets). */
  add(
    code: string,
    start: number,
    end: number,
    message: string,
    data: Omit<WikiDiagnosticData, 'removeRange'>,
    extra?: { remove?: { start: number; end: number }; severity?: Exclude<SeveritySetting, 'off'>; tags?: DiagnosticTag[] },
  ): void;
}

/**
 * What runChecks learns before judging the other parameters: which modules may read them. One
 * plain object per query, filled in as the checks go (no closure, no result objects).
 */
export interface ParamReaders {
  actionP: WikiParam | undefined;
  isQuery: boolean;
  actionModule: WikiModule | undefined;
  formatModule: WikiModule | undefined;
  /** The generator's use, if the query has one. */
  gen: ModuleUse | undefined;
  /** Every name valid in this query (for did-you-mean), gathered on first use (`namesForSuggestion`). */
  validNames: string[] | undefined;
}
