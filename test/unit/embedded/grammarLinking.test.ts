/**
 * The grammars link whole with the web-tree-sitter runtime: no grammar imports a function the
 * runtime lacks (a stub that throws inside a parse left the runtime's memory inconsistent, and every
 * later parse of any language failed). Seen on shell scripts naming `"$var"` in a `case`.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { grammarPackageFile, HOST_LANGUAGES } from '../../../server/src/service/embedded/hostLanguages';
import { renameImports } from '../../../server/src/embedded/wasmImports';
import { checkSource } from './helpers';

/** Node's WebAssembly API (the project's TypeScript libraries do not declare it). */
interface WasmApi {
  Module: {
    new (bytes: Uint8Array): object;
    imports(m: object): Array<{ module: string; name: string; kind: string }>;
    exports(m: object): Array<{ name: string; kind: string }>;
  };
}
const WebAssembly = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
const root = path.join(__dirname, '../../..');
const runtime = new WebAssembly.Module(fs.readFileSync(path.join(root, 'node_modules/web-tree-sitter/tree-sitter.wasm')));
/** What a grammar may import from `env`: the runtime's exports and imports (the JS side's functions). */
const available = new Set([...WebAssembly.Module.exports(runtime), ...WebAssembly.Module.imports(runtime)].map((e) => e.name));

describe('requests inside source code: grammar linking', () => {
  for (const lang of HOST_LANGUAGES.filter((l) => l.grammar)) {
    it(`${lang.id}: every function the ${lang.grammar} grammar imports is in the runtime`, () => {
      // the file the build copies (Lua's and R's come from packages of their own)
      const bytes = fs.readFileSync(path.join(root, 'node_modules', grammarPackageFile(lang)!));
      const module = new WebAssembly.Module(renameImports(bytes));
      const missing = WebAssembly.Module.imports(module)
        .filter((i) => i.module === 'env' && i.kind === 'function' && !available.has(i.name))
        .map((i) => i.name);
      assert.deepEqual(missing, []);
    });
  }

  it('renaming leaves a module without those imports byte for byte as it was', () => {
    const bytes = fs.readFileSync(path.join(root, 'node_modules/tree-sitter-wasms/out/tree-sitter-go.wasm'));
    assert.equal(renameImports(bytes), bytes);
  });

  it('a shell script whose scanner checks letters is parsed, and so is the next file of another language', async () => {
    const shell = `case "$action" in\n  start) curl "https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimt=5" ;;\nesac\n`;
    const python = `import requests\nrequests.get("https://en.wikipedia.org/w/api.php", params={"action": "query", "titlrs": "A"})\n`;
    for (const [language, text, code] of [
      ['shellscript', shell, 'unrecognizedparams'],
      ['python', python, 'unrecognizedparams'],
      ['shellscript', shell, 'unrecognizedparams'],
    ]) {
      const { checked } = await checkSource(language, text);
      assert.deepEqual(
        checked.flatMap((c) => c.diagnostics.map((d) => d.code)),
        [code],
        language,
      );
    }
  });
});
