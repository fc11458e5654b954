// Parameter names as PHP's php_register_variable_ex reads them (what MediaWiki sees in $_GET).
import assert from 'node:assert/strict';
import { phpParamName } from '../../../common/phpParamName';
import { parseWikiDocument } from '../../../server/src/service/wiki/wikiQueryParser';

describe('PHP parameter names', () => {
  const table: Array<[string, string, boolean, boolean]> = [
    // written, name PHP reads, array, dropped
    ['action', 'action', false, false],
    [' action', 'action', false, false],
    ['   token', 'token', false, false],
    ['ap.limit', 'ap_limit', false, false],
    ['ap limit', 'ap_limit', false, false],
    ['a b.c', 'a_b_c', false, false],
    ['\taction', '\taction', false, false], // only spaces are dropped
    ['list[x]', 'list', true, false],
    ['list[]', 'list', true, false],
    ['a.b[c.d]', 'a_b', true, false],
    ['list[x', 'list_x', false, false], // no closing bracket: "[" becomes "_"
    ['a[b.c d', 'a_b.c d', false, false], // and the rest is kept as written
    ['action\u0000x', 'action', false, false], // a C string ends at NUL
    ['\u0000action', '', false, true],
    ['   ', '', false, true],
    ['[x]', '', true, true],
  ];
  for (const [written, name, array, dropped] of table) {
    it(`${JSON.stringify(written)} → ${JSON.stringify(name)}${array ? ' (array)' : ''}${dropped ? ' (dropped)' : ''}`, () => {
      assert.deepEqual(phpParamName(written), { name, array, dropped });
    });
  }

  it('the parser gives each pair the name the wiki sees and keeps the written one', () => {
    const doc = parseWikiDocument('action=query&%20action=edit&ap.limit=5&list[x]=allpages&plain=1\n');
    const params = doc.queries[0].params;
    assert.deepEqual(
      params.map((p) => p.name),
      ['action', 'action', 'ap_limit', 'list[]', 'plain'],
    );
    assert.deepEqual(
      params.map((p) => p.writtenName),
      [undefined, ' action', 'ap.limit', 'list[x]', undefined],
    );
    assert.equal(params[0].overridden, true, 'the renamed " action" overrides action=query');
  });
});
