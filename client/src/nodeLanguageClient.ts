/**
 * The desktop's language server: dist/server.js in a Node process, over node IPC.
 *
 * Load time: `vscode-languageclient` (with its jsonrpc/protocol/types, minimatch, semver) is ~420 KB
 * minified, about 85% of the client, and evaluating it took ~50 ms of the extension's activation.
 * It is therefore bundled on its own (dist/client.languageClient.js, built by scripts/build.js from
 * ./languageClientLibrary.ts) and required when the client starts, after `activate` returned.
 */
import * as path from 'node:path';
import type * as vscode from 'vscode';
import type { ServerOptions } from 'vscode-languageclient/node';
import { CLIENT_ID, CLIENT_NAME, type LanguageClientHost } from './languageClient';

/** The file next to the client bundle that holds vscode-languageclient (see scripts/build.js). */
const LANGUAGE_CLIENT_LIBRARY_FILE = 'client.languageClient.js';

let library: typeof import('./languageClientLibrary') | undefined;

/** Loads vscode-languageclient on first use (a separate bundle: not evaluated while activating). */
function loadLibrary(): typeof import('./languageClientLibrary') {
  // A computed path: esbuild leaves this require alone instead of inlining the library again.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at run time on purpose
  library ??= require(path.join(__dirname, LANGUAGE_CLIENT_LIBRARY_FILE)) as typeof import('./languageClientLibrary');
  return library;
}

export function nodeLanguageClientHost(context: vscode.ExtensionContext): LanguageClientHost {
  return {
    catalogueCacheDir: context.globalStorageUri.fsPath,
    create(clientOptions) {
      const { LanguageClient, TransportKind } = loadLibrary();
      const serverModule = context.asAbsolutePath('dist/server.js');
      // The server's V8 code cache (server/src/node/compileCache.ts) lives in the extension's own storage,
      // unless the environment names a folder (or `off`).
      const env = {
        ...process.env,
        WIKIMAP_QUERY_COMPILE_CACHE: process.env.WIKIMAP_QUERY_COMPILE_CACHE ?? path.join(context.globalStorageUri.fsPath, 'compile-cache'),
      };
      const serverOptions: ServerOptions = {
        run: { module: serverModule, transport: TransportKind.ipc, options: { env } },
        debug: { module: serverModule, transport: TransportKind.ipc, options: { env, execArgv: ['--nolazy', '--inspect=6011'] } },
      };
      return new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
    },
  };
}
