/**
 * Grows the corpus: reads queries (the part after `action=query&`, one per line) on stdin, asks a
 * freshly started real MediaWiki for its verdict on each, and prints corpus lines `VERDICT | QUERY`.
 * Queries the wiki answers with codes outside the checker's vocabulary are printed as comments, so
 * the output can be appended to corpus.txt after a look.
 *
 *   node --import tsx test/mediawiki/probeCorpus.ts [--extensions TextExtracts,PageImages] < queries.txt
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { judgeByWiki, loadWikiCatalogue } from './agreementRunner';
import { startMediaWiki } from './mediawikiServer';
import { formatVerdict, WIKI_CODES, type CorpusEntry } from './wikiVerdict';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const extIndex = args.indexOf('--extensions');
  const extensions = extIndex >= 0 ? (args[extIndex + 1] ?? '').split(',').filter(Boolean) : [];
  const queries = fs
    .readFileSync(0, 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/^action=query&/, ''))
    .filter((l) => l && !l.startsWith('#'));
  const root = path.join(__dirname, '..', '..');
  const builtin = loadBuiltinCatalogue((rel) => JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8')));
  const wiki = await startMediaWiki({ extensions });
  try {
    const catalogue = await loadWikiCatalogue(wiki, builtin);
    const entries: CorpusEntry[] = queries.map((query, i) => ({ line: i + 1, query, expected: [], section: '' }));
    const verdicts = await judgeByWiki(entries, wiki, catalogue);
    const width = Math.min(40, Math.max(...verdicts.map((v) => formatVerdict(v).length)));
    entries.forEach((e, i) => {
      const verdict = formatVerdict(verdicts[i]);
      const outside = verdicts[i].filter((v) => !WIKI_CODES.has(v.code)).map((v) => v.code);
      const line = `${verdict.padEnd(width)} | ${e.query}`;
      process.stdout.write(outside.length ? `# (${outside.join(', ')}: outside the checker's vocabulary) ${line}\n` : `${line}\n`);
    });
  } finally {
    await wiki.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`probeCorpus: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
