/** Where a refused redirect points, as messages say it (run/redact.ts `redirectTarget`): a hostile `Location` stays short and secret-free. */
import assert from 'node:assert/strict';
import { redirectTarget } from '../../../run/redact';

describe('run/redact: the target of a refused redirect', () => {
  const base = new URL('http://wiki.example:8080/w/api.php?action=query');
  const table: Array<[string, string | undefined, string | RegExp]> = [
    ['a relative path', '/elsewhere?action=edit&token=abc', 'http://wiki.example:8080/elsewhere?action=edit&token=***'],
    ['credentials in the target', 'http://u:secret@127.0.0.1:1/api.php?action=delete', 'http://127.0.0.1:1/api.php?action=delete'],
    ['a file: URL (it said "null/etc/passwd")', 'file:///etc/passwd', 'a file: URL (file:///etc/passwd)'],
    ['a data: URL of 12 KB', `data:application/json,${'A'.repeat(12_000)}`, /^a data: URL \(data:application\/json,A{150,}…$/],
    ['a javascript: URL', 'javascript:alert(1)', 'a javascript: URL (javascript:alert(1))'],
    ['an http URL of 20 KB', `https://x.example/${'p'.repeat(20_000)}`, /^https:\/\/x\.example\/p{150,}…$/],
    ['no Location', undefined, 'another address'],
    ['an unparseable Location with a secret', 'http://[bad/?token=abc', /^http:\/\/\[bad\/\?token=\*\*\*$/],
  ];
  for (const [what, location, expected] of table) {
    it(what, () => {
      const target = redirectTarget(location, base);
      if (typeof expected === 'string') assert.equal(target, expected);
      else assert.match(target, expected);
      assert.ok(target.length <= 201, `${target.length} characters`);
    });
  }
});
