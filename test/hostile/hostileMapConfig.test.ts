/**
 * A map server whose `GET /api/config` lists huge numbers of layers (issue 25, the network side). Every
 * diagnostic of a box outside every layer, and every hover of a coordinate, listed all the layers: 3,000
 * layers (160 KB, under the default 256 KB cap) and 5,000 such boxes took `check` 162 s, 3.3 GB and 1.1 GB
 * of output; 1,000,000 layers (the cap raised) aborted it out of memory. Now a config of more than 1,000
 * layers (3,000; 500,000 with the cap raised) is not used (said once), and messages and hovers name the first 10 layers (names cut at 80
 * characters) and count the rest. Against `check --map-config URL` and the language server over stdio.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import { CLI, LspClient } from '../protocol/lspClient';
import { peakRssMb, runMeasured, startHostileServer, useHostileServer } from './hostileServer';

const MAX_PEAK_MB = 400;
const MAX_SECONDS = 30;
const BOX = '{"pos1":{"x":0,"y":-2,"z":0},"pos2":{"x":1,"y":2,"z":1},"type":"bones"}';
const OUTSIDE =
  /outside every layer of the map server http:\/\/127\.0\.0\.1:\d+\/layers1000: Layer 0 n{72}… \(layer 0\): map blocks y 1000…1001 \(nodes y 16000…16031\); (Layer \d+ n{10} \(layer \d+\): [^;]+; ){9}and 990 more layers\./;

describe('hostile map server configs: huge layer lists', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const suite = useHostileServer('wikimap-maplayers-', startHostileServer);
  before(() => fs.writeFileSync(path.join(suite.dir, 'boxes.mapquery.json'), `[${Array(5000).fill(BOX).join(',\n')}]\n`));
  const check = (layers: number, ...flags: string[]) =>
    runMeasured(
      process.execPath,
      [CLI, 'check', ...flags, '--map-config', `${suite.server.origin}/layers${layers}`, path.join(suite.dir, 'boxes.mapquery.json')],
      MAX_SECONDS * 2,
    );
  const bounded = (run: { peakMb: number; seconds: number }) => {
    assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
    assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
  };

  it('check --map-config URL, 1,000 layers and 5,000 boxes outside them: each warning names 10 layers and counts the rest', async () => {
    const run = await check(1000);
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.split('\n').filter((l) => l.includes('outsidelayers'));
    assert.equal(lines.length, 5000);
    assert.match(lines[0], OUTSIDE);
    assert.ok(run.stdout.length < 8_000_000, `${run.stdout.length} characters of output`);
    bounded(run);
  });

  for (const [layers, flags] of [
    [3000, ['--max-map-config-kb', '1024']],
    // 64 MB in one answer: under load it can take more than the default 10 s to come.
    [500_000, ['--max-map-config-kb', '65536', '--map-config-timeout', String(MAX_SECONDS)]],
  ] as Array<[number, string[]]>) {
    it(`check --map-config URL, ${layers} layers${flags.length ? ' (the byte cap raised)' : ''}: not used, exit 2, said why`, async () => {
      const run = await check(layers, ...flags);
      assert.equal(run.status, 2, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `^wikimap-query check: cannot use the map config http://127\\.0\\.0\\.1:\\d+/layers${layers}: it lists ${layers} layers \\(a map server has a few; at most 1000 are read\\)\n$`,
        ),
      );
      bounded(run);
    });
  }

  it('the language server with the 1,000-layer server configured: diagnostics and hover name 10 layers, bounded', async () => {
    const started = Date.now();
    const client = await LspClient.start({
      initializationOptions: { diagnostics: { delay: 0 }, mapserver: { url: `${suite.server.origin}/layers1000` } },
    });
    try {
      const uri = 'file:///home/user/boxes.mapquery.json';
      await client.open(uri, 'mapquery', `[${Array(50).fill(BOX).join(',\n')}]\n`, 1);
      const outside = await client.waitFor(
        'a warning against its layers',
        () => {
          const last = client.published.filter((p) => p.uri === uri).at(-1);
          return last?.diagnostics.find((d) => d.code === 'outsidelayers' && /layers1000/.test(String(d.message)));
        },
        MAX_SECONDS * 1000,
      );
      assert.match(String(outside.message), OUTSIDE);
      const hover = await client.request<Hover | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: 0, character: 22 },
      });
      const text = (hover?.contents as MarkupContent | undefined)?.value ?? '';
      assert.match(text, /and 990 more layers/);
      assert.ok(text.length < 5_000, `${text.length} characters of hover`);
      assert.ok(client.alive);
      bounded({ peakMb: peakRssMb(client.pid) ?? Infinity, seconds: (Date.now() - started) / 1000 });
    } finally {
      await client.stop();
    }
  });
});
