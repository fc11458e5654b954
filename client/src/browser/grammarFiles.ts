/**
 * The web extension hands the language server its parser files (`wikimapQuery/grammarFile`): the
 * tree-sitter runtime and the grammar WebAssembly files in the extension's own `dist/grammars/`, and the
 * parsers' code `dist/web/server.hostParsers.js`, read
 * through VS Code's file system (the worker may run from a blob, with no URL of the extension to fetch
 * from). Only a file name of that folder is answered; a path, `..` or any other file is refused, so the
 * server can read nothing else.
 */
import * as vscode from 'vscode';
import type { GrammarFileParams, GrammarFileResult } from '../../../common/protocol';

/** The names the build writes to dist/grammars (scripts/build.js `copyGrammars`). */
const GRAMMAR_FILE_NAME = /^tree-sitter(-[a-z_]{1,40})?\.wasm$/;
/** The parsers' own code, loaded by the worker when first needed (server/src/browser/lazyHostParsers.ts), in dist/web. */
const HOST_PARSERS_SCRIPT = 'server.hostParsers.js';

/** The largest grammar shipped is ~4 MB (Kotlin); anything much larger is not one of ours. */
const MAX_GRAMMAR_BYTES = 32 * 1024 * 1024;

/** Base64 of bytes, in slices (String.fromCharCode takes a bounded number of arguments). */
function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  return btoa(parts.join(''));
}

/** The handler of `wikimapQuery/grammarFile` for the extension at `extensionUri`. */
export function grammarFileHandler(extensionUri: vscode.Uri): (params: GrammarFileParams) => Promise<GrammarFileResult> {
  const folder = vscode.Uri.joinPath(extensionUri, 'dist', 'grammars');
  return async (params) => {
    const name = params?.name;
    const script = name === HOST_PARSERS_SCRIPT;
    if (typeof name !== 'string' || (!script && !GRAMMAR_FILE_NAME.test(name)))
      throw new Error(`not a grammar file name: ${JSON.stringify(name)}`);
    const file = script ? vscode.Uri.joinPath(extensionUri, 'dist', 'web', name) : vscode.Uri.joinPath(folder, name);
    const { size } = await vscode.workspace.fs.stat(file);
    if (size > MAX_GRAMMAR_BYTES) throw new Error(`${name} is ${size} bytes, more than a grammar file can be`);
    return { base64: toBase64(await vscode.workspace.fs.readFile(file)) };
  };
}
