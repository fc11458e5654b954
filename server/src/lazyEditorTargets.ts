/**
 * The editor's target code (editorTargets.ts and the merging it uses), required on first use: the language
 * server's bundle leaves this `require` to run time (scripts/build.js, LAZY_CHUNKS), the browser worker's bundle
 * carries the module. A session whose documents have no `# targets:` line and no `wikimapQuery.wiki.targets`
 * never reads it (targetsLine.ts tells).
 */
export type EditorTargetsModule = typeof import('./editorTargets');

let loaded: EditorTargetsModule | undefined;

/** The target code, loaded at the first call. */
export function editorTargetsModule(): EditorTargetsModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use on purpose
  return (loaded ??= require('./editorTargets') as EditorTargetsModule);
}
