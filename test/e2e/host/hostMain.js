// The test host extension does nothing when activated: it only gives the tests' helper modules
// (authProbe.js) an extension identity of their own in the extension host the tests run in.
'use strict';
function activate() {}
function deactivate() {}
module.exports = { activate, deactivate };
