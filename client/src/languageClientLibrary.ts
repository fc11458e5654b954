/**
 * The parts of vscode-languageclient the extension uses, bundled on their own into
 * dist/client.languageClient.js (scripts/build.js) so that the extension's main bundle stays small
 * and VS Code does not evaluate ~420 KB of library code while activating the extension.
 * Loaded by ./languageClient.ts when the client starts.
 */
export { LanguageClient, TransportKind } from 'vscode-languageclient/node';
