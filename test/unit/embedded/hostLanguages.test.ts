/**
 * The host-language table is the one source: the build copies exactly its grammars, and the
 * pre-commit hook's file pattern covers every extension it reads.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { grammarPackageFile, HOST_LANGUAGES, hostLanguage, hostLanguageOf } from '../../../server/src/service/embedded/hostLanguages';
import { SETTINGS } from '../../../common/settings';

const root = path.resolve(__dirname, '../../..');

describe('host languages table', () => {
  it('the build copies exactly the grammars of the table, from the same npm files', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { GRAMMARS } = require(path.join(root, 'scripts', 'build.js')) as { GRAMMARS: Record<string, string> };
    const fromTable = Object.fromEntries(HOST_LANGUAGES.flatMap((l) => (l.grammar ? [[l.grammar, grammarPackageFile(l)]] : [])));
    assert.deepEqual(GRAMMARS, fromTable);
  });

  it('every grammar file exists in its npm package', () => {
    for (const l of HOST_LANGUAGES) if (l.grammar) assert.ok(fs.existsSync(path.join(root, 'node_modules', grammarPackageFile(l)!)), l.id);
  });

  it('the pre-commit hook reads every extension of the table', () => {
    const hook = fs.readFileSync(path.join(root, '.pre-commit-hooks.yaml'), 'utf8');
    const pattern = new RegExp(/files: '(.*)'/.exec(hook)![1]);
    for (const l of HOST_LANGUAGES) for (const ext of l.extensions) assert.ok(pattern.test(`x${ext}`), `${l.id} ${ext}`);
  });

  it("the embeddedLanguages setting's default is markdown and exactly the table's languages (and their VS Code ids)", () => {
    const defaults = SETTINGS.find((s) => s.key === 'embeddedLanguages')!.default as string[];
    for (const id of defaults) assert.ok(id === 'markdown' || hostLanguage(id), `${id} is not a host language`);
    for (const l of HOST_LANGUAGES) assert.ok(defaults.includes(l.id), `${l.id} is missing from the default`);
  });

  // [language id sent, document URI, host language read]
  const cases: Array<[string, string, string | undefined]> = [
    ['python', 'file:///tool/gadget.js', 'javascript'], // eglot 1.9: one language id for every file of a server
    ['javascriptreact', 'file:///tool/App.jsx', 'javascript'],
    ['js', 'untitled:Untitled-1', 'javascript'],
    ['python', 'untitled:Untitled-2', 'python'],
    ['plaintext', 'file:///tool/bot.py?x=1', 'python'],
    ['markdown', 'file:///tool/README.md', undefined],
  ];
  for (const [languageId, uri, expected] of cases)
    it(`a document sent as ${languageId} at ${uri} is read as ${expected ?? 'no host language'}`, () => {
      assert.equal(hostLanguageOf(languageId, uri)?.id, expected);
    });
});
