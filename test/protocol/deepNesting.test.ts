/**
 * Documents nested 1,000 to 100,000 levels deep, through the real CLI and the real language server
 * over stdio: the CLI prints its result and exits 0/1 (never 2), the server gives one clear
 * diagnostic, answers hover and completion, and replaces the diagnostic when the document is fixed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { CLI, ensureBuilt, LspClient, ROOT } from './lspClient';
import { seededRandom } from '../support/seededRandom';

/** Shapes of deep nesting: closed and unclosed, arrays, objects, mixed with strings, comments and noise. */
function shapes(depth: number, seed: number): Array<[string, string]> {
  const random = seededRandom(seed);
  const mixed: string[] = [];
  for (let i = 0; i < depth; i++) {
    const r = random();
    mixed.push(r < 0.3 ? '[' : r < 0.6 ? '{"k":' : r < 0.7 ? '["]",' : r < 0.8 ? '/* [ */[' : r < 0.9 ? '{"a\\"[":' : '[1,');
  }
  return [
    ['arrays', `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['objects', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
    ['unclosed', '['.repeat(depth)],
    ['query inside', `${'['.repeat(depth)}{"pos1":{"x":0,"y":0,"z":0},"pos2":{"x":1,"y":1,"z":1},"type":"bones"}${']'.repeat(depth)}`],
    ['seeded mix', mixed.join('')],
  ];
}

const DEPTHS = [1000, 10000, 100000];

describe('deep nesting (1,000–100,000 levels)', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-deep-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('the CLI', () => {
    for (const depth of DEPTHS) {
      it(`prints JSON and exits 0/1 for every shape at depth ${depth}`, () => {
        shapes(depth, depth).forEach(([name, text], i) => {
          const file = path.join(dir, `d${depth}-${i}.mapquery.json`);
          fs.writeFileSync(file, text);
          const run = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', file], { cwd: ROOT, encoding: 'utf8' });
          assert.ok(run.status === 0 || run.status === 1, `${name}: exit ${run.status}, stderr ${run.stderr.slice(0, 300)}`);
          const results = JSON.parse(run.stdout) as CheckResult[];
          const deep = results.filter((r) => r.code === 'toodeep');
          if (name !== 'seeded mix') {
            assert.equal(deep.length, 1, `${name}: one toodeep result`);
            assert.equal(results.length, 1, `${name}: deeper checks skipped`);
            assert.match(deep[0].message, /Nested deeper than 512 levels/);
          }
          assert.ok(!results.some((r) => r.code === 'checkfailed'), `${name}: checked`);
        });
      });
    }
    it('a wiki query file of brackets is checked too (the wiki parser does not nest)', () => {
      const file = path.join(dir, 'deep.wikiquery');
      fs.writeFileSync(file, `action=query&list=allpages&apfrom=${'['.repeat(100000)}\n`);
      const run = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', file], { cwd: ROOT, encoding: 'utf8' });
      assert.ok(run.status === 0 || run.status === 1, run.stderr);
      JSON.parse(run.stdout);
    });
  });

  describe('the language server over stdio', () => {
    let client: LspClient;
    before(async () => {
      client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
    });
    after(async () => client.stop());

    for (const depth of DEPTHS) {
      it(`one diagnostic, hover and completion answer, fixed text replaces it (depth ${depth})`, async () => {
        const uri = `file:///home/user/deep-${depth}.mapquery.json`;
        const [, text] = shapes(depth, depth)[0];
        await client.open(uri, 'mapquery', text, 1);
        const first = await client.diagnosticsFor(uri, 1);
        assert.deepEqual(
          first.map((d) => d.code),
          ['toodeep'],
        );
        const deepPosition = { line: 0, character: depth - 2 };
        const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: deepPosition });
        assert.equal(hover, null);
        const completion = await client.request<{ items: unknown[] }>('textDocument/completion', {
          textDocument: { uri },
          position: deepPosition,
        });
        assert.deepEqual(completion.items, []);
        // The user replaces the text: the stale diagnostic goes.
        await client.change(uri, 2, [{ text: '{"pos1":{"x":0,"y":0,"z":0},"pos2":{"x":1,"y":1,"z":1},"type":"bones"}' }]);
        assert.deepEqual(await client.diagnosticsFor(uri, 2), []);
        assert.ok(client.alive);
      });
    }

    it('unclosed and mixed shapes at 100,000 levels never crash the server', async () => {
      for (const [name, text] of shapes(100000, 7).slice(1)) {
        const uri = `file:///home/user/deep-${name.replace(/\s/g, '-')}.mapquery.json`;
        await client.open(uri, 'mapquery', text, 1);
        const diagnostics = await client.diagnosticsFor(uri, 1);
        assert.ok(diagnostics.length >= 1, name);
        await client.request('textDocument/documentSymbol', { textDocument: { uri } });
        await client.request('textDocument/hover', {
          textDocument: { uri },
          position: { line: 0, character: Math.floor(text.length / 2) },
        });
      }
      assert.ok(client.alive);
    });
  });
});
