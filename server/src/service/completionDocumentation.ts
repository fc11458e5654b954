/**
 * Completion documentation made later. A list of parameter names or modules gives each item its description
 * (a few hundred bytes of Markdown, with its version line); the editor shows one at a time. With
 * `lazyCompletionDocumentation` (which the language server sets for a client that resolves items,
 * `completionItem/resolve`), an item carries the maker of its documentation under a symbol instead (not sent:
 * JSON leaves symbols out; copied with the item by a spread), and the server makes the one the client asks for.
 * Without it, the documentation is made at once, as before.
 */
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';
import type { LanguageSettings } from './languageTypes';

/** The key of the maker (one key for every copy of this module a bundle or chunk carries). */
const MAKER: unique symbol = Symbol.for('wikimapQuery.completionDocumentation') as never;

type WithMaker = CompletionItem & { [MAKER]?: () => MarkupContent | undefined };

/** `item` with its documentation made by `make`: now, or when asked for (`settings.lazyCompletionDocumentation`). */
export function withDocumentation(
  item: CompletionItem,
  make: () => MarkupContent | undefined,
  settings?: LanguageSettings,
): CompletionItem {
  if (settings?.lazyCompletionDocumentation) (item as WithMaker)[MAKER] = make;
  else item.documentation = make();
  return item;
}

/** The maker of `item`'s documentation, when it was left to be made later; undefined otherwise. */
export function documentationMaker(item: CompletionItem): (() => MarkupContent | undefined) | undefined {
  const make = (item as WithMaker)[MAKER];
  return typeof make === 'function' ? make : undefined;
}
