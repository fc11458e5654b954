/**
 * Records a wiki that CI cannot start (MediaWiki 1.45 is built from source; see README.md):
 * its catalogue (paraminfo of main, query and every query submodule, formatversion 2, and its
 * siteinfo) and its verdict on every query of the agreement corpora, into
 * test/mediawiki/recorded/mediawiki-<version>/. recordedAgreement.test.ts then checks the checker
 * against the recording with that wiki's own catalogue, without the wiki.
 *
 *   node --import tsx test/mediawiki/recordWiki.ts http://127.0.0.1:8091/api.php
 *   npm run record-wiki -- http://127.0.0.1:8091/api.php
 *
 * Every request is a read-only GET, sent anonymously (no login): the recording is what an
 * anonymous client gets (no apihighlimits; modules that need a login answer notloggedin).
 * Requests go one at a time, each bounded in time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { RECORDED_CORPORA, recordingDir, type RecordedCatalogue, type RecordedVerdicts } from './recordedWiki';
import { readCorpus, wikiVerdict, type VerdictItem } from './wikiVerdict';

const USER_AGENT = 'wikimap-query-tests/0 (recording the agreement corpora)';

async function getJson(apiUrl: string, query: string): Promise<any> {
  const res = await fetch(`${apiUrl}?${query}`, { headers: { 'user-agent': USER_AGENT }, signal: AbortSignal.timeout(30000) });
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`api.php answered HTTP ${res.status} with non-JSON for ${query}:\n${text.slice(0, 2000)}`);
  }
}

async function main(): Promise<void> {
  const apiUrl = process.argv[2];
  if (!apiUrl || !/^https?:\/\/[^/]+\/.*api\.php$/.test(apiUrl)) {
    throw new Error('usage: node --import tsx test/mediawiki/recordWiki.ts http://HOST:PORT/api.php');
  }
  const siteinfo = await getJson(
    apiUrl,
    'action=query&meta=siteinfo&siprop=general%7Cnamespaces%7Cnamespacealiases%7Cinterwikimap&format=json&formatversion=2',
  );
  const generator: unknown = siteinfo?.query?.general?.generator;
  if (typeof generator !== 'string' || !/^MediaWiki \d/.test(generator))
    throw new Error(`${apiUrl} is not a MediaWiki api.php (siteinfo without a generator)`);
  const paraminfo = await getJson(apiUrl, 'action=paraminfo&modules=main%7Cquery%7Cquery%2B*&helpformat=none&format=json&formatversion=2');
  if (paraminfo.error || paraminfo.warnings) throw new Error(`paraminfo answered ${JSON.stringify(paraminfo.error ?? paraminfo.warnings)}`);
  // Only what the checker reads: the general section's version facts, namespaces and aliases.
  const general = siteinfo.query.general;
  const keptSiteinfo = {
    query: {
      general: { generator, phpversion: general.phpversion, dbtype: general.dbtype, sitename: general.sitename, lang: general.lang },
      namespaces: siteinfo.query.namespaces,
      namespacealiases: siteinfo.query.namespacealiases,
    },
  };
  const recordedCatalogue: RecordedCatalogue = [paraminfo, keptSiteinfo];
  const catalogue = createWikiCatalogue(paraminfo, { siteinfo: keptSiteinfo });
  const prefixOf = (modulePath: string) => catalogue.getModule(modulePath)?.prefix ?? '';

  const version = generator.replace(/^MediaWiki /, '');
  const dir = recordingDir(version);
  fs.mkdirSync(dir, { recursive: true });
  const verdicts: RecordedVerdicts = { generator, anonymous: true, corpora: {} };
  for (const file of RECORDED_CORPORA) {
    const corpus = readCorpus(path.join(__dirname, file));
    const out: Record<string, VerdictItem[]> = {};
    for (const e of corpus) {
      if (e.query in out) continue;
      const answer = await getJson(apiUrl, `action=query&${e.query}&format=json&formatversion=2&errorformat=plaintext`);
      out[e.query] = wikiVerdict(answer, e.query, prefixOf).map((i) => ({
        code: i.code,
        params: i.params,
        ...(i.error ? { error: true } : {}),
      }));
    }
    verdicts.corpora[file] = out;
    process.stdout.write(`${file}: ${Object.keys(out).length} queries\n`);
  }
  fs.writeFileSync(path.join(dir, 'catalogue.json'), JSON.stringify(recordedCatalogue) + '\n');
  // One query per line, so a re-recording's diff shows exactly which verdicts changed.
  const lines = ['{', `  "generator": ${JSON.stringify(generator)},`, `  "anonymous": true,`, `  "corpora": {`];
  const files = Object.keys(verdicts.corpora);
  files.forEach((file, fi) => {
    lines.push(`    ${JSON.stringify(file)}: {`);
    const entries = Object.entries(verdicts.corpora[file]);
    entries.forEach(([q, items], i) =>
      lines.push(`      ${JSON.stringify(q)}: ${JSON.stringify(items)}${i < entries.length - 1 ? ',' : ''}`),
    );
    lines.push(`    }${fi < files.length - 1 ? ',' : ''}`);
  });
  lines.push('  }', '}');
  fs.writeFileSync(path.join(dir, 'verdicts.json'), lines.join('\n') + '\n');
  process.stdout.write(`recorded ${generator} into ${path.relative(process.cwd(), dir)}\n`);
}

main().catch((err) => {
  process.stderr.write(`recordWiki: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
