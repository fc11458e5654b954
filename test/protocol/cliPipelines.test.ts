/**
 * The checker in other people's pipelines: the real `dist/cli.js` (and the packed npm tarball) as CI
 * jobs, code-scanning uploads and pre-commit run it.
 *  - `--format sarif` validated against the SARIF 2.1.0 JSON schema (committed in test/fixtures/sarif/),
 *    one result per diagnostic with the exact region of the JSON output;
 *  - `--format github` workflow annotation lines;
 *  - `check DIR` over a tree with .gitignore files;
 *  - `.pre-commit-hooks.yaml` run by the real pre-commit on a sample repository;
 *  - `npm pack` → install into an empty folder → `npx wikimap-query check FILES`.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { CLI, ensureBuilt, ROOT } from './lspClient';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LAZY_CHUNKS } = require('../../scripts/build.js') as { LAZY_CHUNKS: Record<string, string> };

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The environment without what an outer `npm test` added (npm_* variables). */
function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return { ...env, ...extra };
}

function run(cmd: string, args: string[], options: SpawnSyncOptions = {}): Run {
  const res = spawnSync(cmd, args, { encoding: 'utf8', env: plainEnv(), maxBuffer: 64 * 1024 * 1024, ...options });
  if (res.error) throw res.error;
  return { status: res.status, stdout: String(res.stdout), stderr: String(res.stderr) };
}

const cli = (args: string[], cwd: string) => run(process.execPath, [CLI, ...args], { cwd });

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

const MISTAKES = 'action=query&list=allpages&aplimit=9000\n\naction=query&list=search&srlimit=10\n';
const MAP_MISTAKE = '{ "pos1": {"x": 20, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 1, "z": 1}, "type": "bones" }\n';
const PY_MISTAKE = "import requests\nrequests.get('https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimit=9999')\n";
const MARKDOWN =
  '# Notes\n\nThe query https://wiki.example.org/w/api.php?action=query&list=allpages&apfilterredir=sometimes lists pages.\n';

describe('the checker in pipelines (CLI)', function () {
  this.timeout(60000);
  let dir: string;

  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-pipelines-'));
    write(dir, {
      'queries/mistakes.wikiquery': MISTAKES,
      'queries/bones.mapquery.json': MAP_MISTAKE,
      'docs/notes.md': MARKDOWN,
      'queries/valid.wikiquery': 'action=query&list=allpages&aplimit=max\n',
      // a file name that needs escaping in annotations and URIs
      'odd, name: x.wikiquery': 'action=query&list=allpagess\n',
    });
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('--format sarif', () => {
    let sarif: any;
    let json: CheckResult[];
    before(() => {
      const s = cli(['check', '--format', 'sarif', '.'], dir);
      assert.equal(s.status, 1, s.stderr);
      sarif = JSON.parse(s.stdout);
      const j = cli(['check', '--format', 'json', '.'], dir);
      json = JSON.parse(j.stdout);
    });

    it('is valid against the SARIF 2.1.0 JSON schema', () => {
      const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'));
      const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
      addFormats(ajv);
      const validate = ajv.compile(schema);
      const ok = validate(sarif);
      assert.ok(ok, `schema errors:\n${JSON.stringify(validate.errors, null, 2)}`);
      assert.equal(sarif.version, '2.1.0');
    });

    it('the schema check catches a broken log (so the validation above means something)', () => {
      const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json'), 'utf8'));
      const validate = addFormats(new Ajv({ strict: false, unicodeRegExp: false })).compile(schema);
      const broken = structuredClone(sarif);
      broken.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
      assert.equal(validate(broken), false);
    });

    it('has one result per diagnostic, with the exact 1-based region of the JSON output', () => {
      const results = sarif.runs[0].results;
      assert.equal(results.length, json.length);
      assert.equal(sarif.runs[0].columnKind, 'utf16CodeUnits');
      const base = sarif.runs[0].originalUriBaseIds.SRCROOT.uri as string;
      assert.equal(decodeURIComponent(new URL(base).pathname), `${fs.realpathSync(dir)}/`);
      const seen = results.map((r: any) => {
        const loc = r.locations[0].physicalLocation;
        assert.equal(loc.artifactLocation.uriBaseId, 'SRCROOT');
        return [
          decodeURIComponent(loc.artifactLocation.uri),
          loc.region.startLine,
          loc.region.startColumn,
          loc.region.endLine,
          loc.region.endColumn,
          r.ruleId,
          r.message.text,
        ];
      });
      const want = json.map((r) => [r.file, r.line, r.column, r.endLine, r.endColumn, r.code, r.message]);
      assert.deepEqual(seen, want);
      const out = results.find((r: any) => r.ruleId === 'outofrange');
      assert.deepEqual(out.locations[0].physicalLocation.region, { startLine: 1, startColumn: 36, endLine: 1, endColumn: 40 });
      assert.equal(out.level, 'warning');
      assert.equal(results.find((r: any) => r.ruleId === 'missingparam').level, 'error');
    });

    it('describes every rule a result uses, with help text and a link', () => {
      const rules = sarif.runs[0].tool.driver.rules as any[];
      assert.equal(sarif.runs[0].tool.driver.name, 'wikimap-query');
      assert.match(sarif.runs[0].tool.driver.version, /^\d+\.\d+\.\d+/);
      for (const r of sarif.runs[0].results) {
        assert.equal(rules[r.ruleIndex].id, r.ruleId, 'ruleIndex points at the rule');
      }
      assert.deepEqual(rules.map((r) => r.id).sort(), [...new Set(json.map((r) => r.code))].sort());
      for (const rule of rules) {
        assert.ok(rule.shortDescription.text.length > 3, rule.id);
        assert.ok(rule.help.text.length > 20, `${rule.id} has help text`);
        assert.match(rule.helpUri, /^https:\/\//, `${rule.id} has a link`);
      }
      assert.match(rules.find((r) => r.id === 'invertedbox').help.text, /pos1/);
    });
  });

  describe('--format github', () => {
    it('prints one workflow annotation per diagnostic, with escaped properties and the total on stderr', () => {
      const r = cli(['check', '--format', 'github', '.'], dir);
      assert.equal(r.status, 1, r.stderr);
      const lines = r.stdout.trim().split('\n');
      const json = JSON.parse(cli(['check', '--format', 'json', '.'], dir).stdout) as CheckResult[];
      assert.equal(lines.length, json.length);
      assert.ok(
        lines.includes(
          '::warning file=queries/mistakes.wikiquery,line=1,col=36,endLine=1,endColumn=40,title=wikimap-query outofrange::' +
            json.find((j) => j.code === 'outofrange')!.message,
        ),
        lines.join('\n'),
      );
      assert.ok(
        lines.some((l) => l.startsWith('::error file=queries/mistakes.wikiquery,line=3,col=19,endLine=3,')),
        lines.join('\n'),
      );
      assert.ok(
        lines.some((l) => l.startsWith('::warning file=odd%2C name%3A x.wikiquery,line=1,')),
        'comma and colon escaped in the file property',
      );
      for (const l of lines)
        assert.match(l, /^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=wikimap-query \w+::[^\n]+$/);
      assert.match(r.stderr, /\d+ problems \(\d+ errors?\) in 4 of 5 files/);
    });
  });

  describe('check DIR', () => {
    let repo: string;
    before(() => {
      repo = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-tree-'));
      fs.mkdirSync(path.join(repo, '.git'));
      write(repo, {
        '.gitignore': '# build output\nbuild/\n*.draft.md\n!keep.draft.md\n/top-only.wikiquery\n',
        'build/generated.wikiquery': MISTAKES,
        'notes.draft.md': MARKDOWN,
        'keep.draft.md': MARKDOWN,
        'top-only.wikiquery': MISTAKES,
        'sub/top-only.wikiquery': MISTAKES,
        'sub/.gitignore': 'scratch/\n**/old-*.mapquery.json\n',
        'sub/scratch/a.wikiquery': MISTAKES,
        'sub/deep/old-1.mapquery.json': MAP_MISTAKE,
        'sub/deep/new-1.mapquery.json': MAP_MISTAKE,
        'node_modules/pkg/README.md': MARKDOWN,
        '.cache/x.wikiquery': MISTAKES,
        'other.txt': 'action=query&list=allpagess\n',
      });
    });
    after(() => fs.rmSync(repo, { recursive: true, force: true }));

    const files = (r: Run) =>
      [
        ...new Set(
          r.stdout
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => l.split(':')[0]),
        ),
      ].sort();

    it('walks the tree for the three kinds, skipping what .gitignore ignores, node_modules and hidden folders, and prints the total', () => {
      const r = cli(['check', '.'], repo);
      assert.equal(r.status, 1, r.stderr);
      assert.deepEqual(files(r), ['keep.draft.md', 'sub/deep/new-1.mapquery.json', 'sub/top-only.wikiquery']);
      assert.match(r.stderr, /problems \(\d+ errors?\) in 3 of 3 files/);
    });

    it('applies the .gitignore files above a folder inside a repository', () => {
      const r = cli(['check', '.'], path.join(repo, 'sub'));
      assert.deepEqual(files(r), ['deep/new-1.mapquery.json', 'top-only.wikiquery']);
    });

    it('still checks an ignored file named explicitly', () => {
      const r = cli(['check', 'build/generated.wikiquery'], repo);
      assert.deepEqual(files(r), ['build/generated.wikiquery']);
    });

    it('says so when nothing is left to check', () => {
      const r = cli(['check', 'build'], repo);
      assert.equal(r.status, 1, r.stderr);
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-empty-'));
      try {
        write(empty, { '.gitignore': '*.md\n', 'a.md': MARKDOWN });
        const e = cli(['check', '.'], empty);
        assert.equal(e.status, 2);
        assert.match(e.stderr, /no \*\.wikiquery, \*\.mapquery\.json, \*\.md or source files/);
      } finally {
        fs.rmSync(empty, { recursive: true, force: true });
      }
    });
  });

  describe('--help and --version', () => {
    it('documents the formats, examples and exit codes', () => {
      const r = cli(['check', '--help'], dir);
      assert.equal(r.status, 0);
      for (const part of ['--format FORMAT', 'sarif', 'github', 'Examples:', 'Exit status:', '.gitignore'])
        assert.ok(r.stdout.includes(part), part);
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
      assert.equal(cli(['--version'], dir).stdout.trim(), pkg.version);
      assert.equal(cli(['check', '--version'], dir).stdout.trim(), pkg.version);
    });
  });
});

describe('the checker as a pre-commit hook and as an npm package', function () {
  this.timeout(15 * 60 * 1000);

  it('.pre-commit-hooks.yaml: the real pre-commit runs the hook on a sample repository', () => {
    const version = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
    assert.equal(
      version.status,
      0,
      `pre-commit is not installed (${version.error?.message ?? version.stderr}): this test runs the real pre-commit. ` +
        'Install it with `sudo apt-get install pre-commit` (Debian, Ubuntu), `pipx install pre-commit` elsewhere, ' +
        'or `bash scripts/setup.sh`, which installs every tool the suites need.',
    );
    const sample = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-precommit-'));
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-precommit-home-'));
    const env = plainEnv({
      PRE_COMMIT_HOME: home,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.org',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.org',
    });
    try {
      write(sample, {
        'q/mistakes.wikiquery': MISTAKES,
        'README.md': MARKDOWN,
        'q/bones.mapquery.json': MAP_MISTAKE,
        'ignored.txt': 'action=query&list=allpagess\n',
      });
      assert.equal(run('git', ['init', '-q'], { cwd: sample, env }).status, 0);
      assert.equal(run('git', ['add', '.'], { cwd: sample, env }).status, 0);
      // try-repo: the hook definition of this repository (uncommitted changes included), as a user's
      // .pre-commit-config.yaml would reference it
      const bad = run('pre-commit', ['try-repo', ROOT, 'wikimap-query', '--all-files'], { cwd: sample, env });
      assert.equal(bad.status, 1, `${bad.stdout}\n${bad.stderr}`);
      assert.match(bad.stdout, /wikimap-query check\.+Failed/);
      assert.match(bad.stdout, /q\/mistakes\.wikiquery:3:19 error missingparam/);
      assert.match(bad.stdout, /README\.md:3:\d+ \w+ \w+/, 'markdown files are passed to the hook');
      assert.doesNotMatch(bad.stdout, /ignored\.txt/);

      write(sample, { 'q/mistakes.wikiquery': 'action=query&list=search&srsearch=x\n' });
      fs.rmSync(path.join(sample, 'README.md'));
      fs.rmSync(path.join(sample, 'q', 'bones.mapquery.json'));
      run('git', ['add', '-A'], { cwd: sample, env });
      const good = run('pre-commit', ['try-repo', ROOT, 'wikimap-query', '--all-files'], { cwd: sample, env });
      assert.equal(good.status, 0, `${good.stdout}\n${good.stderr}`);
      assert.match(good.stdout, /wikimap-query check\.+Passed/);
    } finally {
      fs.rmSync(sample, { recursive: true, force: true });
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('npm pack ships only what the CLI and the extension need; npx wikimap-query check works from the tarball in an empty folder', () => {
    ensureBuilt();
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-pack-'));
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-npx-'));
    try {
      // --ignore-scripts: pack the bundles built above instead of a production rebuild in the clone
      const pack = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: ROOT });
      assert.equal(pack.status, 0, pack.stderr);
      const [info] = JSON.parse(pack.stdout);
      const names = (info.files as { path: string }[]).map((f) => f.path).sort();
      for (const needed of [
        'dist/cli.js',
        'dist/server.js',
        'dist/server.core.js',
        'dist/server.hostParsers.js',
        ...Object.values(LAZY_CHUNKS).map((file) => `dist/${file}`),
        'package.json',
        'README.md',
        'LICENSE',
        // The data as the bundles read it (scripts/lib/runtimeData.js), not the sources in descriptors/.
        'dist/descriptors/wiki/query-modules.json',
        'dist/descriptors/wiki/constraints.json',
        'dist/descriptors/mapserver/mapobjects.json',
      ]) {
        assert.ok(names.includes(needed), `${needed} is in the package`);
      }
      const stray = names.filter((n) => /^(server|client|test|scripts|bench|docs|examples|node_modules)\/|\.ts$|\.map$/.test(n));
      assert.deepEqual(stray, [], 'sources, tests and scripts stay out of the package');

      // c.py: the service of source files, a bundle of its own (scripts/build.js LAZY_CHUNKS), is in the package.
      write(project, { 'a.wikiquery': MISTAKES, 'b.mapquery.json': MAP_MISTAKE, 'c.py': PY_MISTAKE });
      const install = run('npm', ['install', '--no-audit', '--no-fund', '--no-save', path.join(out, info.filename)], { cwd: project });
      assert.equal(install.status, 0, install.stderr);
      const check = run('npx', ['--no-install', 'wikimap-query', 'check', 'a.wikiquery', 'b.mapquery.json', 'c.py'], { cwd: project });
      assert.equal(check.status, 1, check.stderr);
      assert.match(check.stdout, /^a\.wikiquery:1:36 warning outofrange /m);
      assert.match(check.stdout, /^a\.wikiquery:3:19 error missingparam /m);
      assert.match(check.stdout, /^b\.mapquery\.json:\d+:\d+ warning invertedbox /m);
      assert.match(check.stdout, /^c\.py:2:85 warning outofrange /m);
      const version = run('npx', ['--no-install', 'wikimap-query', '--version'], { cwd: project });
      assert.equal(version.stdout.trim(), JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});
