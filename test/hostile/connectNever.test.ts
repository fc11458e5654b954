/**
 * A server whose connection never completes (issue 25, the network side): the time limit's wording "no
 * connection to HOST within N s" (run/transport.ts `unfinishedAnswer`) and its advice, reached end to end
 * through `wikimap-query run`, `check --catalogue URL`, `catalogue save URL`, `check --map-config URL` and the
 * language server over stdio (a configured wiki and map server).
 *
 * A connect that never completes, on loopback: a listener with a backlog of 1 in a process of its own that
 * stops running its event loop once it listens (blocked in `Atomics.wait`, no CPU), so it never accepts.
 * The kernel completes two handshakes into its accept queue, which then is full: the SYNs of every later
 * connect are dropped, and the connect waits (the kernel retries after 1, 3, 7 s …) until the product gives up.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { Hover } from 'vscode-languageserver-types';
import { CLI, LspClient } from '../protocol/lspClient';
import { peakRssMb, runMeasured, useHostileServer, type MeasuredRun } from './hostileServer';

const MAX_PEAK_MB = 300;
const MAX_SECONDS = 20;
const TIMEOUT = 3;

/** The listener's own process: prints its port, then blocks (for at most `seconds`) without running its event loop. */
const NEVER_ACCEPTS = `
const net = require('node:net');
const server = net.createServer();
server.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
  process.stdout.write(server.address().port + '\\n', () => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.argv[1]) * 1000);
  });
});
`;

/** A connect to `port` that has completed within `ms` (false: still waiting, as later connects will). */
function connects(port: number, held: net.Socket[], ms: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    held.push(socket);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

interface NeverConnects {
  port: number;
  origin: string;
  close(): Promise<void>;
}

/** The listener, its accept queue filled by this process (the sockets kept open until `close`). */
async function startNeverConnects(): Promise<NeverConnects> {
  const child: ChildProcess = spawn(process.execPath, ['-e', NEVER_ACCEPTS, String(MAX_SECONDS * 20)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
  });
  const held: net.Socket[] = [];
  const close = async () => {
    for (const s of held) s.destroy();
    child.kill('SIGKILL');
  };
  // Connect until one does not complete: the queue is full from then on.
  for (let i = 0; ; i++) {
    if (i === 16) {
      await close();
      throw new Error(`every connect to a listener that never accepts completed (${i}): this machine does not drop SYNs on a full queue`);
    }
    if (!(await connects(port, held, 500))) break;
  }
  return { port, origin: `http://127.0.0.1:${port}`, close };
}

const HOST = '127\\.0\\.0\\.1:\\d+';
const NO_CONNECTION = `no connection to ${HOST} within ${TIMEOUT} s`;

function assertSaid(run: MeasuredRun, status: number, message: RegExp): void {
  assert.equal(run.status, status, run.stderr);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /\n\s+at /);
  assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
  // It waited for the time limit, not for the kernel's retries to give up (about two minutes).
  assert.ok(run.seconds >= TIMEOUT - 0.5 && run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

describe('hostile network: a connection that never completes', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const suite = useHostileServer('wikimap-connect-', startNeverConnects);
  const cli = (args: string[]) =>
    runMeasured(process.execPath, [CLI, ...args], MAX_SECONDS * 2, { XDG_CACHE_HOME: path.join(suite.dir, 'cache') });

  it('the set-up: a connect to the listener does not complete', async () => {
    const held: net.Socket[] = [];
    try {
      assert.equal(await connects(suite.server.port, held, 1000), false);
    } finally {
      for (const s of held) s.destroy();
    }
  });

  it('wikimap-query run: exit 1, "no connection … within 3 s", and what to check (not more time)', async () => {
    const file = path.join(suite.dir, 'never.wikiquery');
    fs.writeFileSync(file, `${suite.server.origin}/w/api.php?action=query&list=allpages\n`);
    const run = await cli(['run', '--allow-private', '--timeout', String(TIMEOUT), file]);
    assertSaid(
      run,
      1,
      new RegExp(
        `^wikimap-query run: No connection to ${HOST} within ${TIMEOUT} s\\. Check that the server runs and that the endpoint URL is right \\(a firewall that drops connections looks the same\\)\\.\\n$`,
      ),
    );
    assert.doesNotMatch(run.stderr, /timeoutSeconds/);
    assert.equal(run.stdout, '');
  });

  it('check --catalogue URL: exit 2, cannot reach the wiki (no connection … within 3 s)', async () => {
    const file = path.join(suite.dir, 'check.wikiquery');
    fs.writeFileSync(file, 'action=query&list=allpages\n');
    const run = await cli(['check', '--catalogue-timeout', String(TIMEOUT), '--catalogue', `${suite.server.origin}/w/api.php`, file]);
    assertSaid(
      run,
      2,
      new RegExp(
        `^wikimap-query check: cannot use the catalogue http://${HOST}/w/api\\.php: cannot reach http://${HOST}/w/api\\.php \\(${NO_CONNECTION}\\); check the URL and your connection, then run the command again\\.?\\n$`,
      ),
    );
  });

  it('catalogue save URL: exit 2, cannot reach the wiki (no connection … within 3 s), nothing written', async () => {
    const out = path.join(suite.dir, 'saved.json');
    const run = await cli(['catalogue', 'save', `${suite.server.origin}/w/api.php`, '-o', out, '--catalogue-timeout', String(TIMEOUT)]);
    assertSaid(
      run,
      2,
      new RegExp(
        `^wikimap-query catalogue save: cannot reach http://${HOST}/w/api\\.php \\(${NO_CONNECTION}\\); check the URL and your connection, then run the command again\\.?\\n$`,
      ),
    );
    assert.equal(fs.existsSync(out), false, 'no file written');
  });

  it('check --map-config URL: exit 2, no connection … within 3 s', async () => {
    const file = path.join(suite.dir, 'box.mapquery.json');
    fs.writeFileSync(file, '{"pos1":{"x":0,"y":0,"z":0},"pos2":{"x":1,"y":1,"z":1},"type":"bones"}\n');
    const run = await cli(['check', '--map-config-timeout', String(TIMEOUT), '--map-config', suite.server.origin, file]);
    assertSaid(run, 2, new RegExp(`^wikimap-query check: cannot use the map config http://${HOST}: ${NO_CONNECTION}\\n$`));
  });

  it('the language server over stdio, the wiki and the map server configured: each said once; hover still answers', async () => {
    const started = Date.now();
    const apiUrl = `${suite.server.origin}/w/api.php`;
    const client = await LspClient.start({
      launch: (command, args) => ['env', [`XDG_CACHE_HOME=${path.join(suite.dir, 'server-cache')}`, command, ...args]],
      initializationOptions: {
        wikis: { never: apiUrl },
        wiki: { catalogueTimeoutSeconds: TIMEOUT },
        mapserver: { url: suite.server.origin, configTimeoutSeconds: TIMEOUT },
        diagnostics: { delay: 0 },
      },
    });
    try {
      const wikiUri = 'file:///home/user/never.wikiquery';
      await client.open(wikiUri, 'wikiquery', `${apiUrl}?action=query&list=allpages\n`);
      await client.open('file:///home/user/never.mapquery.json', 'mapquery', '{"pos1":{"x":0,"y":0,"z":0},"pos2":{"x":1,"y":1,"z":1}}\n');
      const said = async (prefix: string) => {
        const shown = await client.waitFor(
          `a message starting "${prefix}"`,
          () => client.shown.find((m) => m.message.startsWith(prefix))?.message,
          MAX_SECONDS * 1000,
        );
        assert.equal(client.shown.filter((m) => m.message.startsWith(prefix)).length, 1, 'said once');
        return shown.slice(prefix.length);
      };
      assert.match(
        await said(`Wiki Query: cannot load the catalogue of ${apiUrl}: `),
        new RegExp(
          `^cannot reach ${apiUrl.replace(/[.?]/g, '\\$&')} \\(${NO_CONNECTION}\\); check the URL and your connection, then run "Wiki Query: Reload Catalogue"\\. Using the built-in catalogue meanwhile\\.$`,
        ),
      );
      assert.match(
        await said(`Could not load the config of the map server ${suite.server.origin} (`),
        new RegExp(`^${NO_CONNECTION}\\); map queries are checked against the default layers and types\\.$`),
      );
      const hover = await client.request<Hover | null>('textDocument/hover', {
        textDocument: { uri: wikiUri },
        position: { line: 0, character: apiUrl.length + 10 },
      });
      assert.match(JSON.stringify(hover?.contents), /query/, 'hover answers, by the built-in catalogue');
      assert.ok(client.alive, 'the server lives');
      const logged = [...client.logs, ...client.stderr].join('\n');
      assert.doesNotMatch(logged, /\n\s+at |Unexpected (error|rejection)/);
      const peak = peakRssMb(client.pid) ?? Infinity;
      assert.ok(peak < MAX_PEAK_MB, `peak ${peak.toFixed(0)} MB`);
      assert.ok((Date.now() - started) / 1000 < MAX_SECONDS, `${(Date.now() - started) / 1000} s`);
    } finally {
      await client.stop();
    }
  });
});
