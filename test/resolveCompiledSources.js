'use strict';
// Tests import the server's sources ('…/server/src/…') so editors navigate to them; at run time
// the compiled JavaScript lives in server/out with the same layout.
const Module = require('node:module');
const path = require('node:path');

const sources = `${path.sep}server${path.sep}src${path.sep}`;
const compiled = `${path.sep}server${path.sep}out${path.sep}`;
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request.startsWith('.') && parent && parent.filename) {
    const target = path.resolve(path.dirname(parent.filename), request);
    if (target.includes(sources)) return resolve.call(this, target.replace(sources, compiled), parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
