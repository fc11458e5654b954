/**
 * Bad input for the finder: one 10 MB line, large minified code, binary text with a source
 * extension, invalid UTF-8, pathological nesting of objects and concatenations. Each is bounded
 * (requests capped, no recursion on the nesting) and none throws.
 */
import assert from 'node:assert/strict';
import { checkSource } from './helpers';

describe('requests inside source code: bad input', function () {
  this.timeout(120000);

  it('one 10 MB line: read by the lexer, its api.php literal still found', async () => {
    const text = `var a = "${'x'.repeat(10_000_000)}"; var u = "https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimt=5";`;
    const { checked } = await checkSource('javascript', text);
    assert.equal(checked.length, 1);
    assert.deepEqual(
      checked[0].diagnostics.map((d) => d.code),
      ['unrecognizedparams'],
    );
  });

  it('minified code full of parameter objects: the request count is capped', async () => {
    const one = `f({action:"query",list:"allpages",aplimit:5});`;
    const text = `// https://en.wikipedia.org/w/api.php\n${one.repeat(8_000)}`;
    const { checked } = await checkSource('javascript', text);
    assert.ok(checked.length > 0 && checked.length <= 5000, String(checked.length));
  });

  it('binary data with a source extension: nothing found', async () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131) % 256;
    const text = bytes.toString('utf8') + 'api.php?action=query&list=allpages';
    const { checked } = await checkSource('python', text);
    assert.deepEqual(checked, []);
  });

  it('invalid UTF-8 around a request: the request is still found', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(`\nu = "https://en.wikipedia.org/w/api.php?action=query&titlrs=A"\n`),
    ]);
    const { checked } = await checkSource('python', bytes.toString('utf8'));
    assert.deepEqual(
      checked.flatMap((c) => c.diagnostics.map((d) => d.code)),
      ['unrecognizedparams'],
    );
  });

  it('objects nested 20,000 deep and a 20,000-piece concatenation: no stack overflow', async () => {
    const nested = `x = ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;
    const concat = `u = "https://en.wikipedia.org/w/api.php?action=query" + ${Array.from({ length: 20_000 }, () => '"&a=1"').join(' + ')}\n`;
    const dicts = `d = ${'{"action": "query", "x": '.repeat(5_000)}1${'}'.repeat(5_000)}\n`;
    for (const [lang, text] of [
      ['python', nested],
      ['python', concat],
      ['python', dicts],
      ['javascript', nested.replace('x =', 'const x =')],
    ]) {
      const { checked } = await checkSource(lang, text);
      assert.ok(checked.length <= 5000);
    }
  });
});
