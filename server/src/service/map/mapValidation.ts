/**
 * Diagnostics for map-object queries: one pass over each query object's parsed properties.
 * Codes and severities: ./mapDiagnostics.ts. What the real server does with each mistake is in
 * descriptors/mapserver/README.md.
 */
import type { Node } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
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
  type Axis,
  type CornerNodes,
  type Point,
  type QueryBox,
} from './mapBox';
import type { MapDescriptor, MapTypeDescriptor } from './mapDescriptor';
import {
  defaultMapServerConfig,
  describeLayers,
  describeSwitches,
  rangeTouchesLayers,
  serverLabel,
  type MapServerConfig,
} from './mapServerConfig';
import { DiagnosticSink, MAX_SHOWN_NAME, shownName, type Span } from './mapDiagnostics';
import { MAX_MAP_QUERIES, printParseErrorCode, type MapDocument, type MapFieldProperty, type MapQuery } from './mapQueryParser';
import { suggestMapNames } from './mapSuggestions';

/** `make`'s result, made at the first call (suggestions both a message and its data show, made only when kept). */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** What a non-integer JSON value is, for messages. */
export function describeValue(node: Node | undefined): string {
  if (!node) return 'nothing';
  switch (node.type) {
    case 'number':
      return `the number ${node.value}`;
    case 'string':
      return `the string ${JSON.stringify(shownName(node.value as string))}`;
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
  const sink = new DiagnosticSink(document, settings);
  const full = settings?.maxFullCheckSize === undefined || parsed.text.length <= settings.maxFullCheckSize;

  // Only the first syntax error: later ones mostly follow from it, and the server too stops at the first.
  const tooDeep = parsed.tooDeep;
  if (tooDeep) {
    sink.add(
      'toodeep',
      { offset: tooDeep.offset, length: 1 },
      () => `Nested deeper than ${tooDeep.limit} levels: this is not a map query (queries nest two levels), so it is not checked further.`,
    );
    return sink.diagnostics;
  }
  const firstError = parsed.syntaxErrors[0];
  if (firstError) {
    sink.add(
      'invalidjson',
      { offset: firstError.offset, length: firstError.length },
      () =>
        `Invalid JSON: ${syntaxProblem(printParseErrorCode(firstError.error))}. Fix the syntax: the map server answers invalid JSON with HTTP 500 and a plain-text error.`,
    );
  }
  if (!parsed.root && parsed.syntaxErrors.length === 0) {
    sink.add(
      'invalidjson',
      { offset: 0, length: 0 },
      () =>
        'The document is empty. Write a query object such as {"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}.',
    );
  }
  for (const node of parsed.notObjects) {
    sink.add(
      'notanobject',
      node,
      () =>
        `Expected a query object {"pos1", "pos2", "type"} here, found ${describeValue(node)}. A file holds one query object or an array of them.`,
    );
  }
  if (parsed.unchecked) {
    const { first, count } = parsed.unchecked;
    sink.add(
      'toomanyqueries',
      { offset: first.offset, length: 1 },
      () =>
        `This query and the ${count - 1} after it are not checked: a document gets at most ${MAX_MAP_QUERIES} queries checked. Split the file.`,
      () => ({ unchecked: count }),
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
    if (!field.required && !field.default) continue;
    const property = query.fields.get(field.name);
    if (field.required && !property) reportMissingField(sink, query, field.name, descriptor);
    // web/mapobjects.go: a nil pos1/pos2 (omitted, or null) becomes ±2048 map blocks.
    const value = property?.value;
    if (field.default && (!property || value?.type === 'null')) reportDefaultCorner(sink, query, field.name, field.default, value);
  }
}

// The report… functions build a problem's message (as functions: called only for the diagnostics kept).
// They are apart from the checks so that a check that finds nothing allocates nothing for them.

function reportMissingField(sink: DiagnosticSink, query: MapQuery, name: string, descriptor: MapDescriptor): void {
  sink.add(
    'missingfield',
    { offset: query.node.offset, length: 1 },
    () => `Missing "${name}": the server needs ${fieldNeed(name, descriptor)}. Add it.`,
    () => ({ field: name }),
  );
}

function reportDefaultCorner(sink: DiagnosticSink, query: MapQuery, name: string, corner: Point, value: Node | undefined): void {
  sink.add(
    'defaultcorner',
    value ?? { offset: query.node.offset, length: 1 },
    () =>
      `${value ? `"${name}": null is read as omitted` : `No "${name}"`}: the server searches ${name === 'pos1' ? 'from' : 'up to'} map block ${formatPoint(corner)} (its default), i.e. ${name === 'pos1' ? 'from the bottom corner' : 'to the top corner'} of the whole map. Give "${name}" to narrow the search.`,
    () => ({ field: name, default: corner }),
  );
}

function reportFieldCase(sink: DiagnosticSink, key: Node, name: string): void {
  sink.add(
    'fieldcase',
    key,
    () =>
      `Write "${name}": the server's JSON decoder matches "${shownName(String(key.value))}" case-insensitively, but other tools will not.`,
    () => ({ field: name, suggestions: [name] }),
  );
}

function reportUnknownField(sink: DiagnosticSink, key: Node, descriptor: MapDescriptor, full: boolean): void {
  const written = key.value as string;
  const name = shownName(written);
  const suggestions = once(() =>
    full
      ? suggestMapNames(
          written,
          descriptor.fields.map((f) => f.name),
        )
      : [],
  );
  sink.add(
    'unknownfield',
    key,
    () => `Unknown field "${name}": the map server ignores it.${didYouMeanText(suggestions())}`,
    () => ({ field: name, suggestions: suggestions() }),
  );
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
  for (const prop of query.overridden) reportDuplicate(sink, prop);
  for (const property of query.unknown) reportUnknownField(sink, property.children![0], descriptor, full);
  for (const prop of query.fields.values()) {
    if (prop.key.value !== prop.field.name) reportFieldCase(sink, prop.key, prop.field.name);
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
        validateType(prop, descriptor, state, sink, full, config);
        break;
      case 'attributelike':
        validateAttributeLike(prop, query, descriptor, sink, full);
        break;
      case 'integer':
        validateLimit(document, prop, sink, descriptor);
        break;
    }
  }
  validateBox(query, descriptor, sink, config, complete);
}

function reportDuplicate(sink: DiagnosticSink, prop: MapFieldProperty): void {
  const name = prop.field.name;
  sink.add(
    'duplicatefield',
    prop.key,
    () => `"${name}" is set again later in this object; only the last one counts. Remove one of them.`,
    () => ({ field: name }),
  );
}

function fieldNeed(name: string, descriptor: MapDescriptor): string {
  const field = descriptor.fieldByName.get(name);
  if (field?.kind === 'coordinates') return `both corners of the region in map blocks, e.g. "${name}": {"x": 0, "y": 0, "z": 0}`;
  if (field?.kind === 'type') return 'the object type, e.g. "type": "bones" (without it nothing matches)';
  return 'this field';
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
    reportNotCorner(sink, prop);
    return;
  }
  for (const axis of AXES) {
    const entry = corner.axes[axis];
    if (!entry) {
      // Go's decoder leaves an absent int field at its zero value.
      reportMissingCoordinate(sink, prop.key, name, axis);
      continue;
    }
    const key = entry.children![0];
    if (key.value !== axis) reportFieldCase(sink, key, axis);
    const v = entry.children?.[1];
    if (!v) continue; // already a syntax error
    // encoding/json: null into an int has no effect, so the coordinate stays 0.
    if (v.type === 'null') reportNullCoordinate(sink, v, name, axis);
    else if (!isGoInt(v, document)) reportNotIntegerCoordinate(sink, v, name, axis);
  }
  for (const property of corner.unknown) reportUnknownCoordinate(sink, property.children![0], name);
}

function reportNotCorner(sink: DiagnosticSink, prop: MapFieldProperty): void {
  const name = prop.field.name;
  sink.add(
    'notanobject',
    prop.value ?? prop.key,
    () => `"${name}" must be an object of integers {"x", "y", "z"} in map blocks, not ${describeValue(prop.value)}.`,
    () => ({ field: name }),
  );
}

function reportMissingCoordinate(sink: DiagnosticSink, key: Node, name: string, axis: string): void {
  sink.add(
    'missingcoordinate',
    key,
    () => `"${name}" has no "${axis}": the server reads it as 0 (map block 0). Give all of x, y and z in map blocks.`,
    () => ({ field: name, axis }),
  );
}

function reportNullCoordinate(sink: DiagnosticSink, v: Node, name: string, axis: string): void {
  sink.add(
    'nullvalue',
    v,
    () => `"${name}.${axis}": null is read as 0 by the server. Write the number you mean.`,
    () => ({ field: name, axis }),
  );
}

function reportNotIntegerCoordinate(sink: DiagnosticSink, v: Node, name: string, axis: string): void {
  sink.add(
    'notinteger',
    v,
    () =>
      `"${name}.${axis}" must be an integer (map blocks), not ${describeValue(v)}; the server answers HTTP 500 (json: cannot unmarshal … of type int).` +
      (v.type === 'number' ? ` Write a plain whole number, e.g. ${Math.floor(v.value as number)}.` : ''),
    () => ({ field: name, axis }),
  );
}

function reportUnknownCoordinate(sink: DiagnosticSink, key: Node, name: string): void {
  sink.add(
    'unknownfield',
    key,
    () => `Unknown coordinate "${shownName(String(key.value))}" in "${name}": only x, y and z count; the server ignores it.`,
    () => ({ field: shownName(String(key.value)), suggestions: [] }),
  );
}

function validateType(
  prop: MapFieldProperty,
  descriptor: MapDescriptor,
  state: MapValidationState,
  sink: DiagnosticSink,
  full: boolean,
  config: MapServerConfig,
): void {
  const v = prop.value;
  if (!v || v.type !== 'string') reportTypeNotString(sink, prop);
  else {
    const known = descriptor.typeByName.get(v.value as string);
    if (!known) reportUnknownType(sink, v, descriptor, state, full);
    else if (!config.enabledTypes.has(known.name)) reportTypeNotEnabled(sink, v, known, config);
  }
}

function reportTypeNotString(sink: DiagnosticSink, prop: MapFieldProperty): void {
  sink.add('typenotstring', prop.value ?? prop.key, () => `"type" must be a string such as "bones", not ${describeValue(prop.value)}.`);
}

function reportTypeNotEnabled(sink: DiagnosticSink, v: Node, known: MapTypeDescriptor, config: MapServerConfig): void {
  const name = known.name;
  const where = () =>
    config.server
      ? `is not enabled on the map server ${config.server}: its config (GET /api/config) has ${known.configKeys.map((k) => `"${k}": ${config.mapobjects[k] === true}`).join(', ')} in "mapobjects"`
      : `is not enabled on a map server with the default config: it is indexed only with ${describeSwitches(known.configKeys)} in the "mapobjects" of mapserver.json`;
  sink.add(
    'typenotenabled',
    v,
    () =>
      `Type "${name}" ${where()}, so no such objects are indexed and the answer is an empty list (or only objects indexed before it was switched off).` +
      (config.server ? '' : " Set wikimapQuery.mapserver.url to check against your server's own config."),
    () => ({ type: name, server: config.server }),
  );
}

function reportUnknownType(sink: DiagnosticSink, v: Node, descriptor: MapDescriptor, state: MapValidationState, full: boolean): void {
  const written = v.value as string;
  const name = shownName(written);
  const suggestions = once(() => (full ? typeSuggestions(written, descriptor, state) : []));
  sink.add(
    'unknowntype',
    v,
    () => `Unknown type "${name}": the server matches the type exactly and silently returns an empty list.${didYouMeanText(suggestions())}`,
    () => ({ type: name, suggestions: suggestions() }),
  );
}

/** Misspelt types repeat across a document: the suggestions are remembered in the service's state. */
function typeSuggestions(name: string, descriptor: MapDescriptor, state: MapValidationState): string[] {
  const cache = state.typeSuggestions;
  let result = cache.get(name);
  if (!result) {
    result = suggestMapNames(name, descriptor.typeByName.keys());
    // Only short names, each kept as a copy of its own: a name taken from a document may be a slice that
    // holds that version's whole text (up to 10 MB), and the cache outlives it.
    if (cache.size < 1000 && name.length <= MAX_SHOWN_NAME) cache.set(JSON.parse(JSON.stringify(name)) as string, result);
  }
  return result;
}

const ATTRIBUTELIKE_SHAPE = 'Write "attributelike": {"key": "owner", "value": "%name%"} (SQL LIKE pattern, % and _ wildcards).';

function validateAttributeLike(
  prop: MapFieldProperty,
  query: MapQuery,
  descriptor: MapDescriptor,
  sink: DiagnosticSink,
  full: boolean,
): void {
  const v = prop.value;
  if (!v || v.type !== 'object') {
    reportAttributeLikeNot(sink, prop.value ?? prop.key, '"attributelike" must be an object', prop.value);
    return;
  }
  let keyNode: Node | undefined;
  let valueNode: Node | undefined;
  let haveKey = false;
  let haveValue = false;
  for (const property of v.children ?? []) {
    const k = property.children?.[0];
    const name = typeof k?.value === 'string' ? k.value.toLowerCase() : '';
    if ((name === 'key' || name === 'value') && k!.value !== name) reportFieldCase(sink, k!, name);
    if (name === 'key') {
      haveKey = true;
      keyNode = property.children?.[1];
    } else if (name === 'value') {
      haveValue = true;
      valueNode = property.children?.[1];
    } else if (k) reportUnknownAttributeLikeField(sink, k);
  }
  if (!haveKey) reportAttributeLikeMissing(sink, prop.key, 'key');
  else if (keyNode?.type !== 'string') reportAttributeLikeNot(sink, keyNode ?? v, '"attributelike.key" must be a string', keyNode);
  if (!haveValue) reportAttributeLikeMissing(sink, prop.key, 'value');
  else if (valueNode?.type !== 'string') reportAttributeLikeNot(sink, valueNode ?? v, '"attributelike.value" must be a string', valueNode);
  if (!keyNode || keyNode.type !== 'string') return;
  const typeValue = query.fields.get('type')?.value;
  const type = typeValue?.type === 'string' ? descriptor.typeByName.get(typeValue.value as string) : undefined;
  if (type && !type.attributes.some((a) => a.name === keyNode!.value)) reportUnknownAttribute(sink, keyNode, type, full);
}

function reportAttributeLikeMissing(sink: DiagnosticSink, at: Span, label: string): void {
  sink.add('badattributelike', at, () => `"attributelike" has no "${label}". ${ATTRIBUTELIKE_SHAPE}`);
}

/** `rule` (what it must be), what was `found` instead, and how to write it. */
function reportAttributeLikeNot(sink: DiagnosticSink, at: Span, rule: string, found: Node | undefined): void {
  sink.add('badattributelike', at, () => `${rule}, not ${describeValue(found)}. ${ATTRIBUTELIKE_SHAPE}`);
}

function reportUnknownAttributeLikeField(sink: DiagnosticSink, k: Node): void {
  sink.add(
    'unknownfield',
    k,
    () => `Unknown field "${shownName(String(k.value))}" in "attributelike": only "key" and "value" count; the server ignores it.`,
    () => ({ field: shownName(String(k.value)), suggestions: [] }),
  );
}

function reportUnknownAttribute(sink: DiagnosticSink, keyNode: Node, type: MapTypeDescriptor, full: boolean): void {
  const written = keyNode.value as string;
  const key = shownName(written);
  const keys = type.attributes.map((a) => a.name);
  const suggestions = once(() => (full ? suggestMapNames(written, keys) : []));
  sink.add(
    'unknownattribute',
    keyNode,
    () =>
      `"${type.name}" objects have no attribute "${key}", so nothing will match. Its attributes: ${keys.join(', ')}.${didYouMeanText(suggestions())}`,
    () => ({ type: type.name, key, suggestions: suggestions() }),
  );
}

function validateLimit(document: TextDocument, prop: MapFieldProperty, sink: DiagnosticSink, descriptor: MapDescriptor): void {
  const v = prop.value;
  // limit is a *int: null leaves it nil, and the handler fills in the default.
  if (v?.type === 'null') reportNullLimit(sink, v, descriptor);
  else if (!v || !isGoInt(v, document)) reportNotIntegerLimit(sink, prop);
  // SQLite treats LIMIT 0 as "no rows" and a negative LIMIT as "no limit"; PostgreSQL rejects a negative LIMIT.
  else if ((v.value as number) <= 0) reportBadLimit(sink, v);
}

function reportNullLimit(sink: DiagnosticSink, v: Node, descriptor: MapDescriptor): void {
  sink.add(
    'nullvalue',
    v,
    () =>
      `"limit": null is read as no limit given: the server uses its default of ${descriptor.defaultLimit} rows. Give a number or remove "limit".`,
    () => ({ field: 'limit' }),
  );
}

function reportNotIntegerLimit(sink: DiagnosticSink, prop: MapFieldProperty): void {
  sink.add(
    'notinteger',
    prop.value ?? prop.key,
    () =>
      `"limit" must be an integer (rows), not ${describeValue(prop.value)}; the server answers HTTP 500 (json: cannot unmarshal … of type int).`,
    () => ({ field: 'limit' }),
  );
}

function reportBadLimit(sink: DiagnosticSink, v: Node): void {
  const n = v.value as number;
  sink.add('badlimit', v, () =>
    n === 0
      ? '"limit": 0 returns no objects. Give the number of rows (object × attribute) you want, or remove it for the default 1000.'
      : `"limit": ${n} means "no limit" on SQLite and is an error on PostgreSQL. Give a positive number of rows.`,
  );
}

/** Where a box-wide problem is shown: the key of `name`, else the query's opening brace. */
function anchorOf(query: MapQuery, name: string): Span {
  return query.fields.get(name)?.key ?? { offset: query.node.offset, length: 1 };
}

function validateBox(query: MapQuery, descriptor: MapDescriptor, sink: DiagnosticSink, config: MapServerConfig, complete: boolean): void {
  const box = readBox(query, descriptor);
  const { p1, p2 } = box;
  const out1 = !!p1 && !isInBounds(p1, descriptor);
  const out2 = !!p2 && !isInBounds(p2, descriptor);
  if (out1 || out2) {
    reportNodeCoordinates(sink, box, out1, out2, descriptor);
    return;
  }
  // Where a corner is omitted or partly written, judge the box the server will search (while the JSON is
  // broken, only corners that are written).
  if (!complete && !(query.fields.has('pos1') && query.fields.has('pos2'))) return;
  const { e1, e2 } = box;
  if (!e1 || !e2) return;
  const axes = invertedAxes(e1, e2);
  if (axes.length > 0) reportInvertedBox(sink, anchorOf(query, 'pos1'), e1, e2, axes);
  else if (!rangeTouchesLayers(config.layers, e1.y, e2.y))
    reportOutsideLayers(sink, anchorOf(query, query.fields.has('pos1') ? 'pos1' : 'pos2'), e1, e2, descriptor, config);
  else if (!query.fields.has('limit')) {
    const volume = boxVolume(e1, e2);
    if (volume > descriptor.largeRegionBlocks)
      reportRegionTooLarge(sink, anchorOf(query, query.fields.has('pos2') ? 'pos2' : 'pos1'), volume, descriptor);
  }
}

function reportNodeCoordinates(sink: DiagnosticSink, box: QueryBox, out1: boolean, out2: boolean, descriptor: MapDescriptor): void {
  const { p1, p2 } = box;
  const fixed1 = p1 && toBlocks(p1, descriptor);
  const fixed2 = p2 && toBlocks(p2, descriptor);
  const advice = () => [fixed1 && `pos1 ${formatPoint(fixed1)}`, fixed2 && `pos2 ${formatPoint(fixed2)}`].filter(Boolean).join(', ');
  for (const [name, p, corner, out] of [
    ['pos1', p1, box.pos1, out1],
    ['pos2', p2, box.pos2, out2],
  ] as const) {
    if (!out || !p || !corner) continue;
    sink.add(
      'nodecoordinates',
      corner.node,
      () =>
        `"${name}" ${formatPoint(p)} is beyond the map's ±${descriptor.bounds.max} map blocks: these look like node coordinates. ` +
        `Divide by ${descriptor.blockSize} (floored): ${advice()}.`,
      () => ({ pos1: fixed1, pos2: fixed2 }),
    );
  }
}

function reportInvertedBox(sink: DiagnosticSink, at: Span, e1: Point, e2: Point, axes: Axis[]): void {
  sink.add(
    'invertedbox',
    at,
    () =>
      `Inverted box (${axes.map((a) => `pos1.${a} ${e1[a]} > pos2.${a} ${e2[a]}`).join(', ')}): the server does not swap corners, so nothing matches. Swap the ${axes.join(', ')} values.`,
    () => ({ axes }),
  );
}

function reportOutsideLayers(
  sink: DiagnosticSink,
  at: Span,
  e1: Point,
  e2: Point,
  descriptor: MapDescriptor,
  config: MapServerConfig,
): void {
  const size = descriptor.blockSize;
  sink.add(
    'outsidelayers',
    at,
    () =>
      `The box spans map blocks y ${e1.y}…${e2.y} (nodes y ${e1.y * size}…${e2.y * size + size - 1}), outside every layer of ${serverLabel(config)}: ${describeLayers(config.layers, size)}. ` +
      'The server indexes only map blocks inside its layers, so nothing is ever found here. Move the box into a layer.',
    () => ({ layers: config.layers, server: config.server }),
  );
}

function reportRegionTooLarge(sink: DiagnosticSink, at: Span, volume: number, descriptor: MapDescriptor): void {
  sink.add(
    'regiontoolarge',
    at,
    () =>
      `The region spans ${volume.toLocaleString('en-US')} map blocks; the server stops at ${descriptor.defaultLimit} rows (one row per object attribute), so results may be cut. Add "limit" or narrow the region.`,
    () => ({ limit: descriptor.defaultLimit * 10 }),
  );
}

function toBlocks(p: Point, descriptor: MapDescriptor): Point {
  return {
    x: nodeToBlock(p.x, descriptor.blockSize),
    y: nodeToBlock(p.y, descriptor.blockSize),
    z: nodeToBlock(p.z, descriptor.blockSize),
  };
}
