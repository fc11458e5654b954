/**
 * The browser's language server: dist/web/server.js in a Web Worker, LSP over `postMessage`
 * (vscode-languageclient/browser). The same server as the desktop's, on the browser runtime
 * (server/src/browser/).
 */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { CLIENT_ID, CLIENT_NAME, type LanguageClientHost } from '../languageClient';

/** The browser's Worker (this code runs in VS Code's web-worker extension host). */
declare const Worker: new (scriptUrl: string, options?: { name?: string }) => ConstructorParameters<typeof LanguageClient>[3];

export function browserLanguageClientHost(context: vscode.ExtensionContext): LanguageClientHost {
  return {
    create(clientOptions) {
      const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
      const worker = new Worker(script.toString(true), { name: CLIENT_NAME });
      return new LanguageClient(CLIENT_ID, CLIENT_NAME, clientOptions, worker);
    },
  };
}
