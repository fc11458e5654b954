/**
 * `check DIR` compiles the tree-sitter runtime and the grammars once, on the main thread, and hands the
 * compiled modules to its worker threads (server/src/embedded/hostParsers.ts, `compileGrammars`): a
 * parser given them compiles nothing itself and finds exactly what a parser compiling its own finds.
 */
import * as assert from 'node:assert/strict';
import { compileGrammars, HostParsers } from '../../../server/src/embedded/hostParsers';
import { HOST_LANGUAGES, hostLanguage } from '../../../server/src/service/embedded/hostLanguages';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';

/** One request per host language with a grammar, in its own syntax. */
const SOURCES: Record<string, string> = {
  python: 'import requests\nrequests.get(API, params={"action": "query", "list": "allpages", "aplimt": 5})\n',
  javascript: "new mw.Api().get({ action: 'query', list: 'search', srsearch: 'x', srlimt: 5 });\n",
  typescript: "const api = new mw.Api();\napi.get({ action: 'query', prop: 'revisions', titles: 'A' });\n",
  typescriptreact: "const api = new mw.Api();\nexport const A = () => <b>{api.get({ action: 'query', list: 'search' })}</b>;\n",
  php: "<?php\n$p = ['action' => 'query', 'list' => 'allpages', 'aplimt' => 5];\n$u = 'https://w.example.org/api.php?' . http_build_query($p);\n",
  java: 'interface W {\n  @GET("w/api.php?action=query&list=allpages&aplimt=5")\n  Call<Object> pages();\n}\n',
  kotlin: 'interface W {\n  @GET("w/api.php?action=query&list=allpages")\n  fun pages(@Query("aplimt") n: Int): Call<Any>\n}\n',
  go: 'package m\nvar u = "https://w.example.org/w/api.php?action=query&list=allpages&aplimt=5"\n',
  ruby: "URL = 'https://w.example.org/w/api.php?action=query&list=allpages&aplimt=5'\n",
  lua: 'local url = "https://w.example.org/api.php?action=query&list=allpages&aplimt=5"\n',
  csharp: 'class W { string u = "https://w.example.org/w/api.php?action=query&list=allpages&aplimt=5"; }\n',
  shellscript: 'curl -s "https://w.example.org/w/api.php?action=query&list=allpages&aplimt=5"\n',
  r: 'url <- "https://w.example.org/w/api.php"\nq <- list(action = "query", list = "allpages", aplimt = 5)\n',
  swift: 'let p: [String: String] = ["action": "query", "list": "allpages", "aplimt": "5"]\nlet u = "https://w.example.org/w/api.php"\n',
};

/** What a finding is, without the mapping's class. */
const plain = (found: unknown) => JSON.parse(JSON.stringify(found)) as unknown;

describe('grammars compiled once, shared by the parsers of several threads', () => {
  const files = createPackageFiles();
  const langs = HOST_LANGUAGES.filter((l) => l.grammar);

  it('every host language with a grammar is given a test source', () => {
    assert.deepEqual(
      langs.map((l) => l.id).filter((id) => !(id in SOURCES)),
      [],
    );
  });

  it('a parser given the compiled modules compiles none and finds the same requests', async function () {
    this.timeout(120000);
    const compiled = compileGrammars(files, langs);
    assert.ok(compiled, 'compiled in Node');
    const own = new HostParsers(files);
    const shared = new HostParsers(files, compiled);
    const wasm = (globalThis as unknown as { WebAssembly: { Module: new (b: Uint8Array) => object } }).WebAssembly;
    const Original = wasm.Module;
    let compiles = 0;
    for (const [id, text] of Object.entries(SOURCES)) {
      const lang = hostLanguage(id)!;
      const expected = await own.find(text, lang);
      assert.ok(expected.length > 0, `${id}: the test source holds a request`);
      wasm.Module = new Proxy(Original, {
        construct(target, args: [Uint8Array]) {
          compiles++;
          return new target(...args);
        },
      });
      try {
        assert.deepEqual(plain(await shared.find(text, lang)), plain(expected), id);
      } finally {
        wasm.Module = Original;
      }
    }
    assert.equal(compiles, 0, 'modules compiled by the parser given them');
  });

  it('only the grammars asked for are compiled', () => {
    const compiled = compileGrammars(
      files,
      [hostLanguage('python')!, hostLanguage('perl')!].filter((l) => l !== undefined),
    );
    assert.deepEqual(Object.keys(compiled!.grammars), ['python']);
  });
});
