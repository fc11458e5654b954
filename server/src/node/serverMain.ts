// Process entry point for the language server (stdio / node IPC). Placeholder until startServer lands.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';

const connection = createConnection(ProposedFeatures.all);
connection.onInitialize(() => ({ capabilities: {}, serverInfo: { name: 'wikimap-query-server' } }));
connection.listen();
