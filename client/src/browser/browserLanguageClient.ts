/**
 * The browser's language server: dist/web/server.js in a Web Worker, LSP over `postMessage`
 * (vscode-languageclient/browser). The same server as the desktop's, on the browser runtime
 * (server/src/browser/). Each start of the client gets a new worker; a stop (deactivation, restart
 * after a settings change or a granted trust) terminates it, so no old server is left running.
 */
import * as vscode from 'vscode';
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  LanguageClient,
  type LanguageClientOptions,
  type MessageTransports,
} from 'vscode-languageclient/browser';
import { CatalogueCacheFileRequest, GrammarFileRequest } from '../../../common/protocol';
import { CLIENT_ID, CLIENT_NAME, type LanguageClientHost } from '../languageClient';
import { catalogueCacheFileHandler } from './catalogueCacheFiles';
import { grammarFileHandler } from './grammarFiles';

/** What this code needs of the browser's Worker (it runs in VS Code's web-worker extension host). */
interface ServerWorkerHandle {
  terminate(): void;
}
declare const Worker: new (scriptUrl: string, options?: { name?: string }) => ServerWorkerHandle;
type Port = ConstructorParameters<typeof BrowserMessageReader>[0];

/** Workers started in this extension host: each is named by its number (seen in the browser's developer tools and by the tests). */
let workersStarted = 0;

/** The worker of one client: a new one per connection (the library may reconnect after a crash), the previous one ended. */
class ServerWorker {
  private current: ServerWorkerHandle | undefined;

  constructor(private readonly scriptUrl: () => string) {}

  async connect(): Promise<MessageTransports> {
    this.end();
    const worker = new Worker(this.scriptUrl(), { name: `${CLIENT_NAME} #${++workersStarted}` });
    this.current = worker;
    const port = worker as unknown as Port;
    return { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) };
  }

  end(): void {
    const worker = this.current;
    this.current = undefined;
    worker?.terminate();
  }
}

/** The browser's client: stopping it (also by `dispose`) terminates its worker after the LSP shutdown. */
class WorkerLanguageClient extends LanguageClient {
  constructor(
    clientOptions: LanguageClientOptions,
    private readonly worker: ServerWorker,
  ) {
    super(CLIENT_ID, CLIENT_NAME, () => worker.connect(), clientOptions);
  }

  override async stop(timeout?: number): Promise<void> {
    try {
      await super.stop(timeout);
    } finally {
      this.worker.end();
    }
  }
}

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
      const client = new WorkerLanguageClient(clientOptions, new ServerWorker(() => scriptUrl));
      client.onRequest(CatalogueCacheFileRequest.method, catalogueCacheFileHandler(context.globalStorageUri));
      // The host-language parsers' WebAssembly files, from the extension's own dist/grammars (./grammarFiles.ts).
      client.onRequest(GrammarFileRequest.method, grammarFileHandler(context.extensionUri));
      return client;
    },
  };
}
