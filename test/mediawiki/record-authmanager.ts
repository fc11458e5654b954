/**
 * Records what a real MediaWiki that CI cannot start (1.43, 1.45: built from source, see README.md) says to the
 * requests of corpus-authmanager.txt, sent by POST with real tokens (authManagerProbe.ts), into
 * test/mediawiki/fixtures/authmanager-<major.minor>.json; authManagerRecorded.test.ts then checks the checker
 * against each recording.
 *
 *   WIKIMAP_QUERY_PROBE_PASSWORD=… npm run record-authmanager -- http://HOST/api.php
 *
 * The `as=probe` requests are sent logged in as the throwaway account ProbeAuthUser (WIKIMAP_QUERY_PROBE_USER names
 * another), created over the API with that password when the wiki lacks it; its password is "changed" to the one it has. No other account is touched: the
 * logins and creations sent anonymously name an account that does not exist or one that does (they fail).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AUTHMANAGER_CORPUS_FILE, senderOf, sendAuthManagerCorpus } from './authManagerProbe';
import { MediaWikiClient } from './mediawikiServer';
import { formatVerdict, readCorpus, type CorpusEntry } from './wikiVerdict';

export interface RecordedAuthManager {
  mediawiki: string;
  /** `as=WHO BODY` (the sender, the body as written in the corpus: recordingKey) → the wiki's verdict (formatVerdict form). */
  verdicts: Record<string, string>;
}

/** A request's key in a recording: the same body is sent both anonymously and logged in. */
export function recordingKey(e: CorpusEntry): string {
  return `as=${senderOf(e)} ${e.query}`;
}

export function authManagerFixtureFile(version: string): string {
  return path.join(__dirname, 'fixtures', `authmanager-${version.replace(/^(\d+\.\d+)\..*$/, '$1')}.json`);
}

async function main(): Promise<void> {
  const apiUrl = process.argv[2];
  const password = process.env.WIKIMAP_QUERY_PROBE_PASSWORD;
  if (!apiUrl || !password) throw new Error('usage: WIKIMAP_QUERY_PROBE_PASSWORD=… record-authmanager.ts http://HOST/api.php');
  const general = (await new MediaWikiClient(apiUrl).get('action=query&meta=siteinfo&format=json&formatversion=2')).query.general;
  const version = String(general.generator).replace('MediaWiki ', '');
  const corpus = readCorpus(AUTHMANAGER_CORPUS_FILE);
  const verdicts = await sendAuthManagerCorpus(apiUrl, password, corpus);
  const out: RecordedAuthManager = { mediawiki: version, verdicts: {} };
  corpus.forEach((e, i) => (out.verdicts[recordingKey(e)] = formatVerdict(verdicts[i])));
  const file = authManagerFixtureFile(version);
  fs.writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
  console.log(`recorded MediaWiki ${version}: ${path.relative(process.cwd(), file)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.stack : String(e));
    process.exit(1);
  });
}
