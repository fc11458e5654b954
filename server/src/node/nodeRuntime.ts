/**
 * The node runtime: package files from disk, node timers. Shared by the server process and the CLI.
 * Data files are read at run time from the installed package, never bundled into the JavaScript: by the
 * bundles, from the run-time copies the build writes beside them (`dist/descriptors/`: the same data without
 * the rules' documentation fields, compact, ASCII; scripts/lib/runtimeData.js); from the sources (tests under
 * tsx), from `descriptors/` itself.
 */
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';
import type { CatalogueStoreAccess, CatalogueStoreOptions, PackageFiles, ServerRuntime, Timers } from '../runtime';
import { loadRepoConfig, type RepoConfig, type RepoConfigFiles } from '../repoConfig';
import { CatalogueStore, catalogueUserAgent } from '../catalogue/catalogueStore';
import { defaultCatalogueCacheDir, nodeCatalogueFiles } from './nodeCatalogueFiles';
import { liveCatalogueData, packageVersion } from '../packageData';
import { lazyHostFinder } from './lazyHostFinder';
import { lazyNodeTransport } from './lazyNodeTransport';
import type { HttpTransport } from '../../../run/transport';
import { lazyPerWikiSignInTransport } from '../catalogue/lazyCatalogueNetwork';
import { signedInBy } from '../../../run/wiki/wikiSecrets';

/** Per request to a wiki when fetching its catalogue. */

/**
 * The package root: the nearest folder above this file holding `package.json` and `descriptors/`.
 * From the bundle that is `dist/..`; from the sources (tests under tsx) it is the repository root.
 */
function findPackageRoot(start: string = __dirname): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'descriptors'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.join(__dirname, '..');
    dir = parent;
  }
}

/**
 * Where `descriptors/…` is read from: a bundle running from the package's `dist/` reads the run-time copies the
 * build wrote there (`dist/descriptors/`); the sources read the package's `descriptors/`.
 */
function dataRoot(root: string): string {
  const dist = path.join(root, 'dist');
  return path.resolve(__dirname) === path.resolve(dist) && fs.existsSync(path.join(dist, 'descriptors')) ? dist : root;
}

export function createPackageFiles(root: string = findPackageRoot()): PackageFiles {
  const data = dataRoot(root);
  const at = (relativePath: string) => path.join(relativePath.split('/')[0] === 'descriptors' ? data : root, ...relativePath.split('/'));
  return {
    readText(relativePath) {
      const file = at(relativePath);
      try {
        return fs.readFileSync(file, 'utf8');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        throw new Error(
          `Cannot read ${relativePath} from the package at ${root} (${code ?? String(err)}); reinstall the package or run the build.`,
          { cause: err },
        );
      }
    },
    readBytes(relativePath) {
      return fs.readFileSync(at(relativePath));
    },
    list(relativeDir) {
      try {
        return fs.readdirSync(at(relativeDir));
      } catch {
        return [];
      }
    },
  };
}

export const nodeTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    return { dispose: () => clearTimeout(handle) };
  },
  setImmediate(callback) {
    const handle = setImmediate(callback);
    return { dispose: () => clearImmediate(handle) };
  },
};

/** The live catalogue store of `catalogue/catalogueStore.ts`, fed with the package's core and constraints data. */
export function createNodeCatalogueStore(
  files: PackageFiles,
  options: CatalogueStoreOptions,
  transport: HttpTransport = lazyNodeTransport,
): CatalogueStore {
  const userAgent = catalogueUserAgent(packageVersion(files));
  // Signed in from the editor: each configured wiki's requests carry that wiki's own secret.
  const signing = options.secretFor ? lazyPerWikiSignInTransport(transport, options.secretFor, userAgent) : transport;
  return new CatalogueStore({
    builtin: options.builtin,
    cacheDir: options.cacheDir ?? defaultCatalogueCacheDir(),
    files: nodeCatalogueFiles,
    userAgent,
    timeoutMs: options.timeoutMs,
    log: options.log,
    shouldFetch: options.shouldFetch,
    allowPrivate: options.allowPrivate,
    transport: signing,
    maxBytes: options.maxBytes,
    maxFollowUps: options.maxFollowUps,
    readDeniedHelp: options.readDeniedHelp,
    advice: options.advice,
    signedIn: options.signedInToAll ? async () => true : signedInBy(options.secretFor),
    ...liveCatalogueData(files),
  });
}

export function createNodeRuntime(): ServerRuntime {
  const files = createPackageFiles();
  return {
    files,
    timers: nodeTimers,
    version: packageVersion(files),
    createCatalogueStore: (options): CatalogueStoreAccess => createNodeCatalogueStore(files, options),
    repoConfig: readRepoConfigOfFolder,
    catalogueFilePath,
    transport: lazyNodeTransport,
    hostFinder: lazyHostFinder(files),
  };
}

/** How the repository config file is looked for and read on disk. */
const diskFiles: RepoConfigFiles = {
  kind(p) {
    try {
      const st = fs.statSync(p);
      return st.isFile() ? 'file' : st.isDirectory() ? 'directory' : undefined;
    } catch {
      return undefined;
    }
  },
  readFile: (p) => fs.readFileSync(p, 'utf8'),
  join: (...parts) => path.join(...parts),
  size: (p) => fs.statSync(p).size,
};

/** The `.wikimapquery.json` that applies to a workspace folder (a `file:` URI), read; undefined for other URIs. */
function readRepoConfigOfFolder(folderUri: string): RepoConfig | undefined {
  let dir: string;
  try {
    dir = fileURLToPath(folderUri);
  } catch {
    return undefined;
  }
  return loadRepoConfig(dir, diskFiles);
}

/** A saved catalogue file of `wikimapQuery.wikis`: absolute as given, or relative to the workspace folder (a `file:` URI). */
function catalogueFilePath(value: string, folderUri: string | undefined): { path: string; uri: string } | undefined {
  let file = value.trim();
  if (file.startsWith('~/') && process.env.HOME) file = path.join(process.env.HOME, file.slice(2));
  if (!path.isAbsolute(file)) {
    if (!folderUri?.startsWith('file:')) return undefined;
    try {
      file = path.join(fileURLToPath(folderUri), file);
    } catch {
      return undefined;
    }
  }
  const resolved = path.resolve(file);
  return { path: resolved, uri: pathToFileURL(resolved).href };
}
