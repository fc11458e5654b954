/**
 * Records what a real MediaWiki says about every request of corpus-limits.txt (ExpiryDef values,
 * StringDef maxbytes/maxchars) into test/mediawiki/fixtures/limits-<version>.json, with the wiki's
 * own description of the modules involved (paraminfo of main, query and the corpus's actions, and
 * siteinfo) in limits-<version>.catalogue.json. CI cannot start MediaWiki 1.45 (it is built from
 * source, see README.md); limitsRecorded.test.ts then checks `wikimap-query check --catalogue
 * <that catalogue>` against the recording.
 *
 * The wiki needs what limitsAgreement.test.ts gives its 1.39 wiki: $wgWatchlistExpiry and the
 * action=limitsprobe module. Print the lines to append to its LocalSettings.php with --settings:
 *
 *   node --import tsx test/mediawiki/record-limits-1.45.ts --settings >> LocalSettings.php
 *   node --import tsx test/mediawiki/record-limits-1.45.ts http://127.0.0.1:8095/api.php
 *
 * Read-only: every request is a GET, sent anonymously; the write modules are only ever sent as GET,
 * which MediaWiki refuses (after reading the parameters) before doing anything.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { judgeActionsByWiki } from './actionVerdicts';
import { LIMITS_SETTINGS } from './limitsProbe';
import { formatVerdict, readCorpus } from './wikiVerdict';
import type { RecordedActionVerdicts } from './record-actions-1.45';

export const LIMITS_CORPUS_FILE = path.join(__dirname, 'corpus-limits.txt');
const FIXTURES = path.join(__dirname, 'fixtures');

export function limitsFixtureFiles(version: string): { verdicts: string; catalogue: string } {
  const v = version.replace(/^(\d+\.\d+)\..*$/, '$1');
  return { verdicts: path.join(FIXTURES, `limits-${v}.json`), catalogue: path.join(FIXTURES, `limits-${v}.catalogue.json`) };
}

async function getJson(apiUrl: string, query: string): Promise<any> {
  const res = await fetch(`${apiUrl}?${query}`, { signal: AbortSignal.timeout(30000), redirect: 'manual' });
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`api.php answered HTTP ${res.status} with non-JSON for ${query}:\n${text.slice(0, 2000)}`);
  }
}

/** paraminfo of main, query and the actions the corpus uses, and the siteinfo the checker reads. */
async function recordCatalogue(apiUrl: string, actions: string[]): Promise<[unknown, unknown]> {
  const modules = ['main', 'query', ...actions].map(encodeURIComponent).join('%7C');
  const paraminfo = await getJson(apiUrl, `action=paraminfo&modules=${modules}&helpformat=none&format=json&formatversion=2`);
  if (paraminfo.error || paraminfo.warnings) throw new Error(`paraminfo answered ${JSON.stringify(paraminfo.error ?? paraminfo.warnings)}`);
  const names = (paraminfo.paraminfo.modules as Array<{ path: string }>).map((m) => m.path);
  if (!names.includes('limitsprobe')) {
    throw new Error(
      'this wiki has no action=limitsprobe: append the output of `record-limits-1.45.ts --settings` to its LocalSettings.php',
    );
  }
  const siteinfo = await getJson(
    apiUrl,
    'action=query&meta=siteinfo&siprop=general%7Cnamespaces%7Cnamespacealiases&format=json&formatversion=2',
  );
  const general = siteinfo.query.general;
  const kept = {
    query: {
      general: {
        generator: general.generator,
        phpversion: general.phpversion,
        dbtype: general.dbtype,
        sitename: general.sitename,
        lang: general.lang,
      },
      namespaces: siteinfo.query.namespaces,
      namespacealiases: siteinfo.query.namespacealiases,
    },
  };
  return [paraminfo, kept];
}

async function main(): Promise<void> {
  if (process.argv[2] === '--settings') {
    process.stdout.write(`\n${LIMITS_SETTINGS}`);
    return;
  }
  const apiUrl = process.argv[2];
  if (!apiUrl || !/^https?:\/\/[^/]+\/.*api\.php$/.test(apiUrl)) {
    throw new Error('usage: node --import tsx test/mediawiki/record-limits-1.45.ts http://HOST:PORT/api.php (or --settings)');
  }
  const corpus = readCorpus(LIMITS_CORPUS_FILE);
  const actions = [...new Set(corpus.map((e) => new URLSearchParams(e.query).get('action') ?? 'help'))].sort();
  const catalogue = await recordCatalogue(apiUrl, actions);
  const generator = (catalogue[1] as { query: { general: { generator: string } } }).query.general.generator;
  if (!/^MediaWiki \d/.test(generator)) throw new Error(`${apiUrl} is not a MediaWiki api.php`);
  const prefixes = new Map<string, string>();
  for (const m of (catalogue[0] as any).paraminfo.modules) prefixes.set(m.path, m.prefix ?? '');
  const verdicts = await judgeActionsByWiki(
    corpus.map((e) => e.query),
    apiUrl,
    (p) => prefixes.get(p) ?? '',
  );
  const out: RecordedActionVerdicts = {
    generator,
    anonymous: true,
    corpus: path.basename(LIMITS_CORPUS_FILE),
    verdicts: corpus.map((e, i) => {
      const errors = verdicts[i].filter((v) => v.error).map((v) => v.code);
      return errors.length
        ? { query: e.query, verdict: formatVerdict(verdicts[i]), errors }
        : { query: e.query, verdict: formatVerdict(verdicts[i]) };
    }),
  };
  const files = limitsFixtureFiles(generator.replace(/^MediaWiki /, ''));
  fs.mkdirSync(FIXTURES, { recursive: true });
  fs.writeFileSync(files.catalogue, JSON.stringify(catalogue) + '\n');
  // One request per line, so a re-recording's diff shows exactly which verdicts changed.
  fs.writeFileSync(
    files.verdicts,
    JSON.stringify({ ...out, verdicts: undefined }, null, 2).replace(/\n}$/, '') +
      ',\n  "verdicts": [\n' +
      out.verdicts.map((v) => `    ${JSON.stringify(v)}`).join(',\n') +
      '\n  ]\n}\n',
  );
  console.log(`recorded ${corpus.length} verdicts of ${generator} into ${path.relative(process.cwd(), files.verdicts)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
