/**
 * The browser's language server: dist/web/server.js in a Web Worker, LSP over `postMessage`
 * (vscode-languageclient/browser). The same server as the desktop's, on the browser runtime
 * (server/src/browser/).
 */
import * as vscode from 'vscode';
import { LanguageClient, type ServerOptions } from 'vscode-languageclient/browser';
import { CatalogueCacheFileRequest } from '../../../common/protocol';
import { CLIENT_ID, CLIENT_NAME, type LanguageClientHost } from '../languageClient';
import { catalogueCacheFileHandler } from './catalogueCacheFiles';

/** The browser's Worker (this code runs in VS Code's web-worker extension host). */
declare const Worker: new (scriptUrl: string, options?: { name?: string }) => ServerOptions;

export function browserLanguageClientHost(context: vscode.ExtensionContext): LanguageClientHost {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
  let scriptUrl = script.toString(true);
  return {
    // Live catalogues are cached in the extension's storage, kept by this client for the server (./catalogueCacheFiles.ts).
    catalogueCacheDir: context.globalStorageUri.toString(),
    // Where the extension is not served over http(s) (installed on a remote such as code-server:
    // `vscode-remote:`), the browser cannot load the script by its URI: it is read and run from a blob.
    async prepare() {
      if (script.scheme === 'http' || script.scheme === 'https' || scriptUrl.startsWith('blob:')) return;
      const bytes = await vscode.workspace.fs.readFile(script);
      scriptUrl = URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
    },
    create(clientOptions) {
      const worker = new Worker(scriptUrl, { name: CLIENT_NAME });
      const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, worker, clientOptions);
      client.onRequest(CatalogueCacheFileRequest.method, catalogueCacheFileHandler(context.globalStorageUri));
      return client;
    },
  };
}
