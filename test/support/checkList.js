// The small check list the editor suites (Neovim, Emacs) report with: one line per check, then the
// plain closing line `N passed, N failed` that the test runner reads back.
'use strict';

function createCheckList() {
  let passed = 0;
  let failed = 0;
  return {
    check(name, ok, detail) {
      if (ok) {
        passed++;
        console.log(`  ✔ ${name}`);
      } else {
        failed++;
        console.log(`  ✖ ${name}${detail ? `\n      ${detail}` : ''}`);
      }
    },
    /** Prints the closing line and ends: non-zero when anything failed or nothing was checked. */
    finish() {
      console.log(`${passed} passed, ${failed} failed`);
      process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
    },
  };
}

module.exports = { createCheckList };
