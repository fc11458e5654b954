/**
 * The catalogue cache of the web build: in the worker's memory (a browser worker has no files), for
 * the session. Bounded: past `maxBytes` of text in all, the oldest entries go first, so a few large
 * wikis never grow the worker without end (each answer is already capped by the catalogue store).
 */
import type { CatalogueFiles } from '../catalogue/catalogueCache';

interface Entry {
  text: string;
  at: number;
}

export function memoryCatalogueFiles(maxBytes: number, now: () => number = Date.now): CatalogueFiles {
  const entries = new Map<string, Entry>();
  let total = 0;
  let clock = 0;
  const remove = (path: string) => {
    const old = entries.get(path);
    if (old) total -= old.text.length * 2;
    entries.delete(path);
  };
  return {
    readText: async (path) => entries.get(path)?.text,
    async writeText(path, text) {
      remove(path);
      // Strictly increasing times, so that the cache's own trimming (by mtime) keeps the newest.
      clock = Math.max(clock + 1, now());
      entries.set(path, { text, at: clock });
      total += text.length * 2;
      for (const [oldest] of entries) {
        if (total <= maxBytes || oldest === path) break;
        remove(oldest);
      }
    },
    async list(dir) {
      const prefix = `${dir}/`;
      return [...entries.keys()].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
    },
    remove: async (path) => remove(path),
    mtime: async (path) => entries.get(path)?.at,
    join: (dir, name) => `${dir}/${name}`,
  };
}
