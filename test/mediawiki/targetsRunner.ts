/**
 * The agreement check of the three-target suites (the CLI's `check --target` and the editor's
 * `wikimapQuery.wiki.targets`): one corpus judged by the live MediaWiki 1.39 and by the recorded 1.43.3
 * and 1.45.0, each compared with the diagnostics that name that target.
 */
import assert from 'node:assert/strict';
import { compareVerdicts, type Agreement } from './agreementRunner';
import { readRecording } from './recordedWiki';
import type { CheckerDiagnostic, CorpusEntry, VerdictItem } from './wikiVerdict';

/** Verdicts that depend on the session or the wiki's pages (the recordings are anonymous): not compared. */
const SESSION_OR_CONTENT = new Set([
  'notloggedin',
  'permissiondenied',
  'assertuserfailed',
  'assertnameduserfailed',
  'bad_wlowner',
  'nosuchpageid',
]);
const comparable = (items: VerdictItem[] | undefined) =>
  items !== undefined && !items.some((i) => SESSION_OR_CONTENT.has(i.code) || i.code.startsWith('internal_api_error_'));

/** The target names of a suite: the live 1.39 wiki's, then those of the recorded 1.43.3 and 1.45.0. */
export type TargetNames = [live: string, v143: string, v145: string];

/**
 * Per target, the corpus's requests that have a comparable verdict of that wiki, compared with the
 * diagnostics that name the target (`diagnosticsOf(i, name)` for request `i`).
 */
export function targetAgreements(
  corpus: CorpusEntry[],
  file: string,
  live: VerdictItem[][],
  names: TargetNames,
  diagnosticsOf: (i: number, name: string) => CheckerDiagnostic[],
): Map<string, Agreement> {
  const r143 = readRecording('1.43.3');
  const r145 = readRecording('1.45.0');
  const verdictOf: Record<string, (e: CorpusEntry, i: number) => VerdictItem[] | undefined> = {
    [names[0]]: (_e, i) => live[i],
    [names[1]]: (e) => r143.verdicts.corpora[file]?.[e.query],
    [names[2]]: (e) => r145.verdicts.corpora[file]?.[e.query],
  };
  const agreements = new Map<string, Agreement>();
  for (const name of names) {
    const kept = corpus.map((e, i) => ({ e, i, v: verdictOf[name](e, i) })).filter((x) => comparable(x.v));
    const perQuery = kept.map(({ i }) => diagnosticsOf(i, name));
    agreements.set(
      name,
      compareVerdicts(
        kept.map((x) => x.e),
        kept.map((x) => x.v!),
        perQuery,
        file,
      ),
    );
  }
  return agreements;
}

/** One case per target: its diagnostics give that wiki's verdicts, with no false alarm. */
export function itAgreesOnEachTarget(names: TargetNames, file: string, where: string, agreements: () => Map<string, Agreement>): void {
  for (const name of names) {
    it(`target ${name}: the diagnostics that name it give that wiki's verdicts, with no false alarm`, () => {
      const a = agreements().get(name)!;
      console.log(
        `      ${file} ${where}, target ${name}: ${a.agree}/${a.total} agree; false alarms on ${a.validQueries} valid queries: ${a.falseAlarms.length}`,
      );
      assert.ok(a.total >= 50, `only ${a.total} queries compared`);
      assert.deepEqual(a.disagreements, []);
      assert.deepEqual(a.falseAlarms, []);
    });
  }
}
