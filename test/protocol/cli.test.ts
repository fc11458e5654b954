/**
 * The `wikimap-query` CLI as CI pipelines run it: the real `dist/cli.js` process.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckResult as JsonResult } from '../../server/src/cli/checkCommand';
import { ensureBuilt, ROOT, runCli } from './lspClient';
import { unusedLoopbackPort } from '../support/loopbackServer';

const cli = runCli;

describe('wikimap-query check (CLI)', function () {
  this.timeout(30000);
  let dir: string;

  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-cli-'));
    fs.mkdirSync(path.join(dir, 'queries', 'nested'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'queries', 'mistakes.wikiquery'),
      ['# two mistakes', 'action=query&list=allpages&aplimit=9000', '', 'action=query&list=search&srlimit=10', ''].join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'queries', 'valid.wikiquery'), 'action=query&list=allpages&aplimit=max\n');
    fs.writeFileSync(
      path.join(dir, 'queries', 'nested', 'bones.mapquery.json'),
      '{ "pos1": {"x": 20, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 1, "z": 1}, "type": "bones" }\n',
    );
    fs.writeFileSync(path.join(dir, 'queries', 'nested', 'README.txt'), 'not a query file: ignored in a directory\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints file:line:col severity code message, sorted by position, and exits 1 on errors', () => {
    const run = cli(['check', 'queries/mistakes.wikiquery'], { cwd: dir });
    assert.equal(run.status, 1, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.deepEqual(
      lines.map((l) => l.split(' ').slice(0, 3).join(' ')),
      ['queries/mistakes.wikiquery:2:36 warning outofrange', 'queries/mistakes.wikiquery:4:19 error missingparam'],
    );
    for (const l of lines) assert.match(l, /^queries\/mistakes\.wikiquery:\d+:\d+ (error|warning|information|hint) \w+ \S.*$/);
    assert.match(lines[1], /srsearch/, 'the message names the missing parameter');
  });

  it('names the JSON property path of each map diagnostic (one pass over the document, whatever the number of problems)', () => {
    const file = path.join(dir, 'paths.mapquery.json');
    fs.writeFileSync(
      file,
      [
        '[',
        '  {"pos1": {"x": 0, "y": "a", "z": 0}, "pos2": {"x": 1, "y": 1}, "type": "bonez", "extra": 1},',
        '  {"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones", "attributelike": {"key": 5, "value": "x"}},',
        '  [], 5,',
        '  {"pos1": null, "pos2": {"x": 1e9, "y": -1e9, "z": 1.5}, "typ": "bones"}',
        ']',
        '',
      ].join('\n'),
    );
    const run = cli(['check', '--format', 'json', file]);
    fs.rmSync(file);
    const seen = (JSON.parse(run.stdout) as JsonResult[]).map((r) => `${r.code} ${r.param}`);
    assert.deepEqual(seen, [
      'notinteger pos1.y',
      'missingcoordinate pos2',
      'unknowntype type',
      'unknownfield extra',
      'badattributelike attributelike.key',
      'notanobject null',
      'notanobject null',
      'missingfield null',
      'defaultcorner pos1',
      'notinteger pos2.x',
      'notinteger pos2.y',
      'notinteger pos2.z',
      'unknownfield typ',
    ]);
  });

  it('prints a JSON array with 1-based positions and the parameter each diagnostic is about', () => {
    const run = cli(['check', '--format', 'json', 'queries/mistakes.wikiquery'], { cwd: dir });
    assert.equal(run.status, 1, run.stderr);
    const results = JSON.parse(run.stdout) as JsonResult[];
    const out = results.find((r) => r.code === 'outofrange');
    assert.ok(out);
    assert.deepEqual(
      {
        file: out.file,
        line: out.line,
        column: out.column,
        endLine: out.endLine,
        endColumn: out.endColumn,
        severity: out.severity,
        param: out.param,
      },
      { file: 'queries/mistakes.wikiquery', line: 2, column: 36, endLine: 2, endColumn: 40, severity: 'warning', param: 'aplimit' },
    );
    const missing = results.find((r) => r.code === 'missingparam');
    assert.equal(missing?.severity, 'error');
    assert.equal(missing?.param, 'srsearch');
    for (const r of results)
      assert.deepEqual(Object.keys(r).sort(), ['code', 'column', 'endColumn', 'endLine', 'file', 'line', 'message', 'param', 'severity']);
  });

  it('exits 0 with no output for a valid file', () => {
    const run = cli(['check', 'queries/valid.wikiquery'], { cwd: dir });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /No problems in 1 file/);
  });

  it('checks the *.wikiquery and *.mapquery.json files under a directory, map queries through the map service', () => {
    const run = cli(['check', '--format', 'json', 'queries'], { cwd: dir });
    const results = JSON.parse(run.stdout) as JsonResult[];
    assert.deepEqual(
      [...new Set(results.map((r) => r.file))],
      [path.join('queries', 'mistakes.wikiquery'), path.join('queries', 'nested', 'bones.mapquery.json')],
    );
    const inverted = results.find((r) => r.code === 'invertedbox');
    assert.equal(inverted?.severity, 'warning');
    assert.equal(run.status, 1);
  });

  it('reads a wiki query document from standard input with -', () => {
    const run = cli(['check', '-'], { input: 'action=query&list=allpages&apnamespace=Nonsense\n' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^<stdin>:1:\d+ error badvalue /);
  });

  it('checks the api.php URLs in a markdown file named explicitly, and nothing else in it', () => {
    fs.writeFileSync(path.join(dir, 'notes.md'), '# Bot\n\nIt calls `api.php?action=query&list=allpages&aplimit=9000` & more=text.\n');
    const run = cli(['check', '--format', 'json', 'notes.md'], { cwd: dir });
    const results = JSON.parse(run.stdout) as JsonResult[];
    assert.deepEqual(
      results.map((r) => [r.line, r.column, r.code, r.param]),
      [[3, 54, 'outofrange', 'aplimit']],
    );
  });

  it('makes warnings errors (and back) with --severity', () => {
    assert.equal(cli(['check', '-'], { input: 'action=query&list=allpages&aplimit=9000\n' }).status, 0);
    const strict = cli(['check', '--severity', 'outofrange=error', '-'], { input: 'action=query&list=allpages&aplimit=9000\n' });
    assert.equal(strict.status, 1);
    assert.match(strict.stdout, / error outofrange /);
    const off = cli(['check', '--severity=missingparam=off', '-'], { input: 'action=query&list=search\n' });
    assert.equal(off.status, 0);
    assert.equal(off.stdout, '');
  });

  it('allows 500 values per parameter with --high-limits', () => {
    const input = `action=query&prop=info&titles=${Array.from({ length: 60 }, (_, i) => `P${i}`).join('|')}\n`;
    const low = cli(['check', '-'], { input });
    assert.equal(low.status, 1);
    assert.match(low.stdout, / error toomanyvalues /);
    assert.equal(cli(['check', '--high-limits', '-'], { input }).status, 0);
  });

  it('gives the verdicts of a request sent without logging in unless --logged-in (or wiki.loggedIn in .wikimapquery.json) says otherwise', () => {
    const input = 'action=query&list=watchlist\n';
    const anonymous = cli(['check', '-'], { input });
    assert.equal(anonymous.status, 1);
    assert.match(anonymous.stdout, / error notloggedin .*sent without logging in/);
    const loggedIn = cli(['check', '--logged-in', '-'], { input });
    assert.equal(loggedIn.status, 0);
    assert.equal(loggedIn.stdout, '');
    const repo = path.join(dir, 'logged-in-repo');
    fs.mkdirSync(repo, { recursive: true });
    fs.writeFileSync(path.join(repo, '.wikimapquery.json'), JSON.stringify({ 'wiki.loggedIn': true }));
    fs.writeFileSync(path.join(repo, 'watch.wikiquery'), input);
    assert.equal(cli(['check', path.join(repo, 'watch.wikiquery')]).status, 0);
  });

  it('judges by a saved paraminfo file given with --catalogue', () => {
    const builtin = JSON.parse(fs.readFileSync(path.join(ROOT, 'descriptors', 'wiki', 'query-modules.json'), 'utf8'));
    builtin.paraminfo.modules = builtin.paraminfo.modules.filter((m: { name: string }) => m.name !== 'categorymembers');
    const saved = path.join(dir, 'smaller-wiki.json');
    fs.writeFileSync(saved, JSON.stringify(builtin));
    const input = 'action=query&list=categorymembers&cmtitle=Category:Physics\n';
    assert.equal(cli(['check', '-'], { input }).status, 0, 'valid against the built-in catalogue');
    const run = cli(['check', '--format', 'json', '--catalogue', saved, '-'], { input });
    const results = JSON.parse(run.stdout) as JsonResult[];
    assert.ok(
      results.some((r) => r.code === 'unrecognizedvalues' && r.param === 'list'),
      run.stdout,
    );
  });

  const usage: Array<{ args: string[]; message: RegExp }> = [
    { args: [], message: /Usage: wikimap-query check/ },
    { args: ['lint', 'x'], message: /unknown command "lint"/ },
    { args: ['check'], message: /at least one file or directory/ },
    { args: ['check', '--frobnicate', 'x.wikiquery'], message: /Unknown option --frobnicate/ },
    { args: ['check', '--format', 'xml', 'x.wikiquery'], message: /--format must be one of text, json, sarif, github/ },
    { args: ['check', '--format'], message: /--format needs a value/ },
    { args: ['check', 'no/such/file.wikiquery'], message: /no\/such\/file\.wikiquery: no such file or directory/ },
    {
      args: ['check', '--catalogue', 'missing-catalogue.json', '-'],
      message: /cannot use the catalogue missing-catalogue\.json: no such file/,
    },
    { args: ['check', '--severity', 'outofrange=loud', '-'], message: /CODE=LEVEL/ },
    {
      args: ['check', '--max-catalogue-follow-ups', '-1', '-'],
      message: /--max-catalogue-follow-ups takes a whole number from 0 to 400 \(got "-1"\)/,
    },
    { args: ['check', '--catalogue-timeout=0', '-'], message: /--catalogue-timeout takes a number from 1 to 300/ },
    { args: ['check', '--map-config-timeout=0', '-'], message: /--map-config-timeout takes a number from 1 to 300/ },
    { args: ['check', '--max-map-config-kb', 'big', '-'], message: /--max-map-config-kb takes a number from 1 to 65536/ },
    {
      args: ['catalogue', 'save', 'http://127.0.0.1:1/w/api.php', '-o', 'x.json', '--max-catalogue-mb', '0'],
      message: /--max-catalogue-mb takes a number from 1 to 1000/,
    },
  ];
  for (const { args, message } of usage) {
    it(`exits 2 with a clear message: ${args.join(' ') || '(no arguments)'}`, () => {
      const run = cli(args, { cwd: dir });
      assert.equal(run.status, 2, run.stdout + run.stderr);
      assert.match(run.stderr, message);
    });
  }

  it('exits 2 naming the wiki when --catalogue names a wiki that cannot be reached', async () => {
    const port = await unusedLoopbackPort();
    const apiUrl = `http://127.0.0.1:${port}/w/api.php`;
    const run = cli(['check', '--catalogue', apiUrl, '-'], {
      input: 'action=query&list=allpages\n',
      env: { XDG_CACHE_HOME: path.join(dir, 'cache') },
    });
    assert.equal(run.status, 2, run.stdout + run.stderr);
    assert.match(run.stderr, new RegExp(`cannot use the catalogue .*127\\.0\\.0\\.1:${port}`));
  });

  it('refuses a catalogue file that is not paraminfo, naming the problem', () => {
    const bad = path.join(dir, 'bad-catalogue.json');
    fs.writeFileSync(bad, JSON.stringify({ paraminfo: { modules: [{ name: 'x', parameters: 'nope' }] } }));
    const run = cli(['check', '--catalogue', bad, '-'], { input: 'action=query\n' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /cannot use the catalogue .*bad-catalogue\.json: .*module "x": "parameters" must be an array/);
  });

  it('control characters in a file (NUL, an escape sequence) are printed as escapes, never raw to the terminal', () => {
    const input = 'action=query\0&list=allpages\x1b[2J&apfrom=\x9b31m\r\n';
    for (const format of ['text', 'github']) {
      const run = cli(['check', '--format', format, '-'], { input });
      assert.equal(run.status, 1, run.stderr);
      assert.doesNotMatch(run.stdout, /[\0\x1b\x9b\r]/, format);
      assert.match(run.stdout, /Unrecognized value for parameter "action": "query\\u0000"/, format);
    }
  });

  it('invisible and reordering characters in a file name or a map message are printed as escapes (a bidi override, a zero-width space)', () => {
    const wiki = path.join(dir, 'rev\u202eyreuqikiw.wikiquery');
    const map = path.join(dir, 'zero\u200bwidth.mapquery.json');
    fs.writeFileSync(wiki, 'action=query&list=allpages&aplimit=9000\n');
    fs.writeFileSync(map, '{ "pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bo\u200bnes" }\n');
    try {
      for (const format of ['text', 'github']) {
        const run = cli(['check', '--format', format, wiki, map]);
        assert.equal(run.status, 0, run.stderr);
        assert.equal(run.stdout.trim().split('\n').length, 2, run.stdout);
        assert.doesNotMatch(run.stdout, /[\u200b\u202e]/, format);
        assert.match(run.stdout, /rev\\u202eyreuqikiw\.wikiquery/, format);
        assert.match(run.stdout, /zero\\u200bwidth\.mapquery\.json.*"bo\\u200bnes"/, format);
      }
    } finally {
      fs.rmSync(wiki);
      fs.rmSync(map);
    }
  });

  it('--help and --version', () => {
    const help = cli(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--catalogue FILE_OR_API_URL/);
    assert.equal(cli(['check', '--help']).status, 0);
    const version = cli(['--version']);
    assert.equal(version.status, 0);
    assert.equal(version.stdout.trim(), JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });
});
