/** Types of editorConfigs.js (CommonJS, shared with the editor suites' runners and the unit suite). */
/** docs/editors.md */
export const DOC: string;
/** name → the text of its fenced block (without the fences). */
export function readEditorConfigs(doc?: string): Record<string, string>;
/** One configuration; throws when the document has no block of that name. */
export function editorConfig(name: string): string;
/** A PATH value with a folder first in which `wikimap-query-server` links to the built server bundle. */
export function serverOnPath(dir: string, serverBundle: string): string;
