/**
 * Diagnostics for map-object queries: one pass over each query object's parsed properties.
 * Codes and severities: ./mapDiagnostics.ts. What the real server does with each mistake is in
 * descriptors/mapserver/README.md.
 */
import type { Node } from 'jsonc-parser';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { LanguageSettings, TextDocument } from '../languageTypes';
import {
  AXES,
  boxVolume,
  formatPoint,
  invertedAxes,
  isInBounds,
  nodeToBlock,
  readBox,
  readCorner,
  type CornerNodes,
  type Point,
} from './mapBox';
import type { MapDescriptor } from './mapDescriptor';
import {
  defaultMapServerConfig,
  describeLayers,
  describeSwitches,
  rangeTouchesLayers,
  serverLabel,
  type MapServerConfig,
} from './mapServerConfig';
import { DiagnosticSink } from './mapDiagnostics';
import { MAX_MAP_QUERIES, printParseErrorCode, type MapDocument, type MapFieldProperty, type MapQuery } from './mapQueryParser';
import { suggestMapNames } from './mapSuggestions';

function rangeOf(document: TextDocument, node: { offset: number; length: number }): Range {
  return { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) };
}

/** What a non-integer JSON value is, for messages. */
export function describeValue(node: Node | undefined): string {
  if (!node) return 'nothing';
  switch (node.type) {
    case 'number':
      return `the number ${node.value}`;
    case 'string':
      return `the string ${JSON.stringify(node.value)}`;
    case 'null':
      return 'null';
    case 'boolean':
      return String(node.value);
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return 'nothing';
  }
}

/** The " Did you mean …?" tail of a message (empty without suggestions). */
function didYouMeanText(suggestions: string[]): string {
  if (suggestions.length === 0) return '';
  return ` Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?`;
}

/**
 * What the validator of one map language service remembers between calls (created with the service):
 * misspelt types repeat across a document, so their suggestions are kept (at most 1000 names).
 */
export interface MapValidationState {
  typeSuggestions: Map<string, string[]>;
}

export function createMapValidationState(): MapValidationState {
  return { typeSuggestions: new Map() };
}

export function doMapValidation(
  document: TextDocument,
  parsed: MapDocument,
  descriptor: MapDescriptor,
  state: MapValidationState,
  settings?: LanguageSettings,
  config: MapServerConfig = defaultMapServerConfig(descriptor),
): Diagnostic[] {
  const sink = new DiagnosticSink(settings);
  const full = settings?.maxFullCheckSize === undefined || parsed.text.length <= settings.maxFullCheckSize;

  // Only the first syntax error: later ones mostly follow from it, and the server too stops at the first.
  if (parsed.tooDeep) {
    sink.add(
      'toodeep',
      rangeOf(document, { offset: parsed.tooDeep.offset, length: 1 }),
      `Nested deeper than ${parsed.tooDeep.limit} levels: this is not a map query (queries nest two levels), so it is not checked further.`,
    );
    return sink.diagnostics;
  }
  const firstError = parsed.syntaxErrors[0];
  if (firstError) {
    sink.add(
      'invalidjson',
      rangeOf(document, { offset: firstError.offset, length: firstError.length }),
      `Invalid JSON: ${syntaxProblem(printParseErrorCode(firstError.error))}. Fix the syntax: the map server answers invalid JSON with HTTP 500 and a plain-text error.`,
    );
  }
  if (!parsed.root && parsed.syntaxErrors.length === 0) {
    sink.add(
      'invalidjson',
      rangeOf(document, { offset: 0, length: 0 }),
      'The document is empty. Write a query object such as {"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}.',
    );
  }
  for (const node of parsed.notObjects) {
    if (sink.full) {
      sink.count('notanobject');
      continue;
    }
    sink.add(
      'notanobject',
      rangeOf(document, node),
      `Expected a query object {"pos1", "pos2", "type"} here, found ${describeValue(node)}. A file holds one query object or an array of them.`,
    );
  }
  if (parsed.unchecked) {
    const { first, count } = parsed.unchecked;
    sink.add(
      'toomanyqueries',
      rangeOf(document, { offset: first.offset, length: 1 }),
      `This query and the ${count - 1} after it are not checked: a document gets at most ${MAX_MAP_QUERIES} queries checked. Split the file.`,
      { unchecked: count },
    );
  }
  const complete = parsed.syntaxErrors.length === 0;
  for (const query of parsed.queries) validateQuery(document, query, descriptor, state, sink, full, complete, config);
  return sink.diagnostics;
}

/** jsonc-parser's error code as words. */
function syntaxProblem(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words === 'invalid symbol' ? 'unexpected character' : words;
}

/** Required fields that are missing, and corners the server fills with its default (only once the JSON is complete). */
function checkMissingFields(document: TextDocument, query: MapQuery, descriptor: MapDescriptor, sink: DiagnosticSink): void {
  for (const field of descriptor.fields) {
    if (field.required && !query.fields.has(field.name)) {
      sink.add(
        'missingfield',
        rangeOf(document, { offset: query.node.offset, length: 1 }),
        `Missing "${field.name}": the server needs ${fieldNeed(field.name, descriptor)}. Add it.`,
        { field: field.name },
      );
    }
    // web/mapobjects.go: a nil pos1/pos2 (omitted, or null) becomes ±2048 map blocks.
    const value = query.fields.get(field.name)?.value;
    if (field.default && (!query.fields.has(field.name) || value?.type === 'null')) {
      const at = value ?? { offset: query.node.offset, length: 1 };
      const how = value ? `"${field.name}": null is read as omitted` : `No "${field.name}"`;
      sink.add(
        'defaultcorner',
        rangeOf(document, at),
        `${how}: the server searches ${field.name === 'pos1' ? 'from' : 'up to'} map block ${formatPoint(field.default)} (its default), i.e. ${field.name === 'pos1' ? 'from the bottom corner' : 'to the top corner'} of the whole map. Give "${field.name}" to narrow the search.`,
        { field: field.name, default: field.default },
      );
    }
  }
}

function validateQuery(
  document: TextDocument,
  query: MapQuery,
  descriptor: MapDescriptor,
  state: MapValidationState,
  sink: DiagnosticSink,
  full: boolean,
  complete: boolean,
  config: MapServerConfig,
): void {
  // While the JSON is broken (being typed), a missing field is not news yet.
  if (complete) checkMissingFields(document, query, descriptor, sink);
  for (const prop of query.overridden) {
    sink.add(
      'duplicatefield',
      rangeOf(document, prop.key),
      `"${prop.field.name}" is set again later in this object; only the last one counts. Remove one of them.`,
      { field: prop.field.name },
    );
  }
  for (const property of query.unknown) {
    const key = property.children![0];
    const name = key.value as string;
    const suggestions = full
      ? suggestMapNames(
          name,
          descriptor.fields.map((f) => f.name),
        )
      : [];
    sink.add('unknownfield', rangeOf(document, key), `Unknown field "${name}": the map server ignores it.${didYouMeanText(suggestions)}`, {
      field: name,
      suggestions,
    });
  }
  for (const prop of query.fields.values()) {
    if (prop.key.value !== prop.field.name) {
      sink.add(
        'fieldcase',
        rangeOf(document, prop.key),
        `Write "${prop.field.name}": the server's JSON decoder matches "${prop.key.value}" case-insensitively, but other tools will not.`,
        { field: prop.field.name, suggestions: [prop.field.name] },
      );
    }
    if (!prop.value) continue; // `"key":` without a value: already a syntax error
    switch (prop.field.kind) {
      case 'coordinates': {
        const box = readBox(query, descriptor);
        validateCorner(
          document,
          prop,
          prop.field.name === 'pos1' ? box.pos1 : prop.field.name === 'pos2' ? box.pos2 : readCorner(prop.value),
          sink,
        );
        break;
      }
      case 'type':
        validateType(document, prop, descriptor, state, sink, full, config);
        break;
      case 'attributelike':
        validateAttributeLike(document, prop, query, descriptor, sink, full);
        break;
      case 'integer':
        validateLimit(document, prop, sink, descriptor);
        break;
    }
  }
  validateBox(document, query, descriptor, sink, config, complete);
}

function fieldNeed(name: string, descriptor: MapDescriptor): string {
  const field = descriptor.fieldByName.get(name);
  if (field?.kind === 'coordinates') return `both corners of the region in map blocks, e.g. "${name}": {"x": 0, "y": 0, "z": 0}`;
  if (field?.kind === 'type') return 'the object type, e.g. "type": "bones" (without it nothing matches)';
  return 'this field';
}

function valueOrKeyRange(document: TextDocument, prop: MapFieldProperty): Range {
  return rangeOf(document, prop.value ?? prop.key);
}

/**
 * The server decodes coordinates and `limit` into Go ints: only a plain integer literal is accepted
 * (`1.0`, `1e3` and numbers beyond 64 bits are rejected, though JSON calls them numbers).
 */
function isGoInt(node: Node, document: TextDocument): boolean {
  if (node.type !== 'number' || !Number.isSafeInteger(node.value)) return false;
  const text = document.getText();
  for (let i = node.offset, end = node.offset + node.length; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e /* . */ || c === 0x65 /* e */ || c === 0x45 /* E */) return false;
  }
  return true;
}

function validateCorner(document: TextDocument, prop: MapFieldProperty, corner: CornerNodes | undefined, sink: DiagnosticSink): void {
  const name = prop.field.name;
  if (prop.value?.type === 'null') return; // a nil pointer: the default corner (reported as defaultcorner)
  if (!corner) {
    sink.add(
      'notanobject',
      valueOrKeyRange(document, prop),
      `"${name}" must be an object of integers {"x", "y", "z"} in map blocks, not ${describeValue(prop.value)}.`,
      { field: name },
    );
    return;
  }
  for (const axis of AXES) {
    const entry = corner.axes[axis];
    if (!entry) {
      // Go's decoder leaves an absent int field at its zero value.
      sink.add(
        'missingcoordinate',
        rangeOf(document, prop.key),
        `"${name}" has no "${axis}": the server reads it as 0 (map block 0). Give all of x, y and z in map blocks.`,
        { field: name, axis },
      );
      continue;
    }
    const key = entry.children![0];
    if (key.value !== axis) {
      sink.add(
        'fieldcase',
        rangeOf(document, key),
        `Write "${axis}": the server's JSON decoder matches "${key.value}" case-insensitively, but other tools will not.`,
        { field: axis, suggestions: [axis] },
      );
    }
    const v = entry.children?.[1];
    if (!v) continue; // already a syntax error
    if (v.type === 'null') {
      // encoding/json: null into an int has no effect, so the coordinate stays 0.
      sink.add('nullvalue', rangeOf(document, v), `"${name}.${axis}": null is read as 0 by the server. Write the number you mean.`, {
        field: name,
        axis,
      });
      continue;
    }
    if (!isGoInt(v, document)) {
      const hint = v.type === 'number' ? ` Write a plain whole number, e.g. ${Math.floor(v.value as number)}.` : '';
      sink.add(
        'notinteger',
        rangeOf(document, v),
        `"${name}.${axis}" must be an integer (map blocks), not ${describeValue(v)}; the server answers HTTP 500 (json: cannot unmarshal … of type int).${hint}`,
        { field: name, axis },
      );
    }
  }
  for (const property of corner.unknown) {
    const key = property.children![0];
    sink.add(
      'unknownfield',
      rangeOf(document, key),
      `Unknown coordinate "${key.value}" in "${name}": only x, y and z count; the server ignores it.`,
      { field: String(key.value), suggestions: [] },
    );
  }
}

function validateType(
  document: TextDocument,
  prop: MapFieldProperty,
  descriptor: MapDescriptor,
  state: MapValidationState,
  sink: DiagnosticSink,
  full: boolean,
  config: MapServerConfig,
): void {
  const v = prop.value;
  if (!v || v.type !== 'string') {
    sink.add('typenotstring', valueOrKeyRange(document, prop), `"type" must be a string such as "bones", not ${describeValue(v)}.`);
    return;
  }
  const name = v.value as string;
  const known = descriptor.typeByName.get(name);
  if (known) {
    if (!config.enabledTypes.has(name)) {
      const where = config.server
        ? `is not enabled on the map server ${config.server}: its config (GET /api/config) has ${known.configKeys.map((k) => `"${k}": ${config.mapobjects[k] === true}`).join(', ')} in "mapobjects"`
        : `is not enabled on a map server with the default config: it is indexed only with ${describeSwitches(known.configKeys)} in the "mapobjects" of mapserver.json`;
      sink.add(
        'typenotenabled',
        rangeOf(document, v),
        `Type "${name}" ${where}, so no such objects are indexed and the answer is an empty list (or only objects indexed before it was switched off).` +
          (config.server ? '' : " Set wikimapQuery.mapserver.url to check against your server's own config."),
        { type: name, server: config.server },
      );
    }
    return;
  }
  const suggestions = full ? typeSuggestions(name, descriptor, state) : [];
  sink.add(
    'unknowntype',
    rangeOf(document, v),
    `Unknown type "${name}": the server matches the type exactly and silently returns an empty list.${didYouMeanText(suggestions)}`,
    { type: name, suggestions },
  );
}

/** Misspelt types repeat across a document: the suggestions are remembered in the service's state. */
function typeSuggestions(name: string, descriptor: MapDescriptor, state: MapValidationState): string[] {
  const cache = state.typeSuggestions;
  let result = cache.get(name);
  if (!result) {
    result = suggestMapNames(name, descriptor.typeByName.keys());
    if (cache.size < 1000) cache.set(name, result);
  }
  return result;
}

function validateAttributeLike(
  document: TextDocument,
  prop: MapFieldProperty,
  query: MapQuery,
  descriptor: MapDescriptor,
  sink: DiagnosticSink,
  full: boolean,
): void {
  const v = prop.value;
  const shape = 'Write "attributelike": {"key": "owner", "value": "%name%"} (SQL LIKE pattern, % and _ wildcards).';
  if (!v || v.type !== 'object') {
    sink.add('badattributelike', valueOrKeyRange(document, prop), `"attributelike" must be an object, not ${describeValue(v)}. ${shape}`);
    return;
  }
  let keyNode: Node | undefined;
  let valueNode: Node | undefined;
  let haveKey = false;
  let haveValue = false;
  for (const property of v.children ?? []) {
    const k = property.children?.[0];
    const name = typeof k?.value === 'string' ? k.value.toLowerCase() : '';
    if ((name === 'key' || name === 'value') && k!.value !== name) {
      sink.add(
        'fieldcase',
        rangeOf(document, k!),
        `Write "${name}": the server's JSON decoder matches "${k!.value}" case-insensitively, but other tools will not.`,
        { field: name, suggestions: [name] },
      );
    }
    if (name === 'key') {
      haveKey = true;
      keyNode = property.children?.[1];
    } else if (name === 'value') {
      haveValue = true;
      valueNode = property.children?.[1];
    } else if (k)
      sink.add(
        'unknownfield',
        rangeOf(document, k),
        `Unknown field "${k.value}" in "attributelike": only "key" and "value" count; the server ignores it.`,
        { field: String(k.value), suggestions: [] },
      );
  }
  for (const [label, present, node] of [
    ['key', haveKey, keyNode],
    ['value', haveValue, valueNode],
  ] as const) {
    if (!present) sink.add('badattributelike', rangeOf(document, prop.key), `"attributelike" has no "${label}". ${shape}`);
    else if (!node || node.type !== 'string')
      sink.add(
        'badattributelike',
        rangeOf(document, node ?? v),
        `"attributelike.${label}" must be a string, not ${describeValue(node)}. ${shape}`,
      );
  }
  if (!keyNode || keyNode.type !== 'string') return;
  const typeValue = query.fields.get('type')?.value;
  const type = typeValue?.type === 'string' ? descriptor.typeByName.get(typeValue.value as string) : undefined;
  if (!type) return;
  const key = keyNode.value as string;
  const keys = type.attributes.map((a) => a.name);
  if (keys.includes(key)) return;
  const suggestions = full ? suggestMapNames(key, keys) : [];
  sink.add(
    'unknownattribute',
    rangeOf(document, keyNode),
    `"${type.name}" objects have no attribute "${key}", so nothing will match. Its attributes: ${keys.join(', ')}.${didYouMeanText(suggestions)}`,
    { type: type.name, key, suggestions },
  );
}

function validateLimit(document: TextDocument, prop: MapFieldProperty, sink: DiagnosticSink, descriptor: MapDescriptor): void {
  const v = prop.value;
  if (v?.type === 'null') {
    // limit is a *int: null leaves it nil, and the handler fills in the default.
    sink.add(
      'nullvalue',
      rangeOf(document, v),
      `"limit": null is read as no limit given: the server uses its default of ${descriptor.defaultLimit} rows. Give a number or remove "limit".`,
      { field: 'limit' },
    );
    return;
  }
  if (!v || !isGoInt(v, document)) {
    sink.add(
      'notinteger',
      valueOrKeyRange(document, prop),
      `"limit" must be an integer (rows), not ${describeValue(v)}; the server answers HTTP 500 (json: cannot unmarshal … of type int).`,
      { field: 'limit' },
    );
    return;
  }
  const n = v.value as number;
  // SQLite treats LIMIT 0 as "no rows" and a negative LIMIT as "no limit"; PostgreSQL rejects a negative LIMIT.
  if (n === 0)
    sink.add(
      'badlimit',
      rangeOf(document, v),
      '"limit": 0 returns no objects. Give the number of rows (object × attribute) you want, or remove it for the default 1000.',
    );
  else if (n < 0)
    sink.add(
      'badlimit',
      rangeOf(document, v),
      `"limit": ${n} means "no limit" on SQLite and is an error on PostgreSQL. Give a positive number of rows.`,
    );
}

function validateBox(
  document: TextDocument,
  query: MapQuery,
  descriptor: MapDescriptor,
  sink: DiagnosticSink,
  config: MapServerConfig,
  complete: boolean,
): void {
  const box = readBox(query, descriptor);
  const { p1, p2 } = box;
  // Where a corner is omitted or partly written, judge the box the server will search (while the JSON is
  // broken, only corners that are written).
  const judged = complete || (query.fields.has('pos1') && query.fields.has('pos2'));
  const e1 = judged ? box.e1 : undefined;
  const e2 = judged ? box.e2 : undefined;
  let nodeLike = false;
  const out1 = !!p1 && !isInBounds(p1, descriptor);
  const out2 = !!p2 && !isInBounds(p2, descriptor);
  if (out1 || out2) {
    nodeLike = true;
    const fixed1 = p1 && toBlocks(p1, descriptor);
    const fixed2 = p2 && toBlocks(p2, descriptor);
    const advice = [fixed1 && `pos1 ${formatPoint(fixed1)}`, fixed2 && `pos2 ${formatPoint(fixed2)}`].filter(Boolean).join(', ');
    for (const [name, p, corner, out] of [
      ['pos1', p1, box.pos1, out1],
      ['pos2', p2, box.pos2, out2],
    ] as const) {
      if (!out || !p || !corner) continue;
      sink.add(
        'nodecoordinates',
        rangeOf(document, corner.node),
        `"${name}" ${formatPoint(p)} is beyond the map's ±${descriptor.bounds.max} map blocks: these look like node coordinates. ` +
          `Divide by ${descriptor.blockSize} (floored): ${advice}.`,
        { pos1: fixed1, pos2: fixed2 },
      );
    }
  }
  const anchor = (name: string) => rangeOf(document, query.fields.get(name)?.key ?? { offset: query.node.offset, length: 1 });
  if (e1 && e2 && !nodeLike) {
    const axes = invertedAxes(e1, e2);
    if (axes.length > 0) {
      const detail = axes.map((a) => `pos1.${a} ${e1[a]} > pos2.${a} ${e2[a]}`).join(', ');
      sink.add(
        'invertedbox',
        anchor('pos1'),
        `Inverted box (${detail}): the server does not swap corners, so nothing matches. Swap the ${axes.join(', ')} values.`,
        { axes },
      );
    } else if (!rangeTouchesLayers(config.layers, e1.y, e2.y)) {
      const nodes = `nodes y ${e1.y * descriptor.blockSize}…${e2.y * descriptor.blockSize + descriptor.blockSize - 1}`;
      sink.add(
        'outsidelayers',
        anchor(query.fields.has('pos1') ? 'pos1' : 'pos2'),
        `The box spans map blocks y ${e1.y}…${e2.y} (${nodes}), outside every layer of ${serverLabel(config)}: ${describeLayers(config.layers, descriptor.blockSize)}. ` +
          'The server indexes only map blocks inside its layers, so nothing is ever found here. Move the box into a layer.',
        { layers: config.layers, server: config.server },
      );
    } else if (!query.fields.has('limit')) {
      const volume = boxVolume(e1, e2);
      if (volume > descriptor.largeRegionBlocks) {
        sink.add(
          'regiontoolarge',
          anchor(query.fields.has('pos2') ? 'pos2' : 'pos1'),
          `The region spans ${volume.toLocaleString('en-US')} map blocks; the server stops at ${descriptor.defaultLimit} rows (one row per object attribute), so results may be cut. Add "limit" or narrow the region.`,
          { limit: descriptor.defaultLimit * 10 },
        );
      }
    }
  }
}

function toBlocks(p: Point, descriptor: MapDescriptor): Point {
  return {
    x: nodeToBlock(p.x, descriptor.blockSize),
    y: nodeToBlock(p.y, descriptor.blockSize),
    z: nodeToBlock(p.z, descriptor.blockSize),
  };
}
