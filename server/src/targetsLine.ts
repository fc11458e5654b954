/**
 * The `# targets: a, b` line that opens a document (`// targets:` … in a source file): the names it gives, read in
 * the server's own bundle on every document, so that a document without the line and without the setting never
 * loads the target code (editorTargets.ts, a chunk of its own). Pure.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { hostLanguageOf } from './service/embedded/hostLanguages';

/** A name written on a `# targets:` line, with its offsets in the document. */
export interface TargetName {
  name: string;
  start: number;
  end: number;
}

/** Only the first lines are looked at: the line belongs to the comment block that opens the file. */
const HEADER_LINES = 50;
const HEADER_CHARS = 10_000;

/** Opening lines a source file may have before its comment block: a shebang, PHP's open tag. */
const PREAMBLE = /^\s*(?:#!.*|<\?php\b.*)$/;

/**
 * The names of the `# targets: a, b` line among the comment lines (and blank lines) that open a
 * document, or undefined when there is none. `comments` are the line comment starts of the
 * document's language: `#` in a `.wikiquery` file; in a source file its host language's (`# targets:`
 * in Python, `// targets:` in JavaScript, `-- targets:` in Lua), after a shebang or `<?php` line.
 */
export function readTargetsLine(
  text: string,
  comments: readonly string[] = ['#'],
): { names: TargetName[]; start: number; end: number } | undefined {
  const starts = comments.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const targetsLine = new RegExp(`^(\\s*(?:${starts})\\s*targets\\s*:)(.*)$`, 'i');
  let offset = 0;
  for (let n = 0; n < HEADER_LINES && offset < Math.min(text.length, HEADER_CHARS); n++) {
    const eol = text.indexOf('\n', offset);
    const end = eol < 0 ? text.length : eol;
    const line = text.slice(offset, end).replace(/\r$/, '');
    const m = targetsLine.exec(line);
    if (m) return { names: splitNames(m[2], offset + m[1].length), start: offset, end: offset + line.length };
    const opening = line.trim() === '' || comments.some((c) => line.trimStart().startsWith(c)) || (n === 0 && PREAMBLE.test(line));
    if (!opening || eol < 0) return undefined;
    offset = eol + 1;
  }
  return undefined;
}

/** A `.wikiquery` file's `# targets:` line, or a source file's written with its host language's line comments. */
export function documentTargetsLine(document: TextDocument): ReturnType<typeof readTargetsLine> {
  if (document.languageId === 'wikiquery') return readTargetsLine(document.getText());
  const host = hostLanguageOf(document.languageId, document.uri);
  return host ? readTargetsLine(document.getText(), host.comments) : undefined;
}

function splitNames(list: string, base: number): TargetName[] {
  const names: TargetName[] = [];
  let at = 0;
  for (const part of list.split(',')) {
    const lead = part.length - part.trimStart().length;
    const name = part.trim();
    if (name) names.push({ name, start: base + at + lead, end: base + at + lead + name.length });
    at += part.length + 1;
  }
  return names;
}

/** Whether a document has targets: its `# targets:` line, or the setting's (`wikimapQuery.wiki.targets`). */
export function hasTargets(document: TextDocument, setting: readonly string[] | undefined): boolean {
  return !!setting?.length || documentTargetsLine(document) !== undefined;
}
