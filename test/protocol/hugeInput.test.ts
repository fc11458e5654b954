// Huge input through the real server process, with default settings: a 1 MB single-line query,
// a 100k-line document and a 50 MB document. The server answers, stays alive, keeps its memory
// bounded, and past its size threshold says once that it checks less instead of freezing.
// (Speed is measured by npm run bench, never asserted here.)
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { LspClient } from './lspClient';

function oneMegabyteQuery(): string {
  const titles = Array.from({ length: 60000 }, (_, i) => `Page_${i}`).join('|');
  return `action=query&prop=info&titles=${titles}&inprop=url`.slice(0, 1024 * 1024);
}

function hundredThousandLines(): string {
  const lines: string[] = [];
  for (let i = 0; i < 100000; i++) {
    lines.push(
      i % 50 === 0
        ? '# a group of queries'
        : i % 7 === 0
          ? ''
          : i % 97 === 0
            ? 'action=query&list=allpages&aplimit=9000'
            : `action=query&list=allpages&apfrom=P${i}&aplimit=50`,
    );
  }
  return lines.join('\n') + '\n';
}

describe('huge input (real server, default settings)', function () {
  this.timeout(300000);
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
  });
  after(async () => {
    await client.stop();
  });

  it('a 1 MB single-line query: diagnostics, completion and hover answer', async () => {
    const uri = 'file:///home/user/queries/one-line.wikiquery';
    const text = oneMegabyteQuery() + '&inprop=url|';
    await client.open(uri, 'wikiquery', text, 1);
    const diags: Diagnostic[] = await client.diagnosticsFor(uri, 1);
    assert.ok(
      diags.some((d) => d.code === 'toomanyvalues'),
      `codes: ${[...new Set(diags.map((d) => d.code))]}`,
    );
    const end = { line: 0, character: text.length };
    const completion = await client.request<{ items: Array<{ label: string }> }>('textDocument/completion', {
      textDocument: { uri },
      position: end,
    });
    assert.ok(
      completion.items.some((i) => i.label === 'displaytitle'),
      'inprop values complete at the end of a 1 MB line',
    );
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 'action=query&pr'.length },
    });
    assert.ok(hover && /prop/.test(JSON.stringify(hover.contents)));
    // Editor features over the whole line: every title a token, hints and folding answer.
    const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.ok(tokens.data.length / 5 > 60000, `${tokens.data.length / 5} tokens`);
    const hints = await client.request<unknown[]>('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end },
    });
    assert.ok(Array.isArray(hints));
    assert.deepEqual(await client.request('textDocument/foldingRange', { textDocument: { uri } }), []);
    assert.ok(client.alive);
  });

  it('a 100k-line document: diagnostics, then fresh ones after an edit', async () => {
    const uri = 'file:///home/user/queries/100k.wikiquery';
    await client.open(uri, 'wikiquery', hundredThousandLines(), 1);
    const first = await client.diagnosticsFor(uri, 1);
    assert.ok(
      first.length > 0 && first.every((d) => d.code === 'outofrange' || d.code === 'toomanyproblems'),
      `${first.length} diagnostics`,
    );
    await client.change(uri, 2, [
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'action=query&list=allpagez\n' },
    ]);
    const second = await client.diagnosticsFor(uri, 2);
    assert.ok(
      second.some((d) => d.code === 'unrecognizedvalues' && d.range.start.line === 1),
      'the edit is judged',
    );
    assert.ok(client.rssMb() < 600, `RSS ${client.rssMb().toFixed(0)} MB`);
  });

  it('a 50 MB document: said once that it is not fully checked; completion and hover still answer; memory bounded', async () => {
    const uri = 'file:///home/user/queries/50mb.wikiquery';
    const line = 'action=query&list=allpages&apnamespace=0&aplimit=9000&apfrom=Some_title_here\n';
    const text = line.repeat(Math.ceil((50 * 1024 * 1024) / line.length));
    await client.open(uri, 'wikiquery', text, 1);
    await client.diagnosticsFor(uri, 1);
    const told = client.shown.filter((m) => /50mb\.wikiquery/.test(m.message));
    assert.equal(told.length, 1, JSON.stringify(client.shown.map((m) => m.message)));
    const completion = await client.request<{ items: Array<{ label: string }> }>('textDocument/completion', {
      textDocument: { uri },
      position: { line: 1000, character: 'action=query&list='.length },
    });
    assert.ok(completion.items.some((i) => i.label === 'allpages'));
    const hover = await client.request<unknown>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 400000, character: 'action=query&list=all'.length },
    });
    assert.ok(hover, 'hover answers deep in a 50 MB document');
    // Semantic tokens cover the first 2 MB only (a response for 50 MB would be hundreds of MB); a range deep inside answers.
    const tokens = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const tokenLines = tokens.data.reduce((sum, v, i) => (i % 5 === 0 ? sum + v : sum), 0);
    assert.ok(tokens.data.length > 0 && tokenLines < (2 * 1024 * 1024) / line.length + 1, `tokens reach line ${tokenLines}`);
    const deep = await client.request<{ data: number[] }>('textDocument/semanticTokens/range', {
      textDocument: { uri },
      range: { start: { line: 400000, character: 0 }, end: { line: 400010, character: 0 } },
    });
    assert.equal(deep.data[0], 400000, 'the first token of the range is on its first line');
    const rss = client.rssMb();
    assert.ok(rss < 1500, `RSS ${rss.toFixed(0)} MB with a 50 MB document open`);
    // a second edit of the huge document does not say it again
    await client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }]);
    await client.diagnosticsFor(uri, 2);
    assert.equal(client.shown.filter((m) => /50mb\.wikiquery/.test(m.message)).length, 1);
    assert.ok(client.alive);
  });
});
