'use strict';
// The path of TypeScript 6's main module, resolved from this package (see package.json).
module.exports = require.resolve('typescript');
