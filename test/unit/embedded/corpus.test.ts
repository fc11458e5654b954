/**
 * The corpus of real files (test/fixtures/embedded-corpus, sources and licences in its SOURCES):
 * every file under mediawiki/ holds MediaWiki API requests. Found / missed per language is printed
 * and must not fall below what it is today; a miss is a file where no request was judged a
 * MediaWiki request (today: action modules of extensions such as Flow's action=flow, and objects
 * handed to mw.Api through a variable with nothing but action and format; extension query modules
 * such as GeoData's list=geosearch are known by name, extensionModules.ts). Found is not all: a file counts when one request in it is found, and
 * SOURCES says which requests of the newer files are missed. A parameter object without `action` that
 * names a query module and a parameter the wiki knows is read as `action=query` (its wrapper adds it).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkSource } from './helpers';
import { hostLanguage, HOST_LANGUAGES } from '../../../server/src/service/embedded/hostLanguages';

const CORPUS = path.resolve(__dirname, '../../fixtures/embedded-corpus/mediawiki');

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .filter((f) => HOST_LANGUAGES.some((l) => l.extensions.some((x) => f.endsWith(x))))
    .sort();
}

/** Files found at least: language → [found, of files]. */
const FLOOR: Record<string, [number, number]> = {
  python: [31, 31],
  javascript: [39, 44],
  php: [26, 27],
  kotlin: [6, 6],
  java: [12, 12],
  ruby: [10, 12],
  go: [4, 5],
  csharp: [5, 6],
  lua: [1, 1],
  shellscript: [1, 1],
  typescript: [4, 4],
  // Perl is read by a lexer (no grammar): URL literals and hashes naming `action`.
  perl: [2, 2],
};

describe('requests inside source code: real files', function () {
  this.timeout(300000);

  it('finds requests in the files of each language (found / missed per language)', async () => {
    const tally: Record<string, { files: number; found: number; requests: number; missed: string[] }> = {};
    for (const file of sourceFiles(CORPUS)) {
      const lang = HOST_LANGUAGES.find((l) => l.extensions.some((x) => file.endsWith(x)))!;
      const { checked } = await checkSource(lang.id, fs.readFileSync(file, 'utf8'));
      const high = checked.filter((c) => c.confidence === 'high').length;
      const t = (tally[lang.id] ??= { files: 0, found: 0, requests: 0, missed: [] });
      t.files++;
      t.requests += high;
      if (high) t.found++;
      else t.missed.push(path.relative(CORPUS, file));
    }
    for (const [lang, t] of Object.entries(tally))
      console.log(`      ${lang}: ${t.found}/${t.files} files found (${t.requests} requests), missed: ${t.missed.join(', ') || 'none'}`);
    for (const [lang, [found, files]] of Object.entries(FLOOR)) {
      assert.ok(hostLanguage(lang));
      assert.equal(tally[lang]?.files, files, `${lang}: corpus size`);
      assert.ok(tally[lang].found >= found, `${lang}: ${tally[lang].found} < ${found}`);
    }
  });
});
