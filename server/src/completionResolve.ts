/**
 * `completionItem/resolve`: for a client that declares `documentation` resolvable
 * (`completionItem.resolveSupport.properties`, as VS Code does), completion is asked of the services with
 * `lazyCompletionDocumentation` (service/completionDocumentation.ts): the list is sent without its items'
 * documentation, and each item's is made when the client asks for it, so a list of a module's parameters no
 * longer describes every one of them. Other clients get every item's documentation in the list, as before.
 */
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';
import { documentationMaker } from './service/completionDocumentation';
import { isObject } from '../../common/isObject';

/** The key of an item's `data` that names its documentation: [list number, item number]. */
const KEY = 'wikimapQueryDocumentation';
/** The last lists whose items can be resolved (the editor shows one; a newer one may be on its way). */
const LISTS_KEPT = 4;

export class CompletionDocumentation {
  private count = 0;
  private readonly lists = new Map<number, Array<() => MarkupContent | undefined>>();

  /** Keeps the documentation makers of `items` (a list about to be sent, without them); each such item's `data` names its maker. */
  defer(items: readonly CompletionItem[]): void {
    const list = ++this.count;
    const makers: Array<() => MarkupContent | undefined> = [];
    for (const item of items) {
      const make = documentationMaker(item);
      if (!make || item.documentation !== undefined) continue;
      if (item.data !== undefined) {
        item.documentation = make();
        continue;
      }
      item.data = { [KEY]: [list, makers.length] };
      makers.push(make);
    }
    if (!makers.length) return;
    this.lists.set(list, makers);
    for (const old of this.lists.keys()) if (this.lists.size > LISTS_KEPT) this.lists.delete(old);
  }

  /** `item` with its documentation, when it names one of the lists kept; otherwise `item` as it came. */
  resolve(item: CompletionItem): CompletionItem {
    const ref: unknown = isObject(item) && isObject(item.data) ? item.data[KEY] : undefined;
    if (!Array.isArray(ref) || ref.length !== 2 || !Number.isInteger(ref[0]) || !Number.isInteger(ref[1])) return item;
    const make = this.lists.get(ref[0])?.[ref[1]];
    const documentation = make?.();
    return documentation === undefined ? item : { ...item, documentation };
  }
}
