/**
 * Reading a query's region: the two corners (`pos1`, `pos2`) and their x/y/z coordinate nodes.
 * Coordinates are map blocks; a block b covers nodes 16·b … 16·b+15.
 */
import type { Node } from 'jsonc-parser';
import type { MapDescriptor } from './mapDescriptor';
import type { MapQuery } from './mapQueryParser';

export const AXES = ['x', 'y', 'z'] as const;
export type Axis = (typeof AXES)[number];

export interface CornerNodes {
  /** The corner's value node (expected to be an object). */
  node: Node;
  /** Coordinate value node per axis (last one wins; keys match case-insensitively as Go's decoder does). */
  axes: Partial<Record<Axis, { key: Node; value: Node | undefined }>>;
  /** Properties inside the corner that are not x, y or z. */
  unknown: Node[];
}

export function readCorner(node: Node | undefined): CornerNodes | undefined {
  if (!node || node.type !== 'object') return undefined;
  const corner: CornerNodes = { node, axes: {}, unknown: [] };
  for (const property of node.children ?? []) {
    const key = property.children?.[0];
    if (!key || typeof key.value !== 'string') continue;
    const axis = key.value.toLowerCase();
    if (axis === 'x' || axis === 'y' || axis === 'z') corner.axes[axis] = { key, value: property.children?.[1] };
    else corner.unknown.push(property);
  }
  return corner;
}

export interface Point { x: number; y: number; z: number }

/** The integer point a corner names, or undefined when any coordinate is missing or not an integer. */
export function cornerPoint(corner: CornerNodes | undefined): Point | undefined {
  if (!corner) return undefined;
  const out: Partial<Point> = {};
  for (const axis of AXES) {
    const v = corner.axes[axis]?.value;
    if (!v || v.type !== 'number' || !Number.isInteger(v.value)) return undefined;
    out[axis] = v.value as number;
  }
  return out as Point;
}

export interface QueryBox {
  pos1?: CornerNodes;
  pos2?: CornerNodes;
  p1?: Point;
  p2?: Point;
}

/** The query's corners, read once per parsed query and kept on it. */
export function readBox(query: MapQuery, descriptor: MapDescriptor): QueryBox {
  if (query.box) return query.box;
  const box: QueryBox = {};
  query.box = box;
  for (const field of descriptor.fields) {
    if (field.kind !== 'coordinates') continue;
    const corner = readCorner(query.fields.get(field.name)?.value);
    if (field.name === 'pos1') { box.pos1 = corner; box.p1 = cornerPoint(corner); }
    if (field.name === 'pos2') { box.pos2 = corner; box.p2 = cornerPoint(corner); }
  }
  return box;
}

/** Map block containing a node coordinate (floor division, as the server's converter does). */
export function nodeToBlock(node: number, blockSize: number): number {
  return Math.floor(node / blockSize);
}

/** Axes on which pos1 > pos2 (the server does not swap; such a box matches nothing). */
export function invertedAxes(p1: Point, p2: Point): Axis[] {
  return AXES.filter((a) => p1[a] > p2[a]);
}

export function isInBounds(p: Point, descriptor: MapDescriptor): boolean {
  return AXES.every((a) => p[a] >= descriptor.bounds.min && p[a] <= descriptor.bounds.max);
}

/** Number of map blocks in the box (0 when inverted). */
export function boxVolume(p1: Point, p2: Point): number {
  return AXES.reduce((acc, a) => acc * Math.max(0, p2[a] - p1[a] + 1), 1);
}

export function formatPoint(p: Point): string {
  return `(${p.x}, ${p.y}, ${p.z})`;
}
