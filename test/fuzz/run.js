#!/usr/bin/env node
'use strict';
require('tsx/cjs');
require('./run.ts');
