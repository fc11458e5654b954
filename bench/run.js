#!/usr/bin/env node
// `npm run bench` entry: see runBench.ts.
'use strict';
require('tsx/cjs');
require('./runBench.ts');
