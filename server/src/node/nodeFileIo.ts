/**
 * The CLI's access to files on a Node file system: the part of `CliIo` the checker's walk, its reads
 * and `--fix` use. The CLI entry (cliMain.ts) adds its streams, catalogues and transport; the
 * benchmark of `check DIR` walks with the same functions.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { CliIo } from '../cli/checkCommand';
import { BoundedTextDecoder, ENCODING_SNIFF_BYTES, encodeText, textEncodingOf, type TextEncoding } from '../cli/boundedText';

function kindOf(p: string): 'file' | 'directory' | undefined {
  try {
    const st = fs.statSync(p);
    return st.isDirectory() ? 'directory' : st.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/** One buffer for `readTextIf`, grown to the largest file read: most files of a walk are read and dropped. */
let shared = Buffer.allocUnsafe(1 << 16);

/** Reads a whole file into `shared`; returns its length. */
function readShared(p: string): number {
  const fd = fs.openSync(p, 'r');
  try {
    let n = 0;
    for (;;) {
      if (n === shared.length) {
        const bigger = Buffer.allocUnsafe(shared.length * 2);
        shared.copy(bigger, 0, 0, n);
        shared = bigger;
      }
      const got = fs.readSync(fd, shared, n, shared.length - n, null);
      if (got === 0) return n;
      n += got;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** The first `n` bytes of `buf` decoded as editors read a file (`textEncodingOf`; Node's own decoders where they serve). */
function decodeBuffer(buf: Buffer, n = buf.length): string {
  const { encoding, bom } = textEncodingOf(buf.subarray(0, Math.min(n, ENCODING_SNIFF_BYTES)));
  if (encoding === 'utf-8') return buf.toString('utf8', bom ? 3 : 0, n);
  if (encoding === 'utf-16le') return new TextDecoder('utf-16le').decode(buf.subarray(0, n));
  return new TextDecoder('utf-16be').decode(buf.subarray(0, n));
}

/** A whole file's text as editors read it (its byte-order mark dropped; UTF-16 decoded). */
function readText(p: string): string {
  return decodeBuffer(fs.readFileSync(p));
}

/** How a file is encoded now (UTF-8 without a mark when it cannot be read). */
function encodingOnDisk(p: string): TextEncoding {
  const head = Buffer.alloc(ENCODING_SNIFF_BYTES);
  try {
    const fd = fs.openSync(p, 'r');
    try {
      return textEncodingOf(head.subarray(0, fs.readSync(fd, head, 0, head.length, 0)));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return { encoding: 'utf-8', bom: false };
  }
}

/**
 * A file's text within `maxChars` (`check --max-file-size`): read whole as `readFile` does when its bytes
 * cannot hold many more characters than that (4 ×), else decoded a megabyte at a time and counted
 * (TooLargeInput with the count), never held.
 */
function readTextWithin(p: string, maxChars: number): string {
  if (fs.statSync(p).size <= 4 * maxChars) return readText(p);
  const decoder = new BoundedTextDecoder(maxChars);
  const chunk = Buffer.allocUnsafe(1 << 20);
  const fd = fs.openSync(p, 'r');
  try {
    for (let got = fs.readSync(fd, chunk, 0, chunk.length, null); got > 0; got = fs.readSync(fd, chunk, 0, chunk.length, null))
      decoder.push(chunk.subarray(0, got));
  } finally {
    fs.closeSync(fd);
  }
  return decoder.end();
}

/**
 * A small file's text: read a piece at a time (a pipe of `<(…)` or a device has no size to trust) and refused
 * past `maxBytes`, so a secret file named `/dev/zero` or `/dev/urandom` is not read without end.
 */
function readSmallFile(p: string, maxBytes: number): string {
  const buf = Buffer.allocUnsafe(maxBytes + 1);
  const fd = fs.openSync(p, 'r');
  let length = 0;
  try {
    for (let got = -1; got !== 0 && length <= maxBytes; length += got) got = fs.readSync(fd, buf, length, maxBytes + 1 - length, null);
  } finally {
    fs.closeSync(fd);
  }
  if (length > maxBytes) throw new Error(`it holds more than ${maxBytes} bytes`);
  return decodeBuffer(buf.subarray(0, length));
}

export const nodeFileIo: Pick<
  CliIo,
  | 'readFile'
  | 'readSmallFile'
  | 'readTextWithin'
  | 'kind'
  | 'exists'
  | 'realPath'
  | 'readDir'
  | 'readDirKinds'
  | 'readTextIf'
  | 'byteSearch'
  | 'fileSize'
  | 'writeFile'
  | 'join'
  | 'toUri'
  | 'resolve'
> = {
  readFile: readText,
  readSmallFile,
  readTextWithin,
  kind: kindOf,
  exists: (p) => fs.existsSync(p),
  realPath: (p) => {
    try {
      return fs.realpathSync.native(p);
    } catch {
      return undefined;
    }
  },
  readDir: (p) => fs.readdirSync(p),
  readDirKinds: (p) =>
    fs.readdirSync(p, { withFileTypes: true }).map((e) => ({
      name: e.name,
      kind: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : e.isSymbolicLink() ? kindOf(path.join(p, e.name)) : undefined,
      link: e.isSymbolicLink(),
    })),
  readTextIf: (p, wanted) => {
    const n = readShared(p);
    const text = wanted(shared.subarray(0, n)) ? decodeBuffer(shared, n) : undefined;
    if (shared.length > 1 << 22) shared = Buffer.allocUnsafe(1 << 16); // a huge file's buffer is not kept
    return text;
  },
  byteSearch: (bytes, word, from) =>
    (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).indexOf(word, from, 'latin1'),
  fileSize: (p) => fs.statSync(p).size,
  writeFile: (p, text, options) => {
    const as = options?.asBefore ? encodingOnDisk(p) : undefined;
    fs.writeFileSync(p, as && (as.bom || as.encoding !== 'utf-8') ? encodeText(text, as) : text);
  },
  join: (...parts) => path.join(...parts),
  toUri: (p) => pathToFileURL(path.resolve(p)).href,
  resolve: (p) => path.resolve(p),
};
