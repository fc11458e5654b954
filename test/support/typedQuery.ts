/**
 * A query text read as "Run Query…" reads it: the wiki language service parses the text as a
 * `wikiquery` document (what the server answers to `wikimapQuery/runnableQueries` with `text`), and
 * the client's `requestOfTypedQuery` makes the request. For tests that start from a query text.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { requestOfTypedQuery, type WikiParams } from '../../run/wiki/wikiRequest';
import { getWikiLanguageService } from '../../server/src/service/wiki/wikiLanguageService';
import { builtinCatalogue } from '../unit/wiki/helpers';

let service: ReturnType<typeof getWikiLanguageService> | undefined;

export function typedQuery(text: string): { apiUrl?: string; params: WikiParams } {
  service ??= getWikiLanguageService({ resolveCatalogue: builtinCatalogue });
  const document = TextDocument.create('untitled:run-query.wikiquery', 'wikiquery', 1, text);
  return requestOfTypedQuery(service.getRunnableQueries(document, service.parse(document)));
}
