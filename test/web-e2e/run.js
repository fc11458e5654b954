#!/usr/bin/env node
// End-to-end suite in a real VS Code web workbench: code-server 4.139 (set up by
// scripts/setup-codeserver.sh, nothing is downloaded here) opened in Debian's Chromium through
// playwright-core, with the extension's `browser` entry in the web-worker extension host, a test
// extension serving a virtual file system, and the real MediaWiki on 127.0.0.1. The tests
// (suite.js) run inside that extension host. Closes with `N passed, N failed`.
'use strict';
require('tsx/cjs');
require('./runWebE2e.ts');
