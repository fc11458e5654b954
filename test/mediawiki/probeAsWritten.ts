/**
 * Asks a real wiki for the verdicts of requests sent as written (their own format included) and
 * prints corpus lines for corpus-realworld.txt / corpus-classes.txt, with the checker's
 * disagreements on stderr.
 *
 *   npm run probe-as-written < requests.txt                    # a fresh MediaWiki 1.39 (+ TextExtracts, PageImages)
 *   npm run probe-as-written -- http://host/w/api.php < q.txt   # another wiki
 *
 * One request per line: the whole query string, optionally followed by ` | NOTES` (kept as the
 * third column, e.g. `src=gh12`); `#` lines are copied as they are.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { compareVerdicts } from './agreementRunner';
import { judgeAsWritten } from './asWrittenVerdicts';
import { checkQueries, ensureBuilt } from './checkerCli';
import { startMediaWiki } from './mediawikiServer';
import { formatVerdict, type CorpusEntry } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');

async function main(): Promise<void> {
  const url = process.argv[2];
  const lines = fs
    .readFileSync(0, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const requests = lines.filter((l) => !l.startsWith('#')).map((l) => l.split(' | '));
  const queries = requests.map((r) => r[0].trim());
  const wiki = url ? undefined : await startMediaWiki({ extensions: ['TextExtracts', 'PageImages'] });
  const apiUrl = url ?? wiki!.apiUrl;
  const cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-probe-'));
  try {
    await ensureBuilt();
    const builtin = loadBuiltinCatalogue((rel) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8')));
    const verdicts = await judgeAsWritten(queries, apiUrl, (p) => builtin.getModule(p)?.prefix ?? '');
    const width = Math.max(...verdicts.map((v) => formatVerdict(v).length));
    let i = 0;
    for (const l of lines) {
      if (l.startsWith('#')) {
        console.log(l);
        continue;
      }
      const notes = requests[i][1]?.trim();
      console.log(`${formatVerdict(verdicts[i]).padEnd(width)} | ${queries[i]}${notes ? ` | ${notes}` : ''}`);
      i++;
    }
    const corpus: CorpusEntry[] = queries.map((q, j) => ({ line: j + 1, query: q, expected: verdicts[j], section: '' }));
    const { perQuery } = await checkQueries(queries, url ? [] : [apiUrl], cacheHome);
    const a = compareVerdicts(corpus, verdicts, perQuery, 'probe');
    console.error(`agree ${a.agree}/${a.total}; false alarms ${a.falseAlarms.length}`);
    for (const d of [...a.disagreements, ...a.falseAlarms]) console.error(d);
  } finally {
    await wiki?.stop();
    fs.rmSync(cacheHome, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exit(1);
});
