/**
 * The repository config file `.wikimapquery.json`: read the same by the checker (`wikimap-query check`)
 * and the language server, under the editor's settings and the checker's flags, ignored in an untrusted
 * workspace, and its mistakes said without stopping anything. Real processes over stdio.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-types';
import { ensureBuilt, LspClient, runCli, type ClientOptions } from './lspClient';

/** An unrecognized parameter (a warning by default) and 60 titles (more than 50 only with high limits). */
const TEXT = `action=query&prop=info&apfoo=1&titles=${Array.from({ length: 60 }, (_, i) => `T${i}`).join('|')}\n`;
const CONFIG = { diagnostics: { severity: { unrecognizedparams: 'error' } }, 'wiki.highLimits': true };
const SEVERITY: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

/** A repository (a folder with .git) holding the config file at its top and a query file two folders down. */
function makeRepo(config: unknown): { root: string; file: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-repo-'));
  fs.mkdirSync(path.join(root, '.git'));
  fs.mkdirSync(path.join(root, 'queries', 'deep'), { recursive: true });
  if (config !== undefined)
    fs.writeFileSync(path.join(root, '.wikimapquery.json'), typeof config === 'string' ? config : JSON.stringify(config));
  const file = path.join(root, 'queries', 'deep', 'a.wikiquery');
  fs.writeFileSync(file, TEXT);
  return { root, file };
}

function cli(file: string, ...flags: string[]): { verdicts: string[]; stderr: string; status: number | null } {
  const res = runCli(['check', '--format', 'json', ...flags, file], { cwd: os.tmpdir() });
  const results = JSON.parse(res.stdout) as Array<{ line: number; column: number; severity: string; code: string }>;
  return { verdicts: results.map((r) => `${r.line}:${r.column} ${r.severity} ${r.code}`).sort(), stderr: res.stderr, status: res.status };
}

function verdicts(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${SEVERITY[d.severity ?? 1]} ${d.code}`).sort();
}

async function server(
  repo: { root: string; file: string },
  options: ClientOptions = {},
): Promise<{ verdicts: string[]; client: LspClient }> {
  const init = { diagnostics: { delay: 0 }, ...(options.initializationOptions as object) };
  const client = await LspClient.start({ ...options, rootUri: pathToFileURL(repo.root).href, initializationOptions: init });
  const uri = pathToFileURL(repo.file).href;
  await client.open(uri, 'wikiquery', TEXT, 1);
  return { verdicts: verdicts(await client.diagnosticsFor(uri, 1)), client };
}

async function serverVerdicts(repo: { root: string; file: string }, options: ClientOptions = {}): Promise<string[]> {
  const { verdicts: found, client } = await server(repo, options);
  await client.stop();
  return found;
}

describe('the repository config file, read by the checker and the language server', function () {
  this.timeout(30000);
  const made: string[] = [];
  let repo: { root: string; file: string };
  let withoutFile: string[];

  before(() => {
    ensureBuilt();
    repo = makeRepo(CONFIG);
    made.push(repo.root);
    withoutFile = cli(repo.file, '--no-config').verdicts;
  });
  after(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is read the same by the checker and the server (found two folders up, stopping at the repository top)', async () => {
    const fromCli = cli(repo.file);
    assert.equal(fromCli.stderr.includes('.wikimapquery.json'), false, fromCli.stderr);
    assert.notDeepEqual(fromCli.verdicts, withoutFile, 'the file changes the verdicts');
    assert.ok(
      fromCli.verdicts.some((v) => v.endsWith('error unrecognizedparams')),
      fromCli.verdicts.join('\n'),
    );
    assert.deepEqual(await serverVerdicts(repo), fromCli.verdicts);
  });

  it("a sub-folder's own file applies to the files under it, in the server as in the checker", async () => {
    const nested = makeRepo(CONFIG);
    made.push(nested.root);
    fs.writeFileSync(
      path.join(nested.root, 'queries', '.wikimapquery.json'),
      JSON.stringify({ 'diagnostics.severity': { unrecognizedparams: 'hint' } }),
    );
    const fromCli = cli(nested.file).verdicts;
    assert.ok(
      fromCli.some((v) => v.endsWith('hint unrecognizedparams')),
      fromCli.join('\n'),
    );
    assert.ok(
      fromCli.some((v) => v.includes('toomanyvalues')),
      'the nearer file replaces the top one: no high limits',
    );
    assert.deepEqual(await serverVerdicts(nested), fromCli);
  });

  it('is ignored by the server in an untrusted workspace', async () => {
    assert.deepEqual(await serverVerdicts(repo, { initializationOptions: { workspaceTrusted: false } }), withoutFile);
  });

  it('lies under the editor settings (key by key) and the checker flags (code by code)', async () => {
    const editor = await serverVerdicts(repo, {
      initializationOptions: { wikimapQuery: { diagnostics: { severity: { unrecognizedparams: 'hint' } } } },
    });
    const flags = cli(repo.file, '--severity', 'unrecognizedparams=hint').verdicts;
    assert.deepEqual(editor, flags);
    assert.ok(
      flags.some((v) => v.endsWith('hint unrecognizedparams')),
      flags.join('\n'),
    );
    assert.ok(!flags.some((v) => v.includes('toomanyvalues')), 'wiki.highLimits still comes from the file');
  });

  it('says what it ignores (unknown names, wrong types, user and editor settings, the prefix), and applies the rest', async () => {
    const bad = makeRepo({
      'wiki.highLimits': 'yes',
      diagnostics: { severity: { unrecognizedparams: 'error' }, delya: 3 },
      'run.timeoutSeconds': 5,
      'wiki.liveCatalogues': 'any',
      'wikimapQuery.wiki.apiUrl': 'https://wiki.example.org/w/api.php',
    });
    made.push(bad.root);
    const fromCli = cli(bad.file);
    assert.equal(fromCli.status, 1, 'checked (an error-level verdict), not a usage error');
    for (const said of [
      /wiki\.highLimits must be true or false/,
      /diagnostics\.delya is not a setting/,
      /run\.timeoutSeconds is an editor setting/,
      /wiki\.liveCatalogues is a user setting/,
      /without the "wikimapQuery\." prefix/,
    ])
      assert.match(fromCli.stderr, said);
    const { verdicts: found, client } = await server(bad);
    try {
      assert.deepEqual(found, fromCli.verdicts);
      await client.waitFor('the problems shown', () =>
        client.shown.filter((m) => m.message.includes('.wikimapquery.json')).length >= 5 ? true : undefined,
      );
    } finally {
      await client.stop();
    }
  });

  it('that is not JSON is said once and ignored', async () => {
    const broken = makeRepo('{ "wiki.highLimits": true,, }');
    made.push(broken.root);
    const fromCli = cli(broken.file);
    assert.match(fromCli.stderr, /\.wikimapquery\.json: not valid JSON \(PropertyNameExpected at line 1, column 27\); the file is ignored/);
    assert.deepEqual(fromCli.verdicts, withoutFile);
    assert.deepEqual(await serverVerdicts(broken), withoutFile);
  });

  it('is read again when the client reports it changed', async () => {
    const changing = makeRepo(CONFIG);
    made.push(changing.root);
    const { verdicts: first, client } = await server(changing, {
      capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
    });
    try {
      assert.deepEqual(first, cli(changing.file).verdicts);
      await client.waitFor('the watcher registration', () =>
        client.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles'),
      );
      fs.writeFileSync(
        path.join(changing.root, '.wikimapquery.json'),
        JSON.stringify({ diagnostics: { severity: { unrecognizedparams: 'off' } } }),
      );
      const before = client.published.length;
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: pathToFileURL(path.join(changing.root, '.wikimapquery.json')).href, type: 2 }],
      });
      const uri = pathToFileURL(changing.file).href;
      const after = await client.waitFor('diagnostics after the change', () => client.published.slice(before).find((p) => p.uri === uri));
      assert.deepEqual(verdicts(after.diagnostics), cli(changing.file).verdicts);
      assert.ok(!verdicts(after.diagnostics).some((v) => v.includes('unrecognizedparams')));
    } finally {
      await client.stop();
    }
  });
});
