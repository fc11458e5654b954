/** Completion for map-object queries: field names with snippets, type values, coordinates, attribute keys. */
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem, type CompletionList } from 'vscode-languageserver-types';
import type { TextDocument } from '../languageTypes';
import { AXES, readCorner } from './mapBox';
import { getMapCursor, type EditSpot, type MapCursor } from './mapCursor';
import type { MapDescriptor, MapFieldDescriptor, MapTypeDescriptor } from './mapDescriptor';
import { getProperty, type MapDocument } from './mapQueryParser';
import { defaultMapServerConfig, serverLabel, type MapServerConfig } from './mapServerConfig';

const COORDS_SNIPPET = '{"x": ${1:0}, "y": ${2:0}, "z": ${3:0}}';

/** The snippet for a field's value. */
function valueSnippet(field: MapFieldDescriptor, descriptor: MapDescriptor): string {
  switch (field.kind) {
    case 'coordinates':
      return COORDS_SNIPPET;
    case 'type':
      return '"${1}"';
    case 'attributelike':
      return '{"key": "${1}", "value": "${2:%}"}';
    case 'integer':
      return `\${1:${descriptor.defaultLimit}}`;
  }
}

function typeDetail(type: MapTypeDescriptor): string {
  return `attributes: ${type.attributes.map((a) => a.name).join(', ')}`;
}

function item(
  document: TextDocument,
  spot: EditSpot,
  label: string,
  newText: string,
  kind: CompletionItemKind,
  extra: Partial<CompletionItem> = {},
): CompletionItem {
  const range = { start: document.positionAt(spot.start), end: document.positionAt(spot.end) };
  return {
    label,
    kind,
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: (spot.needsComma ? ', ' : '') + newText },
    filterText: (spot.needsComma ? ', ' : '') + `"${label}"`,
    ...extra,
  };
}

export function doMapComplete(
  document: TextDocument,
  parsed: MapDocument,
  descriptor: MapDescriptor,
  offset: number,
  config: MapServerConfig = defaultMapServerConfig(descriptor),
): CompletionList {
  const cursor = getMapCursor(parsed, descriptor, offset);
  const items: CompletionItem[] = [];
  switch (cursor.kind) {
    case 'document': {
      const body =
        '{\n\t"pos1": {"x": ${1:0}, "y": ${2:0}, "z": ${3:0}},\n\t"pos2": {"x": ${4:0}, "y": ${5:0}, "z": ${6:0}},\n\t"type": "${7:bones}"\n}';
      items.push(
        item(document, cursor.spot, 'map query', body, CompletionItemKind.Snippet, {
          filterText: '{',
          detail: 'pos1, pos2 (map blocks) and type',
          documentation: 'A map-object query: every object of one type inside the box pos1…pos2, in map blocks.',
        }),
      );
      break;
    }
    case 'fieldKey': {
      for (const field of descriptor.fields) {
        if (cursor.query.fields.has(field.name) && cursor.field !== field) continue;
        const newText = cursor.spot.hasColon ? `"${field.name}"` : `"${field.name}": ${valueSnippet(field, descriptor)}`;
        items.push(
          item(document, cursor.spot, field.name, newText, CompletionItemKind.Property, {
            detail: field.required ? 'required' : 'optional',
            documentation: { kind: MarkupKind.Markdown, value: field.description },
            sortText: `${field.required ? 0 : 1}${field.name}`,
          }),
        );
      }
      break;
    }
    case 'fieldValue':
      fieldValueItems(document, cursor, descriptor, config, items);
      break;
    case 'coordinateKey': {
      const corner = readCorner(cursor.query.fields.get(cursor.field.name)?.value);
      for (const axis of AXES) {
        if (corner?.axes[axis] && axis !== cursor.name) continue;
        items.push(
          item(document, cursor.spot, axis, cursor.spot.hasColon ? `"${axis}"` : `"${axis}": \${1:0}`, CompletionItemKind.Property, {
            detail: 'map blocks',
            documentation: `${axis} of ${cursor.field.name}, in map blocks (node ${axis} ÷ ${descriptor.blockSize}, floored).`,
          }),
        );
      }
      break;
    }
    case 'attributeLikeKey': {
      const object = cursor.query.fields.get('attributelike')?.value;
      for (const name of ['key', 'value']) {
        if (getProperty(object, name) && name !== cursor.name) continue;
        const doc =
          name === 'key'
            ? 'The attribute to filter on (exact match), e.g. owner.'
            : 'SQL LIKE pattern for the attribute value: % any run of characters, _ one character.';
        items.push(
          item(document, cursor.spot, name, cursor.spot.hasColon ? `"${name}"` : `"${name}": "\${1}"`, CompletionItemKind.Property, {
            documentation: doc,
          }),
        );
      }
      break;
    }
    case 'attributeLikeValue':
      attributeLikeValueItems(document, cursor, descriptor, items);
      break;
    default:
      break;
  }
  return { isIncomplete: false, items };
}

/** Inside "attributelike": the attribute keys of the query's type (all when none), or the known values of the chosen key. */
/** Values of a top-level field: the map-object types (those the server does not index last), or the field's snippet. */
function fieldValueItems(
  document: TextDocument,
  cursor: Extract<MapCursor, { kind: 'fieldValue' }>,
  descriptor: MapDescriptor,
  config: MapServerConfig,
  items: CompletionItem[],
): void {
  if (cursor.field.kind === 'type') {
    for (const type of descriptor.types) {
      const enabled = config.enabledTypes.has(type.name);
      const note = enabled
        ? ''
        : config.server
          ? `\n\n⚠ type \`${type.name}\` is not enabled on this server (${config.server}): it indexes none of them.`
          : `\n\n⚠ type \`${type.name}\` is not enabled by default (${serverLabel(config)} indexes none of them).`;
      items.push(
        item(document, cursor.spot, type.name, JSON.stringify(type.name), CompletionItemKind.EnumMember, {
          detail: enabled
            ? typeDetail(type)
            : `not enabled on ${config.server ? 'this server' : 'servers by default'} · ${typeDetail(type)}`,
          documentation: { kind: MarkupKind.Markdown, value: type.description + note },
          // Types the server does not index come last.
          sortText: `${enabled ? 0 : 1}${type.name}`,
        }),
      );
    }
  } else if (!cursor.value) {
    items.push(
      item(
        document,
        cursor.spot,
        valueSnippet(cursor.field, descriptor).replace(/\$\{\d+:?([^}]*)\}/g, '$1'),
        valueSnippet(cursor.field, descriptor),
        CompletionItemKind.Value,
        {
          documentation: { kind: MarkupKind.Markdown, value: cursor.field.description },
        },
      ),
    );
  }
}

function attributeLikeValueItems(
  document: TextDocument,
  cursor: Extract<MapCursor, { kind: 'attributeLikeValue' }>,
  descriptor: MapDescriptor,
  items: CompletionItem[],
): void {
  const typeNode = cursor.query.fields.get('type')?.value;
  const type = typeNode?.type === 'string' ? descriptor.typeByName.get(typeNode.value as string) : undefined;
  if (cursor.which === 'key') {
    const attributes = type
      ? type.attributes
      : descriptor.allAttributeKeys.map((name) => ({
          name,
          description: 'An attribute key of some object type (choose "type" to narrow the list).',
        }));
    for (const attr of attributes) {
      items.push(
        item(document, cursor.spot, attr.name, JSON.stringify(attr.name), CompletionItemKind.Field, {
          detail: type ? `${type.name} attribute` : 'attribute',
          documentation: attr.description,
        }),
      );
    }
  } else if (type) {
    const keyNode = getProperty(cursor.query.fields.get('attributelike')?.value, 'key')?.value;
    const attr = keyNode?.type === 'string' ? type.attributes.find((a) => a.name === keyNode.value) : undefined;
    for (const value of attr?.values ?? []) {
      items.push(
        item(document, cursor.spot, value, JSON.stringify(value), CompletionItemKind.Value, { detail: `${type.name}.${attr!.name}` }),
      );
    }
  }
}
