/**
 * Agreement with a real MediaWiki 1.39 on requests sent as written (their own format included):
 * corpus-classes.txt (the classes of server behaviour of issue 28, hand-written) and
 * corpus-realworld.txt (requests collected from public source code and documentation, each with
 * its source and licence in corpus-realworld-sources.tsv). Each request goes to a freshly installed
 * wiki with TextExtracts and PageImages, and through `wikimap-query check --catalogue <that wiki>`;
 * both must give the same verdict — code and parameter — and the checker must raise no alarm on a
 * request the wiki accepts. Real-world requests marked `depends=…` need pages, users, configuration
 * or extensions the test wiki lacks: they are sent and reported, not counted.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { compareVerdicts, corpusMismatches, type Agreement } from './agreementRunner';
import {
  CLASSES_CORPUS_FILE,
  REALWORLD_CORPUS_FILE,
  REALWORLD_SOURCES_FILE,
  judgeAsWritten,
  notesOf,
  readSources,
} from './asWrittenVerdicts';
import { checkQueries, ensureBuilt } from './checkerCli';
import { startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { readCorpus, type CorpusEntry, type VerdictItem } from './wikiVerdict';

const ROOT = path.join(__dirname, '..', '..');
const readJson = (rel: string) => JSON.parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'));

/** The codes corpus-classes.txt must show (the issue's classes), each from the server. */
const CLASS_CODES = [
  'unrecognizedparams',
  'param_ip',
  'invalidcategory',
  'bad_image_title',
  'badcontinue',
  'pagecannotexist',
  'notwikitext',
  'compare-maintextrequired',
  'moduleswithoutvars',
  'badformat-generic',
  'baduser',
  'unsupportedarray',
  'badmodule',
  'invalidtitle',
];

interface Judged {
  corpus: CorpusEntry[];
  counted: CorpusEntry[];
  wiki: VerdictItem[][];
  agreement: Agreement;
}

describe('agreement with a real MediaWiki on requests sent as written (corpus-classes.txt, corpus-realworld.txt)', function () {
  this.timeout(600000);
  let wiki: MediaWikiInstance | undefined;
  let cacheHome: string;
  const judged = new Map<string, Judged>();

  async function judge(file: string): Promise<Judged> {
    const corpus = readCorpus(file);
    const counted = corpus.filter((e) => notesOf(e).depends === undefined);
    const builtin = loadBuiltinCatalogue(readJson);
    const verdicts = await judgeAsWritten(
      counted.map((e) => e.query),
      wiki!.apiUrl,
      (p) => builtin.getModule(p)?.prefix ?? '',
    );
    const { perQuery } = await checkQueries(
      counted.map((e) => e.query),
      [wiki!.apiUrl],
      cacheHome,
    );
    return { corpus, counted, wiki: verdicts, agreement: compareVerdicts(counted, verdicts, perQuery, path.basename(file)) };
  }

  before(async () => {
    cacheHome = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-aswritten-'));
    await ensureBuilt();
    wiki = await startMediaWiki({ extensions: ['TextExtracts', 'PageImages'] });
    for (const file of [CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE]) judged.set(file, await judge(file));
  });

  after(async () => {
    await wiki?.stop();
    if (cacheHome) fs.rmSync(cacheHome, { recursive: true, force: true });
  });

  it('corpus-classes.txt shows every class of the issue, with valid and broken requests', () => {
    const { corpus } = judged.get(CLASSES_CORPUS_FILE)!;
    const missing = CLASS_CODES.filter((code) => !corpus.some((e) => e.expected.some((i) => i.code === code)));
    assert.deepEqual(missing, [], 'classes without a request');
    assert.ok(
      corpus.some((e) => /format=xml/.test(e.query) && e.expected.length > 0),
      'a warning the XML form reports',
    );
    assert.ok(
      corpus.some((e) => /exportnowrap/.test(e.query) && /bogus/.test(e.query) && e.expected.length === 0),
      'exportnowrap hides',
    );
  });

  it('corpus-realworld.txt: at least 150 requests, each with a source that names where it came from and its licence', () => {
    const { corpus } = judged.get(REALWORLD_CORPUS_FILE)!;
    const sources = readSources(fs.readFileSync(REALWORLD_SOURCES_FILE, 'utf8'));
    assert.ok(corpus.length >= 150, `${corpus.length} requests`);
    const unsourced = corpus.filter((e) => !sources.has(notesOf(e).source ?? '')).map((e) => e.line);
    assert.deepEqual(unsourced, [], 'lines whose src= names no source');
    for (const s of sources.values()) {
      assert.ok(s.where && s.path && s.licence && s.language, `source ${s.id} lacks a field`);
    }
  });

  for (const file of [CLASSES_CORPUS_FILE, REALWORLD_CORPUS_FILE]) {
    const name = path.basename(file);

    it(`${name}: the wiki still gives each counted request the verdict the corpus records`, () => {
      const j = judged.get(file)!;
      const wrong = corpusMismatches(j.counted, j.wiki, name);
      assert.equal(wrong.length, 0, `the wiki judged ${wrong.length} requests differently from the corpus:\n${wrong.join('\n')}`);
    });

    it(`${name}: \`wikimap-query check\` gives the wiki’s verdict, with no false alarm`, () => {
      const j = judged.get(file)!;
      const left = j.corpus.length - j.counted.length;
      console.log(
        `      ${name} with MediaWiki ${wiki!.generator.replace('MediaWiki ', '')}: ${j.agreement.agree}/${j.agreement.total} agree` +
          `${left ? ` (${left} left out: they depend on the wiki's content, users, configuration or extensions)` : ''}; ` +
          `false alarms on ${j.agreement.validQueries} valid requests: ${j.agreement.falseAlarms.length}`,
      );
      assert.equal(
        j.agreement.falseAlarms.length,
        0,
        `${j.agreement.falseAlarms.length} false alarms:\n${j.agreement.falseAlarms.join('\n')}`,
      );
      assert.equal(
        j.agreement.disagreements.length,
        0,
        `${j.agreement.disagreements.length} disagreements:\n${j.agreement.disagreements.join('\n')}`,
      );
    });
  }
});
