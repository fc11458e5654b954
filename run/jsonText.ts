/**
 * `JSON.stringify(value, null, 2)` written out in pieces: a huge answer (millions of items) is printed
 * without first building its whole text (and the copies a runtime makes of it), so printing costs a
 * piece at a time. Same text as `JSON.stringify(value, null, 2)` for what `JSON.parse` makes.
 */

/** Subtrees deeper than this are written by `JSON.stringify` itself (no deep recursion here). */
const MAX_DEPTH = 200;
/** Items of a list written by one JSON.stringify call. */
const SLICE = 2000;
/** About how many characters go out per call of `write` (small pieces are young garbage, collected at once). */
const PIECE = 64 * 1024;

/** The text so far, handed to `write` whenever it passes PIECE characters. */
interface Out {
  text: string;
  write(text: string): void | Promise<void>;
}

/** Adds text; a full piece is written, and a writer that is behind (a slow pipe) is waited for. */
async function put(out: Out, text: string): Promise<void> {
  out.text += text;
  if (out.text.length >= PIECE) {
    const piece = out.text;
    out.text = '';
    await out.write(piece);
  }
}

async function emit(value: unknown, indent: string, depth: number, out: Out): Promise<void> {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) {
    const text = JSON.stringify(value === undefined ? null : value, null, 2);
    await put(out, depth > MAX_DEPTH ? text.replace(/\n/g, `\n${indent}`) : text);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return put(out, '[]');
    // Slices of a list are written by JSON.stringify itself (native speed), their lines indented here.
    for (let i = 0; i < value.length; i += SLICE) {
      const part = JSON.stringify(value.slice(i, i + SLICE), null, 2);
      await put(out, `${i ? ',' : '['}\n${indent}${part.slice(2, -2).replace(/\n/g, `\n${indent}`)}`);
    }
    return put(out, `\n${indent}]`);
  }
  const inner = `${indent}  `;
  let first = true;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function') continue;
    await put(out, `${first ? '{' : ','}\n${inner}${JSON.stringify(k)}: `);
    first = false;
    await emit(v, inner, depth + 1, out);
  }
  await put(out, first ? '{}' : `\n${indent}}`);
}

/**
 * Writes `value` as `JSON.stringify(value, null, 2)` would, in pieces of about 64 KB, then `end`;
 * when `write` returns a promise (the output is behind), the next piece waits for it.
 */
export async function writeJson(value: unknown, write: (text: string) => void | Promise<void>, end = ''): Promise<void> {
  const out: Out = { text: '', write };
  await emit(value, '', 0, out);
  await write(out.text + end);
}
