/**
 * The package files of the web build: `descriptors/**` bundled into the worker by scripts/build.js
 * (the module `wikimap-query:package-files`, relative path → text), read through the same
 * `PackageFiles` interface the node runtime serves from disk.
 */
import type { PackageFiles } from '../runtime';

export function createBundledPackageFiles(files: Readonly<Record<string, string>>): PackageFiles {
  return {
    readText(relativePath) {
      const text = files[relativePath];
      if (text === undefined) throw new Error(`${relativePath} is not in the web build; rebuild it (npm run build).`);
      return text;
    },
    list(relativeDir) {
      const prefix = relativeDir.replace(/\/$/, '') + '/';
      const names = new Set<string>();
      for (const path of Object.keys(files)) {
        if (path.startsWith(prefix) && !path.slice(prefix.length).includes('/')) names.add(path.slice(prefix.length));
      }
      return [...names].sort();
    },
  };
}
