/**
 * The idle server's warm-up of completion (warmUpWikiFeatures): it runs completion's code once without documentation,
 * so the built-in version facts (several times the catalogue in memory) stay unread until a hover or a described item.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getWikiLanguageService, warmUpWikiFeatures } from '../../../server/src/service/wiki/wikiLanguageService';
import { setBuiltinVersionFacts } from '../../../server/src/service/wiki/wikiBuiltinVersions';
import { loadBuiltinCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { readRepoJson } from './helpers';

describe('warmUpWikiFeatures', () => {
  it('completes without reading the built-in version facts; a completion with documentation reads them', () => {
    // A catalogue of its own: loading it sets the facts' loader, which the test then counts.
    const catalogue = loadBuiltinCatalogue(readRepoJson);
    let reads = 0;
    setBuiltinVersionFacts(() => {
      reads++;
      return undefined;
    });
    try {
      warmUpWikiFeatures(catalogue);
      warmUpWikiFeatures(catalogue);
      assert.equal(reads, 0, 'the warm-up leaves the version facts unread');
      const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
      const doc = TextDocument.create('file:///w.wikiquery', 'wikiquery', 1, 'action=query&list=allpages&ap');
      const list = service.doComplete(doc, service.parse(doc), doc.getText().length);
      assert.ok(list.items.some((i) => i.label === 'aplimit' && i.documentation));
      assert.equal(reads, 1, 'described items read them');
    } finally {
      loadBuiltinCatalogue(readRepoJson); // the facts' loader as the other tests expect it
    }
  });
});
