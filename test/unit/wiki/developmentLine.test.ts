/**
 * Names only the 1.46 development line has (the built-in catalogue's query modules are that line's, as the spec
 * describes it; no built-in release has them). With no target they are accepted: the built-in catalogue is that
 * line, and hover says no release has them yet (versionFacts.test.ts). A built-in release target gives the warning
 * that release gives: every row was sent to the real MediaWiki 1.45.0 and 1.43.3 (logged in as a sysop where the
 * module needs a login) and answered so: a value the release does not list is dropped with the warning
 * `unrecognizedvalues` (ParamValidator's EnumDef, the condition ApiParamValidatorCallbacks::recordCondition makes a
 * warning), a parameter it does not have is `unrecognizedparams` (ApiMain::reportUnusedParams). The wiki warns; the
 * request still runs.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import type { WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { builtinVersionCatalogue } from '../../../server/src/targets';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';
import { builtinCatalogue, repoRoot } from './helpers';

/** The errors and warnings of one request, logged in. */
function problems(catalogue: WikiCatalogue, text: string) {
  const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
  const document = TextDocument.create('file:///d.wikiquery', 'wikiquery', 1, text);
  return service.doValidation(document, service.parse(document), { loggedIn: true }).filter((d) => d.severity === 1 || d.severity === 2);
}

/** The errors and warnings of one request (codes and the parameter each names), logged in. */
function verdict(catalogue: WikiCatalogue, text: string): string[] {
  return problems(catalogue, text).map((d) => `${String(d.code)}:${(d.data as { param?: string } | undefined)?.param ?? ''}`);
}

/** The sentence a target's warning adds on a name only the development line has (wikiBuiltinVersions.ts, developmentLineNote). */
const NEWER = 'The 1.46 development line has it; no release has it yet.';

/** Request → what 1.45.0 and 1.43.3 answered (the same on both, except where a row says). */
/**
 * `newer`: whether the target's warning says the development line has the name (default: yes). Not for a right (the
 * line's description lists an extension's rights too) nor for 1.43's codexicons (1.45 has that parameter).
 */
const TABLE: Array<{ query: string; released: string[]; on143?: string[]; newer?: boolean; newerOn143?: boolean }> = [
  { query: 'action=query&prop=info&titles=Alpha&inprop=watchlistlabels', released: ['unrecognizedvalues:inprop'] },
  { query: 'action=query&prop=info&titles=Alpha&indefaultlinkcaption=1', released: ['unrecognizedparams:indefaultlinkcaption'] },
  { query: 'action=query&meta=siteinfo&siprop=sbom', released: ['unrecognizedvalues:siprop'] },
  { query: 'action=query&meta=siteinfo&siprop=doubleunderscores', released: ['unrecognizedvalues:siprop'] },
  { query: 'action=query&meta=userinfo&uiprop=watchlistlabels', released: ['unrecognizedvalues:uiprop'] },
  { query: 'action=query&list=users&ususers=Admin&usprop=tempexpired', released: ['unrecognizedvalues:usprop'] },
  { query: 'action=query&list=allusers&auprop=tempexpired', released: ['unrecognizedvalues:auprop'] },
  { query: 'action=query&list=watchlist&wlprop=labels', released: ['unrecognizedvalues:wlprop'] },
  { query: 'action=query&list=watchlist&wllabels=1', released: ['unrecognizedparams:wllabels'] },
  { query: 'action=query&list=allusers&aurights=ignore-restricted-groups', released: ['unrecognizedvalues:aurights'], newer: false },
  {
    query: 'action=query&prop=contributors&titles=Alpha&pcexcluderights=logentryimport',
    released: ['unrecognizedvalues:pcexcluderights'],
    newer: false,
  },
  // 1.43 has no list=codexicons at all (new in 1.45): the module and its parameter are unknown there.
  {
    query: 'action=query&list=codexicons&names=cdxIconUserBlocked',
    released: ['unrecognizedvalues:names'],
    on143: ['unrecognizedvalues:list', 'unrecognizedparams:names'],
    newerOn143: false,
  },
];

describe('names only the 1.46 development line has', () => {
  const files = createPackageFiles(repoRoot);
  const builtin = builtinCatalogue();
  const v145 = builtinVersionCatalogue('1.45', files);
  const v143 = builtinVersionCatalogue('1.43', files);

  for (const row of TABLE) {
    it(`${row.query}: accepted with no target; --target 1.45 and 1.43 give the warning those releases give`, () => {
      assert.deepEqual(verdict(builtin, row.query), [], 'no target: the development line has it');
      assert.deepEqual(verdict(v145, row.query).sort(), [...row.released].sort(), '--target 1.45');
      assert.deepEqual(verdict(v143, row.query).sort(), [...(row.on143 ?? row.released)].sort(), '--target 1.43');
    });
    const on145 = row.newer ?? true;
    const on143 = row.newerOn143 ?? on145;
    it(`${row.query}: --target 1.45 ${on145 ? 'says' : 'does not say'} and 1.43 ${on143 ? 'says' : 'does not say'} the 1.46 development line has it`, () => {
      for (const [target, catalogue, says] of [
        ['1.45', v145, on145],
        ['1.43', v143, on143],
      ] as const) {
        const messages = problems(catalogue, row.query).map((d) => String(d.message));
        assert.equal(
          messages.some((m) => m.includes(NEWER)),
          says,
          `--target ${target}: ${messages.join(' / ')}`,
        );
      }
    });
  }

  // With no target, a right the line's description lists and no release has (ConfirmEdit's skipcaptcha; 1.46's
  // ignore-restricted-groups) depends on the wiki: 1.45.0 and 1.43.3, without ConfirmEdit, answered
  // aurights=skipcaptcha with `Unrecognized value for parameter "aurights": skipcaptcha`. An information with the
  // server's code (PermissionManager::getAllPermissions lists only the wiki's rights); a released right gets none.
  const rightRows: Array<[string, string, boolean]> = [
    ['action=query&list=allusers&aurights=skipcaptcha', 'skipcaptcha', true],
    ['action=query&list=allusers&aurights=ignore-restricted-groups', 'ignore-restricted-groups', true],
    ['action=query&prop=contributors&titles=Alpha&pcrights=skipcaptcha', 'skipcaptcha', true],
    ['action=query&list=allusers&aurights=edit|skipcaptcha', 'skipcaptcha', true],
    ['action=query&list=allusers&aurights=edit', '', false],
  ];
  for (const [query, right, depends] of rightRows) {
    it(`no target, ${query}: ${depends ? 'an information that it depends on the wiki (unrecognizedvalues)' : 'nothing'}`, () => {
      const service = getWikiLanguageService({ resolveCatalogue: () => builtin });
      const document = TextDocument.create('file:///d.wikiquery', 'wikiquery', 1, query);
      const infos = service
        .doValidation(document, service.parse(document), { loggedIn: true })
        .filter((d) => d.code === 'unrecognizedvalues');
      if (!depends) return assert.deepEqual(infos, []);
      assert.equal(infos.length, 1);
      assert.equal(infos[0].severity, 3);
      assert.match(
        String(infos[0].message),
        new RegExp(
          `^"${right}" is a right no MediaWiki release has as installed \\(absent from 1\\.39, 1\\.43, 1\\.45\\): an extension's, or new in the 1\\.46 development line\\. A wiki without it warns`,
        ),
      );
      assert.equal(document.getText().slice(document.offsetAt(infos[0].range.start), document.offsetAt(infos[0].range.end)), right);
    });
  }

  it('a name no MediaWiki has gets no such sentence (a typo is not new)', () => {
    for (const q of ['action=query&prop=info&titles=Alpha&inprop=watchlistlabelz', 'action=query&list=watchlist&wllabelz=1']) {
      const messages = problems(v145, q).map((d) => String(d.message));
      assert.equal(messages.length, 1, q);
      assert.ok(!messages[0].includes('development line'), messages[0]);
    }
  });
});
