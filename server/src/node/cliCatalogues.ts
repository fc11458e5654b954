/**
 * Catalogues for `wikimap-query check --catalogue`: a saved `action=paraminfo` file or a wiki's
 * api.php URL, loaded through the same catalogue store the editor uses (disk cache included).
 */
import type { CatalogueLimits, CatalogueStoreOptions, PackageFiles } from '../runtime';
import type { WikiCatalogue } from '../service/wiki/wikiCatalogue';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { createNodeCatalogueStore } from './nodeRuntime';
import { savedCatalogueText } from '../catalogue/savedCatalogueText';
import { settingSpec } from '../../../common/settings';
import { catalogueUserAgent } from '../catalogue/catalogueStore';
import { CLI_CATALOGUE_ADVICE } from '../catalogue/catalogueAdvice';
import { packageVersion } from '../packageData';
import { lazyNodeTransport } from './lazyNodeTransport';
import { signedInTransport, type WikiSecret } from '../../../run/wiki/wikiAuth';
import type { CatalogueSnapshot } from '../cli/checkCommand';

/** The store options that apply the command line's limits (each absent one: the setting's default). */
function limitOptions(limits: CatalogueLimits): Pick<CatalogueStoreOptions, 'maxBytes' | 'maxFollowUps' | 'timeoutMs'> {
  const { maxBytes, maxFollowUps, timeoutMs } = limits;
  return {
    maxBytes: maxBytes ? () => maxBytes : undefined,
    maxFollowUps: maxFollowUps !== undefined ? () => maxFollowUps : undefined,
    timeoutMs: timeoutMs ? () => timeoutMs : undefined,
  };
}

export function createCliCatalogueLoader(files: PackageFiles, log: (message: string, kind?: 'info' | 'warning') => void) {
  let store: CatalogueStore | undefined;
  return {
    async load(spec: string, builtin: WikiCatalogue, limits: CatalogueLimits = {}, secret?: WikiSecret): Promise<WikiCatalogue> {
      if (secret) {
        // Signed in: a store of its own whose transport signs that wiki's requests (and no disk cache).
        const signed = createNodeCatalogueStore(
          files,
          { builtin, log, advice: CLI_CATALOGUE_ADVICE, ...limitOptions(limits), cacheDir: '', signedInToAll: true },
          signedInTransport(lazyNodeTransport, { apiUrl: spec, secret, userAgent: catalogueUserAgent(packageVersion(files)) }),
        );
        return signed.load(spec).finally(() => signed.dispose());
      }
      store ??= createNodeCatalogueStore(files, { builtin, log, advice: CLI_CATALOGUE_ADVICE, ...limitOptions(limits) });
      return store.load(spec);
    },
    async snapshot(apiUrl: string, builtin: WikiCatalogue, limits: CatalogueLimits = {}, secret?: WikiSecret): Promise<CatalogueSnapshot> {
      // Signed in: a store of its own whose transport signs that wiki's requests (and no disk cache).
      const snapshotStore = secret
        ? createNodeCatalogueStore(
            files,
            { builtin, log, advice: CLI_CATALOGUE_ADVICE, ...limitOptions(limits), cacheDir: '', signedInToAll: true },
            signedInTransport(lazyNodeTransport, { apiUrl, secret, userAgent: catalogueUserAgent(packageVersion(files)) }),
          )
        : (store ??= createNodeCatalogueStore(files, { builtin, log, advice: CLI_CATALOGUE_ADVICE, ...limitOptions(limits) }));
      const { data, catalogue } = await snapshotStore.snapshot(apiUrl).finally(() => {
        if (secret) snapshotStore.dispose();
      });
      const query = (data.siteinfo as { query?: { general?: { sitename?: unknown }; extensions?: unknown } } | undefined)?.query;
      // A saved catalogue is read back with the catalogue budget: no larger file is written.
      const saved = savedCatalogueText(data, limits.maxBytes ?? (settingSpec('wiki.maxCatalogueMB').default as number) * 1024 * 1024);
      return {
        text: saved.text,
        helpUrlsLeftOut: saved.helpUrlsLeftOut,
        compact: saved.compact,
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
