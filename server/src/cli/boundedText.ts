/**
 * Input text read within the size budget (`check --max-file-size`): standard input and files are decoded
 * a chunk at a time, and once past the budget only counted, so 1 GB of input costs a few megabytes, not
 * the gigabytes (and "Cannot create a string longer than 0x1fffffe8 characters") of reading it whole.
 */

/** An input over the budget: how many characters it has (counted, not kept). */
export class TooLargeInput extends Error {
  readonly chars: number;
  constructor(chars: number) {
    super(`it has ${chars} characters`);
    this.chars = chars;
  }
}

/** The encodings a text file is read in: as editors read files, by their byte-order mark. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/** How a file's text is encoded: the encoding, and whether it starts with a byte-order mark. */
export interface TextEncoding {
  encoding: TextEncodingName;
  bom: boolean;
}

/** Bytes looked at for the zero bytes of UTF-16 written without a byte-order mark (as VS Code does). */
export const ENCODING_SNIFF_BYTES = 512;

/**
 * The encoding of a file's bytes as VS Code reads it (`detectEncodingFromBuffer`, without guessing from the
 * content): the byte-order mark's (UTF-8, UTF-16 LE or BE); else UTF-16 when the first 512 bytes hold a zero
 * byte and every zero is the high byte of a UTF-16 unit of one byte order while no high byte is not (ASCII text
 * saved as UTF-16 without a mark); else UTF-8. `bytes` need only be the first `ENCODING_SNIFF_BYTES`.
 */
export function textEncodingOf(bytes: Uint8Array): TextEncoding {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: true };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: true };
  let le = true;
  let be = true;
  let zero = false;
  const n = Math.min(bytes.length, ENCODING_SNIFF_BYTES);
  for (let i = 0; i < n && (le || be); i++) {
    const isZero = bytes[i] === 0;
    zero ||= isZero;
    // UTF-16 LE: ASCII has its zero byte second (odd offsets); BE first
    if (i % 2 === 1 ? !isZero : isZero) le = false;
    if (i % 2 === 0 ? !isZero : isZero) be = false;
  }
  if (zero && le) return { encoding: 'utf-16le', bom: false };
  if (zero && be) return { encoding: 'utf-16be', bom: false };
  return { encoding: 'utf-8', bom: false };
}

/** A text written back in the encoding it was read in (`--fix`): the same byte order, a byte-order mark when it had one. */
export function encodeText(text: string, as: TextEncoding): Uint8Array {
  const body = as.bom ? `\uFEFF${text}` : text;
  if (as.encoding === 'utf-8') return new TextEncoder().encode(body);
  const out = new Uint8Array(body.length * 2);
  const big = as.encoding === 'utf-16be';
  for (let i = 0; i < body.length; i++) {
    const unit = body.charCodeAt(i);
    out[2 * i + (big ? 1 : 0)] = unit & 0xff;
    out[2 * i + (big ? 0 : 1)] = unit >> 8;
  }
  return out;
}

/**
 * Text decoded as editors read files (`textEncodingOf`: UTF-8, or UTF-16 by its byte-order mark or zero bytes;
 * the mark dropped), kept up to `maxChars`, then counted. The first 512 bytes are held until the encoding is known.
 */
export class BoundedTextDecoder {
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private parts: string[] = [];
  private chars = 0;
  private readonly maxChars: number;

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  push(chunk: Uint8Array): void {
    if (this.decoder) return this.keep(this.decoder.decode(chunk, { stream: true }));
    this.head.push(chunk.slice());
    this.headBytes += chunk.length;
    if (this.headBytes >= ENCODING_SNIFF_BYTES) this.startDecoding();
  }

  /** Decides the encoding from the bytes held, and decodes them. */
  private startDecoding(): void {
    const head = new Uint8Array(this.headBytes);
    let at = 0;
    for (const h of this.head) {
      head.set(h, at);
      at += h.length;
    }
    this.head = [];
    this.decoder = new TextDecoder(textEncodingOf(head).encoding);
    this.keep(this.decoder.decode(head, { stream: true }));
  }

  /** The whole text, or TooLargeInput thrown when it passed the budget. */
  end(): string {
    if (!this.decoder) this.startDecoding();
    this.keep(this.decoder!.decode());
    if (this.chars > this.maxChars) throw new TooLargeInput(this.chars);
    const text = this.parts.join('');
    this.parts = [];
    return text;
  }

  private keep(text: string): void {
    this.chars += text.length;
    if (this.chars <= this.maxChars) this.parts.push(text);
    else this.parts = [];
  }
}

/** A stream's text (standard input) within `maxChars`; TooLargeInput past it, after the rest is read and counted. */
export async function readBoundedStream(stream: AsyncIterable<Uint8Array>, maxChars: number): Promise<string> {
  const decoder = new BoundedTextDecoder(maxChars);
  for await (const chunk of stream) decoder.push(chunk);
  return decoder.end();
}
