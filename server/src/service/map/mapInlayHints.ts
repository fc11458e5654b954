/**
 * Inlay hints in map queries: after each map-block coordinate of `pos1`/`pos2`, the node range that
 * block covers on that axis (block b covers nodes 16·b … 16·b+15).
 */
import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { AXES, axisValue, readBox } from './mapBox';
import type { MapDescriptor } from './mapDescriptor';
import type { MapDocument } from './mapQueryParser';

export function getMapInlayHints(document: TextDocument, parsed: MapDocument, descriptor: MapDescriptor, range: Range): InlayHint[] {
  const lo = document.offsetAt(range.start);
  const hi = document.offsetAt(range.end);
  const size = descriptor.blockSize;
  const out: InlayHint[] = [];
  for (const query of parsed.queries) {
    const box = readBox(query, descriptor);
    for (const corner of [box.pos1, box.pos2]) {
      for (const axis of AXES) {
        const v = axisValue(corner, axis);
        if (!v || v.type !== 'number' || !Number.isInteger(v.value)) continue;
        const end = v.offset + v.length;
        if (end < lo || v.offset > hi) continue;
        const b = v.value as number;
        out.push({
          position: document.positionAt(end),
          label: `nodes ${b * size}…${b * size + size - 1}`,
          kind: InlayHintKind.Type,
          paddingLeft: true,
          tooltip: `Map block ${b} on ${axis} covers nodes ${b * size} to ${b * size + size - 1} (${size} nodes per block).`,
        });
      }
    }
  }
  return out;
}
