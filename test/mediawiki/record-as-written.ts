/**
 * Records what a real MediaWiki says about every request of corpus-classes.txt and
 * corpus-realworld.txt, sent as written (asWrittenVerdicts.ts), into
 * test/mediawiki/fixtures/as-written-<version>.json, with the wiki's own catalogue (paraminfo of
 * every module — `*`, `query+*` — and siteinfo with its namespaces) in
 * as-written-<version>.catalogue.json. CI cannot start MediaWiki 1.43 or 1.45 (they are built from
 * source, see README.md); asWrittenRecorded.test.ts then checks `wikimap-query check --catalogue
 * <that catalogue>` against each recording.
 *
 *   npm run record-as-written -- http://127.0.0.1:18145/api.php
 *
 * Read-only: every request is a GET, sent anonymously.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE, judgeAsWritten } from './asWrittenVerdicts';
import { formatVerdict, readCorpus } from './wikiVerdict';

const FIXTURES = path.join(__dirname, 'fixtures');

export function asWrittenFixtureFiles(version: string): { verdicts: string; catalogue: string } {
  const v = version.replace(/^(\d+\.\d+)\..*$/, '$1');
  return { verdicts: path.join(FIXTURES, `as-written-${v}.json`), catalogue: path.join(FIXTURES, `as-written-${v}.catalogue.json`) };
}

export interface RecordedAsWritten {
  mediawiki: string;
  /** corpus file name → query → the wiki's verdict (formatVerdict form). */
  verdicts: Record<string, Record<string, string>>;
}

async function getJson(apiUrl: string, query: string): Promise<any> {
  const res = await fetch(`${apiUrl}?${query}`, { signal: AbortSignal.timeout(60000), redirect: 'manual' });
  return JSON.parse(await res.text());
}

async function main(): Promise<void> {
  const apiUrl = process.argv[2];
  if (!apiUrl) throw new Error('usage: record-as-written.ts http://HOST/api.php');
  const siteinfo = await getJson(
    apiUrl,
    'action=query&meta=siteinfo&siprop=general%7Cnamespaces%7Cnamespacealiases%7Cinterwikimap&format=json&formatversion=2',
  );
  const generator: string = siteinfo.query.general.generator;
  const version = generator.replace('MediaWiki ', '');
  siteinfo.query.general = { generator, sitename: siteinfo.query.general.sitename, lang: siteinfo.query.general.lang };
  const paraminfo = await getJson(apiUrl, 'action=paraminfo&modules=*%7Cquery%2B*&helpformat=none&format=json&formatversion=2');
  if (paraminfo.error) throw new Error(`paraminfo answered ${JSON.stringify(paraminfo.error)}`);
  const prefixes = new Map<string, string>(
    (paraminfo.paraminfo.modules as Array<{ path: string; prefix: string }>).map((m) => [m.path, m.prefix]),
  );
  const out: RecordedAsWritten = { mediawiki: version, verdicts: {} };
  for (const file of [CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE]) {
    const queries = readCorpus(file).map((e) => e.query);
    const verdicts = await judgeAsWritten(queries, apiUrl, (p) => prefixes.get(p) ?? '');
    out.verdicts[path.basename(file)] = Object.fromEntries(queries.map((q, i) => [q, formatVerdict(verdicts[i])]));
  }
  const files = asWrittenFixtureFiles(version);
  fs.writeFileSync(files.verdicts, JSON.stringify(out, null, 1) + '\n');
  fs.writeFileSync(files.catalogue, JSON.stringify([paraminfo, siteinfo]) + '\n');
  console.log(`recorded MediaWiki ${version}: ${files.verdicts}, ${files.catalogue}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.stack : String(e));
    process.exit(1);
  });
}
