/**
 * `wikimap-query check` on how source files are named and encoded, through the real `dist/cli.js`: a file named
 * several times (other spellings, a link, a folder holding it) is checked once; UTF-16 and UTF-8 files with a
 * byte-order mark are read as editors read them, and `--fix` writes them back in their own encoding.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { ensureBuilt, runCli } from './lspClient';

const BOT_PY = `import requests

API = "https://en.wikipedia.org/w/api.php"
params = {"action": "query", "prop": "info", "titlrs": "Main Page"}
r = requests.get(API, params=params)
`;

/** The results of `check --format json`, without the file name (the same request, whatever the file). */
function results(stdout: string): Array<Omit<CheckResult, 'file'>> {
  return (JSON.parse(stdout) as CheckResult[]).map(({ file: _file, ...rest }) => rest);
}

function utf16(text: string, order: 'le' | 'be', bom: boolean): Buffer {
  const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le');
  return order === 'le' ? le : le.swap16();
}

describe('wikimap-query check: source files named several times, and their encodings (CLI)', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-srcfiles-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('checks a file once however often and however it is named', () => {
    const sub = path.join(dir, 'named');
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'bot.py'), BOT_PY);
    fs.symlinkSync('bot.py', path.join(sub, 'link.py'));
    const once = runCli(['check', '--format', 'json', 'named/bot.py'], { cwd: dir });
    assert.equal(once.status, 0, once.stderr);
    assert.equal(results(once.stdout).length, 1, once.stdout);
    for (const args of [
      ['named/bot.py', 'named/bot.py'],
      ['named/bot.py', './named/bot.py', 'named/../named/bot.py'],
      ['named/bot.py', 'named/link.py'],
      ['named/bot.py', 'named'],
      ['named', 'named/bot.py', 'named/'],
    ]) {
      const json = runCli(['check', '--format', 'json', ...args], { cwd: dir });
      assert.equal(json.status, 0, json.stderr);
      assert.deepEqual(results(json.stdout), results(once.stdout), args.join(' '));
      const text = runCli(['check', ...args], { cwd: dir });
      assert.match(text.stderr, /^1 problem \(0 errors\) in 1 of 1 file\n$/, args.join(' '));
    }
  });

  const ENCODINGS: Array<{ name: string; bytes: (text: string) => Buffer }> = [
    { name: 'UTF-8 with a byte-order mark', bytes: (t) => Buffer.from(`\uFEFF${t}`, 'utf8') },
    { name: 'UTF-16 LE with a byte-order mark', bytes: (t) => utf16(t, 'le', true) },
    { name: 'UTF-16 BE with a byte-order mark', bytes: (t) => utf16(t, 'be', true) },
    { name: 'UTF-16 LE without a mark', bytes: (t) => utf16(t, 'le', false) },
    { name: 'UTF-16 BE without a mark', bytes: (t) => utf16(t, 'be', false) },
  ];

  it('reads UTF-16 and UTF-8 with a byte-order mark as editors do: the same results as UTF-8, at the same columns', () => {
    fs.mkdirSync(path.join(dir, 'enc'));
    fs.writeFileSync(path.join(dir, 'enc', 'plain.py'), BOT_PY);
    const plain = runCli(['check', '--format', 'json', 'enc/plain.py'], { cwd: dir });
    assert.equal(plain.status, 0, plain.stderr);
    const expected = results(plain.stdout);
    assert.equal(expected.length, 1);
    assert.equal(expected[0].code, 'unrecognizedparams');
    for (const [i, e] of ENCODINGS.entries()) {
      const file = path.join('enc', `bot${i}.py`);
      fs.writeFileSync(path.join(dir, file), e.bytes(BOT_PY));
      // named, and found by the walk of a folder (where the bytes are prefiltered before decoding)
      for (const args of [[file], [path.join('enc', '.')]]) {
        const r = runCli(['check', '--format', 'json', ...args], { cwd: dir });
        assert.equal(r.status, 0, r.stderr);
        const got = (JSON.parse(r.stdout) as CheckResult[]).filter((x) => x.file.endsWith(`bot${i}.py`));
        assert.deepEqual(
          got.map(({ file: _f, ...rest }) => rest),
          expected,
          `${e.name} (${args.join(' ')})`,
        );
      }
    }
  });

  it('a wiki query file with a byte-order mark is read without it', () => {
    fs.writeFileSync(path.join(dir, 'q.wikiquery'), utf16('action=query&list=allpages&aplimt=10\n', 'le', true));
    const r = runCli(['check', '--format', 'json', 'q.wikiquery'], { cwd: dir });
    assert.equal(r.status, 0, r.stderr);
    const found = JSON.parse(r.stdout) as CheckResult[];
    assert.deepEqual(
      found.map((x) => [x.code, x.line, x.column, x.param]),
      [['unrecognizedparams', 1, 28, 'aplimt']],
    );
  });

  it('--fix writes a UTF-16 or UTF-8-with-mark file back in its own encoding', () => {
    fs.mkdirSync(path.join(dir, 'fix'));
    const misspelled = BOT_PY.replace('"titlrs": "Main Page"', '"titlees": "Main Page"');
    for (const [i, e] of ENCODINGS.entries()) {
      const file = path.join(dir, 'fix', `bot${i}.py`);
      fs.writeFileSync(file, e.bytes(misspelled));
      const r = runCli(['check', '--fix', file], { cwd: dir });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, /1 fix applied/, e.name);
      assert.deepEqual(fs.readFileSync(file), e.bytes(misspelled.replace('titlees', 'titles')), e.name);
    }
  });
});
