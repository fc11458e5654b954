/**
 * Renames imports of a WebAssembly module (its import section only; the rest is copied as is).
 *
 * Prebuilt grammars of tree-sitter-wasms import C library functions that web-tree-sitter 0.25's
 * runtime does not export: the Bash scanner calls `isalpha`, the Kotlin scanner `abort`, several
 * scanners `__assert_fail` (Bash, Python, PHP, Ruby). The runtime
 * links a missing function to a stub that throws "resolved is not a function" from inside the
 * parse, and the parser's memory is left inconsistent: every later parse, of any language, failed
 * ("memory access out of bounds"). Pointing those imports at functions the runtime has (`iswalpha`,
 * the same answer for the bytes a scanner passes; `_abort_js`, which ends the parse with an error as
 * `abort` and a failed assertion would) makes the grammars link whole. See docs/architecture.md.
 */

/** What the runtime lacks, and the function it has that does the same. */
const GRAMMAR_IMPORT_RENAMES: Readonly<Record<string, string>> = {
  isalpha: 'iswalpha',
  abort: '_abort_js',
  __assert_fail: '_abort_js',
};

class Reader {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  u32(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.bytes.length || shift > 28) throw new Error('malformed WebAssembly module');
      const b = this.bytes[this.pos++];
      result |= (b & 0x7f) << shift;
      if (!(b & 0x80)) return result >>> 0;
      shift += 7;
    }
  }

  byte(): number {
    if (this.pos >= this.bytes.length) throw new Error('malformed WebAssembly module');
    return this.bytes[this.pos++];
  }

  name(): string {
    const n = this.u32();
    const s = new TextDecoder().decode(this.bytes.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }

  limits(): void {
    const flags = this.byte();
    this.u32();
    if (flags & 1) this.u32();
  }
}

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

function nameBytes(s: string): number[] {
  const b = new TextEncoder().encode(s);
  return [...leb(b.length), ...b];
}

/** Skips an import's description (function, table, memory, global or tag). */
function skipDescription(r: Reader): void {
  const kind = r.byte();
  if (kind === 0 || kind === 4) {
    if (kind === 4) r.byte();
    r.u32();
  } else if (kind === 1) {
    r.byte();
    r.limits();
  } else if (kind === 2) {
    r.limits();
  } else if (kind === 3) {
    r.byte();
    r.byte();
  } else {
    throw new Error(`unknown import kind ${kind}`);
  }
}

/** The import section with `env` imports renamed, or undefined when none is. */
function renamedSection(bytes: Uint8Array, start: number, end: number, renames: Readonly<Record<string, string>>): number[] | undefined {
  const r = new Reader(bytes, start);
  const count = r.u32();
  const out: number[] = leb(count);
  let changed = false;
  for (let i = 0; i < count; i++) {
    const module = r.name();
    const field = r.name();
    const descStart = r.pos;
    skipDescription(r);
    const to = module === 'env' && Object.prototype.hasOwnProperty.call(renames, field) ? renames[field] : undefined;
    if (to !== undefined) changed = true;
    out.push(...nameBytes(module), ...nameBytes(to ?? field), ...bytes.subarray(descStart, r.pos));
  }
  if (r.pos !== end) throw new Error('malformed WebAssembly import section');
  return changed ? out : undefined;
}

/** The module with its `env` imports renamed; the same bytes when none of them is imported. */
export function renameImports(wasm: Uint8Array, renames: Readonly<Record<string, string>> = GRAMMAR_IMPORT_RENAMES): Uint8Array {
  const r = new Reader(wasm, 8);
  while (r.pos < wasm.length) {
    const sectionStart = r.pos;
    const id = r.byte();
    const size = r.u32();
    const contentStart = r.pos;
    const end = contentStart + size;
    if (end > wasm.length) throw new Error('malformed WebAssembly module');
    if (id === 2) {
      const section = renamedSection(wasm, contentStart, end, renames);
      if (!section) return wasm;
      const head = [2, ...leb(section.length)];
      const out = new Uint8Array(sectionStart + head.length + section.length + (wasm.length - end));
      out.set(wasm.subarray(0, sectionStart), 0);
      out.set(head, sectionStart);
      out.set(section, sectionStart + head.length);
      out.set(wasm.subarray(end), sectionStart + head.length + section.length);
      return out;
    }
    r.pos = end;
  }
  return wasm;
}
