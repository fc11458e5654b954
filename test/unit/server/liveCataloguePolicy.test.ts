// `wikimapQuery.wiki.liveCatalogues`: which wikis the server may contact to learn their catalogue.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { createLanguageServices, normaliseSettings } from '../../../server/src/languageModes';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';
import type { CatalogueStoreOptions } from '../../../server/src/runtime';

function servicesWithPolicy(raw: unknown) {
  let options: CatalogueStoreOptions | undefined;
  const files = createPackageFiles(path.resolve(__dirname, '..', '..', '..'));
  const services = createLanguageServices(
    {
      files,
      createCatalogueStore(o) {
        options = o;
        return { resolve: () => o.builtin, onDidChange: () => ({ dispose() {} }), reload: async () => undefined, setEndpoints() {} } as any;
      },
    },
    { log() {} },
  );
  services.applyEndpoints(normaliseSettings(raw));
  return (url: string) => options!.shouldFetch!(url);
}

describe('live catalogue policy (wikimapQuery.wiki.liveCatalogues)', () => {
  const configured = { wiki: { apiUrl: 'https://wiki.example.org/w/api.php' }, wikis: { local: 'http://127.0.0.1:8080/api.php' } };
  const table: Array<[string, unknown, string, boolean]> = [
    ['default (any): a wiki named in a document', configured, 'https://other.example.net/w/api.php', true],
    ['default (any): the configured wiki', configured, 'https://wiki.example.org/w/api.php', true],
    ['configured: the default wiki', { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'configured' } }, 'https://wiki.example.org/w/api.php', true],
    ['configured: a named wiki', { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'configured' } }, 'http://127.0.0.1:8080/api.php', true],
    ['configured: a wiki only a document names', { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'configured' } }, 'https://other.example.net/w/api.php', false],
    ['off: not even the configured wiki', { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'off' } }, 'https://wiki.example.org/w/api.php', false],
    ['dotted key form', { 'wiki.liveCatalogues': 'off' }, 'https://wiki.example.org/w/api.php', false],
    ['unknown value falls back to any', { wiki: { liveCatalogues: 'sometimes' } }, 'https://other.example.net/w/api.php', true],
  ];
  for (const [name, raw, url, expected] of table) {
    it(`${name} → ${expected ? 'fetched' : 'not fetched'}`, () => {
      assert.equal(servicesWithPolicy(raw)(url), expected);
    });
  }
});
