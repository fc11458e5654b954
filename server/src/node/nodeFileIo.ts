/**
 * The CLI's access to files on a Node file system: the part of `CliIo` the checker's walk, its reads
 * and `--fix` use. The CLI entry (cliMain.ts) adds its streams, catalogues and transport; the
 * benchmark of `check DIR` walks with the same functions.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { CliIo } from '../cli/checkCommand';

export const nodeFileIo: Pick<CliIo, 'readFile' | 'kind' | 'readDir' | 'fileSize' | 'writeFile' | 'join' | 'toUri' | 'resolve'> = {
  readFile: (p) => fs.readFileSync(p, 'utf8'),
  kind: (p) => {
    try {
      const st = fs.statSync(p);
      return st.isDirectory() ? 'directory' : st.isFile() ? 'file' : undefined;
    } catch {
      return undefined;
    }
  },
  readDir: (p) => fs.readdirSync(p),
  fileSize: (p) => fs.statSync(p).size,
  writeFile: (p, text) => fs.writeFileSync(p, text),
  join: (...parts) => path.join(...parts),
  toUri: (p) => pathToFileURL(path.resolve(p)).href,
  resolve: (p) => path.resolve(p),
};
