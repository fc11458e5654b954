/**
 * Quick fixes for map-query diagnostics; each is asserted in tests on the text it produces. What a fix
 * needs beyond the diagnostic's code and range comes from its `data`, or, when the client did not send
 * `data` back, from the same diagnostic computed again. Every diagnostic given gets its fixes, as in
 * the wiki service: which diagnostics a request is about (its range, its lines) is chosen before, from
 * the server's own diagnostics (diagnosticData.ts `diagnosticsForCodeAction`).
 */
import type { Node } from 'jsonc-parser';
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { LanguageSettings, TextDocument } from '../languageTypes';
import { dataRecovery } from '../diagnosticData';
import { doMapValidation, type MapValidationState } from './mapValidation';
import { AXES, axisValue, invertedAxes, nodeToBlock, readBox } from './mapBox';
import type { MapDescriptor } from './mapDescriptor';
import { MAP_DIAGNOSTIC_SOURCE } from './mapDiagnostics';
import type { MapDocument, MapQuery } from './mapQueryParser';

function nodeRange(document: TextDocument, node: Node): Range {
  return { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) };
}

function action(document: TextDocument, title: string, diagnostic: Diagnostic, edits: TextEdit[], isPreferred = false): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred, edit: { changes: { [document.uri]: edits } } };
}

function queryAt(parsed: MapDocument, offset: number): MapQuery | undefined {
  return parsed.queries.find((q) => offset >= q.node.offset && offset < q.node.offset + q.node.length);
}

/** Text to add a property at the end of an object (after its last property, or inside empty braces). */
function appendProperty(document: TextDocument, object: Node, text: string): TextEdit {
  const last = object.children?.[object.children.length - 1];
  if (last) {
    const at = document.positionAt(last.offset + last.length);
    return { range: { start: at, end: at }, newText: `, ${text}` };
  }
  const at = document.positionAt(object.offset + 1);
  return { range: { start: at, end: at }, newText: text };
}

const MISSING_FIELD_TEXT: Record<string, string> = {
  pos1: '"pos1": {"x": 0, "y": 0, "z": 0}',
  pos2: '"pos2": {"x": 0, "y": 0, "z": 0}',
  type: '"type": "bones"',
};

/** Did-you-mean names (types, fields, attributes, letter case), and removing an ignored field. */
function nameFixes(
  document: TextDocument,
  diagnostic: Diagnostic,
  data: Record<string, unknown>,
  query: MapQuery | undefined,
  start: number,
): CodeAction[] {
  const actions: CodeAction[] = [];
  const suggestions = Array.isArray(data.suggestions) ? (data.suggestions as string[]) : [];
  suggestions.forEach((s, i) => {
    const title = diagnostic.code === 'fieldcase' ? `Write "${s}"` : `Change to "${s}"`;
    actions.push(action(document, title, diagnostic, [{ range: diagnostic.range, newText: JSON.stringify(s) }], i === 0));
  });
  if (diagnostic.code === 'unknownfield' && query) {
    const property = query.unknown.find((p) => p.offset === start);
    if (property) actions.push(action(document, 'Remove the ignored field', diagnostic, [removeProperty(document, query.node, property)]));
  }
  return actions;
}

/** Node coordinates in pos1/pos2 turned into map blocks (÷ block size, floored). */
function nodeCoordinateFix(document: TextDocument, diagnostic: Diagnostic, query: MapQuery, descriptor: MapDescriptor): CodeAction[] {
  const box = readBox(query, descriptor);
  const edits: TextEdit[] = [];
  for (const corner of [box.pos1, box.pos2]) {
    for (const axis of AXES) {
      const v = axisValue(corner, axis);
      if (v?.type === 'number' && Number.isInteger(v.value)) {
        edits.push({ range: nodeRange(document, v), newText: String(nodeToBlock(v.value as number, descriptor.blockSize)) });
      }
    }
  }
  if (!edits.length) return [];
  const title = `Convert node coordinates to map blocks (÷${descriptor.blockSize}, floored) in pos1 and pos2`;
  return [action(document, title, diagnostic, edits, true)];
}

/** pos1 and pos2 swapped on the axes where pos1 is the larger. */
function invertedBoxFix(document: TextDocument, diagnostic: Diagnostic, query: MapQuery, descriptor: MapDescriptor): CodeAction[] {
  const box = readBox(query, descriptor);
  if (!box.p1 || !box.p2) return [];
  const edits: TextEdit[] = [];
  const axes = invertedAxes(box.p1, box.p2);
  for (const axis of axes) {
    const a = axisValue(box.pos1, axis)!;
    const b = axisValue(box.pos2, axis)!;
    edits.push({ range: nodeRange(document, a), newText: document.getText(nodeRange(document, b)) });
    edits.push({ range: nodeRange(document, b), newText: document.getText(nodeRange(document, a)) });
  }
  return edits.length ? [action(document, `Swap pos1 and pos2 on ${axes.join(', ')}`, diagnostic, edits, true)] : [];
}

export function doMapCodeActions(
  document: TextDocument,
  parsed: MapDocument,
  descriptor: MapDescriptor,
  state: MapValidationState,
  range: Range,
  diagnostics: Diagnostic[],
  settings?: LanguageSettings,
): CodeAction[] {
  const actions: CodeAction[] = [];
  // Clients that do not send `data` back: the same diagnostic, computed again, has it.
  const dataOf = dataRecovery(() => doMapValidation(document, parsed, descriptor, state, { ...settings, severity: undefined }));
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== undefined && diagnostic.source !== MAP_DIAGNOSTIC_SOURCE) continue;
    const data = (dataOf(diagnostic) ?? {}) as Record<string, unknown>;
    const start = document.offsetAt(diagnostic.range.start);
    const end = document.offsetAt(diagnostic.range.end);
    const query = queryAt(parsed, start);
    switch (diagnostic.code) {
      case 'unknowntype':
      case 'unknownfield':
      case 'unknownattribute':
      case 'fieldcase':
        actions.push(...nameFixes(document, diagnostic, data, query, start));
        break;
      case 'nodecoordinates':
        if (query) actions.push(...nodeCoordinateFix(document, diagnostic, query, descriptor));
        break;
      case 'invertedbox':
        if (query) actions.push(...invertedBoxFix(document, diagnostic, query, descriptor));
        break;
      case 'regiontoolarge': {
        if (!query) break;
        const limit = typeof data.limit === 'number' ? data.limit : descriptor.defaultLimit * 10;
        actions.push(action(document, `Add "limit": ${limit}`, diagnostic, [appendProperty(document, query.node, `"limit": ${limit}`)]));
        break;
      }
      case 'defaultcorner':
      case 'missingfield': {
        if (!query || start !== query.node.offset || end !== start + 1) break;
        const field = String(data.field ?? '');
        const text = MISSING_FIELD_TEXT[field];
        if (text) actions.push(action(document, `Add "${field}"`, diagnostic, [appendProperty(document, query.node, text)]));
        break;
      }
      case 'duplicatefield': {
        if (!query) break;
        const property = query.overridden.find((p) => p.key.offset === start)?.property;
        if (property)
          actions.push(action(document, 'Remove the overridden field', diagnostic, [removeProperty(document, query.node, property)]));
        break;
      }
      default:
        break;
    }
  }
  return actions;
}

/** Delete a property with the comma that separates it from its neighbour. */
function removeProperty(document: TextDocument, object: Node, property: Node): TextEdit {
  const siblings = object.children ?? [];
  const i = siblings.indexOf(property);
  let from = property.offset;
  let to = property.offset + property.length;
  if (i + 1 < siblings.length) to = siblings[i + 1].offset;
  else if (i > 0) from = siblings[i - 1].offset + siblings[i - 1].length;
  return { range: { start: document.positionAt(from), end: document.positionAt(to) }, newText: '' };
}
