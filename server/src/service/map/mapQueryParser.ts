/**
 * Parses a `*.mapquery.json` document once per version with jsonc-parser (the tolerant parser VS Code's
 * JSON support uses; it keeps offsets and tolerates comments) and groups each query object's
 * properties by the request field they set. Every feature takes this result.
 */
import { printParseErrorCode, visit, type Node, type ParseError } from 'jsonc-parser';
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
  /** The corners, once read (see mapBox.ts `readBox`). */
  box?: import('./mapBox').QueryBox;
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
  const root = buildTree(text, syntaxErrors);
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

/**
 * The same tree as jsonc-parser's `parseTree` (object / array / property / literal nodes with offsets),
 * built from its `visit` events. `parseTree` adds parent links and grows every property's child array
 * one push at a time, which makes it about twice as slow on large documents; nothing here needs parents.
 * A key whose value never came (`{"type": }`) still gets a property node, with the key as only child.
 */
type BuildNode = { -readonly [K in keyof Node]: Node[K] };

export function buildTree(text: string, errors: ParseError[]): Node | undefined {
  const containers: BuildNode[] = [];
  /** For each open container: the property holding it (or undefined), to fix its length at the end. */
  const holders: Array<BuildNode | undefined> = [];
  let top: BuildNode | undefined;
  let result: Node | undefined;
  let pendingKey: Node | undefined;
  let colon = -1;

  const flushKey = (end: number): void => {
    if (pendingKey && top) {
      const property: BuildNode = { type: 'property', offset: pendingKey.offset, length: end - pendingKey.offset, children: [pendingKey], colonOffset: colon >= 0 ? colon : undefined };
      top.children!.push(property);
    }
    pendingKey = undefined;
    colon = -1;
  };
  const attach = (node: BuildNode): BuildNode | undefined => {
    if (pendingKey && top?.type === 'object') {
      const property: BuildNode = { type: 'property', offset: pendingKey.offset, length: node.offset + node.length - pendingKey.offset, children: [pendingKey, node], colonOffset: colon >= 0 ? colon : undefined };
      top.children!.push(property);
      pendingKey = undefined;
      colon = -1;
      return property;
    }
    if (top) top.children!.push(node);
    else if (!result) result = node;
    return undefined;
  };
  const open = (type: 'object' | 'array', offset: number): void => {
    const node: BuildNode = { type, offset, length: -1, children: [] };
    holders.push(attach(node));
    if (top) containers.push(top);
    top = node;
  };
  const close = (offset: number, length: number): void => {
    flushKey(offset + length);
    const node = top!;
    node.length = offset + length - node.offset;
    top = containers.pop();
    const holder = holders.pop();
    if (holder) holder.length = node.offset + node.length - holder.offset;
  };
  visit(text, {
    onObjectBegin: (offset) => open('object', offset),
    onObjectProperty: (name, offset, length) => {
      flushKey(offset);
      pendingKey = { type: 'string', value: name, offset, length };
    },
    onObjectEnd: close,
    onArrayBegin: (offset) => open('array', offset),
    onArrayEnd: close,
    onLiteralValue: (value, offset, length) => {
      attach({ type: value === null ? 'null' : typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean', offset, length, value });
    },
    onSeparator: (separator, offset) => {
      if (separator === ':') colon = offset;
      else flushKey(offset);
    },
    onError: (error, offset, length) => {
      errors.push({ error, offset, length });
    },
  }, { allowTrailingComma: false, disallowComments: false });
  // Unclosed containers at the end of the text (errors already reported): give them their extent.
  while (top) close(text.length, 0);
  return result;
}
