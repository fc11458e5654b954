/**
 * Recordings of wikis CI cannot start (recordWiki.ts writes them, recordedAgreement.test.ts reads
 * them): test/mediawiki/recorded/mediawiki-<version>/catalogue.json (the wiki's paraminfo and
 * siteinfo answers, a file `wikimap-query check --catalogue` reads as it is) and verdicts.json (the
 * wiki's verdict on every query of the recorded corpora, keyed by query).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VerdictItem } from './wikiVerdict';

/** The corpora a recording covers (files next to this one). */
export const RECORDED_CORPORA = ['corpus.txt', 'corpus-extensions.txt', 'corpus-rules.txt'] as const;

/** [paraminfo answer (formatversion 2), siteinfo answer (general, namespaces, namespacealiases, interwikimap)]. */
export type RecordedCatalogue = [unknown, unknown];

export interface RecordedVerdicts {
  /** siteinfo `general.generator` of the recorded wiki, e.g. `MediaWiki 1.45.0`. */
  generator: string;
  /** The queries were sent without logging in. */
  anonymous: boolean;
  /** Corpus file → query (the part after `action=query&`) → the wiki's verdict. */
  corpora: Record<string, Record<string, VerdictItem[]>>;
}

export const RECORDED_ROOT = path.join(__dirname, 'recorded');

export function recordingDir(version: string): string {
  return path.join(RECORDED_ROOT, `mediawiki-${version}`);
}

/** The versions recorded (folder names mediawiki-<version>). */
export function recordedVersions(): string[] {
  if (!fs.existsSync(RECORDED_ROOT)) return [];
  return fs
    .readdirSync(RECORDED_ROOT)
    .filter((d) => d.startsWith('mediawiki-') && fs.existsSync(path.join(RECORDED_ROOT, d, 'verdicts.json')))
    .map((d) => d.slice('mediawiki-'.length))
    .sort();
}

export function readRecording(version: string): { catalogueFile: string; verdicts: RecordedVerdicts } {
  const dir = recordingDir(version);
  return {
    catalogueFile: path.join(dir, 'catalogue.json'),
    verdicts: JSON.parse(fs.readFileSync(path.join(dir, 'verdicts.json'), 'utf8')) as RecordedVerdicts,
  };
}
