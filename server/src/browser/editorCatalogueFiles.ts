/**
 * The catalogue cache of the web build, kept by the editor: a browser worker has no files, so each
 * operation is asked of the client (`wikimapQuery/catalogueCacheFile`), which keeps the files in the
 * extension's global storage through VS Code's file system — so a wiki's catalogue survives a reload
 * of the page as it does on the desktop. The cache's bounds (file count, file size) are the catalogue
 * store's, the same as on the desktop; the client is handed file names only, never paths.
 */
import type { CatalogueCacheFileParams, CatalogueCacheFileResult } from '../../../common/protocol';
import type { CatalogueFiles } from '../catalogue/catalogueCache';

export type CatalogueCacheFileSender = (params: CatalogueCacheFileParams) => Promise<CatalogueCacheFileResult | null | undefined>;

/** The file name of a cache path made by `join` (the one cache folder has no subfolders). */
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export function editorCatalogueFiles(send: CatalogueCacheFileSender): CatalogueFiles {
  const ask = async (params: CatalogueCacheFileParams): Promise<CatalogueCacheFileResult> => (await send(params)) ?? {};
  return {
    readText: async (path) => (await ask({ op: 'read', name: nameOf(path) })).text,
    async writeText(path, text) {
      await ask({ op: 'write', name: nameOf(path), text });
    },
    list: async () => (await ask({ op: 'list' })).names ?? [],
    async remove(path) {
      await ask({ op: 'remove', name: nameOf(path) });
    },
    size: async (path) => (await ask({ op: 'stat', name: nameOf(path) })).size,
    mtime: async (path) => (await ask({ op: 'stat', name: nameOf(path) })).mtime,
    join: (dir, name) => `${dir}/${name}`,
  };
}
