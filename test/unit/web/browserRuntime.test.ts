/**
 * The web build's runtime, outside a browser: what the browser would refuse is refused with the reason,
 * the in-memory catalogue cache keeps to its bound, the bundled package files read like the package's,
 * live catalogues are asked for with `origin=*` and `Api-User-Agent` (against the fake wiki of the
 * catalogue-store suite) and cached by the client (`wikimapQuery/catalogueCacheFile`, file names only),
 * and the commands that need the desktop are hidden from the web's palette.
 * The same runtime in a real browser's Worker: test/web/.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { browserRefusal } from '../../../server/src/browser/browserFetch';
import { createBrowserRuntime } from '../../../server/src/browser/browserRuntime';
import { createBundledPackageFiles } from '../../../server/src/browser/bundledFiles';
import { editorCatalogueFiles } from '../../../server/src/browser/editorCatalogueFiles';
import { memoryCatalogueFiles } from '../../../server/src/browser/memoryCatalogueFiles';
import type { CatalogueStore } from '../../../server/src/catalogue/catalogueStore';
import type { CatalogueCacheFileParams, CatalogueCacheFileResult } from '../../../common/protocol';
import { loadBuiltinCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { DESKTOP_ONLY_COMMANDS } from '../../../client/src/browser/webOnlyCommands';
import { startFakeWiki } from '../catalogue-store/fakeWiki';

const ROOT = path.join(__dirname, '..', '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));

describe('web build: what the browser refuses, said before asking', () => {
  const cases: Array<[string, string | undefined, RegExp | undefined]> = [
    // target, page, refusal
    ['https://www.mediawiki.org/w/api.php', 'https://vscode.dev/', undefined],
    ['http://wiki.example.org/api.php', 'https://vscode.dev/', /mixed content/],
    ['http://127.0.0.1:8080/api.php', 'https://github.dev/', /mixed content/],
    ['https://192.168.1.5/api.php', 'https://vscode.dev/', /private-network/],
    ['https://wiki.local/api.php', 'https://vscode.dev/', /private-network/],
    ['http://127.0.0.1:8080/api.php', 'http://127.0.0.1:3000/', undefined],
    ['http://localhost:8080/api.php', 'http://localhost:3000/', undefined],
    ['https://en.wikipedia.org/w/api.php', undefined, undefined],
  ];
  for (const [target, page, refusal] of cases) {
    it(`${target} from ${page ?? 'no page'}: ${refusal ?? 'let through'}`, () => {
      const said = browserRefusal(new URL(target), page ? new URL(page) : undefined);
      if (refusal) assert.match(said ?? '', refusal);
      else assert.equal(said, undefined);
    });
  }
});

describe('web build: the in-memory catalogue cache', () => {
  it('keeps to its bound, dropping the oldest entries first', async () => {
    const files = memoryCatalogueFiles(100); // bytes: 50 UTF-16 code units
    await files.writeText('memory/a.json', 'x'.repeat(20));
    await files.writeText('memory/b.json', 'y'.repeat(20));
    await files.writeText('memory/c.json', 'z'.repeat(20));
    assert.deepEqual((await files.list('memory')).sort(), ['b.json', 'c.json']);
    assert.equal(await files.readText('memory/a.json'), undefined);
    assert.ok((await files.mtime!('memory/c.json'))! > (await files.mtime!('memory/b.json'))!);
  });
  it('keeps one entry larger than the bound (the store caps each answer) until the next write', async () => {
    const files = memoryCatalogueFiles(10);
    await files.writeText('memory/big.json', 'x'.repeat(20));
    assert.equal((await files.readText('memory/big.json'))?.length, 20);
    await files.writeText('memory/next.json', 'y');
    assert.deepEqual(await files.list('memory'), ['next.json']);
  });
});

describe('web build: bundled package files', () => {
  const files = createBundledPackageFiles({
    'descriptors/wiki/a.json': '{}',
    'descriptors/wiki/versions/b.json': '{}',
    'package.json': '{}',
  });
  it('lists a folder without its subfolders, and reads by relative path', () => {
    assert.deepEqual(files.list('descriptors/wiki'), ['a.json']);
    assert.deepEqual(files.list('descriptors/none'), []);
    assert.equal(files.readText('descriptors/wiki/a.json'), '{}');
  });
  it('says to rebuild when a file is missing', () => {
    assert.throws(() => files.readText('descriptors/mapserver/mapobjects.json'), /not in the web build; rebuild/);
  });
});

describe('web build: live catalogues as a browser asks for them', () => {
  it('sends origin=* and names the tool in Api-User-Agent, never in User-Agent', async () => {
    const wiki = await startFakeWiki();
    try {
      const bundled: Record<string, string> = { 'package.json': '{"version":"9.8.7"}' };
      for (const name of fs.readdirSync(path.join(ROOT, 'descriptors/wiki')).filter((n) => n.endsWith('.json'))) {
        bundled[`descriptors/wiki/${name}`] = fs.readFileSync(path.join(ROOT, 'descriptors/wiki', name), 'utf8');
      }
      const sent: Array<{ url: string; headers: Record<string, string> }> = [];
      const fetchImpl: typeof fetch = (input, init) => {
        sent.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } });
        return fetch(input, init);
      };
      const runtime = createBrowserRuntime({ files: bundled, page: new URL('http://127.0.0.1:1/'), fetchImpl });
      const store = runtime.createCatalogueStore!({ builtin: loadBuiltinCatalogue(readJson), log: () => undefined });
      await store.reload(wiki.apiUrl);
      assert.ok(sent.length >= 2, `requests: ${sent.map((s) => s.url).join(', ')}`);
      for (const request of sent) {
        assert.equal(new URL(request.url).searchParams.get('origin'), '*', request.url);
        assert.equal(request.headers['User-Agent'], undefined);
        assert.match(request.headers['Api-User-Agent'], /^wikimap-query\/9\.8\.7 /);
      }
      assert.ok(wiki.requests.every((r) => r.params.get('origin') === '*'));
      store.dispose?.();
    } finally {
      await wiki.close();
    }
  });
});

/** The client's side of `wikimapQuery/catalogueCacheFile` over a map of files; every request recorded. */
function editorKeptFiles() {
  const files = new Map<string, { text: string; mtime: number }>();
  const asked: CatalogueCacheFileParams[] = [];
  let clock = 0;
  const send = async (p: CatalogueCacheFileParams): Promise<CatalogueCacheFileResult> => {
    asked.push(p);
    const file = p.name === undefined ? undefined : files.get(p.name);
    if (p.op === 'list') return { names: [...files.keys()] };
    if (p.op === 'read') return file ? { text: file.text } : {};
    if (p.op === 'stat') return file ? { size: file.text.length, mtime: file.mtime } : {};
    if (p.op === 'write') files.set(p.name!, { text: p.text!, mtime: ++clock });
    if (p.op === 'remove') files.delete(p.name!);
    return {};
  };
  return { files, asked, cacheFiles: editorCatalogueFiles(send) };
}

describe('web build: live catalogues cached by the editor', () => {
  const bundled: Record<string, string> = { 'package.json': '{"version":"1.0.0"}' };
  for (const name of fs.readdirSync(path.join(ROOT, 'descriptors/wiki')).filter((n) => n.endsWith('.json'))) {
    bundled[`descriptors/wiki/${name}`] = fs.readFileSync(path.join(ROOT, 'descriptors/wiki', name), 'utf8');
  }
  const storeOver = (editorCacheFiles: ReturnType<typeof editorKeptFiles>['cacheFiles'], cacheDir?: string) =>
    createBrowserRuntime({ files: bundled, editorCacheFiles }).createCatalogueStore!({
      builtin: loadBuiltinCatalogue(readJson),
      log: () => undefined,
      cacheDir,
    }) as CatalogueStore;

  it('writes the catalogue through the client by file name, and a new worker reads it back without paraminfo requests', async () => {
    const wiki = await startFakeWiki();
    const editor = editorKeptFiles();
    try {
      const first = storeOver(editor.cacheFiles, 'vscode-userdata:/User/globalStorage/wikimap-query.wikimap-query');
      await first.load(wiki.apiUrl);
      first.dispose();
      assert.deepEqual(
        [...editor.files.keys()].map((n) => n.replace(/-\d+-[0-9a-f]{16}-/, '-PORT-HASH-')),
        ['127.0.0.1-PORT-HASH-MediaWiki-1.39.17.json'],
      );
      assert.ok(
        editor.asked.every((p) => p.name === undefined || !/[/\\]/.test(p.name)),
        'names only, never paths',
      );
      const before = wiki.paraminfoRequests().length;
      const second = storeOver(editor.cacheFiles, 'vscode-userdata:/User/globalStorage/wikimap-query.wikimap-query');
      const again = await second.load(wiki.apiUrl);
      assert.equal(wiki.paraminfoRequests().length, before, 'the cache answered');
      assert.equal(second.status(wiki.apiUrl).origin, 'cache');
      assert.ok(again.namespaces.some((ns) => ns.id === 3000));
      second.dispose();
    } finally {
      await wiki.close();
    }
  });

  it('keeps the catalogues in memory when the client names no cache folder', async () => {
    const wiki = await startFakeWiki();
    const editor = editorKeptFiles();
    try {
      const store = storeOver(editor.cacheFiles);
      await store.load(wiki.apiUrl);
      store.dispose();
      assert.deepEqual(editor.asked, []);
    } finally {
      await wiki.close();
    }
  });
});

describe('web build: commands that need the desktop', () => {
  const pkg = readJson('package.json');
  const palette: Array<{ command: string; when?: string }> = pkg.contributes.menus.commandPalette;
  const contributed = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
  for (const command of Object.keys(DESKTOP_ONLY_COMMANDS)) {
    it(`${command} is contributed and hidden from the web's palette and menus`, () => {
      assert.ok(contributed.has(command), `${command} is not in package.json contributes.commands`);
      const entry = palette.find((e) => e.command === command);
      assert.ok(entry?.when === 'false' || /^!isWeb( && |$)/.test(entry?.when ?? ''), `palette when: ${entry?.when}`);
      for (const [menu, items] of Object.entries<Array<{ command: string; when?: string }>>(pkg.contributes.menus)) {
        for (const item of items.filter((i) => i.command === command)) assert.match(item.when ?? '', /^!isWeb|^false$/, menu);
      }
    });
  }
  it('every command hidden from the web answers there with its reason (none is left unregistered)', () => {
    const hidden = palette.filter((e) => /^!isWeb( && |$)/.test(e.when ?? '')).map((e) => e.command);
    assert.deepEqual(
      hidden.filter((c) => !(c in DESKTOP_ONLY_COMMANDS)),
      [],
    );
  });
  it('package.json has the web entry and declares virtual workspaces', () => {
    assert.equal(pkg.browser, './dist/web/client.js');
    assert.equal(pkg.capabilities.virtualWorkspaces, true);
    assert.ok(pkg.files.includes('dist/web/client.js') && pkg.files.includes('dist/web/server.js'));
  });
});
