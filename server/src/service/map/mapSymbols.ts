/** Document symbols and runnable queries: one per query object. */
import { getNodeValue, type Node } from 'jsonc-parser';
import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver-types';
import type { RunnableQuery, TextDocument } from '../languageTypes';
import { formatPoint, readBox } from './mapBox';
import type { MapDescriptor } from './mapDescriptor';
import type { MapDocument, MapQuery } from './mapQueryParser';

function nodeRange(document: TextDocument, node: Node): Range {
  return { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) };
}

/** "bones (0, 0, 0)–(10, 5, 10)", or what is known of it. */
export function getQueryName(query: MapQuery, descriptor: MapDescriptor): string {
  const typeNode = query.fields.get('type')?.value;
  const type = typeNode?.type === 'string' ? (typeNode.value as string) : '(no type)';
  const box = readBox(query, descriptor);
  // The corners as the server reads them (omitted: ±2048, a missing or null coordinate: 0).
  const p1 = box.p1 ? formatPoint(box.p1) : box.e1 ? formatPoint(box.e1) : '?';
  const p2 = box.p2 ? formatPoint(box.p2) : box.e2 ? formatPoint(box.e2) : '?';
  return `${type} ${p1}–${p2}`;
}

export function findMapDocumentSymbols(document: TextDocument, parsed: MapDocument, descriptor: MapDescriptor): DocumentSymbol[] {
  return parsed.queries.map((query) => {
    const range = nodeRange(document, query.node);
    const children: DocumentSymbol[] = [];
    for (const prop of query.fields.values()) {
      children.push({
        name: prop.field.name,
        kind: prop.field.kind === 'integer' ? SymbolKind.Number : prop.field.kind === 'type' ? SymbolKind.String : SymbolKind.Object,
        range: nodeRange(document, prop.property),
        selectionRange: nodeRange(document, prop.key),
      });
    }
    return {
      name: getQueryName(query, descriptor),
      detail: query.index >= 0 ? `query ${query.index + 1}` : 'map query',
      kind: SymbolKind.Object,
      range,
      selectionRange: { start: range.start, end: document.positionAt(query.node.offset + 1) },
      children,
    };
  });
}

export function getMapRunnableQueries(document: TextDocument, parsed: MapDocument): RunnableQuery[] {
  return parsed.queries.map((query) => ({
    kind: 'map',
    range: nodeRange(document, query.node),
    body: JSON.parse(JSON.stringify(getNodeValue(query.node))) as unknown,
  }));
}
