/** Types of nodeBuiltins.js, for the TypeScript tests that import it. */
export function isNodeBuiltin(specifier: string): boolean;
