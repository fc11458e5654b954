import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { parseWikiDocument, getValueItems } from '../../../server/src/service/wiki/wikiQueryParser';
import { getCursorContext } from '../../../server/src/service/wiki/wikiCursor';
import { doWikiValidation } from '../../../server/src/service/wiki/wikiValidator';
import { builtinCatalogue } from './helpers';

/** A small deterministic PRNG (mulberry32), so every run tries the same inputs. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'action=query',
  '&',
  '=',
  '|',
  '%',
  '%7C',
  '%1F',
  '\u001f',
  '%zz',
  '%E2%82',
  '+',
  '?',
  '#',
  '\n',
  '\r\n',
  '  &',
  'list=',
  'prop=',
  'generator=',
  'allpages',
  'revisions',
  'categorymembers',
  'aplimit=',
  'max',
  '999999999999999999999',
  'rvcontentformat-main=',
  'gcmtitle=',
  'https://w.example/w/api.php?',
  '\ud800',
  '\u0000',
  '*',
  'titles=',
  'A|B|C',
  'api.php?',
  '(',
  ')',
];

describe('wiki parser and validator: hostile input', () => {
  it('never throw and keep every range inside the text (500 generated documents)', () => {
    const random = rng(20261121);
    const cat = builtinCatalogue();
    for (let n = 0; n < 500; n++) {
      let text = '';
      const len = Math.floor(random() * 40);
      for (let i = 0; i < len; i++) text += PIECES[Math.floor(random() * PIECES.length)];
      for (const embedded of [false, true]) {
        const doc = parseWikiDocument(text, { embedded });
        for (const q of doc.queries) {
          assert.ok(q.range.start >= 0 && q.range.end <= text.length && q.range.start <= q.range.end, JSON.stringify(text));
          for (const p of q.params) {
            for (const item of getValueItems(text, p))
              assert.ok(item.range.start >= p.valueRange.start && item.range.end <= p.valueRange.end, JSON.stringify(text));
          }
        }
        for (const d of doWikiValidation(doc, () => cat, { highLimits: random() < 0.5 })) {
          assert.ok(d.range.start.line >= 0 && typeof d.message === 'string' && d.message.length > 0, JSON.stringify(text));
          assert.notEqual(d.code, 'internal', `${JSON.stringify(text)}: ${d.message}`);
        }
        for (let off = 0; off <= text.length; off++) assert.ok(getCursorContext(doc, off).kind, JSON.stringify(text));
      }
    }
  });

  it('a 100 000-value list and a very long name are handled', () => {
    const text = `action=query&titles=${'x|'.repeat(100_000)}x&${'a'.repeat(100_000)}=1`;
    const d = doWikiValidation(parseWikiDocument(text), () => builtinCatalogue(), {});
    assert.deepEqual(
      d.map((x) => x.code),
      ['toomanyvalues', 'unrecognizedparams', 'urltoolong'],
    );
  });
});
