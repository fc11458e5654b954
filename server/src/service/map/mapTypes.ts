/**
 * Types of a map query's region, shared by the parser (which keeps a query's corners once read,
 * ./mapQueryParser.ts) and the code that reads them (./mapBox.ts) — a file of its own so that
 * neither imports the other.
 */
import type { Node } from 'jsonc-parser';

export type Axis = 'x' | 'y' | 'z';

export interface CornerNodes {
  /** The corner's value node (expected to be an object). */
  node: Node;
  /** The `"x": …` property per axis (last one wins; keys match case-insensitively as Go's decoder does). */
  axes: Record<Axis, Node | undefined>;
  /** Properties inside the corner that are not x, y or z. */
  unknown: Node[];
}

export interface Point {
  x: number;
  y: number;
  z: number;
}

export interface QueryBox {
  pos1?: CornerNodes;
  pos2?: CornerNodes;
  /** The corners as written, when all three coordinates are integers. */
  p1?: Point;
  p2?: Point;
  /**
   * The corners as the server reads them (web/mapobjects.go and Go's encoding/json): an omitted or null corner
   * is the field's default (±2048), a missing or null coordinate is 0. Undefined when a value would be rejected.
   */
  e1?: Point;
  e2?: Point;
}
