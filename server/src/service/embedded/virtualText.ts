/**
 * Decoded host-language text with a position map: every UTF-16 unit of the decoded text knows the
 * host characters it came from (an escape `\u0070` is one decoded unit mapped to its six source
 * characters), and the parts known only at run time (variables, `${…}` holes, calls) are holes.
 *
 * A request found in source code is handed to the wiki service as a virtual `.wikiquery` text built
 * from these pieces; ranges the service reports come back to the host file through the map.
 */
import type { EscapeStyle } from './hostLanguages';
import type { OffsetRange } from '../languageTypes';

/** The character that stands for a hole in the virtual text (private use: no wiki name or value has it). */
export const HOLE = '\uE000';

/** Decoded text with, for each unit, the host range it came from; holes are `HOLE` units. */
export class MappedText {
  text = '';
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  /** Indexes (into `text`) of hole units. */
  readonly holes: number[] = [];
  /**
   * Values sent empty that the host writes as something (`null` sent as `name=`, a literal `''`): virtual offset
   * of the empty value → the host range of what stands for it, so a verdict on the empty value lands there.
   */
  emptyValues?: Map<number, OffsetRange>;

  push(units: string, start: number, end: number): void {
    for (let i = 0; i < units.length; i++) {
      this.text += units[i];
      this.starts.push(start);
      this.ends.push(end);
    }
  }

  /** Source characters copied one to one from `host` at `from`. */
  pushRaw(host: string, from: number, to: number): void {
    this.text += host.slice(from, to);
    for (let i = from; i < to; i++) {
      this.starts.push(i);
      this.ends.push(i + 1);
    }
  }

  pushHole(start: number, end: number): void {
    if (this.holes.length && this.holes[this.holes.length - 1] === this.text.length - 1) {
      // Two holes in a row are one unknown value.
      this.ends[this.ends.length - 1] = Math.max(end, this.ends[this.ends.length - 1]);
      return;
    }
    this.holes.push(this.text.length);
    this.push(HOLE, start, end);
  }

  append(other: MappedText, from = 0, to = other.text.length): void {
    for (let i = from; i < to; i++) {
      if (other.text[i] === HOLE) this.holes.push(this.text.length);
      this.text += other.text[i];
      this.starts.push(other.starts[i]);
      this.ends.push(other.ends[i]);
    }
  }

  /** Whether [from, to) of the decoded text holds a hole. */
  hasHole(from = 0, to = this.text.length): boolean {
    return this.holes.some((h) => h >= from && h < to);
  }

  /**
   * The host range of decoded [from, to); an empty range maps to the host position of unit `from` (after the
   * last unit at the end), or to what the host writes for a value sent empty there (`emptyValues`).
   */
  hostRange(from: number, to: number): OffsetRange {
    const n = this.text.length;
    if (!n) return { start: 0, end: 0 };
    if (to <= from) {
      const written = this.emptyValues?.get(from);
      if (written) return { start: written.start, end: written.end };
      const at = from < n ? this.starts[from] : this.ends[n - 1];
      return { start: at, end: at };
    }
    return { start: this.starts[Math.min(from, n - 1)], end: this.ends[Math.min(to, n) - 1] };
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', b: '\b', f: '\f', v: '\v', a: '\x07', e: '\x1b' };

/** One escape at `i` (the backslash) of `host`: the decoded units and the escape's length. */
function decodeEscape(host: string, i: number, keepUnknown: boolean): [string, number] {
  const c = host[i + 1];
  if (c === undefined) return ['\\', 1];
  if (c in SIMPLE_ESCAPES && !(c === '0' && /[0-7]/.test(host[i + 2] ?? ''))) return [SIMPLE_ESCAPES[c], 2];
  if (c === '\\' || c === '"' || c === "'" || c === '`' || c === '$' || c === '/') return [c, 2];
  if (c === '\n') return ['', 2];
  if (c === '\r') return ['', host[i + 2] === '\n' ? 3 : 2];
  const hex = (len: number): [string, number] | undefined => {
    const h = host.slice(i + 2, i + 2 + len);
    return h.length === len && /^[0-9a-fA-F]+$/.test(h) ? [String.fromCodePoint(parseInt(h, 16)), 2 + len] : undefined;
  };
  if (c === 'x') return hex(2) ?? [keepUnknown ? '\\x' : 'x', 2];
  if (c === 'u') {
    const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(host.slice(i + 2, i + 10));
    if (braced && parseInt(braced[1], 16) <= 0x10ffff) return [String.fromCodePoint(parseInt(braced[1], 16)), 2 + braced[0].length];
    return hex(4) ?? [keepUnknown ? '\\u' : 'u', 2];
  }
  if (c === 'U') {
    const r = hex(8);
    if (r && r[0].codePointAt(0)! <= 0x10ffff) return r;
  }
  return keepUnknown ? ['\\' + c, 2] : [c, 2];
}

/** Appends host characters [from, to) decoded by `style` to `out`. */
export function decodeInto(out: MappedText, host: string, from: number, to: number, style: EscapeStyle): void {
  let i = from;
  while (i < to) {
    const ch = host[i];
    if (style === 'raw' || (ch !== '\\' && !(style === 'verbatim' && ch === '"'))) {
      out.push(ch, i, i + 1);
      i++;
      continue;
    }
    if (style === 'verbatim') {
      out.push('"', i, Math.min(i + 2, to));
      i += host[i + 1] === '"' ? 2 : 1;
      continue;
    }
    if (style === 'single') {
      const n = host[i + 1];
      if (n === '\\' || n === "'") {
        out.push(n, i, i + 2);
        i += 2;
      } else {
        out.push('\\', i, i + 1);
        i++;
      }
      continue;
    }
    const [units, len] = decodeEscape(host, i, style === 'c-keep');
    const end = Math.min(i + len, to);
    out.push(units, i, end);
    i = end;
  }
}
