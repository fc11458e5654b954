/**
 * Reading a query's region: the two corners (`pos1`, `pos2`) and their x/y/z coordinate nodes.
 * Coordinates are map blocks; a block b covers nodes 16·b … 16·b+15.
 */
import type { Node } from 'jsonc-parser';
import type { MapDescriptor } from './mapDescriptor';
import type { MapQuery } from './mapQueryParser';
import type { Axis, CornerNodes, Point, QueryBox } from './mapTypes';

export type { Axis, CornerNodes, Point, QueryBox };

export const AXES = ['x', 'y', 'z'] as const satisfies readonly Axis[];

const NO_PROPERTIES: Node[] = [];

export function readCorner(node: Node | undefined): CornerNodes | undefined {
  if (!node || node.type !== 'object') return undefined;
  const corner: CornerNodes = { node, axes: { x: undefined, y: undefined, z: undefined }, unknown: NO_PROPERTIES };
  for (const property of node.children ?? NO_PROPERTIES) {
    const children = property.children;
    const key = children?.[0];
    if (!key || typeof key.value !== 'string') continue;
    const name = key.value;
    const axis = name === 'x' || name === 'y' || name === 'z' ? name : name.toLowerCase();
    if (axis === 'x' || axis === 'y' || axis === 'z') corner.axes[axis] = property;
    else {
      if (corner.unknown === NO_PROPERTIES) corner.unknown = [];
      corner.unknown.push(property);
    }
  }
  return corner;
}

/** The value node of a corner's coordinate, if written. */
export function axisValue(corner: CornerNodes | undefined, axis: Axis): Node | undefined {
  return corner?.axes[axis]?.children?.[1];
}

function intValue(property: Node | undefined): number | undefined {
  const v = property?.children?.[1];
  return v && v.type === 'number' && Number.isInteger(v.value) ? (v.value as number) : undefined;
}

/** The integer point a corner names, or undefined when any coordinate is missing or not an integer. */
export function cornerPoint(corner: CornerNodes | undefined): Point | undefined {
  if (!corner) return undefined;
  const x = intValue(corner.axes.x);
  const y = intValue(corner.axes.y);
  const z = intValue(corner.axes.z);
  return x === undefined || y === undefined || z === undefined ? undefined : { x, y, z };
}

/** A corner as the server reads it; see QueryBox.e1. */
function effectivePoint(node: Node | undefined, corner: CornerNodes | undefined, fallback: Point | undefined): Point | undefined {
  if (!node || node.type === 'null') return fallback;
  if (!corner) return undefined;
  const p: Point = { x: 0, y: 0, z: 0 };
  for (const axis of AXES) {
    const v = axisValue(corner, axis);
    if (!v || v.type === 'null') continue;
    if (v.type !== 'number' || !Number.isInteger(v.value)) return undefined;
    p[axis] = v.value as number;
  }
  return p;
}

/** The query's corners, read once per parsed query and kept on it. */
export function readBox(query: MapQuery, descriptor: MapDescriptor): QueryBox {
  if (query.box) return query.box;
  const box: QueryBox = {};
  query.box = box;
  for (const field of descriptor.fields) {
    if (field.kind !== 'coordinates') continue;
    const property = query.fields.get(field.name);
    const value = property?.value;
    const corner = readCorner(value);
    // `"pos1":` without a value (being typed) is no corner yet.
    const effective = value === undefined && property ? undefined : effectivePoint(value, corner, field.default);
    if (field.name === 'pos1') {
      box.pos1 = corner;
      box.p1 = cornerPoint(corner);
      box.e1 = effective;
    }
    if (field.name === 'pos2') {
      box.pos2 = corner;
      box.p2 = cornerPoint(corner);
      box.e2 = effective;
    }
  }
  return box;
}

/** Map block containing a node coordinate (floor division, as the server's converter does). */
export function nodeToBlock(node: number, blockSize: number): number {
  return Math.floor(node / blockSize);
}

/** Axes on which pos1 > pos2 (the server does not swap; such a box matches nothing). */
export function invertedAxes(p1: Point, p2: Point): Axis[] {
  const axes: Axis[] = [];
  if (p1.x > p2.x) axes.push('x');
  if (p1.y > p2.y) axes.push('y');
  if (p1.z > p2.z) axes.push('z');
  return axes;
}

export function isInBounds(p: Point, descriptor: MapDescriptor): boolean {
  const { min, max } = descriptor.bounds;
  return p.x >= min && p.x <= max && p.y >= min && p.y <= max && p.z >= min && p.z <= max;
}

/** Number of map blocks in the box (0 when inverted). */
export function boxVolume(p1: Point, p2: Point): number {
  return Math.max(0, p2.x - p1.x + 1) * Math.max(0, p2.y - p1.y + 1) * Math.max(0, p2.z - p1.z + 1);
}

export function formatPoint(p: Point): string {
  return `(${p.x}, ${p.y}, ${p.z})`;
}
