/**
 * Catalogues for `wikimap-query check --catalogue`: a saved `action=paraminfo` file or a wiki's
 * api.php URL, loaded through the same catalogue store the editor uses (disk cache included).
 */
import type { PackageFiles } from '../runtime';
import type { WikiCatalogue } from '../service/wiki/wikiCatalogue';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { createNodeCatalogueStore } from './nodeRuntime';
import { catalogueFileText } from '../catalogue/catalogueCache';
import type { CatalogueSnapshot } from '../cli/checkCommand';

export function createCliCatalogueLoader(files: PackageFiles, log: (message: string, kind?: 'info' | 'warning') => void) {
  let store: CatalogueStore | undefined;
  return {
    load(spec: string, builtin: WikiCatalogue, limits: { maxBytes?: number } = {}): Promise<WikiCatalogue> {
      store ??= createNodeCatalogueStore(files, { builtin, log, maxBytes: limits.maxBytes ? () => limits.maxBytes! : undefined });
      return store.load(spec);
    },
    async snapshot(apiUrl: string, builtin: WikiCatalogue, limits: { maxBytes?: number } = {}): Promise<CatalogueSnapshot> {
      store ??= createNodeCatalogueStore(files, { builtin, log, maxBytes: limits.maxBytes ? () => limits.maxBytes! : undefined });
      const { data, catalogue } = await store.snapshot(apiUrl);
      const query = (data.siteinfo as { query?: { general?: { sitename?: unknown }; extensions?: unknown } } | undefined)?.query;
      return {
        text: catalogueFileText(data, 1),
        apiUrl: data.apiUrl,
        generator: data.generator,
        sitename: typeof query?.general?.sitename === 'string' ? query.general.sitename : undefined,
        modules: catalogue.modules.length,
        namespaces: catalogue.namespaces.length,
        extensions: Array.isArray(query?.extensions) ? query.extensions.length : 0,
      };
    },
    dispose(): void {
      store?.dispose();
    },
  };
}
