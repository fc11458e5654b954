/**
 * The source-code finder on real files whose requests were listed by hand
 * (test/fixtures/embedded-corpus/listed: the files, unchanged; REQUESTS: each request's line, what the finder
 * must make of it and why; where each file comes from and its licence: ../SOURCES). Every request the finder
 * reports, judged or not, must be on a listed line, and each listed line must be what REQUESTS says: so a
 * change that finds more, or less, shows here line by line. Recall (judged / listed requests) and precision
 * (judged requests / all judged) are printed per language.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkSource } from './helpers';
import { hostLanguageOf } from '../../../server/src/service/embedded/hostLanguages';

const LISTED = path.resolve(__dirname, '../../fixtures/embedded-corpus/listed');

type Status = 'found' | 'low' | 'missed' | 'false' | 'none';

interface Listed {
  line: number;
  status: Status;
  pairs: Array<[string, string]>;
  why: string;
}

function readList(): Map<string, Listed[]> {
  const files = new Map<string, Listed[]>();
  let current: Listed[] | undefined;
  for (const raw of fs.readFileSync(path.join(LISTED, 'REQUESTS'), 'utf8').split('\n')) {
    if (raw.startsWith('## ')) files.set(raw.slice(3).trim(), (current = []));
    else if (raw.trim() && !raw.startsWith('#')) {
      const [spec, why = ''] = raw.split(/ {2}# /);
      const [line, status, ...mods] = spec.trim().split(/\s+/);
      const pairs = mods.filter((m) => m !== '-').map((m): [string, string] => [m.slice(0, m.indexOf('=')), m.slice(m.indexOf('=') + 1)]);
      current!.push({ line: Number(line), status: status as Status, pairs, why });
    }
  }
  return files;
}

/** The requests a file yields: line → confidence and the virtual query's values. */
async function findIn(file: string): Promise<Map<number, { high: boolean; value: (name: string) => string | undefined }>> {
  const lang = hostLanguageOf('', file)!;
  const { document, checked } = await checkSource(lang.id, fs.readFileSync(path.join(LISTED, file), 'utf8'));
  const out = new Map<number, { high: boolean; value: (name: string) => string | undefined }>();
  for (const c of checked) {
    if (c.service !== 'wiki') continue;
    const line = document.positionAt(c.request.range.start).line + 1;
    const query = c.parsed.queries[0];
    const prior = out.get(line);
    if (prior?.high) continue;
    out.set(line, { high: c.confidence === 'high', value: (name) => query?.byName.get(name)?.value });
  }
  return out;
}

describe('requests inside source code: real files listed by hand', function () {
  this.timeout(300000);
  const list = readList();

  it('lists every file of the folder once, and the files it lists from the corpus beside it exist', () => {
    const files = (fs.readdirSync(LISTED, { recursive: true }) as string[])
      .filter((f) => f !== 'REQUESTS' && fs.statSync(path.join(LISTED, f)).isFile())
      .map((f) => f.split(path.sep).join('/'))
      .sort();
    const beside = [...list.keys()].filter((f) => f.startsWith('../'));
    assert.deepEqual([...list.keys()].filter((f) => !f.startsWith('../')).sort(), files);
    for (const f of beside) assert.ok(fs.statSync(path.join(LISTED, f)).isFile(), f);
  });

  it('finds, judges and leaves alone what REQUESTS says, line by line (recall and precision per language)', async () => {
    const tally: Record<string, { listed: number; judged: number; falseFinds: number }> = {};
    const wrong: string[] = [];
    for (const [file, entries] of list) {
      const lang = hostLanguageOf('', file)!.id;
      const t = (tally[lang] ??= { listed: 0, judged: 0, falseFinds: 0 });
      const found = await findIn(file);
      const lines = new Set(entries.map((e) => e.line));
      for (const [line, f] of found)
        if (!lines.has(line)) wrong.push(`${file}:${line} found (${f.high ? 'judged' : 'low'}) but not listed`);
      for (const e of entries) {
        const f = found.get(e.line);
        const at = `${file}:${e.line} listed ${e.status}`;
        if (e.status === 'found' || e.status === 'low' || e.status === 'missed') t.listed++;
        if (e.status === 'found') {
          if (!f?.high) wrong.push(`${at}, ${f ? 'found with low confidence' : 'not found'}`);
          else {
            t.judged++;
            for (const [name, value] of e.pairs) if (f.value(name) !== value) wrong.push(`${at}: ${name}=${f.value(name)}, not ${value}`);
          }
        } else if (e.status === 'low' && (!f || f.high)) wrong.push(`${at}, ${f ? 'judged' : 'not found'}`);
        else if (e.status === 'false') {
          if (f?.high) t.falseFinds++;
          else wrong.push(`${at}, not judged (now right: make it none)`);
        } else if ((e.status === 'missed' || e.status === 'none') && f?.high) wrong.push(`${at}, judged`);
      }
    }
    for (const [lang, t] of Object.entries(tally).sort())
      console.log(
        `      ${lang}: ${t.judged}/${t.listed} requests judged (recall ${((100 * t.judged) / t.listed).toFixed(1)}%), ` +
          `${t.falseFinds} false (precision ${((100 * t.judged) / (t.judged + t.falseFinds)).toFixed(1)}%)`,
      );
    assert.deepEqual(wrong, []);
  });
});
