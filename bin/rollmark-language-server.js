#!/usr/bin/env node
'use strict';
// The language server for any editor: `rollmark-language-server --stdio` (docs/editors.md).
require('../dist/server.js');
