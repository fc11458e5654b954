/**
 * What `wikimap-query catalogue save` writes (savedCatalogueText): never a file over the catalogue budget a saved
 * catalogue is read with — indented when that fits, on one line when only that fits, refused otherwise — and
 * without the help URLs the catalogue never reads. Each written text is read back as the catalogue store reads
 * a saved file.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { catalogueFileText } from '../../../server/src/catalogue/catalogueCache';
import { CatalogueStore, catalogueUserAgent } from '../../../server/src/catalogue/catalogueStore';
import type { LiveCatalogueData } from '../../../server/src/catalogue/liveCatalogueFetcher';
import { savedCatalogueText } from '../../../server/src/catalogue/savedCatalogueText';
import { nodeCatalogueFiles } from '../../../server/src/node/nodeCatalogueFiles';
import { loadBuiltinCatalogue, MAX_HELP_URLS, MAX_HELP_URL_LENGTH } from '../../../server/src/service/wiki/wikiCatalogue';
import { SAVED_PARAMINFO, SAVED_SITEINFO } from './fakeWiki';

const ROOT = path.join(__dirname, '..', '..', '..');
const builtin = loadBuiltinCatalogue((rel) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8')));

/** The real MediaWiki 1.39 answers, changed by `change`. */
function data(change: (modules: Array<Record<string, unknown>>) => void = () => undefined): LiveCatalogueData {
  const paraminfo = JSON.parse(JSON.stringify(SAVED_PARAMINFO));
  change(paraminfo.paraminfo.modules);
  return {
    apiUrl: 'https://wiki.example/w/api.php',
    generator: 'MediaWiki 1.39.17',
    paraminfo: [paraminfo],
    siteinfo: JSON.parse(JSON.stringify(SAVED_SITEINFO)),
    fetchedAt: '2026-11-27T00:00:00.000Z',
  };
}

const moduleNamed = (modules: Array<Record<string, unknown>>, name: string) => modules.find((m) => m.name === name)!;

/** The text read back as a saved catalogue file, with the same budget. */
async function readBack(text: string, maxBytes: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-saved-'));
  try {
    const file = path.join(dir, 'saved.json');
    fs.writeFileSync(file, text);
    const store = new CatalogueStore({
      files: nodeCatalogueFiles,
      builtin,
      userAgent: catalogueUserAgent('0.1.0'),
      maxBytes: () => maxBytes,
      log: () => undefined,
    });
    return await store.load(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('catalogue save: the file written, within the budget it is read with', () => {
  const indentedBytes = Buffer.byteLength(catalogueFileText(data(), 1));
  const compactBytes = Buffer.byteLength(catalogueFileText(data()));

  const cases: Array<{ name: string; budget: number; compact?: boolean; refused?: RegExp }> = [
    { name: 'indented when it fits', budget: 32 * 1024 * 1024, compact: false },
    { name: 'on one line when only that fits', budget: Math.floor((indentedBytes + compactBytes) / 2), compact: true },
    {
      name: 'refused when even one line is over',
      budget: 100_000,
      refused:
        /the catalogue of https:\/\/wiki\.example\/w\/api\.php is [\d.]+ MB as a file, over the catalogue budget of 0\.1 MB that a saved catalogue is read with; nothing was written\. Raise --max-catalogue-mb/,
    },
  ];
  for (const c of cases) {
    it(`${c.name} (budget ${c.budget} bytes)`, async () => {
      if (c.refused) return void assert.throws(() => savedCatalogueText(data(), c.budget), c.refused);
      const saved = savedCatalogueText(data(), c.budget);
      assert.equal(saved.compact, c.compact);
      assert.ok(Buffer.byteLength(saved.text) <= c.budget, `${Buffer.byteLength(saved.text)} bytes`);
      assert.equal(saved.text.includes('\n'), !c.compact);
      const catalogue = await readBack(saved.text, c.budget);
      assert.equal(catalogue.modules.length, (await readBack(catalogueFileText(data(), 1), 1e9)).modules.length);
    });
  }

  it('leaves out the help URLs the catalogue does not read (a 10 MB one, 500,000 on a module), keeps those it reads', async () => {
    const d = data((modules) => {
      moduleNamed(modules, 'allpages').helpurls = [
        'https://evil.example/' + 'a'.repeat(10_000_000),
        'https://www.mediawiki.org/wiki/API:Allpages',
      ];
      moduleNamed(modules, 'categorymembers').helpurls = Array.from({ length: 500_000 }, (_, i) => `https://evil.example/${i}`);
    });
    const saved = savedCatalogueText(d, 32 * 1024 * 1024);
    assert.equal(saved.helpUrlsLeftOut, 1 + 500_000 - MAX_HELP_URLS);
    assert.ok(saved.text.length < 3 * 1024 * 1024, `${saved.text.length} characters`);
    const catalogue = await readBack(saved.text, 32 * 1024 * 1024);
    assert.deepEqual(catalogue.getQueryModule('allpages')?.helpurls, ['https://www.mediawiki.org/wiki/API:Allpages']);
    assert.equal(catalogue.getQueryModule('categorymembers')?.helpurls.length, MAX_HELP_URLS);
    assert.ok(MAX_HELP_URL_LENGTH < 10_000_000);
  });

  it('counts bytes in UTF-8, not characters: a text of 3-byte characters over the budget in bytes is put on one line or refused', () => {
    const d = data((modules) => {
      moduleNamed(modules, 'allpages').description = '語'.repeat(400_000);
    });
    const chars = catalogueFileText(d).length;
    assert.throws(() => savedCatalogueText(d, chars + 200_000), /over the catalogue budget/);
    const saved = savedCatalogueText(d, Buffer.byteLength(catalogueFileText(d)));
    assert.equal(saved.compact, true);
  });
});
