/**
 * The wiki query language service: one facade over the parser, the validator and the features
 * (completion, hover, code actions, symbols, links, runnable queries), in the shape of
 * `LanguageService` (see ../languageTypes.ts and docs/architecture.md, "Layers").
 *
 * A document is parsed once per version (`parse` caches by URI, version and text) and the parsed
 * tree is handed to every feature. A new version of the same URI is re-parsed from the previous
 * one: only the queries around the change are scanned again, the others keep their verdicts, so a
 * keystroke in a large document costs about one query plus a pass over the query list. Each query is judged by the catalogue of its own wiki:
 * `resolveCatalogue(query.apiUrl)` (bare queries: `resolveCatalogue(undefined)`, the default wiki).
 */
import type { CodeAction, CompletionList, Diagnostic, DocumentLink, DocumentSymbol, Hover, Range } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService, LanguageSettings, RunnableQuery } from '../languageTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiCursorContext, WikiDocument, WikiQuery } from './wikiTypes';
import { parseWikiDocument, reparseWikiDocument } from './wikiQueryParser';
import { getCursorContext } from './wikiCursor';
import { createWikiValidator } from './wikiValidator';
import { findWikiDocumentLinks, findWikiDocumentSymbols } from './wikiSymbols';
import { WIKI_LANGUAGE_ID } from '../../../../common/protocol';
import { getWikiSemanticTokens } from './wikiSemanticTokens';
import { getWikiInlayHints } from './wikiInlayHints';
import { getWikiFoldingRanges } from './wikiFolding';
import { getWikiSelectionRanges } from './wikiSelectionRanges';
import { formatWikiDocument } from './wikiFormatting';
import { toRange } from './wikiRanges';

export interface WikiLanguageServiceOptions {
  /** The catalogue a query naming `apiUrl` is judged by (undefined: a bare query, the default wiki). */
  resolveCatalogue: (apiUrl?: string) => WikiCatalogue;
}

/** The facade, plus what the server and tests need beyond `LanguageService`. */
export interface WikiLanguageService extends LanguageService<WikiDocument> {
  /** What the cursor at `offset` is on (the same answer completion and hover use). */
  getCursorContext(parsed: WikiDocument, offset: number): WikiCursorContext;
  /** The catalogue a query is judged by. */
  getCatalogue(query?: WikiQuery): WikiCatalogue;
  /** How many query verdicts this service's validator took from its cache and how many it computed, since the last clear. */
  getValidationCacheStats(): { hits: number; misses: number };
  /** Forget this service's cached verdicts (e.g. after a catalogue reload). */
  clearValidationCache(): void;
}

/** The language id whose documents hold only wiki queries; any other language is read in embedded mode. */
export { WIKI_LANGUAGE_ID };

/**
 * Parse text as a `.wikiquery` document, or with `embedded` only the URLs containing `api.php?`
 * (for markdown and the other `wikimapQuery.embeddedLanguages`).
 */
export function parse(text: string, options: { embedded?: boolean } = {}): WikiDocument {
  return parseWikiDocument(text, { embedded: !!options.embedded });
}

type WikiFeaturesModule = typeof import('./wikiFeatures');
let features: WikiFeaturesModule | undefined;

/** Completion, hover and code actions (wikiFeatures.ts), loaded at the first call: a bundle of their own. */
function wikiFeatures(): WikiFeaturesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use on purpose
  return (features ??= require('./wikiFeatures') as WikiFeaturesModule);
}

/** The query `warmUpWikiFeatures` completes: a parameter name of a query module, the common path of completion. */
const WARM_UP_QUERY = 'action=query&list=allpages&ap';

/**
 * Loads completion, hover and code actions (their chunk) and completes a small query of its own once against `catalogue`,
 * without documentation (made only when asked for, so the built-in version facts stay unread): the code a user's first
 * completion runs is then read and compiled. For an idle server, before the user asks.
 */
export function warmUpWikiFeatures(catalogue: WikiCatalogue): void {
  const document = TextDocument.create('wikimap-query:warm-up', WIKI_LANGUAGE_ID, 1, WARM_UP_QUERY);
  const context = getCursorContext(parse(WARM_UP_QUERY), WARM_UP_QUERY.length);
  wikiFeatures().doWikiComplete(document, context, WARM_UP_QUERY.length, catalogue, { lazyCompletionDocumentation: true });
}

/** Parsed documents kept per URI (most recently parsed last); a few are enough for an editor. */
const PARSE_CACHE_SIZE = 32;

export function getWikiLanguageService(options: WikiLanguageServiceOptions): WikiLanguageService {
  const { resolveCatalogue } = options;
  const cache = new Map<string, { version: number; text: string; embedded: boolean; parsed: WikiDocument }>();
  /** This service's validator: its verdict cache is the service's own. */
  const validator = createWikiValidator();
  const carry = (previous: WikiDocument) => (next: WikiDocument, from: number, to: number, count: number) =>
    validator.carry(previous, next, from, to, count);

  const catalogueOf = (query?: WikiQuery) => resolveCatalogue(query?.apiUrl);

  const service: WikiLanguageService = {
    parse(document: TextDocument): WikiDocument {
      const text = document.getText();
      const embedded = document.languageId !== WIKI_LANGUAGE_ID;
      const hit = cache.get(document.uri);
      if (hit && hit.version === document.version && hit.embedded === embedded && hit.text === text) return hit.parsed;
      // A new version of a document parsed before: scan again only around what changed.
      const parsed =
        hit && !embedded && !hit.embedded ? reparseWikiDocument(hit.parsed, text, carry(hit.parsed)) : parse(text, { embedded });
      cache.delete(document.uri);
      cache.set(document.uri, { version: document.version, text, embedded, parsed });
      if (cache.size > PARSE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return parsed;
    },

    doValidation(document: TextDocument, parsed: WikiDocument, settings?: LanguageSettings): Diagnostic[] {
      return validator.validate(parsed, resolveCatalogue, settings ?? {}, document);
    },

    doComplete(document: TextDocument, parsed: WikiDocument, offset: number, settings?: LanguageSettings): CompletionList {
      const context = getCursorContext(parsed, offset);
      const query = 'query' in context ? context.query : undefined;
      return wikiFeatures().doWikiComplete(document, context, offset, catalogueOf(query), settings);
    },

    doHover(document: TextDocument, parsed: WikiDocument, offset: number, settings?: LanguageSettings): Hover | null {
      const context = getCursorContext(parsed, offset);
      if (!('query' in context) || !context.query) return null;
      return wikiFeatures().doWikiHover(document, context, catalogueOf(context.query), settings);
    },

    doCodeActions(
      document: TextDocument,
      parsed: WikiDocument,
      range: Range,
      diagnostics: Diagnostic[],
      settings?: LanguageSettings,
    ): CodeAction[] {
      return wikiFeatures().doWikiCodeActions(document, parsed, range, diagnostics, resolveCatalogue, settings, validator);
    },

    findDocumentSymbols(document: TextDocument, parsed: WikiDocument): DocumentSymbol[] {
      return findWikiDocumentSymbols(document, parsed);
    },

    findDocumentLinks(document: TextDocument, parsed: WikiDocument): DocumentLink[] {
      return findWikiDocumentLinks(document, parsed);
    },

    getRunnableQueries(document: TextDocument, parsed: WikiDocument): RunnableQuery[] {
      const rangeOf = (r: { start: number; end: number }): Range => toRange(document, r);
      return parsed.queries.map((query): RunnableQuery => {
        const counted = query.params.filter((p) => !p.overridden && p.name !== '');
        return {
          kind: 'wiki',
          range: rangeOf(query.range),
          apiUrl: query.apiUrl,
          params: counted.map((p): [string, string] => [p.name, p.value]),
          paramRanges: counted.map((p) => ({ name: p.name, nameRange: rangeOf(p.nameRange), valueRange: rangeOf(p.valueRange) })),
        };
      });
    },

    getSemanticTokens: (document, parsed, range) => getWikiSemanticTokens(document, parsed, resolveCatalogue, range),
    getInlayHints: (document, parsed, range, settings) => getWikiInlayHints(document, parsed, range, resolveCatalogue, settings),
    getFoldingRanges: (document, parsed) => getWikiFoldingRanges(document, parsed),
    getSelectionRanges: (document, parsed, positions) => getWikiSelectionRanges(document, parsed, positions),
    format: (document, parsed, _options, settings) => formatWikiDocument(document, parsed, settings?.queryLayout),

    getCursorContext(parsed: WikiDocument, offset: number): WikiCursorContext {
      return getCursorContext(parsed, offset);
    },

    getCatalogue: catalogueOf,
    getValidationCacheStats: () => validator.stats(),
    clearValidationCache: () => validator.clear(),
  };
  return service;
}
