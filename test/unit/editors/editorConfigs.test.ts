/**
 * The editor set-ups of docs/editors.md that no suite can run here: Helix and kak-lsp are not packaged
 * by Debian 12, so their configurations are parsed (TOML, as the editors read them) and checked for
 * what makes them work — the server command, the language ids the server serves, the file patterns
 * (wiki and map query files, not every JSON file) and settings that exist. The Neovim, Emacs and Vim
 * set-ups are run by their own suites; here every documented block is checked to be present and to
 * start the server the documented way.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { MAP_LANGUAGE_ID, WIKI_LANGUAGE_ID } from '../../../common/protocol';
import { readEditorConfigs } from '../../support/editorConfigs';

const ROOT = path.join(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const SETTINGS: Record<string, { type?: string; additionalProperties?: { enum?: string[] } }> = Object.assign(
  {},
  ...pkg.contributes.configuration.map((c: { properties: object }) => c.properties),
);
const configs = readEditorConfigs();

/** Every leaf of a settings object names a setting of package.json with a value of its type. */
function assertKnownSettings(value: unknown, prefix: string): void {
  assert.ok(value && typeof value === 'object', `${prefix} is an object`);
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const name = `${prefix}.${key}`;
    const setting = SETTINGS[name];
    if (!setting) {
      assert.ok(v && typeof v === 'object' && !Array.isArray(v), `${name} is not a setting of package.json`);
      assertKnownSettings(v, name);
      continue;
    }
    if (setting.type === 'object') {
      assert.ok(v && typeof v === 'object', `${name} is an object`);
      const allowed = setting.additionalProperties?.enum;
      if (allowed)
        for (const [k, level] of Object.entries(v as object))
          assert.ok(allowed.includes(level), `${name}.${k} = ${level} is one of ${allowed}`);
    } else {
      assert.equal(typeof v, setting.type, `${name} is a ${setting.type}`);
    }
  }
}

/** Helix's file-types entry matched against a file name: an extension, or `{ glob }` on the name. */
function helixMatches(fileTypes: Array<string | { glob: string }>, fileName: string): boolean {
  return fileTypes.some((ft) => {
    if (typeof ft === 'string') return fileName.endsWith(`.${ft}`) || fileName === ft;
    const re = new RegExp(
      `^${ft.glob
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
    return re.test(path.basename(fileName));
  });
}

describe('docs/editors.md: editor configurations', () => {
  it('has every tested configuration block', () => {
    assert.deepEqual(Object.keys(configs).sort(), [
      'emacs',
      'emacs-sources',
      'helix',
      'kakoune-kak-lsp',
      'kakoune-kakrc',
      'neovim',
      'vim',
      'vim-sources',
    ]);
  });

  const startsServer: Array<[string, RegExp]> = [
    ['neovim', /cmd = \{ 'wikimap-query-server', '--stdio' \}/],
    ['emacs', /\("wikimap-query-server" "--stdio"\)/],
    ['vim', /'executable': 'wikimap-query-server',\s*\n\s*\\\s*'command': '%e --stdio'/],
  ];
  for (const [name, re] of startsServer) {
    it(`${name}: starts wikimap-query-server --stdio from PATH, for wikiquery and mapquery only`, () => {
      assert.match(configs[name], re);
      assert.match(configs[name], /\.wikiquery/);
      assert.match(configs[name], /\.mapquery\\?\.json/);
      assert.doesNotMatch(configs[name], /'json'|"json"|json-mode/, 'no server for every JSON file');
    });
  }

  describe('Helix languages.toml', () => {
    const toml = parseToml(configs.helix ?? '') as any;
    const language = (name: string) => toml.language.find((l: any) => l.name === name);

    it('defines the server as wikimap-query-server --stdio with valid settings', () => {
      const server = toml['language-server']['wikimap-query'];
      assert.equal(server.command, 'wikimap-query-server');
      assert.deepEqual(server.args, ['--stdio']);
      assertKnownSettings(server.config.wikimapQuery, 'wikimapQuery');
    });

    it('names the languages by the ids the server serves, both using the server', () => {
      assert.deepEqual(toml.language.map((l: any) => l.name).sort(), [MAP_LANGUAGE_ID, WIKI_LANGUAGE_ID].sort());
      for (const l of toml.language) assert.deepEqual(l['language-servers'], ['wikimap-query']);
      const lineComment = JSON.parse(fs.readFileSync(path.join(ROOT, 'wikiquery.language-configuration.json'), 'utf8')).comments
        .lineComment;
      assert.equal(language(WIKI_LANGUAGE_ID)['comment-token'], lineComment);
    });

    const files: Array<[string, string | undefined]> = [
      ['queries/pages.wikiquery', WIKI_LANGUAGE_ID],
      ['maps/shops.mapquery.json', MAP_LANGUAGE_ID],
      ['package.json', undefined],
      ['maps/mapquery.json', undefined],
    ];
    for (const [file, expected] of files) {
      it(`${file} → ${expected ?? 'neither language'}`, () => {
        const matched = toml.language.filter((l: any) => helixMatches(l['file-types'], file)).map((l: any) => l.name);
        assert.deepEqual(matched, expected ? [expected] : []);
      });
    }
  });

  describe('Kakoune: kakrc and kak-lsp.toml', () => {
    const kakrc = configs['kakoune-kakrc'] ?? '';
    const kakLsp = parseToml(configs['kakoune-kak-lsp'] ?? '') as any;
    // hook global BufCreate REGEX %{ set-option buffer filetype NAME }
    const hooks = [...kakrc.matchAll(/^hook global BufCreate (\S+) %\{ set-option buffer filetype (\w+) \}$/gm)].map((m) => ({
      re: new RegExp(`^${m[1]}$`),
      filetype: m[2],
    }));

    const files: Array<[string, string | undefined]> = [
      ['/home/me/queries/pages.wikiquery', WIKI_LANGUAGE_ID],
      ['/home/me/maps/shops.mapquery.json', MAP_LANGUAGE_ID],
      ['/home/me/package.json', undefined],
      ['/home/me/notes.wikiquery.txt', undefined],
    ];
    for (const [file, expected] of files) {
      it(`kakrc gives ${file} the filetype ${expected ?? 'of neither language'}`, () => {
        assert.equal(hooks.length, 2, kakrc);
        assert.deepEqual(
          hooks.filter((h) => h.re.test(file)).map((h) => h.filetype),
          expected ? [expected] : [],
        );
      });
    }

    it('kakrc starts kak-lsp and enables it in windows of both filetypes', () => {
      assert.match(kakrc, /^eval %sh\{kak-lsp --kakoune -s \$kak_session\}$/m);
      const m = /^hook global WinSetOption filetype=\((.+)\) %\{ lsp-enable-window \}$/m.exec(kakrc);
      assert.ok(m, kakrc);
      assert.deepEqual(m[1].split('|').sort(), [MAP_LANGUAGE_ID, WIKI_LANGUAGE_ID].sort());
    });

    for (const id of [WIKI_LANGUAGE_ID, MAP_LANGUAGE_ID]) {
      it(`kak-lsp.toml: [language.${id}] runs wikimap-query-server --stdio with valid settings`, () => {
        const lang = kakLsp.language[id];
        assert.deepEqual(lang.filetypes, [id]);
        assert.equal(lang.command, 'wikimap-query-server');
        assert.deepEqual(lang.args, ['--stdio']);
        assert.equal(lang.settings_section, 'wikimapQuery');
        assertKnownSettings(lang.settings.wikimapQuery, 'wikimapQuery');
      });
    }
  });
});
