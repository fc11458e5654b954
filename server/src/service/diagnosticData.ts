/**
 * Code actions from the diagnostic alone. The LSP specification makes echoing a diagnostic's `data`
 * in `textDocument/codeAction` optional (ALE and others drop it), so when `data` is absent the fix
 * recomputes it: the document is validated again and the diagnostic with the same code and range
 * gives what the fix needs. `data` coming back stays an optimisation (no validation run).
 */
import type { Diagnostic, Range } from 'vscode-languageserver-types';

function sameRange(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}

/** Whether a diagnostic came without the `data` the server attached. */
function lacksData(diagnostic: Diagnostic): boolean {
  return diagnostic.data === undefined || diagnostic.data === null;
}

/**
 * A lookup of the `data` of diagnostics that came without it: `recompute` (the document's
 * diagnostics now) runs at most once, and only when some diagnostic needs it.
 */
export function dataRecovery(recompute: () => Diagnostic[]): (diagnostic: Diagnostic) => unknown {
  let fresh: Diagnostic[] | undefined;
  return (diagnostic) => {
    if (!lacksData(diagnostic)) return diagnostic.data;
    if (!diagnostic.range || diagnostic.code === undefined) return undefined;
    fresh ??= recompute();
    const code = String(diagnostic.code);
    return fresh.find((d) => String(d.code) === code && sameRange(d.range, diagnostic.range))?.data;
  };
}
