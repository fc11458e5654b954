/**
 * A walk over the whole built-in catalogue: every module completes (in its group, and after
 * `generator=` when it is a generator) and hovers with its facts; every parameter of every module
 * completes under its wire name (`g` + prefix under a generator) and hovers with its type, default,
 * limits, allowed values, deprecation, conditions and sensitivity; every allowed value completes.
 * The facts are read from the catalogue files themselves (paraminfo JSON), not from the service's index.
 */
import { strict as assert } from 'node:assert';
import { CompletionItemTag } from 'vscode-languageserver-types';
import { complete, hoverAt, templatedNames, type RawModule, type RawParam } from './catalogueWalk';
import { readRepoJson } from './helpers';

const raw = readRepoJson('descriptors/wiki/query-modules.json') as { paraminfo: { modules: RawModule[] } };
const core = readRepoJson('descriptors/wiki/api-core.json') as { paraminfo: { modules: RawModule[] } };
const modules = raw.paraminfo.modules;
const coreNames = new Set(
  core.paraminfo.modules.filter((m) => m.path === 'main' || m.path === 'query').flatMap((m) => m.parameters.map((p) => p.name)),
);

/** The facts a parameter's hover must state, read from the raw descriptor. */
function expectedFacts(p: RawParam): string[] {
  const facts: string[] = [];
  if (p.default !== undefined) facts.push(p.default === '' ? 'Default: (empty)' : `Default: \`${p.default}\``);
  if (p.required !== undefined) facts.push('**Required**');
  if (p.deprecated !== undefined) facts.push('**Deprecated**');
  if (p.sensitive !== undefined) facts.push('**Sensitive**');
  if (p.multi !== undefined) facts.push('Multi-valued');
  if (p.allspecifier !== undefined) facts.push(`\`${p.allspecifier}\` stands for all values`);
  if (Array.isArray(p.type)) facts.push(`one of ${p.type.length} value`, 'Allowed values: ');
  else facts.push(`Type: ${p.type}`);
  if (p.type === 'limit') facts.push(`from ${p.min} to ${p.max}`, `${p.highmax} with the \`apihighlimits\` right`);
  for (const v of p.deprecatedvalues ?? []) facts.push(`\`${v}\``);
  const NOTE_PHRASES: Record<string, string> = {
    useronly: 'Applies only when listing by user',
    nonuseronly: 'Applies only when not listing by user',
    modes: 'Applies only in mode',
    singlepageonly: 'Applies only when a single page is queried',
    preloadcontentonly: 'prop=preloadcontent',
    editintroonly: 'prop=editintro',
  };
  for (const note of p.info ?? []) facts.push(NOTE_PHRASES[note.name] ?? note.name);
  return facts;
}

describe('wiki catalogue walk (completion and hover for every module and parameter)', () => {
  it('walks all 64 modules of the built-in catalogue', () => {
    assert.equal(modules.length, 64);
  });

  it('completes every parameter of main and query on an action=query line', () => {
    const got = new Set(complete('action=query&list=allpages&').items.map((i) => i.label));
    const missing = [...coreNames].filter((n) => n !== 'action' && n !== 'list' && !got.has(n));
    assert.deepEqual(missing, []);
  });

  for (const m of modules) {
    const isGenerator = m.generator !== undefined;
    describe(`${m.group}=${m.name}`, () => {
      it('completes as a module of its group (and after generator= when it is a generator)', () => {
        const item = complete(`action=query&${m.group}=`).items.find((i) => i.label === m.name);
        assert.ok(item, `${m.name} not offered after ${m.group}=`);
        assert.deepEqual(item.tags, m.deprecated !== undefined ? [CompletionItemTag.Deprecated] : undefined);
        const asGenerator = complete('action=query&generator=').items.some((i) => i.label === m.name);
        assert.equal(asGenerator, isGenerator);
      });

      it('hovers with group, prefix, generator, deprecation, read rights and help links', () => {
        const text = `action=query&${m.group}=${m.name}`;
        const h = hoverAt(text, text.length - 1);
        assert.ok(h);
        assert.equal(h.covers, m.name);
        assert.ok(h.markdown.includes(`${m.group} module`));
        assert.ok(h.markdown.includes(m.prefix ? `Prefix: \`${m.prefix}\`` : 'Prefix: none'));
        assert.ok(h.markdown.includes(isGenerator ? 'Generator: yes' : 'Generator: no'));
        assert.equal(h.markdown.includes('**Deprecated**'), m.deprecated !== undefined);
        assert.ok(h.markdown.includes(m.readrights !== undefined ? 'Needs the `read` right' : 'Works without the `read` right'));
        for (const url of m.helpurls) assert.ok(h.markdown.includes(`(${url})`), url);
      });

      const forms: Array<{ head: string; g: string }> = [{ head: `action=query&${m.group}=${m.name}&`, g: '' }];
      if (isGenerator) forms.push({ head: `action=query&generator=${m.name}&`, g: 'g' });
      for (const { head, g } of forms) {
        it(`completes and hovers every parameter${g ? ' in its generator form' : ''}`, () => {
          const offered = new Map(complete(head).items.map((i) => [i.label, i]));
          const all = [
            ...m.parameters.map((p) => ({ p, names: [p.name] })),
            ...m.templatedparameters.map((p) => ({ p, names: templatedNames(m, p) })),
          ];
          assert.ok(all.length > 0 || m.name === 'categoryinfo' || m.parameters.length === 0);
          for (const { p, names } of all) {
            for (const name of names) {
              const wire = g + m.prefix + name;
              const item = offered.get(wire);
              assert.ok(item, `${wire} not offered`);
              assert.deepEqual(
                item.tags,
                p.deprecated !== undefined ? [CompletionItemTag.Deprecated] : undefined,
                `${wire} deprecated tag`,
              );
              assert.equal(/required/.test(String(item.detail)), p.required !== undefined, `${wire} detail: ${item.detail}`);
              // A wire name that is also a main/query parameter (iwurl) hovers as the API's own parameter.
              if (coreNames.has(wire)) continue;
              const text = `${head}${wire}=`;
              const h = hoverAt(text, head.length + 1);
              assert.ok(h, `no hover on ${wire}`);
              assert.equal(h.covers, wire);
              assert.ok(
                h.markdown.includes(
                  `\`${p.name}\` of ${g ? `the generator \`generator=${m.name}\`` : `the ${m.group} module \`${m.group}=${m.name}\``}`,
                ),
                `${wire}: ${h.markdown.split('\n')[0]}`,
              );
              for (const fact of expectedFacts(p))
                assert.ok(h.markdown.includes(fact), `${wire} hover lacks ${JSON.stringify(fact)}:\n${h.markdown}`);
            }
          }
        });
      }

      it('completes every allowed value of every parameter, deprecated ones marked', () => {
        for (const p of [...m.parameters, ...m.templatedparameters]) {
          if (!Array.isArray(p.type)) continue;
          const wire = m.prefix + (p.templatevars ? templatedNames(m, p)[0] : p.name);
          if (coreNames.has(wire)) continue;
          for (const v of p.type) {
            const item = complete(`action=query&${m.group}=${m.name}&${wire}=${v}`).items.find((i) => i.textEdit?.newText === v);
            assert.ok(item, `${wire}=${v} not offered`);
            assert.deepEqual(item.tags, p.deprecatedvalues?.includes(v) ? [CompletionItemTag.Deprecated] : undefined, `${wire}=${v}`);
          }
        }
      });
    });
  }
});
