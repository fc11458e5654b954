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

type Position = Range['start'];

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function touches(a: Range, b: Range): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function validRange(r: unknown): r is Range {
  const p = (x: unknown) => !!x && typeof (x as Position).line === 'number' && typeof (x as Position).character === 'number';
  return !!r && p((r as Range).start) && p((r as Range).end);
}

/**
 * The most diagnostics a code action request is read for, those the client sends back and those the
 * answer is about (the server publishes at most 1,000 per document).
 */
export const MAX_CODE_ACTION_DIAGNOSTICS = 1000;

/** Whether the lines of `a` and `b` overlap (a range ending at character 0 of a line does not reach into it). */
function sharesLine(a: Range, b: Range): boolean {
  const lastLine = (r: Range) => (r.end.line > r.start.line && r.end.character === 0 ? r.end.line - 1 : r.end.line);
  return a.start.line <= lastLine(b) && b.start.line <= lastLine(a);
}

/**
 * The server's own diagnostics that a `textDocument/codeAction` request is about, whatever the client
 * sends back: those touching the requested range first, then the others on its lines, then those on
 * the lines of a diagnostic the client sent with the same code (a client may widen a range to the
 * whole line, drop `source`, `data` or every diagnostic). What the client sent is used only to find
 * the server's own diagnostics; a sent diagnostic of another tool (another `source`) is ignored.
 */
export function diagnosticsForCodeAction(own: Diagnostic[], range: Range, sent: readonly Diagnostic[] | undefined): Diagnostic[] {
  // At most as many as the server publishes: a client cannot send back more of its own (100,000 sent
  // with a range of a few lines took the server 57 s).
  const sentList = Array.isArray(sent)
    ? sent.slice(0, MAX_CODE_ACTION_DIAGNOSTICS).filter((s) => !!s && typeof s === 'object' && validRange(s.range))
    : [];
  const asked = validRange(range);
  // Sets, not arrays, to ask "already taken": a range of a whole 100,000-line document took 37 s.
  const touching = new Set(asked ? own.filter((d) => touches(d.range, range)) : []);
  const onLine = new Set(asked ? own.filter((d) => !touching.has(d) && sharesLine(d.range, range)) : []);
  const named = own.filter(
    (d) =>
      !touching.has(d) &&
      !onLine.has(d) &&
      sentList.some(
        (s) =>
          (s.source === undefined || s.source === d.source) &&
          (s.code === undefined || String(s.code) === String(d.code)) &&
          sharesLine(s.range, d.range),
      ),
  );
  // A whole-document range over 100,000 problems would ask for 200,000 fixes: the first ones.
  return [...touching, ...onLine, ...named].slice(0, MAX_CODE_ACTION_DIAGNOSTICS);
}
