/**
 * package.json's commands and the extension's code agree (CONTRIBUTING, "Add a command"): every
 * contributed command has a category and is registered by the client, every command the client
 * registers is contributed or listed as internal, and the palette, title-bar and keybinding entries
 * name contributed commands.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const CATEGORIES = ['Wiki Query', 'Map Query', 'ContentDB'];
/** Commands run only by the extension's own code actions or links, never by a person: not contributed. */
const INTERNAL = ['wikimapQuery.wiki.approveCatalogue'];

function clientSources(dir = path.join(ROOT, 'client', 'src')): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((e) =>
      e.isDirectory()
        ? clientSources(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? fs.readFileSync(path.join(dir, e.name), 'utf8')
          : '',
    )
    .join('\n');
}

describe('command contributions', () => {
  const commands: Array<{ command: string; title: string; category?: string }> = pkg.contributes.commands;
  const contributed = new Set(commands.map((c) => c.command));
  const source = clientSources();

  it('every contributed command has a title and one of the categories', () => {
    for (const c of commands) {
      assert.ok(c.title, `${c.command} has no title`);
      assert.ok(CATEGORIES.includes(c.category ?? ''), `${c.command}: category ${c.category} is not one of ${CATEGORIES.join(', ')}`);
    }
  });

  it('every contributed command is registered by the client (its id appears in client/src)', () => {
    const missing = commands.filter((c) => !source.includes(`'${c.command}'`)).map((c) => c.command);
    assert.deepEqual(missing, []);
  });

  it('every command the client registers by name is contributed, or internal', () => {
    const registered = [...source.matchAll(/registerCommand\(\s*context,\s*'([^']+)'/g)].map((m) => m[1]);
    assert.ok(registered.length > 0);
    assert.deepEqual(
      registered.filter((id) => !contributed.has(id) && !INTERNAL.includes(id)),
      [],
    );
  });

  it('menus and keybindings name contributed commands', () => {
    for (const [menu, items] of Object.entries<Array<{ command: string }>>(pkg.contributes.menus))
      for (const item of items) assert.ok(contributed.has(item.command), `menus.${menu}: ${item.command} is not contributed`);
    for (const k of pkg.contributes.keybindings ?? []) assert.ok(contributed.has(k.command), `keybinding: ${k.command} is not contributed`);
  });
});
