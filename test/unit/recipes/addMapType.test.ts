/**
 * CONTRIBUTING's recipe "Add a map object type" (docs/architecture.md, "How to …"), followed in a clean
 * clone of HEAD: the type goes into descriptors/mapserver/mapobjects.json with its source noted in
 * descriptors/mapserver/README.md, its switches into the fake map server (as mapobject/setup.go
 * registers them) and a case into test/unit/map/mapDescriptor.test.ts. Then the map unit tests pass,
 * the new type is completed, and no other file had to change (no count or list elsewhere to update).
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
/** The files the recipe names: the only ones a new type may touch. */
const RECIPE_FILES = [
  'descriptors/mapserver/README.md',
  'descriptors/mapserver/mapobjects.json',
  'test/fakes/mapServer.ts',
  'test/unit/map/mapDescriptor.test.ts',
];

const NEW_TYPE = {
  name: 'trainsignal',
  description: 'An advtrains signal (mod `advtrains`): its state as the signal shows it.',
  attributes: [{ name: 'state', description: 'Whether the signal lets trains pass.', values: ['green', 'red'] }],
  configKeys: ['trainsignal'],
};

function edit(dir: string, file: string, change: (text: string) => string): void {
  const full = path.join(dir, file);
  const before = fs.readFileSync(full, 'utf8');
  const after = change(before);
  assert.notEqual(after, before, `the recipe's edit of ${file} found nothing to change`);
  fs.writeFileSync(full, after);
}

/** The recipe's steps, as a contributor does them. */
function addMapType(dir: string): void {
  edit(dir, 'descriptors/mapserver/mapobjects.json', (text) => {
    const json = JSON.parse(text) as { types: unknown[] };
    json.types.push(NEW_TYPE);
    return JSON.stringify(json, null, 2) + '\n';
  });
  edit(dir, 'descriptors/mapserver/README.md', (text) =>
    text.replace('phonograph, um_area_forsale)', 'phonograph, um_area_forsale, trainsignal)'),
  );
  edit(dir, 'test/fakes/mapServer.ts', (text) =>
    text.replace('export const TYPE_SWITCHES: Record<string, string[]> = {\n', "$&  trainsignal: ['trainsignal'],\n"),
  );
  edit(
    dir,
    'test/unit/map/mapDescriptor.test.ts',
    (text) =>
      text.replace(/\n$/, '') +
      `\n\ndescribe('map descriptor: trainsignal', () => {\n` +
      `  it('knows the signal state', () => {\n` +
      `    const d = createMapDescriptor(descriptorJson);\n` +
      `    assert.deepEqual(d.typeByName.get('trainsignal')!.attributes.find((a) => a.name === 'state')!.values, ['green', 'red']);\n` +
      `  });\n});\n`,
  );
}

describe('recipe: add a map object type, from a clean clone', function () {
  this.timeout(240000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-recipe-'));
    execFileSync('git', ['clone', '--quiet', '--shared', ROOT, dir], { stdio: 'pipe' });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    fs.appendFileSync(path.join(dir, '.git', 'info', 'exclude'), 'node_modules\n');
    addMapType(dir);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('touches only the files the recipe names', () => {
    const changed = execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3))
      .sort();
    assert.deepEqual(changed, RECIPE_FILES);
  });

  it('the map unit tests pass with the new type (descriptor, completion and fake-agreement tests read it)', () => {
    const mocha = path.join(dir, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const res = spawnSync(
      process.execPath,
      [
        mocha,
        '--no-config',
        '--no-color',
        '--extension',
        'ts',
        '--node-option',
        'import=tsx',
        '--timeout',
        '60000',
        'test/unit/map/**/*.test.ts',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.equal(res.status, 0, `the map unit tests failed after the recipe:\n${res.stdout.slice(-4000)}\n${res.stderr.slice(-2000)}`);
    assert.match(res.stdout, /knows the signal state/);
    assert.match(res.stdout, / 0 failing|passing \(/);
  });
});
