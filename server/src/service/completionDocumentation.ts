/**
 * The documentation of a completion item, made when it is first read. A list of parameter names or
 * modules gives each item its description (a few hundred bytes of Markdown, with its version line);
 * the editor shows one at a time. Read as usual (a consumer, JSON), the item has its documentation; the
 * language server takes the maker off instead, for a client that resolves items
 * (`completionItem/resolve`), and makes the documentation of the one item the client asks about.
 */
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';

/** `item` with `documentation` made by `make` on first read (then kept as a plain value). */
export function withLazyDocumentation(item: CompletionItem, make: () => MarkupContent | undefined): CompletionItem {
  Object.defineProperty(item, 'documentation', {
    enumerable: true,
    configurable: true,
    get(): MarkupContent | undefined {
      const value = make();
      Object.defineProperty(item, 'documentation', { value, enumerable: true, configurable: true, writable: true });
      return value;
    },
  });
  return item;
}

/**
 * The maker of `item`'s documentation when it is not made yet (the item is then left without it), or
 * undefined: the documentation is a plain value, or absent.
 */
export function takeDocumentationMaker(item: CompletionItem): (() => MarkupContent | undefined) | undefined {
  const own = Object.getOwnPropertyDescriptor(item, 'documentation');
  if (!own?.get) return undefined;
  const get = own.get;
  delete item.documentation;
  return () => get.call(item) as MarkupContent | undefined;
}
