/**
 * Host-language parsing for the embedded requests: web-tree-sitter 0.25 with the prebuilt grammar
 * WASM files of the npm package tree-sitter-wasms, Lua's from its grammar's own package (docs/architecture.md,
 * "Requests in source code").
 * The runtime and each grammar load lazily, on the first file of their language; a language without
 * a grammar (Perl) and a file too large to parse are read by the lexer-only finder.
 */
import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { PackageFiles } from '../runtime';
import { grammarPackageFile, type HostLanguage } from '../service/embedded/hostLanguages';
import { findRequests, mayHoldRequest, type FoundRequest } from '../service/embedded/requestFinder';
import { findUrlLiterals } from '../service/embedded/lexerFinder';
import { SOURCE_FILE_LIMITS } from '../../../common/sourceFileLimits';
import { renameImports } from './wasmImports';
import { KeptTrees } from './keptTrees';

/** Files larger than this many UTF-16 units are read by the lexer only (a parse would take seconds); said by sourceLimits.ts. */
const MAX_PARSE_CHARS = SOURCE_FILE_LIMITS.parsedChars;

/** Where the WASM files are: shipped in dist/grammars, or (from the sources) in node_modules. */
const RUNTIME_LOCATIONS = ['dist/grammars/tree-sitter.wasm', 'node_modules/web-tree-sitter/tree-sitter.wasm'];
const grammarLocations = (lang: HostLanguage) => [
  `dist/grammars/tree-sitter-${lang.grammar}.wasm`,
  `node_modules/${grammarPackageFile(lang)}`,
];

/** Whether bytes can be read at all (the WASM files); where not, source files are read by the lexer. */
const readsBytes = (files: PackageFiles) => !!(files.readBytes ?? files.loadBytes);

/** Why the shipped file (the first place) could not be read; the others are where the sources keep it. */
const cannotRead = (paths: string[], first: unknown) =>
  new Error(`cannot read ${paths[0]}: ${first instanceof Error ? first.message : String(first)}`);

/** The first of `paths` that can be read with `files.readBytes` (synchronous: Node). */
function readFirstNow(files: PackageFiles, paths: string[]): Uint8Array {
  let first: unknown;
  for (const p of paths) {
    try {
      return files.readBytes!(p);
    } catch (err) {
      first ??= err;
    }
  }
  throw cannotRead(paths, first);
}

async function readFirst(files: PackageFiles, paths: string[]): Promise<Uint8Array> {
  if (files.readBytes) return readFirstNow(files, paths);
  let first: unknown;
  for (const p of paths) {
    try {
      return await files.loadBytes!(p);
    } catch (err) {
      first ??= err;
    }
  }
  throw cannotRead(paths, first);
}

/** Whether text looks binary (a NUL in its first 8 KB). */
function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\0');
}

/**
 * WebAssembly instantiated at once on this thread. V8's asynchronous `WebAssembly.instantiate(bytes)`
 * hands the module to background threads and resolves when they are done; on a busy machine the
 * thread that waits sat idle for seconds per grammar (`check DIR` spent a quarter of its time so),
 * while compiling here takes milliseconds (V8 compiles the functions lazily, when first called).
 * Node only: a browser may refuse large synchronous compiles on its main thread.
 */
/** The part of the WebAssembly API used here (the project's type libraries do not declare it). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports?: object) => object;
  instantiate: unknown;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
/** Modules compiled elsewhere (another thread: `CompiledGrammars`) for the bytes a load is about to instantiate. */
const compiledFor = new WeakMap<Uint8Array, object>();
const instantiateNow = (bytes: Uint8Array, imports?: object) => {
  const module = compiledFor.get(bytes) ?? new wasmApi.Module(bytes);
  return Promise.resolve({ module, instance: new wasmApi.Instance(module, imports) });
};
const inNode = typeof process !== 'undefined' && !!process.versions?.node;
const asyncInstantiate = wasmApi.instantiate;
let nowDepth = 0;

/** Runs `load` (web-tree-sitter's Language.load, which has no synchronous form) with `instantiateNow` in place. */
async function instantiatingNow<T>(load: () => Promise<T>): Promise<T> {
  if (!inNode) return load();
  if (nowDepth++ === 0) wasmApi.instantiate = instantiateNow;
  try {
    return await load();
  } finally {
    if (--nowDepth === 0) wasmApi.instantiate = asyncInstantiate;
  }
}

/**
 * WebAssembly modules compiled once for several threads (Node's worker threads share a module posted
 * to them): the runtime's and each grammar's, by grammar name. V8 compiles a module's functions when
 * first called and compiles the busiest again, optimized, as they run; each thread compiling the same
 * bytes itself did all that again (`check DIR` spent most of its parse time warming up a copy per thread).
 */
export interface CompiledGrammars {
  runtime: object;
  grammars: Record<string, object>;
}

/** The runtime and the grammars of `langs`, compiled (lazily: V8 compiles each function on first call) to be shared. */
export function compileGrammars(files: PackageFiles, langs: readonly HostLanguage[]): CompiledGrammars | undefined {
  if (!inNode || !files.readBytes) return undefined;
  const grammars: Record<string, object> = {};
  for (const lang of langs)
    if (lang.grammar && !(lang.grammar in grammars))
      grammars[lang.grammar] = new wasmApi.Module(renameImports(readFirstNow(files, grammarLocations(lang))));
  return { runtime: new wasmApi.Module(readFirstNow(files, RUNTIME_LOCATIONS)), grammars };
}

export class HostParsers {
  private init: Promise<void> | undefined;
  private readonly parsers = new Map<string, Promise<Parser>>();
  private readonly ready = new Map<string, Parser>();
  /** Languages whose grammar (or the runtime) failed to load. */
  private readonly failed = new Set<string>();
  /** The last tree of each open document that was parsed with a key (the server's): its next parse is incremental. */
  private readonly kept = new KeptTrees();

  /** `compiled`: modules compiled by another thread, used in place of compiling the same files here. */
  constructor(
    private readonly files: PackageFiles,
    private readonly compiled?: CompiledGrammars,
  ) {}

  private parserFor(lang: HostLanguage): Promise<Parser> {
    let p = this.parsers.get(lang.id);
    if (!p) {
      this.init ??= this.initRuntime();
      p = this.init.then(async () => {
        const wasm = renameImports(await readFirst(this.files, grammarLocations(lang)));
        const shared = lang.grammar ? this.compiled?.grammars[lang.grammar] : undefined;
        if (shared) compiledFor.set(wasm, shared);
        const language = await instantiatingNow(() => Language.load(wasm));
        const parser = new Parser();
        parser.setLanguage(language);
        this.ready.set(lang.id, parser);
        return parser;
      });
      // A grammar that cannot be loaded (a file missing, refused by the editor): that language's files are
      // read by the lexer from now on, rather than waiting for a parser that never comes.
      p.catch(() => this.failed.add(lang.id));
      this.parsers.set(lang.id, p);
    }
    return p;
  }

  private async initRuntime(): Promise<void> {
    const wasmBinary = await readFirst(this.files, RUNTIME_LOCATIONS);
    if (!inNode) return Parser.init({ wasmBinary } as object);
    // Emscripten's hook: the runtime instantiated at once (see instantiateNow).
    const instantiateWasm = (imports: object, done: (instance: object, module: object) => void) => {
      const module = this.compiled?.runtime ?? new wasmApi.Module(wasmBinary);
      done(new wasmApi.Instance(module, imports), module);
      return {};
    };
    return Parser.init({ instantiateWasm } as object);
  }

  /** Forgets the runtime and every grammar: they load again when next needed. */
  private reset(): void {
    this.kept.clear();
    this.init = undefined;
    this.parsers.clear();
    this.ready.clear();
  }

  /** Loads the grammar a language needs (resolves at once when loaded or not needed). */
  async prepare(lang: HostLanguage): Promise<void> {
    if (lang.grammar && readsBytes(this.files)) await this.parserFor(lang);
  }

  /**
   * The request candidates of a host file, when its grammar is loaded (see `prepare`); undefined
   * while it is not. The prefilter decides first: text naming neither `api.php` nor `action` is not parsed.
   * With `doc` (an open document's key), the tree is kept and the document's next text is parsed
   * incrementally from it (keptTrees.ts).
   */
  findLoaded(text: string, lang: HostLanguage, doc?: string): FoundRequest[] | undefined {
    if (!mayHoldRequest(text) || looksBinary(text)) return this.none(doc, []);
    if (!lang.grammar || text.length > MAX_PARSE_CHARS || !readsBytes(this.files)) return this.none(doc, findUrlLiterals(text, lang.id));
    const parser = this.ready.get(lang.id);
    if (!parser) return this.failed.has(lang.id) ? this.none(doc, findUrlLiterals(text, lang.id)) : undefined;
    let tree;
    try {
      const previous = doc === undefined ? undefined : this.kept.take(doc, lang.id, text);
      tree = parser.parse(text, previous);
      previous?.delete();
    } catch {
      // A parse that fails inside the runtime may leave its memory inconsistent: start afresh
      // (the next file of each language loads its grammar again), and read this file's URL literals.
      this.reset();
      return findUrlLiterals(text, lang.id);
    }
    if (!tree) return findUrlLiterals(text, lang.id);
    let kept = false;
    try {
      const found = findRequests(tree, lang, text);
      if (doc !== undefined) this.kept.keep(doc, lang.id, text, tree);
      kept = doc !== undefined;
      return found;
    } finally {
      if (!kept) tree.delete();
    }
  }

  /** Drops a document's kept tree where it has no syntax tree now, and answers `found`. */
  private none(doc: string | undefined, found: FoundRequest[]): FoundRequest[] {
    if (doc !== undefined) this.kept.forget(doc);
    return found;
  }

  /** Forgets the kept syntax tree of a document (it closed). */
  forget(doc: string): void {
    this.kept.forget(doc);
  }

  /** The syntax tree of a host text (the caller deletes it), or undefined for a language without a grammar. */
  async parseTree(text: string, lang: HostLanguage): Promise<Tree | undefined> {
    if (!lang.grammar || !readsBytes(this.files)) return undefined;
    return (await this.parserFor(lang)).parse(text) ?? undefined;
  }

  /** The request candidates of a host file, loading its grammar first when needed. */
  async find(text: string, lang: HostLanguage): Promise<FoundRequest[]> {
    if (mayHoldRequest(text) && !looksBinary(text)) await this.prepare(lang);
    return this.findLoaded(text, lang) ?? [];
  }
}
