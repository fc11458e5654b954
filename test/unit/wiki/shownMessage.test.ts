/**
 * What a wiki diagnostic's message shows of the names and values it repeats (wikiShownMessage.ts): an
 * invisible or reordering character in a name is written as `\uXXXX` (a zero-width space or a bidi
 * override made the name look like the one suggested), and a huge name or value is cut, so a message
 * stays short whatever the query holds.
 */
import assert from 'node:assert/strict';
import { printable } from '../../../server/src/cli/checkCommand';
import { MAX_MESSAGE_CHARS, shownMessage } from '../../../server/src/service/wiki/wikiShownMessage';
import { validate } from './helpers';

const Q = 'action=query&list=allpages&';

describe('wiki messages: names and values as shown', () => {
  // [what, query, code, the message (a regular expression)]
  const TABLE: Array<[string, string, string, RegExp]> = [
    [
      'a zero-width space',
      `${Q}ap\u200blimit=5`,
      'unrecognizedparams',
      /^Unrecognized parameter: "ap\\u200blimit"\. Did you mean "aplimit"\?$/,
    ],
    ['a right-to-left override', `${Q}apli\u202emit=5`, 'unrecognizedparams', /"apli\\u202emit"/],
    ['isolates', `${Q}\u2066aplimit\u2069=5`, 'unrecognizedparams', /"\\u2066aplimit\\u2069"/],
    ['a byte-order mark', `${Q}\ufeffaplimit=5`, 'unrecognizedparams', /"\\ufeffaplimit"/],
    ['a NUL', `${Q}a\u0000p=5`, 'unrecognizedparams', /"a\\u0000p"/],
    ['a line separator', `${Q}ap\u2028limit=5`, 'unrecognizedparams', /"ap\\u2028limit"/],
    ['a variation selector', `${Q}ap\ufe0flimit=5`, 'unrecognizedparams', /"ap\\ufe0flimit"/],
    ['a tag character (two UTF-16 units)', `${Q}ap\udb40\udc41limit=5`, 'unrecognizedparams', /"ap\\udb40\\udc41limit"/],
    ['an escape sequence', `${Q}x\u001b]0;title\u0007=1`, 'unrecognizedparams', /"x\\u001b]0;title\\u0007"/],
    ['a 5 MB name', `${Q}${'x'.repeat(5_000_000)}=1`, 'unrecognizedparams', /^Unrecognized parameter: "x{100}…x{20}"\. No module/],
    [
      'a 1 MB generator',
      `action=query&generator=${'y'.repeat(1_000_000)}`,
      'badgenerator',
      /^Unknown generator "y{100}…y{20}"\. Use a module/,
    ],
    [
      'a name of a million quotes',
      `${Q}${'"'.repeat(1_000_000)}=1`,
      'unrecognizedparams',
      /^Unrecognized parameter: "{900}.*…"+\. No module/,
    ],
  ];
  for (const [what, query, code, message] of TABLE) {
    it(`${what}: ${code}, ${message.source.slice(0, 60)}`, () => {
      const found = validate(query).filter((d) => d.code === code);
      assert.equal(found.length, 1, JSON.stringify(found.map((d) => d.message.slice(0, 200))));
      assert.match(found[0].message, message);
      assert.ok(found[0].message.length <= 4 * MAX_MESSAGE_CHARS + 200, `${found[0].message.length} characters`);
    });
  }

  it('a long message cuts its quoted values first, keeping the prose between them, and never splits a surrogate pair', () => {
    const prose = `The rule's explanation, ${'which is long '.repeat(20)}and is kept`;
    const shown = shownMessage(`Value "${'x'.repeat(5000)}" is refused. ${prose}.`);
    assert.equal(shown, `Value "${'x'.repeat(100)}…${'x'.repeat(20)}" is refused. ${prose}.`);
    const emoji = shownMessage(`"${'a'.repeat(99)}${'😀'.repeat(600)}"`);
    assert.ok(emoji.length < MAX_MESSAGE_CHARS);
    assert.doesNotMatch(emoji, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('a message without anything to change is the same string; a long one of short runs is kept', () => {
    const plain = 'Unrecognized parameter: "aplimt". Did you mean "aplimit"?';
    assert.equal(shownMessage(plain), plain);
    const list = `Use one of: ${Array.from({ length: 150 }, (_, i) => `"v${i}"`).join(', ')}.`;
    assert.ok(list.length > MAX_MESSAGE_CHARS);
    assert.equal(shownMessage(list), list);
    // Letters of other scripts and emoji are not touched (a zero-width joiner inside an emoji is escaped).
    assert.equal(shownMessage('"Ünïcödé ß ﬃ İ 漢字 😀"'), '"Ünïcödé ß ﬃ İ 漢字 😀"');
  });

  it("the CLI's lines escape the same characters as the messages, and line feed besides (one set: common/unseenText.ts)", () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      const inMessage = shownMessage(`"${c}"`) !== `"${c}"`;
      const inLine = printable(`"${c}"`) !== `"${c}"`;
      if (inLine !== (inMessage || c === '\n')) differ.push(code.toString(16));
    }
    assert.deepEqual(differ, []);
    // A tag character is two units, escaped together in both.
    assert.equal(printable('a\udb40\udc41b'), 'a\\udb40\\udc41b');
    assert.equal(shownMessage('a\udb40\udc41b'), 'a\\udb40\\udc41b');
    assert.equal(printable('x\u202ey\ny\t'), 'x\\u202ey\\u000ay\t');
  });
});
