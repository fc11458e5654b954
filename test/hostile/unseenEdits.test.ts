/**
 * Edits an attacker (or a confused client) can send the language server over stdio that the other
 * hostile suites do not: one `didChange` carrying 10,000 edits, and 10,000 `didChange` notifications in
 * one write. Each case checks the document the server ends up with (its diagnostics), that a hover is
 * answered right after, the server's peak memory (VmHWM from /proc) and the time.
 * - 10,000 edits in one notification to a 450 KB document: each edit copied the whole text and rebuilt
 *   the line index (69 s of CPU; over stdio no hover answered within 80 s). The edits of one notification
 *   are now applied to the text in pieces with the index patched (server/src/lineIndexedDocument.ts).
 */
import { strict as assert } from 'node:assert';
import { assertServerBounded, MAX_SECONDS, withServer } from './hugeDocumentsShared';

const LINE = 'api.php?action=query&list=allpages&aplimit=5';
const LINES = 10_000;
/** Where the `i` of `aplimit` is on each line. */
const I_AT = LINE.indexOf('aplimit') + 5;

/** The edits that remove the `i` of `aplimit` on every line: `aplimt`, an unrecognized parameter each. */
function misspellEveryLine(): Array<{
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  text: string;
}> {
  return Array.from({ length: LINES }, (_, line) => ({
    range: { start: { line, character: I_AT }, end: { line, character: I_AT + 1 } },
    text: '',
  }));
}

describe('hostile edits over stdio', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);

  it('10,000 edits in one didChange to a 10,000-line document: applied in order, hover answers, bounded', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      const uri = 'file:///hostile/edits.wikiquery';
      await client.open(uri, 'wikiquery', `${LINE}\n`.repeat(LINES), 1);
      assert.deepEqual(await client.diagnosticsFor(uri, 1, MAX_SECONDS * 1000), [], 'no problems before the edits');
      // One edit more at the end, in the positions the 10,000 before it left: a line added after the last.
      const edits = [
        ...misspellEveryLine(),
        {
          range: { start: { line: LINES, character: 0 }, end: { line: LINES, character: 0 } },
          text: 'action=query&list=allpages&apfrom=Z\n',
        },
      ];
      await client.change(uri, 2, edits);
      const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: LINES, character: 20 },
      });
      assert.match(JSON.stringify(hover), /allpages/, 'hover on the line the last edit added');
      const diagnostics = await client.diagnosticsFor(uri, 2, MAX_SECONDS * 1000);
      const misspelt = diagnostics.filter((d) => d.code === 'unrecognizedparams');
      // The server publishes at most 1,000 problems of a document; each is on its own line, at `aplimt`.
      assert.ok(misspelt.length >= 999, `${misspelt.length} unrecognized parameters`);
      for (const [n, d] of misspelt.entries()) {
        assert.equal(d.range.start.line, n);
        assert.match(String(d.message), /"aplimt"/);
      }
      assertServerBounded(client, started, 500);
    });
  });

  it('10,000 didChange notifications in one write, one edit each: the last version is checked, hover answers, bounded', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      const uri = 'file:///hostile/notifications.wikiquery';
      await client.open(uri, 'wikiquery', `${LINE}\n`.repeat(LINES), 1);
      const frame = (message: unknown) => {
        const body = JSON.stringify(message);
        return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
      };
      const notifications = misspellEveryLine().map((edit, i) =>
        frame({
          jsonrpc: '2.0',
          method: 'textDocument/didChange',
          params: { textDocument: { uri, version: i + 2 }, contentChanges: [edit] },
        }),
      );
      (client as unknown as { child: { stdin: NodeJS.WritableStream } }).child.stdin.write(notifications.join(''));
      const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: LINES - 1, character: LINE.indexOf('allpages') + 2 },
      });
      assert.match(JSON.stringify(hover), /allpages/, 'hover on the last line');
      const diagnostics = await client.diagnosticsFor(uri, LINES + 1, MAX_SECONDS * 1000);
      assert.ok(diagnostics.filter((d) => d.code === 'unrecognizedparams').length >= 999);
      assertServerBounded(client, started, 500);
    });
  });
});
