/**
 * A built-in version target (`--target 1.39|1.43|1.45`) judges titles with what its release's siteinfo
 * answers as installed (English, no extension), recorded into descriptors/wiki/versions/core-siteinfo.json:
 * the namespaces, their aliases and the interwiki prefixes. A title parameter that must be in one namespace
 * (ApiQueryCategoryMembers::run → ApiBase::getTitleOrPageId, then apierror-invalidcategory; ApiQueryBacklinks
 * for imageusage → bad_image_title) is judged on a prefix that is neither a namespace nor an interwiki
 * prefix of that install, and a prefix in its interwiki table is another wiki's title (Title::isExternal →
 * apierror-invalidtitle). The interwiki tables differ between the releases (maintenance/interwiki.list):
 * `cache:` is one on 1.39 and 1.43, not on 1.45; `c2:` on 1.43 and 1.45, not on 1.39. Every row was
 * answered so by the real wikis (1.39.17 of the mediawiki suite, 1.43.3 and 1.45.0). The built-in
 * catalogue, which belongs to no install, leaves a prefix it does not know unjudged.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import type { WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { builtinVersionCatalogue } from '../../../server/src/targets';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';
import { builtinCatalogue, repoRoot } from './helpers';

function codes(catalogue: WikiCatalogue, text: string): { code: string; message: string }[] {
  const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
  const document = TextDocument.create('file:///s.wikiquery', 'wikiquery', 1, text);
  return service
    .doValidation(document, service.parse(document), {})
    .map((d) => ({ code: String(d.code ?? ''), message: typeof d.message === 'string' ? d.message : d.message.value }));
}

const VERSIONS = ['1.39', '1.43', '1.45'] as const;
type Verdicts = { [V in (typeof VERSIONS)[number]]: string } & { builtin: string };

/** Request → the code each target gives ('' for none) and the built-in catalogue's. */
const TABLE: Array<[string, Verdicts]> = [
  [
    'action=query&list=categorymembers&cmtitle=Foo:Bar',
    { '1.39': 'invalidcategory', '1.43': 'invalidcategory', '1.45': 'invalidcategory', builtin: '' },
  ],
  [
    'action=query&list=categorymembers&cmtitle=Kategorie:Bar',
    { '1.39': 'invalidcategory', '1.43': 'invalidcategory', '1.45': 'invalidcategory', builtin: '' },
  ],
  ['action=query&list=categorymembers&cmtitle=Category:Bar', { '1.39': '', '1.43': '', '1.45': '', builtin: '' }],
  [
    'action=query&list=categorymembers&cmtitle=Image:X.png',
    { '1.39': 'invalidcategory', '1.43': 'invalidcategory', '1.45': 'invalidcategory', builtin: 'invalidcategory' },
  ],
  [
    'action=query&list=categorymembers&cmtitle=cache:Foo',
    { '1.39': 'invalidtitle', '1.43': 'invalidtitle', '1.45': 'invalidcategory', builtin: '' },
  ],
  [
    'action=query&list=categorymembers&cmtitle=c2:Foo',
    { '1.39': 'invalidcategory', '1.43': 'invalidtitle', '1.45': 'invalidtitle', builtin: '' },
  ],
  [
    'action=query&list=categorymembers&cmtitle=wikinfo:Foo',
    { '1.39': 'invalidtitle', '1.43': 'invalidcategory', '1.45': 'invalidcategory', builtin: '' },
  ],
  ['action=query&list=imageusage&iutitle=Image:X.png', { '1.39': '', '1.43': '', '1.45': '', builtin: '' }],
  [
    'action=query&list=imageusage&iutitle=Datei:X.png',
    { '1.39': 'bad_image_title', '1.43': 'bad_image_title', '1.45': 'bad_image_title', builtin: '' },
  ],
];

describe('built-in version targets: the siteinfo of each release as installed', () => {
  const files = createPackageFiles(repoRoot);
  const builtin = builtinCatalogue();
  const targets = Object.fromEntries(VERSIONS.map((v) => [v, builtinVersionCatalogue(v, files)])) as Record<string, WikiCatalogue>;

  for (const [text, expected] of TABLE) {
    it(text, () => {
      const seen: Record<string, string> = {};
      for (const v of VERSIONS)
        seen[v] = codes(targets[v], text)
          .map((d) => d.code)
          .join(',');
      seen.builtin = codes(builtin, text)
        .map((d) => d.code)
        .join(',');
      assert.deepEqual(seen, expected);
    });
  }

  it('a verdict that rests on the install’s namespaces or interwiki prefixes says whose they are', () => {
    const [category] = codes(targets['1.39'], 'action=query&list=categorymembers&cmtitle=Kategorie:Bar');
    assert.match(
      category.message,
      /"Kategorie:" is not a namespace of MediaWiki 1\.39\.17 as installed; a wiki's own namespace names are read with its api\.php URL/,
    );
    const [title] = codes(targets['1.43'], 'action=query&list=categorymembers&cmtitle=cache:Foo');
    assert.match(title.message, /"cache:" is an interwiki prefix of MediaWiki 1\.43\.3 as installed/);
    const [ns] = codes(targets['1.45'], 'action=query&list=allpages&apnamespace=3000');
    assert.match(ns.message, /Checked against the namespaces of MediaWiki 1\.45\.0 as installed/);
  });

  it('without the recorded siteinfo a target judges as before, with MediaWiki’s default namespaces', () => {
    const without = { ...files, readText: (rel: string) => (rel.endsWith('core-siteinfo.json') ? missing(rel) : files.readText(rel)) };
    const cat = builtinVersionCatalogue('1.39', without);
    assert.equal(cat.siteinfoOf, undefined);
    assert.equal(cat.namespacesFromSiteinfo, false);
    assert.deepEqual(codes(cat, 'action=query&list=categorymembers&cmtitle=Kategorie:Bar'), []);
  });
});

function missing(rel: string): never {
  throw new Error(`${rel}: no such file`);
}
