// ESLint (flat config), run by `npm test` as the `lint` suite (scripts/run-tests.js) and by `npm run lint`.
// Beyond the recommended rules it keeps the design's structural promises:
//   - no import cycles (wikimap/no-import-cycle, scripts/lint/noImportCycle.mjs), type-only imports included;
//   - layers: the pure language services (server/src/service/**) never reach vscode, the LSP transport,
//     the file system or the network; the client imports no server code and the server no client code;
//     the shared run code (run/**) imports neither, nor vscode, and reaches the network only through its
//     transport (Node's in run/node/); the catalogue and map-config stores import nothing from a node/
//     folder; the types shared by client and server (common/**) are types only, none from server code;
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

/** The sign-in flow's VS Code glue; every other file of client/src/contentdb is pure (no vscode). */
const CONTENTDB_GLUE = [
  'client/src/contentdb/authProvider.ts',
  'client/src/contentdb/contentDbFeature.ts',
  'client/src/contentdb/index.ts',
];

/** Node's own modules that move bytes or touch the machine: the shared run code reaches them only through its transport. */
const NODE_IO = ['fs', 'fs/promises', 'http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'child_process', 'worker_threads'].flatMap(
  (m) => [m, `node:${m}`],
);

// The layers' import groups, each with the message a reader sees (docs/architecture.md, "Layers").
const SERVER_CODE = ['**/server/src/**'];
const CLIENT_CODE = ['**/client/src/**'];
const NODE_FOLDER = ['**/node/*', '../node', './node'];
const TO_CLIENT = {
  group: CLIENT_CODE,
  message:
    'The server and the CLI import no client code: shared run code lives in run/, shared types in common/ (docs/architecture.md, "Layers").',
};
const TO_SERVER_FROM_CLIENT = {
  group: SERVER_CODE,
  message:
    'The client imports no server code: ask the server (common/protocol.ts) or share a pure helper in common/ (docs/architecture.md, "Layers").',
};
const TO_NODE = {
  group: NODE_FOLDER,
  message:
    'Node-only code (files, processes) lives in server/src/node/ and is handed in (runtime.ts, the store\'s options), never imported here (docs/architecture.md, "Layers").',
};

/** What common/ never imports, not even a type: it is what the server, the client and the run code share. */
const COMMON_NEVER = [...SERVER_CODE, ...CLIENT_CODE, '../server/**', '../client/**', '../run/**'];

const layers = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** The web extension's entry points (scripts/build.js, webBuilds): the client and the language server's worker. */
const WEB_ENTRIES = ['client/src/browser/extension.ts', 'server/src/browser/serverWorker.ts'];

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
      // Real files of other projects, kept as they are (test/fixtures/embedded-corpus/SOURCES).
      'test/fixtures/embedded-corpus/**',
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
    // server → client: the CLI and the server reach the run code in run/, not the extension's files.
    files: ['server/src/**'],
    rules: layers(TO_CLIENT),
  },
  {
    // The live catalogue store and the map config store are handed their files and network (catalogue → node).
    files: ['server/src/catalogue/**', 'server/src/mapConfig/**'],
    rules: layers(TO_CLIENT, TO_NODE),
  },
  {
    files: ['server/src/service/**'],
    rules: layers(
      {
        group: SERVICE_FORBIDDEN,
        message: 'The language services are pure: no editor, LSP transport, file system or network (docs/architecture.md).',
      },
      TO_CLIENT,
      TO_NODE,
    ),
  },
  {
    // The client asks the server (common/protocol.ts) instead of importing its code.
    files: ['client/src/**'],
    rules: layers(TO_SERVER_FROM_CLIENT),
  },
  {
    // The sign-in flow is pure but for its glue: no vscode there.
    files: ['client/src/contentdb/**'],
    ignores: CONTENTDB_GLUE,
    rules: layers(TO_SERVER_FROM_CLIENT, {
      group: ['vscode'],
      message: 'Pure client code: no vscode here; the VS Code glue beside it imports vscode (docs/architecture.md, "Layers").',
    }),
  },
  {
    // The shared run code (extension, CLI, server, browser): no editor, no server or client code, and the
    // network only through its transport (run/transport.ts; Node's is in run/node/).
    files: ['run/**'],
    ignores: ['run/node/**'],
    rules: layers(
      {
        group: ['vscode', 'vscode-languageclient', 'vscode-languageclient/*'],
        message: 'The run code is shared: no vscode (docs/architecture.md, "Layers").',
      },
      {
        group: [...SERVER_CODE, ...CLIENT_CODE],
        message: 'The run code imports neither server nor client code; shared types live in common/ (docs/architecture.md, "Layers").',
      },
      {
        group: NODE_IO,
        message: "The run code reaches the network only through the transport it is handed (run/transport.ts; Node's in run/node/).",
      },
    ),
  },
  {
    files: ['run/node/**'],
    rules: layers(
      {
        group: ['vscode', 'vscode-languageclient', 'vscode-languageclient/*'],
        message: 'The run code is shared: no vscode (docs/architecture.md, "Layers").',
      },
      {
        group: [...SERVER_CODE, ...CLIENT_CODE],
        message: 'The run code imports neither server nor client code; shared types live in common/ (docs/architecture.md, "Layers").',
      },
    ),
  },
  {
    // The protocol module is in both bundles: types only, so the client's activation bundle carries no library;
    // and not even types from the server, the client or the run code (common → server): shared types live here.
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
      ...layers({
        group: COMMON_NEVER,
        message:
          'common/ imports nothing from the server, the client or the run code, not even types: move the shared type into common/ (docs/architecture.md, "Layers").',
      }),
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
