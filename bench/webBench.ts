/**
 * The web build's rows of `npm run bench`: the sizes of the two web bundles (minified, as the release
 * build makes them) and the start-up of the language server as a Web Worker in Debian's Chromium —
 * from `new Worker` to the `initialize` result, timed inside the page. The page and the worker script
 * are served from a loopback server of this run.
 */
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

type RowFn = (name: string, value: number | string, unit: string, target: string, met: boolean | null) => void;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own options, from its CommonJS module
const { webOptions } = require('../scripts/build.js') as { webOptions: (production: boolean) => esbuild.BuildOptions };

async function buildWeb(root: string, entry: string): Promise<Uint8Array> {
  const r = await esbuild.build({
    ...webOptions(true),
    absWorkingDir: root,
    sourcemap: false,
    entryPoints: [path.join(root, entry)],
    external: ['vscode'],
    format: entry.includes('client/') ? 'cjs' : 'iife',
    write: false,
    logLevel: 'silent',
  });
  return r.outputFiles[0].contents;
}

async function serve(worker: Uint8Array): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/server.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(Buffer.from(worker));
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** Median of rounds of `new Worker` → `initialize` answered, in the page's own clock. */
async function workerStartup(worker: Uint8Array, rounds: number): Promise<number[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- external to the bench bundle
  const { chromium } = require('playwright-core') as typeof import('playwright-core');
  const site = await serve(worker);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      times.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const scope = globalThis as any;
              const started = performance.now();
              const w = new scope.Worker('/server.js');
              w.onerror = (e: { message: string }) => reject(new Error(e.message));
              w.onmessage = (e: { data: { id?: number } }) => {
                if (e.data.id !== 1) return;
                resolve(performance.now() - started);
                w.terminate();
              };
              w.postMessage({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
            }),
        ),
      );
    }
    return times;
  } finally {
    await browser.close();
    site.close();
  }
}

export async function benchWeb(root: string, row: RowFn, median: (xs: number[]) => number): Promise<void> {
  console.log('\n# the web build (dist/web/: browser entry, language server in a Web Worker)');
  const client = await buildWeb(root, 'client/src/browser/extension.ts');
  const worker = await buildWeb(root, 'server/src/browser/serverWorker.ts');
  row('web client bundle (minified)', client.length / 1024, 'KB', '-', null);
  row('web server worker (minified, descriptors included)', worker.length / 1024, 'KB', '-', null);
  row('  same, gzip', zlib.gzipSync(worker).length / 1024, 'KB', '-', null);
  // Read by the worker only when a source file first needs the parsers (server/src/browser/lazyHostParsers.ts).
  const parsers = await buildWeb(root, 'server/src/browser/hostParsersScript.ts');
  row('web host parsers script, loaded on the first source file (minified)', parsers.length / 1024, 'KB', '-', null);
  if (!fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
    row('web worker start-up in Chromium', 'not measured', '', '-', null);
    console.log('       (Chromium is not installed: bash scripts/setup.sh)');
    return;
  }
  const times = await workerStartup(worker, 9);
  // The first round also compiles the script; the later ones reuse the browser's code cache.
  row('web worker start-up in Chromium (new Worker -> initialize), first', times[0], 'ms', '-', null);
  row('  same, median of the later rounds', median(times.slice(1)), 'ms', '-', null);
}
