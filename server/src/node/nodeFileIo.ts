/**
 * The CLI's access to files on a Node file system: the part of `CliIo` the checker's walk, its reads
 * and `--fix` use. The CLI entry (cliMain.ts) adds its streams, catalogues and transport; the
 * benchmark of `check DIR` walks with the same functions.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { CliIo } from '../cli/checkCommand';
import { BoundedTextDecoder } from '../cli/boundedText';

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

/**
 * A file's text within `maxChars` (`check --max-file-size`): read whole as `readFile` does when its bytes
 * cannot hold many more characters than that (4 ×), else decoded a megabyte at a time and counted
 * (TooLargeInput with the count), never held.
 */
function readTextWithin(p: string, maxChars: number): string {
  if (fs.statSync(p).size <= 4 * maxChars) return fs.readFileSync(p, 'utf8');
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

export const nodeFileIo: Pick<
  CliIo,
  | 'readFile'
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
  readFile: (p) => fs.readFileSync(p, 'utf8'),
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
    })),
  readTextIf: (p, wanted) => {
    const n = readShared(p);
    const text = wanted(shared.subarray(0, n)) ? shared.toString('utf8', 0, n) : undefined;
    if (shared.length > 1 << 22) shared = Buffer.allocUnsafe(1 << 16); // a huge file's buffer is not kept
    return text;
  },
  byteSearch: (bytes, word, from) =>
    (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).indexOf(word, from, 'latin1'),
  fileSize: (p) => fs.statSync(p).size,
  writeFile: (p, text) => fs.writeFileSync(p, text),
  join: (...parts) => path.join(...parts),
  toUri: (p) => pathToFileURL(path.resolve(p)).href,
  resolve: (p) => path.resolve(p),
};
