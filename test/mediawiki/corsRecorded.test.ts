/**
 * The OAuth fake (test/fakes/oauthWiki.ts) answers cross-origin requests as a real MediaWiki 1.45 does:
 * each probe of test/fakes/corsProbes.ts (anonymous, as a browser sends them: `origin=*`, `crossorigin`,
 * their preflights and refusals) gets the status, CORS headers and refusal text recorded from 1.45.0
 * (fixtures/cors-1.45.json, `npm run record-cors`). Needs no wiki.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORS_PROBES, sendCorsProbe, type CorsAnswer } from '../fakes/corsProbes';
import { startFakeOAuthWiki, type FakeOAuthWiki } from '../fakes/oauthWiki';

const ROOT = path.join(__dirname, '..', '..');
const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'cors-1.45.json'), 'utf8')) as {
  generator: string;
  answers: Record<string, CorsAnswer>;
};

describe(`the OAuth fake's cross-origin answers equal ${recorded.generator}'s (recorded)`, function () {
  this.timeout(30000);
  let wiki: FakeOAuthWiki;

  before(async () => {
    wiki = await startFakeOAuthWiki(path.join(ROOT, 'test', 'fixtures', 'catalogues', 'mediawiki-1.39.json'), 'token-never-sent');
  });
  after(() => wiki?.stop());

  it('records every probe', () => {
    assert.deepEqual(Object.keys(recorded.answers).sort(), CORS_PROBES.map((p) => p.name).sort());
  });

  for (const probe of CORS_PROBES) {
    it(probe.name, async () => {
      assert.deepEqual(await sendCorsProbe(wiki.apiUrl, probe), recorded.answers[probe.name]);
    });
  }
});
