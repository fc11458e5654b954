/**
 * String literals and concatenations of a host language's syntax tree, decoded into `MappedText`
 * (escapes honoured, interpolation holes kept as holes).
 */
import type { Node } from 'web-tree-sitter';
import type { EscapeStyle, HostLanguage } from './hostLanguages';
import { MappedText, decodeInto } from './virtualText';
import { constantText } from './fileConstants';

/** Children of a string node that are its text (everything else between the delimiters is a hole). */
const CONTENT_TYPES = new Set([
  'string_content',
  'string_fragment',
  'escape_sequence',
  'interpolated_string_text',
  'text_fragment',
  // a Java text block's text ("""…""")
  'multiline_string_fragment',
  // Swift's text and escapes (`\(…)` interpolations are holes)
  'line_str_text',
  'multi_line_str_text',
  'str_escaped_char',
]);
const DELIMITER_TYPES = new Set(['string_start', 'string_end']);
const OPEN_DELIMITER = /^[A-Za-z@$]*("""|'''|"|'|`|\[=*\[)/;

function closeOf(open: string): string {
  return open.startsWith('[') ? open.replace(/\[/g, ']') : open;
}

/** The host offsets of a string node's text between its delimiters. */
function contentBounds(node: Node, host: string): { from: number; to: number; open: string } {
  const start = node.startIndex;
  const end = node.endIndex;
  const kids = node.children;
  const first = kids[0];
  const last = kids[kids.length - 1];
  let from = start;
  let to = end;
  let open = '';
  if (first && first.startIndex === start && (!first.isNamed || DELIMITER_TYPES.has(first.type)) && first.endIndex < end) {
    from = first.endIndex;
    open = first.text;
  } else {
    const m = OPEN_DELIMITER.exec(host.slice(start, Math.min(end, start + 16)));
    if (m) {
      from = start + m[0].length;
      open = m[0];
    }
  }
  if (last && last !== first && last.endIndex === end && (!last.isNamed || DELIMITER_TYPES.has(last.type))) {
    to = last.startIndex;
  } else if (open) {
    const close = closeOf(/("""|'''|"|'|`|\[=*\[)$/.exec(open)?.[0] ?? '');
    if (close && host.startsWith(close, end - close.length) && end - close.length >= from) to = end - close.length;
  }
  return { from, to, open };
}

/** The escape style of one string, from its language's table and its prefix (`r"…"`, `'…'`, `"""…"""`). */
function styleOf(node: Node, lang: HostLanguage, open: string): EscapeStyle {
  const base = lang.strings[node.type] ?? 'raw';
  const prefix = open.replace(/["'`[=]+$/, '').toLowerCase();
  if (lang.id === 'python' && prefix.includes('r')) return 'raw';
  if (lang.id === 'kotlin' && open === '"""') return 'raw';
  if (lang.id === 'lua' && open.startsWith('[')) return 'raw';
  if (lang.id === 'ruby' && open === "'") return 'single';
  if (lang.id === 'csharp' && prefix.includes('@')) return 'verbatim';
  return base;
}

/** Whether a node is one of the language's string literals. */
export function isStringNode(node: Node, lang: HostLanguage): boolean {
  return node.type in lang.strings;
}

/** Appends the decoded text of a string node (holes for interpolations) to `out`. */
function decodeStringNode(node: Node, lang: HostLanguage, host: string, out: MappedText): void {
  const { from, to, open } = contentBounds(node, host);
  const style = styleOf(node, lang, open);
  if (lang.id === 'java' && open === '"""') return decodeTextBlock(host, from, to, out);
  let at = from;
  for (const kid of node.children) {
    if (!kid || kid.endIndex <= from || kid.startIndex >= to) continue;
    if (CONTENT_TYPES.has(kid.type)) continue;
    // Everything else between the delimiters (`${…}`, `$name`, `#{…}`, `{…}`) is known only at run time.
    if (kid.startIndex > at) decodeInto(out, host, at, kid.startIndex, style);
    out.pushHole(kid.startIndex, kid.endIndex);
    at = Math.max(at, kid.endIndex);
  }
  if (to > at) decodeInto(out, host, at, to, style);
}

const isBlank = (c: string): boolean => c === ' ' || c === '\t' || c === '\f' || c === '\r';

/**
 * A Java text block's value (JLS 3.10.6): the text from the line after the opening `"""`, each line
 * without the indentation all lines share (the closing delimiter's line counts) and without trailing
 * blanks, then escapes (`\` at a line's end joins it to the next). Each character keeps its host offset.
 */
function decodeTextBlock(host: string, from: number, to: number, out: MappedText): void {
  const firstBreak = host.indexOf('\n', from);
  if (firstBreak < 0 || firstBreak >= to) return;
  const lines: Array<[number, number]> = [];
  for (let ls = firstBreak + 1; ls <= to;) {
    const nl = host.indexOf('\n', ls);
    const le = nl < 0 || nl > to ? to : nl;
    lines.push([ls, le]);
    ls = le + 1;
  }
  const indentOf = ([ls, le]: [number, number]): number => {
    let i = ls;
    while (i < le && isBlank(host[i])) i++;
    return i === le ? Infinity : i - ls;
  };
  const last = lines[lines.length - 1];
  const closingAlone = indentOf(last) === Infinity;
  // a loop, not Math.min(...lines): a block of 200,000 lines overflowed the call stack as arguments
  let indent = closingAlone ? last[1] - last[0] : Infinity;
  for (const line of lines) indent = Math.min(indent, indentOf(line));
  const body = closingAlone ? lines.slice(0, -1) : lines;
  body.forEach(([ls, le], n) => {
    let ce = le;
    while (ce > ls && isBlank(host[ce - 1])) ce--;
    const cs = Math.min(ls + (Number.isFinite(indent) ? indent : 0), ce);
    decodeInto(out, host, cs, ce, 'c');
    let slashes = 0;
    while (ce - slashes - 1 >= cs && host[ce - slashes - 1] === '\\') slashes++;
    if (slashes % 2 === 0 && (n < body.length - 1 || closingAlone)) out.push('\n', le, le + 1);
  });
}

/** Longest node whose source is searched for a concatenation operator before its children are read. */
const OPERATOR_LOOK = 256;

/**
 * R's `paste0(a, b)` and `paste(a, b, sep = s)`: the unnamed arguments joined, with `sep` between them for `paste` (its
 * node; the function's name, a hole, for the default space). A `collapse` joins a vector: no concatenation then.
 */
function rPasteArguments(node: Node): Node[] | undefined {
  if (node.type !== 'call') return undefined;
  const fn = node.childForFieldName('function');
  const name = fn && fn.endIndex - fn.startIndex <= 12 ? fn.text.replace(/^base::/, '') : '';
  if (name !== 'paste0' && name !== 'paste') return undefined;
  const values: Node[] = [];
  let sep: Node | undefined = name === 'paste' ? (fn ?? undefined) : undefined;
  for (const arg of node.childForFieldName('arguments')?.namedChildren ?? []) {
    if (!arg || arg.type !== 'argument') continue;
    const argName = arg.childForFieldName('name')?.text;
    const value = arg.childForFieldName('value');
    if (!value) return undefined;
    if (argName === undefined) values.push(value);
    else if (argName === 'sep' && name === 'paste') sep = value;
    else return undefined;
  }
  if (!values.length) return undefined;
  return sep ? values.flatMap((v, i) => (i ? [sep, v] : [v])) : values;
}

function isConcat(node: Node, lang: HostLanguage): boolean {
  if (!lang.concat.types.includes(node.type)) return false;
  if (lang.id === 'r') return rPasteArguments(node) !== undefined;
  // Adjacent literals (Python's "a" "b", the shell's a"b") join without an operator.
  if (!lang.concat.operators.length || node.type === 'concatenated_string') return true;
  // Most are arithmetic or comparisons: a short node whose source lacks the operator is told at once.
  if (node.endIndex - node.startIndex <= OPERATOR_LOOK) {
    const source = node.text;
    if (!lang.concat.operators.some((op) => source.includes(op))) return false;
  }
  // The operator, where the grammar names it (one child read rather than all).
  const operator = node.childForFieldName('operator');
  if (operator && !operator.isNamed) return lang.concat.operators.includes(operator.type);
  return node.children.some((c) => c !== null && !c.isNamed && lang.concat.operators.includes(c.type));
}

/** Whether a node is a concatenation of strings (`a + "b"`, `$a . "b"`, `x .. "y"`, adjacent literals). */
export function isConcatNode(node: Node, lang: HostLanguage): boolean {
  return isConcat(node, lang);
}

/** Most operands of one concatenation read (pathological input stays bounded). */
const MAX_OPERANDS = 2000;

/** The operands of a concatenation in source order, nested concatenations and parentheses flattened. */
function concatOperands(node: Node, lang: HostLanguage): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [node];
  while (stack.length && out.length < MAX_OPERANDS) {
    const n = stack.pop()!;
    const pasted = lang.id === 'r' ? rPasteArguments(n) : undefined;
    if (pasted) for (let i = pasted.length - 1; i >= 0; i--) stack.push(pasted[i]);
    else if (isConcat(n, lang) || n.type === 'parenthesized_expression') {
      const kids = n.namedChildren.filter((k): k is Node => k !== null && k.type !== 'comment');
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    } else out.push(n);
  }
  return out;
}

/** The decoded text of a string or a concatenation: literal pieces known, everything else a hole. */
export function decodeExpression(node: Node, lang: HostLanguage, host: string): MappedText {
  const out = new MappedText();
  const operands = isConcat(node, lang) ? concatOperands(node, lang) : [node];
  for (const op of operands) {
    if (isStringNode(op, lang)) decodeStringNode(op, lang, host, out);
    else {
      const constant = isConcat(node, lang) ? constantText(op, host) : undefined;
      if (constant) out.append(constant);
      else out.pushHole(op.startIndex, op.endIndex);
    }
  }
  return out;
}
