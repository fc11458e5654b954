/**
 * String constants of a host file: a name in capitals given one plain string literal once in the file
 * (`ACTION = 'query'`, `const ACTION = "query"`, `static final String ACTION = "query";`, Kotlin's
 * `const val ACTION = "query"`, PHP's `const ACTION = 'query'`). A value that names such a constant
 * (`{ action: ACTION }`, `"action=" + ACTION + "&list=…"`) is read as the literal, its characters
 * mapped to the literal's own (a fix edits the constant). Only a value is read so (words, `|`, `*`, `:`,
 * `.`, spaces): a constant holding an address or pairs (`MW_API_PREFIX = "w/api.php?format=json&…&"`) stays
 * unknown, as does a name given a value twice: their value is known only at run time, as before.
 */
import type { Node } from 'web-tree-sitter';
import { MappedText } from './virtualText';

/** `NAME = "literal"` after an optional modifier, type and Kotlin/TypeScript type annotation. */
const DECLARATION =
  /(?:^|[\s;{(,])(?:(?:public|private|protected|internal|static|final|readonly|const|val|var|let|local)\s+)*(?:(?:String|string|str)\s+)?([A-Z][A-Z0-9_]{1,63})\s*(?::\s*(?:String|string|str)\s*)?=\s*(["'])([\w|*:. -]{0,200})\2/gm;

/** Node types a constant's name is in the grammars (`identifier`, Kotlin's `simple_identifier`, PHP's `name`, Ruby's `constant`). */
const NAME_TYPES = new Set(['identifier', 'simple_identifier', 'name', 'constant']);

let cachedHost: string | undefined;
let cached: Map<string, { from: number; to: number }> | undefined;

/** The file's constants: name → host range of the literal's text (read once per text, on first use). */
function constantsOf(host: string): Map<string, { from: number; to: number }> {
  if (cachedHost === host && cached) return cached;
  const found = new Map<string, { from: number; to: number } | null>();
  for (const m of host.matchAll(DECLARATION)) {
    const name = m[1];
    if (found.has(name)) {
      found.set(name, null);
      continue;
    }
    const to = m.index + m[0].length - 1;
    found.set(name, { from: to - m[3].length, to });
  }
  const out = new Map<string, { from: number; to: number }>();
  if (!found.size) return remember(host, out);
  // Given a value elsewhere too (`ACTION = other`, `ACTION += …`): not a constant. One pass over the text.
  const assigned = new Map<string, number>();
  for (const m of host.matchAll(ASSIGNED)) if (found.has(m[1])) assigned.set(m[1], (assigned.get(m[1]) ?? 0) + 1);
  for (const [name, at] of found) if (at && assigned.get(name) === 1) out.set(name, at);
  return remember(host, out);
}

/** Any assignment to a name in capitals (`=`, `+=`, `.=`…, not `==`). */
const ASSIGNED = /(?<![\w$.])([A-Z][A-Z0-9_]{1,63})\s*[-+*/.|&]?=(?!=)/g;

function remember(host: string, constants: Map<string, { from: number; to: number }>): Map<string, { from: number; to: number }> {
  cachedHost = host;
  cached = constants;
  return constants;
}

/** The text of the constant a name node names, mapped to its literal, or undefined. */
export function constantText(node: Pick<Node, 'type' | 'startIndex' | 'endIndex'>, host: string): MappedText | undefined {
  if (!NAME_TYPES.has(node.type) || node.endIndex - node.startIndex > 64) return undefined;
  const name = host.slice(node.startIndex, node.endIndex);
  if (!/^[A-Z][A-Z0-9_]+$/.test(name)) return undefined;
  const at = constantsOf(host).get(name);
  if (!at) return undefined;
  const out = new MappedText();
  out.pushRaw(host, at.from, at.to);
  return out;
}
