/**
 * Settings reach the server by each of the three LSP routes, and the lifecycle ends cleanly whichever
 * way the client ends it. Over stdio against the real server process.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import type { Diagnostic } from 'vscode-languageserver-types';
import { ensureBuilt, LspClient, type ClientOptions } from './lspClient';

const TEXT = 'action=query&list=allpages&aplimit=9000&apfoo=1\n';

function codes(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code)).sort();
}

/** Processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe('settings through every route a client may use', function () {
  this.timeout(30000);
  before(() => ensureBuilt());

  /** [route, client options, what to do after open (a settings change), the codes expected after it] */
  const ROUTES: Array<[string, ClientOptions, ((c: LspClient) => Promise<void>) | undefined]> = [
    [
      'initializationOptions (clients without workspace/configuration)',
      { initializationOptions: { diagnostics: { delay: 0, severity: { outofrange: 'off' } } } },
      undefined,
    ],
    [
      'initializationOptions, dotted keys and wrapped in wikimapQuery',
      { initializationOptions: { wikimapQuery: { 'diagnostics.delay': 0, 'diagnostics.severity': { outofrange: 'off' } } } },
      undefined,
    ],
    [
      'workspace/didChangeConfiguration with the settings in params (Neovim, Helix, eglot)',
      { initializationOptions: { diagnostics: { delay: 0 } } },
      (c) =>
        c.connection.sendNotification('workspace/didChangeConfiguration', {
          settings: { wikimapQuery: { diagnostics: { severity: { outofrange: 'off' } } } },
        }),
    ],
    [
      'workspace/didChangeConfiguration with settings, from a client that also advertises workspace/configuration but answers null',
      {
        capabilities: { workspace: { configuration: true } },
        initializationOptions: { diagnostics: { delay: 0 } },
        configuration: () => null,
      },
      (c) =>
        c.connection.sendNotification('workspace/didChangeConfiguration', {
          settings: { wikimapQuery: { diagnostics: { severity: { outofrange: 'off' } } } },
        }),
    ],
    [
      'workspace/configuration, pulled when the client advertises it (VS Code)',
      {
        capabilities: { workspace: { configuration: true } },
        configuration: () => ({ diagnostics: { delay: 0, severity: { outofrange: 'off' } } }),
      },
      undefined,
    ],
  ];

  for (const [route, options, change] of ROUTES) {
    it(`a severity override set by ${route} takes effect`, async () => {
      const client = await LspClient.start(options);
      try {
        const uri = 'file:///settings/route.wikiquery';
        await client.open(uri, 'wikiquery', TEXT, 1);
        if (!change) {
          assert.deepEqual(codes(await client.diagnosticsFor(uri, 1)), ['unrecognizedparams'], 'outofrange is off');
          return;
        }
        assert.deepEqual(codes(await client.diagnosticsFor(uri, 1)), ['outofrange', 'unrecognizedparams'], 'before the change');
        const before = client.published.length;
        await change(client);
        const after = await client.waitFor('diagnostics after the settings change', () =>
          client.published.slice(before).find((p) => p.uri === uri),
        );
        assert.deepEqual(codes(after.diagnostics), ['unrecognizedparams'], 'outofrange is off after the change');
      } finally {
        await client.stop();
      }
    });
  }

  it('format.queryLayout set by initializationOptions changes what formatting writes', async () => {
    const client = await LspClient.start({ initializationOptions: { format: { queryLayout: 'multiLine' } } });
    try {
      const uri = 'file:///settings/layout.wikiquery';
      await client.open(uri, 'wikiquery', 'action=query&list=allpages\n', 1);
      const edits = await client.request<Array<{ newText: string }>>('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      });
      assert.deepEqual(
        edits.map((e) => e.newText),
        ['action=query\n  &list=allpages'],
      );
    } finally {
      await client.stop();
    }
  });
});

describe('lifecycle: shutdown, exit, and clients that just quit', function () {
  this.timeout(30000);
  before(() => ensureBuilt());

  it('refuses requests after shutdown with InvalidRequest, and exits 0 on exit', async () => {
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
    const uri = 'file:///life/a.wikiquery';
    await client.open(uri, 'wikiquery', TEXT, 1);
    await client.diagnosticsFor(uri, 1);
    await client.request('shutdown', null);
    for (const [method, params] of [
      ['textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } }],
      ['textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 2 } }],
      ['textDocument/semanticTokens/full', { textDocument: { uri } }],
      ['wikimapQuery/runnableQueries', { uri }],
    ] as const) {
      await assert.rejects(client.request(method, params), (err: { code?: number }) => err.code === -32600, `${method} after shutdown`);
    }
    await client.connection.sendNotification('exit');
    assert.equal(await client.waitForExit(), 0);
  });

  it('exits 1 on exit without shutdown', async () => {
    const client = await LspClient.start();
    await client.connection.sendNotification('exit');
    assert.equal(await client.waitForExit(), 1);
  });

  it('exits when the client closes stdin without shutdown, with a diagnostics run pending, leaving no process behind', async () => {
    // A long delay: the validation timer is still pending when the client goes.
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 600000 } } });
    const uri = 'file:///life/b.wikiquery';
    await client.open(uri, 'wikiquery', TEXT, 1);
    // The server answers (so the open was processed) and has started no process of its own.
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
    const pid = client.pid;
    assert.deepEqual(childrenOf(pid), []);
    client.closeStdin();
    assert.equal(await client.waitForExit(), 1, 'exit code of a server that was not shut down');
    assert.ok(
      !fs.existsSync(`/proc/${pid}/stat`) || /\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')),
      'the server process is gone',
    );
  });
});
