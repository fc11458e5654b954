/**
 * With no target, the built-in catalogue describes the newest MediaWiki: the query modules of the 1.46
 * development line (the spec) and 1.45.0's other modules. A value of an enumerated parameter it does not
 * list is judged against the built-in releases (descriptors/wiki/versions/core-modules.json): one the newest
 * release, 1.45.0, accepts is accepted (ApiQueryCodexIcons lists the Codex logo icons the spec leaves out);
 * one only older releases accept (the `writeapi` right, removed in 1.43) stays an `unrecognizedvalues` warning,
 * as the newest wiki gives it (ParamValidator's EnumDef::validate), and names the releases that accepted it.
 * A version target judges by its own release alone.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import type { WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { builtinVersionCatalogue } from '../../../server/src/targets';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';
import { builtinCatalogue, repoRoot } from './helpers';

function judged(catalogue: WikiCatalogue, text: string): string[] {
  const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
  const document = TextDocument.create('file:///u.wikiquery', 'wikiquery', 1, text);
  return service
    .doValidation(document, service.parse(document), {})
    .map((d) => `${String(d.code)}: ${typeof d.message === 'string' ? d.message : d.message.value}`);
}

describe('the untargeted built-in catalogue and values only some releases accept', () => {
  const builtin = builtinCatalogue();
  const files = createPackageFiles(repoRoot);
  const TABLE: Array<[string, string, { builtin: RegExp | null; '1.39': RegExp | null; '1.45': RegExp | null }]> = [
    [
      'a Codex logo icon 1.45.0 lists and the spec leaves out',
      'action=query&list=codexicons&names=cdxIconLogoWikipedia',
      { builtin: null, '1.39': /^badmodule|^unrecognizedvalues/, '1.45': null },
    ],
    [
      'a right only 1.39 knows',
      'action=query&list=allusers&aurights=writeapi',
      {
        builtin:
          /^unrecognizedvalues: .*MediaWiki 1\.39 accepted it \(absent from 1\.43, 1\.45\): to judge for one version, give a target \(# targets: 1\.39\)/,
        '1.39': null,
        '1.45': /^unrecognizedvalues/,
      },
    ],
    [
      'a value no release knows keeps its plain warning',
      'action=query&list=allusers&aurights=nosuchright',
      { builtin: /^unrecognizedvalues: (?!.*accepted it)/, '1.39': /^unrecognizedvalues/, '1.45': /^unrecognizedvalues/ },
    ],
  ];
  for (const [what, text, expected] of TABLE) {
    it(what, () => {
      const seen = {
        builtin: judged(builtin, text),
        '1.39': judged(builtinVersionCatalogue('1.39', files), text),
        '1.45': judged(builtinVersionCatalogue('1.45', files), text),
      };
      for (const key of ['builtin', '1.39', '1.45'] as const) {
        const want = expected[key];
        if (want === null) assert.deepEqual(seen[key], [], `${key}: ${text}`);
        else assert.ok(seen[key].length >= 1 && want.test(seen[key][0]), `${key}: ${seen[key].join('\n')}`);
      }
    });
  }
});
