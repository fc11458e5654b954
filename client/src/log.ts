/**
 * The "Wiki & Map Query" output channel. Every URL goes through `redactUrl` before it is written,
 * so tokens and passwords never reach the log.
 */
import * as vscode from 'vscode';
import { redactUrl, redactUserInfo } from '../../run/redact';

const OUTPUT_CHANNEL_NAME = 'Wiki & Map Query';

export class Log implements vscode.Disposable {
  readonly channel: vscode.OutputChannel;
  constructor() {
    this.channel = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME);
  }
  info(message: string): void {
    // Backstop: no `user:password@` of any URL in a message reaches the log.
    this.channel.appendLine(`[${new Date().toISOString()}] ${redactUserInfo(message)}`);
  }
  /** Logs a request; the URL is redacted here whatever the caller passed. */
  request(method: string, url: string): void {
    this.info(`${method} ${redactUrl(url)}`);
  }
  error(message: string): void {
    this.info(`ERROR ${message}`);
  }
  dispose(): void {
    this.channel.dispose();
  }
}
