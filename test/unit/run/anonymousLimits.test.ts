/**
 * Runs are anonymous: a real MediaWiki applies the limits of anonymous users whatever
 * wikimapQuery.wiki.highLimits says, and the run says so when the wiki cut something.
 */
import assert from 'node:assert/strict';
import { startMediaWiki, type MediaWikiInstance } from '../../mediawiki/mediawikiServer';
import { anonymousLimitsNote, runWikiQuery, type RunOptions } from '../../../run/wiki/wikiRun';
import { typedQuery } from '../../support/typedQuery';
import { nodeTransport } from '../../../run/node/nodeTransport';

describe('anonymous runs get anonymous limits, and say so (a real MediaWiki)', function () {
  this.timeout(120000);
  let wiki: MediaWikiInstance | undefined;
  const opts: RunOptions = { transport: nodeTransport, timeoutMs: 30000, maxBytes: 5_000_000 };
  before(async () => {
    wiki = await startMediaWiki();
  });
  after(() => wiki?.stop());

  const cases: Array<[string, string, boolean]> = [
    ['a limit over the anonymous maximum (5000 > 500) is cut', 'action=query&list=allpages&aplimit=5000', true],
    [
      'more than 50 titles: too many values for an anonymous client',
      `action=query&prop=info&titles=${Array.from({ length: 60 }, (_, i) => `P${i}`).join('|')}`,
      true,
    ],
    ['a limit within the anonymous maximum: nothing to say', 'action=query&list=allpages&aplimit=5', false],
  ];
  for (const [name, query, noted] of cases) {
    it(name, async () => {
      const result = await runWikiQuery(wiki!.apiUrl, typedQuery(query).params, opts);
      if (noted) {
        assert.match(
          result.limitsNote ?? '',
          /without logging in.*anonymous users.*wikimapQuery\.wiki\.highLimits/s,
          JSON.stringify(result.json).slice(0, 500),
        );
      } else {
        assert.equal(result.limitsNote, undefined, JSON.stringify(result.json).slice(0, 500));
      }
    });
  }

  it('reads the cut from any error format (bc warnings, errorformat=plaintext codes)', () => {
    assert.ok(anonymousLimitsNote({ warnings: { allpages: { '*': 'aplimit may not be over 500 (set to 500) for users.' } } }));
    assert.ok(anonymousLimitsNote({ warnings: [{ code: 'outofrange', module: 'query+allpages', text: '…' }] }));
    assert.equal(anonymousLimitsNote({ warnings: [{ code: 'unrecognizedparams', text: 'Unrecognized parameter: x.' }] }), undefined);
  });
});
