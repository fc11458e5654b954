/**
 * The map-server descriptor: request fields and object types with their attribute keys, as data
 * (`descriptors/mapserver/mapobjects.json`). `createMapDescriptor` validates the JSON once and
 * indexes it, so every feature does lookups only. The caller reads the file; this layer has no I/O.
 */
import { isObject } from '../../../../common/isObject';

export type MapFieldKind = 'coordinates' | 'type' | 'attributelike' | 'integer';

export interface MapFieldDescriptor {
  name: string;
  kind: MapFieldKind;
  required: boolean;
  description: string;
  /** What the server uses when the field is omitted or null (pos1/pos2: web/mapobjects.go fills ±2048). */
  default?: { x: number; y: number; z: number };
}

export interface MapAttributeDescriptor {
  name: string;
  description: string;
  /** Known values, when the attribute takes one of a few (e.g. shop `type`). */
  values?: string[];
}

export interface MapTypeDescriptor {
  name: string;
  description: string;
  attributes: MapAttributeDescriptor[];
  /**
   * The switches of the server's `mapobjects` config (mapserver.json, published by `GET /api/config`) that
   * make it index this type; the type is indexed when any of them is on (mapobject/setup.go).
   */
  configKeys: string[];
}

/** A layer of the map server (types/layer.go): map blocks with from ≤ y ≤ to are indexed. */
export interface MapLayer {
  id: number;
  name: string;
  /** Lowest map-block y (inclusive). */
  from: number;
  /** Highest map-block y (inclusive). */
  to: number;
}

export interface MapDescriptor {
  version: number;
  /** Nodes per map block along each axis (16). */
  blockSize: number;
  /** Declared map-block bounds (inclusive) on every axis. */
  bounds: { min: number; max: number };
  /** A world spans ±worldLimitNodes nodes (Luanti's mapgen limit). */
  worldLimitNodes: number;
  /** Rows the server returns when the query has no `limit`. */
  defaultLimit: number;
  /** Region volume (map blocks) above which, without `limit`, results are likely cut. */
  largeRegionBlocks: number;
  fields: MapFieldDescriptor[];
  types: MapTypeDescriptor[];
  /** The layers of a server with the default config (app/config.go). */
  layers: MapLayer[];
  /** The default `mapobjects` switches (app/config.go), as `GET /api/config` publishes them. */
  mapobjects: Record<string, boolean>;
  /** Index: field name → field. */
  fieldByName: Map<string, MapFieldDescriptor>;
  /** Index: lower-cased field name → field (Go's JSON decoder matches keys case-insensitively). */
  fieldByFoldedName: Map<string, MapFieldDescriptor>;
  /** Index: type name → type. */
  typeByName: Map<string, MapTypeDescriptor>;
  /** Every attribute key of any type, for `attributelike.key` when the type is unknown. */
  allAttributeKeys: string[];
}

const FIELD_KINDS: MapFieldKind[] = ['coordinates', 'type', 'attributelike', 'integer'];

/** Thrown when the descriptor JSON is not what the map service needs; the message says where and what to fix. */
export class MapDescriptorError extends Error {
  constructor(where: string, problem: string) {
    super(`Map descriptor: ${where}: ${problem}. Fix descriptors/mapserver/mapobjects.json (see its README).`);
    this.name = 'MapDescriptorError';
  }
}

/** One entry of a type's `attributes`: name, description, and the known values when listed. */
function readAttribute(a: unknown, aw: string): MapAttributeDescriptor {
  if (!isObject(a)) throw new MapDescriptorError(aw, 'expected an object {"name", "description"}');
  const attr: MapAttributeDescriptor = { name: requireString(a, 'name', aw), description: requireString(a, 'description', aw) };
  if (a.values !== undefined) {
    if (!Array.isArray(a.values) || !a.values.every((v) => typeof v === 'string'))
      throw new MapDescriptorError(aw, '"values" must be an array of strings');
    attr.values = a.values as string[];
  }
  return attr;
}

function requireString(obj: Record<string, unknown>, key: string, where: string): string {
  const value = obj[key];
  if (typeof value !== 'string' || value === '') throw new MapDescriptorError(where, `"${key}" must be a non-empty string`);
  return value;
}

function requireInteger(obj: Record<string, unknown>, key: string, where: string): number {
  const value = obj[key];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new MapDescriptorError(where, `"${key}" must be an integer`);
  return value;
}

/** Validate and index a descriptor (the parsed JSON of `descriptors/mapserver/mapobjects.json`). */
function readField(raw: unknown, where: string): MapFieldDescriptor {
  if (!isObject(raw)) throw new MapDescriptorError(where, 'expected an object');
  const name = requireString(raw, 'name', where);
  const kind = requireString(raw, 'kind', where) as MapFieldKind;
  if (!FIELD_KINDS.includes(kind)) throw new MapDescriptorError(where, `"kind" must be one of ${FIELD_KINDS.join(', ')}`);
  if (typeof raw.required !== 'boolean') throw new MapDescriptorError(where, '"required" must be true or false');
  const field: MapFieldDescriptor = { name, kind, required: raw.required, description: requireString(raw, 'description', where) };
  if (raw.default !== undefined) {
    if (kind !== 'coordinates' || !isObject(raw.default))
      throw new MapDescriptorError(where, '"default" must be a point {"x", "y", "z"} on a coordinates field');
    const d = raw.default;
    field.default = {
      x: requireInteger(d, 'x', `${where}.default`),
      y: requireInteger(d, 'y', `${where}.default`),
      z: requireInteger(d, 'z', `${where}.default`),
    };
  }
  return field;
}

/** One map-object type; its attribute names are added to `allKeys`. */
function readType(raw: unknown, where: string, allKeys: Set<string>): MapTypeDescriptor {
  if (!isObject(raw)) throw new MapDescriptorError(where, 'expected an object');
  const name = requireString(raw, 'name', where);
  if (!Array.isArray(raw.attributes)) throw new MapDescriptorError(`type "${name}"`, '"attributes" must be an array');
  const attributes: MapAttributeDescriptor[] = raw.attributes.map((a, j) => {
    const attr = readAttribute(a, `type "${name}" attributes[${j}]`);
    allKeys.add(attr.name);
    return attr;
  });
  const configKeys = raw.configKeys;
  if (!Array.isArray(configKeys) || configKeys.length === 0 || !configKeys.every((k) => typeof k === 'string' && k)) {
    throw new MapDescriptorError(`type "${name}"`, '"configKeys" must list the mapobjects switches that enable it');
  }
  const type: MapTypeDescriptor = {
    name,
    description: requireString(raw, 'description', where),
    attributes,
    configKeys: configKeys as string[],
  };
  return type;
}

export function createMapDescriptor(json: unknown): MapDescriptor {
  if (!isObject(json)) throw new MapDescriptorError('top level', 'expected a JSON object');
  const version = requireInteger(json, 'version', 'top level');
  if (version !== 1) throw new MapDescriptorError('top level', `unsupported "version" ${version}; this build reads version 1`);
  const blockSize = requireInteger(json, 'blockSize', 'top level');
  if (blockSize <= 0) throw new MapDescriptorError('top level', '"blockSize" must be positive');
  const boundsRaw = json.bounds;
  if (!isObject(boundsRaw)) throw new MapDescriptorError('top level', '"bounds" must be an object {"min", "max"}');
  const bounds = { min: requireInteger(boundsRaw, 'min', 'bounds'), max: requireInteger(boundsRaw, 'max', 'bounds') };
  if (bounds.min > bounds.max) throw new MapDescriptorError('bounds', '"min" must not exceed "max"');
  const worldLimitNodes = requireInteger(json, 'worldLimitNodes', 'top level');
  const defaultLimit = requireInteger(json, 'defaultLimit', 'top level');
  const largeRegionBlocks = requireInteger(json, 'largeRegionBlocks', 'top level');

  if (!Array.isArray(json.fields)) throw new MapDescriptorError('top level', '"fields" must be an array');
  const fields: MapFieldDescriptor[] = [];
  const fieldByName = new Map<string, MapFieldDescriptor>();
  const fieldByFoldedName = new Map<string, MapFieldDescriptor>();
  json.fields.forEach((raw, i) => {
    const where = `fields[${i}]`;
    const field = readField(raw, where);
    const name = field.name;
    if (fieldByName.has(name)) throw new MapDescriptorError(where, `field "${name}" is listed twice`);
    fields.push(field);
    fieldByName.set(name, field);
    fieldByFoldedName.set(name.toLowerCase(), field);
  });
  for (const kind of ['coordinates', 'type'] as const) {
    if (!fields.some((f) => f.kind === kind)) throw new MapDescriptorError('fields', `needs a field of kind "${kind}"`);
  }

  if (!Array.isArray(json.types)) throw new MapDescriptorError('top level', '"types" must be an array');
  const types: MapTypeDescriptor[] = [];
  const typeByName = new Map<string, MapTypeDescriptor>();
  const allKeys = new Set<string>();
  json.types.forEach((raw, i) => {
    const where = `types[${i}]`;
    const type = readType(raw, where, allKeys);
    if (typeByName.has(type.name)) throw new MapDescriptorError(where, `type "${type.name}" is listed twice`);
    types.push(type);
    typeByName.set(type.name, type);
  });

  const layers = readLayers(json.layers, 'layers');
  if (!isObject(json.mapobjects) || !Object.values(json.mapobjects).every((v) => typeof v === 'boolean')) {
    throw new MapDescriptorError('top level', '"mapobjects" must be an object of switches (name → true/false)');
  }
  const mapobjects = json.mapobjects as Record<string, boolean>;
  for (const type of types) {
    for (const key of type.configKeys)
      if (!(key in mapobjects)) throw new MapDescriptorError(`type "${type.name}"`, `config key "${key}" is not in "mapobjects"`);
  }

  return {
    version,
    blockSize,
    bounds,
    worldLimitNodes,
    defaultLimit,
    largeRegionBlocks,
    fields,
    types,
    layers,
    mapobjects,
    fieldByName,
    fieldByFoldedName,
    typeByName,
    allAttributeKeys: [...allKeys].sort(),
  };
}

/** Validates a list of layers (the descriptor's, or a server's `GET /api/config` answer). */
export function readLayers(raw: unknown, where: string): MapLayer[] {
  if (!Array.isArray(raw) || raw.length === 0)
    throw new MapDescriptorError(where, 'expected a non-empty array of layers {"id", "name", "from", "to"}');
  return raw.map((l, i) => {
    const w = `${where}[${i}]`;
    if (!isObject(l)) throw new MapDescriptorError(w, 'expected an object {"id", "name", "from", "to"}');
    const layer: MapLayer = {
      id: requireInteger(l, 'id', w),
      name: typeof l.name === 'string' ? l.name : '',
      from: requireInteger(l, 'from', w),
      to: requireInteger(l, 'to', w),
    };
    return layer;
  });
}
