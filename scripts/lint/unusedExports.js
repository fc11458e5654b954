// @ts-check
// A check of the `lint` suite: a value (function, const, class, let, enum) that the product code
// (server/src, client/src, run, common) exports must be used by another file of the repository (product
// code, tests, benchmarks, scripts, the webview). One exported only for its own file is dead surface
// a reader has to reason about: drop the `export`. Types may stay exported where they describe an
// exported function. Textual: a name counts as used when it appears as a word in another file.
'use strict';

/** Top-level exported values of a file. */
const EXPORTED_VALUE = /^export (?:async )?(?:function\*?|const|let|class|enum) ([A-Za-z_$][\w$]*)/gm;

/**
 * The exported values of `product` files that no other file names.
 * @param {Map<string, string>} texts every file's text, by path
 * @param {(file: string) => boolean} isProduct which files' exports are checked
 * @returns {{ file: string, name: string }[]}
 */
function unusedValueExports(texts, isProduct) {
  /** @type {{ file: string, name: string }[]} */
  const unused = [];
  for (const [file, text] of texts) {
    if (!isProduct(file)) continue;
    for (const m of text.matchAll(EXPORTED_VALUE)) {
      const word = new RegExp(`(?<![\\w$])${m[1].replace(/\$/g, '\\$')}(?![\\w$])`);
      let used = false;
      for (const [other, otherText] of texts) {
        if (other !== file && word.test(otherText)) {
          used = true;
          break;
        }
      }
      if (!used) unused.push({ file, name: m[1] });
    }
  }
  return unused;
}

module.exports = { unusedValueExports };
