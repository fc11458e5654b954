/**
 * Incremental parsing of open documents (server/src/embedded/keptTrees.ts): the edit found between
 * two texts, and, for random edit sequences in every host language with a grammar, the same syntax
 * tree and the same requests as a fresh parse of each text; the store's bounds.
 */
import * as assert from 'assert';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';
import { HostParsers } from '../../../server/src/embedded/hostParsers';
import { editBetween, KeptTrees, MAX_KEPT_CHARS, MAX_KEPT_TREES } from '../../../server/src/embedded/keptTrees';
import { HOST_LANGUAGES } from '../../../server/src/service/embedded/hostLanguages';
import type { FoundRequest } from '../../../server/src/service/embedded/requestFinder';
import type { Tree } from 'web-tree-sitter';
import { seededRandom } from '../../support/seededRandom';

const SAMPLES: Record<string, string> = {
  python:
    'import requests\nAPI = "https://en.wikipedia.org/w/api.php"\n\ndef f(t):\n    p = {"action": "query", "titles": t, "prop": "info"}\n    p["list"] = "search"\n    return requests.get(API, params=p)\n',
  javascript:
    "const api = new mw.Api();\napi.get({ action: 'query', list: 'search', srsearch: 'x' });\nconst u = 'https://w.org/w/api.php?action=query&' + q;\n",
  typescript:
    "const api = new mw.Api();\nexport function f(s: string) {\n  return api.get({ action: 'query', list: 'search', srsearch: s });\n}\n",
  php: "<?php\n$params = ['action' => 'query', 'list' => 'allpages', 'aplimit' => 5];\n$url = 'https://w.org/api.php?' . http_build_query($params);\n",
  java: 'interface W {\n  @GET("w/api.php?action=query&list=search&format=json")\n  Call<Object> s(@Query("srsearch") String q);\n}\n',
  kotlin: 'val p = mapOf("action" to "query", "list" to "search")\nval u = "https://w.org/w/api.php?action=query&prop=info"\n',
  go: 'package main\nvar u = "https://w.org/w/api.php?action=query&list=search"\nvar v = url.Values{"action": {"query"}, "list": {"search"}}\n',
  ruby: "URL = 'https://w.org/w/api.php?action=query&list=search'\nparams = { action: 'query', prop: 'info' }\n",
  lua: 'local url = "https://w.org/api.php?action=query&list=search"\nlocal t = { action = "query", list = "allpages" }\n',
  csharp:
    'var p = new Dictionary<string, string> { { "action", "query" }, { "list", "search" } };\nvar u = "https://w.org/w/api.php?action=query";\n',
  shellscript: 'curl -s "https://w.org/w/api.php?action=query&list=search&srsearch=x"\nA=1\n',
};

/** Pieces a random edit inserts: code, quotes and brackets that open and close strings and objects, a newline, non-BMP text. */
const PIECES = ['a', ' ', '\n', '"', "'", '{', '}', '(', ')', '[', ']', ',', '=', '&list=allpages', 'action', '𝄞', 'é', '+', '.', ':'];

function randomEdit(r: () => number, text: string): string {
  const at = Math.floor(r() * (text.length + 1));
  const cut = r() < 0.5 ? Math.floor(r() * 6) : 0;
  // never cut a surrogate pair in two: the editor would not
  let end = Math.min(text.length, at + cut);
  if (end < text.length && end > 0 && /[\udc00-\udfff]/.test(text[end])) end++;
  const start = at > 0 && /[\udc00-\udfff]/.test(text[at] ?? '') ? at - 1 : at;
  const insert = r() < 0.7 ? PIECES[Math.floor(r() * PIECES.length)] : '';
  return text.slice(0, start) + insert + text.slice(end);
}

/** The tree a HostParsers keeps for a document (its store is private). */
function keptTree(parsers: HostParsers, doc: string): Tree | undefined {
  return (parsers as unknown as { kept: { trees: Map<string, { tree: Tree }> } }).kept.trees.get(doc)?.tree;
}

const view = (found: FoundRequest[] | undefined) => JSON.stringify(found?.map((f) => ({ ...f, query: [f.query.text, f.query] })));

describe('incremental parsing of open documents', () => {
  describe('editBetween', () => {
    const cases: Array<[string, string, string, object]> = [
      ['insert in a line', 'ab\ncd', 'ab\ncXd', { startIndex: 4, oldEndIndex: 4, newEndIndex: 5, startPosition: { row: 1, column: 1 } }],
      ['delete a line', 'a\nb\nc', 'a\nc', { startIndex: 2, oldEndIndex: 4, newEndIndex: 2, oldEndPosition: { row: 2, column: 0 } }],
      ['insert lines', 'a', 'a\n\nb', { startIndex: 1, oldEndIndex: 1, newEndIndex: 4, newEndPosition: { row: 2, column: 1 } }],
      ['same text', 'abc', 'abc', { startIndex: 3, oldEndIndex: 3, newEndIndex: 3 }],
      ['whole text replaced', 'abc', 'xyz', { startIndex: 0, oldEndIndex: 3, newEndIndex: 3 }],
      ['repeated letters', 'aaaa', 'aaaaa', { startIndex: 4, oldEndIndex: 4, newEndIndex: 5 }],
      // 𝄞 (U+1D11E) and 𝄢 (U+1D122) share their high surrogate: the edit starts before it
      ['surrogate pairs', 'x𝄞y', 'x𝄢y', { startIndex: 1, oldEndIndex: 3, newEndIndex: 3, startPosition: { row: 0, column: 1 } }],
    ];
    for (const [name, before, after, want] of cases) {
      it(name, () => {
        const edit = editBetween(before, after);
        for (const [k, v] of Object.entries(want)) assert.deepStrictEqual(edit[k as keyof typeof edit], v, k);
        assert.strictEqual(
          before.slice(0, edit.startIndex) + after.slice(edit.startIndex, edit.newEndIndex) + before.slice(edit.oldEndIndex),
          after,
        );
      });
    }
  });

  describe('a sequence of random edits gives the tree and the requests of a fresh parse', () => {
    const incremental = new HostParsers(createPackageFiles());
    const fresh = new HostParsers(createPackageFiles());
    for (const lang of HOST_LANGUAGES.filter((l) => l.grammar && SAMPLES[l.id])) {
      it(lang.id, async () => {
        await incremental.prepare(lang);
        await fresh.prepare(lang);
        const r = seededRandom(lang.id.length * 7919);
        let text = SAMPLES[lang.id];
        for (let step = 0; step < 60; step++) {
          text = randomEdit(r, text);
          const doc = `file:///doc.${lang.id}`;
          const found = incremental.findLoaded(text, lang, doc);
          assert.strictEqual(view(found), view(fresh.findLoaded(text, lang)), `step ${step}: ${JSON.stringify(text)}`);
          const kept = keptTree(incremental, doc);
          if (!kept) continue;
          const tree = (await fresh.parseTree(text, lang))!;
          assert.strictEqual(kept.rootNode.toString(), tree.rootNode.toString(), `step ${step}: ${JSON.stringify(text)}`);
          tree.delete();
        }
      });
    }
  });

  describe('the store of kept trees', () => {
    const parsers = new HostParsers(createPackageFiles());
    const python = HOST_LANGUAGES.find((l) => l.id === 'python')!;
    const trees = () => (parsers as unknown as { kept: KeptTrees }).kept.size;

    it(`keeps at most ${MAX_KEPT_TREES} trees, and forgets a closed document's`, async () => {
      await parsers.prepare(python);
      for (let i = 0; i < MAX_KEPT_TREES + 10; i++) parsers.findLoaded(`${SAMPLES.python}x = ${i}\n`, python, `file:///d${i}.py`);
      assert.strictEqual(trees().trees, MAX_KEPT_TREES);
      parsers.forget(`file:///d${MAX_KEPT_TREES + 9}.py`);
      assert.strictEqual(trees().trees, MAX_KEPT_TREES - 1);
      // the oldest went first: the first document is parsed afresh, and found the same
      assert.strictEqual(
        view(parsers.findLoaded(`${SAMPLES.python}x = 0\n`, python, 'file:///d0.py')),
        view(parsers.findLoaded(`${SAMPLES.python}x = 0\n`, python)),
      );
    });

    it(`keeps at most ${MAX_KEPT_CHARS} characters of text, deleting the trees it drops`, () => {
      const store = new KeptTrees();
      let deleted = 0;
      const tree = () => ({ delete: () => deleted++, edit: () => undefined }) as unknown as Tree;
      const third = 'x'.repeat(Math.floor(MAX_KEPT_CHARS / 3));
      for (let i = 0; i < 5; i++) store.keep(`d${i}`, 'python', third, tree());
      assert.deepStrictEqual(store.size, { trees: 3, chars: 3 * third.length });
      assert.strictEqual(deleted, 2);
      // a text larger than the whole budget is not kept at all
      store.keep('huge', 'python', `${third}${third}${third}xxxx`, tree());
      assert.strictEqual(store.size.trees, 3);
      assert.strictEqual(deleted, 3);
      // taken for another language: deleted, not handed out
      assert.strictEqual(store.take('d4', 'lua', third), undefined);
      assert.strictEqual(deleted, 4);
      store.clear();
      assert.deepStrictEqual(store.size, { trees: 0, chars: 0 });
      assert.strictEqual(deleted, 6);
    });

    it('a text that no longer may hold a request drops its tree', async () => {
      await parsers.prepare(python);
      parsers.findLoaded(SAMPLES.python, python, 'file:///gone.py');
      const before = trees().trees;
      parsers.findLoaded('print(1)\n', python, 'file:///gone.py');
      assert.strictEqual(trees().trees, before - 1);
    });

    it('a tree of another language is not reused', async () => {
      const js = HOST_LANGUAGES.find((l) => l.id === 'javascript')!;
      await parsers.prepare(js);
      parsers.findLoaded(SAMPLES.python, python, 'file:///switch');
      assert.strictEqual(
        view(parsers.findLoaded(SAMPLES.javascript, js, 'file:///switch')),
        view(parsers.findLoaded(SAMPLES.javascript, js)),
      );
    });
  });
});
