/**
 * Process entry point of the language server: `wikimap-query-server --stdio` (or `--node-ipc`, or
 * `--socket=PORT`; vscode-languageserver reads the transport from the command line).
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../server';
import { MessageCounter } from '../validationQueue';
import { createNodeRuntime } from './nodeRuntime';
import { redactUserInfo } from '../../../run/redact';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    'Usage: wikimap-query-server --stdio | --node-ipc | --socket=PORT\nThe wikimap-query language server (LSP) for *.wikiquery and *.mapquery.json files.\n',
  );
  process.exit(0);
}
if (!args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))) {
  process.stderr.write('wikimap-query-server: say how to talk to the editor: --stdio, --node-ipc or --socket=PORT (see --help).\n');
  process.exit(2);
}

// Counted so that due checks wait for the messages that wait (a hover is answered before 10,000 checks).
const messages = new MessageCounter();
const connection = createConnection(ProposedFeatures.all, { messageStrategy: messages.messageStrategy });
const runtime = { ...createNodeRuntime(), messages };

// Last resort: a stray exception or rejection outside a handler (an abort after a request already
// failed, say) must not take the editor's server down: one line in the log (credentials removed), and go on.
const oneLine = (what: string, reason: unknown): string => {
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  return redactUserInfo(`${what}: ${text}`.replace(/\s+/g, ' ')).slice(0, 500);
};
process.on('uncaughtException', (err) => connection.console.error(oneLine('Unexpected error (the server goes on)', err)));
process.on('unhandledRejection', (reason) => connection.console.error(oneLine('Unexpected rejection (the server goes on)', reason)));

startServer(connection, runtime);
