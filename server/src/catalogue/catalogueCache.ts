/**
 * The disk cache of live catalogues: one JSON file per wiki and version, so a wiki is fetched once
 * per MediaWiki upgrade instead of at every start. File name:
 *   <host>-<hash of the api.php URL>-<version>.json      e.g. 127.0.0.1-8080-3f9a1c0e2b7d4a61-MediaWiki-1.39.17.json
 * A file is validated when read (format tag, URL, version, the answers' shape); a corrupt or foreign
 * file is reported and ignored, so the caller fetches again and overwrites it.
 *
 * File access enters through `CatalogueFiles`, so tests and other hosts can supply their own.
 */
import type { LiveCatalogueData } from './liveCatalogueFetcher';

/** The few file operations the cache needs (node's are in `nodeCatalogueFiles.ts`). */
export interface CatalogueFiles {
  /**
   * Text of a file, or undefined when it does not exist. With `maxBytes`, a file that is not a regular
   * file (a FIFO, a device) or holds more bytes is refused (rejects), never read whole.
   */
  readText(path: string, maxBytes?: number): Promise<string | undefined>;
  /** Writes a file whole (atomically where possible), creating its folder. */
  writeText(path: string, text: string): Promise<void>;
  /** File names (not paths) in a folder; empty when the folder does not exist. */
  list(dir: string): Promise<string[]>;
  remove(path: string): Promise<void>;
  /** Size in bytes, or undefined when unknown; a file over the cache's cap is not read. */
  size?(path: string): Promise<number | undefined>;
  /** Last modification (ms since epoch), or undefined when unknown; without it the cache is not trimmed. */
  mtime?(path: string): Promise<number | undefined>;
  join(dir: string, name: string): string;
}

export const CACHE_FORMAT = 'wikimap-query/catalogue-cache';
/**
 * 2: the paraminfo covers every module (main, each action and format, query and its submodules);
 * version 1 files hold main, query and the query submodules only, and are fetched again.
 */
const CACHE_FORMAT_VERSION = 2;

interface CacheFile extends LiveCatalogueData {
  format: typeof CACHE_FORMAT;
  formatVersion: number;
}

/** FNV-1a, 64 bits as hex: a stable short name for a URL (no crypto module needed). */
function hashUrl(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

function safePart(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'x'
  );
}

/** Prefix shared by every cache file of one wiki (any version). */
function cacheFilePrefix(apiUrl: string): string {
  const host = (() => {
    try {
      return new URL(apiUrl).host;
    } catch {
      return 'wiki';
    }
  })();
  return `${safePart(host)}-${hashUrl(apiUrl)}-`;
}

export function cacheFileName(apiUrl: string, generator: string): string {
  return `${cacheFilePrefix(apiUrl)}${safePart(generator)}.json`;
}

export type CacheRead =
  { kind: 'hit'; data: LiveCatalogueData; file: string } | { kind: 'miss' } | { kind: 'corrupt'; file: string; reason: string };

/**
 * The text of a catalogue file (a cache file, or a snapshot written by `wikimap-query catalogue
 * save`): the wiki's answers with the format tag; `--catalogue FILE` and the store read it back.
 */
export function catalogueFileText(data: LiveCatalogueData, indent?: number): string {
  const body: CacheFile = { format: CACHE_FORMAT, formatVersion: CACHE_FORMAT_VERSION, ...data };
  return JSON.stringify(body, undefined, indent);
}

export class CatalogueCache {
  constructor(
    private readonly dir: string,
    private readonly files: CatalogueFiles,
    /** Largest cache file written or read (the catalogue budget, `wikimapQuery.wiki.maxCatalogueMB`); none when absent. */
    private readonly maxFileBytes?: () => number | undefined,
  ) {}

  fileFor(apiUrl: string, generator: string): string {
    return this.files.join(this.dir, cacheFileName(apiUrl, generator));
  }

  /** The cached data of that wiki at that version. */
  async read(apiUrl: string, generator: string): Promise<CacheRead> {
    return this.readFile(this.fileFor(apiUrl, generator), apiUrl, generator);
  }

  /** The most recently fetched cached data of that wiki, whatever its version (used when the wiki is down). */
  async readNewest(apiUrl: string): Promise<CacheRead> {
    const prefix = cacheFilePrefix(apiUrl);
    const names = (await this.files.list(this.dir)).filter((n) => n.startsWith(prefix) && n.endsWith('.json'));
    let best: CacheRead = { kind: 'miss' };
    for (const name of names) {
      const r = await this.readFile(this.files.join(this.dir, name), apiUrl, undefined);
      if (r.kind !== 'hit') continue;
      if (best.kind !== 'hit' || r.data.fetchedAt > best.data.fetchedAt) best = r;
    }
    return best;
  }

  async write(data: LiveCatalogueData): Promise<string> {
    const file = this.fileFor(data.apiUrl, data.generator);
    const text = catalogueFileText(data);
    const cap = this.maxFileBytes?.();
    if (cap !== undefined && text.length > cap) {
      throw new Error(
        `the catalogue of ${data.apiUrl} is ${Math.ceil(text.length / 1048576)} MB as a cache file, over the cap of ${Math.round(cap / 1048576)} MB (wikimapQuery.wiki.maxCatalogueMB); it is not cached`,
      );
    }
    await this.files.writeText(file, text);
    return file;
  }

  async remove(file: string): Promise<void> {
    await this.files.remove(file);
  }

  /** Removes every cache file of that wiki, whatever its version. Returns the files removed. */
  async removeWiki(apiUrl: string): Promise<string[]> {
    const prefix = cacheFilePrefix(apiUrl);
    const names = (await this.files.list(this.dir).catch(() => [] as string[])).filter((n) => n.startsWith(prefix) && n.endsWith('.json'));
    const gone: string[] = [];
    for (const name of names) {
      const file = this.files.join(this.dir, name);
      await this.files.remove(file).then(
        () => gone.push(file),
        () => undefined,
      );
    }
    return gone;
  }

  /** Keeps at most `maxFiles` cache files, removing the oldest written first. Returns the files removed. */
  async evict(maxFiles: number): Promise<string[]> {
    const mtime = this.files.mtime?.bind(this.files);
    if (!mtime) return [];
    const names = (await this.files.list(this.dir)).filter((n) => n.endsWith('.json'));
    if (names.length <= maxFiles) return [];
    const dated = await Promise.all(
      names.map(async (n) => ({
        file: this.files.join(this.dir, n),
        at: (await mtime(this.files.join(this.dir, n)).catch(() => undefined)) ?? 0,
      })),
    );
    dated.sort((a, b) => a.at - b.at);
    const gone = dated.slice(0, dated.length - maxFiles).map((d) => d.file);
    for (const file of gone) await this.files.remove(file).catch(() => undefined);
    return gone;
  }

  private async readFile(file: string, apiUrl: string, generator: string | undefined): Promise<CacheRead> {
    const cap = this.maxFileBytes?.();
    const size = cap === undefined ? undefined : await this.files.size?.(file).catch(() => undefined);
    if (cap !== undefined && size !== undefined && size > cap) {
      return {
        kind: 'corrupt',
        file,
        reason: `it is ${Math.ceil(size / 1048576)} MB, over the cap of ${Math.round(cap / 1048576)} MB (wikimapQuery.wiki.maxCatalogueMB)`,
      };
    }
    let text: string | undefined;
    try {
      text = await this.files.readText(file);
    } catch (err) {
      return { kind: 'corrupt', file, reason: `cannot read it (${(err as Error).message})` };
    }
    if (text === undefined) return { kind: 'miss' };
    let json: Partial<CacheFile>;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'corrupt', file, reason: 'it is not valid JSON' };
    }
    const reason = checkCacheFile(json, apiUrl, generator);
    if (reason) return { kind: 'corrupt', file, reason };
    const { format: _f, formatVersion: _v, ...data } = json as CacheFile;
    return { kind: 'hit', data, file };
  }
}

/** Why a parsed cache file cannot be used, or undefined when it can. */
function checkCacheFile(json: Partial<CacheFile>, apiUrl: string, generator: string | undefined): string | undefined {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'it is not a JSON object';
  if (json.format !== CACHE_FORMAT) return `it is not a catalogue cache file (format ${JSON.stringify(json.format)})`;
  if (json.formatVersion !== CACHE_FORMAT_VERSION)
    return `it has cache format version ${json.formatVersion}, expected ${CACHE_FORMAT_VERSION}`;
  if (json.apiUrl !== apiUrl) return `it belongs to another wiki (${json.apiUrl})`;
  if (typeof json.generator !== 'string') return 'it has no wiki version';
  if (generator !== undefined && json.generator !== generator) return `it is for ${json.generator}, not ${generator}`;
  if (typeof json.fetchedAt !== 'string') return 'it has no fetch date';
  if (!Array.isArray(json.paraminfo) || json.paraminfo.length === 0) return 'it has no paraminfo';
  for (const answer of json.paraminfo) {
    const mods = (answer as { paraminfo?: { modules?: unknown } })?.paraminfo?.modules;
    if (!Array.isArray(mods)) return 'its paraminfo has no module list';
  }
  const ns = (json.siteinfo as { query?: { namespaces?: unknown } })?.query?.namespaces;
  if (!ns || typeof ns !== 'object') return 'its siteinfo has no namespaces';
  return undefined;
}
