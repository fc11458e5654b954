/**
 * The CLI's WebAssembly code: V8's baseline compiler only. V8 runs a WebAssembly function first as
 * baseline code (Liftoff) and compiles the busiest ones again with its optimizing compiler (TurboFan) on
 * background threads. The tree-sitter grammars are large (their lexers are one huge function each): on
 * a source tree with 200 files to parse, the optimizing compiles took more CPU than all the parsing
 * they sped up (bench/treeBench.ts: parse + find of 200 files 5.0 s of CPU with them, 2.4 s without,
 * and about the same per file once warm). A CLI run is short, so it parses with the baseline code;
 * the language server, which runs for hours, keeps V8's default.
 */
import * as v8 from 'v8';

/** First V8 version known to have `--liftoff-only` (an unknown flag would be printed as an error). */
const FIRST_MAJOR = 10;

/** Before any WebAssembly is compiled in this process (the flag is read when a module is compiled). */
export function useBaselineWasmOnly(): void {
  const major = Number(/^(\d+)\./.exec(process.versions.v8)?.[1] ?? 0);
  if (major >= FIRST_MAJOR) v8.setFlagsFromString('--liftoff-only');
}
