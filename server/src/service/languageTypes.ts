/**
 * Types shared by the pure language services (wiki queries and map queries).
 *
 * The pure layer imports nothing from `vscode`, `vscode-languageserver` (only the
 * `-types` and `-textdocument` packages), `fs` or the network: everything it needs
 * is handed in. Positions and ranges are LSP's (0-based line / UTF-16 character).
 */
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  FormattingOptions,
  Hover,
  InlayHint,
  Position,
  Range,
  SelectionRange,
  TextEdit,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { QueryLayout, SeveritySetting } from '../../../common/settings';

export type { TextDocument };
export type { CodeAction, CompletionList, Diagnostic, DocumentLink, DocumentSymbol, Hover, Range };

/** Severity setting for one diagnostic code; `off` hides it (from the settings table, common/settings.ts). */
export type { SeveritySetting };
import type { RunnableQuery } from '../../../common/queryTypes';
export type { RunnableParamRange, RunnableQuery } from '../../../common/queryTypes';

/** Settings every language service understands (mirrors `wikimapQuery.*`). */
export interface LanguageSettings {
  /** `wikimapQuery.wiki.highLimits`: the account has `apihighlimits`. */
  highLimits?: boolean;
  /** `wikimapQuery.wiki.loggedIn`: the program sending the queries logs in (verdicts given only to anonymous requests are not shown). */
  loggedIn?: boolean;
  /** `wikimapQuery.diagnostics.severity`: per-code severity overrides. */
  severity?: Record<string, SeveritySetting>;
  /** Documents larger than this many characters get fewer checks (said once). */
  maxFullCheckSize?: number;
  /** `wikimapQuery.format.queryLayout`: how formatting lays out wiki queries. */
  queryLayout?: QueryLayout;
  /**
   * Completion items carry the maker of their documentation instead of it (completionDocumentation.ts): set by
   * the language server for a client that resolves items; not a setting a user gives.
   */
  lazyCompletionDocumentation?: boolean;
}

/** A range in a document as offsets; cheap to keep on parsed nodes. */
export interface OffsetRange {
  start: number;
  end: number;
}

/** The facade each pure language service offers (see docs/architecture.md, "Layers"). */
export interface LanguageService<Parsed> {
  /** Parse once per document version; every feature takes the parsed result. */
  parse(document: TextDocument): Parsed;
  doValidation(document: TextDocument, parsed: Parsed, settings?: LanguageSettings): Diagnostic[];
  doComplete(document: TextDocument, parsed: Parsed, offset: number, settings?: LanguageSettings): CompletionList;
  doHover(document: TextDocument, parsed: Parsed, offset: number, settings?: LanguageSettings): Hover | null;
  doCodeActions(document: TextDocument, parsed: Parsed, range: Range, diagnostics: Diagnostic[], settings?: LanguageSettings): CodeAction[];
  findDocumentSymbols(document: TextDocument, parsed: Parsed): DocumentSymbol[];
  findDocumentLinks(document: TextDocument, parsed: Parsed): DocumentLink[];
  /** Queries that can be run (Run lens, run commands). */
  getRunnableQueries(document: TextDocument, parsed: Parsed): RunnableQuery[];
  /** Semantic tokens in LSP's encoding (legend: semanticTokens.ts), of the whole document or of `range`. */
  getSemanticTokens(document: TextDocument, parsed: Parsed, range?: Range): number[];
  getInlayHints(document: TextDocument, parsed: Parsed, range: Range, settings?: LanguageSettings): InlayHint[];
  getFoldingRanges(document: TextDocument, parsed: Parsed): FoldingRange[];
  getSelectionRanges(document: TextDocument, parsed: Parsed, positions: Position[]): SelectionRange[];
  format(document: TextDocument, parsed: Parsed, options: FormattingOptions, settings?: LanguageSettings): TextEdit[];
}
