/** Hover for map-object queries: field meaning and unit, node ranges of map blocks, type attributes, limit rows. */
import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import type { TextDocument } from '../languageTypes';
import { axisValue, cornerPoint, readCorner, type Axis } from './mapBox';
import { getMapCursor, type EditSpot, type MapCursor } from './mapCursor';
import type { MapDescriptor, MapFieldDescriptor, MapTypeDescriptor } from './mapDescriptor';
import type { MapDocument } from './mapQueryParser';
import { shownName } from './mapDiagnostics';
import {
  defaultMapServerConfig,
  describeLayers,
  describeSwitches,
  findLayerByY,
  serverLabel,
  type MapServerConfig,
} from './mapServerConfig';
import { markdownText } from '../markdown';

function blockRange(block: number, descriptor: MapDescriptor): string {
  const first = block * descriptor.blockSize;
  return `${first} … ${first + descriptor.blockSize - 1}`;
}

function typeMarkdown(type: MapTypeDescriptor, config: MapServerConfig): string {
  const rows = type.attributes.map(
    (a) => `- \`${a.name}\`: ${a.description}${a.values ? ` (${a.values.map((v) => `\`${v}\``).join(', ')})` : ''}`,
  );
  const lines = [`**type \`${type.name}\`**: ${type.description}`, '', 'Attributes (all string values):', ...rows];
  lines.push('', enabledText(type, config));
  return lines.join('\n');
}

function enabledText(type: MapTypeDescriptor, config: MapServerConfig): string {
  if (config.enabledTypes.has(type.name)) return `Indexed by ${serverLabel(config)}.`;
  return config.server
    ? `⚠ type \`${type.name}\` is not enabled on this server (${config.server}: ${type.configKeys.map((k) => `\`"${k}": ${config.mapobjects[k] === true}\``).join(', ')} in its \`mapobjects\` config), so it indexes none of them.`
    : `⚠ type \`${type.name}\` is not enabled by default: a map server indexes it only with \`${describeSwitches(type.configKeys)}\` in its mapserver.json \`mapobjects\`.`;
}

function layersMarkdown(descriptor: MapDescriptor, config: MapServerConfig): string {
  return `Layers of ${serverLabel(config)}: ${describeLayers(
    // layer names come from the map server's live config: shown as text, never as Markdown
    config.layers.map((l) => ({ ...l, name: markdownText(l.name) })),
    descriptor.blockSize,
  )}. Only map blocks inside a layer are indexed.`;
}

function limitMarkdown(descriptor: MapDescriptor): string {
  return [
    '**limit** (optional, integer, default ' + descriptor.defaultLimit + ')',
    '',
    'Counts database **rows**, not objects: the server joins each object with its attributes, so an object with 4 attributes uses 4 rows. ' +
      'When the limit is reached mid-object, the last object comes back with only some of its attributes.',
    '',
    'On SQLite, 0 returns nothing and a negative limit means no limit.',
  ].join('\n');
}

function fieldMarkdown(field: MapFieldDescriptor, descriptor: MapDescriptor, config: MapServerConfig): string {
  if (field.kind === 'integer') return limitMarkdown(descriptor);
  const unit =
    field.kind === 'coordinates'
      ? `\n\nUnit: **map blocks** of ${descriptor.blockSize}×${descriptor.blockSize}×${descriptor.blockSize} nodes; map block b covers nodes ${descriptor.blockSize}·b … ${descriptor.blockSize}·b+${descriptor.blockSize - 1}. ` +
        `The map spans about ±${descriptor.bounds.max} map blocks (a world is ±${descriptor.worldLimitNodes} nodes).\n\n${layersMarkdown(descriptor, config)}`
      : '';
  return `**${field.name}** (${field.required ? 'required' : 'optional'})\n\n${field.description}${unit}`;
}

function coordinateMarkdown(
  fieldName: string,
  axis: Axis,
  value: unknown,
  descriptor: MapDescriptor,
  config: MapServerConfig,
  isNull = false,
): string {
  const head = `**${fieldName}.${axis}**, in map blocks`;
  if (isNull)
    return `${head}: \`null\` is read as 0 by the server (Go's decoder leaves the int at zero): map block 0, nodes ${axis} = ${blockRange(0, descriptor)}.`;
  if (typeof value !== 'number' || !Number.isInteger(value))
    return `${head}: an integer, node ${axis} ÷ ${descriptor.blockSize}, floored. If it is missing the server reads 0.`;
  const lines = [`${head}: map block ${value} covers nodes ${axis} = ${blockRange(value, descriptor)}.`];
  if (axis === 'y' && value >= descriptor.bounds.min && value <= descriptor.bounds.max) {
    const layer = findLayerByY(config.layers, value);
    lines.push(
      '',
      layer
        ? `In layer ${layer.id}${layer.name ? ` (${markdownText(layer.name)})` : ''} of ${serverLabel(config)}: map blocks y ${layer.from}…${layer.to}.`
        : `⚠ Outside every layer of ${serverLabel(config)}: nothing at this y is indexed. ${layersMarkdown(descriptor, config)}`,
    );
  }
  if (value < descriptor.bounds.min || value > descriptor.bounds.max) {
    const block = Math.floor(value / descriptor.blockSize);
    lines.push(
      '',
      `${value} is beyond the map (±${descriptor.bounds.max} map blocks): as a node coordinate it lies in map block ${block}.`,
    );
  }
  return lines.join('\n');
}

/** The hover text of a top-level field's value (type, limit, corner), or null for none. */
function fieldValueMarkdown(
  cursor: Extract<MapCursor, { kind: 'fieldValue' }>,
  descriptor: MapDescriptor,
  config: MapServerConfig,
): string | null {
  const { field, value } = cursor;
  if (!value) return null;
  if (field.kind === 'type' && value.type === 'string') {
    const type = descriptor.typeByName.get(value.value as string);
    return type
      ? typeMarkdown(type, config)
      : `Unknown type \`${shownName(String(value.value))}\`: the server matches types exactly and returns an empty list for this one.`;
  }
  if (field.kind === 'integer') {
    if (value.type === 'null')
      return `**limit**: \`null\` is read as no limit given: the server uses its default of ${descriptor.defaultLimit} rows.`;
    return limitMarkdown(descriptor);
  }
  if (field.kind === 'coordinates') {
    if (value.type === 'null' && field.default) {
      const d = field.default;
      return `**${field.name}**: \`null\` is read as omitted: the server uses its default corner, map block (${d.x}, ${d.y}, ${d.z}).`;
    }
    const p = cornerPoint(readCorner(value));
    if (!p) return fieldMarkdown(field, descriptor, config);
    return `**${field.name}** map block (${p.x}, ${p.y}, ${p.z}) covers nodes x ${blockRange(p.x, descriptor)}, y ${blockRange(p.y, descriptor)}, z ${blockRange(p.z, descriptor)}.\n\n${layersMarkdown(descriptor, config)}`;
  }
  return fieldMarkdown(field, descriptor, config);
}

/** The hover text of an attributelike key or value string, or null for none. */
function attributeLikeValueMarkdown(cursor: Extract<MapCursor, { kind: 'attributeLikeValue' }>, descriptor: MapDescriptor): string | null {
  if (!cursor.value || cursor.value.type !== 'string') return null;
  if (cursor.which === 'value') {
    const pattern = cursor.value.value as string;
    const wild = /[%_]/.test(pattern)
      ? 'with wildcards (`%` any run, `_` one character)'
      : 'without wildcards: matches the whole value exactly (ASCII case ignored)';
    return `SQL LIKE pattern ${wild}.`;
  }
  const typeNode = cursor.query.fields.get('type')?.value;
  const type = typeNode?.type === 'string' ? descriptor.typeByName.get(typeNode.value as string) : undefined;
  const key = cursor.value.value as string;
  const attr = type?.attributes.find((a) => a.name === key);
  if (attr) return `**${type!.name}.${attr.name}**: ${attr.description}`;
  const owners = descriptor.types.filter((t) => t.attributes.some((a) => a.name === key)).map((t) => `\`${t.name}\``);
  return owners.length ? `Attribute \`${key}\` of ${owners.join(', ')}.` : `No known type has an attribute \`${shownName(key)}\`.`;
}

export function doMapHover(
  document: TextDocument,
  parsed: MapDocument,
  descriptor: MapDescriptor,
  offset: number,
  config: MapServerConfig = defaultMapServerConfig(descriptor),
): Hover | null {
  const cursor = getMapCursor(parsed, descriptor, offset);
  const hover = (value: string, spot: EditSpot): Hover => ({
    contents: { kind: MarkupKind.Markdown, value },
    ...(spot.start !== spot.end ? { range: { start: document.positionAt(spot.start), end: document.positionAt(spot.end) } } : {}),
  });
  switch (cursor.kind) {
    case 'fieldKey':
      if (!cursor.name) return null;
      if (!cursor.field)
        return hover(
          `Unknown field \`${shownName(cursor.name)}\`: the map server ignores it. Known fields: ${descriptor.fields.map((f) => `\`${f.name}\``).join(', ')}.`,
          cursor.spot,
        );
      return hover(fieldMarkdown(cursor.field, descriptor, config), cursor.spot);
    case 'fieldValue': {
      const text = fieldValueMarkdown(cursor, descriptor, config);
      return text === null ? null : hover(text, cursor.spot);
    }
    case 'coordinateKey': {
      const axis = cursor.name.toLowerCase();
      if (axis !== 'x' && axis !== 'y' && axis !== 'z') return null;
      const corner = readCorner(cursor.query.fields.get(cursor.field.name)?.value);
      const v = axisValue(corner, axis);
      return hover(coordinateMarkdown(cursor.field.name, axis, v?.value, descriptor, config, v?.type === 'null'), cursor.spot);
    }
    case 'coordinateValue':
      if (!cursor.value) return null;
      return hover(
        coordinateMarkdown(cursor.field.name, cursor.axis, cursor.value.value, descriptor, config, cursor.value.type === 'null'),
        cursor.spot,
      );
    case 'attributeLikeKey': {
      const name = cursor.name.toLowerCase();
      if (name === 'key') return hover('**attributelike.key**: the attribute to filter on, matched exactly (e.g. `owner`).', cursor.spot);
      if (name === 'value')
        return hover(
          '**attributelike.value**: an SQL LIKE pattern for the attribute value: `%` matches any run of characters, `_` one character; case-insensitive for ASCII on SQLite (ILIKE on PostgreSQL).',
          cursor.spot,
        );
      return null;
    }
    case 'attributeLikeValue': {
      const text = attributeLikeValueMarkdown(cursor, descriptor);
      return text === null ? null : hover(text, cursor.spot);
    }
    default:
      return null;
  }
}
