/**
 * Which endpoint the settings select (`wiki.apiUrl` / `mapserver.url` among `wikimapQuery.wikis` /
 * `mapservers`): a wiki entry that is a saved catalogue file is judged by, never run against, so
 * naming it selects no URL and the file is said instead of being taken for a URL.
 */
import * as assert from 'node:assert/strict';
import { currentEndpoint, namedEndpoints, type CurrentEndpoint, type EndpointKind } from '../../../client/src/endpointChoice';

const WIKIS = {
  en: 'https://en.wikipedia.org/w/api.php',
  intranet: 'catalogues/intranet.json',
  old: '/srv/snapshots/wiki-1.39.json',
};

const CASES: Array<[string, EndpointKind, string, Record<string, unknown>, CurrentEndpoint]> = [
  ['a name of a URL entry', 'wiki', 'en', WIKIS, { url: WIKIS.en, name: 'en' }],
  ['a URL that is an entry', 'wiki', WIKIS.en, WIKIS, { url: WIKIS.en, name: 'en' }],
  ['a URL of no entry', 'wiki', 'https://wiki.example.org/api.php', WIKIS, { url: 'https://wiki.example.org/api.php', name: undefined }],
  ['a name of a saved catalogue file', 'wiki', 'intranet', WIKIS, { name: 'intranet', file: 'catalogues/intranet.json' }],
  ['a name of an absolute file', 'wiki', 'old', WIKIS, { name: 'old', file: '/srv/snapshots/wiki-1.39.json' }],
  ['empty, one URL entry among files', 'wiki', '', WIKIS, { url: WIKIS.en, name: 'en' }],
  ['empty, only files', 'wiki', '', { intranet: 'catalogues/intranet.json' }, {}],
  ['empty, no entries', 'wiki', '', {}, {}],
  ['a name inherited from Object', 'wiki', 'constructor', WIKIS, { url: 'constructor', name: undefined }],
  [
    'a map server by name (no file entries for maps)',
    'map',
    'local',
    { local: 'http://127.0.0.1:8080' },
    { url: 'http://127.0.0.1:8080', name: 'local' },
  ],
];

describe('client: the endpoint the settings select', () => {
  for (const [what, kind, raw, entries, expected] of CASES) {
    it(`${kind}: ${what}`, () => assert.deepEqual(currentEndpoint(kind, raw, entries), expected));
  }

  it('named wiki endpoints leave saved catalogue files and non-strings out', () => {
    assert.deepEqual(namedEndpoints('wiki', { ...WIKIS, odd: 42 }), [['en', WIKIS.en]]);
  });
});
