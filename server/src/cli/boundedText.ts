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

/** UTF-8 decoded as Node's `readFileSync(…, 'utf8')` does (a byte-order mark kept), kept up to `maxChars`, then counted. */
export class BoundedTextDecoder {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private parts: string[] = [];
  private chars = 0;
  private readonly maxChars: number;

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  push(chunk: Uint8Array): void {
    this.keep(this.decoder.decode(chunk, { stream: true }));
  }

  /** The whole text, or TooLargeInput thrown when it passed the budget. */
  end(): string {
    this.keep(this.decoder.decode());
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
