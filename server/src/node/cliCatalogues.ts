/**
 * Catalogues for `wikimap-query check --catalogue`: a saved `action=paraminfo` file or a wiki's
 * api.php URL, loaded through the same catalogue store the editor uses (disk cache included).
 */
import type { PackageFiles } from '../runtime';
import type { WikiCatalogue } from '../service/wiki/wikiCatalogue';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { createNodeCatalogueStore } from './nodeRuntime';

export function createCliCatalogueLoader(files: PackageFiles, log: (message: string, kind?: 'info' | 'warning') => void) {
  let store: CatalogueStore | undefined;
  return {
    load(spec: string, builtin: WikiCatalogue, limits: { maxBytes?: number } = {}): Promise<WikiCatalogue> {
      store ??= createNodeCatalogueStore(files, { builtin, log, maxBytes: limits.maxBytes ? () => limits.maxBytes! : undefined });
      return store.load(spec);
    },
    dispose(): void {
      store?.dispose();
    },
  };
}
