/**
 * The run code's memory and safety helpers: the parsed-size estimate counted against the budget,
 * merging batches in place, continuation parameters by own keys, linear redaction, and printing
 * JSON in pieces exactly as JSON.stringify does.
 */
import assert from 'node:assert/strict';
import { checkParsedBudget, estimateParsedSize, MAX_ANSWER_DEPTH } from '../../../run/jsonBudget';
import { writeJson } from '../../../run/jsonText';
import { redactUrl, redactUserInfo } from '../../../run/redact';
import { RunError } from '../../../run/runErrors';
import { continueParams, getContinuation, mergeBatches } from '../../../run/wiki/wikiRun';

describe('run budgets and safety', () => {
  describe('parsed-size estimate', () => {
    // [answer text, items it reports, whether a 1 KB budget refuses it]
    const cases: Array<[string, number, boolean]> = [
      ['{"a":1}', 1, false],
      ['[' + '{},'.repeat(99) + '{}]', 100, true],
      ['[' + '1,'.repeat(9) + '1]', 10, false],
      ['[' + '1,'.repeat(99) + '1]', 100, true],
      ['"' + 'x'.repeat(900) + '"', 1, false],
      // brackets and commas inside strings are text: one value, no container
      ['"' + '[{,'.repeat(300) + '"', 1, false],
      ['{"t":"\\"[[[[,,,,"}', 1, false],
    ];
    for (const [text, items, refused] of cases) {
      it(`${text.slice(0, 24)}… (${text.length} bytes): about ${items} items, ${refused ? 'over' : 'within'} 1 KB`, () => {
        assert.equal(estimateParsedSize(text).values, items);
        assert.ok(estimateParsedSize(text).bytes >= text.length);
        if (refused)
          assert.throws(
            () => checkParsedBudget(text, 1024, 'wiki.test'),
            (e: unknown) => e instanceof RunError && e.kind === 'tooLarge' && /wiki\.test .*wikimapQuery\.run\.maxParsedMB/.test(e.message),
          );
        else assert.doesNotThrow(() => checkParsedBudget(text, 1024, 'wiki.test'));
      });
    }
  });

  it('an object of many distinct keys costs what V8 keeps for them: 1,000 members as before, each further one 128 bytes more', () => {
    const object = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;
    const small = estimateParsedSize(object(1000));
    assert.equal(small.bytes, object(1000).length + 80 + 999 * 16);
    const large = estimateParsedSize(object(3000));
    assert.equal(large.bytes, object(3000).length + 80 + 2999 * 16 + 2000 * 128);
    // the same members spread over small objects (pages, revisions) cost no more than before
    const pages = `[${Array.from({ length: 3000 }, (_, i) => `{"pageid":${i},"ns":0}`).join(',')}]`;
    assert.equal(estimateParsedSize(pages).bytes, pages.length + 3001 * 80 + (3000 * 2 - 1) * 16);
  });

  describe('nesting depth', () => {
    // [depth, refused]: printing and merging recurse, 1,000,000 nested arrays overflowed the stack
    const cases: Array<[number, boolean]> = [
      [20, false],
      [MAX_ANSWER_DEPTH, false],
      [MAX_ANSWER_DEPTH + 1, true],
      [1_000_000, true],
    ];
    for (const [depth, refused] of cases) {
      it(`${depth} levels: ${refused ? 'refused as no answer a server gives' : 'read'}`, () => {
        // objects and arrays in turn ({"a":[ is two levels), an empty array for an odd depth
        const half = Math.floor(depth / 2);
        const nested = '{"a":['.repeat(half) + (depth % 2 ? '[]' : '1') + ']}'.repeat(half);
        assert.equal(estimateParsedSize(nested).depth, Math.min(depth, MAX_ANSWER_DEPTH + 1));
        if (refused)
          assert.throws(
            () => checkParsedBudget(nested, 1 << 30, 'wiki.test'),
            (e: unknown) => e instanceof RunError && e.kind === 'notJson' && /wiki\.test nests .* more than 1000 levels/.test(e.message),
          );
        else assert.doesNotThrow(() => checkParsedBudget(nested, 1 << 30, 'wiki.test'));
      });
    }
  });

  it('merges batches in place: the merged arrays grow, nothing is copied per batch', () => {
    const merged = { query: { allpages: [1, 2] } };
    const list = merged.query.allpages;
    const out = mergeBatches(merged, { query: { allpages: [3] } }) as typeof merged;
    assert.equal(out, merged);
    assert.equal(out.query.allpages, list);
    assert.deepEqual(list, [1, 2, 3]);
  });

  it('keeps a parameter named __proto__ as data when merging', () => {
    const out = mergeBatches(JSON.parse('{"a":{"x":1}}'), JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.deepEqual(Object.keys(out), ['a', '__proto__']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  describe('continuation parameters are copied by own keys', () => {
    // [parameter of the query, whether the continuation names it]
    const cases: Array<[string, boolean]> = [
      ['constructor', false],
      ['toString', false],
      ['hasOwnProperty', false],
      ['__proto__', true],
      ['constructor', true],
    ];
    for (const [name, inCont] of cases) {
      it(`${name} ${inCont ? 'from the continuation' : 'kept from the query'}`, () => {
        const cont = getContinuation(JSON.parse(`{"continue":{"continue":"-||"${inCont ? `,"${name}":"next"` : ''}}}`))!;
        const params = continueParams(
          [
            ['action', 'query'],
            [name, 'mine'],
          ],
          cont,
        );
        assert.deepEqual(
          params.find(([k]) => k === name),
          [name, inCont ? 'next' : 'mine'],
        );
        assert.ok(params.every(([, v]) => typeof v === 'string' && !v.includes('native code')));
      });
    }
  });

  describe('redaction is linear and complete', () => {
    const cases: Array<[string, string]> = [
      ['see http://me:secret@host/x and https://a@b', 'see http://host/x and https://b'],
      ['.http://u:p@h/', '.http://h/'],
      ['x://x://u:p@z', 'x://x://z'],
      ['no url here: a://b', 'no url here: a://b'],
    ];
    for (const [text, shown] of cases) it(`${text} → ${shown}`, () => assert.equal(redactUserInfo(text), shown));

    it('hides sensitive values of a text that is not a URL', () => {
      assert.equal(redactUrl('a=1&access_token=abc def password=1'), 'a=1&access_token=*** def password=***');
    });

    // Lines of about 1 MB built to make a backtracking pattern take minutes (they took 10 s at 300 KB).
    const hostile: Array<[string, string]> = [
      ['letters and dots', 'http://a.' + 'a.'.repeat(500000)],
      ['a scheme-like run', 'a.'.repeat(500000) + '://'],
      ['many schemes', 'x://'.repeat(250000)],
      ['a long name', '?' + 'tokenx'.repeat(170000) + '='],
      ['user info without @', 'h://' + 'a'.repeat(1000000)],
    ];
    for (const [name, line] of hostile) {
      it(`a 1 MB almost-URL line (${name}) is redacted in one pass`, () => {
        // No timing assertion (the hostile suite bounds time); the result is what a linear scan gives.
        assert.equal(redactUserInfo(line), line);
        assert.equal(typeof redactUrl(line), 'string');
      });
    }
  });

  describe('JSON printed in pieces', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep, { a: i }];
    const values: unknown[] = [
      null,
      1,
      'a"b\n',
      [],
      {},
      [1, [2, []], { a: {}, b: [null, 'x'] }],
      JSON.parse('{"__proto__":{"a":1},"k":[[],[[]]]}'),
      deep,
    ];
    for (const v of values) {
      it(`writes ${JSON.stringify(v).slice(0, 30)} as JSON.stringify(v, null, 2)`, async () => {
        let out = '';
        await writeJson(
          v,
          (t) => {
            out += t;
          },
          '\n',
        );
        assert.equal(out, JSON.stringify(v, null, 2) + '\n');
      });
    }
    it('writes a large list in pieces of about 64 KB, waiting for a writer that is behind', async () => {
      const pieces: string[] = [];
      let waits = 0;
      await writeJson(new Array(30_000).fill('abcdef'), (t) => {
        pieces.push(t);
        waits++;
        return new Promise<void>((resolve) => setImmediate(resolve));
      });
      assert.equal(waits, pieces.length);
      assert.equal(JSON.parse(pieces.join('')).length, 30_000);
      assert.ok(pieces.length >= 3, `${pieces.length} pieces`);
      assert.ok(pieces.every((p) => p.length < 128 * 1024));
    });
  });
});
