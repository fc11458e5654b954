/**
 * `wikimap-query catalogue save` against a real MediaWiki 1.39 with TextExtracts: the file holds every
 * module, the namespaces, the wiki's name, version and extensions; `check --catalogue FILE` judges by
 * it with no wiki (the wiki is stopped first), as a network-less CI hook does; `catalogue diff`
 * between the snapshot and the recorded 1.45 catalogue; a URL that is no wiki fails with a message.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLI, ensureBuilt } from './checkerCli';
import { RECIPE_NS, startMediaWiki, type MediaWikiInstance } from './mediawikiServer';

const ROOT = path.join(__dirname, '..', '..');

function cli(args: string[], input?: string, env: NodeJS.ProcessEnv = {}) {
  const res = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('catalogue save against a real MediaWiki 1.39', function () {
  this.timeout(300000);
  let wiki: MediaWikiInstance | undefined;
  let dir: string;
  let file: string;
  let saved: ReturnType<typeof cli>;

  before(async () => {
    await ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-snapshot-'));
    file = path.join(dir, 'wiki.catalogue.json');
    wiki = await startMediaWiki({ extensions: ['TextExtracts'], seed: false });
    saved = cli(['catalogue', 'save', wiki.apiUrl, '-o', file], undefined, { XDG_CACHE_HOME: path.join(dir, 'cache') });
    // Everything after this works from the file alone.
    await wiki.stop();
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says what it saved, and exits 0', () => {
    assert.equal(saved.code, 0, saved.stderr);
    assert.match(
      saved.stdout,
      /^Saved the catalogue of WikimapTestWiki \(http:\/\/127\.0\.0\.1:\d+\/api\.php\): MediaWiki 1\.39\.\d+, \d+ modules, \d+ namespaces, \d+ extensions, to /,
    );
  });

  it('the file holds every module, the namespaces, the name, version and extensions', () => {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    const modules = json.paraminfo.flatMap((a: any) => a.paraminfo.modules.map((m: any) => m.path));
    for (const path of ['main', 'query', 'query+allpages', 'query+extracts', 'parse', 'edit', 'json', 'opensearch']) {
      assert.ok(modules.includes(path), `${path} missing`);
    }
    assert.match(json.generator, /^MediaWiki 1\.39\./);
    assert.equal(json.siteinfo.query.general.sitename, 'WikimapTestWiki');
    assert.equal(json.siteinfo.query.namespaces[RECIPE_NS].name, 'Recipe');
    assert.ok(json.siteinfo.query.extensions.some((e: any) => e.name === 'TextExtracts'));
  });

  it('check --catalogue FILE judges by it with the wiki gone: the extension’s module and the wiki’s namespace are known', () => {
    const queries = `action=query&prop=extracts&titles=Alpha&exsentences=1&explaintext=1\naction=query&list=allpages&apnamespace=${RECIPE_NS}\n`;
    const withFile = cli(['check', '--catalogue', file, '--format', 'json', '-'], queries);
    assert.equal(withFile.code, 0, withFile.stdout + withFile.stderr);
    assert.deepEqual(JSON.parse(withFile.stdout), []);
    // The built-in catalogue knows neither.
    const builtin = cli(['check', '--format', 'json', '-'], queries);
    const codes = JSON.parse(builtin.stdout).map((d: any) => d.code);
    assert.ok(codes.includes('unrecognizedparams') || codes.includes('unrecognizedvalues'), builtin.stdout);
    assert.ok(codes.includes('badvalue') || codes.includes('unrecognizedvalues'), builtin.stdout);
  });

  it('catalogue diff between the snapshot and the recorded 1.45 catalogue lists what 1.45 adds', () => {
    const res = cli(['catalogue', 'diff', file, 'test/fixtures/catalogues/mediawiki-1.45.0.json']);
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stdout, /^\+ module query\+codexicons$/m);
    assert.match(res.stdout, /^\+ module acquiretempusername$/m);
    assert.match(res.stdout, /^modules: \d+ added/m);
  });

  it('a URL that is no wiki (stopped) fails with a message and exit 2, writing nothing', () => {
    const other = path.join(dir, 'none.json');
    const res = cli(['catalogue', 'save', wiki!.apiUrl, '-o', other], undefined, { XDG_CACHE_HOME: path.join(dir, 'cache') });
    assert.equal(res.code, 2);
    assert.match(res.stderr, /catalogue save: cannot reach http:\/\/127\.0\.0\.1:\d+\/api\.php/);
    assert.equal(fs.existsSync(other), false);
  });
});
