/**
 * `continue` sections that never end (issue 25, the network side): a wiki that sends back the value it was
 * sent, one that alternates two values, one that doubles its value's length with each answer. *Fetch all*
 * (`wikimap-query run --all`, a process of its own, and the run code) and *Continue* stop with a message
 * instead of asking for the same batch up to the page cap (100 requests, the first page's items 100 times)
 * or sending request lines of megabytes (17 requests up to 32 MB, 770 MB and 24 s before).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { nodeTransport } from '../../run/node/nodeTransport';
import { RunError } from '../../run/runErrors';
import { fetchAll, runContinuation, runWikiQuery } from '../../run/wiki/wikiRun';
import { typedQuery } from '../support/typedQuery';
import { runMeasured, startHostileServer, useHostileServer } from './hostileServer';

const MAX_PEAK_MB = 300;
const MAX_SECONDS = 30;
const LOOP = /the wiki's "continue" values ask again for a batch already fetched \(a loop\), so they are not followed/;
const GROWN =
  /the wiki's "continue" section is 16405 characters long \(a wiki's is a few hundred; at most 16384 are followed\), so it is not followed/;

/** The path, the requests Fetch all makes, and what it says. */
const CASES: Array<[string, string, number, RegExp]> = [
  ['the same value each time', 'loop', 2, LOOP],
  ['two values in turn', 'cycle', 3, LOOP],
  ['a value twice as long each time', 'grow', 5, GROWN],
];

describe('hostile continuation: continue values that repeat, cycle or grow', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const suite = useHostileServer('wikimap-continue-', startHostileServer);
  const requests = async (where: string, run: () => Promise<unknown>): Promise<number> => {
    const before = suite.server.hits.get(`/${where}/api.php`) ?? 0;
    await run();
    return (suite.server.hits.get(`/${where}/api.php`) ?? 0) - before;
  };

  for (const [what, where, pages, message] of CASES) {
    it(`wikimap-query run --all, ${what}: stops after ${pages} pages and says why, the pages kept`, async () => {
      const file = path.join(suite.dir, `${where}.wikiquery`);
      fs.writeFileSync(file, `${suite.server.origin}/${where}/api.php?action=query&list=allpages\n`);
      let run: Awaited<ReturnType<typeof runMeasured>> | undefined;
      const made = await requests(where, async () => {
        run = await runMeasured(process.execPath, [CLI, 'run', '--all', '--allow-private', '--max-pages', '100', file], MAX_SECONDS * 2);
      });
      assert.ok(run);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(made, pages);
      assert.equal(run.stderr, `wikimap-query run: stopped after ${pages} pages: ${message.source.replace(/\\/g, '')}.\n`);
      const json = JSON.parse(run.stdout) as { query: { allpages: unknown[] }; continue: Record<string, string> };
      assert.equal(json.query.allpages.length, pages, 'the pages fetched are kept');
      assert.ok(json.continue.apcontinue, 'and the continue values not followed are shown');
      assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
    });

    it(`the run code's Fetch all, ${what}: stops after ${pages} pages`, async () => {
      const opts = { transport: nodeTransport, timeoutMs: 5000, maxBytes: 50 * 1024 * 1024, maxPages: 100 };
      const params = typedQuery('action=query&list=allpages').params;
      let stopped = '';
      const made = await requests(where, async () => {
        stopped = (await fetchAll(`${suite.server.origin}/${where}/api.php`, params, opts)).stoppedEarly ?? '';
      });
      assert.equal(made, pages);
      assert.match(stopped, new RegExp(`^stopped after ${pages} pages: ${message.source}$`));
    });
  }

  it('Continue on a result whose continue values are the ones it was asked with: refused, nothing sent', async () => {
    const opts = { transport: nodeTransport, timeoutMs: 5000, maxBytes: 1024 * 1024 };
    const url = `${suite.server.origin}/loop/api.php`;
    const first = await runWikiQuery(url, typedQuery('action=query&list=allpages').params, opts);
    const second = await runContinuation(first, opts);
    const made = await requests('loop', () =>
      assert.rejects(
        runContinuation(second, opts),
        (e: unknown) => e instanceof RunError && new RegExp(`^Not continued: ${LOOP.source}\\.$`).test(e.message),
      ),
    );
    assert.equal(made, 0);
  });

  it('Continue on a result whose continue section is 16 KB+: refused, nothing sent', async () => {
    const opts = { transport: nodeTransport, timeoutMs: 5000, maxBytes: 1024 * 1024 };
    let result = await runWikiQuery(`${suite.server.origin}/grow/api.php`, typedQuery('action=query&list=allpages').params, opts);
    for (let i = 0; i < 4; i++) result = await runContinuation(result, opts);
    const made = await requests('grow', () =>
      assert.rejects(runContinuation(result, opts), (e: unknown) => e instanceof RunError && GROWN.test(e.message)),
    );
    assert.equal(made, 0);
  });
});
