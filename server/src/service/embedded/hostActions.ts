/**
 * Quick fixes of a request embedded in a source file: the wiki or map service answers on the virtual
 * document (the request as the server reads it); these helpers carry each answer back to the host
 * file, keeping only the fixes whose every edit can be written in the host's syntax.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, Range, TextEdit } from 'vscode-languageserver-types';

/** A diagnostic shown in the host file and the virtual document's diagnostic it came from. */
export interface DiagnosticPair {
  host: Diagnostic;
  virtual: Diagnostic;
}

/** A fix written in the host: the service's action, its edits in host text, the host diagnostics it fixes. */
export interface HostFix {
  action: CodeAction;
  edits: TextEdit[];
  about: Diagnostic[];
}

/** The whole virtual document, the range its quick fixes are asked for. */
export function wholeDocument(virtual: TextDocument): Range {
  return { start: { line: 0, character: 0 }, end: virtual.positionAt(virtual.getText().length) };
}

/**
 * The service's actions on `virtual` that edit it (no command), each written by `write` into the host;
 * an action with one edit `write` cannot place is left out. `fixes` tells whether an action's
 * diagnostic is the pair's virtual one.
 */
export function fixesInHost(
  virtual: TextDocument,
  actions: readonly CodeAction[],
  pairs: readonly DiagnosticPair[],
  write: (edit: TextEdit) => TextEdit | undefined,
  fixes: (actionDiagnostic: Diagnostic, virtualDiagnostic: Diagnostic) => boolean,
): HostFix[] {
  const out: HostFix[] = [];
  for (const action of actions) {
    const edits = action.edit?.changes?.[virtual.uri];
    if (!edits?.length || action.command) continue;
    const written = edits.map(write);
    if (written.some((e) => !e)) continue;
    const about = pairs.filter((p) => action.diagnostics?.some((d) => fixes(d, p.virtual))).map((p) => p.host);
    out.push({ action, edits: written as TextEdit[], about });
  }
  return out;
}

/** Whether two diagnostics are the same problem at the same place (what a client sends back may lack `data`). */
export function sameDiagnostic(a: Diagnostic, b: Diagnostic): boolean {
  return (
    String(a.code) === String(b.code) &&
    a.message === b.message &&
    a.range.start.line === b.range.start.line &&
    a.range.start.character === b.range.start.character
  );
}
