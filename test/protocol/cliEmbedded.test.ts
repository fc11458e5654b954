/**
 * `wikimap-query check` and `wikimap-query requests` on source trees: the real `dist/cli.js` process
 * finding the MediaWiki API requests inside Python, JavaScript and PHP files, pointing every output
 * format at the host file's line and column; suppressions, baseline, --fix, --embedded.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import type { InventoryEntry } from '../../server/src/cli/requestsCommand';
import { ensureBuilt, runCli } from './lspClient';

const cli = (args: string[], cwd: string) => runCli(args, { cwd });

const BOT_PY = `import requests

API = "https://en.wikipedia.org/w/api.php"
params = {"action": "query", "prop": "info", "titlrs": "Main Page", "redirects": False}
r = requests.get(API, params=params)
# wikimap-query-disable-next-line unrecognizedparams
legacy = {"action": "query", "list": "allpages", "apfrm": "B"}
`;

const GADGET_JS = `// A gadget
new mw.Api().get({ action: 'query', list: 'allpages', aplimt: 10 });
`;

const LOOKALIKE_JS = `// not MediaWiki
dispatch({ action: 'delete', payload: 1 });
fetch('https://example.com/api?list=all&action=go');
`;

/** A request that looks like MediaWiki's in a file that names no MediaWiki API or client: the editor does not serve it. */
const UNNAMED_PY = `import requests
from config import API
requests.get(API, params={"action": "query", "list": "allpages", "aplimit": 5, "apfrm": "B"})
`;

/** A Luanti mod posting a map-object query (with a misspelled type) to its map server. */
const MAP_LUA = `local http = minetest.request_http_api()
local function find_bones(base, cb)
  http.fetch({url = base .. "/api/mapobjects/", method = "POST", extra_headers = {"Content-Type: application/json"},
    data = minetest.write_json({pos1 = {x = -10, y = -2, z = -10}, pos2 = {x = 10, y = 2, z = 10}, type = "bone"})}, cb)
end
`;

const TOOL_PHP = `<?php
$url = "https://en.wikipedia.org/w/api.php?action=query&list=categorymembers&cmtitle=" . urlencode($cat) . "&cmlimt=500";
`;

/** Real public files that are not about MediaWiki but look alike (sources in the corpus's SOURCES). */
const LOOKALIKE_CORPUS = path.resolve(__dirname, '../fixtures/embedded-corpus/lookalike');

describe('wikimap-query on real look-alike files (CLI)', function () {
  this.timeout(120000);
  before(() => ensureBuilt());

  it('check gives zero findings on every file of the look-alike corpus', () => {
    const r = cli(['check', '--format', 'json', '.'], LOOKALIKE_CORPUS);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), []);
    const text = cli(['check', '.'], LOOKALIKE_CORPUS);
    assert.match(text.stderr + text.stdout, /No problems in 34 files\./);
  });

  it('requests lists look-alikes only as low-confidence candidates, if at all', () => {
    const r = cli(['requests', '--format', 'json', '.'], LOOKALIKE_CORPUS);
    assert.equal(r.status, 0, r.stderr);
    const inv = JSON.parse(r.stdout) as InventoryEntry[];
    assert.deepEqual(
      inv.filter((e) => e.confidence !== 'low').map((e) => `${e.file}:${e.line}`),
      [],
    );
  });
});

describe('wikimap-query on source files (CLI)', function () {
  this.timeout(60000);
  let dir: string;

  beforeEach(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-embedded-'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.mkdirSync(path.join(dir, 'vendor'));
    fs.writeFileSync(path.join(dir, 'src', 'bot.py'), BOT_PY);
    fs.writeFileSync(path.join(dir, 'src', 'gadget.js'), GADGET_JS);
    fs.writeFileSync(path.join(dir, 'src', 'lookalike.js'), LOOKALIKE_JS);
    fs.writeFileSync(path.join(dir, 'src', 'unnamed.py'), UNNAMED_PY);
    fs.writeFileSync(path.join(dir, 'src', 'tool.php'), TOOL_PHP);
    fs.writeFileSync(path.join(dir, 'src', 'map.lua'), MAP_LUA);
    fs.writeFileSync(path.join(dir, 'vendor', 'ignored.js'), GADGET_JS);
    fs.writeFileSync(path.join(dir, '.gitignore'), 'vendor/\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('check DIR: diagnostics at host line and column, .gitignore respected, look-alikes, files naming no MediaWiki API and suppressed lines silent', () => {
    const r = cli(['check', '--format', 'json', '.'], dir);
    const results = JSON.parse(r.stdout) as CheckResult[];
    assert.deepEqual(
      results.map((x) => `${x.file}:${x.line}:${x.column} ${x.code} ${x.param}`),
      [
        'src/bot.py:4:47 unrecognizedparams titlrs',
        'src/bot.py:4:82 booleanfalse redirects',
        'src/gadget.js:2:55 unrecognizedparams aplimt',
        'src/map.lua:4:107 unknowntype null',
        'src/tool.php:2:110 unrecognizedparams cmlimt',
      ],
    );
    assert.equal(r.status, 0, 'warnings and notes only');
  });

  it('text, SARIF and GitHub outputs point at the host file', () => {
    const text = cli(['check', 'src/gadget.js'], dir);
    assert.match(
      text.stdout,
      /^src\/gadget\.js:2:55 warning unrecognizedparams Unrecognized parameter: "aplimt"\. Did you mean "aplimit"\?/,
    );
    const sarif = JSON.parse(cli(['check', '--format', 'sarif', 'src/gadget.js'], dir).stdout);
    const region = sarif.runs[0].results[0].locations[0].physicalLocation.region;
    assert.deepEqual(region, { startLine: 2, startColumn: 55, endLine: 2, endColumn: 61 });
    assert.equal(sarif.runs[0].artifacts[0].sourceLanguage, 'javascript');
    const gh = cli(['check', '--format', 'github', 'src/gadget.js'], dir);
    assert.match(gh.stdout, /^::warning file=src\/gadget\.js,line=2,col=55,endLine=2,endColumn=61,/);
  });

  it('--embedded off and a language list choose the source files read', () => {
    const off = cli(['check', '--embedded', 'off', '.'], dir);
    assert.equal(off.status, 2);
    assert.match(off.stderr, /no \*\.wikiquery/);
    const py = JSON.parse(cli(['check', '--format', 'json', '--embedded', 'python', '.'], dir).stdout) as CheckResult[];
    assert.deepEqual([...new Set(py.map((x) => x.file))], ['src/bot.py']);
    const bad = cli(['check', '--embedded', 'cobol', '.'], dir);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--embedded takes on, off or a list/);
  });

  it('--baseline reports only problems not in it', () => {
    const base = cli(['check', '--format', 'json', '.'], dir).stdout;
    fs.writeFileSync(path.join(dir, 'baseline.json'), base);
    fs.appendFileSync(
      path.join(dir, 'src', 'gadget.js'),
      `new mw.Api().get({ action: 'query', list: 'allpages', apdir: 'descending', apfrm: 'X' });\n`,
    );
    const r = JSON.parse(cli(['check', '--format', 'json', '--baseline', 'baseline.json', '.'], dir).stdout) as CheckResult[];
    assert.deepEqual(
      r.map((x) => `${x.file}:${x.line} ${x.param}`),
      ['src/gadget.js:3 apfrm'],
    );
  });

  it('--fix corrects misspelled names in host syntax, and the fixed files check clean', () => {
    const r = cli(['check', '--fix', 'src/gadget.js', 'src/tool.php'], dir);
    assert.match(r.stderr, /src\/gadget\.js: 1 fix applied/);
    assert.equal(fs.readFileSync(path.join(dir, 'src', 'gadget.js'), 'utf8'), GADGET_JS.replace('aplimt', 'aplimit'));
    assert.equal(fs.readFileSync(path.join(dir, 'src', 'tool.php'), 'utf8'), TOOL_PHP.replace('cmlimt', 'cmlimit'));
    assert.equal(r.stdout, '');
  });

  it('requests --format json: the inventory, values known only at run time as null', () => {
    const r = cli(['requests', '--format', 'json', 'src'], dir);
    assert.equal(r.status, 0, r.stderr);
    const inv = JSON.parse(r.stdout) as InventoryEntry[];
    const php = inv.find((e) => e.file === 'src/tool.php');
    assert.deepEqual(php, {
      service: 'wiki',
      file: 'src/tool.php',
      line: 2,
      column: 8,
      language: 'php',
      form: 'concat',
      client: 'http',
      confidence: 'high',
      params: { action: 'query', list: 'categorymembers', cmtitle: null, cmlimt: '500' },
    });
    assert.deepEqual(
      inv.map((e) => `${e.file}:${e.line} ${e.form}`),
      ['src/bot.py:4 dict', 'src/bot.py:7 dict', 'src/gadget.js:2 object', 'src/map.lua:3 table', 'src/tool.php:2 concat'],
    );
    assert.deepEqual(
      inv.find((e) => e.service === 'map'),
      {
        service: 'map',
        file: 'src/map.lua',
        line: 3,
        column: 3,
        language: 'lua',
        form: 'table',
        client: 'http',
        confidence: 'high',
        params: { pos1: '{"x":-10,"y":-2,"z":-10}', pos2: '{"x":10,"y":2,"z":10}', type: 'bone' },
      },
    );
    const table = cli(['requests', 'src'], dir);
    assert.match(table.stdout, /^module\s+requests\s+files\s+parameters\n/);
    assert.match(table.stdout, /action=query list=allpages\s+2\s+2\s+apfrm, aplimt/);
    assert.match(table.stdout, /map objects type=bone\s+1\s+1\s+pos1, pos2/);
  });
  it('map queries posted from Go and Kotlin (a URL in a variable, a builder chain): check and requests point at the host file', () => {
    const go =
      'package main\n\nconst mapURL = "http://127.0.0.1:8080/api/mapobjects/"\n\nfunc find() {\n\thttp.Post(mapURL, "application/json", strings.NewReader(`{"type":"bone","limit":5}`))\n}\n';
    const kt =
      'fun find(base: String) {\n    val r = Request.Builder().url("$base/api/mapobjects/").post("""{"type":"poi","lmit":5}""".toRequestBody(JSON)).build()\n}\n';
    fs.mkdirSync(path.join(dir, 'map'));
    fs.writeFileSync(path.join(dir, 'map', 'find.go'), go);
    fs.writeFileSync(path.join(dir, 'map', 'Find.kt'), kt);
    const r = cli(['check', '--format', 'json', 'map'], dir);
    const results = JSON.parse(r.stdout) as CheckResult[];
    // no corners given: the whole world, with the default limit where `lmit` is misspelled
    assert.deepEqual(
      results.filter((x) => x.code !== 'defaultcorner').map((x) => `${x.file}:${x.line}:${x.column} ${x.code}`),
      ['map/Find.kt:2:68 regiontoolarge', 'map/Find.kt:2:82 unknownfield', 'map/find.go:6:67 unknowntype'],
    );
    const inv = JSON.parse(cli(['requests', '--format', 'json', 'map'], dir).stdout) as InventoryEntry[];
    assert.deepEqual(
      inv.map((e) => `${e.service} ${e.file}:${e.line}:${e.column} ${e.language} ${e.form} ${JSON.stringify(e.params)}`),
      ['map map/Find.kt:2:13 kotlin json {"type":"poi","lmit":"5"}', 'map map/find.go:6:2 go json {"type":"bone","limit":"5"}'],
    );
  });
});
