/**
 * corpus-authmanager.txt against the real MediaWiki 1.39 the suite starts: AuthManager's modules sent by POST with
 * real tokens, anonymously or logged in as a throwaway account the test creates over the API (authManagerProbe.ts),
 * and `wikimap-query check --catalogue <that wiki>` on the same bodies, judged as POST bodies. The wiki must still
 * give each request the corpus's verdict, and the checker the same verdict, code and parameter, with no false alarm.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts, corpusMismatches, type Agreement } from './agreementRunner';
import { AUTHMANAGER_CORPUS_FILE, checkAuthManagerCorpus, sendAuthManagerCorpus } from './authManagerProbe';
import { ensureBuilt } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readCorpus, type VerdictItem } from './wikiVerdict';

const PROBE_PASSWORD = 'Wikimap-probe-auth-pass-1';

describe("AuthManager's modules by POST: agreement with a real MediaWiki 1.39 (corpus-authmanager.txt)", function () {
  this.timeout(600000);
  const corpus = readCorpus(AUTHMANAGER_CORPUS_FILE);
  let wiki: MediaWikiInstance | undefined;
  let cacheHome: string;
  let verdicts: VerdictItem[][] = [];
  let agreement: Agreement;

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-authmanager-'));
    await ensureBuilt();
    wiki = await startMediaWiki({ seed: false });
    verdicts = await sendAuthManagerCorpus(wiki.apiUrl, PROBE_PASSWORD, corpus);
    agreement = compareVerdicts(corpus, verdicts, await checkAuthManagerCorpus(corpus, [wiki.apiUrl], cacheHome), AUTHMANAGER_CORPUS_FILE);
  });

  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('the wiki still gives each request the verdict the corpus records', () => {
    assert.deepEqual(corpusMismatches(corpus, verdicts, AUTHMANAGER_CORPUS_FILE), []);
  });

  it('the checker gives every request the verdict the wiki gave, with no false alarm', () => {
    console.log(`      corpus-authmanager.txt on 1.39: ${agreement.agree}/${agreement.total} agree`);
    assert.deepEqual(agreement.falseAlarms, []);
    assert.deepEqual(agreement.disagreements, []);
  });
});
