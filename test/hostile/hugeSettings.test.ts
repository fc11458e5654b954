/**
 * Huge settings, against the real language server over stdio (its peak memory and CPU time read from /proc),
 * by each route settings arrive by: `initializationOptions`, a pushed `workspace/didChangeConfiguration`
 * (Neovim, Helix, eglot) and a pulled `workspace/configuration` answer (VS Code).
 *
 * Before the settings' size bounds (common/settings.ts, `FIXED_LIMITS.settingTextChars` / `settingEntries`), a
 * 10 MB `wiki.apiUrl` held the first diagnostics back about 4 s, and 100,000 `wikis` entries took about 3 s of
 * CPU per settings change. Now each value over a bound is refused (a text) or cut (a list or map) as it is read,
 * said once in the log, and the server answers at once.
 */
import assert from 'node:assert/strict';
import { LspClient, type ClientOptions } from '../protocol/lspClient';
import { cpuSeconds, peakRssMb } from './hostileServer';

const MAX_PEAK_MB = 400;
/** CPU seconds the server may spend from receiving the settings to answering hover (before the bounds: 3–4 s). */
const MAX_CPU_SECONDS = 1.5;
/**
 * By `initializationOptions` the settings are read as the server starts, before a measure taken once it answers could
 * see them: the CPU seconds from the server's start (startup, the settings, the first check and the hover), which
 * took 0.2–0.4 s when written, the startup about half of it.
 */
const MAX_CPU_FROM_START_SECONDS = 2;
const MAX_SECONDS = 60;

const TEN_MB = 10_000_000;
const many = (n: number, value: (i: number) => string) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`w${i}`, value(i)]));

/** [what, the settings (wikimapQuery section, nested), the one log line that says what was refused or cut] */
const HUGE: Array<[string, () => Record<string, unknown>, RegExp]> = [
  [
    'a 10 MB wiki.apiUrl',
    () => ({ wiki: { apiUrl: `https://${'x'.repeat(TEN_MB)}/api.php` } }),
    /wikimapQuery\.wiki\.apiUrl is 10,000,016 characters long, over the limit of 4,096; it is ignored\./,
  ],
  [
    'a 10 MB wiki.apiUrl without a scheme',
    () => ({ wiki: { apiUrl: 'x'.repeat(TEN_MB) } }),
    /wikimapQuery\.wiki\.apiUrl is 10,000,000 characters long, over the limit of 4,096; it is ignored\./,
  ],
  [
    '100,000 wikis',
    () => ({ wikis: many(100_000, (i) => `http://127.0.0.1:1/w${i}/api.php`) }),
    /wikimapQuery\.wikis has 100,000 entries; only the first 1,000 are read\./,
  ],
  [
    '100,000 approved catalogues',
    () => ({ wiki: { approvedCatalogues: Array.from({ length: 100_000 }, (_, i) => `https://w${i}.example.org`) } }),
    /wikimapQuery\.wiki\.approvedCatalogues has 100,000 entries; only the first 1,000 are read\./,
  ],
  [
    '2,000 map servers with 5 KB names',
    () => ({ mapservers: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`${i}`.padEnd(5000, 'm'), 'http://127.0.0.1:1'])) }),
    /wikimapQuery\.mapservers has 2,000 entries; only the first 1,000 are read; 1,000 of its entries are over 4,096 characters/,
  ],
  ['100,000 names that are no setting', () => many(100_000, () => 'x'), /…and 99,980 more problems with the wikimapQuery settings/],
];

/** A route: how the client is started, and what it does to hand the server the settings once a document is open. */
interface Route {
  name: string;
  start(settings: () => Record<string, unknown>): { options: ClientOptions; send?: (client: LspClient) => Promise<void> };
}

const ROUTES: Route[] = [
  {
    name: 'initializationOptions',
    start: (settings) => ({ options: { initializationOptions: { ...settings(), diagnostics: { delay: 0 } } } }),
  },
  {
    name: 'a pushed didChangeConfiguration',
    start: (settings) => ({
      options: { initializationOptions: { diagnostics: { delay: 0 } } },
      send: (client) => client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { wikimapQuery: settings() } }),
    }),
  },
  {
    name: 'a pulled workspace/configuration',
    start: (settings) => {
      // The client answers with no settings until they change, then with the huge ones (asked again after the change).
      let answer: Record<string, unknown> = {};
      return {
        options: {
          capabilities: { workspace: { configuration: true } },
          initializationOptions: { diagnostics: { delay: 0 } },
          configuration: () => answer,
        },
        send: (client) => {
          answer = settings();
          return client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
        },
      };
    },
  },
];

describe('huge settings: refused or cut as they are read, said once, the server answers at once', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);

  for (const route of ROUTES) {
    for (const [what, settings, said] of HUGE) {
      it(`${what}, by ${route.name}`, async () => {
        const { options, send } = route.start(settings);
        const client = await LspClient.start(options);
        try {
          const uri = 'file:///home/user/huge-settings.wikiquery';
          await client.open(uri, 'wikiquery', 'action=query&list=allpages&aplimit=9000\n', 1);
          assert.deepEqual(
            (await client.diagnosticsFor(uri, 1)).map((d) => d.code),
            ['outofrange'],
          );
          // Without `send` the settings came with `initialize`: measured from the server's start.
          const cpuBefore = send ? cpuSeconds(client.pid)! : 0;
          const maxCpu = send ? MAX_CPU_SECONDS : MAX_CPU_FROM_START_SECONDS;
          if (send) await send(client);
          const line = await client.waitFor('the log line', () => client.logs.find((l) => said.test(l)), MAX_SECONDS * 1000);
          const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 20 } });
          assert.ok(hover, 'hover answers');
          const cpu = cpuSeconds(client.pid)! - cpuBefore;
          assert.equal(client.logs.filter((l) => said.test(l)).length, 1, 'said once');
          assert.ok(line.length < 5000, `a short line (${line.length} characters)`);
          assert.ok(client.logs.join('\n').length < 20_000, 'a short log');
          assert.ok(cpu < maxCpu, `${cpu.toFixed(2)} s of CPU`);
          const peak = peakRssMb(client.pid)!;
          assert.ok(peak > 0 && peak < MAX_PEAK_MB, `peak RSS ${peak.toFixed(0)} MB`);
        } finally {
          await client.stop();
        }
      });
    }
  }
});
