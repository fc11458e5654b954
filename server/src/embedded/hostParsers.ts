/**
 * Host-language parsing for the embedded requests: web-tree-sitter 0.25 with the prebuilt grammar
 * WASM files of the npm package tree-sitter-wasms (docs/architecture.md, "Requests in source code").
 * The runtime and each grammar load lazily, on the first file of their language; a language without
 * a grammar (Perl) and a file too large to parse are read by the lexer-only finder.
 */
import { Language, Parser } from 'web-tree-sitter';
import type { PackageFiles } from '../runtime';
import type { HostLanguage } from '../service/embedded/hostLanguages';
import { findRequests, mayHoldRequest, type FoundRequest } from '../service/embedded/requestFinder';
import { findUrlLiterals } from '../service/embedded/lexerFinder';
import { renameImports } from './wasmImports';

/** Files larger than this many UTF-16 units are read by the lexer only (a parse would take seconds). */
const MAX_PARSE_CHARS = 2_000_000;

/** Where the WASM files are: shipped in dist/grammars, or (from the sources) in node_modules. */
const LOCATIONS: Record<string, string[]> = {
  runtime: ['dist/grammars/tree-sitter.wasm', 'node_modules/web-tree-sitter/tree-sitter.wasm'],
  grammar: ['dist/grammars/', 'node_modules/tree-sitter-wasms/out/'],
};

function readFirst(files: PackageFiles, paths: string[]): Uint8Array {
  let last: unknown;
  for (const p of paths) {
    try {
      return files.readBytes!(p);
    } catch (err) {
      last = err;
    }
  }
  throw new Error(`cannot read ${paths[0]}: ${last instanceof Error ? last.message : String(last)}`);
}

/** Whether text looks binary (a NUL in its first 8 KB). */
function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\0');
}

export class HostParsers {
  private init: Promise<void> | undefined;
  private readonly parsers = new Map<string, Promise<Parser>>();
  private readonly ready = new Map<string, Parser>();

  constructor(private readonly files: PackageFiles) {}

  private parserFor(lang: HostLanguage): Promise<Parser> {
    let p = this.parsers.get(lang.id);
    if (!p) {
      this.init ??= Parser.init({ wasmBinary: readFirst(this.files, LOCATIONS.runtime) } as object);
      p = this.init.then(async () => {
        const wasm = readFirst(
          this.files,
          LOCATIONS.grammar.map((d) => `${d}tree-sitter-${lang.grammar}.wasm`),
        );
        const language = await Language.load(renameImports(wasm));
        const parser = new Parser();
        parser.setLanguage(language);
        this.ready.set(lang.id, parser);
        return parser;
      });
      this.parsers.set(lang.id, p);
    }
    return p;
  }

  /** Forgets the runtime and every grammar: they load again when next needed. */
  private reset(): void {
    this.init = undefined;
    this.parsers.clear();
    this.ready.clear();
  }

  /** Loads the grammar a language needs (resolves at once when loaded or not needed). */
  async prepare(lang: HostLanguage): Promise<void> {
    if (lang.grammar && this.files.readBytes) await this.parserFor(lang);
  }

  /**
   * The request candidates of a host file, when its grammar is loaded (see `prepare`); undefined
   * while it is not. The prefilter decides first: text naming neither `api.php` nor `action` is not parsed.
   */
  findLoaded(text: string, lang: HostLanguage): FoundRequest[] | undefined {
    if (!mayHoldRequest(text) || looksBinary(text)) return [];
    if (!lang.grammar || text.length > MAX_PARSE_CHARS || !this.files.readBytes) return findUrlLiterals(text, lang.id);
    const parser = this.ready.get(lang.id);
    if (!parser) return undefined;
    let tree;
    try {
      tree = parser.parse(text);
    } catch {
      // A parse that fails inside the runtime may leave its memory inconsistent: start afresh
      // (the next file of each language loads its grammar again), and read this file's URL literals.
      this.reset();
      return findUrlLiterals(text, lang.id);
    }
    if (!tree) return findUrlLiterals(text, lang.id);
    try {
      return findRequests(tree, lang, text);
    } finally {
      tree.delete();
    }
  }

  /** The request candidates of a host file, loading its grammar first when needed. */
  async find(text: string, lang: HostLanguage): Promise<FoundRequest[]> {
    if (mayHoldRequest(text) && !looksBinary(text)) await this.prepare(lang);
    return this.findLoaded(text, lang) ?? [];
  }
}
