/**
 * `wikimap-query catalogue diff A B` where B is a hostile wiki's catalogue (issue 25, "hostile inputs you have
 * not seen"): its parameter names, values and module names carry terminal escapes (a window title, clear
 * screen, a bell), a NUL and a right-to-left override. A live api.php URL given as B is read into the same
 * catalogue; a saved file is used here. The text report is for a terminal: every name is printed as the other
 * CLI lines are (`printable`: unseen characters written `\uXXXX`); the JSON report keeps the names as they are,
 * JSON-escaped.
 *
 * Found: the text report printed the names raw, so diffing against a wiki's URL let that wiki write escape
 * sequences to the terminal (`catalogue save` and `check` already escaped what they print).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { runMeasured } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';

const FIXTURE = path.join(__dirname, '..', 'unit', 'catalogue-store', 'fixtures', 'mediawiki-1.39-paraminfo.json');
const ESCAPES = '\u001b]0;pwned\u0007\u001b[2J\u0000\u202e';
const SHOWN = String.raw`\u001b]0;pwned\u0007\u001b[2J\u0000\u202e`;

interface Param {
  name: string;
  type: unknown;
}
interface Module {
  name: string;
  parameters: Param[];
}

/** The 1.39 catalogue with escapes put into a new action value, a parameter name of allpages and one of its values. */
function hostileCatalogue(): unknown {
  const data = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { paraminfo: { modules: Module[] } };
  const module = (name: string) => data.paraminfo.modules.find((m) => m.name === name)!;
  const param = (m: Module, name: string) => m.parameters.find((p) => p.name === name)!;
  (param(module('main'), 'action').type as string[]).push(`evil${ESCAPES}`);
  const allpages = module('allpages');
  param(allpages, 'limit').name = `limit${ESCAPES}`;
  (param(allpages, 'filterredir').type as string[]).push(`redirects${ESCAPES}`);
  return data;
}

describe('redteam: catalogue diff against a hostile wiki', function () {
  this.timeout(120_000);
  const dir = suiteFolder('wmq-redteam-diff-');
  const files = () => {
    const b = path.join(dir(), 'hostile.json');
    fs.writeFileSync(b, JSON.stringify(hostileCatalogue()));
    return [FIXTURE, b];
  };

  it('the text report prints every name of the wiki with its escapes written \\uXXXX, bounded', async () => {
    const run = await runMeasured(process.execPath, [CLI, 'catalogue', 'diff', ...files()], 60);
    assert.equal(run.status, 1, run.stderr);
    assert.doesNotMatch(run.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/, JSON.stringify(run.stdout.slice(0, 600)));
    const lines = run.stdout.split('\n');
    assert.ok(lines.includes(`+ value main action=evil${SHOWN}`), run.stdout);
    assert.ok(lines.includes(`+ parameter query+allpages aplimit${SHOWN}`), run.stdout);
    assert.ok(lines.includes(`+ value query+allpages apfilterredir=redirects${SHOWN}`), run.stdout);
    assert.ok(run.peakMb > 0 && run.peakMb < 300, `peak ${run.peakMb.toFixed(0)} MB`);
  });

  it('the JSON report keeps the names as the wiki gives them, JSON-escaped', async () => {
    const run = await runMeasured(process.execPath, [CLI, 'catalogue', 'diff', '--format', 'json', ...files()], 60);
    assert.equal(run.status, 1, run.stderr);
    const diffs = JSON.parse(run.stdout) as Array<{ kind: string; value?: string; parameter?: string }>;
    assert.ok(diffs.some((d) => d.kind === 'value' && d.value === `evil${ESCAPES}`));
    assert.ok(diffs.some((d) => d.kind === 'parameter' && d.parameter === `aplimit${ESCAPES}`));
    assert.doesNotMatch(run.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});
