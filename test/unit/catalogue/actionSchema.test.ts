/**
 * The top-level module data: action-modules.json (MediaWiki's own paraminfo of every action and
 * format) is valid paraminfo by query-modules.schema.json, and action-constraints.json is valid by
 * its own schema, which points at a broken rule. Validation runs through VS Code's JSON language service.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { parseActionConstraints } from '../../../server/src/service/wiki/wikiActionConstraints';

const wikiDir = join(__dirname, '..', '..', '..', 'descriptors', 'wiki');

async function validate(schemaFile: string, text: string): Promise<string[]> {
  const schema = JSON.parse(readFileSync(join(wikiDir, schemaFile), 'utf8'));
  const service = getLanguageService({});
  service.configure({
    validate: true,
    allowComments: false,
    schemas: [{ uri: `file:///descriptors/wiki/${schemaFile}`, fileMatch: ['*.json'], schema }],
  });
  const document = TextDocument.create('file:///data.json', 'json', 1, text);
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
  return diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`);
}

describe('built-in catalogue: the top-level modules and their rules', () => {
  it('action-modules.json is valid paraminfo (query-modules.schema.json)', async () => {
    assert.deepEqual(await validate('query-modules.schema.json', readFileSync(join(wikiDir, 'action-modules.json'), 'utf8')), []);
  });

  it('action-constraints.json is valid by action-constraints.schema.json and loads', async () => {
    const text = readFileSync(join(wikiDir, 'action-constraints.json'), 'utf8');
    assert.deepEqual(await validate('action-constraints.schema.json', text), []);
    assert.ok(parseActionConstraints(JSON.parse(text)).length >= 20);
  });

  const BROKEN: Array<[string, unknown, RegExp]> = [
    ['an unknown kind', { module: 'parse', kind: 'never', params: ['page'], code: 'x', message: '' }, /./],
    [
      'an excludes rule without "with"',
      { module: 'parse', kind: 'excludes', params: ['page'], code: 'invalidparammix', message: '' },
      /with/,
    ],
    [
      'a pattern rule without its pattern',
      { module: 'parse', kind: 'pattern', params: ['section'], code: 'invalidsection', message: '' },
      /pattern/,
    ],
    ['a rule without a code', { module: 'parse', kind: 'onlyOne', params: ['page', 'pageid'], message: '' }, /code/],
  ];
  for (const [what, rule, message] of BROKEN) {
    it(`points at ${what}`, async () => {
      const errors = await validate('action-constraints.schema.json', JSON.stringify({ rules: [rule] }, null, 2));
      assert.ok(errors.length > 0 && errors.some((e) => message.test(e)), JSON.stringify(errors));
      assert.throws(() => parseActionConstraints({ rules: [rule] }), /action constraints rule #1/);
    });
  }
});
