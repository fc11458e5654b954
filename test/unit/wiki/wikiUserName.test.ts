/**
 * One rule for "a valid MediaWiki user name" (UserNameUtils::isValid, after the title parser's
 * clean-up), used by the user-name values of a request (UserDef::processUser → baduser) and by the
 * account a signed-in catalogue load reads (meta=userinfo). Each row's verdict for `ucuser` was
 * read from MediaWiki 1.45.0 and 1.43.3 (list=usercontribs, anonymous).
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { normaliseUserName, userNameProblem } from '../../../server/src/service/wiki/wikiUserName';
import { validate } from './helpers';

/** [what, the value as written in the request, whether MediaWiki takes it as a user (or IP), what the checker says (a part of the reason)]. */
const ROWS: Array<[string, string, boolean, RegExp?]> = [
  ['a plain name', 'Foo', true],
  ['a first letter in lower case (made upper case)', 'foo', true],
  ['a namespace-like prefix of no namespace', 'Foo:Bar', true],
  ['a no-break space (white space: made a space)', 'Foo%C2%A0Bar', true],
  ['a leading no-break space (trimmed)', '%C2%A0Foo', true],
  ['a narrow no-break space (white space)', 'Foo%E2%80%AFBar', true],
  ['an Ogham space mark (white space)', 'a%E1%9A%80b', true],
  ['two spaces (one run)', 'Foo%20%20Bar', true],
  ['a left-to-right mark (dropped)', 'Foo%E2%80%8EBar', true],
  ['a byte-order mark inside', 'Foo%EF%BB%BFBar', true],
  ['a temporary account name', '~2024-1', true],
  ['254 bytes (127 Cyrillic letters)', '%D0%96'.repeat(127), true],
  ['an IPv4 address with a leading zero (an IP)', '01.2.3.4', true],
  ['an IPv4 address between underscores (an IP once normalised)', '_1.2.3.4_', true],
  ['an IPv4 address between spaces (an IP once normalised)', '%201.2.3.4%20', true],
  ['an IPv4 address after a left-to-right mark (an IP once normalised)', '%E2%80%8E1.2.3.4', true],
  ['an IPv6 address between underscores (an IP once normalised)', '_::1_', true],
  ['an anonymous xxx address (an IP)', '1.2.3.xxx', true],
  ['two dots after a name', 'Foo%2E%2E', true],
  ['a zero-width space', 'Foo%E2%80%8BBar', false, /refuses in user names/],
  ['a zero-width joiner at the end', 'Foo%E2%80%8D', false, /refuses in user names/],
  ['a private-use character', 'Foo%EE%80%80', false, /refuses in user names/],
  ['a C1 control character', 'Foo%C2%85Bar', false, /refuses in user names/],
  ['256 bytes (128 Cyrillic letters)', '%D0%96'.repeat(128), false, /256 bytes long/],
  ['a left-to-right mark alone (empty once dropped)', '%E2%80%8E', false, /empty/],
  ['a signature', 'Foo~~~', false, /~~~/],
  ['a replacement character', 'Foo%EF%BF%BD', false, /no title may hold/],
  ['a percent-escape in the name', 'Foo%25AB', false, /no title may hold/],
  ['a tab', 'Foo%09Bar', false, /no title may hold/],
  ['a delete character', 'Foo%7Fx', false, /no title may hold/],
  ['a subpage', 'Foo/Bar', false, /"\/"/],
  ['a relative path', '.%2E', false, /relative path/],
  ['a leading colon', '%3AFoo', false, /starts with ":"/],
  ['a dotted quad that is no address', '300.300.300.300', false, /looks like an IP address/],
];

describe('A valid user name (UserNameUtils::isValid): the request', () => {
  for (const [what, value, valid, why] of ROWS) {
    it(`UserDef::processUser: ${what} (${value.length > 40 ? `${value.slice(0, 40)}…` : value}) is ${valid ? 'taken' : 'baduser'}`, () => {
      const seen = validate(`action=query&list=usercontribs&ucuser=${value}`).filter((d) => d.code === 'baduser');
      assert.equal(seen.length, valid ? 0 : 1, seen.map((d) => d.message).join('\n'));
      if (why) assert.match(seen[0].message, why);
    });
  }
});

/** [what, a name as meta=userinfo gives it, a part of the reason it is refused (undefined: taken)]. */
const ACCOUNT_NAMES: Array<[string, string, RegExp?]> = [
  ['a plain name', 'Admin'],
  ['a name with a space', 'Probe bot'],
  ['Cyrillic, 254 bytes', 'Ж'.repeat(127)],
  ['a name beyond the Basic Multilingual Plane', 'Bot\u{1F600}'],
  ['empty', '', /empty/],
  ['10 MB', 'A'.repeat(10_000_000), /10000000 bytes long/],
  ['Cyrillic, 256 bytes (128 characters)', 'Ж'.repeat(128), /256 bytes long/],
  ['link syntax', '[click](command:workbench.action.quit)', /no title may hold/],
  ['a terminal escape', 'Evil\u001b]0;pwned', /no title may hold/],
  ['a no-break space (MediaWiki never gives one: its names are cleaned up)', 'Foo\u00a0Bar', /refuses in user names/],
  ['a zero-width space', 'Foo\u200bBar', /refuses in user names/],
  ['a subpage', 'Foo/Bar', /"\/"/],
  ['an IP address', '127.0.0.1', /looks like an IP address/],
];

describe('A valid user name (UserNameUtils::isValid): the account a signed-in load reads', () => {
  for (const [what, name, why] of ACCOUNT_NAMES) {
    it(`${what}: ${why ? 'refused' : 'taken'}`, () => {
      const problem = userNameProblem(name);
      if (why === undefined) assert.equal(problem, undefined);
      else assert.match(problem ?? '(taken)', why);
    });
  }
});

describe('The title parser’s clean-up of a user name (MediaWikiTitleCodec::splitTitleString)', () => {
  const CASES: Array<[string, string]> = [
    ['Foo', 'Foo'],
    ['Foo_Bar', 'Foo Bar'],
    ['  Foo__ _Bar_ ', 'Foo Bar'],
    ['\u00a0Foo\u3000Bar\u2003', 'Foo Bar'],
    ['Foo\u200eBar\u202e', 'FooBar'],
    ['\u200e', ''],
    ['Foo\u200bBar', 'Foo\u200bBar'],
  ];
  for (const [given, left] of CASES) {
    it(`${JSON.stringify(given)} → ${JSON.stringify(left)}`, () => assert.equal(normaliseUserName(given), left));
  }
});
