/**
 * Parses a `*.mapquery.json` document once per version with jsonc-parser (the tolerant parser VS Code's
 * JSON support uses; it keeps offsets and tolerates comments) and groups each query object's
 * properties by the request field they set. Every feature takes this result.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { MapDescriptor, MapFieldDescriptor } from './mapDescriptor';

/** One property of a query object that names a known request field. */
export interface MapFieldProperty {
  field: MapFieldDescriptor;
  /** The `"key": value` property node. */
  property: Node;
  key: Node;
  /** Undefined when the property has no value yet (`"type":`). */
  value: Node | undefined;
}

export interface MapQuery {
  /** The query object node. */
  node: Node;
  /** Index within a root array, or -1 when the document is a single object. */
  index: number;
  /** Known field → the property that counts (Go's decoder keeps the last one written). */
  fields: Map<string, MapFieldProperty>;
  /** Earlier properties for a field that a later one overrides. */
  overridden: MapFieldProperty[];
  /** Properties that name no request field (the server ignores them). */
  unknown: Node[];
}

export interface MapDocument {
  text: string;
  root: Node | undefined;
  syntaxErrors: ParseError[];
  queries: MapQuery[];
  /** Values standing where a query object was expected (the root, or an array element). */
  notObjects: Node[];
}

export { printParseErrorCode };

function collectQuery(node: Node, index: number, descriptor: MapDescriptor): MapQuery {
  const query: MapQuery = { node, index, fields: new Map(), overridden: [], unknown: [] };
  for (const property of node.children ?? []) {
    const key = property.children?.[0];
    if (!key || typeof key.value !== 'string') continue;
    // Go's encoding/json matches a key to a struct field exactly, else case-insensitively.
    const field = descriptor.fieldByName.get(key.value) ?? descriptor.fieldByFoldedName.get(key.value.toLowerCase());
    if (!field) {
      query.unknown.push(property);
      continue;
    }
    const previous = query.fields.get(field.name);
    if (previous) query.overridden.push(previous);
    query.fields.set(field.name, { field, property, key, value: property.children?.[1] });
  }
  return query;
}

/** Parse a document into its query objects. Never throws. */
export function parseMapDocument(document: TextDocument, descriptor: MapDescriptor): MapDocument {
  const text = document.getText();
  const syntaxErrors: ParseError[] = [];
  const root = parseTree(text, syntaxErrors, { allowTrailingComma: false, disallowComments: false });
  const queries: MapQuery[] = [];
  const notObjects: Node[] = [];
  if (root) {
    if (root.type === 'object') {
      queries.push(collectQuery(root, -1, descriptor));
    } else if (root.type === 'array') {
      (root.children ?? []).forEach((element, i) => {
        if (element.type === 'object') queries.push(collectQuery(element, i, descriptor));
        else notObjects.push(element);
      });
    } else {
      notObjects.push(root);
    }
  }
  return { text, root, syntaxErrors, queries, notObjects };
}

/** The property `name` of an object node (last one wins), as key and value. */
export function getProperty(object: Node | undefined, name: string): { property: Node; key: Node; value: Node | undefined } | undefined {
  if (!object || object.type !== 'object') return undefined;
  let found: { property: Node; key: Node; value: Node | undefined } | undefined;
  for (const property of object.children ?? []) {
    const key = property.children?.[0];
    if (key && key.value === name) found = { property, key, value: property.children?.[1] };
  }
  return found;
}

/** Integer value of a node when it is a JSON integer, else undefined. */
export function integerValue(node: Node | undefined): number | undefined {
  return node && node.type === 'number' && Number.isInteger(node.value) ? (node.value as number) : undefined;
}
