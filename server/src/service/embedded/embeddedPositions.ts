/**
 * Positions between a host file and the virtual query of a request found in it (virtualText.ts):
 * a host offset becomes the virtual offset of the decoded unit at or after it, a virtual range the
 * host characters it came from.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';
import type { FoundRequest } from './requestFinder';
import type { MappedText } from './virtualText';

/**
 * The virtual offset of host offset `offset`: the number of decoded units that end at or before it
 * (a separator `&` or `=` the host does not write ends where the next name or value starts, so a
 * cursor at the start of a name is after its `&`, at the end of a name before its `=`).
 */
export function hostToVirtual(query: MappedText, offset: number): number {
  let v = 0;
  for (let i = 0; i < query.text.length; i++) {
    if (query.ends[i] <= offset) v = i + 1;
    else if (query.starts[i] >= offset && query.starts[i] < query.ends[i]) break;
  }
  return v;
}

/** A range of the virtual query (line 0) in the host file; later lines mean the end of the request. */
export function virtualToHost(request: FoundRequest, host: TextDocument, r: Range): Range {
  const n = request.query.text.length;
  const from = r.start.line > 0 ? n : r.start.character;
  const to = r.end.line > 0 ? n : r.end.character;
  const span = n ? request.query.hostRange(from, to) : request.range;
  return { start: host.positionAt(span.start), end: host.positionAt(span.end) };
}
