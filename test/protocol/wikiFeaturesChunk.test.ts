/**
 * Completion, hover and code actions of wiki queries are a chunk of their own (scripts/build.js, LAZY_CHUNKS:
 * server.wikiFeatures.js): an idle server reads it once, soon after start (its warm-up), and answers as before.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CodeAction, CompletionList, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';
import { cursor, ensureBuilt, LspClient } from './lspClient';

describe('the wiki features chunk (LSP over stdio)', function () {
  this.timeout(60000);
  before(() => ensureBuilt());

  it('an idle server reads it once, before any hover or completion; they and code actions answer', async () => {
    // The bundle files the server reads, watched from a preload: the chunk is read once, when first required (with the
    // code cache or by Node's own loader, both read it with fs.readFileSync).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-features-chunk-'));
    const preload = path.join(dir, 'watch.js');
    fs.writeFileSync(
      preload,
      [
        "const fs = require('fs');",
        'const read = fs.readFileSync;',
        'fs.readFileSync = function (file, ...rest) {',
        "  if (typeof file === 'string' && /wikiFeatures\\.js$/.test(file)) process.stderr.write('required ' + require('path').basename(file) + '\\n');",
        '  return read.call(this, file, ...rest);',
        '};',
      ].join('\n'),
    );
    const c = await LspClient.start({
      launch: (command: string, args: string[]): [string, string[]] => [command, ['--require', preload, ...args]],
      initializationOptions: { diagnostics: { delay: 0 }, wiki: { liveCatalogues: 'off' } },
    });
    const required = () => c.stderr.join('').match(/required \S+/g) ?? [];
    try {
      const uri = 'file:///home/user/queries/features.wikiquery';
      const { text, position } = cursor('action=query&list=allpages&apl|imit=5&aplimitt=3\n');
      await c.open(uri, 'wikiquery', text, 1);
      const ds: Diagnostic[] = await c.diagnosticsFor(uri, 1);
      assert.ok(
        ds.some((d) => d.code === 'unrecognizedparams'),
        'aplimitt is unrecognized',
      );
      // The warm-up is said only on stderr: polled, with a deadline.
      const deadline = Date.now() + 20000;
      while (required().length === 0) {
        assert.ok(Date.now() < deadline, 'read by the warm-up within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(required(), ['required server.wikiFeatures.js'], 'read by the warm-up');

      const hover = (await c.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as Hover;
      assert.match((hover.contents as MarkupContent).value, /aplimit/);
      const list = (await c.connection.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 'action=query&list=all'.length },
      })) as CompletionList;
      assert.ok(
        list.items.some((i) => i.label === 'allpages'),
        'completion answers',
      );
      const actions = (await c.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: ds.find((d) => d.code === 'unrecognizedparams')!.range,
        context: { diagnostics: ds },
      })) as CodeAction[];
      assert.ok(
        actions.some((a) => /aplimit/.test(a.title)),
        'a quick fix names aplimit',
      );
      assert.deepEqual(required(), ['required server.wikiFeatures.js'], 'read once');
    } finally {
      await c.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
