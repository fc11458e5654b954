#!/usr/bin/env node
// End-to-end suite in a real VS Code (code-server 4.139 = VS Code 1.139), driven through
// @vscode/test-electron's runTests with a launcher that stands in for the VS Code executable.
// It packages the extension (.vsix), installs that package into a fresh VS Code, starts the real
// MediaWiki and the fake map server / content database the tests talk to, and runs
// test/e2e/suite/*.e2e.js inside the extension host. Closes with `N passed, N failed`.
'use strict';
require('tsx/cjs');
require('./runE2e.ts');
