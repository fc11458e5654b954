/**
 * The agreement check shared by the suites: a corpus judged by a real wiki and by
 * `wikimap-query check --catalogue <that wiki>`, compared verdict by verdict.
 */
import * as path from 'node:path';
import { CatalogueStore, catalogueUserAgent } from '../../server/src/catalogue/catalogueStore';
import type { WikiCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { checkQueries } from './checkerCli';
import { MediaWikiClient, TEST_PASSWORD, TEST_USER, type MediaWikiInstance } from './mediawikiServer';
import {
  beyondFirstError,
  checkerVerdict,
  formatVerdict,
  sameVerdict,
  wikiVerdict,
  type CheckerDiagnostic,
  type CorpusEntry,
  type VerdictItem,
} from './wikiVerdict';
import { nodeCatalogueFiles } from '../../server/src/node/nodeCatalogueFiles';

/** Parameters the suite sets on every request to read the wiki's verdict (a query setting them would be judged differently). */
export const ANSWER_FORMAT_PARAMS = ['format', 'formatversion', 'errorformat', 'errorlang', 'errorsuselocal', 'callback'];

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** The catalogue the wiki describes itself, loaded through the store users use. */
export function loadWikiCatalogue(wiki: MediaWikiInstance, builtin: WikiCatalogue): Promise<WikiCatalogue> {
  const store = new CatalogueStore({
    files: nodeCatalogueFiles,
    builtin,
    userAgent: catalogueUserAgent('test'),
    timeoutMs: 30000,
    log: () => undefined,
  });
  return store.load(wiki.apiUrl);
}

/** The wiki's verdict on every entry, asked as a logged-in plain user (four requests at a time). */
export async function judgeByWiki(corpus: CorpusEntry[], wiki: MediaWikiInstance, catalogue: WikiCatalogue): Promise<VerdictItem[][]> {
  const client = new MediaWikiClient(wiki.apiUrl);
  await client.login(TEST_USER, TEST_PASSWORD);
  const prefixOf = (modulePath: string) => catalogue.getModule(modulePath)?.prefix ?? '';
  return mapLimit(corpus, 4, async (entry) => {
    const answer = await client.get(`action=query&${entry.query}&format=json&formatversion=2&errorformat=plaintext`);
    return wikiVerdict(answer, entry.query, prefixOf);
  });
}

/**
 * `wikimap-query check --catalogue <wiki> --logged-in --format json` on every entry (bare queries: the
 * catalogue is the default). `--logged-in`: judgeByWiki sends them logged in.
 */
export async function judgeByChecker(corpus: CorpusEntry[], wiki: MediaWikiInstance, cacheHome: string): Promise<CheckerDiagnostic[][]> {
  const { perQuery } = await checkQueries(
    corpus.map((e) => `action=query&${e.query}`),
    [wiki.apiUrl],
    cacheHome,
    ['--logged-in'],
  );
  return perQuery;
}

/** Entries whose recorded verdict the wiki no longer gives (a wrong corpus line, or another wiki). */
export function corpusMismatches(corpus: CorpusEntry[], wikiVerdicts: VerdictItem[][], file: string): string[] {
  return corpus
    .map((e, i) => ({ e, got: formatVerdict(wikiVerdicts[i]), want: formatVerdict(e.expected) }))
    .filter((x) => x.got !== x.want)
    .map((x) => `${path.basename(file)}:${x.e.line}  ${x.e.query}\n    corpus: ${x.want}\n    wiki:   ${x.got}`);
}

export interface Agreement {
  agree: number;
  total: number;
  /** Queries where the checker also names mistakes after the wiki's first error (allowed: the wiki stops there). */
  beyondFirstError: number;
  /** One text per disagreement, with both verdicts and the checker's messages. */
  disagreements: string[];
  /** Errors and warnings on queries the wiki accepts. */
  falseAlarms: string[];
  validQueries: number;
}

export function compareVerdicts(
  corpus: CorpusEntry[],
  wikiVerdicts: VerdictItem[][],
  perQuery: CheckerDiagnostic[][],
  file: string,
): Agreement {
  const name = path.basename(file);
  const result: Agreement = { agree: 0, total: corpus.length, beyondFirstError: 0, disagreements: [], falseAlarms: [], validQueries: 0 };
  corpus.forEach((e, i) => {
    const checker = checkerVerdict(perQuery[i]);
    const details = perQuery[i].map((d) => `\n      ${d.severity} ${d.code} [${d.param ?? ''}] ${d.message}`).join('');
    if (beyondFirstError(wikiVerdicts[i], checker).length) result.beyondFirstError++;
    if (sameVerdict(wikiVerdicts[i], checker)) result.agree++;
    else
      result.disagreements.push(
        `${name}:${e.line}  action=query&${e.query}\n    wiki:    ${formatVerdict(wikiVerdicts[i])}\n    checker: ${formatVerdict(checker)}${details}`,
      );
    if (wikiVerdicts[i].length === 0) {
      result.validQueries++;
      const alarms = perQuery[i].filter((d) => d.severity === 'error' || d.severity === 'warning');
      if (alarms.length)
        result.falseAlarms.push(
          `${name}:${e.line}  ${e.query}` + alarms.map((d) => `\n      ${d.severity} ${d.code} [${d.param ?? ''}] ${d.message}`).join(''),
        );
    }
  });
  return result;
}
