/**
 * `wikimap-query requests DIR` on source files whose strings carry terminal escapes and a right-to-left override
 * (issue 25, "hostile inputs you have not seen"): a module value and a parameter name written with `ESC ]0;…BEL`
 * (retitles a terminal), `ESC [2J` (clears it) and U+202E, in a file whose name holds them too. The text table is
 * for a terminal: printed as every other CLI line (`printable`: unseen characters written `\uXXXX`); `--format
 * json` keeps the values, JSON-escaped.
 *
 * Found: the table replaced C0 controls of the module column by blanks but printed DEL, C1 controls and bidi
 * overrides, and the parameter names column as written (an escape in a dict key reached the terminal).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { runMeasured } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';

const ESC = '\u001b]0;pwned\u0007\u001b[2J\u202e\u009b';
const SHOWN = String.raw`\u001b]0;pwned\u0007\u001b[2J\u202e\u009b`;
const SOURCE = [
  'import requests',
  `requests.get("https://en.wikipedia.org/w/api.php", params={"action": "query", "list": "allpages${ESC}", "ap${ESC}limit": "5"})`,
  '',
].join('\n');

describe('redteam: requests DIR with escapes in the sources', function () {
  this.timeout(120_000);
  const dir = suiteFolder('wmq-redteam-requests-');

  it('the table shows module values and parameter names with their escapes written \\uXXXX; JSON keeps them', async () => {
    fs.writeFileSync(path.join(dir(), `a${ESC}.py`), SOURCE);
    const text = await runMeasured(process.execPath, [CLI, 'requests', dir()], 60);
    assert.equal(text.status, 0, text.stderr);
    assert.doesNotMatch(text.stdout + text.stderr, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/, JSON.stringify(text.stdout));
    const row = text.stdout.split('\n').find((l) => l.startsWith('action=query'));
    assert.ok(row?.startsWith(`action=query list=allpages${SHOWN} `), text.stdout);
    // The name as PHP reads it (`[` becomes `_`), its escapes written out.
    assert.ok((row ?? '').endsWith(` ap${SHOWN.replace('[', '_')}limit`), text.stdout);
    const json = await runMeasured(process.execPath, [CLI, 'requests', '--format', 'json', dir()], 60);
    assert.equal(json.status, 0, json.stderr);
    const [entry] = JSON.parse(json.stdout) as Array<{ params: Record<string, string> }>;
    assert.ok(entry.params.list.startsWith('allpages\u001b]0;pwned\u0007\u001b[2J\u202e'), JSON.stringify(entry.params));
    assert.ok(
      Object.keys(entry.params).some((k) => k.startsWith('ap\u001b]0;pwned\u0007')),
      JSON.stringify(entry.params),
    );
  });
});
