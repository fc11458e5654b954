/**
 * Process entry point of the language server: `wikimap-query-server --stdio` (or `--node-ipc`, or
 * `--socket=PORT`; vscode-languageserver reads the transport from the command line).
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../server';
import { createNodeRuntime } from './nodeRuntime';

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

const connection = createConnection(ProposedFeatures.all);
const runtime = createNodeRuntime();

// A stray exception outside a handler must not take the editor's server down: log it and go on.
process.on('uncaughtException', (err) => connection.console.error(`Unexpected error: ${err.stack ?? err.message}`));
process.on('unhandledRejection', (reason) =>
  connection.console.error(`Unexpected rejection: ${reason instanceof Error ? reason.stack : String(reason)}`),
);

startServer(connection, runtime);
