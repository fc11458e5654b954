/**
 * The three built-in version targets held to what those releases answered, on every counted request of
 * the as-written corpora (test/mediawiki/corpus-classes.txt and corpus-realworld.txt). One
 * `wikimap-query check --target 1.39 --target 1.43 --target 1.45 --format json` over each corpus (the
 * targets are MediaWiki's core modules and siteinfo recorded from those releases, descriptors/wiki/versions/);
 * the diagnostics that name a target must give that release's verdict, with no false alarm:
 * - 1.39: the verdict column of the corpus, which asWrittenAgreement.test.ts holds to Debian's 1.39 live;
 * - 1.43, 1.45: the verdicts recorded from 1.43.3 and 1.45.0 (test/mediawiki/fixtures/as-written-<version>.json).
 * Left out as the recorded suite leaves them out: requests marked `depends=`, and answers that depend on the
 * recording wiki's pages or users (`missingtitle`, `nosuchuser`, …).
 *
 * Known exception, one class: the test wikis load TextExtracts and PageImages (`prop=extracts`,
 * `prop=pageimages`), and a version target is MediaWiki's core only, as a wiki without those extensions is. A
 * request naming one of their modules is held to what such a wiki answers: the module an unrecognized
 * value of its parameter, each of the module's parameters given an unrecognized parameter, and no
 * message of the extension's own code. The extensions' modules and parameters are read from the
 * recorded catalogues (modules whose paraminfo `source` is not MediaWiki).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareVerdicts, type Agreement } from '../../mediawiki/agreementRunner';
import { CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE, notesOf } from '../../mediawiki/asWrittenVerdicts';
import { asWrittenFixtureFiles, type RecordedAsWritten } from '../../mediawiki/record-as-written';
import {
  parseVerdict,
  readCorpus,
  type CheckerDiagnostic,
  type CorpusEntry,
  type VerdictItem,
  wikiErrorOf,
} from '../../mediawiki/wikiVerdict';

const ROOT = path.join(__dirname, '..', '..', '..');
const VERSIONS = ['1.39', '1.43', '1.45'] as const;
type Version = (typeof VERSIONS)[number];

/** Codes whose answer depends on the recording wiki's pages, users or session, not on the request (as asWrittenRecorded.test.ts). */
const CONTENT_CODES = new Set(['missingtitle', 'nosuchsection', 'nosuchuser', 'nosuchrevid', 'bad_wlowner', 'bad_wltoken']);

/** Messages of the extensions' own code (ApiQueryExtracts warns of a page whose HTML it could not cut). */
const EXTENSION_CODES = new Set(['textextracts-malformed-html']);

/** The modules the test wikis have beyond MediaWiki's core: query submodule name → its parameters' wire names. */
function extensionModules(): Map<string, { group: string; params: string[] }> {
  const modules = new Map<string, { group: string; params: string[] }>();
  for (const version of ['1.43', '1.45']) {
    const parts = JSON.parse(fs.readFileSync(asWrittenFixtureFiles(`${version}.0`).catalogue, 'utf8')) as Array<{
      paraminfo?: {
        modules?: Array<{ path: string; name: string; group?: string; source?: string; prefix: string; parameters: { name: string }[] }>;
      };
    }>;
    for (const m of parts.flatMap((p) => p.paraminfo?.modules ?? [])) {
      if (m.source === 'MediaWiki' || !m.path.startsWith('query+')) continue;
      modules.set(m.name, { group: m.group ?? 'prop', params: m.parameters.map((p) => m.prefix + p.name) });
    }
  }
  return modules;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/**
 * What a wiki without the test wikis' extensions answers to a request that names one of their modules:
 * the recorded verdict without the extension's own messages, plus `unrecognizedvalues` on the parameter
 * naming the module and `unrecognizedparams` for each of its parameters the request gives. Undefined when
 * the request names none of them (its recorded verdict stands).
 */
function withoutExtensions(
  query: string,
  recorded: VerdictItem[],
  modules: ReturnType<typeof extensionModules>,
): VerdictItem[] | undefined {
  const pairs = query.split('&').map((p) => {
    const eq = p.indexOf('=');
    return eq < 0 ? [decode(p), ''] : [decode(p.slice(0, eq)), decode(p.slice(eq + 1))];
  });
  const named = new Set<string>();
  for (const [key, value] of pairs) for (const v of value.split('|')) if (modules.get(v)?.group === key) named.add(v);
  if (!named.size) return undefined;
  const items = recorded.filter((i) => !EXTENSION_CODES.has(i.code));
  for (const name of named) {
    const m = modules.get(name)!;
    items.push({ code: 'unrecognizedvalues', params: [m.group] });
    for (const [key] of pairs) if (m.params.includes(key)) items.push({ code: 'unrecognizedparams', params: [key] });
  }
  return items;
}

interface Judged {
  agreement: Agreement;
  compared: number;
  /** Requests held to a wiki without the test wikis' extensions (the known exception). */
  withoutExtensions: number;
}

function checkWithTargets(queries: string[]): { results: CheckerDiagnostic[]; stderr: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-corpora-'));
  try {
    const file = path.join(dir, 'corpus.wikiquery');
    fs.writeFileSync(file, queries.join('\n\n') + '\n');
    const targets = VERSIONS.flatMap((v) => ['--target', v]);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/src/node/cliMain.ts'), 'check', '--no-config', ...targets, '--format', 'json', file],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache') } },
    );
    assert.ok(run.status === 0 || run.status === 1, `exit ${run.status}: ${run.stderr}`);
    return { results: JSON.parse(run.stdout) as CheckerDiagnostic[], stderr: run.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the built-in version targets give each release’s verdicts on the as-written corpora', function () {
  this.timeout(180000);
  const modules = extensionModules();
  const recorded: Record<Exclude<Version, '1.39'>, RecordedAsWritten> = {
    '1.43': JSON.parse(fs.readFileSync(asWrittenFixtureFiles('1.43.3').verdicts, 'utf8')),
    '1.45': JSON.parse(fs.readFileSync(asWrittenFixtureFiles('1.45.0').verdicts, 'utf8')),
  };

  it('the test wikis’ extension modules are read from the recordings (TextExtracts, PageImages)', () => {
    assert.deepEqual([...modules.keys()].sort(), ['extracts', 'pageimages']);
    assert.ok(modules.get('extracts')!.params.includes('exintro'));
  });

  for (const file of [CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE]) {
    const name = path.basename(file);
    describe(name, () => {
      const judged = new Map<Version, Judged>();
      let stderr = '';
      before(() => {
        const counted = readCorpus(file).filter((e) => notesOf(e).depends === undefined);
        const run = checkWithTargets(counted.map((e) => e.query));
        stderr = run.stderr;
        const verdictOf = (v: Version, e: CorpusEntry): VerdictItem[] | undefined => {
          if (v === '1.39') return e.expected;
          const text = recorded[v].verdicts[name]?.[e.query];
          return text === undefined ? undefined : parseVerdict(text, `${name}:${e.line} (${v})`);
        };
        for (const v of VERSIONS) {
          const target = `MediaWiki ${v}`;
          let exceptions = 0;
          const kept = counted
            .map((e, i) => ({ e, i, v: verdictOf(v, e) }))
            .filter(
              (x): x is { e: CorpusEntry; i: number; v: VerdictItem[] } => x.v !== undefined && !x.v.some((w) => CONTENT_CODES.has(w.code)),
            )
            .map((x) => {
              const without = withoutExtensions(x.e.query, x.v, modules);
              if (without) exceptions++;
              return { ...x, v: without ?? x.v };
            });
          const perQuery = kept.map((x) => run.results.filter((d) => (d.line - 1) / 2 === x.i && d.targets?.includes(target)));
          // A verdict keeps codes, not whether each was an error: an item the checker reports as an error is one
          // (the wiki stopped there, so later warnings were never given), as the recorded suites read it.
          const expected = kept.map((x, j) => x.v.map((w) => ({ ...w, error: perQuery[j].some((d) => wikiErrorOf(d, w.code)) })));
          judged.set(v, {
            agreement: compareVerdicts(
              kept.map((x) => x.e),
              expected,
              perQuery,
              name,
            ),
            compared: kept.length,
            withoutExtensions: exceptions,
          });
        }
      });

      it('every target is judged: none is left out', () => assert.equal(stderr.includes('left out'), false, stderr));

      for (const v of VERSIONS) {
        it(`--target ${v} gives ${v === '1.39' ? 'the corpus’s 1.39 verdicts' : `the recorded ${v} verdicts`}, with no false alarm`, () => {
          const j = judged.get(v)!;
          const a = j.agreement;
          console.log(
            `      ${name}, --target ${v}: ${a.agree}/${a.total} agree (${j.withoutExtensions} of them naming TextExtracts or PageImages, held to a wiki without them); false alarms on ${a.validQueries} valid requests: ${a.falseAlarms.length}`,
          );
          assert.ok(j.compared >= (name === 'corpus-classes.txt' ? 350 : 1500), `only ${j.compared} requests compared`);
          assert.deepEqual(a.disagreements, []);
          assert.deepEqual(a.falseAlarms, []);
        });
      }
    });
  }
});
