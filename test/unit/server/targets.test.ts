/**
 * Target wikis, the pure parts: the `# targets:` line read from the top of a `.wikiquery` file, and
 * the merging of what each target's service answers (hover, completion) that the editor shows.
 */
import assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, Hover } from 'vscode-languageserver-types';
import { readTargetsLine } from '../../../server/src/targetsLine';
import { mergeCompletionsByTarget, mergeHoversByTarget } from '../../../server/src/targetsMerge';

describe('the # targets: line', () => {
  const CASES: Array<{ text: string; names: string[] | undefined }> = [
    { text: '# targets: 1.39, 1.45\naction=query', names: ['1.39', '1.45'] },
    { text: '# A comment first\n\n#targets:commons,  English Wikipedia ,\naction=query', names: ['commons', 'English Wikipedia'] },
    { text: '  # Targets : 1.43\r\naction=query', names: ['1.43'] },
    { text: 'action=query\n# targets: 1.39', names: undefined },
    { text: '# targets:\naction=query', names: [] },
    { text: '# no line here\naction=query&titles=C#_targets:1.39', names: undefined },
    { text: '', names: undefined },
  ];
  for (const c of CASES) {
    it(JSON.stringify(c.text), () => {
      const line = readTargetsLine(c.text);
      assert.deepEqual(
        line?.names.map((n) => n.name),
        c.names,
      );
      // Each name's offsets point at the name itself in the text.
      for (const n of line?.names ?? []) assert.equal(c.text.slice(n.start, n.end), n.name);
    });
  }

  const SOURCE_CASES: Array<{ text: string; comments: string[]; names: string[] | undefined }> = [
    { text: '# targets: 1.39, 1.45\nimport requests', comments: ['#'], names: ['1.39', '1.45'] },
    { text: '#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# targets: 1.43\n', comments: ['#'], names: ['1.43'] },
    { text: '#!/usr/bin/env node\n// A bot\n//targets: commons , 1.45\nfetch(u)', comments: ['//'], names: ['commons', '1.45'] },
    { text: '<?php\n# targets: 1.39\n// targets: 1.45', comments: ['//', '#'], names: ['1.39'] },
    { text: '-- targets: 1.39\nlocal api = mw.Api()', comments: ['--'], names: ['1.39'] },
    { text: '# targets: 1.39\n', comments: ['//'], names: undefined },
    { text: "'use strict';\n// targets: 1.39\n", comments: ['//'], names: undefined },
    { text: '// A bot\n<?php\n// targets: 1.39\n', comments: ['//'], names: undefined },
  ];
  for (const c of SOURCE_CASES) {
    it(`source file, comments ${c.comments.join(' ')}: ${JSON.stringify(c.text)}`, () => {
      const line = readTargetsLine(c.text, c.comments);
      assert.deepEqual(
        line?.names.map((n) => n.name),
        c.names,
      );
      for (const n of line?.names ?? []) assert.equal(c.text.slice(n.start, n.end), n.name);
    });
  }

  it('looks only at the comment block that opens the file (bounded)', () => {
    const text = '#\n'.repeat(100) + '# targets: 1.39\n';
    assert.equal(readTargetsLine(text), undefined);
  });
});

const hover = (value: string): Hover => ({ contents: { kind: 'markdown', value } });

describe('merging target answers', () => {
  it('hover: one answer where the targets agree', () => {
    const same = mergeHoversByTarget([
      { name: 'A', hover: hover('x') },
      { name: 'B', hover: hover('x') },
    ]);
    assert.deepEqual(same, hover('x'));
  });

  it('hover: a section per group of targets where they differ, one that knows nothing says so', () => {
    const merged = mergeHoversByTarget([
      { name: 'A', hover: hover('old') },
      { name: 'B', hover: hover('new') },
      { name: 'C', hover: hover('old') },
      { name: 'D', hover: null },
    ]);
    assert.equal(
      (merged!.contents as { value: string }).value,
      '**A, C:**\n\nold\n\n---\n\n**B:**\n\nnew\n\n---\n\n**D:**\n\n_Not known on this target._',
    );
    assert.equal(
      mergeHoversByTarget([
        { name: 'A', hover: null },
        { name: 'B', hover: null },
      ]),
      null,
    );
  });

  it('completion: what every target offers first, the rest marked with the targets that have it', () => {
    const list = (...labels: string[]): CompletionList => ({
      isIncomplete: false,
      items: labels.map((label): CompletionItem => ({ label, kind: 5, sortText: label })),
    });
    const merged = mergeCompletionsByTarget([
      { name: 'A', list: list('rnlimit', 'rnnamespace') },
      { name: 'B', list: list('rnlimit', 'rnminsize', 'rnnamespace') },
      { name: 'C', list: list('rnlimit', 'rnminsize') },
    ]);
    const sorted = [...merged.items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    assert.deepEqual(
      sorted.map((i) => [i.label, i.labelDetails?.description]),
      [
        ['rnlimit', undefined],
        ['rnminsize', 'only on B, C'],
        ['rnnamespace', 'only on A, B'],
      ],
    );
    assert.equal(sorted[1].detail, 'only on B, C');
  });
});
