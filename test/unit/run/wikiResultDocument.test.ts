/**
 * The result document stays valid JSONC whatever the wiki answers: messages with line breaks cannot
 * escape the header comments, and non-JSON formats are shown as one string.
 */
import assert from 'node:assert/strict';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { formatWikiResultDocument, summariseWikiResult } from '../../../run/wiki/wikiResultDocument';
import type { WikiRunResult } from '../../../run/wiki/wikiRun';

function result(json: unknown, text = JSON.stringify(json)): WikiRunResult {
  return {
    apiUrl: 'https://w.example/api.php',
    queryParams: [['action', 'query']],
    originalParams: [['action', 'query']],
    batch: 0,
    sentParams: [['action', 'query']],
    displayUrl: 'https://w.example/api.php?action=query&wltoken=***',
    status: 200,
    statusText: 'OK',
    elapsedMs: 5,
    bytes: text.length,
    json,
    text,
    pages: 1,
  };
}

function parseStrict(text: string): unknown {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: false });
  assert.deepEqual(errors, []);
  return value;
}

describe('wiki result document', () => {
  it('keeps a hostile message inside its comment line', () => {
    const json = {
      warnings: [{ code: 'x', text: 'line one\n} "injected": true\r\n// */ <script>alert(1)</script>', module: 'main' }],
      query: { allpages: [] },
    };
    const text = formatWikiResultDocument(result(json));
    assert.deepEqual(parseStrict(text), json);
    const comments = text.split('\n').filter((l) => l.startsWith('//'));
    assert.ok(comments.some((l) => l.includes('line one } "injected": true // */ <script>alert(1)</script>')));
  });

  it('shows a non-JSON format (format=xml) as one JSON string', () => {
    const xml = '<?xml version="1.0"?><api batchcomplete=""><query/></api>';
    const text = formatWikiResultDocument({ ...result(undefined, xml) });
    assert.equal(parseStrict(text), xml);
  });

  it('counts errors and warnings of the bc format', () => {
    const s = summariseWikiResult(
      result({
        error: { code: 'badvalue', info: 'Unrecognized value for parameter "list": x.' },
        warnings: { main: { warnings: 'a\nb' } },
      }),
    );
    assert.equal(s.errors, 1);
    assert.equal(s.warnings, 2);
  });
});
