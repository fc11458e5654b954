/**
 * `wikimap-query check --target`: one document judged against several targets (the built-in MediaWiki
 * versions, saved catalogue files, a wiki's URL), through the real `dist/cli.js` process.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckResult as JsonResult } from '../../server/src/cli/checkCommand';
import { CLI, ensureBuilt, ROOT, runCli } from './lspClient';
import { THREE_VERSIONS_DOCUMENT } from '../support/targetsDocument';
import { listenLoopback, unusedLoopbackPort } from '../support/loopbackServer';

const cli = (args: string[], input = '', env: Record<string, string> = {}) => runCli(args, { input, env });

/** As `cli`, without blocking this process (a server of the test answers the CLI meanwhile). */
function cliAsync(
  args: string[],
  input: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

const DOCUMENT = THREE_VERSIONS_DOCUMENT;
const VERSIONS = ['--target', '1.39', '--target', '1.43', '--target', 'mediawiki-1.45'];
const NAMES = ['MediaWiki 1.39', 'MediaWiki 1.43', 'MediaWiki 1.45'];

describe('wikimap-query check --target (CLI)', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-targets-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('JSON: each problem once, with the targets that produce it, the worst severity over them', () => {
    const run = cli(['check', '--format', 'json', ...VERSIONS, '-'], DOCUMENT);
    assert.equal(run.status, 1, run.stderr);
    const results = JSON.parse(run.stdout) as JsonResult[];
    const seen = results.map((r) => ({ line: r.line, code: r.code, param: r.param, targets: r.targets }));
    assert.deepEqual(seen, [
      { line: 1, code: 'unrecognizedparams', param: 'rnminsize', targets: ['MediaWiki 1.39', 'MediaWiki 1.43'] },
      { line: 2, code: 'unrecognizedparams', param: 'auexcludetemp', targets: ['MediaWiki 1.39'] },
      { line: 4, code: 'missingparam', param: 'srsearch', targets: NAMES },
    ]);
    for (const r of results) assert.doesNotMatch(r.message, /\[on /, 'JSON keeps the message as it is');
  });

  it('text, SARIF and GitHub messages say on which targets a problem is and which accept the request', () => {
    const text = cli(['check', ...VERSIONS, '-'], DOCUMENT);
    assert.match(text.stdout, /rnminsize.*\[on MediaWiki 1\.39, MediaWiki 1\.43; accepted by MediaWiki 1\.45\]/);
    assert.match(text.stdout, /missingparam .*\[on every target: MediaWiki 1\.39, MediaWiki 1\.43, MediaWiki 1\.45\]/);
    const sarif = JSON.parse(cli(['check', '--format', 'sarif', ...VERSIONS, '-'], DOCUMENT).stdout) as {
      runs: { results: { message: { text: string } }[] }[];
    };
    assert.match(
      sarif.runs[0].results[1].message.text,
      /auexcludetemp.*\[on MediaWiki 1\.39; accepted by MediaWiki 1\.43, MediaWiki 1\.45\]$/,
    );
    const github = cli(['check', '--format', 'github', ...VERSIONS, '-'], DOCUMENT);
    assert.match(github.stdout, /^::warning file=<stdin>,line=1,.*rnminsize.*accepted by MediaWiki 1\.45\]$/m);
  });

  it('--format matrix: one line per request, one column per target', () => {
    const run = cli(['check', '--format', 'matrix', ...VERSIONS, '-'], DOCUMENT);
    assert.equal(run.status, 1, run.stderr);
    const rows = run.stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split(/\s{2,}/));
    assert.deepEqual(rows, [
      ['request', ...NAMES],
      ['<stdin>:1 action=query&list=random&rnminsize=100', 'warn', 'warn', 'ok'],
      ['<stdin>:2 action=query&list=allusers&auexcludetemp=1', 'warn', 'ok', 'ok'],
      ['<stdin>:3 action=query&list=allpages&aplimit=10', 'ok', 'ok', 'ok'],
      ['<stdin>:4 action=query&list=search', 'error', 'error', 'error'],
    ]);
    assert.match(run.stderr, /4 requests; MediaWiki 1\.39: 1 ok, 2 warn\/note, 1 error; .*MediaWiki 1\.45: 3 ok, 0 warn\/note, 1 error/);
  });

  it('names a target NAME=FILE: a saved catalogue file judges beside a built-in version', () => {
    const builtin = JSON.parse(fs.readFileSync(path.join(ROOT, 'descriptors', 'wiki', 'query-modules.json'), 'utf8'));
    const saved = path.join(dir, 'wiki.json');
    fs.writeFileSync(saved, JSON.stringify(builtin));
    const run = cli(
      ['check', '--format', 'json', '--target', `farm=${saved}`, '--target', '1.39', '-'],
      'action=query&list=random&rnminsize=1\n',
    );
    const results = JSON.parse(run.stdout) as JsonResult[];
    assert.deepEqual(
      results.map((r) => [r.param, r.targets]),
      [['rnminsize', ['MediaWiki 1.39']]],
    );
  });

  it('a target that cannot be had is said once, the others still judge; exit 2 only when none is loaded', async () => {
    const port = await unusedLoopbackPort();
    const notParaminfo = path.join(dir, 'not-paraminfo.json');
    fs.writeFileSync(notParaminfo, '{"hello": "world"}');
    const bad = [
      '--target',
      `offline=http://127.0.0.1:${port}/w/api.php`,
      '--target',
      `junk=${notParaminfo}`,
      '--target',
      'gone=no-such.json',
    ];
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const some = cli(['check', '--format', 'json', ...bad, '--target', '1.45', '-'], DOCUMENT, env);
    assert.equal(some.status, 1, some.stderr);
    for (const name of ['offline', 'junk', 'gone']) assert.equal(some.stderr.split(`target ${name} left out`).length - 1, 1, some.stderr);
    assert.ok((JSON.parse(some.stdout) as JsonResult[]).every((r) => r.targets!.join() === 'MediaWiki 1.45'));
    const none = cli(['check', ...bad, '-'], DOCUMENT, env);
    assert.equal(none.status, 2, none.stderr);
    assert.match(none.stderr, /no target could be loaded/);
  });

  it('a source file naming an extension module gets the built-in versions’ hint, not their warnings (they describe core alone)', () => {
    const file = path.join(dir, 'bot.py');
    fs.writeFileSync(
      file,
      'import requests\nrequests.get("https://en.wikipedia.org/w/api.php?action=query&prop=extracts&exintro=1&exintor=1&titles=A")\n',
    );
    const run = cli(['check', '--format', 'json', '--target', '1.39', '--target', '1.45', file], '', {
      XDG_CACHE_HOME: path.join(dir, 'cache'),
    });
    assert.equal(run.status, 0, run.stderr); // warnings and hints only
    const got = (JSON.parse(run.stdout) as JsonResult[]).map((r) => [r.code, r.severity, r.param, r.targets]);
    assert.deepEqual(got, [
      ['extensionmodule', 'hint', 'prop', NAMES.filter((n) => n !== 'MediaWiki 1.43')],
      ['unrecognizedparams', 'warning', 'exintor', NAMES.filter((n) => n !== 'MediaWiki 1.43')],
    ]);
  });

  it('a MediaWiki version that is not built in is left out, naming the built-in ones', () => {
    const run = cli(['check', '--target', '1.44', '--target', 'MediaWiki 1.35.2', '--target', '1.45', '-'], DOCUMENT, {
      XDG_CACHE_HOME: path.join(dir, 'cache'),
    });
    assert.equal(run.status, 1, run.stderr);
    for (const [name, short] of [
      ['MediaWiki 1.44', '1.44'],
      ['MediaWiki 1.35.2', '1.35'],
    ])
      assert.ok(
        run.stderr.includes(`target ${name} left out: MediaWiki ${short} is not a built-in version (those are 1.39, 1.43, 1.45;`),
        run.stderr,
      );
  });

  it('an oversized target catalogue (a saved file, a wiki’s answer) is left out, said once; the others still judge', async () => {
    const big = path.join(dir, 'big.json');
    fs.writeFileSync(big, JSON.stringify({ paraminfo: { modules: [{ name: 'x', parameters: [], pad: 'a'.repeat(3 * 1024 * 1024) }] } }));
    // A wiki whose every answer is 3 MB of JSON (over the 1 MB budget given).
    const huge = `{"batchcomplete":"","pad":"${'a'.repeat(3 * 1024 * 1024)}"}`;
    const server = await listenLoopback(
      http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(huge)),
    );
    const { port } = server;
    try {
      const env = { XDG_CACHE_HOME: path.join(dir, 'cache-big') };
      const args = ['--target', `bigfile=${big}`, '--target', `bigwiki=http://127.0.0.1:${port}/w/api.php`, '--target', '1.45'];
      const run = await cliAsync(['check', '--format', 'json', '--max-catalogue-mb', '1', ...args, '-'], DOCUMENT, env);
      assert.equal(run.status, 1, run.stderr);
      assert.equal(run.stderr.split('target bigfile left out').length - 1, 1, run.stderr);
      assert.match(run.stderr, /target bigfile left out: .*big\.json is 4 MB, over the catalogue budget of 1 MB/);
      assert.equal(run.stderr.split('target bigwiki left out').length - 1, 1, run.stderr);
      assert.match(run.stderr, /target bigwiki left out: .*1 MB/);
      assert.ok((JSON.parse(run.stdout) as JsonResult[]).every((r) => r.targets!.join() === 'MediaWiki 1.45'));
    } finally {
      await server.close();
    }
  });

  it('--format matrix: two requests on one line are two rows, each with its own verdicts', () => {
    const md = path.join(dir, 'two.md');
    fs.writeFileSync(
      md,
      'Both on one line: `https://www.mediawiki.org/w/api.php?action=query&list=allpages&aplimit=10` and `https://www.mediawiki.org/w/api.php?action=query&list=random&rnminsize=100`.\n',
    );
    const run = cli(['check', '--format', 'matrix', '--target', '1.39', '--target', '1.45', md]);
    assert.equal(run.status, 0, run.stderr);
    const rows = run.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(/\s{2,}/).slice(1));
    assert.deepEqual(rows, [
      ['ok', 'ok'],
      ['warn', 'ok'],
    ]);
    assert.match(run.stdout, /two\.md:1 https:\/\/www\.mediawiki\.org\/w\/api\.php\?action=query&list=allpa/);
  });

  it('refuses more than 20 targets, before loading any', () => {
    const targets = Array.from({ length: 21 }, (_, i) => ['--target', `t${i}=1.45`]).flat();
    const run = cli(['check', ...targets, '-'], DOCUMENT);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /21 targets given; at most 20 are judged in one run \(check in several runs\)/);
  });

  it('refuses two targets of the same name', () => {
    const run = cli(['check', '--target', 'a=1.39', '--target', 'a=1.45', '-'], DOCUMENT);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /two targets are named "a"/);
  });
});
