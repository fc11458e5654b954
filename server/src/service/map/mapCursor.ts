/**
 * "Where is the cursor?" asked once: the answer is a small discriminated union that completion and
 * hover switch on (the JSON service's getNodePath idea). Built on jsonc-parser's `getLocation`,
 * which also understands half-typed JSON.
 */
import { getLocation, type Node } from 'jsonc-parser';
import type { Axis } from './mapBox';
import type { MapDescriptor, MapFieldDescriptor } from './mapDescriptor';
import type { MapDocument, MapQuery } from './mapQueryParser';

/** Where an edit at the cursor goes: the text to replace (offsets), and whether a `,` must precede it. */
export interface EditSpot {
  start: number;
  end: number;
  /** The cursor is after a complete value: a new property needs a comma first. */
  needsComma: boolean;
  /** A `:` already follows the key being typed: insert the key only. */
  hasColon: boolean;
}

export type MapCursor =
  | { kind: 'document'; spot: EditSpot }
  | { kind: 'fieldKey'; query: MapQuery; name: string; field?: MapFieldDescriptor; spot: EditSpot }
  | { kind: 'fieldValue'; query: MapQuery; field: MapFieldDescriptor; value?: Node; spot: EditSpot }
  | { kind: 'coordinateKey'; query: MapQuery; field: MapFieldDescriptor; name: string; spot: EditSpot }
  | { kind: 'coordinateValue'; query: MapQuery; field: MapFieldDescriptor; axis: Axis; value?: Node; spot: EditSpot }
  | { kind: 'attributeLikeKey'; query: MapQuery; name: string; spot: EditSpot }
  | { kind: 'attributeLikeValue'; query: MapQuery; which: 'key' | 'value'; value?: Node; spot: EditSpot }
  | { kind: 'none' };

function hasColonAfter(text: string, end: number): boolean {
  let i = end;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return text[i] === ':';
}

export function getMapCursor(parsed: MapDocument, descriptor: MapDescriptor, offset: number): MapCursor {
  const text = parsed.text;
  const location = getLocation(text, offset);
  const prev = location.previousNode;
  let prevEnd = prev ? prev.offset + prev.length : -1;
  // An unterminated string runs to the end of the line: replace only up to the cursor.
  if (prev && text[prev.offset] === '"' && (prev.length < 2 || text[prevEnd - 1] !== '"') && offset >= prev.offset && offset <= prevEnd)
    prevEnd = offset;
  // Inside the node before the cursor (a key or value being typed), or after it.
  const inside = !!prev && offset >= prev.offset && offset <= prevEnd;
  const spot: EditSpot = inside
    ? { start: prev!.offset, end: prevEnd, needsComma: false, hasColon: location.isAtPropertyKey && hasColonAfter(text, prevEnd) }
    : { start: offset, end: offset, needsComma: !!prev && prevEnd <= offset, hasColon: false };

  const path = location.path;
  if (!parsed.root || path.length === 0) return text.trim() === '' || !parsed.root ? { kind: 'document', spot } : { kind: 'none' };

  let query: MapQuery | undefined;
  let rest = path;
  if (parsed.root.type === 'array') {
    query = parsed.queries.find((q) => q.index === path[0]);
    rest = path.slice(1);
  } else if (parsed.root.type === 'object') {
    query = parsed.queries[0];
  }
  if (!query || rest.length === 0) return { kind: 'none' };

  // After a complete object/array value (getLocation reports no previous node for those): a new key goes here.
  if (!location.isAtPropertyKey && !inside && !spot.needsComma) {
    const container = rest.length === 1 ? query.node : findProperty(query.node, String(rest[0]))?.children?.[1];
    const value = findProperty(container, String(rest[rest.length - 1]))?.children?.[1];
    if (value && value.offset + value.length <= offset) spot.needsComma = true;
  }
  const head = String(rest[0]);
  const field = descriptor.fieldByName.get(head) ?? descriptor.fieldByFoldedName.get(head.toLowerCase());
  const afterValue = spot.needsComma && !location.isAtPropertyKey;
  if (rest.length === 1) {
    if (location.isAtPropertyKey || afterValue)
      return { kind: 'fieldKey', query, name: afterValue ? '' : head, field: afterValue ? undefined : field, spot };
    if (!field) return { kind: 'none' };
    let value = inside ? nodeAt(parsed, prev!.offset) : undefined;
    if (!value) {
      // On the brace of an object/array value (getLocation names no node for those).
      const v = findProperty(query.node, head)?.children?.[1];
      if (v && offset >= v.offset && offset < v.offset + v.length) {
        value = v;
        spot.start = v.offset;
        spot.end = v.offset + v.length;
      }
    }
    return { kind: 'fieldValue', query, field, value, spot };
  }
  if (!field) return { kind: 'none' };
  const sub = String(rest[1]);
  if (rest.length === 2 && field.kind === 'coordinates') {
    if (location.isAtPropertyKey || afterValue) return { kind: 'coordinateKey', query, field, name: afterValue ? '' : sub, spot };
    const axis = sub.toLowerCase();
    if (axis !== 'x' && axis !== 'y' && axis !== 'z') return { kind: 'none' };
    return { kind: 'coordinateValue', query, field, axis, value: inside ? nodeAt(parsed, prev!.offset) : undefined, spot };
  }
  if (rest.length === 2 && field.kind === 'attributelike') {
    if (location.isAtPropertyKey || afterValue) return { kind: 'attributeLikeKey', query, name: afterValue ? '' : sub, spot };
    const which = sub.toLowerCase();
    if (which !== 'key' && which !== 'value') return { kind: 'none' };
    return { kind: 'attributeLikeValue', query, which, value: inside ? nodeAt(parsed, prev!.offset) : undefined, spot };
  }
  return { kind: 'none' };
}

/** The innermost tree node starting at `offset` (the value under the cursor). */
function nodeAt(parsed: MapDocument, offset: number): Node | undefined {
  let node = parsed.root;
  let found: Node | undefined;
  while (node) {
    if (node.offset === offset && node.type !== 'property') found = node;
    const next: Node | undefined = node.children?.find((c) => offset >= c.offset && offset < c.offset + c.length);
    node = next;
  }
  return found;
}

function findProperty(object: Node | undefined, name: string): Node | undefined {
  let found: Node | undefined;
  for (const property of object?.type === 'object' ? (object.children ?? []) : []) {
    if (property.children?.[0]?.value === name) found = property;
  }
  return found;
}
