/**
 * The server's host parsers (web-tree-sitter, its grammars' glue and the syntax-tree finder,
 * ../embedded/hostParsers.ts), loaded when the first source file needs them.
 *
 * In the shipped server they are a bundle of their own, dist/server.hostParsers.js beside
 * dist/server.core.js (scripts/build.js): a session that opens only `.wikiquery` and `.mapquery.json`
 * documents neither reads nor compiles them, and its memory does not hold their code. Run from the
 * sources (tests), the module itself is loaded.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { HostFinder, PackageFiles } from '../runtime';
import type { HostParsers } from '../embedded/hostParsers';

/**
 * The prefilter and the lexer, from the embedded service's module: `findLoaded` is only called by that service,
 * so the module is loaded by then (in the shipped server, dist/server.embedded.js; scripts/build.js LAZY_CHUNKS).
 */
const embedded = (): typeof import('../service/embedded/embeddedLanguageService') =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module of the caller, loaded on first use
  require('../service/embedded/embeddedLanguageService');

/** The bundle holding ../embedded/hostParsers.ts, next to the server's (see scripts/build.js). */
const HOST_PARSERS_FILE = 'server.hostParsers.js';

type HostParsersModule = typeof import('../embedded/hostParsers');

/** The module: the bundle beside this one, else (from the sources) the module itself. */
function loadModule(): HostParsersModule {
  const bundled = path.join(__dirname, HOST_PARSERS_FILE);
  // Computed paths: esbuild leaves these requires alone instead of inlining the parsers again.
  const file = fs.existsSync(bundled) ? bundled : path.join(__dirname, '..', 'embedded', 'hostParsers');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time on purpose
  return require(file) as HostParsersModule;
}

/**
 * A HostFinder that loads the parsers on its first `prepare`, or on the first text that may hold a
 * request. Should they fail to load, `prepare` rejects (the server says so) and texts are read by the
 * lexer, as where there are no parsers.
 */
export function lazyHostFinder(files: PackageFiles, load: () => HostParsersModule = loadModule): HostFinder {
  let parsers: HostParsers | undefined;
  let failure: unknown;
  const get = (): HostParsers => {
    if (failure !== undefined) throw failure;
    try {
      parsers ??= new (load().HostParsers)(files);
    } catch (err) {
      failure = err ?? new Error('the host parsers could not be loaded');
      throw failure;
    }
    return parsers;
  };
  return {
    prepare: async (lang) => get().prepare(lang),
    findLoaded(text, lang, doc) {
      if (!parsers) {
        // What HostParsers' prefilter would answer, without loading them.
        if (!embedded().mayHoldRequest(text)) return [];
        try {
          get();
        } catch {
          return embedded().findUrlLiterals(text, lang.id);
        }
      }
      return parsers!.findLoaded(text, lang, doc);
    },
    forget: (doc) => parsers?.forget(doc),
  };
}
