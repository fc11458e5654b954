/**
 * descriptors/wiki/query-modules.schema.json validates the built-in files, and points at the
 * mistake in a broken catalogue. Validation runs through VS Code's own JSON language service.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';

const wikiDir = join(__dirname, '..', '..', '..', 'descriptors', 'wiki');
const schemaUri = 'file:///descriptors/wiki/query-modules.schema.json';
const schema = JSON.parse(readFileSync(join(wikiDir, 'query-modules.schema.json'), 'utf8'));

async function validate(text: string): Promise<string[]> {
  const service = getLanguageService({});
  service.configure({ validate: true, allowComments: false, schemas: [{ uri: schemaUri, fileMatch: ['*.json'], schema }] });
  const document = TextDocument.create('file:///catalogue.json', 'json', 1, text);
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
  return diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`);
}

describe('built-in catalogue: query-modules.schema.json', () => {
  for (const file of ['query-modules.json', 'api-core.json']) {
    it(`${file} is valid`, async () => {
      assert.deepEqual(await validate(readFileSync(join(wikiDir, file), 'utf8')), []);
    });
  }

  it('accepts formatversion 2 flags (booleans)', async () => {
    const fv2 = {
      paraminfo: {
        modules: [
          {
            name: 'x',
            path: 'query+x',
            prefix: 'x',
            readrights: true,
            parameters: [
              { index: 1, name: 'limit', type: 'limit', required: false, multi: false, default: 10, min: 1, max: 500, highmax: 5000 },
            ],
          },
        ],
      },
    };
    assert.deepEqual(await validate(JSON.stringify(fv2, null, 2)), []);
  });

  const BROKEN: Array<[string, unknown, RegExp]> = [
    ['a parameter without a type', { index: 1, name: 'from' }, /type/],
    ['a numeric type', { index: 1, name: 'from', type: 5 }, /./],
    ['a flag written as "yes"', { index: 1, name: 'from', type: 'string', required: 'yes' }, /./],
    ['an index of 0', { index: 0, name: 'from', type: 'string' }, /./],
  ];
  for (const [label, param, message] of BROKEN) {
    it(`flags ${label}`, async () => {
      const doc = { paraminfo: { modules: [{ name: 'x', path: 'query+x', prefix: 'x', parameters: [param] }] } };
      const problems = await validate(JSON.stringify(doc, null, 2));
      assert.ok(problems.length > 0, 'expected a diagnostic');
      assert.ok(
        problems.some((p) => message.test(p)),
        problems.join('\n'),
      );
    });
  }
});
