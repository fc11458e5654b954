/**
 * The lexer-only finder: URL literals holding `api.php?` inside quotes, without a syntax tree. It
 * serves languages npm has no prebuilt tree-sitter grammar for (Perl) and files too large to parse
 * (every language): `"…"` strings are decoded with C escapes and `$name`/`@name`/`${…}` holes,
 * `'…'` strings as written. Objects, concatenations and calls are not read here.
 */
import { SOURCE_FILE_LIMITS } from '../../../../common/sourceFileLimits';
import type { FoundRequest } from './requestFinder';
import { MappedText, decodeInto } from './virtualText';
import { urlQueryOf } from './urlQuery';
import { findPerlHashes } from './perlHashes';

/** Most requests found in one file: one more than are read, so that a file past the limit is known (sourceLimits.ts). */
const MAX_REQUESTS = SOURCE_FILE_LIMITS.requests + 1;

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** The quoted string around `at` on its line: [open quote, close quote], or undefined. */
function enclosingQuotes(text: string, at: number): [number, number] | undefined {
  const from = lineStart(text, at);
  let open = -1;
  for (let i = at - 1; i >= from; i--) {
    const c = text[i];
    if ((c === '"' || c === "'") && text[i - 1] !== '\\') {
      open = i;
      break;
    }
  }
  if (open < 0) return undefined;
  const q = text[open];
  for (let i = at; i < text.length && text[i] !== '\n'; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === q) return [open, i];
  }
  return undefined;
}

/** Decodes a double-quoted string with interpolation holes. */
function decodeDouble(out: MappedText, text: string, from: number, to: number): void {
  let at = from;
  for (let i = from; i < to; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if ((text[i] === '$' || text[i] === '@') && /[\w{]/.test(text[i + 1] ?? '')) {
      decodeInto(out, text, at, i, 'c-keep');
      let e = i + 1;
      if (text[e] === '{') e = Math.max(text.indexOf('}', e), e) + 1;
      else while (e < to && /[\w:]/.test(text[e])) e++;
      out.pushHole(i, Math.min(e, to));
      at = i = Math.min(e, to);
      i--;
    }
  }
  decodeInto(out, text, at, to, 'c-keep');
}

/** Perl files up to this many characters have their hashes read too (as the other languages are parsed up to it). */
const MAX_PERL_HASH_CHARS = SOURCE_FILE_LIMITS.parsedChars;

/**
 * The requests of a language read without a parser: URL literals holding `api.php?` in quotes, and
 * in Perl (up to 2 M characters) the hashes that name `action` (perlHashes.ts), in source order.
 */
export function findUrlLiterals(text: string, language: string): FoundRequest[] {
  const urls = urlLiterals(text, language);
  if (language !== 'perl' || text.length > MAX_PERL_HASH_CHARS) return urls;
  const hashes = findPerlHashes(text);
  if (!hashes.length) return urls;
  // a URL written as a value of a hash is that hash's, not a request of its own
  const inHash = (r: FoundRequest) => hashes.some((h) => h.range.start <= r.range.start && r.range.end <= h.range.end);
  return [...urls.filter((u) => !inHash(u)), ...hashes].sort((a, b) => a.range.start - b.range.start).slice(0, MAX_REQUESTS);
}

function urlLiterals(text: string, language: string): FoundRequest[] {
  const out: FoundRequest[] = [];
  let from = 0;
  while (out.length < MAX_REQUESTS) {
    const hit = text.indexOf('api.php?', from);
    if (hit < 0) break;
    const quotes = enclosingQuotes(text, hit);
    from = quotes ? quotes[1] + 1 : hit + 8;
    if (!quotes) continue;
    const decoded = new MappedText();
    if (text[quotes[0]] === '"') decodeDouble(decoded, text, quotes[0] + 1, quotes[1]);
    else decodeInto(decoded, text, quotes[0] + 1, quotes[1], 'single');
    const found = urlQueryOf(decoded);
    if (!found) continue;
    out.push({
      language,
      form: 'url',
      client: 'http',
      range: { start: quotes[0], end: quotes[1] + 1 },
      query: found.query,
      closed: !found.query.hasHole(),
      namesApi: true,
    });
  }
  return out;
}
