/**
 * In the browser the map server's `/api/config` cannot be read (stock map servers send no CORS
 * headers), so the web extension takes the server's own config file from the workspace instead: the
 * first `mapserver.json` found (a Luanti world keeps it beside its map), read through VS Code's file
 * system (virtual workspaces included) and handed to the language server, again when it changes.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../common/errorMessage';
import type { QueryLanguageClient } from '../languageClient';
import type { Log } from '../log';

const FILE_GLOB = '**/mapserver.json';
/** A real mapserver.json is a few KB; the language server applies the same cap as to a live answer. */
const MAX_FILE_BYTES = 256 * 1024;

async function readConfigFile(): Promise<{ name?: string; text?: string; tooLarge?: string }> {
  const [uri] = await vscode.workspace.findFiles(FILE_GLOB, '**/node_modules/**', 1);
  if (!uri) return {};
  const name = vscode.workspace.asRelativePath(uri);
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > MAX_FILE_BYTES)
    return { tooLarge: `${name} is ${size} bytes, over the ${MAX_FILE_BYTES}-byte limit of a map server's config` };
  return { name, text: new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri)) };
}

export function watchMapConfigFile(context: vscode.ExtensionContext, client: QueryLanguageClient, log: Log): void {
  let told = '';
  const send = async () => {
    try {
      const file = await readConfigFile();
      const result = file.tooLarge
        ? { used: false, error: file.tooLarge }
        : await client.mapConfigFile({ name: file.name, text: file.text });
      if (result.used) log.info(`Map queries are checked against ${file.name}.`);
      if (result.error && result.error !== told) void vscode.window.showWarningMessage(`Map Query: ${result.error}.`);
      told = result.error ?? '';
    } catch (e) {
      log.error(`Reading the workspace's mapserver.json failed: ${errorMessage(e)}`);
    }
  };
  const watcher = vscode.workspace.createFileSystemWatcher(FILE_GLOB);
  context.subscriptions.push(watcher, watcher.onDidCreate(send), watcher.onDidChange(send), watcher.onDidDelete(send));
  void send();
}
