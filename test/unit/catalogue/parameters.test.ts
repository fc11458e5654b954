/**
 * The parameters where transcription slips happen, written out as the exact descriptors
 * MediaWiki's paraminfo (formatversion 1) gives, and the complete lists of every flag and
 * note the spec hands out. Source: the product spec (its copy: test/unit/catalogue/fixtures/wiki-query-descriptors.md).
 */
import assert from 'node:assert/strict';
import { allParams, findModule, findParam, queryModules, SPEC_SETS } from './catalogueFiles';

const MULTI = { multi: '', lowlimit: 50, highlimit: 500, limit: 50 } as const;
const LIMIT = { type: 'limit', min: 1, max: 500, highmax: 5000 } as const;
const REVPROP_DEFAULT = 'ids|timestamp|flags|comment|user';

/** [module, exact descriptor] */
const EXACT: Array<[string, Record<string, unknown>]> = [
  // REVOPTS and the templated parameter: `contentformat-{slot}` holds index 3, `limit` is 4.
  ['revisions', { index: 1, name: 'prop', type: SPEC_SETS.REVPROP, default: REVPROP_DEFAULT, ...MULTI, deprecatedvalues: ['parsetree'] }],
  ['revisions', { index: 2, name: 'slots', type: ['main'], ...MULTI, allspecifier: '*' }],
  ['revisions', { index: 3, name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: SPEC_SETS.CF }],
  ['revisions', { index: 4, name: 'limit', ...LIMIT, info: [{ name: 'singlepageonly' }] }],
  ['revisions', { index: 5, name: 'expandtemplates', type: 'boolean', deprecated: '' }],
  ['revisions', { index: 8, name: 'section', type: 'string' }],
  ['revisions', { index: 12, name: 'contentformat', type: SPEC_SETS.CF, deprecated: '' }],
  ['revisions', { index: 13, name: 'startid', type: 'integer', info: [{ name: 'singlepageonly' }] }],
  ['revisions', { index: 17, name: 'dir', type: ['newer', 'older'], default: 'older', info: [{ name: 'singlepageonly' }] }],
  [
    'revisions',
    { index: 18, name: 'user', type: 'user', subtypes: ['name', 'ip', 'temp', 'interwiki', 'id'], info: [{ name: 'singlepageonly' }] },
  ],
  ['revisions', { index: 20, name: 'tag', type: 'string' }],
  ['allrevisions', { index: 4, name: 'limit', ...LIMIT }],
  ['deletedrevisions', { index: 4, name: 'limit', ...LIMIT }],
  ['alldeletedrevisions', { index: 4, name: 'limit', ...LIMIT }],
  ['alldeletedrevisions', { index: 15, name: 'start', type: 'timestamp', info: [{ name: 'useronly' }] }],
  [
    'alldeletedrevisions',
    { index: 21, name: 'excludeuser', type: 'user', subtypes: ['name', 'ip', 'temp', 'interwiki', 'id'], info: [{ name: 'nonuseronly' }] },
  ],
  // LIM variants
  ['allcategories', { index: 8, name: 'limit', ...LIMIT, default: 10 }],
  ['imageinfo', { index: 2, name: 'limit', ...LIMIT, default: 1 }],
  ['random', { index: 7, name: 'limit', ...LIMIT, default: 1 }],
  // Namespace variants
  ['alllinks', { index: 7, name: 'namespace', type: 'namespace', default: 0, extranamespaces: [-2, -1] }],
  ['alltransclusions', { index: 7, name: 'namespace', type: 'namespace', default: 10, extranamespaces: [-2, -1] }],
  ['allpages', { index: 5, name: 'namespace', type: 'namespace', default: 0 }],
  ['logevents', { index: 10, name: 'namespace', type: 'namespace', extranamespaces: [-2, -1] }],
  ['prefixsearch', { index: 2, name: 'namespace', type: 'namespace', default: 0, ...MULTI, allspecifier: '*' }],
  ['search', { index: 2, name: 'namespace', type: 'namespace', default: 0, ...MULTI, allspecifier: '*' }],
  ['recentchanges', { index: 4, name: 'namespace', type: 'namespace', ...MULTI, allspecifier: '*', extranamespaces: [-2, -1] }],
  ['backlinks', { index: 4, name: 'namespace', type: 'namespace', ...MULTI, allspecifier: '*' }],
  ['deletedrevs', { index: 8, name: 'namespace', type: 'namespace', default: 0, info: [{ name: 'modes', values: [3] }] }],
  // dir enumerations differ per module
  ['allimages', { index: 2, name: 'dir', type: ['ascending', 'descending', 'newer', 'older'], default: 'ascending' }],
  ['categorymembers', { index: 9, name: 'dir', type: ['asc', 'ascending', 'desc', 'descending', 'newer', 'older'], default: 'ascending' }],
  ['deletedrevs', { index: 3, name: 'dir', type: ['newer', 'older'], default: 'older', info: [{ name: 'modes', values: [1, 3] }] }],
  ['deletedrevs', { index: 1, name: 'start', type: 'timestamp', info: [{ name: 'modes', values: [1, 2] }] }],
  // Number and string defaults
  ['imageinfo', { index: 5, name: 'urlwidth', type: 'integer', default: -1 }],
  ['stashimageinfo', { index: 5, name: 'urlheight', type: 'integer', default: -1 }],
  ['imageinfo', { index: 7, name: 'metadataversion', type: 'string', default: '1' }],
  ['imageinfo', { index: 8, name: 'extmetadatalanguage', type: 'string', default: 'ru' }],
  ['imageinfo', { index: 11, name: 'urlparam', type: 'string', default: '' }],
  ['langlinks', { index: 5, name: 'inlanguagecode', type: 'string', default: 'ru' }],
  ['search', { index: 4, name: 'offset', type: 'integer', default: 0, min: 0 }],
  ['querypage', { index: 2, name: 'offset', type: 'integer', default: 0 }],
  ['allmessages', { index: 1, name: 'messages', type: 'string', default: '*', ...MULTI }],
  ['languageinfo', { index: 2, name: 'code', type: 'string', default: '*', ...MULTI }],
  ['info', { index: 2, name: 'linkcontext', type: 'title', default: 'Main Page' }],
  [
    'filerepoinfo',
    {
      index: 1,
      name: 'prop',
      type: ['canUpload', 'displayname', 'favicon', 'initialCapital', 'local', 'name', 'rootUrl', 'scriptDirUrl', 'thumbUrl', 'url'],
      default: 'canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url',
      ...MULTI,
    },
  ],
  ['categorymembers', { index: 5, name: 'type', type: ['file', 'page', 'subcat'], default: 'page|subcat|file', ...MULTI }],
  ['allcategories', { index: 9, name: 'prop', type: ['hidden', 'size'], default: '', ...MULTI }],
  // Boolean parameters have no default
  ['allfileusages', { index: 5, name: 'unique', type: 'boolean' }],
  // "(empty string)" values
  ['allpages', { index: 11, name: 'prlevel', type: ['', 'autoconfirmed', 'sysop'], ...MULTI }],
  ['extlinks', { index: 3, name: 'protocol', type: SPEC_SETS.PROTO, default: '' }],
  ['exturlusage', { index: 3, name: 'protocol', type: SPEC_SETS.PROTO, default: '' }],
  // BL and PROPTRIPLE
  ['embeddedin', { index: 6, name: 'filterredir', type: ['all', 'nonredirects', 'redirects'], default: 'all' }],
  ['random', { index: 2, name: 'filterredir', type: ['all', 'nonredirects', 'redirects'], default: 'nonredirects' }],
  ['linkshere', { index: 1, name: 'prop', type: ['pageid', 'redirect', 'title'], default: 'pageid|title|redirect', ...MULTI }],
  ['transcludedin', { index: 3, name: 'show', type: ['!redirect', 'redirect'], ...MULTI }],
  // Users
  ['blocks', { index: 5, name: 'users', type: 'user', ...MULTI, subtypes: ['name', 'ip', 'temp', 'cidr'] }],
  ['usercontribs', { index: 5, name: 'user', type: 'user', ...MULTI, subtypes: ['name', 'ip', 'temp', 'interwiki'] }],
  ['watchlist', { index: 13, name: 'owner', type: 'user', subtypes: ['name'] }],
  ['watchlistraw', { index: 6, name: 'owner', type: 'user', subtypes: ['name'] }],
  // Flags
  ['watchlist', { index: 14, name: 'token', type: 'string', sensitive: '' }],
  ['allmessages', { index: 6, name: 'args', type: 'string', ...MULTI, allowsduplicates: '' }],
  ['pageswithprop', { index: 1, name: 'propname', type: 'string', required: '' }],
  ['stashimageinfo', { index: 2, name: 'sessionkey', type: 'string', deprecated: '', ...MULTI }],
  [
    'tokens',
    {
      index: 1,
      name: 'type',
      type: ['createaccount', 'csrf', 'login', 'patrol', 'rollback', 'userrights', 'watch'],
      default: 'csrf',
      ...MULTI,
      allspecifier: '*',
    },
  ],
  [
    'userinfo',
    {
      index: 1,
      name: 'prop',
      type: [
        'acceptlang',
        'blockinfo',
        'cancreateaccount',
        'centralids',
        'changeablegroups',
        'editcount',
        'email',
        'groupmemberships',
        'groups',
        'hasmsg',
        'implicitgroups',
        'latestcontrib',
        'options',
        'ratelimits',
        'realname',
        'registrationdate',
        'rights',
        'theoreticalratelimits',
        'unreadcount',
        'watchlistlabels',
      ],
      ...MULTI,
      allspecifier: '*',
    },
  ],
  ['recentchanges', { index: 16, name: 'slot', type: ['main'] }],
  ['allusers', { index: 7, name: 'rights', type: SPEC_SETS.RIGHTS, ...MULTI }],
  ['contributors', { index: 4, name: 'excluderights', type: SPEC_SETS.RIGHTS_C, ...MULTI }],
  ['contributors', { index: 1, name: 'group', type: SPEC_SETS.GROUPS, ...MULTI }],
];

describe('built-in catalogue: exact descriptors of the tricky parameters', () => {
  for (const [moduleName, expected] of EXACT) {
    it(`${moduleName} ${expected.name}`, () => {
      const actual = findParam(findModule(queryModules, moduleName), expected.name as string);
      assert.deepEqual(actual, expected);
    });
  }

  it("codexicons names: req, M, allspecifier *, cdxIcon<Name> values in the spec's order", () => {
    const names = findParam(findModule(queryModules, 'codexicons'), 'names');
    const { type, ...rest } = names;
    assert.deepEqual(rest, { index: 1, name: 'names', required: '', ...MULTI, allspecifier: '*' });
    assert.ok(Array.isArray(type));
    assert.equal(type.length, 235);
    assert.deepEqual(type.slice(0, 5), ['cdxIconAdd', 'cdxIconAlert', 'cdxIconAlignCenter', 'cdxIconAlignLeft', 'cdxIconAlignRight']);
    assert.deepEqual(type.slice(-4), ['cdxIconWikitext', 'cdxIconWindow', 'cdxIconZoomIn', 'cdxIconZoomOut']);
    for (const n of [
      'cdxIconTextDirLTR',
      'cdxIconUnBlock',
      'cdxIconQrCode',
      'cdxIconMathematicsDisplayInline',
      'cdxIconUserTemporaryLocation',
    ]) {
      assert.ok(type.includes(n), `${n} is missing`);
    }
    assert.ok(!type.some((n) => n.startsWith('cdxIconLogo')), 'project logos are not listed by the spec');
  });

  it('RIGHTS_C is RIGHTS without the ten rights the spec names', () => {
    const removed = SPEC_SETS.RIGHTS.filter((r) => !SPEC_SETS.RIGHTS_C.includes(r));
    assert.deepEqual(removed, [
      'badcaptcha',
      'changeemail',
      'confirmemail',
      'linkpurge',
      'mailpassword',
      'purge',
      'renderfile',
      'renderfile-nonstandard',
      'stashbasehtml',
      'stashedit',
    ]);
    assert.ok(
      SPEC_SETS.RIGHTS_C.every((r) => SPEC_SETS.RIGHTS.includes(r)),
      'RIGHTS_C has a right RIGHTS lacks',
    );
    assert.equal(SPEC_SETS.RIGHTS.length, 96);
    assert.equal(SPEC_SETS.RIGHTS_C.length, 86);
  });
});

/** Every module.param in the catalogue for which `has(param)` holds. */
function everyParam(has: (p: Record<string, unknown>) => boolean): string[] {
  const out: string[] = [];
  for (const m of queryModules.paraminfo.modules) {
    for (const p of allParams(m)) if (has(p)) out.push(`${m.name}.${p.name}`);
  }
  return out;
}

describe('built-in catalogue: every flag and note the spec hands out, and no other', () => {
  const cases: Array<[string, (p: Record<string, unknown>) => boolean, string[]]> = [
    [
      'required',
      (p) => p.required === '',
      ['codexicons.names', 'pageswithprop.propname', 'prefixsearch.search', 'querypage.page', 'search.search'],
    ],
    ['sensitive', (p) => p.sensitive === '', ['watchlist.token', 'watchlistraw.token']],
    ['allowsduplicates', (p) => p.allowsduplicates === '', ['allmessages.args']],
    [
      'deprecated parameters',
      (p) => p.deprecated === '',
      [
        ...['alldeletedrevisions', 'allrevisions'].flatMap((m) =>
          ['expandtemplates', 'generatexml', 'parse', 'diffto', 'difftotext', 'difftotextpst', 'contentformat'].map((p) => `${m}.${p}`),
        ),
        'categorymembers.startsortkey',
        'categorymembers.endsortkey',
        ...['expandtemplates', 'generatexml', 'parse', 'diffto', 'difftotext', 'difftotextpst', 'contentformat'].map(
          (p) => `deletedrevisions.${p}`,
        ),
        'extlinks.expandurl',
        'exturlusage.expandurl',
        'iwlinks.url',
        'langlinks.url',
        'random.redirect',
        ...['expandtemplates', 'generatexml', 'parse', 'diffto', 'difftotext', 'difftotextpst', 'contentformat'].map(
          (p) => `revisions.${p}`,
        ),
        'stashimageinfo.sessionkey',
        'usercontribs.toponly',
      ],
    ],
    [
      'allspecifier *',
      (p) => p.allspecifier === '*',
      [
        'alldeletedrevisions.slots',
        'alldeletedrevisions.namespace',
        'allrevisions.slots',
        'allrevisions.namespace',
        'backlinks.namespace',
        'categorymembers.namespace',
        'codexicons.names',
        'deletedrevisions.slots',
        'embeddedin.namespace',
        'exturlusage.namespace',
        'fileusage.namespace',
        'imageusage.namespace',
        'links.namespace',
        'linkshere.namespace',
        'prefixsearch.namespace',
        'protectedtitles.namespace',
        'random.namespace',
        'recentchanges.namespace',
        'redirects.namespace',
        'revisions.slots',
        'search.namespace',
        'templates.namespace',
        'tokens.type',
        'transcludedin.namespace',
        'usercontribs.namespace',
        'userinfo.prop',
        'watchlist.namespace',
        'watchlistraw.namespace',
      ],
    ],
    [
      'extranamespaces -2,-1 (NSX)',
      (p) => JSON.stringify(p.extranamespaces) === '[-2,-1]',
      [
        'alllinks.namespace',
        'allredirects.namespace',
        'alltransclusions.namespace',
        'links.namespace',
        'logevents.namespace',
        'recentchanges.namespace',
        'templates.namespace',
      ],
    ],
    [
      'any extranamespaces',
      (p) => p.extranamespaces !== undefined,
      [
        'alllinks.namespace',
        'allredirects.namespace',
        'alltransclusions.namespace',
        'links.namespace',
        'logevents.namespace',
        'recentchanges.namespace',
        'templates.namespace',
      ],
    ],
    [
      'templated parameters',
      (p) => p.templatevars !== undefined,
      [
        'alldeletedrevisions.contentformat-{slot}',
        'allrevisions.contentformat-{slot}',
        'deletedrevisions.contentformat-{slot}',
        'revisions.contentformat-{slot}',
      ],
    ],
  ];
  for (const [label, has, expected] of cases) {
    it(label, () => assert.deepEqual(everyParam(has), expected));
  }

  it('deprecated values', () => {
    const actual = queryModules.paraminfo.modules.flatMap((m) =>
      allParams(m)
        .filter((p) => p.deprecatedvalues !== undefined)
        .map((p) => [`${m.name}.${p.name}`, p.deprecatedvalues]),
    );
    assert.deepEqual(actual, [
      ['alldeletedrevisions.prop', ['parsetree']],
      ['allrevisions.prop', ['parsetree']],
      ['deletedrevisions.prop', ['parsetree']],
      ['deletedrevs.prop', ['token']],
      ['info.prop', ['preload', 'readable']],
      ['revisions.prop', ['parsetree']],
      ['search.prop', ['hasrelated', 'score']],
    ]);
    // A deprecated value stays in the allowed list.
    for (const [name, values] of actual as Array<[string, string[]]>) {
      const [moduleName, paramName] = name.split('.');
      const type = findParam(findModule(queryModules, moduleName), paramName).type as string[];
      for (const v of values) assert.ok(type.includes(v), `${name}: ${v} is not in the allowed values`);
    }
  });

  it('info notes', () => {
    const actual = queryModules.paraminfo.modules.flatMap((m) =>
      allParams(m)
        .filter((p) => p.info !== undefined)
        .map((p) => `${m.name}.${p.name} ${JSON.stringify(p.info)}`),
    );
    const note = (name: string) => JSON.stringify([{ name }]);
    const modes = (...values: number[]) => JSON.stringify([{ name: 'modes', values }]);
    assert.deepEqual(actual, [
      `alldeletedrevisions.start ${note('useronly')}`,
      `alldeletedrevisions.end ${note('useronly')}`,
      `alldeletedrevisions.from ${note('nonuseronly')}`,
      `alldeletedrevisions.to ${note('nonuseronly')}`,
      `alldeletedrevisions.prefix ${note('nonuseronly')}`,
      `alldeletedrevisions.excludeuser ${note('nonuseronly')}`,
      `deletedrevs.start ${modes(1, 2)}`,
      `deletedrevs.end ${modes(1, 2)}`,
      `deletedrevs.dir ${modes(1, 3)}`,
      `deletedrevs.from ${modes(3)}`,
      `deletedrevs.to ${modes(3)}`,
      `deletedrevs.prefix ${modes(3)}`,
      `deletedrevs.unique ${modes(3)}`,
      `deletedrevs.namespace ${modes(3)}`,
      `info.preloadcustom ${note('preloadcontentonly')}`,
      `info.preloadparams ${note('preloadcontentonly')}`,
      `info.preloadnewsection ${note('preloadcontentonly')}`,
      `info.editintrostyle ${note('editintroonly')}`,
      `info.editintroskip ${note('editintroonly')}`,
      `info.editintrocustom ${note('editintroonly')}`,
      ...['limit', 'startid', 'endid', 'start', 'end', 'dir', 'user', 'excludeuser'].map((p) => `revisions.${p} ${note('singlepageonly')}`),
    ]);
  });
});
