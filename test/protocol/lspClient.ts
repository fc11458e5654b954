import { readFileSync } from 'node:fs';
/**
 * A real LSP client (vscode-jsonrpc) talking to the real `dist/server.js` process over stdio.
 * Waits are event-driven with a deadline; nothing sleeps.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, Position, Range, TextEdit } from 'vscode-languageserver-types';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureFreshBuild } = require('../../scripts/lib/buildFreshness.js') as { ensureFreshBuild: (root: string) => string | undefined };

export const ROOT = path.join(__dirname, '..', '..');
export const SERVER = path.join(ROOT, 'dist', 'server.js');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `wikimap-query ARGS` (the built dist/cli.js) run to its end: in the repository unless `cwd`, `input` on stdin, `env` added to this process's. */
export function runCli(args: string[], options: { cwd?: string; input?: string; env?: Record<string, string> } = {}): CliRun {
  const res = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

let built = false;

/**
 * Builds the bundles when they are missing or older than any file they are made of (the list esbuild
 * gave the last build: common/, run/, server/src/, client/src/, dependencies; see
 * scripts/lib/buildFreshness.js), so a fresh clone works with plain `npx mocha test/protocol` and no
 * suite runs a stale bundle.
 */
export function ensureBuilt(): void {
  if (built) return;
  ensureFreshBuild(ROOT);
  built = true;
}

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

export interface ClientOptions {
  /** Client capabilities beyond the defaults (pull diagnostics, configuration…). */
  capabilities?: Record<string, unknown>;
  initializationOptions?: unknown;
  /** Answer to `workspace/configuration` for section `wikimapQuery` (only with the configuration capability). */
  configuration?: () => unknown;
  /** The workspace folder (a `file:` URI), sent as `rootUri` and the one workspace folder; none by default. */
  rootUri?: string;
  /** Wraps the server's command line (e.g. to start it in a mount namespace of its own); as is by default. */
  launch?: (command: string, args: string[]) => [string, string[]];
  /** Answers to requests the server sends the client (method → handler), in place before `initialize`. */
  handlers?: Record<string, (params: any) => unknown>;
}

/** `|` marks the cursor: returns the text without it and the cursor's position. Fails loudly without a marker. */
export function cursor(textWithCursor: string): { text: string; position: Position; offset: number } {
  const offset = textWithCursor.indexOf('|');
  if (offset < 0) throw new Error(`Test text has no | cursor marker: ${JSON.stringify(textWithCursor)}`);
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  return { text, position: positionAt(text, offset), offset };
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

export function offsetAt(text: string, position: Position): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < position.line; i++) offset += lines[i].length + 1;
  return offset + position.character;
}

/** Applies edits (non-overlapping) to a text. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offsetAt(out, e.range.start)) + e.newText + out.slice(offsetAt(out, e.range.end));
  return out;
}

/** The text a range covers. */
export function textOf(text: string, range: Range): string {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

export class LspClient {
  readonly connection: MessageConnection;
  readonly published: PublishedDiagnostics[] = [];
  readonly logs: string[] = [];
  readonly shown: Array<{ type: number; message: string }> = [];
  readonly stderr: string[] = [];
  private waiters: Array<() => void> = [];
  private exited = false;
  /** The server process's exit code, once it exited. */
  exitCode: number | null = null;
  initializeResult: any;

  private constructor(
    private readonly child: ChildProcess,
    private readonly options: ClientOptions,
  ) {
    this.connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    child.stderr!.on('data', (d: Buffer) => this.stderr.push(d.toString()));
    child.stdout!.on('data', (d: Buffer) => this.tapRaw(d));
    child.on('exit', (code) => {
      this.exited = true;
      this.exitCode = code;
      this.notify();
    });
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => {
      this.published.push(p);
      this.notify();
    });
    this.connection.onNotification('window/logMessage', (p: { message: string }) => {
      this.logs.push(p.message);
      this.notify();
    });
    this.connection.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      this.shown.push(p);
      this.notify();
    });
    this.connection.onRequest('window/showMessageRequest', (p: { type: number; message: string }) => {
      this.shown.push(p);
      this.notify();
      return null;
    });
    this.connection.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) =>
      p.items.map((item) => (item.section === 'wikimapQuery' ? (this.options.configuration?.() ?? null) : null)),
    );
    this.connection.onRequest(
      'client/registerCapability',
      (p: { registrations?: Array<{ method: string; registerOptions?: unknown }> }) => {
        this.registrations.push(...(p?.registrations ?? []));
        this.notify();
        return null;
      },
    );
    for (const method of ['workspace/semanticTokens/refresh', 'workspace/inlayHint/refresh']) {
      this.connection.onRequest(method, () => {
        this.refreshRequests.push(method);
        this.notify();
        return null;
      });
    }
    for (const [method, handler] of Object.entries(options.handlers ?? {})) this.connection.onRequest(method, handler);
    this.connection.onRequest('workspace/diagnostic/refresh', () => {
      this.refreshes++;
      this.notify();
      return null;
    });
    this.connection.listen();
  }

  refreshes = 0;
  /** Dynamic registrations the server asked for (`client/registerCapability`). */
  readonly registrations: Array<{ method: string; registerOptions?: unknown }> = [];
  /** Semantic-token and inlay-hint refresh requests received, in order. */
  readonly refreshRequests: string[] = [];

  static async start(options: ClientOptions = {}): Promise<LspClient> {
    ensureBuilt();
    const [command, args] = options.launch?.(process.execPath, [SERVER, '--stdio']) ?? [process.execPath, [SERVER, '--stdio']];
    const child = spawn(command, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const client = new LspClient(child, options);
    const capabilities = {
      textDocument: {
        synchronization: { dynamicRegistration: false },
        completion: { completionItem: { snippetSupport: true } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor'] } } },
        publishDiagnostics: { versionSupport: true },
      },
      workspace: {},
      ...options.capabilities,
    };
    client.initializeResult = await client.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: options.rootUri ?? null,
      workspaceFolders: options.rootUri ? [{ uri: options.rootUri, name: 'workspace' }] : null,
      capabilities,
      initializationOptions: options.initializationOptions,
    });
    await client.connection.sendNotification('initialized', {});
    return client;
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when `check()` returns a value (checked on every message from the server), or fails at the deadline. */
  waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 10000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `Timed out waiting for ${what}. Published: ${JSON.stringify(this.published.slice(-3))}\nstderr: ${this.stderr.join('')}`,
          ),
        );
      }, timeoutMs);
      const attempt = () => {
        let value: T | undefined;
        try {
          value = check();
        } catch (err) {
          clearTimeout(timer);
          reject(err);
          return;
        }
        if (value !== undefined) {
          clearTimeout(timer);
          resolve(value);
        } else if (this.exited) {
          clearTimeout(timer);
          reject(new Error(`The server exited while waiting for ${what}.\nstderr: ${this.stderr.join('')}`));
        } else {
          this.waiters.push(attempt);
        }
      };
      attempt();
    });
  }

  /** The first diagnostics published for `uri` at `version`. */
  diagnosticsFor(uri: string, version: number, timeoutMs?: number): Promise<Diagnostic[]> {
    return this.waitFor(
      `diagnostics of ${uri} version ${version}`,
      () => this.published.find((p) => p.uri === uri && p.version === version)?.diagnostics,
      timeoutMs,
    );
  }

  open(uri: string, languageId: string, text: string, version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, contentChanges: unknown[]): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  /**
   * Sends a request and its `$/cancelRequest` in one write, so the server reads both before it
   * answers; resolves with the raw response (read from the server's output beside the connection).
   */
  requestCancelled(method: string, params: unknown): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
    const id = `cancel-${++this.rawIds}`;
    const frame = (message: unknown) => {
      const body = JSON.stringify(message);
      return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
    };
    const response = this.waitFor(
      `the response to ${id}`,
      () => this.rawResponses.get(id) as { result?: unknown; error?: { code: number; message: string } } | undefined,
    );
    this.child.stdin!.write(
      frame({ jsonrpc: '2.0', id, method, params }) + frame({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } }),
    );
    return response;
  }

  private rawIds = 0;
  private readonly rawResponses = new Map<string, unknown>();
  private rawBuffer = Buffer.alloc(0);

  /** Watches the server's output for responses to `requestCancelled` (ids the connection does not know). */
  private tapRaw(chunk: Buffer): void {
    this.rawBuffer = Buffer.concat([this.rawBuffer, chunk]);
    for (;;) {
      const headerEnd = this.rawBuffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.rawBuffer.subarray(0, headerEnd).toString('ascii'))?.[1]);
      if (this.rawBuffer.length < headerEnd + 4 + length) return;
      const body = this.rawBuffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.rawBuffer = this.rawBuffer.subarray(headerEnd + 4 + length);
      const message = JSON.parse(body) as { id?: unknown };
      if (typeof message.id === 'string' && message.id.startsWith('cancel-')) {
        this.rawResponses.set(message.id, message);
        this.notify();
      }
    }
  }

  /** The server process's id (to read its memory use). */
  get pid(): number {
    return this.child.pid!;
  }

  /** The server process's resident memory, in MB (Linux). */
  rssMb(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
  }

  /** Resolves with the exit code once the server process has exited (fails at the deadline). */
  waitForExit(timeoutMs = 10000): Promise<number | null> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The server did not exit within ${timeoutMs} ms.\nstderr: ${this.stderr.join('')}`)),
        timeoutMs,
      );
      const attempt = () => {
        if (this.exited) {
          clearTimeout(timer);
          resolve(this.exitCode);
        } else this.waiters.push(attempt);
      };
      attempt();
    });
  }

  /** Closes the server's stdin, as an editor that quits without `shutdown` does. */
  closeStdin(): void {
    this.child.stdin!.end();
  }

  get alive(): boolean {
    return !this.exited;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // already gone
    }
    await this.waitFor('the server to exit', () => (this.exited ? true : undefined), 5000).catch(() => this.child.kill());
    this.connection.dispose();
  }
}
