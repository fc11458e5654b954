import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import {
  BUILTIN_CATALOGUE_FILES,
  BUILTIN_MEDIAWIKI_VERSION,
  CatalogueError,
  createWikiCatalogue,
  loadBuiltinCatalogue,
} from '../../../server/src/service/wiki/wikiCatalogue';
import { RuleBook } from '../../../server/src/service/wiki/wikiRuleBook';
import { parseConstraints, ruleHoldsFor } from '../../../server/src/service/wiki/wikiConstraintRules';
import { parseActionConstraints } from '../../../server/src/service/wiki/wikiActionConstraints';
import { builtinCatalogue, fixtureCatalogue, readRepoJson, validate } from './helpers';

describe('wiki catalogue: the built-in catalogue', () => {
  const cat = builtinCatalogue();

  it('indexes the 64 query modules by name and by group', () => {
    const all = [...cat.getQueryModules()];
    assert.equal(all.length, 64);
    assert.equal(cat.getQueryModule('categorymembers')?.prefix, 'cm');
    assert.equal(cat.getModule('query+categorymembers')?.name, 'categorymembers');
    assert.equal(cat.getModulesByGroup('list').length + cat.getModulesByGroup('prop').length + cat.getModulesByGroup('meta').length, 64);
    assert.ok(cat.getModulesByGroup('meta').some((m) => m.name === 'siteinfo'));
    assert.equal(cat.getQueryModule('deletedrevs')?.deprecated, true);
    assert.ok(cat.getGenerators().every((m) => m.generator));
  });

  it('has main and query from api-core.json', () => {
    assert.equal(cat.main?.path, 'main');
    assert.equal(cat.query?.path, 'query');
    assert.equal(cat.getCoreParam('titles')?.module.name, 'query');
    assert.equal(cat.getCoreParam('format')?.module.name, 'main');
  });

  it('every parameter of every module is found by its wire name, and by g + wire name under a generator', () => {
    for (const m of cat.getQueryModules()) {
      for (const d of m.parameters) {
        const wire = m.prefix + d.name;
        assert.ok(
          cat.lookupWire(wire).some((w) => w.module === m && w.descriptor === d && !w.generator),
          `${m.name}: ${wire}`,
        );
        const g = cat.lookupWire('g' + wire).some((w) => w.module === m && w.descriptor === d && w.generator);
        assert.equal(g, m.generator, `${m.name}: g${wire}`);
      }
    }
  });

  it('templated parameters match the allowed slot values only', () => {
    const hit = cat.lookupWire('rvcontentformat-main');
    assert.equal(hit.length, 1);
    assert.equal(hit[0].descriptor.name, 'contentformat-{slot}');
    assert.deepEqual(hit[0].templateValues, { slot: 'main' });
    assert.equal(cat.lookupWire('grvcontentformat-main')[0]?.generator, true);
    assert.deepEqual(cat.lookupWire('rvcontentformat-other'), []);
  });

  it("uses MediaWiki's default namespaces without siteinfo", () => {
    assert.equal(cat.namespacesFromSiteinfo, false);
    assert.deepEqual(
      cat.namespaces.map((n) => n.id),
      [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    );
    assert.equal(cat.findNamespaceByName('category')?.id, 14);
    assert.equal(cat.findNamespaceByName('Image')?.id, 6);
    assert.equal(cat.findNamespaceByName('User_talk')?.id, 3);
  });

  it('loads and indexes quickly enough to do on start-up (built once per call)', () => {
    const mods = readRepoJson('descriptors/wiki/query-modules.json');
    const core = readRepoJson('descriptors/wiki/api-core.json');
    const a = createWikiCatalogue(mods, { core });
    const b = createWikiCatalogue(mods, { core });
    assert.notEqual(a, b);
    assert.notEqual(a.getModule('query+allpages'), undefined);
  });
});

describe("wiki catalogue: any wiki's paraminfo", () => {
  it('accepts formatversion 2 (boolean flags)', () => {
    const cat = fixtureCatalogue();
    const cm = cat.getQueryModule('categorymembers')!;
    assert.equal(cm.generator, true);
    assert.equal(cm.readrights, true);
    assert.equal(cm.paramByName.get('type')?.multi, true);
    assert.equal(cm.paramByName.get('title')?.required, false);
    assert.equal(cat.getQueryModule('siteinfo')?.generator, false);
  });

  it('accepts formatversion 1 ("" flags) and batched documents', () => {
    const a = {
      paraminfo: {
        modules: [
          {
            name: 'allpages',
            path: 'query+allpages',
            group: 'list',
            prefix: 'ap',
            generator: '',
            parameters: [{ name: 'from', type: 'string' }],
          },
        ],
      },
    };
    const b = {
      paraminfo: {
        modules: [
          {
            name: 'info',
            path: 'query+info',
            group: 'prop',
            prefix: 'in',
            parameters: [{ name: 'prop', type: ['url'], multi: '', deprecated: '' }],
          },
        ],
      },
    };
    const cat = createWikiCatalogue([a, b]);
    assert.equal(cat.getQueryModule('allpages')?.generator, true);
    assert.equal(cat.getQueryModule('info')?.paramByName.get('prop')?.deprecated, true);
    assert.equal(cat.lookupWire('gapfrom')[0]?.descriptor.name, 'from');
  });

  it('without main/query, assumes MediaWiki core parameters so ordinary queries stay valid', () => {
    const d = validate(
      'action=query&list=categorymembers&cmtitle=Category:A&format=json&formatversion=2&maxlag=5&titles=B&redirects=1&cmbogus=1',
      { catalogue: fixtureCatalogue() },
    );
    assert.deepEqual(
      d.map((x) => [x.code, x.param]),
      [['unrecognizedparams', 'cmbogus']],
    );
  });

  it('reads namespaces from siteinfo (formatversion 1 and 2) with aliases', () => {
    const fv1 = {
      query: {
        namespaces: { '0': { id: 0, case: 'first-letter', '*': '' }, '100': { id: 100, '*': 'Portal', canonical: 'Portal' } },
        namespacealiases: [{ id: 100, '*': 'P' }],
      },
    };
    const cat1 = fixtureCatalogue({ siteinfo: fv1 });
    assert.equal(cat1.namespacesFromSiteinfo, true);
    assert.deepEqual(
      cat1.namespaces.map((n) => [n.id, n.name]),
      [
        [0, ''],
        [100, 'Portal'],
      ],
    );
    assert.equal(cat1.findNamespaceByName('p')?.id, 100);
    const fv2 = {
      batchcomplete: true,
      query: { namespaces: { '4': { id: 4, name: 'Wikipedia', canonical: 'Project' } }, namespacealiases: [{ id: 4, alias: 'WP' }] },
    };
    const cat2 = fixtureCatalogue({ siteinfo: fv2 });
    assert.equal(cat2.findNamespaceByName('Project')?.id, 4);
    assert.equal(cat2.findNamespaceByName('WP')?.id, 4);
  });

  it("judges namespace values by the wiki's own namespaces", () => {
    const siteinfo = { query: { namespaces: { '0': { id: 0, '*': '' }, '100': { id: 100, '*': 'Portal' } } } };
    const mods = readRepoJson('descriptors/wiki/query-modules.json');
    const core = readRepoJson('descriptors/wiki/api-core.json');
    const cat = createWikiCatalogue(mods, { core, siteinfo });
    const d = validate('action=query&list=allpages&apnamespace=100\n\naction=query&list=allpages&apnamespace=14', { catalogue: cat });
    assert.deepEqual(
      d.map((x) => [x.code, x.text]),
      [['badvalue', '14']],
    );
  });

  it('applies constraint rules only for modules the catalogue has', () => {
    const constraints = readRepoJson('descriptors/wiki/constraints.json');
    const cat = fixtureCatalogue({ constraints });
    assert.deepEqual([...new Set(cat.constraints.map((r) => r.module))].sort(), ['categorymembers', 'query']);
    assert.deepEqual(
      validate('action=query&list=categorymembers', { catalogue: cat }).map((x) => [x.code, x.param]),
      [['missingparam', 'cmtitle']],
    );
    assert.deepEqual(validate('action=query&list=categorymembers', { catalogue: fixtureCatalogue() }), []);
  });
});

describe('wiki catalogue: bad data gets a clear CatalogueError', () => {
  const TABLE: Array<[string, unknown, RegExp]> = [
    ['not an object', 42, /expected action=paraminfo output/],
    ['no modules', { paraminfo: {} }, /"paraminfo\.modules" to be an array.*, but it is missing\.$/],
    ['modules not an array', { paraminfo: { modules: 'x' } }, /"paraminfo\.modules" to be an array.*, but it is "x"\.$/],
    ['paraminfo not an object', { paraminfo: 5 }, /"paraminfo\.modules" to be an array.*, but "paraminfo" is number\.$/],
    ['an empty list', [], /or a list of module descriptors, got an empty list\.$/],
    ['an API error answer', { error: { code: 'badvalue', info: 'Unrecognized value' } }, /the wiki answered with an error \(badvalue/],
    ['a module without a name', { paraminfo: { modules: [{ path: 'query+x' }] } }, /module #1: has no "name"/],
    [
      'a submodule without a group',
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', parameters: [] }] } },
      /module "x": a query submodule needs "group"/,
    ],
    [
      'parameters not an array',
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', group: 'list', parameters: {} }] } },
      /module "x": "parameters" must be an array/,
    ],
    [
      'a parameter without a name',
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', group: 'list', parameters: [{ type: 'string' }] }] } },
      /module "x" \(parameter #1\): parameter has no "name"/,
    ],
    [
      'a bad type',
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', group: 'list', parameters: [{ name: 'p', type: 5 }] }] } },
      /module "x".*parameter "p": "type" must be a type name or an array/,
    ],
    [
      'a bad bound',
      {
        paraminfo: {
          modules: [{ name: 'x', path: 'query+x', group: 'list', parameters: [{ name: 'limit', type: 'limit', max: 'lots' }] }],
        },
      },
      /parameter "limit": "max" must be an integer, got "lots"/,
    ],
    [
      'a templated parameter without templatevars',
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', group: 'prop', parameters: [], templatedparameters: [{ name: 'a-{b}' }] }] } },
      /parameter "a-\{b\}": a templated parameter needs "templatevars"/,
    ],
  ];
  for (const [name, input, message] of TABLE) {
    it(name, () => {
      assert.throws(
        () => createWikiCatalogue(input),
        (e: unknown) => e instanceof CatalogueError && message.test(e.message),
      );
    });
  }
  it('bad siteinfo', () => {
    assert.throws(
      () => fixtureCatalogue({ siteinfo: { query: { namespaces: { x: { id: 'zero' } } } } }),
      (e: unknown) => e instanceof CatalogueError && /integer "id"/.test(e.message),
    );
  });
  it('never throws anything but CatalogueError, whatever the input', () => {
    const junk: unknown[] = [
      null,
      undefined,
      '',
      'paraminfo',
      [],
      [null],
      [1, 2],
      { paraminfo: null },
      { paraminfo: { modules: [null] } },
      { paraminfo: { modules: [[]] } },
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', group: 'list', parameters: [null] }] } },
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', group: 'list', parameters: [{ name: 'p', info: 'no' }] }] } },
      { paraminfo: { modules: [{ name: 'x', path: 'query+x', group: 'list', parameters: [{ name: 'p', submodules: 3 }] }] } },
      { paraminfo: { modules: [{ name: 'x', path: 7 }] } },
      Object.create(null),
    ];
    for (const input of junk) {
      try {
        createWikiCatalogue(input);
      } catch (e) {
        assert.ok(e instanceof CatalogueError, `${JSON.stringify(input)} threw ${String(e)}`);
      }
    }
  });
  it('bad constraints data is a CatalogueError naming the rule', () => {
    assert.throws(
      () => fixtureCatalogue({ constraints: { rules: [{ id: 'r1', module: 'x', kind: 'sometimes', params: ['a', 'b'] }] } }),
      (e: unknown) => e instanceof CatalogueError && /r1.*"kind" must be one of/.test(e.message),
    );
  });
});

describe('wiki catalogue: rules read per module on first use', () => {
  const constraints = readRepoJson('descriptors/wiki/constraints.json') as { rules: { module: string }[] };
  const actionConstraints = readRepoJson('descriptors/wiki/action-constraints.json') as { rules: { module: string }[] };
  const fresh = () =>
    loadBuiltinCatalogue((rel) =>
      rel === BUILTIN_CATALOGUE_FILES.constraints
        ? constraints
        : rel === BUILTIN_CATALOGUE_FILES.actionConstraints
          ? actionConstraints
          : readRepoJson(rel),
    );

  /** The built-in catalogue as a 1.39 wiki's: the rules of later versions do not apply there. */
  const older = () =>
    createWikiCatalogue(readRepoJson(BUILTIN_CATALOGUE_FILES.modules), {
      core: [readRepoJson(BUILTIN_CATALOGUE_FILES.core), readRepoJson(BUILTIN_CATALOGUE_FILES.actions)],
      constraints,
      actionConstraints,
      siteinfo: { query: { general: { generator: 'MediaWiki 1.39.17' } } },
    });

  for (const [which, make] of [
    ['the built-in catalogue', fresh],
    ['a 1.39 catalogue', older],
  ] as const) {
    it(`${which}: each module's rules are those of the data read whole that apply, in data order, with their positions`, () => {
      // The reference: every rule read at once, in data order, by the readers the data's own tests use,
      // then filtered by what the catalogue has (module, parameters) and its version.
      const cat = make();
      const eager = parseConstraints(constraints);
      const queryModule = (name: string) => (name === 'query' ? cat.query : name === 'main' ? cat.main : cat.getQueryModule(name));
      const applies = (r: (typeof eager)[number]) => {
        const m = queryModule(r.module);
        return (
          m !== undefined &&
          r.params.every((p) => m.paramByName.has(p)) &&
          (r.when ?? []).every((c) => m.paramByName.has(c.param)) &&
          ruleHoldsFor(r, cat.mediaWikiVersion)
        );
      };
      let kept = 0;
      for (const module of new Set(eager.map((r) => r.module))) {
        const expected = eager.map((rule, at) => ({ rule, at })).filter(({ rule }) => rule.module === module && applies(rule));
        const { rules, positions } = cat.constraintsOf(module);
        assert.deepEqual(
          rules,
          expected.map((x) => x.rule),
          module,
        );
        assert.deepEqual(
          positions,
          expected.map((x) => x.at),
          module,
        );
        kept += rules.length;
      }
      assert.ok(kept > 100, `${kept} constraint rules apply`);
      if (make === older) assert.ok(kept < eager.length, 'some rules are for later versions');
      assert.deepEqual(cat.constraintsOf('nosuchmodule').rules, []);

      const eagerActions = parseActionConstraints(actionConstraints);
      const actionApplies = (r: (typeof eagerActions)[number]) => {
        const m = r.module === 'main' ? cat.main : cat.getActionModule(r.module);
        if (m === undefined) return false;
        const has = (p: string) =>
          m.paramByName.has(p) ||
          m.templatedparameters.some((t) => t.name.indexOf('{') > 0 && p.startsWith(t.name.slice(0, t.name.indexOf('{'))));
        return r.uses.every(has) && ruleHoldsFor(r, cat.mediaWikiVersion);
      };
      let keptActions = 0;
      for (const module of new Set(eagerActions.map((r) => r.module))) {
        const expected = eagerActions.filter((r) => r.module === module && actionApplies(r));
        assert.deepEqual(cat.actionRulesOf(module), expected, module);
        keptActions += expected.length;
      }
      assert.ok(keptActions > 20, `${keptActions} action rules apply`);
      assert.deepEqual(cat.actionRulesOf('nosuchmodule'), []);
    });
  }

  it('the same verdicts whichever module is read first', () => {
    const queries = [
      'action=query&list=categorymembers',
      'action=query&list=allimages&aisort=name&aistart=20240101000000',
      'action=parse&text=a&revid=1',
      'action=query&prop=revisions&titles=A&rvslots=main&rvcontentformat-main=text/x-wiki',
      'action=query&list=recentchanges&rcshow=minor|!minor',
    ];
    const expected = queries.map((q) => validate(q, { catalogue: fresh() }));
    const cat = fresh();
    const reversed = [...queries].reverse().map((q) => validate(q, { catalogue: cat }));
    assert.deepEqual(reversed.reverse(), expected);
    assert.ok(expected.some((d) => d.length > 0));
  });

  it('a rule that names no module or kind is refused at load; one malformed otherwise when its module is first read', () => {
    for (const bad of [{ id: 'r1', kind: 'requires', params: ['a', 'b'] }, 7])
      assert.throws(
        () => fixtureCatalogue({ constraints: { rules: [bad] } }),
        (e: unknown) => e instanceof CatalogueError && /constraints rule #1.*Fix the constraints data/.test(e.message),
      );
    const cat = fixtureCatalogue({ constraints: { rules: [{ id: 'r2', module: 'categorymembers', kind: 'pattern', params: ['title'] }] } });
    assert.throws(
      () => cat.constraintsOf('categorymembers'),
      (e: unknown) => e instanceof CatalogueError && /r2.*"pattern".*Fix the constraints data/.test(e.message),
    );
  });
});

describe('wiki rule book', () => {
  it("reads a module's rules once, on the first use of that module only, and keeps those the catalogue keeps", () => {
    const data = [
      { module: 'a', n: 1 },
      { module: 'b', n: 2 },
      { module: 'a', n: 3 },
      { module: 'a', n: 4 },
    ];
    const read: number[] = [];
    const book = new RuleBook(data, {
      moduleOf: (raw) => (raw as { module: string }).module,
      read: (raw, i) => (read.push(i), raw as { module: string; n: number }),
      keep: (r) => r.n !== 3,
    });
    assert.deepEqual(read, []);
    assert.equal(book.size, 4);
    assert.ok(book.has('b') && !book.has('c'));
    assert.deepEqual(book.of('a'), { rules: [data[0], data[3]], positions: [0, 3] });
    assert.deepEqual(read, [0, 2, 3]);
    book.of('a');
    assert.deepEqual(read, [0, 2, 3]);
    assert.deepEqual(book.all(), [data[0], data[1], data[3]]);
    assert.deepEqual(read, [0, 2, 3, 1]);
  });
});

describe('wiki catalogue: constraints.json', () => {
  const data = readRepoJson('descriptors/wiki/constraints.json') as {
    rules: Array<{
      id: string;
      module: string;
      params: string[];
      mirrors: string;
      extension?: string;
      since?: string;
      until?: string;
      when?: Array<{ param: string }>;
    }>;
  };
  const cat = builtinCatalogue();

  it('every rule names the MediaWiki behaviour it mirrors and has a unique id', () => {
    const ids = new Set<string>();
    for (const r of data.rules) {
      assert.match(r.mirrors, /Api\w+(::\w+)?/, r.id);
      assert.ok(!ids.has(r.id), `duplicate id ${r.id}`);
      ids.add(r.id);
    }
  });

  it('every core rule for the built-in version applies to the built-in catalogue (its module and parameters exist)', () => {
    assert.deepEqual(
      cat.constraints.map((r) => r.id).sort(),
      data.rules
        .filter((r) => !r.extension && ruleHoldsFor(r, BUILTIN_MEDIAWIKI_VERSION))
        .map((r) => r.id)
        .sort(),
    );
  });

  it("a rule for an extension's module names the extension, and is left out of the built-in catalogue", () => {
    for (const r of data.rules.filter((x) => x.extension)) {
      assert.equal(cat.getModule(r.module), undefined, `${r.id}: ${r.module} is not a built-in module`);
      assert.match(r.mirrors, new RegExp(r.extension!), `${r.id} says which extension it mirrors`);
    }
  });
});
