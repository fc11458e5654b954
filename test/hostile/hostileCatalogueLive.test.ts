/**
 * Hostile catalogue answers LIVE from a loopback wiki (issue 25, the network side): the siteinfo and
 * paraminfo answers of `hostileWiki.ts` — millions of allowed values, a type nested a million deep, help
 * URLs of 10 MB and by the 500,000, a module listed 100,000 times, 100,000 modules, every field of the
 * wrong type, answers that always ask to continue, 100,000 namespaces, an interwikimap of a million
 * entries, a site name with terminal escape sequences, a version of a million characters — against `check --catalogue URL`, `catalogue save URL`, and the language server's load of a
 * configured wiki over stdio. Each is refused with a message or read; either way peak memory (VmHWM from
 * /proc), time, the number of requests and the cache file stay bounded, and the server lives on.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CompletionList, Hover, MarkupContent } from 'vscode-languageserver-types';
import { CLI, LspClient } from '../protocol/lspClient';
import { peakRssMb, runMeasured, type MeasuredRun } from './hostileServer';
import { startHostileWiki, type HostileWiki } from './hostileWiki';
import { suiteFolder } from './hugeDocumentsShared';

const MAX_SECONDS = 60;
/** Peaks measured: 70–290 MB (CLI), the server alike; the budget of a whole catalogue load is 8 × 32 MB parsed. */
const MAX_PEAK_MB = 500;
/** The cache file cap: 1.25 × wiki.maxCatalogueMB. */
const MAX_CACHE_BYTES = 1.25 * 32 * 1024 * 1024;
const QUERY = 'action=query&list=allpages&apfilterredir=all&aplimt=5\n';

interface Case {
  name: string;
  what: string;
  /** Refused with this message, or read (undefined). */
  refused?: RegExp;
  /** What `catalogue save` says when it saves (default: the site's real name and version). */
  saved?: RegExp;
}

const CASES: Case[] = [
  { name: 'values', what: '2,000,000 allowed values of one parameter', refused: /it describes more than 1000000 allowed values/ },
  {
    name: 'deeptype',
    what: 'a type nested 1,000,000 deep',
    refused: /parameter "filterredir": "type" lists allowed values, each must be a string, got an array/,
  },
  { name: 'helpurls', what: 'a help URL of 10 MB and 500,000 help URLs' },
  { name: 'repeated', what: 'a module listed 100,000 times' },
  { name: 'modules', what: '100,000 modules with parameters', refused: /it describes more than 100000 parameters/ },
  { name: 'bare', what: '100,000 modules without parameters' },
  { name: 'manyvalues', what: '990,000 allowed values of one parameter' },
  {
    name: 'wrongtypes',
    what: 'every field of the wrong type',
    refused: /paraminfo module "main": "\w+" must be .*, got (an? \w+|null|true)/,
  },
  { name: 'continue', what: 'answers that always ask to continue' },
  { name: 'namespaces', what: 'siteinfo with 100,000 namespaces (19 MB)' },
  {
    name: 'sitename',
    what: 'a site name with escape sequences, a command link and 100,000 characters',
    saved:
      /^Saved the catalogue of Evil\\u001b\]0;pwned\\u0007\\u001b\[2J\[click\]\(command:workbench\.action\.quit\)s+… \(http:\/\/127\.0\.0\.1:\d+\/sitename\/api\.php\): MediaWiki 1\.39\.17, 121 modules/,
  },
  {
    name: 'generator',
    what: 'a version of 1,000,000 characters with an escape sequence',
    refused: /answered siteinfo with a version \("generator"\) of 1000022 characters, where MediaWiki says "MediaWiki 1\.43\.3"/,
  },
  {
    name: 'interwiki',
    what: 'an interwikimap of 1,000,000 entries',
    refused: /is larger than the cap of 32 MB; reading stopped \(the cap counts all of a catalogue's answers together\)/,
  },
];

function assertBounded(run: { peakMb: number; seconds: number }): void {
  assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak RSS ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

/** The cache files written under `dir`, each within the cache cap. */
function assertCacheBounded(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const size = fs.statSync(path.join(entry.parentPath, entry.name)).size;
    assert.ok(size <= MAX_CACHE_BYTES, `cache file ${entry.name}: ${size} bytes`);
  }
}

describe('hostile catalogue answers live from a loopback wiki', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const dir = suiteFolder('wmq-catlive-');
  let wiki: HostileWiki;
  before(async () => (wiki = await startHostileWiki()));
  after(async () => wiki.close());

  const cli = (c: Case, args: string[]): Promise<MeasuredRun> =>
    runMeasured(process.execPath, [CLI, ...args], MAX_SECONDS * 2, { XDG_CACHE_HOME: path.join(dir(), `cache-${c.name}`) });
  /** Requests of a case during `run`: a load makes two (siteinfo and one paraminfo), none continues. */
  async function counted<T>(c: Case, run: () => Promise<T>): Promise<T> {
    const before = wiki.hits.get(c.name) ?? 0;
    const result = await run();
    const made = (wiki.hits.get(c.name) ?? 0) - before;
    assert.ok(made >= 1 && made <= 2, `${made} requests`);
    return result;
  }

  for (const c of CASES) {
    it(`${c.what}: check --catalogue URL ${c.refused ? 'refuses it (exit 2)' : 'judges by it'}, bounded`, async () => {
      const query = path.join(dir(), 'q.wikiquery');
      fs.writeFileSync(query, QUERY);
      const run = await counted(c, () => cli(c, ['check', '--catalogue', wiki.apiUrl(c.name), query]));
      if (c.refused) {
        assert.equal(run.status, 2, run.stderr);
        assert.match(
          run.stderr,
          new RegExp(`^wikimap-query check: cannot use the catalogue http://127\\.0\\.0\\.1:\\d+/${c.name}/api\\.php`),
        );
        assert.match(run.stderr, c.refused);
      } else {
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, /:1:46 warning unrecognizedparams Unrecognized parameter: "aplimt"/);
      }
      assert.doesNotMatch(run.stderr, /\n\s+at |Error:/);
      assertBounded(run);
      assertCacheBounded(path.join(dir(), `cache-${c.name}`));
    });

    it(`${c.what}: catalogue save ${c.refused ? 'refuses it (exit 2), writes nothing' : 'saves it'}, bounded`, async () => {
      const out = path.join(dir(), `saved-${c.name}.json`);
      const run = await counted(c, () => cli(c, ['catalogue', 'save', wiki.apiUrl(c.name), '-o', out]));
      if (c.refused) {
        assert.equal(run.status, 2, run.stderr);
        assert.match(run.stderr, /^wikimap-query catalogue save: /);
        assert.match(run.stderr, c.refused);
        assert.ok(!fs.existsSync(out), 'no file written');
      } else {
        assert.equal(run.status, 0, run.stderr);
        assert.match(
          run.stdout,
          c.saved ??
            /^Saved the catalogue of WikimapTestWiki \(http:\/\/127\.0\.0\.1:\d+\/\w+\/api\.php\): MediaWiki 1\.39\.17, \d+ modules/,
        );
        assert.ok(run.stdout.length < 1000 && !/[\u0000-\u0009\u000b-\u001f]/.test(run.stdout), 'one printable line');
        // Never over the budget a saved catalogue is read with (wiki.maxCatalogueMB), and read back by check.
        assert.ok(fs.statSync(out).size <= 32 * 1024 * 1024, `the saved file: ${fs.statSync(out).size} bytes`);
        if (c.name === 'helpurls') {
          assert.match(run.stdout, /\(499991 help URLs the catalogue does not read left out\)\.\n$/);
          assert.ok(fs.statSync(out).size < 3 * 1024 * 1024, `the saved file: ${fs.statSync(out).size} bytes (29 MB before)`);
        }
        const query = path.join(dir(), 'saved.wikiquery');
        fs.writeFileSync(query, QUERY);
        const back = await cli(c, ['check', '--catalogue', out, query]);
        assert.equal(back.status, 0, back.stderr);
        assert.match(back.stdout, /:1:46 warning unrecognizedparams Unrecognized parameter: "aplimt"/);
      }
      assert.doesNotMatch(run.stderr, /\n\s+at /);
      assertBounded(run);
    });

    it(`${c.what}: the server's load of the configured wiki ${c.refused ? 'says why it is not used' : 'judges, hovers and completes by it'}, bounded`, async () => {
      const started = Date.now();
      const apiUrl = wiki.apiUrl(c.name);
      const cache = path.join(dir(), `server-cache-${c.name}`);
      const client = await LspClient.start({
        launch: (command, args) => ['env', [`XDG_CACHE_HOME=${cache}`, command, ...args]],
        initializationOptions: { diagnostics: { delay: 0 }, wiki: { apiUrl } },
      });
      try {
        const uri = `file:///home/user/${c.name}.wikiquery`;
        await client.open(uri, 'wikiquery', QUERY);
        const said = await counted(c, () =>
          client.waitFor(
            'the catalogue used or refused',
            () => client.logs.find((l) => l.includes(apiUrl) && /using the catalogue|cannot load the catalogue/.test(l)),
            MAX_SECONDS * 1000,
          ),
        );
        if (c.refused) {
          assert.match(said, /cannot load the catalogue of /);
          assert.match(said, c.refused);
          await client.waitFor('shown to the user', () => client.shown.find((m) => m.message === said), MAX_SECONDS * 1000);
        } else assert.match(said, /using the catalogue of \S+ \(MediaWiki 1\.39\.17, \d+ modules, /);
        const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } });
        const hover = await client.request<Hover | null>('textDocument/hover', at(0, 20));
        assert.ok(JSON.stringify(hover).length < 10_000, 'a hover of the module, its help links bounded');
        assert.match((hover!.contents as MarkupContent).value, /`allpages` — list module/);
        const values = await client.request<CompletionList>('textDocument/completion', at(0, 41));
        assert.ok(values.items.length > 0 && values.items.length <= 200, `${values.items.length} values`);
        const lists = await client.request<CompletionList>('textDocument/completion', at(0, 19));
        assert.ok(lists.items.length > 0 && lists.items.length <= 200, `${lists.items.length} list modules`);
        const diagnostics = await client.waitFor('diagnostics', () => client.published.find((p) => p.uri === uri), MAX_SECONDS * 1000);
        assert.ok(diagnostics.diagnostics.some((d) => d.code === 'unrecognizedparams'));
        assert.ok(client.alive, 'the server lives');
        assert.ok(!client.logs.some((l) => /Unexpected (error|rejection)|\n\s+at /.test(l)), client.logs.join('\n').slice(0, 2000));
        assertBounded({ peakMb: peakRssMb(client.pid) ?? Infinity, seconds: (Date.now() - started) / 1000 });
        assertCacheBounded(cache);
      } finally {
        await client.stop();
      }
    });
  }

  it('an interwikimap of 1,000,000 entries, the cap raised to 200 MB: read, judged, bounded', async () => {
    const c = CASES.find((x) => x.name === 'interwiki')!;
    const query = path.join(dir(), 'iw.wikiquery');
    fs.writeFileSync(query, QUERY);
    const run = await counted(c, () => cli(c, ['check', '--max-catalogue-mb', '200', '--catalogue', wiki.apiUrl(c.name), query]));
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /:1:46 warning unrecognizedparams Unrecognized parameter: "aplimt"/);
    assertBounded(run);
  });
});
