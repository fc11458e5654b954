/**
 * HTTP lies the other hostile suites do not tell (issue 25, "hostile inputs you have not seen";
 * `redteamLies.ts`): bodies of terminal escapes and binary, a switch to another protocol, lines ended by LF
 * alone, HTTP/9.9, endless chunked streams, a trailer flood, `Transfer-Encoding: gzip`, nested and chained
 * compression bombs, 100,000 `103 Early Hints`, a 204 with a body, a 1 MB status line, 3,000 headers, a NUL in
 * a header. Against `wikimap-query run` (wiki and map queries: the run code in a process of its own) and
 * `check --catalogue URL`: each ends within its time limit with one message in words that says what the
 * server did, with no control character and no Markdown link of the server's; peak memory bounded.
 *
 * Found: a body that is not JSON was quoted in the message as sent — NULs, a bell, terminal escapes that set
 * the window title or clear the screen, `[click](command:…)` (a link in a notification) — by wiki runs and
 * map runs; a `101 Switching Protocols` was waited on until the time limit and then said to be headers not
 * finished; lines ended by LF alone and an unknown HTTP version were said as Node's codes (`HPE_CR_EXPECTED`).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { runMeasured, useHostileServer, type MeasuredRun } from './hostileServer';
import { REDTEAM_LIES, startRedteamLyingServer } from './redteamLies';

const MAX_PEAK_MB = 400;
const MAX_SECONDS = 45;
/** The requests' time limit: short where the case waits for it, long where a cap or a valid answer ends it (a loaded machine). */
const TIMEOUT = 3;
const LONG = new Set(['endlessbigchunks', 'zlibbomb', 'rawbomb', 'trailers', 'earlyhints', 'manyheaders']);
const timeoutOf = (name: string) => String(LONG.has(name) ? 30 : TIMEOUT);
const HOST = '127\\.0\\.0\\.1:\\d+';
const NOT_HTTP = `${HOST} answered, but the answer is not valid HTTP: `;
/** A quoted body, as the fix quotes it: control characters and the bidi override dropped, `](` broken. */
const QUOTED_ESCAPES = String.raw`\]0;pwned\[2J\[click\] \(command:workbench\.action\.quit\)<script>x</script>`;
const SWITCHED = `${NOT_HTTP}it switched to another protocol \\(HTTP 101\\), which the request did not ask for`;
const LF_ONLY = `${NOT_HTTP}its lines end with LF alone, not CR LF`;
const VERSION = `${NOT_HTTP}its status line names an HTTP version other than 1\\.0 and 1\\.1`;
const HEADERS_16K = `${NOT_HTTP}its headers are larger than 16 KB`;
const NOT_JSON = `${HOST} answered HTTP 200 \\(application/json\\) but not with JSON: "`;

/** What `run` says of each lie (exit 1), or `ok` when the answer is valid (exit 0). */
const RUN: Record<string, RegExp | 'ok'> = {
  escbody: new RegExp(`^wikimap-query run: ${HOST} answered HTTP 200 \\(text/html\\) but not with JSON: "<html>${QUOTED_ESCAPES}e+"\\.`),
  escerror: new RegExp(`^wikimap-query run: ${HOST} answered HTTP 500 \\(text/plain\\) but not with JSON: "${QUOTED_ESCAPES}"\\.`),
  switched: new RegExp(`^wikimap-query run: ${SWITCHED}\\.`),
  switchedheld: new RegExp(`^wikimap-query run: ${SWITCHED}\\.`),
  lfonly: new RegExp(`^wikimap-query run: ${LF_ONLY}\\.`),
  httpversion: new RegExp(`^wikimap-query run: ${VERSION}\\.`),
  endlesschunks: new RegExp(
    `^wikimap-query run: ${HOST} answered HTTP 200, but its body was not complete within ${TIMEOUT} s \\([\\d,]+ bytes came\\)\\. It was still sending`,
  ),
  endlessbigchunks: /^wikimap-query run: The response from 127\.0\.0\.1:\d+ is larger than the cap of 50\.0 MB; reading stopped/,
  trailerflood: new RegExp(`^wikimap-query run: ${HEADERS_16K}\\.`),
  trailers: 'ok',
  tegzip: new RegExp(`^wikimap-query run: ${NOT_JSON}`),
  nested: new RegExp(`^wikimap-query run: ${NOT_JSON}`),
  gzipingzip: new RegExp(`^wikimap-query run: ${NOT_JSON}`),
  zlibbomb: /^wikimap-query run: The response from 127\.0\.0\.1:\d+ is larger than the cap of 50\.0 MB; reading stopped/,
  rawbomb: /^wikimap-query run: The response from 127\.0\.0\.1:\d+ is larger than the cap of 50\.0 MB; reading stopped/,
  earlyhints: 'ok',
  nocontentbody: new RegExp(`^wikimap-query run: ${NOT_HTTP}it sent bytes after the end of its answer\\.`),
  hugestatus: new RegExp(`^wikimap-query run: ${HEADERS_16K}\\.`),
  manyheaders: 'ok',
  nulheader: new RegExp(`^wikimap-query run: ${NOT_HTTP}a header holds a character HTTP does not allow\\.`),
};

/** What `check --catalogue URL` says of each (exit 2), after "cannot use the catalogue URL". */
const CATALOGUE: Record<string, RegExp> = {
  escbody: /did not answer with JSON/,
  escerror: /answered HTTP 500 Oops \(the wiki is down or has a problem\)/,
  switched: new RegExp(SWITCHED),
  switchedheld: new RegExp(SWITCHED),
  lfonly: new RegExp(LF_ONLY),
  httpversion: new RegExp(VERSION),
  endlesschunks: new RegExp(`${HOST} answered HTTP 200, but its body was not complete within ${TIMEOUT} s \\([\\d,]+ bytes came\\)`),
  endlessbigchunks: /is larger than the cap of 32 MB; reading stopped/,
  trailerflood: new RegExp(HEADERS_16K),
  trailers: /answered siteinfo without a version or namespaces/,
  tegzip: /did not answer with JSON/,
  nested: /did not answer with JSON/,
  gzipingzip: /did not answer with JSON/,
  zlibbomb: /is larger than the cap of 32 MB; reading stopped/,
  rawbomb: /is larger than the cap of 32 MB; reading stopped/,
  earlyhints: /answered siteinfo without a version or namespaces/,
  nocontentbody: new RegExp(`${NOT_HTTP}it sent bytes after the end of its answer`),
  hugestatus: new RegExp(HEADERS_16K),
  manyheaders: /answered siteinfo without a version or namespaces/,
  nulheader: new RegExp(`${NOT_HTTP}a header holds a character HTTP does not allow`),
};

/** Bounded, one message, in words: no control character (but the line ends), no stack, no Node code, no link. */
function assertSaid(run: MeasuredRun, status: number, message: RegExp): void {
  assert.equal(run.status, status, run.stderr.slice(0, 2000));
  assert.match(run.stderr, message);
  assert.doesNotMatch(
    run.stderr,
    /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
    JSON.stringify(run.stderr.slice(0, 600)),
  );
  assert.doesNotMatch(run.stderr, /\n\s+at |HPE_|\]\(command:/);
  assert.ok(run.stderr.length < 1000, `${run.stderr.length} characters said`);
  assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

describe('redteam: more lies in HTTP itself', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const suite = useHostileServer('wikimap-redteam-http-', startRedteamLyingServer);
  const cli = (args: string[]) =>
    runMeasured(process.execPath, [CLI, ...args], MAX_SECONDS * 2, { XDG_CACHE_HOME: path.join(suite.dir, 'cache') });

  it('every lie has its run and catalogue case', () => {
    assert.deepEqual(Object.keys(RUN).sort(), Object.keys(REDTEAM_LIES).sort());
    assert.deepEqual(Object.keys(CATALOGUE).sort(), Object.keys(REDTEAM_LIES).sort());
  });

  for (const [name, said] of Object.entries(RUN)) {
    it(`wikimap-query run, ${name}: ${said === 'ok' ? 'the answer printed' : 'exit 1, said once in words'}, bounded`, async () => {
      const file = path.join(suite.dir, `${name}.wikiquery`);
      fs.writeFileSync(file, `${suite.server.origin}/${name}/api.php?action=query&list=allpages\n`);
      const run = await cli(['run', '--allow-private', '--timeout', timeoutOf(name), file]);
      if (said === 'ok') {
        assert.equal(run.status, 0, run.stderr);
        assert.deepEqual(JSON.parse(run.stdout), { batchcomplete: true, query: { allpages: [] } });
        assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
      } else {
        assertSaid(run, 1, said);
        assert.equal(run.stdout, '');
      }
    });
  }

  for (const [name, said] of Object.entries(CATALOGUE)) {
    it(`check --catalogue URL, ${name}: exit 2, said once in words, bounded`, async () => {
      const run = await cli([
        'check',
        '--catalogue-timeout',
        timeoutOf(name),
        '--catalogue',
        `${suite.server.origin}/${name}/api.php`,
        'examples',
      ]);
      assertSaid(run, 2, said);
      assert.match(run.stderr, /^wikimap-query check: cannot use the catalogue /);
    });
  }

  const MAP: Array<[string, RegExp]> = [
    [
      'escbody',
      new RegExp(
        `^wikimap-query run: The map server answered HTTP 200 with "<html>${QUOTED_ESCAPES}e+" instead of a JSON list of objects\\.`,
      ),
    ],
    [
      'escerror',
      new RegExp(`^wikimap-query run: The map server answered HTTP 500 with "${QUOTED_ESCAPES}" instead of a JSON list of objects\\.`),
    ],
    ['switched', new RegExp(`^wikimap-query run: ${SWITCHED}`)],
  ];
  for (const [name, said] of MAP) {
    it(`wikimap-query run of a map query, the map server's ${name}: exit 1, said once in words, bounded`, async () => {
      const file = path.join(suite.dir, `${name}.mapquery.json`);
      fs.writeFileSync(file, '{"pos1":{"x":0,"y":0,"z":0},"pos2":{"x":1,"y":1,"z":1},"type":"bones"}\n');
      const run = await cli(['run', '--timeout', String(TIMEOUT), '--map-server', `${suite.server.origin}/${name}`, file]);
      assertSaid(run, 1, said);
      assert.equal(run.stdout, '');
    });
  }
});
