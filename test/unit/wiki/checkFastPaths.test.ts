/**
 * The check's fast paths answer as the full readings do:
 * - titleProblem: a plain title is accepted after one scan (wikiTitleRules.ts `plainTitle`); the same
 *   title with a `#fragment` added goes through the full reading (MediaWikiTitleCodec::splitTitleString
 *   cuts the fragment first), so both must give the same verdict;
 * - a query's recognised parameters (wikiPresentParams.ts) are bits over the query's own pairs, with a
 *   Map for the rest: the same answers as a Map, repeated names and long queries included.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { titleProblem } from '../../../server/src/service/wiki/wikiTitleRules';
import { PresentParams } from '../../../server/src/service/wiki/wikiPresentParams';
import { parseWikiDocument } from '../../../server/src/service/wiki/wikiQueryParser';
import type { WikiParam } from '../../../server/src/service/wiki/wikiTypes';
import { builtinCatalogue, fixtureCatalogue, validate } from './helpers';

describe('wiki check fast paths answer as the full readings', () => {
  const titles = [
    'Main Page',
    'Main_Page',
    'Alpha',
    ' Alpha ',
    '_Alpha_',
    'A (disambiguation)',
    "O'Brien, Pat!",
    'Mods/Technic',
    'Spawn.png',
    'File:Spawn.png',
    'File:Spawn.png_13483',
    'Category:Mods',
    'category:mods',
    'Category_talk:Mods',
    'User:Alice_44990',
    'User talk:Bob',
    'Talk:Alpha',
    'Template:Infobox',
    'Help:Delta',
    // Fall back to the full reading: each is what the fast path leaves to it.
    '.',
    '..',
    './Alpha',
    '../Alpha',
    'A/./B',
    'A/../B',
    'A/.',
    'A/..',
    'A.b/c',
    '.hidden',
    'Category:',
    'Category: ',
    'Category:_',
    ':Alpha',
    ' :Alpha',
    'Alpha:',
    'Foo:Bar',
    'wikipedia:Alpha',
    'Talk:wikipedia:Alpha',
    'Category:A:B',
    'A~~~',
    'A~B',
    'A[b]',
    'A|B',
    'A%41',
    'A{b}',
    ' ',
    '_',
    '   _ ',
    'Ä',
    'Café',
    'x'.repeat(255),
    'x'.repeat(256),
  ];
  const withInterwiki = fixtureCatalogue();
  withInterwiki.interwikiPrefixes = new Set(['wikipedia', 'commons']);
  for (const [name, cat] of [
    ['built-in catalogue', builtinCatalogue()],
    ['a catalogue that knows its interwiki prefixes', withInterwiki],
  ] as const) {
    it(`titleProblem of each title equals that of the title with a fragment (the full reading), ${name}`, () => {
      for (const t of titles) {
        if (t.replace(/[\s_]/g, '') === '') continue; // (an empty title with a fragment is valid: "#Section")
        assert.equal(titleProblem(t, cat), titleProblem(`${t}#s`, cat), JSON.stringify(t));
      }
    });
  }

  it('titleProblem: plain titles accepted, the others named', () => {
    const cat = builtinCatalogue();
    const table: [string, boolean][] = [
      ['Main_Page', true],
      ['File:Spawn.png', true],
      ['Category:Mods', true],
      ['Category:', false],
      ['.', false],
      ['A/../B', false],
      ['A~~~', false],
      ['A[b]', false],
      [' ', false],
    ];
    for (const [t, ok] of table) assert.equal(titleProblem(t, cat) === undefined, ok, t);
  });

  it('recognised parameters: bits over the query’s own pairs answer as a Map does', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i % 37}=${i}`).join('&');
    for (const text of ['action=query&a=1&b=2&a=3', 'action=query&' + names(40), 'action=query&' + names(70)]) {
      const q = parseWikiDocument(text).queries[0];
      const present = new PresentParams(q.byName);
      const map = new Map<string, WikiParam>();
      const all = q.byName.values();
      // Every other pair recognised under its own name, one under another name, one pair replaced.
      all.forEach((p, i) => {
        if (i % 2 === 0) {
          present.set(p.name, p);
          map.set(p.name, p);
        }
      });
      present.set('other', all[0]);
      map.set('other', all[0]);
      present.set(all[0].name, all[all.length - 1]);
      map.set(all[0].name, all[all.length - 1]);
      present.set(all[0].name, all[0]);
      map.set(all[0].name, all[0]);
      present.set(all[2].name, all[1]);
      map.set(all[2].name, all[1]);
      for (const key of [...all.map((p) => p.name), 'other', 'absent']) {
        assert.equal(present.get(key), map.get(key), `${text.slice(0, 20)}… ${key}`);
        assert.equal(present.has(key), map.has(key));
      }
    }
  });

  it('a repeated name: rules see the pair that counts (the last)', () => {
    const codes = (q: string) => validate(q).map((d) => d.code);
    assert.ok(codes('action=query&list=categorymembers&cmtitle=Category:A&cmpageid=1&cmtitle=Category:B').includes('invalidparammix'));
    assert.deepEqual(codes('action=query&titles=A&titles=B&list=categorymembers&cmtitle=Category:A'), ['repeatedparam']);
  });
});
