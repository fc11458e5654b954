#!/usr/bin/env node
// Builds the bundles the extension ships (client, server) plus the CLI.
// The client is two files: dist/client.js (the extension's code, what VS Code loads and evaluates
// before calling activate) and dist/client.languageClient.js (vscode-languageclient, ~420 KB
// minified), which client/src/languageClient.ts requires when the client starts, right after
// activate returned — so activation does not pay for evaluating the library.
// `vscode` stays external; descriptors are read at run time from their run-time copies in dist/descriptors/
// (scripts/lib/runtimeData.js: without the fields no code reads, compact, ASCII), which the build writes.
// `bundleOptions` is shared with bench/run.js and the size rows of the benchmark, so they measure
// exactly what ships.
'use strict';
const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const { BUILD_INPUTS, buildInputs } = require('./lib/buildFreshness.js');
const { settingsDocsStripPlugin } = require('./lib/settingsDocsStrip.js');
const { DERIVED_FILES, dataFiles, runtimeDataFiles, writeRuntimeData } = require('./lib/runtimeData.js');

const root = path.join(__dirname, '..');

/** esbuild options common to every bundle. */
function bundleOptions(production) {
  return {
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    sourcemap: !production,
    minify: production,
    // ASCII output: the few non-ASCII characters of messages and hovers (…, —) are written as \u escapes.
    // V8 keeps a script's source for as long as the script lives, two bytes per character as soon as
    // one character is outside Latin-1: the server's source took twice its size in memory (1.25 MB).
    charset: 'ascii',
    logLevel: 'warning',
    absWorkingDir: root,
    // Prefer ES module builds: jsonc-parser's UMD build requires files at run time that a bundle lacks.
    mainFields: ['module', 'main'],
    // vscode-languageserver pins its own vscode-languageserver-types (3.18.4 next to our 3.18.5):
    // without this the server bundle carries both copies (~21 KB minified). One copy, the ES module
    // build, serves every importer (same major.minor, compatible).
    // web-tree-sitter's ES module build loads node modules with import(), which a bundle run from the
    // code cache cannot do: its CommonJS build is the one for Node.
    alias: {
      'vscode-languageserver-types': './node_modules/vscode-languageserver-types/lib/esm/main.js',
      'web-tree-sitter': './node_modules/web-tree-sitter/tree-sitter.cjs',
    },
    // The files each bundle is made of, written to dist/build-inputs.json: the suites rebuild when any
    // of them changed (scripts/lib/buildFreshness.js).
    metafile: true,
    // The settings table without its descriptions, which only the generated docs read (~15 KB of each bundle).
    // vscode-languageserver-types' namespaces as values esbuild may leave out when unused (lspTypesPurePlugin).
    plugins: [settingsDocsStripPlugin(root), lspTypesPurePlugin()],
  };
}

/** vscode-languageserver-types' ES module build, which every bundle uses (the `alias` above). */
const LSP_TYPES_ESM = /[\\/]node_modules[\\/]vscode-languageserver-types[\\/]lib[\\/]esm[\\/]main\.js$/;

/**
 * vscode-languageserver-types' ES module build, its namespaces made values esbuild may leave out when unused.
 * The build writes each as `export var X; (function (X) { … })(X || (X = {}));`, a call that fills an object, which
 * esbuild keeps whether or not anything reads it: a bundle importing one constant (`MarkupKind.Markdown`) carried all
 * 83 namespaces (21 KB minified), and evaluating them cost a chunk about 5 ms at its first use. Each becomes
 * `export var X = /* @__PURE__ *\/ (function (X) { … return X; })({});`, the same object made by the same code.
 * A bundle that requires the package (vscode-languageserver does, with `require`) still gets every namespace. Fails
 * the build when the file no longer has that shape (test/unit/build/lspTypesPure.test.ts).
 */
function lspTypesPurePlugin() {
  return {
    name: 'wikimap-query-lsp-types-pure',
    setup(build) {
      build.onLoad({ filter: LSP_TYPES_ESM }, (args) => ({ contents: pureLspTypes(fs.readFileSync(args.path, 'utf8')), loader: 'js' }));
    },
  };
}

/** The text of vscode-languageserver-types' ES module build with every exported namespace a pure call (lspTypesPurePlugin). */
function pureLspTypes(source) {
  const declared = (source.match(/^export var \w+;$/gm) ?? []).length;
  let made = 0;
  const text = source.replace(
    /^export var (\w+);\n\(function \(\1\) \{\n([\s\S]*?)\n\}\)\(\1 \|\| \(\1 = \{\}\)\);$/gm,
    (_, name, body) => {
      made++;
      return `export var ${name} = /* @__PURE__ */ (function (${name}) {\n${body}\n    return ${name};\n})({});`;
    },
  );
  if (declared === 0 || made !== declared)
    throw new Error(`vscode-languageserver-types: ${made} of ${declared} exported namespaces have the expected shape (scripts/build.js)`);
  return text;
}

/** The tree-sitter grammars the embedded-request finder loads and their npm files (server/src/service/embedded/hostLanguages.ts,
 *  checked by test/unit/embedded/hostLanguages.test.ts), copied with the runtime to dist/grammars/tree-sitter-NAME.wasm. */
const fromWasms = (g) => [g, `tree-sitter-wasms/out/tree-sitter-${g}.wasm`];
const GRAMMARS = Object.fromEntries([
  ...['python', 'javascript', 'typescript', 'tsx', 'php', 'kotlin', 'java', 'go', 'ruby', 'c_sharp', 'bash', 'swift'].map(fromWasms),
  ['lua', '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm'],
  ['r', '@eagleoutice/tree-sitter-r/tree-sitter-r.wasm'],
]);

function copyGrammars(outDir) {
  const dir = path.resolve(root, outDir, 'grammars');
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(require.resolve('web-tree-sitter/tree-sitter.wasm'), path.join(dir, 'tree-sitter.wasm'));
  for (const [g, file] of Object.entries(GRAMMARS))
    fs.copyFileSync(path.join(root, 'node_modules', file), path.join(dir, `tree-sitter-${g}.wasm`));
}

async function main() {
  const production = process.argv.includes('--production') || process.env.NODE_ENV === 'production';
  const common = bundleOptions(production);
  const results = await Promise.all([
    esbuild.build({ ...clientOptions(common), entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js' }),
    ...Object.entries(CLIENT_LAZY_CHUNKS).map(([entry, file]) =>
      esbuild.build({ ...common, entryPoints: [entry], outfile: path.join('dist', file), external: ['vscode'] }),
    ),
    esbuild.build({
      ...common,
      entryPoints: ['client/src/languageClientLibrary.ts'],
      outfile: 'dist/client.languageClient.js',
      external: ['vscode'],
    }),
    // Each command is a small launcher (dist/server.js, dist/cli.js) that runs its bundle
    // (dist/server.core.js, dist/cli.core.js) with V8's code cache (server/src/node/compileCache.ts).
    ...launcherBuilds(common, 'dist'),
    ...webBuilds(production),
  ]);
  copyGrammars('dist');
  // The two commands of package.json's "bin" run straight from dist/ too (an editor's `cmd`, a PATH link).
  for (const bin of ['dist/server.js', 'dist/cli.js']) {
    const file = path.join(root, bin);
    if (!fs.readFileSync(file, 'utf8').startsWith('#!/usr/bin/env node\n'))
      throw new Error(`${bin} does not start with #!/usr/bin/env node`);
    fs.chmodSync(file, 0o755);
  }
  // The data files as the node bundles read them (dist/descriptors/), rewritten from descriptors/ at each build.
  const data = writeRuntimeData(root, 'dist');
  const list = buildInputs(results);
  list.outputs = [...list.outputs, ...data].sort();
  fs.writeFileSync(path.join(root, BUILD_INPUTS), JSON.stringify(list, null, 1) + '\n');
}

/**
 * Modules the server and the CLI require on first use (a `require` with a literal path in their code), each a
 * bundle of its own beside theirs in dist/: module → file. Their bundles leave that `require` to run time,
 * so a session that never needs the module neither reads nor compiles it. What a chunk imports from the
 * rest of the sources is bundled into it again: those modules must hold no state the two copies would split
 * (test/unit/build/lazyChunks.test.ts checks which ones they are).
 */
const LAZY_CHUNKS = {
  // The service of source files (Python, JavaScript, …), required by server/src/languageModes.ts.
  'server/src/service/embedded/embeddedLanguageService.ts': 'server.embedded.js',
  // The map service (.mapquery.json documents, map requests in source files), required by server/src/languageModes.ts.
  'server/src/service/map/mapLanguageService.ts': 'server.map.js',
  // Completion, hover and code actions of wiki queries, required by server/src/service/wiki/wikiLanguageService.ts at the
  // first such request: a session that only checks documents (the CLI, most of an editor's start) never compiles them.
  'server/src/service/wiki/wikiFeatures.ts': 'server.wikiFeatures.js',
  // The network code (catalogue loads, map config, signed-in requests), required by server/src/catalogue/lazyCatalogueNetwork.ts
  // at the first fetch: a session checked against the built-in or a saved catalogue never reaches the network.
  'server/src/catalogue/catalogueNetwork.ts': 'server.network.js',
  // Node's transport (http, https, the address check), required by server/src/node/lazyNodeTransport.ts at the first request.
  'run/node/nodeTransport.ts': 'server.nodeTransport.js',
  // The windows of documents over the parse budget, required by server/src/lazyDocumentWindow.ts for the first such
  // document (the server's only: the CLI reads every document whole).
  'server/src/documentWindow.ts': 'server.documentWindow.js',
  // The editor's target wikis (`# targets:`, wikimapQuery.wiki.targets), required by server/src/lazyEditorTargets.ts for
  // the first document with targets (the server's only: the CLI's `--target` merges with targetsMerge.ts itself).
  'server/src/editorTargets.ts': 'server.editorTargets.js',
};

/**
 * The client's modules required on first use, each a bundle of its own beside dist/client.js: module → file.
 * VS Code evaluates dist/client.js before it calls `activate`; what only a command needs waits for that command.
 */
const CLIENT_LAZY_CHUNKS = {
  // ContentDB sign-in's work (the account, the OAuth flow and its loopback callback server, the ContentDB client),
  // required by client/src/contentdb/index.ts at the first command, sessions request or redirect.
  'client/src/contentdb/contentDbFeature.ts': 'client.contentDb.js',
};

/** Leaves the `require` of a module of `chunks` to run time, as `require('./FILE')` of its bundle. */
function lazyChunksPlugin(chunks = LAZY_CHUNKS) {
  return {
    name: 'wikimap-query-lazy-chunks',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'require-call') return undefined;
        const target = path.relative(root, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/');
        const file = chunks[target] ?? chunks[`${target}.ts`];
        return file ? { path: `./${file}`, external: true } : undefined;
      });
    },
  };
}

/** The options of the bundles the two commands run (dist/server.core.js, dist/cli.core.js): the LAZY_CHUNKS left out. */
function coreOptions(common) {
  return { ...common, plugins: [...(common.plugins ?? []), lazyChunksPlugin()], external: ['vscode'] };
}

/** The options of dist/client.js, the extension's code VS Code evaluates at activation: the CLIENT_LAZY_CHUNKS left out. */
function clientOptions(common) {
  return { ...common, plugins: [...(common.plugins ?? []), lazyChunksPlugin(CLIENT_LAZY_CHUNKS)], external: ['vscode'] };
}

/** The two commands: each launcher and the bundle it runs, the server's host parsers and the LAZY_CHUNKS, written to `outDir`. */
function launcherBuilds(common, outDir) {
  const builds = [];
  for (const [name, main, launcher] of [
    ['server', 'server/src/node/serverMain.ts', 'server/src/node/serverLauncher.ts'],
    ['cli', 'server/src/node/cliMain.ts', 'server/src/node/cliLauncher.ts'],
  ]) {
    builds.push(
      esbuild.build({ ...coreOptions(common), entryPoints: [main], outfile: path.join(outDir, `${name}.core.js`) }),
      esbuild.build({
        ...common,
        entryPoints: [launcher],
        outfile: path.join(outDir, `${name}.js`),
        external: ['vscode'],
        banner: { js: '#!/usr/bin/env node' },
      }),
    );
  }
  // The server's host parsers (web-tree-sitter and the syntax-tree finder), required by
  // server/src/node/lazyHostFinder.ts when the first source file needs them: a session of
  // .wikiquery/.mapquery.json documents never reads or compiles them.
  builds.push(
    esbuild.build({
      ...common,
      entryPoints: ['server/src/embedded/hostParsers.ts'],
      outfile: path.join(outDir, 'server.hostParsers.js'),
      external: ['vscode'],
    }),
    ...Object.entries(LAZY_CHUNKS).map(([entry, file]) =>
      esbuild.build({ ...common, entryPoints: [entry], outfile: path.join(outDir, file), external: ['vscode'] }),
    ),
  );
  return builds;
}

/**
 * The web extension (package.json "browser"), in dist/web/: the client for VS Code's web-worker extension
 * host and the language server as a Web Worker. Bundled for the browser: a Node built-in anywhere in
 * their graph fails the build (and the lint's layer rule says where). The worker carries the
 * descriptors (`wikimap-query:package-files`), since a browser has no package folder to read.
 */
function webOptions(production) {
  return {
    ...bundleOptions(production),
    platform: 'browser',
    target: 'es2022',
    // Browser builds first; the ES module builds as on the desktop.
    mainFields: ['browser', 'module', 'main'],
    plugins: [settingsDocsStripPlugin(root), packageFilesPlugin(), treeSitterNodeOnlyPlugin(), lspTypesPurePlugin()],
  };
}

/**
 * web-tree-sitter's build reads files with Node's fs and path, behind its own `ENVIRONMENT_IS_NODE` and
 * `process.versions.node` tests; in a worker those branches never run (the server hands it the WASM bytes).
 * Those imports, and only when web-tree-sitter makes them, resolve to a module that throws if ever evaluated:
 * any other Node built-in in the web graph still fails the build.
 */
function treeSitterNodeOnlyPlugin() {
  const fromTreeSitter = (importer) => importer.split(path.sep).join('/').includes('/node_modules/web-tree-sitter/');
  return {
    name: 'wikimap-query-tree-sitter-node-only',
    setup(build) {
      build.onResolve({ filter: /^(fs|path|fs\/promises)$/ }, (args) =>
        fromTreeSitter(args.importer) ? { path: args.path, namespace: 'tree-sitter-node-only' } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'tree-sitter-node-only' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is Node's, not in a browser`)});`,
        loader: 'js',
      }));
    },
  };
}

function webBuilds(production) {
  const web = webOptions(production);
  return [
    esbuild.build({ ...web, entryPoints: ['client/src/browser/extension.ts'], outfile: 'dist/web/client.js', external: ['vscode'] }),
    esbuild.build({ ...web, entryPoints: ['server/src/browser/serverWorker.ts'], outfile: 'dist/web/server.js', format: 'iife' }),
    // web-tree-sitter and the syntax-tree finder, evaluated by the worker when a source file first needs them
    // (server/src/browser/lazyHostParsers.ts): a session of query documents never loads them.
    esbuild.build({
      ...web,
      entryPoints: ['server/src/browser/hostParsersScript.ts'],
      outfile: 'dist/web/server.hostParsers.js',
      format: 'iife',
    }),
  ];
}

/** The package files the web worker reads (the descriptors' run-time copies and the version), as one module: path → text. */
function packageFilesPlugin() {
  return {
    name: 'wikimap-query-package-files',
    setup(build) {
      build.onResolve({ filter: /^wikimap-query:package-files$/ }, () => ({ path: 'package-files', namespace: 'wikimap-query' }));
      build.onLoad({ filter: /.*/, namespace: 'wikimap-query' }, () => {
        const files = { 'package.json': JSON.stringify({ version: require(path.join(root, 'package.json')).version }) };
        const watchFiles = [path.join(root, 'package.json')];
        for (const [rel, text] of runtimeDataFiles(root)) files[rel] = text;
        for (const rel of dataFiles(root)) watchFiles.push(path.join(root, ...rel.split('/')));
        for (const derived of Object.values(DERIVED_FILES))
          for (const [, source] of derived) watchFiles.push(path.join(root, ...source.split('/')));
        return { contents: `export default ${JSON.stringify(files)};`, loader: 'js', watchFiles };
      });
    },
  };
}

module.exports = {
  bundleOptions,
  coreOptions,
  clientOptions,
  LAZY_CHUNKS,
  CLIENT_LAZY_CHUNKS,
  launcherBuilds,
  webOptions,
  GRAMMARS,
  copyGrammars,
  pureLspTypes,
};

if (require.main === module) {
  main().catch((err) => {
    console.error(err.message || err);
    process.exit(1);
  });
}
