/**
 * Finds where a parameter (or one value of its `|` list) is written inside a query's text, so the
 * wiki's own warnings can be placed on it. Works on offsets; VS Code-free.
 */

export interface OffsetSpan {
  start: number;
  end: number;
}

interface Segment {
  name: string;
  nameStart: number;
  valueStart: number;
  end: number;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** The `name=value` segments of the query text between `start` and `end` (comment lines skipped). */
function segments(text: string, start: number, end: number): Segment[] {
  const out: Segment[] = [];
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    const line = text.slice(lineStart, lineEnd);
    if (!/^\s*#/.test(line)) {
      let pos = 0;
      const q = line.indexOf('?');
      // The part before `?` is the endpoint (https://host/w/api.php), not a parameter.
      if (q >= 0 && !line.slice(0, q).includes('&') && !line.slice(0, q).includes('=')) pos = q + 1;
      const body = line
        .slice(pos)
        .replace(/\s+#.*$/, '')
        .replace(/\r$/, '');
      let cursor = pos;
      for (const part of body.split('&')) {
        const partStart = cursor;
        cursor += part.length + 1;
        const lead = part.length - part.trimStart().length;
        const trimmed = part.trim();
        if (!trimmed) continue;
        const eq = trimmed.indexOf('=');
        const rawName = eq < 0 ? trimmed : trimmed.slice(0, eq);
        const abs = lineStart + partStart + lead;
        out.push({
          name: decode(rawName),
          nameStart: abs,
          valueStart: eq < 0 ? abs + trimmed.length : abs + eq + 1,
          end: abs + trimmed.length,
        });
      }
    }
    lineStart = lineEnd + 1;
  }
  return out;
}

/**
 * Span of the last occurrence of parameter `name` (the one that counts) from the name to the end of
 * its value; with `value`, the span of that one item of its `|` list when it can be found.
 */
export function locateParam(text: string, start: number, end: number, name: string, value?: string): OffsetSpan | undefined {
  const seg = [...segments(text, start, end)].reverse().find((s) => s.name === name);
  if (!seg) return undefined;
  if (value !== undefined) {
    const raw = text.slice(seg.valueStart, seg.end);
    let offset = 0;
    for (const item of raw.split(/\||%7[Cc]/)) {
      const at = raw.indexOf(item, offset);
      if (decode(item) === value && at >= 0) return { start: seg.valueStart + at, end: seg.valueStart + at + item.length };
      offset = at + item.length;
    }
  }
  return { start: seg.nameStart, end: seg.end };
}
