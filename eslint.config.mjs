// ESLint (flat config), run by `npm test` as the `lint` suite (scripts/run-tests.js) and by `npm run lint`.
// Beyond the recommended rules it keeps the design's structural promises:
//   - no import cycles (wikimap/no-import-cycle, scripts/lint/noImportCycle.mjs), type-only imports included;
//   - layers: the pure language services (server/src/service/**) never reach vscode, the LSP transport,
//     the file system or the network; the client imports no server code, and its pure run code
//     (client/src/run, wiki, map, contentdb but CLIENT_GLUE) never imports vscode;
//     the protocol module shared by client and server (common/**) imports types only;
//   - the web extension: nothing its entries reach imports a Node built-in (wikimap/no-node-in-web,
//     scripts/lint/noNodeInWeb.mjs);
//   - no function over 80 lines outside the tests (one named exception).
// See docs/architecture.md for the layers.
import { createRequire } from 'node:module';
import Module from 'node:module';
import globals from 'globals';

// TypeScript 7 (what `tsc` is here) has no JavaScript API yet; typescript-eslint's parser needs
// TypeScript 6's. scripts/lint/typescript6 installs it nested, and every `require('typescript')` made
// while ESLint runs is pointed there. Nothing else in the ESLint process uses TypeScript.
const require = createRequire(import.meta.url);
const typescript6 = require('wikimap-query-lint-typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? typescript6 : request, ...rest);
};
const { default: js } = await import('@eslint/js');
const { default: tseslint } = await import('typescript-eslint');
const { noImportCycle } = await import('./scripts/lint/noImportCycle.mjs');
const { noNodeInWeb } = await import('./scripts/lint/noNodeInWeb.mjs');

/** Modules the pure language services must not import (transport, editor, file system, network, processes). */
const SERVICE_FORBIDDEN = [
  'vscode',
  'vscode-languageserver',
  'vscode-languageserver/*',
  'vscode-languageserver-protocol',
  'vscode-languageserver-protocol/*',
  'vscode-jsonrpc',
  'vscode-jsonrpc/*',
  'vscode-languageclient',
  'vscode-languageclient/*',
  ...['fs', 'fs/promises', 'http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'child_process', 'worker_threads'].flatMap((m) => [
    m,
    `node:${m}`,
  ]),
];

/** The client's VS Code glue inside the feature folders; every other file there is pure run code. */
const CLIENT_GLUE = [
  'client/src/wiki/register.ts',
  'client/src/wiki/catalogueCommands.ts',
  'client/src/wiki/wikiRunner.ts',
  'client/src/wiki/wikiResultProvider.ts',
  'client/src/wiki/wikiQuerySource.ts',
  'client/src/wiki/queryBuilder.ts',
  'client/src/map/register.ts',
  'client/src/map/mapRunner.ts',
  'client/src/map/mapResultsPanel.ts',
  'client/src/contentdb/authProvider.ts',
  'client/src/contentdb/index.ts',
];

/** The web extension's entry points (scripts/build.js, webBuilds): the client and the language server's worker. */
const WEB_ENTRIES = ['client/src/browser/extension.ts', 'server/src/browser/serverWorker.ts'];

const layer = (message, patterns) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '**/node_modules/**',
      'dist/**',
      'out/**',
      '.vscode-test/**',
      'test-results/**',
      'bench/out/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { wikimap: { rules: { 'no-import-cycle': noImportCycle, 'no-node-in-web': noNodeInWeb } } },
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'wikimap/no-import-cycle': 'error',
      // The web extension (package.json "browser"): no Node built-in in what its two entries bundle.
      'wikimap/no-node-in-web': ['error', { entries: WEB_ENTRIES }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Off by design: the code matches control characters on purpose (U+001F is MediaWiki's
      // multi-value separator; result text is cleaned of C0 controls before it is shown).
      'no-control-regex': 'off',
      // Product code (server, client, common) reads untyped input as `unknown` and checks it.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Tests, benchmarks and scripts read JSON-RPC messages, recorded answers and fixtures whose shape
    // the test itself asserts: `any` there is allowed.
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Units a reader can hold in mind: no function over 80 lines (blank lines and comments not counted;
    // a file-wide IIFE is the script's scope, not a unit). Test suites are describe() tables and stay out.
    // The one exception is named where it is: createJsonTreeBuilder (map/mapJsonTree.ts).
    files: ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs'],
    ignores: ['test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: false }] },
  },
  {
    // Scripts, the e2e runner and the webview script are CommonJS or plain scripts: `require` is theirs.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/src/service/**'],
    rules: layer(
      'The language services are pure: no editor, LSP transport, file system or network (docs/architecture.md).',
      SERVICE_FORBIDDEN,
    ),
  },
  {
    // The client asks the server (common/protocol.ts) instead of importing its code.
    files: ['client/src/**'],
    rules: layer(
      'The client imports no server code: ask the server (common/protocol.ts) or share a pure helper in common/ (docs/architecture.md, "Layers").',
      ['**/server/src/**'],
    ),
  },
  {
    // The client by feature (wiki/, map/, contentdb/) plus the shared run helpers (run/): the pure run
    // code never imports vscode; the VS Code glue listed here sits beside it and imports it.
    files: ['client/src/run/**', 'client/src/wiki/**', 'client/src/map/**', 'client/src/contentdb/**'],
    ignores: CLIENT_GLUE,
    rules: layer(
      'Pure client run code: no vscode (nor server code) here; the VS Code glue beside it imports vscode (docs/architecture.md, "Layers").',
      ['vscode', '**/server/src/**'],
    ),
  },
  {
    // The protocol module is in both bundles: types only, so the client's activation bundle carries no library.
    files: ['common/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**'], allowTypeImports: true, message: 'common/ imports types only (it is in the client and the server bundle).' },
          ],
        },
      ],
    },
  },
  {
    files: ['media/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, acquireVsCodeApi: 'readonly' } },
  },
  {
    files: ['test/e2e/suite/**/*.e2e.js', 'test/e2e/suite/helpers.js'],
    languageOptions: { globals: { ...globals.node, ...globals.mocha } },
  },
  {
    // Functions passed to the browser page (page.evaluate) run there.
    files: ['test/e2e/codeServerLauncher.js'],
    languageOptions: { globals: { requestAnimationFrame: 'readonly' } },
  },
);
