// `wikimapQuery.wiki.liveCatalogues`: which wikis the server may contact to learn their catalogue.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { createLanguageServices, normaliseSettings } from '../../../server/src/languageModes';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';
import type { CatalogueStoreOptions } from '../../../server/src/runtime';

function servicesWithPolicy(raw: unknown, trusted = true) {
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
  services.setWorkspaceTrusted(trusted);
  return (url: string) => options!.shouldFetch!(url);
}

describe('live catalogue policy (wikimapQuery.wiki.liveCatalogues)', () => {
  const configured = { wiki: { apiUrl: 'https://wiki.example.org/w/api.php' }, wikis: { local: 'http://127.0.0.1:8080/api.php' } };
  const table: Array<[string, unknown, string, boolean]> = [
    ['default (configured): a wiki only a document names', configured, 'https://other.example.net/w/api.php', false],
    ['default (configured): the configured wiki', configured, 'https://wiki.example.org/w/api.php', true],
    ['default: a configured loopback wiki', configured, 'http://127.0.0.1:8080/api.php', true],
    ['default: another path on a configured loopback host', configured, 'http://127.0.0.1:8080/other/api.php', false],
    ['any: a public wiki a document names', { wiki: { liveCatalogues: 'any' } }, 'https://other.example.net/w/api.php', true],
    ['any: a loopback wiki a document names', { wiki: { liveCatalogues: 'any' } }, 'http://127.0.0.1:9/api.php', false],
    ['any: localhost', { wiki: { liveCatalogues: 'any' } }, 'http://localhost:9/api.php', false],
    ['any: a private-range wiki', { wiki: { liveCatalogues: 'any' } }, 'http://192.168.1.10/w/api.php', false],
    ['any: 10/8', { wiki: { liveCatalogues: 'any' } }, 'http://10.1.2.3/w/api.php', false],
    ['any: link-local (cloud metadata)', { wiki: { liveCatalogues: 'any' } }, 'http://169.254.169.254/api.php', false],
    ['any: IPv6 loopback', { wiki: { liveCatalogues: 'any' } }, 'http://[::1]:8080/api.php', false],
    ['any: IPv4-mapped IPv6 loopback', { wiki: { liveCatalogues: 'any' } }, 'http://[::ffff:127.0.0.1]/api.php', false],
    ['any: decimal loopback', { wiki: { liveCatalogues: 'any' } }, 'http://2130706433/api.php', false],
    ['any: a URL with user info', { wiki: { liveCatalogues: 'any' } }, 'https://u:p@other.example.net/w/api.php', false],
    [
      'approved origin: any wiki of it',
      { wiki: { approvedCatalogues: ['https://other.example.net'] } },
      'https://other.example.net/w/api.php',
      true,
    ],
    [
      'approved api.php URL: that wiki',
      { wiki: { approvedCatalogues: ['https://other.example.net/w/api.php'] } },
      'https://other.example.net/w/api.php',
      true,
    ],
    [
      'approved api.php URL: not another path',
      { wiki: { approvedCatalogues: ['https://other.example.net/w/api.php'] } },
      'https://other.example.net/x/api.php',
      false,
    ],
    [
      'approved origin: not another port',
      { wiki: { approvedCatalogues: ['https://other.example.net'] } },
      'https://other.example.net:8443/w/api.php',
      false,
    ],
    [
      'approved loopback: still not fetched',
      { wiki: { approvedCatalogues: ['http://127.0.0.1:8080'] } },
      'http://127.0.0.1:8080/api.php',
      false,
    ],
    [
      'approved but off',
      { wiki: { approvedCatalogues: ['https://other.example.net'], liveCatalogues: 'off' } },
      'https://other.example.net/w/api.php',
      false,
    ],
    [
      'configured: the default wiki',
      { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'configured' } },
      'https://wiki.example.org/w/api.php',
      true,
    ],
    [
      'configured: a named wiki',
      { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'configured' } },
      'http://127.0.0.1:8080/api.php',
      true,
    ],
    [
      'configured: a wiki only a document names',
      { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'configured' } },
      'https://other.example.net/w/api.php',
      false,
    ],
    [
      'off: not even the configured wiki',
      { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'off' } },
      'https://wiki.example.org/w/api.php',
      false,
    ],
    ['dotted key form', { 'wiki.liveCatalogues': 'off' }, 'https://wiki.example.org/w/api.php', false],
    ['unknown value falls back to configured', { wiki: { liveCatalogues: 'sometimes' } }, 'https://other.example.net/w/api.php', false],
  ];
  for (const [name, raw, url, expected] of table) {
    it(`${name} → ${expected ? 'fetched' : 'not fetched'}`, () => {
      assert.equal(servicesWithPolicy(raw)(url), expected);
    });
  }
  it('an untrusted workspace fetches nothing, not even the configured wiki', () => {
    assert.equal(
      servicesWithPolicy(
        { ...configured, wiki: { ...configured.wiki, liveCatalogues: 'any' } },
        false,
      )('https://wiki.example.org/w/api.php'),
      false,
    );
  });
});
