/**
 * Modules the server and the CLI require on first use are bundles of their own (scripts/build.js, LAZY_CHUNKS):
 * the bundles the two commands run leave their `require` to run time, and a chunk carries again only modules
 * that hold no state (a second copy of a module with state would split it).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { lazyLanguageService, lazyMapService } from '../../../server/src/languageModes';
import * as mapModule from '../../../server/src/service/map/mapLanguageService';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageService } from '../../../server/src/service/languageTypes';

const ROOT = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('../../../scripts/build.js') as {
  bundleOptions: (production: boolean) => esbuild.BuildOptions;
  coreOptions: (common: esbuild.BuildOptions) => esbuild.BuildOptions;
  clientOptions: (common: esbuild.BuildOptions) => esbuild.BuildOptions;
  LAZY_CHUNKS: Record<string, string>;
  CLIENT_LAZY_CHUNKS: Record<string, string>;
};

/**
 * What a chunk may carry again beside the server's bundle (and the CLI's), reviewed: constants, pure functions,
 * libraries without module state, memos keyed by the very objects they describe (each copy computes the same), and
 * classes tested with instanceof only by their own copy (mapDescriptor's error, by mapServerConfig). A module added
 * here must hold no state the two copies would disagree on (no registry, no counter, no setting kept).
 */
const SHARED_WITHOUT_STATE: Record<string, string[]> = {
  'server.embedded.js': [
    'common/sourceFileLimits.ts',
    'node_modules/vscode-languageserver-textdocument/lib/esm/main.js',
    'node_modules/vscode-languageserver-types/lib/esm/main.js',
    'server/src/service/embedded/hostLanguages.ts',
    'server/src/service/semanticTokens.ts',
    'server/src/service/severity.ts',
    'server/src/service/wiki/wikiDiagnosticCodes.ts',
    'server/src/service/wiki/wikiDidYouMean.ts',
  ],
  'server.map.js': [
    'common/cutText.ts',
    'common/isObject.ts',
    'common/settings.ts',
    'node_modules/jsonc-parser/lib/esm/impl/edit.js',
    'node_modules/jsonc-parser/lib/esm/impl/format.js',
    'node_modules/jsonc-parser/lib/esm/impl/parser.js',
    'node_modules/jsonc-parser/lib/esm/impl/scanner.js',
    'node_modules/jsonc-parser/lib/esm/impl/string-intern.js',
    'node_modules/jsonc-parser/lib/esm/main.js',
    'node_modules/vscode-languageserver-types/lib/esm/main.js',
    'server/src/service/diagnosticData.ts',
    'server/src/service/documentProblems.ts',
    'server/src/service/map/mapDescriptor.ts',
    'server/src/service/map/mapServerConfig.ts',
    'server/src/service/semanticTokens.ts',
    'server/src/service/severity.ts',
  ],
  'server.network.js': [
    'common/cutText.ts',
    'common/isObject.ts',
    'common/settings.ts',
    'run/redact.ts',
    'run/wiki/wikiSecrets.ts',
    'server/src/catalogue/apiUrl.ts',
    'server/src/service/wiki/wikiStringLimits.ts',
    'server/src/service/wiki/wikiTitleRules.ts',
    'server/src/service/wiki/wikiUserName.ts',
  ],
  'server.nodeTransport.js': ['common/cutText.ts', 'run/address.ts', 'run/redact.ts'],
  'server.documentWindow.js': ['server/src/lineIndexedDocument.ts'],
  'server.editorTargets.js': ['server/src/service/embedded/hostLanguages.ts', 'server/src/targetsLine.ts'],
  // No built-in version facts of its own: hover reads them through the catalogue (wikiBuiltinVersions.ts holds them).
  'server.wikiFeatures.js': [
    'common/detach.ts',
    'common/isObject.ts',
    'common/phpParamName.ts',
    'node_modules/vscode-languageserver-types/lib/esm/main.js',
    'server/src/service/completionDocumentation.ts',
    'server/src/service/diagnosticData.ts',
    'server/src/service/wiki/wikiActionConstraints.ts',
    'server/src/service/wiki/wikiCursor.ts',
    'server/src/service/wiki/wikiDiagnosticCodes.ts',
    'server/src/service/wiki/wikiExpiryValue.ts',
    'server/src/service/wiki/wikiQueryParser.ts',
    'server/src/service/wiki/wikiRanges.ts',
    'server/src/service/wiki/wikiSelectedModules.ts',
    'server/src/service/wiki/wikiStringLimits.ts',
    'server/src/service/wiki/wikiTemplateNames.ts',
    'server/src/service/wiki/wikiValidationRemoval.ts',
    'server/src/service/wiki/wikiVersionPresence.ts',
    'server/src/service/wiki/wikiVersions.ts',
    'server/src/service/wiki/wikiWire.ts',
  ],
};

/**
 * Chunks only the server requires: the CLI reads every document whole, never by windows, and merges its `--target`
 * verdicts itself (targetsMerge.ts), without the editor's target code.
 */
const SERVER_ONLY_CHUNKS = ['server.documentWindow.js', 'server.editorTargets.js'];

/**
 * What a chunk carries again beside the CLI's bundle only (which checks embedded requests and map files itself),
 * reviewed the same way: constant tables, pure functions, memos in WeakMaps keyed by the tree or language they
 * describe, a one-entry memo keyed by the text it describes (fileConstants.ts: a copy in each bundle only reads
 * again what the other copy read), and classes used only inside their own module.
 */
const SHARED_WITH_CLI_ONLY: Record<string, string[]> = {
  'server.embedded.js': [
    'server/src/service/embedded/absentParams.ts',
    'server/src/service/embedded/builderChains.ts',
    'server/src/service/embedded/clientLibraries.ts',
    'server/src/service/embedded/curlCommand.ts',
    'server/src/service/embedded/embeddedCheck.ts',
    'server/src/service/embedded/extensionModules.ts',
    'server/src/service/embedded/fileConstants.ts',
    'server/src/service/embedded/hostStrings.ts',
    'server/src/service/embedded/keyedMaps.ts',
    'server/src/service/embedded/lexerFinder.ts',
    'server/src/service/embedded/mapBodies.ts',
    'server/src/service/embedded/mapCheck.ts',
    'server/src/service/embedded/mapLiterals.ts',
    'server/src/service/embedded/mapPostCalls.ts',
    'server/src/service/embedded/mapPosts.ts',
    'server/src/service/embedded/mapUrlNames.ts',
    'server/src/service/embedded/mapWrappers.ts',
    'server/src/service/embedded/mediawikiNames.ts',
    'server/src/service/embedded/objectEntries.ts',
    'server/src/service/embedded/paramAdder.ts',
    'server/src/service/embedded/perlHashes.ts',
    'server/src/service/embedded/perlLexer.ts',
    'server/src/service/embedded/requestFinder.ts',
    'server/src/service/embedded/sourceLimits.ts',
    'server/src/service/embedded/suppressions.ts',
    'server/src/service/embedded/urlQuery.ts',
    'server/src/service/embedded/virtualText.ts',
    'server/src/service/embedded/wclLists.ts',
  ],
  'server.map.js': [
    'server/src/service/map/mapDiagnostics.ts',
    'server/src/service/map/mapJsonTree.ts',
    'server/src/service/map/mapQueryParser.ts',
  ],
  'server.network.js': [
    'common/bundleClass.ts',
    'run/browser/fetchTransport.ts',
    'run/httpClient.ts',
    'run/jsonBudget.ts',
    'run/runErrors.ts',
    'run/transport.ts',
    'run/wiki/wikiAuth.ts',
    'server/src/catalogue/boundedFetch.ts',
  ],
  'server.nodeTransport.js': ['common/bundleClass.ts', 'run/transport.ts'],
};

async function inputsAndText(options: esbuild.BuildOptions, entry: string): Promise<{ inputs: string[]; text: string }> {
  const r = await esbuild.build({
    ...options,
    absWorkingDir: ROOT,
    sourcemap: false,
    entryPoints: [entry],
    outfile: 'dist/x.js',
    write: false,
  });
  return { inputs: Object.keys(r.metafile!.inputs), text: r.outputFiles![0].text };
}

describe('lazy chunks of the server and the CLI', () => {
  const common = build.bundleOptions(true);
  const core = build.coreOptions(common);
  const chunks = Object.entries(build.LAZY_CHUNKS);

  it('the embedded and the map services are two of them', () => {
    assert.equal(build.LAZY_CHUNKS['server/src/service/embedded/embeddedLanguageService.ts'], 'server.embedded.js');
    assert.equal(build.LAZY_CHUNKS['server/src/service/map/mapLanguageService.ts'], 'server.map.js');
  });

  for (const [main, name] of [
    ['server/src/node/serverMain.ts', 'server'],
    ['server/src/node/cliMain.ts', 'CLI'],
  ]) {
    it(`the ${name}'s bundle requires each chunk by its file and holds none of its modules`, async function () {
      this.timeout(60000);
      const bundle = await inputsAndText(core, main);
      for (const [entry, file] of chunks) {
        const requires = name === 'server' || !SERVER_ONLY_CHUNKS.includes(file);
        assert.equal(bundle.text.includes(`require("./${file}")`), requires, `${main} requires ./${file}: ${requires}`);
        assert.ok(!bundle.inputs.includes(entry), `${entry} is not in ${name}'s bundle`);
      }
    });
  }

  for (const [entry, file] of chunks) {
    it(`${file} carries again only the reviewed modules without state, beside the server's and the CLI's bundles`, async function () {
      this.timeout(60000);
      const [server, cli, chunk] = await Promise.all([
        inputsAndText(core, 'server/src/node/serverMain.ts'),
        inputsAndText(core, 'server/src/node/cliMain.ts'),
        inputsAndText(common, entry),
      ]);
      const sharedWith = (bundle: { inputs: string[] }) => chunk.inputs.filter((f) => bundle.inputs.includes(f)).sort();
      assert.deepEqual(sharedWith(server), SHARED_WITHOUT_STATE[file], `${file} beside the server's bundle`);
      if (SERVER_ONLY_CHUNKS.includes(file)) return;
      // Every module both hold is a reviewed one (the CLI's bundle lacks some of the server's: it never hovers or completes).
      assert.deepEqual(
        sharedWith(cli),
        [...SHARED_WITHOUT_STATE[file], ...(SHARED_WITH_CLI_ONLY[file] ?? [])].filter((f) => cli.inputs.includes(f)).sort(),
        `${file} beside the CLI's bundle`,
      );
    });
  }
});

/** What a client chunk may carry again beside dist/client.js, reviewed as above: constants, pure functions, settings read when asked. */
const CLIENT_SHARED_WITHOUT_STATE: Record<string, string[]> = {
  'client.contentDb.js': [
    'client/src/contentdb/contentDbIds.ts',
    'client/src/endpointChoice.ts',
    'client/src/settings.ts',
    'common/bundleClass.ts',
    'common/cutText.ts',
    'common/errorMessage.ts',
    'common/settings.ts',
    'run/redact.ts',
  ],
};

describe('lazy chunks of the client', () => {
  const common = build.bundleOptions(true);
  const chunks = Object.entries(build.CLIENT_LAZY_CHUNKS);

  it("ContentDB sign-in's work is one of them", () => {
    assert.equal(build.CLIENT_LAZY_CHUNKS['client/src/contentdb/contentDbFeature.ts'], 'client.contentDb.js');
  });

  it('dist/client.js requires each chunk by its file and holds none of its modules (the OAuth flow, its server, the client)', async function () {
    this.timeout(60000);
    const bundle = await inputsAndText({ ...build.clientOptions(common) }, 'client/src/extension.ts');
    for (const [entry, file] of chunks) {
      assert.ok(bundle.text.includes(`require("./${file}")`), `client.js requires ./${file}`);
      assert.ok(!bundle.inputs.includes(entry), `${entry} is not in client.js`);
    }
    const signIn = bundle.inputs.filter((f) => f.startsWith('client/src/contentdb/')).sort();
    assert.deepEqual(signIn, ['client/src/contentdb/contentDbIds.ts', 'client/src/contentdb/index.ts']);
  });

  for (const [entry, file] of chunks) {
    it(`${file} carries again only the reviewed modules without state, beside dist/client.js`, async function () {
      this.timeout(60000);
      const [client, chunk] = await Promise.all([
        inputsAndText(build.clientOptions(common), 'client/src/extension.ts'),
        inputsAndText({ ...common, external: ['vscode'] }, entry),
      ]);
      assert.deepEqual(chunk.inputs.filter((f) => client.inputs.includes(f)).sort(), CLIENT_SHARED_WITHOUT_STATE[file]);
    });
  }
});

describe('error classes thrown in one bundle and tested in another', () => {
  // The network chunk and the transport chunk each carry their own copy of these classes, and the CLI's
  // bundle a third (the client's ContentDB chunk, ContentDbError): an error made by one copy must be
  // `instanceof` the others (common/bundleClass.ts).
  const CLASSES: Array<[string, string, unknown[]]> = [
    ['run/transport.ts', 'TransportError', ['privateAddress', 'refused', '127.0.0.1']],
    ['run/runErrors.ts', 'RunError', ['network', 'unreachable']],
    ['server/src/catalogue/boundedFetch.ts', 'BoundedFetchError', ['timeout', 'no answer']],
    ['server/src/catalogue/liveCatalogueFetcher.ts', 'WikiFetchError', ['unreachable', true]],
    ['client/src/contentdb/errors.ts', 'ContentDbError', ['timeout', 'no answer from the browser']],
  ];

  /** The module bundled on its own, as a chunk carries it, and evaluated: a copy of its classes of its own. */
  async function copyOf(entry: string): Promise<Record<string, new (...args: unknown[]) => Error>> {
    const r = await esbuild.build({
      ...build.bundleOptions(true),
      absWorkingDir: ROOT,
      entryPoints: [entry],
      write: false,
      metafile: false,
    });
    const module = { exports: {} as Record<string, new (...args: unknown[]) => Error> };
    new Function('module', 'exports', 'require', r.outputFiles[0].text)(module, module.exports, require);
    return module.exports;
  }

  for (const [entry, name, args] of CLASSES) {
    it(`${name}: an instance of one copy is instanceof another copy, a plain Error is not`, async function () {
      this.timeout(60000);
      const [a, b] = await Promise.all([copyOf(entry), copyOf(entry)]);
      assert.notEqual(a[name], b[name], 'two copies of the class');
      const err = new a[name](...args);
      assert.ok(err instanceof b[name]);
      assert.ok(err instanceof a[name]);
      assert.ok(err instanceof Error);
      assert.equal(new Error('x') instanceof b[name], false);
      assert.equal(Object.keys(err).includes(name), false);
      class Narrower extends b[name] {}
      assert.equal(err instanceof Narrower, false, 'a subclass keeps the prototype-chain test');
      assert.ok(new Narrower(...args) instanceof a[name]);
    });
  }
});

describe('lazyLanguageService', () => {
  const METHODS = [
    'parse',
    'doValidation',
    'doComplete',
    'doHover',
    'doCodeActions',
    'findDocumentSymbols',
    'findDocumentLinks',
    'getRunnableQueries',
    'getSemanticTokens',
    'getInlayHints',
    'getFoldingRanges',
    'getSelectionRanges',
    'format',
  ] as const;

  /** A service whose every feature answers with its name and the arguments it was given. */
  function echoService(): LanguageService<unknown> {
    return Object.fromEntries(METHODS.map((m) => [m, (...args: unknown[]) => ({ m, args })])) as unknown as LanguageService<unknown>;
  }

  it('makes nothing until a feature is asked for, then makes the service once', () => {
    let made = 0;
    const lazy = lazyLanguageService(() => {
      made++;
      return echoService();
    });
    assert.equal(made, 0);
    lazy.doHover({} as never, {}, 3);
    lazy.format({} as never, {}, {} as never);
    assert.equal(made, 1);
  });

  for (const m of METHODS) {
    it(`${m}: passes every argument and returns the service's answer`, () => {
      const lazy = lazyLanguageService(echoService) as unknown as Record<string, (...a: unknown[]) => unknown>;
      const args = ['doc', 'parsed', 'third', 'fourth', 'fifth'].slice(0, lazy[m].length);
      assert.deepEqual(lazy[m](...args), { m, args });
    });
  }

  it('covers every feature of LanguageService', () => {
    assert.deepEqual(Object.keys(lazyLanguageService(echoService)).sort(), [...METHODS].sort());
  });
});

describe('lazyMapService', () => {
  const descriptor = mapModule.createMapDescriptor(
    JSON.parse(fs.readFileSync(path.join(ROOT, 'descriptors/mapserver/mapobjects.json'), 'utf8')),
  );
  const counted = () => {
    const loads = { n: 0 };
    const service = lazyMapService(descriptor, () => {
      loads.n++;
      return mapModule;
    });
    return { service, loads };
  };
  const doc = TextDocument.create(
    'file:///a.mapquery.json',
    'mapquery',
    1,
    '{ "pos1": {"x": 20, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 1, "z": 1}, "type": "bones" }',
  );

  it('gives its descriptor and takes a config without loading the module', () => {
    const { service, loads } = counted();
    assert.equal(service.descriptor, descriptor);
    service.setServerConfig(undefined);
    assert.equal(loads.n, 0);
  });

  it('checks as the service itself does, the module loaded once', () => {
    const { service, loads } = counted();
    const direct = mapModule.getMapLanguageService({ descriptor });
    assert.deepEqual(service.doValidation(doc, service.parse(doc)), direct.doValidation(doc, direct.parse(doc)));
    assert.ok(service.doValidation(doc, service.parse(doc)).some((d) => d.code === 'invertedbox'));
    assert.equal(loads.n, 1);
  });

  it('a config handed in before the service was made is the one it uses', () => {
    const { service } = counted();
    const defaults = mapModule.defaultMapServerConfig(descriptor);
    const config = mapModule.parseMapServerConfig(
      { layers: defaults.layers, mapobjects: { ...defaults.mapobjects, bones: false } },
      descriptor,
      'http://127.0.0.1:8080',
    );
    service.setServerConfig(config);
    assert.equal(service.getServerConfig(), config);
    assert.ok(
      service.doValidation(doc, service.parse(doc)).some((d) => d.code === 'typenotenabled'),
      'bones is off on that server',
    );
  });
});
