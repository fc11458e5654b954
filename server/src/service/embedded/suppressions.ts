/**
 * Inline suppressions in the host language's comments: `wikimap-query-disable-next-line [CODE…]` on
 * the line before a problem hides it (all codes when none is named). The CLI and the editor read
 * the same rule.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { HostLanguage } from './hostLanguages';

const MARKER = 'wikimap-query-disable-next-line';

/** Whether the line before `line` holds a host comment that suppresses `code`. */
export function isSuppressed(document: TextDocument, lang: HostLanguage, line: number, code: string): boolean {
  if (line === 0) return false;
  const previous = document.getText({ start: { line: line - 1, character: 0 }, end: { line, character: 0 } });
  const at = previous.indexOf(MARKER);
  if (at < 0) return false;
  const before = previous.slice(0, at);
  if (!lang.comments.some((c) => before.includes(c)) && !before.includes('/*')) return false;
  const codes = previous
    .slice(at + MARKER.length)
    .replace(/\*\/.*$/, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  return codes.length === 0 || codes.includes(code);
}
