/**
 * Names and values an attacker can put in a request that the other hostile suites do not: parameter
 * names and generators of megabytes (each message repeated them whole: a 5 MB name made 5 MB diagnostics over stdio,
 * carried again by each code action, 42 s on a loaded machine; 8 MB of CLI output),
 * and names with a zero-width space, a right-to-left override or isolates (shown as they are, they look
 * like the name the message suggests). Messages are now bounded and such characters written as
 * `\uXXXX` (server/src/service/wiki/wikiShownMessage.ts); each case checks peak memory (VmHWM from
 * /proc), time, and what is shown.
 */
import { strict as assert } from 'node:assert';
import type { Diagnostic } from 'vscode-languageserver-types';
import { assertRunBounded, assertServerBounded, checkMeasured, MAX_SECONDS, suiteFolder, withServer } from './hugeDocumentsShared';

const HEAD = 'api.php?action=query&list=allpages&';
const HUGE = `${HEAD}${'x'.repeat(2_000_000)}=1&generator=${'y'.repeat(1_000_000)}\n`;
const UNSEEN = `${HEAD}ap\u200blimit=1&apli\u202emit=2&\u2066aplimit\u2069=3\n`;
/** What each unseen name is shown as. */
const SHOWN = ['"ap\\u200blimit"', '"apli\\u202emit"', '"\\u2066aplimit\\u2069"'];
const INVISIBLE = /[\u200b\u202e\u2066\u2069]/;

describe('hostile names: huge and invisible', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  const dir = suiteFolder('wmq-names-');

  it('a 2 MB name and a 1 MB generator in the CLI: short messages, bounded', async () => {
    const run = await checkMeasured(dir(), 'huge.wikiquery', HUGE);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /unrecognizedparams Unrecognized parameter: "x{100}…x{20}"/);
    assert.match(run.stdout, /badgenerator Unknown generator "y{100}…y{20}"/);
    assert.ok(run.stdout.length < 20_000, `${run.stdout.length} characters of output`);
    assertRunBounded(run, 500);
  });

  it('a zero-width space, a right-to-left override and isolates in names, in the CLI: written as \\uXXXX', async () => {
    const run = await checkMeasured(dir(), 'unseen.wikiquery', UNSEEN);
    for (const shown of SHOWN) assert.ok(run.stdout.includes(`Unrecognized parameter: ${shown}`), run.stdout);
    assert.doesNotMatch(run.stdout, INVISIBLE);
    assertRunBounded(run, 300);
  });

  it('over stdio: short messages, in the code actions too, hover answers, bounded', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      const uri = 'file:///hostile/names.wikiquery';
      await client.open(uri, 'wikiquery', HUGE + UNSEEN);
      const diagnostics = await client.diagnosticsFor(uri, 1, MAX_SECONDS * 1000);
      const messages = diagnostics.map((d) => String(d.message));
      for (const m of messages) assert.ok(m.length <= 1200, `${m.length} characters`);
      assert.ok(
        messages.some((m) => /^Unknown generator "y{100}…y{20}"/.test(m)),
        JSON.stringify(messages),
      );
      // (Over the full-check size, so without did-you-mean.)
      for (const shown of SHOWN)
        assert.ok(
          messages.some((m) => m.startsWith(`Unrecognized parameter: ${shown}.`)),
          shown,
        );
      assert.doesNotMatch(messages.join('\n'), INVISIBLE);
      const actions = await client.request<unknown[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 1, character: 100 } },
        context: { diagnostics: diagnostics as Diagnostic[] },
      });
      // The fixes answered (their edits may hold the line's text; the diagnostics they carry are short).
      assert.ok(Array.isArray(actions) && actions.length > 0);
      for (const a of actions as Array<{ diagnostics?: Diagnostic[] }>)
        for (const d of a.diagnostics ?? []) assert.ok(String(d.message).length <= 1200);
      const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: 1, character: 30 },
      });
      assert.match(JSON.stringify(hover), /allpages/);
      assertServerBounded(client, started, 600);
    });
  });
});
