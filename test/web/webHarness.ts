/**
 * What the web suite needs: the web bundles (built when older than their sources), a page served from
 * a loopback server of the test's own, Debian's Chromium driven by playwright-core, and an LSP client
 * (vscode-jsonrpc) talking to the language server's Web Worker over `postMessage`. Waits are
 * event-driven with a deadline; nothing sleeps.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  createMessageConnection,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import { listenLoopback } from '../support/loopbackServer';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureFreshBuild } = require('../../scripts/lib/buildFreshness.js') as { ensureFreshBuild: (root: string) => string | undefined };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { webOptions } = require('../../scripts/build.js') as { webOptions: (production: boolean) => esbuild.BuildOptions };

export const ROOT = path.join(__dirname, '..', '..');
export const WEB_DIR = path.join(ROOT, 'dist', 'web');
export const WEB_BUNDLES = ['client.js', 'server.js', 'server.hostParsers.js'].map((f) => path.join(WEB_DIR, f));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Builds when a web bundle is missing or older than any file it is made of (scripts/lib/buildFreshness.js). */
export function ensureWebBuilt(): void {
  ensureFreshBuild(ROOT);
}

/**
 * A script for the test page: `entry` (TypeScript importing the project's modules from the repository root)
 * bundled as the web extension is bundled (the web build's options), one script without a source map.
 */
export async function bundleForPage(entry: string): Promise<Uint8Array> {
  const result = await esbuild.build({
    ...webOptions(false),
    sourcemap: false,
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    format: 'iife',
    write: false,
  });
  return result.outputFiles![0].contents;
}

/** A loopback server for the test page and the worker script (its own origin, as a workbench's would be). */
export async function servePage(scripts: Record<string, Uint8Array> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const script = scripts[req.url ?? ''];
    if (script) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(Buffer.from(script));
    } else if (req.url === '/server.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(fs.readFileSync(path.join(WEB_DIR, 'server.js')));
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>wikimap-query web worker test</title><body></body>');
    } else {
      res.writeHead(404).end();
    }
  });
  const { origin, close } = await listenLoopback(server);
  return { url: `${origin}/`, close };
}

export function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium is not installed at ${CHROMIUM}; run \`bash scripts/setup.sh\` (Debian's chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Messages from the worker, handed to vscode-jsonrpc as they arrive (pushed by an exposed function). */
class PageReader extends AbstractMessageReader {
  private callback: DataCallback | undefined;
  deliver(message: Message): void {
    this.callback?.(message);
  }
  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    return { dispose: () => (this.callback = undefined) };
  }
}

/** Messages to the worker, posted in order. */
class PageWriter extends AbstractMessageWriter {
  private queue: Promise<void> = Promise.resolve();
  constructor(private readonly page: Page) {
    super();
  }
  write(message: Message): Promise<void> {
    this.queue = this.queue.then(() => this.page.evaluate((m) => (globalThis as any).wmqPost(m), message as any));
    return this.queue;
  }
  end(): void {}
}

export interface WorkerClient {
  connection: MessageConnection;
  published: Array<{ uri: string; version?: number; diagnostics: Diagnostic[] }>;
  shown: Array<{ type: number; message: string }>;
  /** Errors the worker raised (script errors); a test asserts there are none. */
  workerErrors: string[];
  /** The grammar files the server asked for (`wikimapQuery/grammarFile`), in order. */
  grammarFiles: string[];
  /** The server's log (`window/logMessage`). */
  logged: string[];
  waitFor<T>(what: string, check: () => T | undefined, timeoutMs?: number): Promise<T>;
}

/**
 * Starts the web build's language server as a Worker of `page` and connects an LSP client to it. `refuseGrammars`:
 * the client answers `wikimapQuery/grammarFile` with an error (as an editor without the files would).
 */
export async function startWorkerClient(page: Page, initializationOptions: unknown, refuseGrammars = false): Promise<WorkerClient> {
  const reader = new PageReader();
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((w) => w());
  const client: WorkerClient = {
    connection: createMessageConnection(reader, new PageWriter(page)),
    published: [],
    shown: [],
    workerErrors: [],
    grammarFiles: [],
    logged: [],
    waitFor: (what, check, timeoutMs = 20000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `Timed out waiting for ${what}; grammar files: ${client.grammarFiles}; published: ${JSON.stringify(client.published).slice(0, 1500)}; shown: ${JSON.stringify(client.shown)}; errors: ${client.workerErrors}`,
              ),
            ),
          timeoutMs,
        );
        const attempt = () => {
          const value = check();
          if (value !== undefined) {
            clearTimeout(timer);
            resolve(value);
          } else waiters.push(attempt);
        };
        attempt();
      }),
  };
  await page.exposeFunction('wmqDeliver', (m: Message) => reader.deliver(m));
  await page.exposeFunction('wmqWorkerError', (m: string) => {
    client.workerErrors.push(m);
    notify();
  });
  await page.evaluate(() => {
    const scope = globalThis as any;
    const worker = new scope.Worker('/server.js');
    worker.onmessage = (e: { data: unknown }) => scope.wmqDeliver(e.data);
    worker.onerror = (e: { message: string }) => scope.wmqWorkerError(e.message);
    scope.wmqPost = (m: unknown) => worker.postMessage(m);
  });
  const { connection } = client;
  connection.onNotification('textDocument/publishDiagnostics', (p) => (client.published.push(p), notify()));
  connection.onNotification('window/showMessage', (p) => (client.shown.push(p), notify()));
  connection.onNotification('window/logMessage', (p: { message: string }) => (client.logged.push(p.message), notify()));
  connection.onRequest('window/showMessageRequest', (p) => (client.shown.push(p), notify(), null));
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  connection.onRequest('client/registerCapability', () => null);
  // As the web extension answers (client/src/browser/grammarFiles.ts): a file of the extension's dist/grammars, by name.
  connection.onRequest('wikimapQuery/grammarFile', (p: { name: string }) => {
    client.grammarFiles.push(p.name);
    if (refuseGrammars) throw new Error(`${p.name} is not available`);
    if (p.name === 'server.hostParsers.js') return { base64: fs.readFileSync(path.join(WEB_DIR, p.name)).toString('base64') };
    if (!/^tree-sitter(-[a-z_]+)?\.wasm$/.test(p.name)) throw new Error(`not a grammar file name: ${p.name}`);
    return { base64: fs.readFileSync(path.join(ROOT, 'dist', 'grammars', p.name)).toString('base64') };
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: null,
    rootUri: null,
    capabilities: {
      textDocument: { completion: { completionItem: { snippetSupport: true } }, publishDiagnostics: { versionSupport: true } },
      workspace: {},
    },
    initializationOptions,
  });
  await connection.sendNotification('initialized', {});
  return client;
}
