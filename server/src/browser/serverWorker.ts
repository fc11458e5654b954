/**
 * Entry point of the language server in a browser: a Web Worker (dist/web/server.js) that the web
 * extension starts and talks LSP to over `postMessage`. The same server as the desktop's, on the
 * browser runtime.
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import packageFiles from 'wikimap-query:package-files';
import {
  CatalogueCacheFileRequest,
  GrammarFileRequest,
  type CatalogueCacheFileResult,
  type GrammarFileResult,
} from '../../../common/protocol';
import { startServer } from '../server';
import { MessageCounter } from '../validationQueue';
import { createBrowserRuntime } from './browserRuntime';
import { editorCatalogueFiles } from './editorCatalogueFiles';

interface WorkerScope {
  location?: { href: string };
  close?(): void;
  addEventListener(type: 'error' | 'unhandledrejection', listener: (event: { error?: unknown; reason?: unknown }) => void): void;
}
const scope = globalThis as unknown as WorkerScope;
const port = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// Counted so that due checks wait for the messages that wait (validationQueue.ts).
const messages = new MessageCounter();
const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(port), new BrowserMessageWriter(port), {
  messageStrategy: messages.messageStrategy,
});
const page = scope.location ? new URL(scope.location.href) : undefined;

// A stray exception outside a handler must not take the editor's server down: log it and go on.
const stack = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));
scope.addEventListener('error', (event) => connection.console.error(`Unexpected error: ${stack(event.error)}`));
scope.addEventListener('unhandledrejection', (event) => connection.console.error(`Unexpected rejection: ${stack(event.reason)}`));

// Live catalogues are cached by the client in the extension's storage (asked over the connection).
const editorCacheFiles = editorCatalogueFiles((params) =>
  connection.sendRequest<CatalogueCacheFileResult>(CatalogueCacheFileRequest.method, params),
);
// The host-language parsers' WebAssembly files, read by the client from the extension's own folder.
const grammarFile = async (name: string) => {
  const answer = await connection.sendRequest<GrammarFileResult>(GrammarFileRequest.method, { name });
  if (typeof answer?.base64 !== 'string') throw new Error(`the editor did not send ${name}`);
  return fromBase64(answer.base64);
};
startServer(connection, { ...createBrowserRuntime({ files: packageFiles, page, editorCacheFiles, grammarFile }), messages });
// After LSP `exit` the worker ends itself (a Node server's process exits; a worker has no process to end).
connection.onExit(() => scope.close?.());
