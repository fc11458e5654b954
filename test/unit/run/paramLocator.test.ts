/**
 * Placing the wiki's messages: where a parameter (or one value of it) is written in a query.
 * In each case «…» marks the text the span must cover; the markers are removed before locating.
 */
import assert from 'node:assert/strict';
import { locateParam } from '../../../run/wiki/paramLocator';

function marked(source: string): { text: string; start: number; end: number } {
  const start = source.indexOf('«');
  const end = source.indexOf('»');
  if (start < 0 || end < start) throw new Error(`test case has no «…» span: ${source}`);
  return { text: source.replace('«', '').replace('»', ''), start, end: end - 1 };
}

describe('locating parameters in a query', () => {
  const cases: Array<[string, string, string | undefined]> = [
    ['action=query&list=allpages&«aplimit=9999»', 'aplimit', undefined],
    ['https://w.example/w/api.php?action=query&«list=allpages»', 'list', undefined],
    ['action=query&list=allpages|«nope»&aplimit=1', 'list', 'nope'],
    ['action=query&list=«nope»%7Callpages', 'list', 'nope'],
    ['action=query\n  &list=allpages\n  &«foo=1»\n', 'foo', undefined],
    ['# foo=comment\naction=query&«foo=2»', 'foo', undefined],
    ['action=query&aplimit=1&list=allpages&«aplimit=2»', 'aplimit', undefined], // the last one counts
    ['action=query&titles=Main%20Page|«A b»', 'titles', 'A b'],
    ['action=query&«curtimestamp»&list=allpages', 'curtimestamp', undefined],
  ];
  for (const [source, name, value] of cases) {
    it(`${name}${value ? ` (${value})` : ''} in ${JSON.stringify(source)}`, () => {
      const m = marked(source);
      const span = locateParam(m.text, 0, m.text.length, name, value);
      assert.ok(span, 'found');
      assert.equal(m.text.slice(span.start, span.end), m.text.slice(m.start, m.end));
      assert.deepEqual(span, { start: m.start, end: m.end });
    });
  }

  it('only looks inside the query range it is given', () => {
    const text = 'action=query&foo=1\n\naction=query&list=allpages';
    const second = text.indexOf('action=query&list');
    assert.equal(locateParam(text, second, text.length, 'foo'), undefined);
    assert.deepEqual(locateParam(text, 0, second, 'foo'), { start: 13, end: 18 });
  });
});
