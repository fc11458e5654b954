/**
 * The LSP wiring of the editor features beyond completion and diagnostics: semantic tokens (full,
 * range, delta), inlay hints, folding ranges, selection ranges and formatting. Each handler hands the
 * parsed document to the pure service (see service/languageTypes.ts) and nothing more.
 */
import type { CheckedParams } from './requestParams';
import { DocumentFormattingRequest, type ClientCapabilities, type Connection, type ServerCapabilities } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import type { Range, SemanticTokens, SemanticTokensDelta } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService, LanguageSettings } from './service/languageTypes';
import { diffTokens, SEMANTIC_TOKENS_LEGEND } from './service/semanticTokens';
import { boundedTokens, MAX_TOKENS, MAX_TOKENS_CHARS } from './boundedTokens';
import { fileName } from './messages';
import { RecentlyUsed } from './recentlyUsed';
import { FIXED_LIMITS } from '../../common/settings';

/** Most inlay hints / folding ranges sent for one request. */
const MAX_ITEMS = 5000;

/**
 * Documents formatting is offered for: our own languages and files, not the embedded languages
 * (formatting there is markdown's, and a second markdown formatter would make VS Code ask which one).
 */
const FORMATTING_SELECTOR = [
  { language: 'wikiquery' },
  { language: 'mapquery' },
  { pattern: '**/*.wikiquery' },
  { pattern: '**/*.mapquery.json' },
];

/**
 * The capabilities of these features. Formatting is registered dynamically, for our documents only,
 * when the client supports that; otherwise it is announced for every document and answers nothing
 * for embedded ones.
 */
export function editorFeatureCapabilities(client: ClientCapabilities): ServerCapabilities {
  return {
    semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: { delta: true }, range: true },
    inlayHintProvider: { resolveProvider: false },
    foldingRangeProvider: true,
    selectionRangeProvider: true,
    ...(client.textDocument?.formatting?.dynamicRegistration === true ? {} : { documentFormattingProvider: true }),
  };
}

export interface FeatureContext {
  runSafe<T>(
    name: string,
    token: CancellationToken | undefined,
    work: () => T | Promise<T>,
    /** Its parameters, checked first (requestParams.ts): when wrong, `empty` is the answer and the log says why. */
    checked?: CheckedParams<T>,
  ): Promise<T | import('vscode-languageserver').ResponseError<never>>;
  withDocument<T>(
    uri: string,
    fallback: T,
    work: (p: { document: TextDocument; parsed: unknown }, service: LanguageService<unknown>) => T,
    /** Where a request is asked; over the parse budget only the lines around it are parsed. */
    at?: Range,
  ): T;
  /**
   * A whole-document answer (folding, inlay hints, formatting): `work` on the document, or empty (and the user told
   * once) when the document is over the size budget of such answers.
   */
  withWholeDocument<T>(uri: string, work: (p: { document: TextDocument; parsed: unknown }, service: LanguageService<unknown>) => T[]): T[];
  languageSettings(): LanguageSettings;
  /** Tells the user (the log and a warning window). */
  warn(message: string): void;
}

export interface EditorFeatures {
  /** Forget what was kept for a closed document (the last semantic tokens). */
  forget(uri: string): void;
  /** The client's capabilities (from `initialize`): which refresh requests it takes, dynamic registration. */
  setClientCapabilities(capabilities: ClientCapabilities): void;
  /** After `initialized`: dynamic registrations. */
  initialized(): void;
  /**
   * Settings or a catalogue changed, so tokens and hints may too (a value becomes an enum member, `max`
   * means another number): ask clients that support it to request them again.
   */
  refresh(): void;
}

/** Where a full answer starts: over the parse budget, only the lines around it are read. */
const TOP: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** What the user is told when a document's highlighting stops early (`data`: the tokens up to there). */
function highlightingCut(uri: string, data: number[]): string {
  const line = data.reduce((sum, n, i) => (i % 5 === 0 ? sum + n : sum), 0) + 1;
  return (
    `${fileName(uri)}: highlighting stops at line ${line}: one answer holds at most ${MAX_TOKENS.toLocaleString('en-US')} tokens ` +
    `read from ${MAX_TOKENS_CHARS.toLocaleString('en-US')} characters; past it the grammar's colours remain.`
  );
}

/** Semantic tokens: full, delta (against the last full answer per document) and range. Returns how to forget a document. */
function registerSemanticTokens(connection: Connection, ctx: FeatureContext): (uri: string) => void {
  /** The last full semantic tokens per document, for deltas. */
  const lastTokens = new Map<string, { resultId: string; data: number[] }>();
  /** Bounds lastTokens over all documents: a delta asked of a document whose tokens were dropped gets the full answer. */
  const keptTokens = new RecentlyUsed<string>(FIXED_LIMITS.tokenResultsKept, FIXED_LIMITS.tokenResultsNumbers, (uri) =>
    lastTokens.delete(uri),
  );
  /** Documents whose user was told their highlighting stops early. */
  const toldCut = new Set<string>();
  let nextResultId = 0;
  const remember = (uri: string, data: number[]): SemanticTokens => {
    const resultId = String(++nextResultId);
    lastTokens.set(uri, { resultId, data });
    keptTokens.use(uri, data.length);
    return { resultId, data };
  };
  /** The tokens of `range` (or all) within the budget (boundedTokens.ts); the user is told once per document when they stop early. */
  const tokensOf = (uri: string, p: { document: TextDocument; parsed: unknown }, service: LanguageService<unknown>, range?: Range) => {
    const { data, cut } = boundedTokens(p.document, (r) => service.getSemanticTokens(p.document, p.parsed, r), range);
    if (cut && !toldCut.has(uri)) {
      toldCut.add(uri);
      ctx.warn(highlightingCut(uri, data));
    }
    return data;
  };

  connection.languages.semanticTokens.on((params, token) =>
    ctx.runSafe<SemanticTokens>(
      'semanticTokens/full',
      token,
      () =>
        ctx.withDocument(
          params.textDocument.uri,
          { data: [] },
          (p, service) => remember(params.textDocument.uri, tokensOf(params.textDocument.uri, p, service)),
          TOP,
        ),
      { params, empty: { data: [] } },
    ),
  );

  connection.languages.semanticTokens.onDelta((params, token) =>
    ctx.runSafe<SemanticTokens | SemanticTokensDelta>(
      'semanticTokens/full/delta',
      token,
      () =>
        ctx.withDocument<SemanticTokens | SemanticTokensDelta>(
          params.textDocument.uri,
          { data: [] },
          (p, service) => {
            const uri = params.textDocument.uri;
            const previous = lastTokens.get(uri);
            const data = tokensOf(uri, p, service);
            if (!previous || previous.resultId !== params.previousResultId) return remember(uri, data);
            const edits = diffTokens(previous.data, data);
            const { resultId } = remember(uri, data);
            return { resultId, edits };
          },
          TOP,
        ),
      { params, empty: { data: [] } },
    ),
  );

  connection.languages.semanticTokens.onRange((params, token) =>
    ctx.runSafe<SemanticTokens>(
      'semanticTokens/range',
      token,
      () =>
        ctx.withDocument(
          params.textDocument.uri,
          { data: [] },
          (p, service) => ({ data: tokensOf(params.textDocument.uri, p, service, params.range) }),
          params.range,
        ),
      { params, needs: { range: true }, empty: { data: [] } },
    ),
  );

  return (uri) => {
    lastTokens.delete(uri);
    keptTokens.forget(uri);
    toldCut.delete(uri);
  };
}

export function registerEditorFeatures(connection: Connection, ctx: FeatureContext): EditorFeatures {
  const forgetTokens = registerSemanticTokens(connection, ctx);

  connection.languages.inlayHint.on((params, token) =>
    ctx.runSafe(
      'inlayHint',
      token,
      () =>
        ctx.withWholeDocument(params.textDocument.uri, (p, service) =>
          service.getInlayHints(p.document, p.parsed, params.range, ctx.languageSettings()).slice(0, MAX_ITEMS),
        ),
      { params, needs: { range: true }, empty: [] },
    ),
  );

  connection.onFoldingRanges((params, token) =>
    ctx.runSafe(
      'foldingRange',
      token,
      () =>
        ctx.withWholeDocument(params.textDocument.uri, (p, service) => service.getFoldingRanges(p.document, p.parsed).slice(0, MAX_ITEMS)),
      { params, empty: [] },
    ),
  );

  connection.onSelectionRanges((params, token) =>
    ctx.runSafe(
      'selectionRange',
      token,
      () =>
        ctx.withDocument(params.textDocument.uri, [], (p, service) =>
          service.getSelectionRanges(p.document, p.parsed, params.positions.slice(0, MAX_ITEMS)),
        ),
      { params, needs: { positions: true }, empty: [] },
    ),
  );

  connection.onDocumentFormatting((params, token) =>
    ctx.runSafe(
      'formatting',
      token,
      () =>
        ctx.withWholeDocument(params.textDocument.uri, (p, service) =>
          service.format(p.document, p.parsed, params.options ?? { tabSize: 2, insertSpaces: true }, ctx.languageSettings()),
        ),
      { params, empty: [] },
    ),
  );

  let refreshTokens = false;
  let refreshHints = false;
  let registerFormatting = false;
  return {
    forget: (uri) => forgetTokens(uri),
    setClientCapabilities(capabilities) {
      refreshTokens = capabilities.workspace?.semanticTokens?.refreshSupport === true;
      refreshHints = capabilities.workspace?.inlayHint?.refreshSupport === true;
      registerFormatting = capabilities.textDocument?.formatting?.dynamicRegistration === true;
    },
    initialized() {
      if (registerFormatting)
        connection.client.register(DocumentFormattingRequest.type, { documentSelector: FORMATTING_SELECTOR }).catch(() => undefined);
    },
    refresh() {
      if (refreshTokens) connection.languages.semanticTokens.refresh().catch(() => undefined);
      if (refreshHints) connection.languages.inlayHint.refresh().catch(() => undefined);
    },
  };
}
