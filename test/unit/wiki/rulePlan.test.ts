import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { ALWAYS, anyOf, gateOpen, type RuleGate } from '../../../server/src/service/wiki/wikiRulePlan';
import { validate } from './helpers';

describe('wiki rule plans: one gate for module rules and action rules', () => {
  const given = (...names: string[]) => new Set(names);
  const cases: [string, RuleGate, Set<string>, boolean][] = [
    ['a rule that always runs, nothing given', ALWAYS, given(), true],
    ['anyOf([]) always runs', anyOf([]), given(), true],
    ['one of two needed, none given', anyOf(['a', 'b']), given('c'), false],
    ['one of two needed, the second given', anyOf(['a', 'b']), given('b'), true],
    ['two of three needed (atMostOne), one given', { needs: ['a', 'b', 'c'], min: 2 }, given('a'), false],
    ['two of three needed (atMostOne), two given', { needs: ['a', 'b', 'c'], min: 2 }, given('a', 'c'), true],
  ];
  for (const [name, gate, names, open] of cases) it(name, () => assert.equal(gateOpen(gate, names), open));

  it('each engine still runs the rules whose gate is open (a module rule, an action rule, a hidden-warnings rule)', () => {
    const codes = (q: string) => validate(q).map((d) => d.code);
    // wikiConstraints: atMostOne over categorymembers' title and pageid.
    assert.ok(codes('action=query&list=categorymembers&cmtitle=Category:A&cmpageid=1').includes('invalidparammix'));
    assert.ok(!codes('action=query&list=categorymembers&cmtitle=Category:A').includes('invalidparammix'));
    // wikiActionValidation: parse's page and title not together; compare needs a "from" side (a rule that always runs).
    assert.deepEqual(codes('action=parse&page=A&title=B'), ['invalidparammix']);
    assert.deepEqual(codes('action=parse&page=A'), []);
    assert.deepEqual(codes('action=compare&totitle=A'), ['missingparam']);
    // hidesWarnings: the feed drops warnings.
    assert.deepEqual(codes('action=feedrecentchanges&nosuchparam=1'), ['ignoredbyserver']);
  });
});
