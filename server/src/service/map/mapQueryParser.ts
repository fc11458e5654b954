/**
 * Parses a `*.mapquery.json` document once per version with jsonc-parser (the tolerant parser VS Code's
 * JSON support uses; it keeps offsets and tolerates comments) and groups each query object's
 * properties by the request field they set. Every feature takes this result.
 */
import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { MapDescriptor, MapFieldDescriptor } from './mapDescriptor';
import type { QueryBox } from './mapTypes';
import { MAX_JSON_DEPTH, type JsonTreeBuilder } from './mapJsonTree';

export { MAX_JSON_DEPTH };

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
  fields: QueryFields;
  /** Earlier properties for a field that a later one overrides. */
  overridden: readonly MapFieldProperty[];
  /** Properties that name no request field (the server ignores them). */
  unknown: readonly Node[];
  /** The corners, once read (see mapBox.ts `readBox`). */
  box?: QueryBox;
}

export interface MapDocument {
  text: string;
  root: Node | undefined;
  syntaxErrors: ParseError[];
  queries: MapQuery[];
  /** Values standing where a query object was expected (the root, or an array element). */
  notObjects: Node[];
  /**
   * Query objects of a root array past MAX_MAP_QUERIES: not collected, so nothing checks or lists them
   * (`first` is the first of them, `count` how many there are).
   */
  unchecked?: { first: Node; count: number };
  /**
   * Set when the text nests objects/arrays deeper than MAX_JSON_DEPTH: then nothing was parsed
   * (root undefined, no queries) and the features say so instead of recursing into it.
   */
  tooDeep?: { offset: number; limit: number };
}

/**
 * Most query objects collected from one document. A 9.9 MB document of real queries holds about 100,000;
 * 3,300,000 `{}` (9.9 MB) took the CLI to 3.1 GB and 52 s, each kept as a query with its fields and box.
 */
export const MAX_MAP_QUERIES = 200_000;

export { printParseErrorCode };

/**
 * A query's known fields by name, in the order first written (as a Map keeps them): a list the size of
 * what it holds, searched from its start (a query sets a few of the descriptor's handful of fields). A Map
 * per query held about 180 bytes even for one field: 37 MB over 200,000 `{"type":1}`.
 */
class QueryFields {
  constructor(private readonly list: readonly MapFieldProperty[]) {}

  get(name: string): MapFieldProperty | undefined {
    for (const property of this.list) if (property.field.name === name) return property;
    return undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  values(): readonly MapFieldProperty[] {
    return this.list;
  }
}

/**
 * What a query without fields, overrides or unknown properties shares: 200,000 `{}` each held an empty
 * map and two empty arrays (about 50 MB). Nothing adds to a collected query.
 */
const NO_FIELD_PROPERTIES: readonly MapFieldProperty[] = Object.freeze([]);
const NO_FIELDS = new QueryFields(NO_FIELD_PROPERTIES);
const NO_NODES: readonly Node[] = Object.freeze([]);

function collectQuery(node: Node, index: number, descriptor: MapDescriptor): MapQuery {
  let fields: MapFieldProperty[] | undefined;
  let overridden: MapFieldProperty[] | undefined;
  let unknown: Node[] | undefined;
  for (const property of node.children ?? []) {
    const key = property.children?.[0];
    if (!key || typeof key.value !== 'string') continue;
    // Go's encoding/json matches a key to a struct field exactly, else case-insensitively.
    const field = descriptor.fieldByName.get(key.value) ?? descriptor.fieldByFoldedName.get(key.value.toLowerCase());
    if (!field) {
      (unknown ??= []).push(property);
      continue;
    }
    const counted: MapFieldProperty = { field, property, key, value: property.children?.[1] };
    fields ??= [];
    let previous = fields.length - 1;
    while (previous >= 0 && fields[previous].field !== field) previous--;
    if (previous < 0) fields.push(counted);
    else {
      (overridden ??= []).push(fields[previous]);
      fields[previous] = counted;
    }
  }
  // sliced: an array grown by push reserves 16 slots at its first element
  return {
    node,
    index,
    fields: fields ? new QueryFields(fields.slice()) : NO_FIELDS,
    overridden: overridden ?? NO_FIELD_PROPERTIES,
    unknown: unknown ?? NO_NODES,
  };
}

/** Parse a document into its query objects, with the service's tree builder (mapJsonTree.ts). Never throws. */
export function parseMapDocument(document: TextDocument, descriptor: MapDescriptor, buildTree: JsonTreeBuilder): MapDocument {
  const text = document.getText();
  const syntaxErrors: ParseError[] = [];
  // A document nested too deep is not parsed at all (the builder finds it before any recursive parse).
  const { root, tooDeepAt } = buildTree(text, syntaxErrors);
  if (tooDeepAt !== undefined)
    return { text, root: undefined, syntaxErrors, queries: [], notObjects: [], tooDeep: { offset: tooDeepAt, limit: MAX_JSON_DEPTH } };
  const queries: MapQuery[] = [];
  const notObjects: Node[] = [];
  let unchecked: MapDocument['unchecked'];
  if (root) {
    if (root.type === 'object') {
      queries.push(collectQuery(root, -1, descriptor));
    } else if (root.type === 'array') {
      (root.children ?? []).forEach((element, i) => {
        if (element.type !== 'object') notObjects.push(element);
        else if (queries.length < MAX_MAP_QUERIES) queries.push(collectQuery(element, i, descriptor));
        else if (unchecked) unchecked.count++;
        else unchecked = { first: element, count: 1 };
      });
    } else {
      notObjects.push(root);
    }
  }
  return unchecked ? { text, root, syntaxErrors, queries, notObjects, unchecked } : { text, root, syntaxErrors, queries, notObjects };
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

/**
 * The property path (`pos1.x`) at `offset`: the names of the properties holding the last node of the tree
 * that starts at or before it (array indices left out), or null outside every property. Found by descending
 * the tree (children are in text order), not by walking the text again: the CLI asks it for each
 * diagnostic of a 10 MB document.
 */
export function propertyPathAt(root: Node | undefined, offset: number): string | null {
  if (!root || root.offset > offset) return null;
  const names: string[] = [];
  for (let node = root; ;) {
    const kids = node.children;
    if (!kids) break;
    let low = 0;
    let high = kids.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (kids[mid].offset <= offset) low = mid + 1;
      else high = mid;
    }
    if (low === 0) break;
    node = kids[low - 1];
    if (node.type === 'property') names.push(String(node.children![0].value));
  }
  return names.join('.') || null;
}
