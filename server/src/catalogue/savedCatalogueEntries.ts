/**
 * Entries of `wikimapQuery.wikis` that are saved catalogue files (`wikimap-query catalogue save … -o FILE`)
 * instead of api.php URLs: told apart from the URLs, their paths resolved (absolute, or relative to the
 * workspace folder), and dropped with a reason where they may not be read (an untrusted workspace: a
 * workspace's settings may name any file; a host without files, a browser).
 */

/** An entry that is a saved catalogue file: its name, the path as written, the absolute path and its `file:` URI. */
export interface SavedCatalogueEntry {
  name: string;
  value: string;
  path: string;
  uri: string;
}

export interface SplitWikis {
  /** name → api.php URL (or whatever is not a file: the store says why it cannot be used). */
  urls: Record<string, string>;
  /** The saved catalogue files that may be read. */
  files: SavedCatalogueEntry[];
  /** Why an entry that is a file is not read, one sentence each. */
  problems: string[];
}

/** A value with a URL scheme (`https://`, `ftp://`) is a URL; anything else (`catalogues/intranet.json`, `C:\…`) a file path. */
function isCatalogueFileValue(value: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim());
}

function splitWikis(
  wikis: Record<string, string>,
  how: {
    trusted: boolean;
    /** The host's path resolution (absent where files cannot be read). */
    resolve?(value: string): { path: string; uri: string } | undefined;
  },
): SplitWikis {
  const out: SplitWikis = { urls: {}, files: [], problems: [] };
  for (const [name, value] of Object.entries(wikis)) {
    if (!isCatalogueFileValue(value)) {
      out.urls[name] = value;
      continue;
    }
    const what = `wikimapQuery.wikis["${name}"] (${JSON.stringify(value)}, a saved catalogue file)`;
    if (!how.resolve) {
      out.problems.push(`${what} is not read here: saved catalogue files are read by the desktop language server only`);
    } else if (!how.trusted) {
      out.problems.push(`${what} is not read in a workspace you do not trust`);
    } else {
      const resolved = how.resolve(value);
      if (resolved) out.files.push({ name, value, ...resolved });
      else out.problems.push(`${what} is a relative path, and no workspace folder is open to resolve it against: write an absolute path`);
    }
  }
  return out;
}

/** Clients encode file URIs differently (`%3A`, `%20`): compared decoded. */
function decodedUri(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/**
 * The saved catalogue files of the settings in use: split from the URLs at each settings change, each
 * reason an entry is not read said once (`log`).
 */
export class SavedCatalogueFiles {
  private current: SavedCatalogueEntry[] = [];
  private readonly told = new Set<string>();

  constructor(private readonly log: (message: string) => void) {}

  /** The entries of `wikis` split; the files that may be read are kept. */
  apply(wikis: Record<string, string>, how: Parameters<typeof splitWikis>[1]): SplitWikis {
    const split = splitWikis(wikis, how);
    for (const problem of split.problems.filter((p) => !this.told.has(p))) {
      this.told.add(problem);
      this.log(`Wiki Query: ${problem}.`);
    }
    this.current = split.files;
    return split;
  }

  get entries(): readonly SavedCatalogueEntry[] {
    return this.current;
  }

  has(name: string): boolean {
    return this.current.some((f) => f.name === name);
  }

  /** The entry whose file a `file:` URI names, if any. */
  byUri(uri: string): SavedCatalogueEntry | undefined {
    const wanted = decodedUri(uri);
    return this.current.find((f) => decodedUri(f.uri) === wanted);
  }
}
