/**
 * descriptors/wiki/constraints.schema.json validates constraints.json (through VS Code's JSON
 * language service) and points at a broken rule: a versioned rule needs a version, each kind its fields.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';

const wikiDir = join(__dirname, '..', '..', '..', 'descriptors', 'wiki');
const schema = JSON.parse(readFileSync(join(wikiDir, 'constraints.schema.json'), 'utf8'));

async function validate(text: string): Promise<string[]> {
  const service = getLanguageService({});
  service.configure({
    validate: true,
    allowComments: false,
    schemas: [{ uri: 'file:///descriptors/wiki/constraints.schema.json', fileMatch: ['*.json'], schema }],
  });
  const document = TextDocument.create('file:///constraints.json', 'json', 1, text);
  const diagnostics = await service.doValidation(document, service.parseJSONDocument(document));
  return diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`);
}

const ok = {
  id: 'x-show',
  module: 'recentchanges',
  kind: 'exclusiveValues',
  params: ['show'],
  pairs: [['minor', '!minor']],
  code: 'show',
  mirrors: 'ApiQueryRecentChanges::run: apierror-show',
  since: '1.39',
};

describe('constraints.schema.json', () => {
  it('constraints.json is valid', async () => {
    assert.deepEqual(await validate(readFileSync(join(wikiDir, 'constraints.json'), 'utf8')), []);
  });
  it('accepts a versioned rule', async () => {
    assert.deepEqual(await validate(JSON.stringify({ rules: [ok] })), []);
  });
  const BROKEN: Array<[string, object]> = [
    ['a since that is no version', { since: 'soon' }],
    ['an unknown kind', { kind: 'sometimes' }],
    ['exclusiveValues without pairs', { pairs: undefined }],
    ['a pair of three', { pairs: [['a', 'b', 'c']] }],
    ['no mirrors', { mirrors: undefined }],
    ['a field the rules do not have', { sincee: '1.45' }],
    ["an anonymous rule without the server's message", { kind: 'anonymous', pairs: undefined, params: ['owner'] }],
  ];
  for (const [name, change] of BROKEN) {
    it(`refuses ${name}`, async () => {
      const rule = JSON.parse(JSON.stringify({ ...ok, ...change }));
      assert.notDeepEqual(await validate(JSON.stringify({ rules: [rule] })), []);
    });
  }
});

describe('the versions rules name', () => {
  // The built-in catalogues' releases (1.39.17, 1.43.3, 1.45.0) are the only ones whose real answers the
  // agreement suites read: a rule may be `verified` only on them (1.40–1.42 are assumed to behave as 1.43).
  const versions = JSON.parse(readFileSync(join(wikiDir, 'versions', 'core-modules.json'), 'utf8')) as { versions: { version: string }[] };
  const builtin = versions.versions.map((v) => v.version.split('.').slice(0, 2).join('.'));
  for (const file of ['constraints.json', 'action-constraints.json']) {
    it(`${file}: verified lists only built-in versions (${builtin.join(', ')})`, () => {
      const rules = (
        JSON.parse(readFileSync(join(wikiDir, file), 'utf8')) as { rules: { id?: string; module: string; verified?: string[] }[] }
      ).rules;
      const beyond = rules.flatMap((r) => (r.verified ?? []).filter((v) => !builtin.includes(v)).map((v) => `${r.id ?? r.module}: ${v}`));
      assert.deepEqual(beyond, []);
    });
  }
});
