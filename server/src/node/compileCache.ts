/**
 * Loading a bundle with V8's code cache: the first start compiles the bundle as usual and writes
 * V8's cached data to a per-user cache folder; later starts hand it to V8 and skip most of the
 * parsing and compiling (~10 ms of a server start, docs/performance.md). Node ≥ 22.1 has this built in
 * (`module.enableCompileCache`); doing it here serves every Node version the package supports.
 *
 * Safe by default: the cache is only read from and written to a folder of the user's own (owned by
 * them, not writable by group or others, on POSIX), its file name carries a hash of the bundle's
 * text and the Node version and architecture (V8 checks only the length of the text), and any
 * failure — no folder, a read-only home, a corrupt or foreign file — falls back to loading the
 * bundle as usual. Nothing here may stop the bundle from running, nor run it twice.
 *
 * `WIKIMAP_QUERY_COMPILE_CACHE`: the folder to use (`off` or empty: no cache); else
 * `wikimap-query/compile-cache` in the platform's user cache folder. `WIKIMAP_QUERY_TRACE_START=1` writes one line to stderr saying what happened.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { userCacheDir } from './userCacheDir';

/** How long after start the cache is written (functions compiled by then are in it); the timer never keeps the process alive. */
const WRITE_DELAY_MS = 1000;
/** Cache files of other bundle versions are removed once this old. */
const STALE_MS = 7 * 24 * 3600 * 1000;

/** What a load did with the cache (for the trace line and the tests). */
export type CacheOutcome = 'off' | 'unsafe-folder' | 'used' | 'rejected' | 'missing' | 'failed';

/** The cache folder: `WIKIMAP_QUERY_COMPILE_CACHE`, else `compile-cache` in the user's cache folder (userCacheDir.ts); undefined when turned off. */
export function compileCacheDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home = os.homedir(),
): string | undefined {
  const set = env.WIKIMAP_QUERY_COMPILE_CACHE;
  if (set !== undefined) return set === '' || set === 'off' ? undefined : path.resolve(set);
  const base = userCacheDir(env, platform, home);
  return base === undefined ? undefined : path.join(base, 'compile-cache');
}

/** Whether `p` (a folder or file) is the user's own and writable by nobody else (always true where POSIX modes do not apply). */
function ownedByUser(st: fs.Stats): boolean {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return true;
  return st.uid === process.getuid() && (st.mode & 0o022) === 0;
}

/** The cache folder made (mode 0700) and checked, or undefined when it cannot be used safely. */
function safeFolder(dir: string): string | undefined {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = fs.lstatSync(dir);
    return st.isDirectory() && ownedByUser(st) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cache file of this bundle text at this path under this Node: the hash changes with any of them. The path
 * counts because V8 keeps the file name of the compile that made the cache: two installs sharing one cache
 * entry had stack traces name the other install's files.
 */
function cacheFileOf(dir: string, file: string, source: string): string {
  const hash = crypto
    .createHash('sha256')
    .update(process.version)
    .update(process.arch)
    .update(path.resolve(file))
    .update('\0')
    .update(source)
    .digest('hex')
    .slice(0, 24);
  return path.join(dir, `${path.basename(file, '.js')}-${hash}.v8cache`);
}

function readCache(cacheFile: string): Buffer | undefined {
  try {
    const st = fs.lstatSync(cacheFile);
    if (!st.isFile() || !ownedByUser(st)) return undefined;
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Left for the next start (a rejected cache is rejected again, harmlessly).
  }
}

/** Writes the cache beside its final name and renames it (a reader never sees half a file); removes stale files of other versions. */
function writeCache(data: Buffer, cacheFile: string, trace: (line: string) => void): void {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data, { mode: 0o600 });
    fs.renameSync(tmp, cacheFile);
    trace(`compile cache written: ${cacheFile}`);
  } catch (e) {
    removeQuietly(tmp);
    trace(`compile cache not written (${e instanceof Error ? e.message : String(e)})`);
    return;
  }
  try {
    const dir = path.dirname(cacheFile);
    const prefix = `${path.basename(cacheFile).replace(/-[0-9a-f]+\.v8cache$/, '')}-`;
    for (const name of fs.readdirSync(dir)) {
      if (!name.startsWith(prefix) || path.join(dir, name) === cacheFile) continue;
      const other = path.join(dir, name);
      if (Date.now() - fs.statSync(other).mtimeMs > STALE_MS) fs.rmSync(other, { force: true });
    }
  } catch {
    // Tidying is best effort.
  }
}

export interface CompileCacheOptions {
  /** When a missing cache is written: `soon` (a second after start, off the start's path: the server), or `exit` (a short-lived command). */
  writeWhen: 'soon' | 'exit';
  trace?: (line: string) => void;
}

/** The parameters Node gives a CommonJS module's code. */
const COMMONJS_PARAMS = ['exports', 'require', 'module', '__filename', '__dirname'];

type ModuleFunction = ((exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void) & {
  cachedData?: Buffer;
  cachedDataRejected?: boolean;
};

/**
 * Runs the CommonJS bundle `file` (as `require(file)` would, once), with the code cache of `dir`
 * when it can be used. Returns what happened with the cache.
 *
 * The bundle is compiled as a function (`vm.compileFunction`, as Node's own loader does); its cache is
 * what V8 produces when compiling it. (A cache made after a run with `vm.Script#createCachedData` also
 * holds the functions compiled while running and saves a few milliseconds more, but the server then
 * used ~2.5 MB more memory: docs/performance.md.) A rejected cache (another build, a corrupt file) is
 * removed; the next start writes a new one.
 *
 * The bundles it requires on first use from its own folder (scripts/build.js LAZY_CHUNKS: the map service,
 * the service of source files, the host parsers) are loaded the same way, each with a cache file of its own,
 * once: before, Node compiled them from scratch on every start that needed them.
 */
export function runWithCompileCache(file: string, dir: string | undefined, options: CompileCacheOptions): CacheOutcome {
  const trace = options.trace ?? (() => undefined);
  const folder = dir === undefined ? undefined : safeFolder(dir);
  const loaded = new Map<string, LoadedModule>();
  const requireFor = (from: string): NodeJS.Require =>
    folder === undefined ? createRequire(from) : chunkRequire(from, folder, options, loaded, requireFor);
  const { outcome } = loadWithCache(file, dir === undefined ? 'off' : 'unsafe-folder', folder, options, requireFor, loaded);
  trace(`compile cache: ${outcome}${folder ? ` (${folder})` : ''}`);
  return outcome;
}

/** A module loaded with the cache: its exports so far while it runs, all of them once it ran. */
interface LoadedModule {
  exports: unknown;
  filename: string;
  id: string;
  loaded: boolean;
}

/**
 * Loads `file` as a CommonJS module with the cache of `folder` (Node's own `require` when that fails or there is
 * no folder, `noFolder` then being the outcome). Answers the module's exports and what happened with the cache.
 *
 * The module is recorded in `loaded` before it runs, as Node records a module in its cache: a chunk that
 * requires it back while it runs (a cycle) gets its exports so far, never a second run (nor an endless
 * recursion). A module that throws is forgotten, as Node forgets it.
 */
function loadWithCache(
  file: string,
  noFolder: CacheOutcome,
  folder: string | undefined,
  options: CompileCacheOptions,
  requireFor: (from: string) => NodeJS.Require,
  loaded: Map<string, LoadedModule>,
): { outcome: CacheOutcome; exports: unknown } {
  const trace = options.trace ?? (() => undefined);
  let compiled: { fn: ModuleFunction; cacheFile: string } | undefined;
  let outcome: CacheOutcome = noFolder;
  if (folder !== undefined) {
    try {
      const source = fs.readFileSync(file, 'utf8');
      const cacheFile = cacheFileOf(folder, file, source);
      const cachedData = readCache(cacheFile);
      const fn = vm.compileFunction(source, COMMONJS_PARAMS, {
        filename: file,
        cachedData,
        produceCachedData: cachedData === undefined,
      }) as ModuleFunction;
      outcome = cachedData === undefined ? 'missing' : fn.cachedDataRejected ? 'rejected' : 'used';
      compiled = { fn, cacheFile };
    } catch (e) {
      outcome = 'failed';
      trace(`compile cache not used (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  if (compiled === undefined) {
    // The usual way: Node compiles the bundle.
    return { outcome, exports: createRequire(file)(file) };
  }
  const { fn, cacheFile } = compiled;
  if (outcome === 'rejected') removeQuietly(cacheFile);
  const produced = outcome === 'missing' ? fn.cachedData : undefined;
  if (produced !== undefined) {
    const write = () => writeCache(produced, cacheFile, trace);
    if (options.writeWhen === 'exit') process.once('exit', write);
    else setTimeout(write, WRITE_DELAY_MS).unref();
  }
  const mod: LoadedModule = { exports: {}, filename: file, id: file, loaded: false };
  loaded.set(file, mod);
  try {
    fn.call(mod.exports, mod.exports, requireFor(file), mod, file, path.dirname(file));
  } catch (e) {
    loaded.delete(file);
    throw e;
  }
  mod.loaded = true;
  return { outcome, exports: mod.exports };
}

/**
 * The `require` handed to a bundle run with the cache: a `.js` file beside the bundle (one of its lazy chunks,
 * required by a relative or a computed absolute path) is loaded with the cache, once; anything else (Node's
 * modules) goes to Node's own `require`.
 */
function chunkRequire(
  from: string,
  folder: string,
  options: CompileCacheOptions,
  loaded: Map<string, LoadedModule>,
  requireFor: (from: string) => NodeJS.Require,
): NodeJS.Require {
  const node = createRequire(from);
  const here = path.dirname(from);
  const chunkRequired = (id: string): unknown => {
    if (id.startsWith('./') || path.isAbsolute(id)) {
      const target = path.resolve(here, id);
      // Loaded, or loading (a cycle): its exports as they are now, as Node's `require` answers.
      const known = loaded.get(target);
      if (known !== undefined) return known.exports;
      if (path.dirname(target) === here && target.endsWith('.js') && fs.existsSync(target)) {
        const { outcome, exports } = loadWithCache(target, 'off', folder, options, requireFor, loaded);
        options.trace?.(`compile cache of ${path.basename(target)}: ${outcome}`);
        return exports;
      }
    }
    return node(id);
  };
  return Object.assign(chunkRequired, {
    resolve: node.resolve,
    cache: node.cache,
    main: node.main,
    extensions: node.extensions,
  }) as NodeJS.Require;
}
