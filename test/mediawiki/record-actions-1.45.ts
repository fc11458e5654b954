/**
 * Records what a real MediaWiki says about every request of corpus-actions.txt (requests to parse,
 * compare, opensearch, the feeds, the write modules as GET, …) into
 * test/mediawiki/fixtures/actions-<version>.json (1.45 and 1.43 so far). CI cannot start MediaWiki
 * 1.45 or 1.43 (they are built from source, see README.md); actionsRecorded.test.ts then checks
 * `wikimap-query check` against each recording, with the built-in version of that release
 * (`--target 1.45`, `--target 1.43`) and, for 1.45, the built-in catalogue (whose action modules
 * descriptors/wiki/action-modules.json recorded from the same version).
 *
 *   node --import tsx test/mediawiki/record-actions-1.45.ts http://127.0.0.1:8091/api.php
 *
 * Read-only: every request is a GET, sent anonymously, one wiki answer per corpus line; write
 * modules are only ever sent as GET, which MediaWiki refuses before doing anything.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ACTIONS_CORPUS_FILE, judgeActionsByWiki } from './actionVerdicts';
import { formatVerdict, readCorpus } from './wikiVerdict';

export const ACTIONS_FIXTURE_DIR = path.join(__dirname, 'fixtures');

/** The recording: the wiki's version and its verdict per query (the corpus's `VERDICT` notation). */
export interface RecordedActionVerdicts {
  generator: string;
  anonymous: true;
  corpus: string;
  /** `errors`: the codes the wiki reported as errors (it stops at its first error; the rest are warnings). */
  verdicts: Array<{ query: string; verdict: string; errors?: string[] }>;
}

export function actionsFixtureFile(version: string): string {
  return path.join(ACTIONS_FIXTURE_DIR, `actions-${version.replace(/^(\d+\.\d+)\..*$/, '$1')}.json`);
}

async function main(): Promise<void> {
  const apiUrl = process.argv[2];
  if (!apiUrl || !/^https?:\/\/[^/]+\/.*api\.php$/.test(apiUrl))
    throw new Error('usage: node --import tsx test/mediawiki/record-actions-1.45.ts http://HOST:PORT/api.php');
  const res = await fetch(`${apiUrl}?action=query&meta=siteinfo&siprop=general&format=json&formatversion=2`, {
    signal: AbortSignal.timeout(30000),
  });
  const generator: unknown = ((await res.json()) as any)?.query?.general?.generator;
  if (typeof generator !== 'string' || !/^MediaWiki \d/.test(generator)) throw new Error(`${apiUrl} is not a MediaWiki api.php`);
  const corpus = readCorpus(ACTIONS_CORPUS_FILE);
  // Parameter prefixes from the wiki's own description of its top-level modules.
  const pi = await fetch(`${apiUrl}?action=paraminfo&modules=*&helpformat=none&format=json&formatversion=2`, {
    signal: AbortSignal.timeout(30000),
  });
  const prefixes = new Map<string, string>();
  for (const m of ((await pi.json()) as any).paraminfo.modules) prefixes.set(m.path, m.prefix ?? '');
  const verdicts = await judgeActionsByWiki(
    corpus.map((e) => e.query),
    apiUrl,
    (p) => prefixes.get(p) ?? '',
  );
  const out: RecordedActionVerdicts = {
    generator,
    anonymous: true,
    corpus: path.basename(ACTIONS_CORPUS_FILE),
    verdicts: corpus.map((e, i) => {
      const errors = verdicts[i].filter((v) => v.error).map((v) => v.code);
      return errors.length
        ? { query: e.query, verdict: formatVerdict(verdicts[i]), errors }
        : { query: e.query, verdict: formatVerdict(verdicts[i]) };
    }),
  };
  const file = actionsFixtureFile(generator.replace(/^MediaWiki /, ''));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({ ...out, verdicts: undefined }, null, 2).replace(/\n}$/, '') +
      ',\n  "verdicts": [\n' +
      out.verdicts.map((v) => `    ${JSON.stringify(v)}`).join(',\n') +
      '\n  ]\n}\n',
  );
  console.log(`recorded ${corpus.length} verdicts of ${generator} into ${path.relative(process.cwd(), file)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
