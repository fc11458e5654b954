/**
 * A walk over every top-level module of the built-in catalogue (descriptors/wiki/action-modules.json,
 * recorded from MediaWiki 1.45): every action completes after `action=` and every format after
 * `format=`, and hovers with its flags (must be POSTed, needs a token of type X, write rights, read
 * rights); every parameter completes under its wire name (prefix included; templated names filled)
 * and hovers with its type, default, limits, allowed values, deprecation and token type; every
 * allowed value completes. The facts are read from the catalogue file itself, not from the
 * service's index.
 */
import { strict as assert } from 'node:assert';
import { CompletionItemTag } from 'vscode-languageserver-types';
import { complete, hoverAt, templatedNames, type RawModule, type RawParam } from './catalogueWalk';
import { builtinCatalogue, readRepoJson } from './helpers';

const file = readRepoJson('descriptors/wiki/action-modules.json') as { mediawiki: string; paraminfo: { modules: RawModule[] } };
const modules = file.paraminfo.modules;
const core = readRepoJson('descriptors/wiki/api-core.json') as { paraminfo: { modules: RawModule[] } };
const mainNames = new Set(core.paraminfo.modules.filter((m) => m.path === 'main').flatMap((m) => m.parameters.map((p) => p.name)));

/** The facts a parameter's hover must state, read from the raw descriptor. */
function expectedFacts(p: RawParam): string[] {
  const facts: string[] = [];
  if (p.default !== undefined) facts.push(p.default === '' ? 'Default: (empty)' : `Default: \`${p.default}\``);
  if (p.required !== undefined) facts.push('**Required**');
  if (p.deprecated !== undefined) facts.push('**Deprecated**');
  if (p.sensitive !== undefined) facts.push('**Sensitive**');
  if (p.tokentype !== undefined) facts.push(`**Token** of type \`${p.tokentype}\``, `type=${p.tokentype}`);
  if (p.multi !== undefined) facts.push('Multi-valued');
  if (Array.isArray(p.type)) facts.push(`one of ${p.type.length} value`);
  if (Array.isArray(p.type) && p.type.length) facts.push('Allowed values: ');
  if (!Array.isArray(p.type)) facts.push(`Type: ${p.type}`);
  if (p.type === 'limit') facts.push(`from ${p.min} to ${p.max}`);
  for (const v of p.deprecatedvalues ?? []) facts.push(`\`${v}\``);
  return facts;
}

describe('top-level module walk (completion and hover for every action, format and parameter)', () => {
  it(`walks the ${modules.length} top-level modules of MediaWiki ${file.mediawiki}: 50 actions besides query, 8 formats`, () => {
    assert.equal(modules.filter((m) => m.group === 'action').length, 50);
    assert.equal(modules.filter((m) => m.group === 'format').length, 8);
  });

  for (const m of modules) {
    const isAction = m.group === 'action';
    const token = m.parameters.find((p) => p.tokentype !== undefined);
    const head = isAction ? `action=${m.name}&` : `action=query&meta=siteinfo&format=${m.name}&`;
    describe(isAction ? `action=${m.name}` : `format=${m.name}`, () => {
      it('completes after action=/format= with its flags in the detail', () => {
        const item = complete(isAction ? 'action=' : 'action=query&format=').items.find((i) => i.label === m.name);
        assert.ok(item, `${m.name} not offered`);
        const detail = String(item.detail ?? '');
        assert.equal(detail.includes('POST only'), m.mustbeposted !== undefined, detail);
        assert.equal(detail.includes(`token ${token?.tokentype}`), token !== undefined, detail);
        assert.equal(detail.includes('writes'), m.writerights !== undefined, detail);
      });

      it('hovers with must-be-POSTed, token type, write rights, read rights and help links', () => {
        const text = isAction ? `action=${m.name}` : `action=query&format=${m.name}`;
        const h = hoverAt(text, text.length - 1);
        assert.ok(h);
        assert.equal(h.covers, m.name);
        assert.ok(
          h.markdown.includes(isAction ? `action module (\`action=${m.name}\`)` : `format module (\`format=${m.name}\`)`),
          h.markdown,
        );
        assert.equal(h.markdown.includes('**Must be POSTed**'), m.mustbeposted !== undefined);
        assert.equal(h.markdown.includes(`**Needs a token** of type \`${token?.tokentype}\``), token !== undefined);
        assert.equal(h.markdown.includes('**Write rights**'), m.writerights !== undefined);
        assert.ok(h.markdown.includes(m.readrights !== undefined ? 'Needs the `read` right' : 'Works without the `read` right'));
        for (const url of m.helpurls) assert.ok(h.markdown.includes(`(${url})`), url);
      });

      it('completes and hovers every parameter under its wire name', () => {
        const offered = new Map(complete(head).items.map((i) => [i.label, i]));
        const all = [
          ...m.parameters.map((p) => ({ p, names: [p.name] })),
          ...m.templatedparameters.map((p) => ({ p, names: templatedNames(m, p) })),
        ];
        for (const { p, names } of all) {
          for (const name of names) {
            const wire = m.prefix + name;
            // A format's parameter that main declares too (formatversion) completes and hovers as main's.
            if (!isAction && mainNames.has(wire)) continue;
            const item = offered.get(wire);
            assert.ok(item, `${wire} not offered`);
            assert.deepEqual(item.tags, p.deprecated !== undefined ? [CompletionItemTag.Deprecated] : undefined, `${wire} deprecated tag`);
            assert.equal(/required/.test(String(item.detail)), p.required !== undefined, `${wire} detail: ${item.detail}`);
            const text = `${head}${wire}=`;
            const h = hoverAt(text, head.length + 1);
            assert.ok(h, `no hover on ${wire}`);
            assert.equal(h.covers, wire);
            const owner = isAction ? `\`${p.name}\` of the action module \`action=${m.name}\`` : `parameter of \`format=${m.name}\``;
            assert.ok(h.markdown.includes(owner), `${wire}: ${h.markdown.split('\n')[0]}`);
            for (const fact of expectedFacts(p))
              assert.ok(h.markdown.includes(fact), `${wire} hover lacks ${JSON.stringify(fact)}:\n${h.markdown}`);
          }
        }
      });

      it('completes every allowed value of every parameter, deprecated ones marked', () => {
        for (const p of [...m.parameters, ...m.templatedparameters]) {
          if (!Array.isArray(p.type)) continue;
          const wire = m.prefix + (p.templatevars ? templatedNames(m, p)[0] : p.name);
          if (!isAction && mainNames.has(wire)) continue;
          for (const v of p.type) {
            const item = complete(`${head}${wire}=${v}`).items.find((i) => i.textEdit?.newText === v);
            assert.ok(item, `${wire}=${v} not offered`);
            assert.deepEqual(item.tags, p.deprecatedvalues?.includes(v) ? [CompletionItemTag.Deprecated] : undefined, `${wire}=${v}`);
          }
        }
      });
    });
  }
});

describe('paraminfo and help: module paths complete after modules=', () => {
  for (const action of ['paraminfo', 'help']) {
    it(`action=${action}&modules= offers main, every action and format, every query submodule${action === 'paraminfo' ? ', and the wildcards * and query+*' : ' (no wildcards: help refuses them)'}`, () => {
      const labels = new Set(complete(`action=${action}&modules=parse|`).items.map((i) => i.label));
      for (const want of ['main', 'compare', 'edit', 'json', 'query', 'query+allpages', 'query+revisions'])
        assert.ok(labels.has(want), `${want} not offered`);
      assert.equal(labels.has('*') && labels.has('query+*'), action === 'paraminfo');
      assert.ok(!labels.has('parse'), 'a path already listed is not offered again');
    });
  }
});

describe('paraminfo and help: a module path hovers with its module', () => {
  it('query+allpages and edit', () => {
    const text = 'action=paraminfo&modules=query%2Ballpages|edit';
    const a = hoverAt(text, text.indexOf('allpages'));
    assert.ok(a && a.covers === 'query%2Ballpages' && a.markdown.includes('list module (`query+allpages`)'), JSON.stringify(a));
    const e = hoverAt(text, text.length - 1);
    assert.ok(e && e.covers === 'edit' && e.markdown.includes('**Must be POSTed**'), JSON.stringify(e));
  });
});

describe('the version the built-in top-level modules describe', () => {
  it('is the recorded MediaWiki version, shown in the hover of a query URL', () => {
    assert.equal(builtinCatalogue().actionModulesVersion, file.mediawiki);
    const text = 'https://example.org/w/api.php?action=parse&page=A';
    const h = hoverAt(text, 10);
    assert.ok(
      h && h.markdown.includes(`50 other actions; actions and formats as MediaWiki ${file.mediawiki} describes them`),
      JSON.stringify(h),
    );
  });
});
