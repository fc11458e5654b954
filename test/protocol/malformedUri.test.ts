/**
 * A document URI that is not valid percent-encoding (`%E0%A4%A`, `%zz`) never costs the document its
 * diagnostics — also over the size threshold, where the server names the file in a warning.
 */
import assert from 'node:assert/strict';
import { LspClient } from './lspClient';

describe('malformed document URIs', function () {
  this.timeout(30000);
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0, maxFullCheckSize: 1000 } } });
  });
  after(async () => client.stop());

  const uris = ['file:///home/user/bad%E0%A4%A.wikiquery', 'file:///home/user/100%25%zz.wikiquery', 'untitled:%'];
  for (const uri of uris) {
    it(`${uri}: diagnostics over the size threshold, and the warning names the file`, async () => {
      const text = `action=query&list=allpages&aplimit=9000\n${'# filler line to pass the size threshold\n'.repeat(40)}`;
      await client.open(uri, 'wikiquery', text, 1);
      const diagnostics = await client.diagnosticsFor(uri, 1);
      assert.ok(
        diagnostics.some((d) => d.code === 'outofrange'),
        JSON.stringify(diagnostics),
      );
      const warning = await client.waitFor('the size warning', () =>
        client.shown.find(
          (m) => m.message.includes('only the basic checks run') && m.message.includes(uri.slice(uri.lastIndexOf('/') + 1).slice(0, 5)),
        ),
      );
      assert.ok(warning);
      assert.ok(client.alive);
    });
  }
});
