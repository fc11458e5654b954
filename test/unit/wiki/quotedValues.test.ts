/**
 * How a value check's message quotes the value (`quote` in wikiValidationForms.ts): the first 60 characters,
 * then `…`, with the characters the product never shows raw written as `\uXXXX` by the one escaper
 * (`common/unseenText.ts`), line feed included. It used to escape the C0/C1 controls on its own: the "before"
 * column is what that gave, the message then going through wikiShownMessage.ts as every message does.
 */
import assert from 'node:assert/strict';
import { validate } from './helpers';

const Q = 'action=query&list=recentchanges&rcstart=';
const X59 = 'x'.repeat(59);

describe('wiki value checks: the value as the message quotes it', () => {
  // [what, the value as written, the value as quoted before, the value as quoted now]
  const TABLE: Array<[string, string, string, string]> = [
    ['a NUL', 'a\u0000b', '"a\\u0000b"', '"a\\u0000b"'],
    ['a line feed, percent-encoded', 'x%0Ay', '"x\\u000ay"', '"x\\u000ay"'],
    ['a carriage return', 'x%0Dy', '"x\\u000dy"', '"x\\u000dy"'],
    ['an escape sequence', 'x\u001b]0;t\u0007', '"x\\u001b]0;t\\u0007"', '"x\\u001b]0;t\\u0007"'],
    ['a right-to-left override (before: escaped only by the message)', 'ab\u202ecd', '"ab\\u202ecd"', '"ab\\u202ecd"'],
    ['a zero-width space', '2024\u200b01', '"2024\\u200b01"', '"2024\\u200b01"'],
    ['a tab (kept, as in every message and CLI line)', 'a%09b', '"a\\u0009b"', '"a\tb"'],
    ['an emoji across the 60th character (before: its high surrogate alone)', `${X59}😀z`, `"${X59}\ud83d…"`, `"${X59}…"`],
    ['a tag character across the 60th character', `${X59}\udb40\udc41z`, `"${X59}\udb40…"`, `"${X59}…"`],
    ['an emoji within the 60 characters', `${'x'.repeat(58)}😀z`, `"${'x'.repeat(58)}😀…"`, `"${'x'.repeat(58)}😀…"`],
  ];
  for (const [what, value, before, now] of TABLE) {
    it(`${what}: ${before.length > 30 ? '(long)' : before} → ${now.length > 30 ? '(long)' : now}`, () => {
      const found = validate(Q + value).filter((d) => d.code === 'badtimestamp');
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0].message.slice(0, found[0].message.indexOf(' for timestamp')), `Invalid value ${now}`);
      assert.doesNotMatch(found[0].message, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    });
  }
});
