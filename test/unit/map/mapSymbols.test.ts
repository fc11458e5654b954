import assert from 'node:assert/strict';
import { makeDocument, query, service } from './mapTestUtil';

describe('map query symbols and runnable queries', () => {
  const text = `// two queries\n[\n  ${query()},\n  {"pos1": {"x": -1, "y": 0, "z": 2}, "pos2": {"x": 3, "y": 4, "z": 5}, "type": "poi", "limit": 20}\n]`;
  const document = makeDocument(text);
  const parsed = service.parse(document);

  it('names one symbol per query by type and box', () => {
    const symbols = service.findDocumentSymbols(document, parsed);
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['bones (0, 0, 0)–(10, 10, 10)', 'poi (-1, 0, 2)–(3, 4, 5)'],
    );
    assert.deepEqual(
      symbols[1].children!.map((c) => c.name),
      ['pos1', 'pos2', 'type', 'limit'],
    );
  });

  it('offers each query object as a runnable body', () => {
    const runnable = service.getRunnableQueries(document, parsed);
    assert.equal(runnable.length, 2);
    assert.deepEqual(
      runnable.map((r) => r.kind),
      ['map', 'map'],
    );
    assert.deepEqual(runnable[1].body, { pos1: { x: -1, y: 0, z: 2 }, pos2: { x: 3, y: 4, z: 5 }, type: 'poi', limit: 20 });
    assert.equal(document.getText(runnable[0].range), query());
  });

  it('a single object is one runnable query', () => {
    const single = makeDocument(query());
    assert.deepEqual(
      service.getRunnableQueries(single, service.parse(single)).map((r) => r.body),
      [JSON.parse(query())],
    );
  });

  it('names a query with omitted corners by the box the server searches', () => {
    const doc = makeDocument('{"pos2": {"x": 1, "z": 2}, "type": "bones"}');
    assert.deepEqual(
      service.findDocumentSymbols(doc, service.parse(doc)).map((s) => s.name),
      ['bones (-2048, -2048, -2048)–(1, 0, 2)'],
    );
  });

  it('has no document links', () => {
    assert.deepEqual(service.findDocumentLinks(document, parsed), []);
  });
});
