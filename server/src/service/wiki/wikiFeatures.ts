/**
 * Completion, hover and code actions of wiki queries: what the editor asks for only when the user does. The language
 * server's and the CLI's bundles leave their `require` (wikiLanguageService.ts) to run time (scripts/build.js,
 * LAZY_CHUNKS); a session that never hovers, completes or asks for a fix neither reads nor compiles them. The browser
 * worker's bundle carries them.
 */
export { doWikiComplete } from './wikiCompletion';
export { doWikiHover } from './wikiHover';
export { doWikiCodeActions } from './wikiCodeActions';
