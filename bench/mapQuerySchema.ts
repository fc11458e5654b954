// The peer's view of a map query: a JSON Schema equivalent to our descriptor's checks that a schema
// can express (integers within map-block bounds, required fields, the type enum). Used only by the
// benchmark, to measure vscode-json-languageservice on the same documents.
import * as fs from 'node:fs';
import * as path from 'node:path';

// bench/run.js runs a bundle from a temporary directory and says where the project is.
const root = process.env.WIKIMAP_BENCH_ROOT ?? path.join(__dirname, '..');
const descriptor = JSON.parse(fs.readFileSync(path.join(root, 'descriptors', 'mapserver', 'mapobjects.json'), 'utf8'));
const typeNames: string[] = Array.isArray(descriptor.types)
  ? descriptor.types.map((t: any) => t.name)
  : Object.keys(descriptor.types ?? {});

const BOUND = 2048;
const coordinate = { type: 'integer', minimum: -BOUND, maximum: BOUND };
const position = {
  type: 'object',
  required: ['x', 'y', 'z'],
  properties: { x: coordinate, y: coordinate, z: coordinate },
};

export const mapQuerySchema = {
  type: 'object',
  required: ['pos1', 'pos2', 'type'],
  properties: {
    pos1: position,
    pos2: position,
    type: { type: 'string', enum: typeNames },
    attributelike: { type: 'object', required: ['key', 'value'], properties: { key: { type: 'string' }, value: { type: 'string' } } },
    limit: { type: 'integer', minimum: 1 },
  },
};
