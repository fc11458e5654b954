/**
 * The web worker's host parsers as a script of their own (dist/web/server.hostParsers.js, scripts/build.js):
 * web-tree-sitter and the syntax-tree finder, evaluated in the worker when the first source file that may
 * hold a request needs them (./lazyHostParsers.ts), so a session of query documents never loads their code.
 * Evaluating it hands the class to the worker through one global.
 */
import { HostParsers } from '../embedded/hostParsers';
import { HOST_PARSERS_GLOBAL } from './lazyHostParsers';

(globalThis as unknown as Record<string, unknown>)[HOST_PARSERS_GLOBAL] = HostParsers;
