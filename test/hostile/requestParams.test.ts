/**
 * Requests whose parameters the services cannot be asked with (issue 25): `position: null`, no `range`, a
 * `textDocument` that is not `{ uri: string }`, a `positions` list of nulls, a custom request's `apiUrl` that is an
 * object. Each was answered, but the service failed on it and the server logged a stack trace per request (and
 * `wikimapQuery/catalogue` with `apiUrl: {}` answered "raw.replace is not a function"). Now each request, of every
 * kind the server answers, to a query document, a map document and a source file, gets its empty answer (null or
 * an empty result; an InvalidParams error for the custom requests, which have none) and the log one short line.
 */
import { strict as assert } from 'node:assert';
import { assertServerBounded, withServer } from './hugeDocumentsShared';

const DOCUMENTS: Array<[string, string, string]> = [
  ['file:///params/q.wikiquery', 'wikiquery', 'api.php?action=query&list=allpages&aplimit=max\n'],
  ['file:///params/m.mapquery.json', 'mapquery', '[{"type": "bones", "limit": 5}]\n'],
  ['file:///params/s.py', 'python', 'requests.get("https://en.wikipedia.org/w/api.php?action=query&list=allpages")\n'],
];

const POSITION = { line: 0, character: 3 };
const RANGE = { start: POSITION, end: POSITION };
/** Positions that are not positions ({ line, character }: integers from 0). */
const NOT_POSITIONS: unknown[] = [
  null,
  undefined,
  {},
  { line: -1, character: 0 },
  { line: 0.5, character: 1 },
  { line: 'a', character: {} },
];

type Row = [method: string, params: (uri: string) => unknown, answer: unknown, logged: RegExp];
const EMPTY = /; answered with an empty result\.$/;
const NULL = /; answered with null\.$/;

const ROWS: Row[] = [
  ...NOT_POSITIONS.flatMap((position): Row[] => [
    [
      'textDocument/hover',
      (uri) => ({ textDocument: { uri }, position }),
      null,
      /^hover: params\.position is .*, not a position.*; answered with null\.$/,
    ],
    ['textDocument/completion', (uri) => ({ textDocument: { uri }, position }), null, /^completion: params\.position is /],
    [
      'textDocument/selectionRange',
      (uri) => ({ textDocument: { uri }, positions: [POSITION, position] }),
      [],
      /^selectionRange: params\.positions\[1\] is /,
    ],
    [
      'textDocument/codeAction',
      (uri) => ({ textDocument: { uri }, range: { start: position, end: POSITION }, context: { diagnostics: [] } }),
      [],
      /^codeAction: params\.range is /,
    ],
    [
      'textDocument/inlayHint',
      (uri) => ({ textDocument: { uri }, range: { start: POSITION, end: position } }),
      [],
      /^inlayHint: params\.range is /,
    ],
    [
      'textDocument/semanticTokens/range',
      (uri) => ({ textDocument: { uri }, range: position }),
      { data: [] },
      /^semanticTokens\/range: params\.range is /,
    ],
  ]),
  [
    'textDocument/selectionRange',
    (uri) => ({ textDocument: { uri }, positions: 5 }),
    [],
    /^selectionRange: params\.positions is 5, not a list of positions/,
  ],
  [
    'textDocument/codeAction',
    (uri) => ({ textDocument: { uri }, context: { diagnostics: [] } }),
    [],
    /^codeAction: params\.range is missing, not a range/,
  ],
  ...[null, 5, {}, { uri: null }, { uri: { length: 1 } }].flatMap((textDocument): Row[] => [
    ['textDocument/hover', () => ({ textDocument, position: POSITION }), null, /^hover: params\.textDocument is .*, not \{ uri: string \}/],
    ['textDocument/completion', () => ({ textDocument, position: POSITION }), null, NULL],
    ['textDocument/codeAction', () => ({ textDocument, range: RANGE, context: { diagnostics: [] } }), [], EMPTY],
    ['textDocument/documentSymbol', () => ({ textDocument }), [], EMPTY],
    ['textDocument/documentLink', () => ({ textDocument }), [], EMPTY],
    ['textDocument/foldingRange', () => ({ textDocument }), [], EMPTY],
    ['textDocument/selectionRange', () => ({ textDocument, positions: [POSITION] }), [], EMPTY],
    ['textDocument/inlayHint', () => ({ textDocument, range: RANGE }), [], EMPTY],
    ['textDocument/formatting', () => ({ textDocument, options: { tabSize: 2, insertSpaces: true } }), [], EMPTY],
    ['textDocument/semanticTokens/full', () => ({ textDocument }), { data: [] }, EMPTY],
    ['textDocument/semanticTokens/full/delta', () => ({ textDocument, previousResultId: '1' }), { data: [] }, EMPTY],
    ['textDocument/semanticTokens/range', () => ({ textDocument, range: RANGE }), { data: [] }, EMPTY],
    ['textDocument/diagnostic', () => ({ textDocument }), { kind: 'full', items: [] }, EMPTY],
  ]),
  [
    'wikimapQuery/runnableQueries',
    () => ({ uri: {} }),
    [],
    /^wikimapQuery\/runnableQueries: params\.uri is \{\}, not a string; answered with an empty result\.$/,
  ],
  ['wikimapQuery/runnableQueries', () => ({ text: 5 }), [], /^wikimapQuery\/runnableQueries: params\.text is 5, not a string/],
];

/** Custom requests without an empty answer: an InvalidParams error saying what is wrong, and the log the same line. */
const REFUSED: Array<[string, unknown, string]> = [
  ['wikimapQuery/catalogue', { apiUrl: {} }, 'wikimapQuery/catalogue: params.apiUrl is {}, not a string'],
  ['wikimapQuery/catalogue', { uri: 5 }, 'wikimapQuery/catalogue: params.uri is 5, not a string'],
  ['wikimapQuery/catalogue', 5, 'wikimapQuery/catalogue: its params are 5, not an object'],
  [
    'wikimapQuery/reloadCatalogue',
    { apiUrl: ['https://x.invalid/api.php'] },
    'wikimapQuery/reloadCatalogue: params.apiUrl is ["https://x.invalid/api.php"], not a string',
  ],
];

describe('hostile requests: parameters that are not what the LSP says', function () {
  this.timeout(120_000);

  it('every request kind, to a query, a map and a source document: the empty answer and one short log line, no stack trace', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      for (const [uri, languageId, text] of DOCUMENTS) {
        await client.open(uri, languageId, text);
        for (const [method, params, answer, logged] of ROWS) {
          const sent = params(uri);
          const before = client.logs.length;
          const got = await client.request(method, sent);
          const what = `${method} ${JSON.stringify(sent)} on ${languageId}`;
          assert.deepEqual(got, answer, what);
          const lines = client.logs.slice(before);
          assert.equal(lines.length, 1, `${what}: one line, not ${JSON.stringify(lines)}`);
          assert.match(lines[0], logged, what);
          assert.ok(lines[0].length < 300 && !lines[0].includes('\n'), `${what}: a short line`);
        }
      }
      for (const [method, params, said] of REFUSED) {
        const before = client.logs.length;
        await assert.rejects(client.request(method, params), (err: { code?: number; message?: string }) => {
          assert.equal(err.code, -32602, `${method}: InvalidParams`);
          assert.equal(err.message, said);
          return true;
        });
        assert.deepEqual(client.logs.slice(before), [`${said}; answered with an InvalidParams error.`]);
      }
      const everything = [...client.logs, ...client.stderr].join('\n');
      assert.doesNotMatch(everything, /\n\s+at |failed|TypeError|Cannot read properties/, everything.slice(0, 2000));
      // The server answers well-formed requests afterwards.
      const hover = await client.request('textDocument/hover', {
        textDocument: { uri: DOCUMENTS[0][0] },
        position: { line: 0, character: 12 },
      });
      assert.ok(hover, 'hover answers afterwards');
      assertServerBounded(client, started, 400);
    });
  });
});
