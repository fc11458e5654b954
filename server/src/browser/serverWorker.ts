/**
 * Entry point of the language server in a browser: a Web Worker (dist/web/server.js) that the web
 * extension starts and talks LSP to over `postMessage`. The same server as the desktop's, on the
 * browser runtime.
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import packageFiles from 'wikimap-query:package-files';
import { CatalogueCacheFileRequest, type CatalogueCacheFileResult } from '../../../common/protocol';
import { startServer } from '../server';
import { createBrowserRuntime } from './browserRuntime';
import { editorCatalogueFiles } from './editorCatalogueFiles';

interface WorkerScope {
  location?: { href: string };
  close?(): void;
  addEventListener(type: 'error' | 'unhandledrejection', listener: (event: { error?: unknown; reason?: unknown }) => void): void;
}
const scope = globalThis as unknown as WorkerScope;
const port = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(port), new BrowserMessageWriter(port));
const page = scope.location ? new URL(scope.location.href) : undefined;

// A stray exception outside a handler must not take the editor's server down: log it and go on.
const stack = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));
scope.addEventListener('error', (event) => connection.console.error(`Unexpected error: ${stack(event.error)}`));
scope.addEventListener('unhandledrejection', (event) => connection.console.error(`Unexpected rejection: ${stack(event.reason)}`));

// Live catalogues are cached by the client in the extension's storage (asked over the connection).
const editorCacheFiles = editorCatalogueFiles((params) =>
  connection.sendRequest<CatalogueCacheFileResult>(CatalogueCacheFileRequest.method, params),
);
startServer(connection, createBrowserRuntime({ files: packageFiles, page, editorCacheFiles }));
// After LSP `exit` the worker ends itself (a Node server's process exits; a worker has no process to end).
connection.onExit(() => scope.close?.());
