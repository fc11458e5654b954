/**
 * The lint rules that keep the design (eslint.config.mjs): the layer rules, run with the project's own
 * configuration on probe files placed in each layer, and the import-cycle rule on files written to a
 * temporary folder.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ESLint as ESLintType, Linter as LinterType, Rule } from 'eslint';

const root = path.resolve(__dirname, '..', '..', '..');

describe('lint rules', function () {
  this.timeout(60000);
  let eslint: ESLintType;
  let noImportCycle: Rule.RuleModule;
  let Linter: typeof LinterType;
  let tsParser: LinterType.Parser;

  before(async () => {
    // Loading the project's configuration first points typescript-eslint at TypeScript 6 (see its header).
    await import(path.join(root, 'eslint.config.mjs'));
    const eslintModule = await import('eslint');
    eslint = new eslintModule.ESLint({ cwd: root });
    Linter = eslintModule.Linter;
    ({ noImportCycle } = await import(path.join(root, 'scripts/lint/noImportCycle.mjs')));
    tsParser = (await import('typescript-eslint')).parser as LinterType.Parser;
  });

  describe('layers', () => {
    // [file the code is in, code, whether a layer rule reports it]
    const cases: Array<[string, string, boolean]> = [
      ['server/src/service/wiki/probe.ts', "import * as fs from 'node:fs';", true],
      ['server/src/service/wiki/probe.ts', "import { request } from 'https';", true],
      ['server/src/service/map/probe.ts', "import * as vscode from 'vscode';", true],
      ['server/src/service/map/probe.ts', "import { createConnection } from 'vscode-languageserver/node';", true],
      ['server/src/service/probe.ts', "import type { MessageConnection } from 'vscode-jsonrpc';", true],
      ['server/src/service/wiki/probe.ts', "import type { Range } from 'vscode-languageserver-types';", false],
      ['server/src/service/wiki/probe.ts', "import { TextDocument } from 'vscode-languageserver-textdocument';", false],
      ['server/src/catalogue/probe.ts', "import * as https from 'node:https';", false],
      ['client/src/contentdb/probe.ts', "import * as vscode from 'vscode';", true],
      ['client/src/contentdb/authProvider.ts', "import * as vscode from 'vscode';", false],
      ['client/src/wiki/wikiRunner.ts', "import * as vscode from 'vscode';", false],
      ['client/src/map/mapResultsPanel.ts', "import * as vscode from 'vscode';", false],
      ['client/src/probe.ts', "import * as vscode from 'vscode';", false],
      ['client/src/probe.ts', "import { phpParamName } from '../../server/src/service/wiki/wikiValidation';", true],
      ['client/src/wiki/probe.ts', "import type { WikiDocument } from '../../../server/src/service/wiki/wikiTypes';", true],
      ['client/src/wiki/wikiRunner.ts', "import { checkQuery } from '../../../server/src/service/wiki/wikiValidation';", true],
      ['client/src/wiki/probe.ts', "import { phpParamName } from '../../../common/phpParamName';", false],
      ['client/src/wiki/probe.ts', "import { runWikiQuery } from '../../../run/wiki/wikiRun';", false],
      // The three arrows that pointed the wrong way: server → client, common → server, catalogue → node.
      ['server/src/cli/runCommand.ts', "import { runMapQuery } from '../../../client/src/map/mapRun';", true],
      ['server/src/probe.ts', "import type { Log } from '../../client/src/log';", true],
      ['server/src/service/wiki/probe.ts', "import { RunError } from '../../../../client/src/run/runErrors';", true],
      ['server/src/cli/runCommand.ts', "import { runMapQuery } from '../../../run/map/mapRun';", false],
      ['common/protocol.ts', "import type { RunnableQuery } from '../server/src/service/languageTypes';", true],
      ['common/probe.ts', "import type { WikiParams } from '../run/wiki/wikiRequest';", true],
      ['common/probe.ts', "import type { RunnableQuery } from './queryTypes';", false],
      ['server/src/catalogue/catalogueStore.ts', "import { nodeCatalogueFiles } from '../node/nodeCatalogueFiles';", true],
      ['server/src/catalogue/probe.ts', "import type { CatalogueFiles } from '../node/nodeCatalogueFiles';", true],
      ['server/src/mapConfig/probe.ts', "import { nodeTransport } from '../../../run/node/nodeTransport';", true],
      ['server/src/node/nodeRuntime.ts', "import { nodeCatalogueFiles } from './nodeCatalogueFiles';", false],
      ['server/src/service/map/probe.ts', "import { userCacheDir } from '../../node/userCacheDir';", true],
      // The shared run code: no vscode, no server or client code, the network only through its transport.
      ['run/wiki/probe.ts', "import * as vscode from 'vscode';", true],
      ['run/probe.ts', "import * as https from 'node:https';", true],
      ['run/map/probe.ts', "import { lookup } from 'dns';", true],
      ['run/probe.ts', "import type { Log } from '../client/src/log';", true],
      ['run/probe.ts', "import { pickMode } from '../server/src/languageModes';", true],
      ['run/probe.ts', "import { isObject } from '../common/isObject';", false],
      ['run/node/probe.ts', "import * as https from 'node:https';", false],
      ['run/node/probe.ts', "import * as vscode from 'vscode';", true],
      ['common/probe.ts', "import { parse } from 'jsonc-parser';", true],
      ['common/probe.ts', "import type { Range } from 'vscode-languageserver-types';", false],
    ];
    for (const [file, code, reported] of cases) {
      it(`${reported ? 'reports' : 'allows'} ${code} in ${file}`, async () => {
        const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
        const layer = result.messages.filter(
          (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports',
        );
        assert.equal(layer.length > 0, reported, JSON.stringify(result.messages));
      });
    }
  });

  describe('function length', () => {
    /** A function of `lines` statement lines, plus blank lines and comments that do not count. */
    const fn = (lines: number) =>
      `export function probe(): number {\n  let n = 0;\n${'  n++;\n\n  // a comment\n'.repeat(lines - 4)}  return n;\n}\n`;
    // [file, lines of its function (with the braces), whether max-lines-per-function reports it]
    const cases: Array<[string, number, boolean]> = [
      ['server/src/service/wiki/probe.ts', 80, false],
      ['server/src/service/wiki/probe.ts', 81, true],
      ['run/wiki/probe.ts', 81, true],
      ['scripts/probe.js', 81, true],
      ['test/unit/wiki/probe.test.ts', 200, false],
    ];
    for (const [file, lines, reported] of cases) {
      it(`${reported ? 'reports' : 'allows'} a ${lines}-line function in ${file}`, async () => {
        const [result] = await eslint.lintText(fn(lines), { filePath: path.join(root, file) });
        const long = result.messages.filter((m) => m.ruleId === 'max-lines-per-function');
        assert.equal(long.length > 0, reported, JSON.stringify(result.messages));
      });
    }
  });

  describe('import cycles', () => {
    let dir: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-lint-'));
      const files: Record<string, string> = {
        'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
        'b.ts': "import { c } from './sub/c';\nexport interface B { c: typeof c }\n",
        'sub/c.ts': "import type { A } from '../a';\nexport const c = 1 as unknown as A;\n",
        'd.ts': "import type { A } from './a';\nexport type D = A;\n",
        'self.ts': "export * from './self';\n",
      };
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
      }
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    function cycles(name: string): string[] {
      const linter = new Linter({ cwd: dir });
      const config: LinterType.Config[] = [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tsParser },
          plugins: { wikimap: { rules: { 'no-import-cycle': noImportCycle } } },
          rules: { 'wikimap/no-import-cycle': 'error' },
        },
      ];
      const file = path.join(dir, name);
      return linter.verify(fs.readFileSync(file, 'utf8'), config, { filename: file }).map((m) => m.message);
    }

    it('reports a cycle through type-only imports, naming every file on it', () => {
      assert.deepEqual(cycles('a.ts'), ['Import cycle: a.ts → b.ts → sub/c.ts → a.ts. Move what both need into a module both import.']);
      assert.deepEqual(cycles('sub/c.ts'), [
        'Import cycle: sub/c.ts → a.ts → b.ts → sub/c.ts. Move what both need into a module both import.',
      ]);
    });

    it('does not report a file that imports a cycle without being on it', () => {
      assert.deepEqual(cycles('d.ts'), []);
    });

    it('reports a file that imports itself', () => {
      assert.deepEqual(cycles('self.ts'), ['Import cycle: self.ts → self.ts. Move what both need into a module both import.']);
    });
  });
});
