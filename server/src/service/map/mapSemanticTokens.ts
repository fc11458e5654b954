/**
 * Semantic tokens of map queries (legend: ../semanticTokens.ts), by meaning: request fields and
 * coordinate keys are properties, keys the server ignores are variables, a known object `type` is an
 * enum member, `attributelike.key` names an attribute (property), the LIKE wildcards of
 * `attributelike.value` (`%`, `_`) and JSON escapes are `regexp`, comments are comments.
 */
import { createScanner, SyntaxKind, type Node } from 'jsonc-parser';
import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { encodeTokens, TokenSink, type TokenType } from '../semanticTokens';
import type { MapDescriptor } from './mapDescriptor';
import type { MapDocument } from './mapQueryParser';

export function getMapSemanticTokens(document: TextDocument, parsed: MapDocument, descriptor: MapDescriptor, range?: Range): number[] {
  const tokens = new TokenSink();
  /** Offset of a key or value node → its meaning, where it differs from the plain JSON type. */
  const meaning = new Map<number, TokenType | 'like'>();
  const lo = range ? document.offsetAt(range.start) : 0;
  const hi = range ? document.offsetAt(range.end) : parsed.text.length;
  for (const query of parsed.queries) {
    if (query.node.offset > hi || query.node.offset + query.node.length < lo) continue; // outside the range asked for
    for (const property of query.node.children ?? []) {
      const key = property.children?.[0];
      if (key) meaning.set(key.offset, query.unknown.includes(property) ? 'variable' : 'property');
    }
    for (const { field, value } of query.fields.values()) {
      if (!value) continue;
      if (field.kind === 'type' && value.type === 'string')
        meaning.set(value.offset, descriptor.typeByName.has(String(value.value)) ? 'enumMember' : 'string');
      if (field.kind === 'coordinates' || field.kind === 'attributelike') {
        for (const p of value.children ?? []) {
          const k = p.children?.[0];
          if (!k || p.type !== 'property') continue;
          const name = String(k.value).toLowerCase();
          const known = field.kind === 'coordinates' ? ['x', 'y', 'z'].includes(name) : name === 'key' || name === 'value';
          meaning.set(k.offset, known ? 'property' : 'variable');
          const v = p.children?.[1];
          if (field.kind === 'attributelike' && v?.type === 'string')
            meaning.set(v.offset, name === 'key' ? 'property' : name === 'value' ? 'like' : 'string');
        }
      }
    }
  }
  if (parsed.root) walk(parsed.root, parsed.text, meaning, tokens, lo, hi);
  comments(parsed.text, tokens);
  return encodeTokens(document, tokens, range);
}

/** Tokens of every key and value, in document order (iterative: nesting depth is the user's). */
function walk(root: Node, text: string, meaning: Map<number, TokenType | 'like'>, out: TokenSink, lo: number, hi: number): void {
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.offset > hi || node.offset + node.length < lo) continue; // outside the range asked for
    switch (node.type) {
      case 'object':
      case 'array':
      case 'property': {
        const children = node.children ?? [];
        const key = node.type === 'property' ? children[0] : undefined;
        if (key) {
          const m = meaning.get(key.offset);
          stringToken(text, key, m === 'like' ? 'string' : (m ?? 'property'), out);
        }
        for (let i = children.length - 1; i >= 0; i--) if (children[i] !== key) stack.push(children[i]);
        break;
      }
      case 'string': {
        const m = meaning.get(node.offset);
        if (m === 'like') likeToken(text, node, out);
        else stringToken(text, node, m ?? 'string', out);
        break;
      }
      case 'number':
        out.add(node.offset, node.offset + node.length, 'number');
        break;
      case 'boolean':
      case 'null':
        out.add(node.offset, node.offset + node.length, 'keyword');
        break;
    }
  }
}

/** A JSON string, its escapes (`\n`, `\u00e9`) as `regexp`. */
function stringToken(text: string, node: Node, type: TokenType, out: TokenSink, extra?: (i: number) => boolean): void {
  const end = node.offset + node.length;
  let run = node.offset;
  for (let i = node.offset + 1; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    let len = 0;
    if (c === 92 /* \ */) len = text.charCodeAt(i + 1) === 117 /* u */ ? 6 : 2;
    else if (extra?.(i)) len = 1;
    if (!len) continue;
    len = Math.min(len, end - 1 - i);
    if (i > run) out.add(run, i, type);
    out.add(i, i + len, 'regexp');
    i += len - 1;
    run = i + 1;
  }
  if (end > run) out.add(run, end, type);
}

/** `attributelike.value`: SQL LIKE, where `%` and `_` are wildcards. */
function likeToken(text: string, node: Node, out: TokenSink): void {
  stringToken(text, node, 'string', out, (i) => text.charCodeAt(i) === 37 || text.charCodeAt(i) === 95);
}

function comments(text: string, out: TokenSink): void {
  if (text.indexOf('/') < 0) return;
  const scanner = createScanner(text, false);
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) {
      out.add(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength(), 'comment');
    }
  }
}
