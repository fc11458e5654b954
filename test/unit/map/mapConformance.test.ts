import assert from 'node:assert/strict';
import { createMapDescriptor } from '../../../server/src/service/map/mapLanguageService';
import { complete, descriptorJson, diagnose, hover, makeDocument, query, service } from './mapTestUtil';

const descriptor = createMapDescriptor(descriptorJson);

describe('map descriptor conformance: every field, type and attribute completes and hovers', () => {
  for (const field of descriptor.fields) {
    it(`field ${field.name}`, () => {
      const done = complete('{|}').apply(field.name);
      assert.ok(done.startsWith(`{"${field.name}": `), done);
      const h = hover(`{"${field.name.slice(0, 1)}|${field.name.slice(1)}": 1}`);
      assert.ok(h && h.text.includes(field.name), `hover for ${field.name}`);
    });
  }
  for (const type of descriptor.types) {
    it(`type ${type.name}: value, hover, attribute keys`, () => {
      assert.equal(complete('{"type": "|"}').apply(type.name), `{"type": "${type.name}"}`);
      const h = hover(`{"type": "|${type.name}"}`)!;
      for (const attr of type.attributes) assert.ok(h.text.includes(`\`${attr.name}\``), `${type.name} hover lists ${attr.name}`);
      const keys = complete(`{"type": "${type.name}", "attributelike": {"key": "|"}}`).items.map((i) => i.label);
      assert.deepEqual(
        keys,
        type.attributes.map((a) => a.name),
      );
      for (const attr of type.attributes) {
        const text = query(`, "attributelike": {"key": "${attr.name}", "value": "%"}`, type.name);
        // Types a default server does not index (locator) get only that warning.
        const expected =
          descriptor.mapobjects[type.configKeys[0]] || type.configKeys.some((k) => descriptor.mapobjects[k]) ? [] : ['typenotenabled'];
        assert.deepEqual(
          diagnose(text).map((d) => d.code),
          expected,
          `${type.name}.${attr.name} is valid`,
        );
        const ah = hover(`{"type": "${type.name}", "attributelike": {"key": "|${attr.name}", "value": "%"}}`)!;
        assert.ok(ah.text.includes(attr.description), `${type.name}.${attr.name} hover`);
      }
    });
  }
});

describe('map service robustness', () => {
  const DOCUMENTS = [
    `[${query(', "attributelike": {"key": "owner", "value": "%a%"}, "limit": 10')}, ${query('', 'bone')}]`,
    '{"pos1": {"x": 3200, "y": 1.5, "z": "a"}, "pos2": [1], "type": null, "attributelike": 4, "limit": -1, "zz": {}}',
    '{"pos1": {"x": 1, "y": ',
    '[1, "a", {"type": }',
    '// only a comment\n',
    '{"pos1": {"x": 1, "y": 2, "z": 3}}}}',
    '\u0000{"\ud800": "\u001f"}',
  ];
  for (const text of DOCUMENTS) {
    it(`answers at every offset of ${JSON.stringify(text).slice(0, 40)}…`, () => {
      const document = makeDocument(text);
      const parsed = service.parse(document);
      const diagnostics = service.doValidation(document, parsed);
      for (let offset = 0; offset <= text.length; offset++) {
        const list = service.doComplete(document, parsed, offset);
        assert.ok(Array.isArray(list.items));
        const h = service.doHover(document, parsed, offset);
        assert.ok(h === null || typeof (h.contents as { value: string }).value === 'string');
        const position = document.positionAt(offset);
        const actions = service.doCodeActions(document, parsed, { start: position, end: position }, diagnostics);
        assert.ok(Array.isArray(actions));
      }
      assert.ok(Array.isArray(service.findDocumentSymbols(document, parsed)));
      assert.ok(Array.isArray(service.getRunnableQueries(document, parsed)));
    });
  }

  it('past maxFullCheckSize still reports problems, without did-you-mean', () => {
    const text = query('', 'bonez');
    const [d] = diagnose(text, { maxFullCheckSize: 10 });
    assert.equal(d.code, 'unknowntype');
    assert.doesNotMatch(d.message, /Did you mean/);
  });
});
