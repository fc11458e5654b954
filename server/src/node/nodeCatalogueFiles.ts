/**
 * Node's file access for the catalogue store: the disk cache and saved paraminfo files.
 * Writes go to a temporary file first and are renamed into place, so a crash or a second server
 * writing the same wiki's cache never leaves half a file behind.
 */
import { constants as fsConstants } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { CatalogueFiles } from '../catalogue/catalogueCache';
import { userCacheDir } from './userCacheDir';

/**
 * At most `maxBytes` of a regular file, as text. Opened without blocking (a FIFO would wait for a writer)
 * and checked on the open handle, so a FIFO, a device (`/dev/zero`) or a file that grew past the budget
 * since it was measured is refused without reading more than `maxBytes + 1` bytes.
 */
export async function readBounded(file: string, maxBytes: number): Promise<string> {
  const handle = await fs.open(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw Object.assign(new Error('not a regular file'), { code: 'ENOTFILE' });
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, maxBytes + 1 - length));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > maxBytes) throw Object.assign(new Error(`over ${maxBytes} bytes`), { code: 'EFBIG' });
    }
    return Buffer.concat(chunks, length).toString('utf8');
  } finally {
    await handle.close();
  }
}

export const nodeCatalogueFiles: CatalogueFiles = {
  async readText(file, maxBytes) {
    try {
      return maxBytes === undefined ? await fs.readFile(file, 'utf8') : await readBounded(file, maxBytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  },
  async writeText(file, text) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, text, 'utf8');
    await fs.rename(tmp, file);
  },
  async list(dir) {
    try {
      return await fs.readdir(dir);
    } catch {
      return [];
    }
  },
  async remove(file) {
    await fs.rm(file, { force: true });
  },
  async size(file) {
    try {
      return (await fs.stat(file)).size;
    } catch {
      return undefined;
    }
  },
  async mtime(file) {
    try {
      return (await fs.stat(file)).mtimeMs;
    } catch {
      return undefined;
    }
  },
  join: (dir, name) => path.join(dir, name),
};

/**
 * The default cache folder when the host gives none: `wikimap-query` in the user's cache folder
 * (`$XDG_CACHE_HOME` or `~/.cache` on Linux, userCacheDir.ts); the editor passes its global storage
 * folder instead.
 */
export function defaultCatalogueCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  // (No home folder: no disk cache, rather than one in a folder other users can write to.)
  return userCacheDir(env);
}
