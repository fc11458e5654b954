/**
 * Hover and completion of the fields of AuthManager's requests (wikiAuthFields.ts, from the readsFields rules):
 * names an action module reads without its prefix, which paraminfo does not list. The hover says which request
 * declares the field, on which step, and with which extension or sender it is read; completion offers the fields
 * after the module's own parameters.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { builtinCatalogue, cursor } from './helpers';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });

function open(textWithCursor: string): { document: TextDocument; offset: number } {
  const { text, offset } = cursor(textWithCursor);
  return { document: TextDocument.create('file:///test.wikiquery', 'wikiquery', 1, text), offset };
}

function hover(textWithCursor: string): string | null {
  const { document, offset } = open(textWithCursor);
  const h = service.doHover(document, service.parse(document), offset, {});
  return h ? (h.contents as MarkupContent).value : null;
}

describe('AuthManager fields: hover', () => {
  // [text with cursor, phrases the hover holds (null: no hover)]
  const TABLE: Array<[string, string[] | null]> = [
    [
      'action=clientlogin&user|name=A',
      ['`username`', 'reads without its prefix', '`PasswordAuthenticationRequest`: read on the first step', 'With `loginrequests`'],
    ],
    ['action=clientlogin&pass|word=x', ['**Secret**', '`mustpostparams`']],
    [
      'action=clientlogin&logincontinue=1&OATH|Token=1',
      ['`TOTPAuthenticationRequest`: read on a later step (with `logincontinue`)', 'extension OATHAuth'],
    ],
    [
      'action=createaccount&rea|son=r',
      ['`CreationReasonAuthenticationRequest`', 'when the request is sent logged in', 'With `createrequests`'],
    ],
    ['action=createaccount&user|name=A', ['`UsernameAuthenticationRequest` or `PasswordAuthenticationRequest`: read on the first step']],
    ['action=changeauthenticationdata&re|type=x', ['`PasswordAuthenticationRequest`', '**Secret**', 'With `changeauthrequest`']],
    // A module without readsFields rules, and a name no rule has: no hover.
    ['action=linkaccount&user|name=A', null],
    ['action=clientlogin&bog|us=1', null],
  ];
  for (const [text, phrases] of TABLE) {
    it(text, () => {
      const got = hover(text);
      if (phrases === null) return assert.equal(got, null);
      assert.ok(got, 'a hover');
      for (const phrase of phrases) assert.ok(got.includes(phrase), `${JSON.stringify(phrase)} in:\n${got}`);
    });
  }
});

describe('AuthManager fields: completion', () => {
  function fields(textWithCursor: string): string[] {
    const { document, offset } = open(textWithCursor);
    return service
      .doComplete(document, service.parse(document), offset, {})
      .items.filter((i) => i.detail?.startsWith('AuthManager field'))
      .map((i) => i.label);
  }

  // [text with cursor, the fields offered, in order]
  const TABLE: Array<[string, string[]]> = [
    [
      'action=clientlogin&|',
      ['username', 'password', 'rememberMe', 'captchaId', 'captchaWord', 'OATHToken', 'token', 'retype', 'skipReset'],
    ],
    [
      'action=clientlogin&username=A&|',
      ['password', 'rememberMe', 'captchaId', 'captchaWord', 'OATHToken', 'token', 'retype', 'skipReset'],
    ],
    ['action=changeauthenticationdata&|', ['password', 'retype']],
    ['action=removeauthenticationdata&|', []],
    ['action=query&|', []],
  ];
  for (const [text, expected] of TABLE) it(text, () => assert.deepEqual(fields(text), expected));

  it("an item says its requests and extension, and carries the hover's text", () => {
    const { document, offset } = open('action=clientlogin&|');
    const item = service.doComplete(document, service.parse(document), offset, {}).items.find((i) => i.label === 'OATHToken')!;
    assert.equal(item.detail, 'AuthManager field · TOTPAuthenticationRequest · OATHAuth');
    assert.equal(item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : undefined, 'OATHToken=');
    assert.match((item.documentation as MarkupContent).value, /later step/);
  });
});

describe('AuthManager fields: a name no rule reads', () => {
  function warning(text: string, name: string): string | undefined {
    const document = TextDocument.create('file:///test.wikiquery', 'wikiquery', 1, text);
    const found = service
      .doValidation(document, service.parse(document), {})
      .find((d) => d.code === 'unrecognizedparams' && (d.data as { param?: string } | undefined)?.param === name);
    return typeof found?.message === 'string' ? found.message : undefined;
  }
  // [request, the name, phrases of its warning]: modules whose paraminfo has dynamicparameters read the fields of
  // the wiki's providers' requests (an extension's may declare the name); the others read nothing beyond their list.
  const TABLE: Array<[string, string, string[]]> = [
    [
      'action=linkaccount&linkreturnurl=http://x/&linktoken=t&provider=Example',
      'provider',
      ['action=linkaccount also reads the fields of the authentication requests', "MediaWiki core's declare none", 'unless an extension'],
    ],
    ['action=clientlogin&loginreturnurl=http://x/&logintoken=t&bogus=1', 'bogus', ['action=clientlogin also reads the fields']],
    [
      'action=removeauthenticationdata&token=t&request=MediaWiki%5CAuth%5CTemporaryPasswordAuthenticationRequest&mailpassword=1',
      'mailpassword',
      ['action=removeauthenticationdata does not read it: remove it.'],
    ],
  ];
  for (const [text, name, phrases] of TABLE) {
    it(text, () => {
      const got = warning(text, name);
      assert.ok(got, `an unrecognizedparams warning on ${name}`);
      for (const phrase of phrases) assert.ok(got.includes(phrase), `${JSON.stringify(phrase)} in:\n${got}`);
    });
  }
});
