/**
 * The host parsers of the browser's worker, loaded when the first source file that may hold a request
 * needs them: the script dist/web/server.hostParsers.js (./hostParsersScript.ts: web-tree-sitter and the
 * syntax-tree finder, about 120 KB minified) is read from the extension's own files through the client, as
 * the grammars are (`wikimapQuery/grammarFile`), and evaluated in the worker. Until then, and if it cannot
 * be loaded, texts are read for URL literals by the lexer.
 */
import type { HostFinder, PackageFiles } from '../runtime';
import type { HostParsers } from '../embedded/hostParsers';
import { mayHoldRequest } from '../service/embedded/requestFinder';
import { findUrlLiterals } from '../service/embedded/lexerFinder';

/** The global the script sets to the HostParsers class. */
export const HOST_PARSERS_GLOBAL = '__wikimapQueryHostParsers';
/** The script's name in the extension's dist/web. */
export const HOST_PARSERS_SCRIPT = 'server.hostParsers.js';

type HostParsersClass = new (files: PackageFiles) => HostParsers;

/** Evaluates script text in this worker (a classic worker's `importScripts`, from a blob of the text). */
function evaluateInWorker(text: string): void {
  const scope = globalThis as unknown as { importScripts(url: string): void };
  const url = URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
  try {
    scope.importScripts(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * A HostFinder whose parsers load on the first `prepare` (the server calls it for a source file whose
 * text may hold a request and which has no parser yet): `script` reads the script's text.
 */
export function lazyBrowserHostFinder(
  files: PackageFiles,
  script: () => Promise<string>,
  evaluate: (text: string) => void = evaluateInWorker,
): HostFinder {
  let parsers: HostParsers | undefined;
  let loading: Promise<HostParsers> | undefined;
  let failed = false;
  const load = () =>
    (loading ??= script().then((text) => {
      evaluate(text);
      const HostParsersClass = (globalThis as unknown as Record<string, HostParsersClass | undefined>)[HOST_PARSERS_GLOBAL];
      if (typeof HostParsersClass !== 'function') throw new Error(`${HOST_PARSERS_SCRIPT} did not define the host parsers`);
      parsers = new HostParsersClass(files);
      return parsers;
    })).catch((err: unknown) => {
      failed = true;
      throw err;
    });
  return {
    prepare: async (lang) => (await load()).prepare(lang),
    findLoaded(text, lang, doc) {
      if (parsers) return parsers.findLoaded(text, lang, doc);
      if (!mayHoldRequest(text)) return [];
      // Not loaded yet: the server loads them (prepare) and checks the file again; never loadable: the lexer.
      return failed ? findUrlLiterals(text, lang.id) : undefined;
    },
    forget: (doc) => parsers?.forget(doc),
  };
}
