/**
 * Agreement with wikis CI cannot start, from their recordings (recorded/mediawiki-<version>/, made by
 * recordWiki.ts): every query of the recorded corpora goes through `wikimap-query check --catalogue
 * <the recorded catalogue.json>` — that wiki's own paraminfo and siteinfo, its version included —
 * and must get the verdict the wiki gave, code and parameter, as agreement.test.ts does live on 1.39.
 * No wiki is started: the test needs only the recording.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts, type Agreement } from './agreementRunner';
import { checkQueries, ensureBuilt } from './checkerCli';
import { readRecording, recordedVersions, RECORDED_CORPORA } from './recordedWiki';
import { formatVerdict, readCorpus, type CorpusEntry, type VerdictItem } from './wikiVerdict';

/**
 * Codes that depend on who asks or on the wiki's pages, not on the query's parameters: the recording
 * is anonymous (the live 1.39 suite logs in) and the recorded wiki has other pages. Queries with
 * them are recorded but not compared (the test lists how many). `notloggedin` is compared: the
 * checker, not told the requests are sent logged in, gives it where the wiki refuses a reader who
 * is not (constraints.json's `anonymous` rules).
 */
const SESSION_OR_CONTENT = new Set(['stashnotloggedin', 'permissiondenied', 'bad_wlowner', 'nosuchpageid', 'badformat']);

/**
 * Answers that are a bug of the recorded wiki, not a verdict: MediaWiki 1.45.0 answers
 * `internal_api_error_InvalidArgumentException` when a namespace value it drops leaves an empty
 * namespace list (`list=allrevisions&arvnamespace=3000`, `generator=allrevisions&garvnamespace=x`).
 */
const isServerBug = (i: VerdictItem) => i.code.startsWith('internal_api_error_');

for (const version of recordedVersions()) {
  describe(`agreement with a recorded MediaWiki ${version} (recorded/mediawiki-${version}, its own catalogue)`, function () {
    this.timeout(600000);
    const { catalogueFile, verdicts } = readRecording(version);
    const results = new Map<string, { agreement: Agreement; skipped: Map<string, number>; compared: CorpusEntry[] }>();
    let cacheHome: string;

    before(async () => {
      cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-recorded-cache-'));
      await ensureBuilt();
      for (const file of RECORDED_CORPORA) {
        const recorded = verdicts.corpora[file] ?? {};
        const skipped = new Map<string, number>();
        const compared: CorpusEntry[] = [];
        const wiki: VerdictItem[][] = [];
        for (const e of readCorpus(path.join(__dirname, file))) {
          const items = recorded[e.query];
          if (!items) continue; // reported by the coverage test below
          const reason = items.find((i) => isServerBug(i) || SESSION_OR_CONTENT.has(i.code));
          if (reason) {
            const key = isServerBug(reason) ? 'server bug' : reason.code;
            skipped.set(key, (skipped.get(key) ?? 0) + 1);
            continue;
          }
          compared.push(e);
          wiki.push(items);
        }
        const { perQuery } = await checkQueries(
          compared.map((e) => `action=query&${e.query}`),
          [catalogueFile],
          cacheHome,
        );
        results.set(file, { agreement: compareVerdicts(compared, wiki, perQuery, file), skipped, compared });
      }
    });
    after(() => {
      if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
    });

    it('the recording covers every query of the corpora (re-record with recordWiki.ts after adding queries)', () => {
      assert.match(verdicts.generator, new RegExp(`^MediaWiki ${version.replace(/\./g, '\\.')}$`));
      const missing = RECORDED_CORPORA.flatMap((file) =>
        readCorpus(path.join(__dirname, file))
          .filter((e) => !(e.query in (verdicts.corpora[file] ?? {})))
          .map((e) => `${file}:${e.line} ${e.query}`),
      );
      assert.deepEqual(
        missing,
        [],
        'queries without a recorded verdict: run `npm run record-wiki -- <api.php URL>` (test/mediawiki/README.md)',
      );
    });

    for (const file of RECORDED_CORPORA) {
      it(`${file}: \`wikimap-query check\` gives the recorded verdict (code and parameter) for every query, with no false alarm`, () => {
        const r = results.get(file)!;
        const skipped = [...r.skipped].map(([k, n]) => `${n} ${k}`).join(', ');
        console.log(
          `      ${file} on MediaWiki ${version}: ${r.agreement.agree}/${r.agreement.total} agree; false alarms on ${r.agreement.validQueries} valid queries: ${r.agreement.falseAlarms.length}${skipped ? `; not compared (session, content or server bug): ${skipped}` : ''}`,
        );
        assert.ok(r.agreement.total > 0, `no query of ${file} was compared`);
        assert.equal(
          r.agreement.disagreements.length,
          0,
          `${r.agreement.disagreements.length} disagreements:\n${r.agreement.disagreements.join('\n')}`,
        );
        assert.equal(
          r.agreement.falseAlarms.length,
          0,
          `${r.agreement.falseAlarms.length} false alarms:\n${r.agreement.falseAlarms.join('\n')}`,
        );
      });
    }

    it('compares valid and broken queries of every diagnostic kind the recording shows', () => {
      const all = [...results.values()];
      const valid = all.reduce((n, r) => n + r.agreement.validQueries, 0);
      const total = all.reduce((n, r) => n + r.agreement.total, 0);
      assert.ok(valid >= 200 && total - valid >= 200, `${valid} valid and ${total - valid} broken queries compared`);
      const codes = new Set(
        Object.values(verdicts.corpora).flatMap((qs) => Object.values(qs).flatMap((items) => items.map((i) => i.code))),
      );
      assert.ok(codes.size >= 15, formatVerdict([...codes].map((code) => ({ code, params: [] }))));
    });
  });
}
