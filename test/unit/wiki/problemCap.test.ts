/**
 * A wiki document gets at most MAX_DOCUMENT_DIAGNOSTICS diagnostics, as a map document does: the problems past
 * it are counted on the last one kept (its message and `data.notListed`), whether they come from one query with
 * many problems (a generated one-line query repeating a parameter) or from many queries. A code set to "off" is
 * neither listed nor counted.
 */
import assert from 'node:assert/strict';
import { MAX_DOCUMENT_DIAGNOSTICS } from '../../../server/src/service/documentProblems';
import type { LanguageSettings } from '../../../server/src/service/languageTypes';
import { validate } from './helpers';

/**
 * One query with n problems (n ≥ 1,000): `apfrom` n times, so n - 1 `repeatedparam` (each occurrence before the
 * last) and one `urltoolong` (its GET request line is over 8,190 bytes).
 */
const repeated = (n: number) => `action=query&list=allpages${'&apfrom=x'.repeat(n)}`;
/** n queries with an unknown parameter each, one per line. */
const queries = (n: number) => Array(n).fill('action=query&list=allpages&apfrmo=x').join('\n');

describe('wiki diagnostics past MAX_DOCUMENT_DIAGNOSTICS', function () {
  this.timeout(60000);
  /** [what, document, settings, diagnostics kept, problems counted past the cap (undefined: no note)] */
  const CASES: Array<[string, string, LanguageSettings | undefined, number, number | undefined]> = [
    ['one query, exactly the cap: no note', repeated(MAX_DOCUMENT_DIAGNOSTICS), undefined, MAX_DOCUMENT_DIAGNOSTICS, undefined],
    ['one query, one past the cap', repeated(MAX_DOCUMENT_DIAGNOSTICS + 1), undefined, MAX_DOCUMENT_DIAGNOSTICS, 1],
    ['one query, 20,000 past the cap', repeated(MAX_DOCUMENT_DIAGNOSTICS + 20000), undefined, MAX_DOCUMENT_DIAGNOSTICS, 20000],
    ['many queries, exactly the cap: no note', queries(MAX_DOCUMENT_DIAGNOSTICS), undefined, MAX_DOCUMENT_DIAGNOSTICS, undefined],
    ['many queries, 123 past the cap', queries(MAX_DOCUMENT_DIAGNOSTICS + 123), undefined, MAX_DOCUMENT_DIAGNOSTICS, 123],
    [
      'a code set to "off" is neither listed nor counted (only urltoolong is left)',
      repeated(MAX_DOCUMENT_DIAGNOSTICS + 50),
      { severity: { repeatedparam: 'off' } },
      1,
      undefined,
    ],
  ];
  for (const [what, text, settings, kept, more] of CASES) {
    it(what, () => {
      const d = validate(text, { settings });
      assert.equal(d.length, kept);
      const last = d[d.length - 1];
      assert.equal(last === undefined ? undefined : (last.data as { notListed?: number }).notListed, more);
      if (more !== undefined) {
        const note = `(${more} more problem${more === 1 ? '' : 's'} in this document not listed (at most ${MAX_DOCUMENT_DIAGNOSTICS} are).)`;
        assert.ok(last.message.endsWith(note), last.message);
      }
    });
  }
});
