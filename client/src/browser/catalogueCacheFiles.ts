/**
 * The web extension keeps the language server's live catalogue cache (`wikimapQuery/catalogueCacheFile`):
 * a server in a Web Worker has no files, so the client keeps them in the extension's global storage
 * through VS Code's file system, the folder the desktop's server writes to itself. A cache file is named
 * `host-hash-version.json`; any other name (a path, `..`) is refused, so the server can reach no other
 * file. How many files and how large is the server's catalogue store's to bound, as on the desktop.
 */
import * as vscode from 'vscode';
import type { CatalogueCacheFileParams, CatalogueCacheFileResult } from '../../../common/protocol';

/** The names the catalogue cache makes (server/src/catalogue/catalogueCache.ts `cacheFileName`). */
const CACHE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9.-]{0,199}\.json$/;

const isCacheFile = (name: string) => CACHE_FILE_NAME.test(name) && !name.includes('..');

function fileIn(folder: vscode.Uri, name: string | undefined): vscode.Uri {
  if (typeof name !== 'string' || !isCacheFile(name)) throw new Error(`not a catalogue cache file name: ${JSON.stringify(name)}`);
  return vscode.Uri.joinPath(folder, name);
}

/** Undefined when the file (or folder) does not exist; other errors go to the server. */
async function unlessMissing<T>(work: () => Thenable<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') return undefined;
    throw err;
  }
}

/** The handler of `wikimapQuery/catalogueCacheFile` for the files in `folder`. */
export function catalogueCacheFileHandler(folder: vscode.Uri): (params: CatalogueCacheFileParams) => Promise<CatalogueCacheFileResult> {
  const fs = vscode.workspace.fs;
  return async (params) => {
    switch (params.op) {
      case 'list': {
        const entries = (await unlessMissing(() => fs.readDirectory(folder))) ?? [];
        return { names: entries.filter(([name, type]) => type === vscode.FileType.File && isCacheFile(name)).map(([name]) => name) };
      }
      case 'read': {
        const bytes = await unlessMissing(() => fs.readFile(fileIn(folder, params.name)));
        return bytes ? { text: new TextDecoder('utf-8').decode(bytes) } : {};
      }
      case 'stat': {
        const stat = await unlessMissing(() => fs.stat(fileIn(folder, params.name)));
        return stat ? { size: stat.size, mtime: stat.mtime } : {};
      }
      case 'write':
        if (typeof params.text !== 'string') throw new Error('a catalogue cache write needs its text');
        await fs.createDirectory(folder);
        await fs.writeFile(fileIn(folder, params.name), new TextEncoder().encode(params.text));
        return {};
      case 'remove':
        await unlessMissing(() => fs.delete(fileIn(folder, params.name)));
        return {};
      default:
        throw new Error(`unknown catalogue cache operation ${JSON.stringify((params as { op?: unknown }).op)}`);
    }
  };
}
