/**
 * The parameters a request is answered from (requestParams.ts): what is wrong with them, said in one short line,
 * or nothing when they can be answered.
 */
import { strict as assert } from 'node:assert';
import { paramsProblem, type ParamsNeeds } from '../../../server/src/requestParams';

const doc = { uri: 'file:///a.wikiquery' };
const at = { line: 0, character: 3 };

const CASES: Array<[string, unknown, ParamsNeeds, string | undefined]> = [
  ['a well-formed hover', { textDocument: doc, position: at }, { position: true }, undefined],
  [
    'a position past the end (the document clamps it)',
    { textDocument: doc, position: { line: 2 ** 31, character: 2 ** 40 } },
    { position: true },
    undefined,
  ],
  [
    'position null',
    { textDocument: doc, position: null },
    { position: true },
    'params.position is null, not a position ({ line, character }: integers from 0)',
  ],
  [
    'no position',
    { textDocument: doc },
    { position: true },
    'params.position is missing, not a position ({ line, character }: integers from 0)',
  ],
  [
    'a negative line',
    { textDocument: doc, position: { line: -1, character: 0 } },
    { position: true },
    'params.position is {"line":-1,"character":0}, not a position ({ line, character }: integers from 0)',
  ],
  [
    'a fraction',
    { textDocument: doc, position: { line: 0, character: 0.5 } },
    { position: true },
    'params.position is {"line":0,"character":0.5}, not a position ({ line, character }: integers from 0)',
  ],
  [
    'strings',
    { textDocument: doc, position: { line: '0', character: '0' } },
    { position: true },
    'params.position is {"line":"0","character":"0"}, not a position ({ line, character }: integers from 0)',
  ],
  ['no range', { textDocument: doc }, { range: true }, 'params.range is missing, not a range ({ start, end } positions)'],
  [
    'a range whose end is null',
    { textDocument: doc, range: { start: at, end: null } },
    { range: true },
    'params.range is {"start":{"line":0,"character":3},"end":…, not a range ({ start, end } positions)',
  ],
  ['a list of positions', { textDocument: doc, positions: [at, at] }, { positions: true }, undefined],
  [
    'a null in the list',
    { textDocument: doc, positions: [at, null] },
    { positions: true },
    'params.positions[1] is null, not a position ({ line, character }: integers from 0)',
  ],
  ['no list', { textDocument: doc, positions: 5 }, { positions: true }, 'params.positions is 5, not a list of positions'],
  ['params null', null, {}, 'its params are null, not an object'],
  ['textDocument null', { textDocument: null }, {}, 'params.textDocument is null, not { uri: string }'],
  ['a uri that is a number', { textDocument: { uri: 5 } }, {}, 'params.textDocument is {"uri":5}, not { uri: string }'],
  ['a custom request without params', undefined, { textDocument: false, strings: ['apiUrl'] }, undefined],
  ['a custom request without apiUrl', {}, { textDocument: false, strings: ['apiUrl'] }, undefined],
  ['an apiUrl that is an object', { apiUrl: {} }, { textDocument: false, strings: ['apiUrl'] }, 'params.apiUrl is {}, not a string'],
  [
    'a value JSON cannot say',
    { textDocument: doc, position: 10n },
    { position: true },
    'params.position is a bigint, not a position ({ line, character }: integers from 0)',
  ],
];

describe("paramsProblem: what is wrong with a request's parameters", () => {
  for (const [what, params, needs, said] of CASES) {
    it(`${what}: ${said ?? 'answered'}`, () => {
      assert.equal(paramsProblem(params, needs), said);
    });
  }

  it('a long value is cut at 40 characters', () => {
    const said = paramsProblem({ textDocument: doc, position: { line: 'x'.repeat(1_000_000), character: 0 } }, { position: true })!;
    assert.ok(said.length < 150, said);
    assert.match(said, /^params\.position is \{"line":"x+…, not a position/);
  });
});
