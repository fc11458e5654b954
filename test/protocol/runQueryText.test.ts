/**
 * `wikimapQuery/runnableQueries` with `text`: what "Run Query…" asks the server to read in a typed
 * or pasted query (the client parses no queries of its own). Over stdio, as the VS Code client sends it.
 */
import assert from 'node:assert/strict';
import { MAX_RUN_QUERY_TEXT, type RunnableQuery } from '../../common/protocol';
import { ensureBuilt, LspClient } from './lspClient';

type Read = Array<[string | undefined, Array<[string, string]>]>;

const CASES: Array<[string, string, Read]> = [
  [
    'a full URL',
    'https://en.example.org/w/api.php?action=query&list=allpages&aplimit=5',
    [
      [
        'https://en.example.org/w/api.php',
        [
          ['action', 'query'],
          ['list', 'allpages'],
          ['aplimit', '5'],
        ],
      ],
    ],
  ],
  [
    'api.php?… (the selected wiki)',
    'api.php?action=query&titles=A%7CB',
    [
      [
        undefined,
        [
          ['action', 'query'],
          ['titles', 'A|B'],
        ],
      ],
    ],
  ],
  [
    '?action=…',
    '?action=query&titles=Main+Page',
    [
      [
        undefined,
        [
          ['action', 'query'],
          ['titles', 'Main Page'],
        ],
      ],
    ],
  ],
  [
    'the multi-line form with a comment',
    '# comment\naction=query\n  &list=allpages\n  &aplimit=5',
    [
      [
        undefined,
        [
          ['action', 'query'],
          ['list', 'allpages'],
          ['aplimit', '5'],
        ],
      ],
    ],
  ],
  [
    'a stray % kept as written',
    'action=query&titles=100%',
    [
      [
        undefined,
        [
          ['action', 'query'],
          ['titles', '100%'],
        ],
      ],
    ],
  ],
  [
    'a name without value',
    'action=query&curtimestamp',
    [
      [
        undefined,
        [
          ['action', 'query'],
          ['curtimestamp', ''],
        ],
      ],
    ],
  ],
  // Names as PHP reads them, the hidden pair left out: the client's read-only guard then sees action=edit.
  [
    'a renamed action hiding the first',
    'action=query&%20action=edit&title=Sandbox',
    [
      [
        undefined,
        [
          ['action', 'edit'],
          ['title', 'Sandbox'],
        ],
      ],
    ],
  ],
  [
    'credentials in the URL (the run refuses them)',
    'http://me:hunter2@127.0.0.1:9/w/api.php?action=query',
    [['http://me:hunter2@127.0.0.1:9/w/api.php', [['action', 'query']]]],
  ],
  [
    'two queries',
    'action=query&list=allpages\naction=query&meta=siteinfo',
    [
      [
        undefined,
        [
          ['action', 'query'],
          ['list', 'allpages'],
        ],
      ],
      [
        undefined,
        [
          ['action', 'query'],
          ['meta', 'siteinfo'],
        ],
      ],
    ],
  ],
  ['nothing', '', []],
  ['only a comment', '# nothing here', []],
];

describe('wikimapQuery/runnableQueries with text (Run Query…)', function () {
  this.timeout(30000);
  let client: LspClient;
  before(async () => {
    ensureBuilt();
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
  });
  after(async () => {
    await client.stop();
  });

  for (const [what, text, expected] of CASES) {
    it(`reads ${what}`, async () => {
      const read = await client.request<RunnableQuery[]>('wikimapQuery/runnableQueries', { text });
      assert.ok(read.every((q) => q.kind === 'wiki'));
      assert.deepEqual(
        read.map((q) => [q.apiUrl || undefined, q.params]),
        expected,
      );
    });
  }

  it(`refuses a text over ${MAX_RUN_QUERY_TEXT} characters, saying where long queries go`, async () => {
    const text = `action=query&titles=${'A'.repeat(MAX_RUN_QUERY_TEXT)}`;
    await assert.rejects(
      client.request('wikimapQuery/runnableQueries', { text }),
      /at most 262144 are read\. Put long queries in a \.wikiquery file/,
    );
    // The server goes on answering.
    const read = await client.request<RunnableQuery[]>('wikimapQuery/runnableQueries', { text: 'action=query' });
    assert.equal(read.length, 1);
  });

  it('still answers for open documents by uri, and [] for one that is not open', async () => {
    const uri = 'file:///home/user/queries/typed.wikiquery';
    await client.open(uri, 'wikiquery', 'action=query&meta=siteinfo\n', 1);
    const read = await client.request<RunnableQuery[]>('wikimapQuery/runnableQueries', { uri });
    assert.deepEqual(
      read.map((q) => q.params),
      [
        [
          ['action', 'query'],
          ['meta', 'siteinfo'],
        ],
      ],
    );
    assert.deepEqual(await client.request('wikimapQuery/runnableQueries', { uri: 'file:///not/open.wikiquery' }), []);
  });
});
