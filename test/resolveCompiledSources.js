'use strict';
// Tests import the sources ('…/server/src/…', '…/client/src/…') so editors navigate to them;
// at run time the compiled JavaScript lives in …/out with the same layout.
const Module = require('node:module');
const path = require('node:path');

const projects = ['server', 'client'].map((name) => ({
  sources: `${path.sep}${name}${path.sep}src${path.sep}`,
  compiled: `${path.sep}${name}${path.sep}out${path.sep}`,
}));
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request.startsWith('.') && parent && parent.filename) {
    const target = path.resolve(path.dirname(parent.filename), request);
    const project = projects.find((p) => target.includes(p.sources));
    if (project) return resolve.call(this, target.replace(project.sources, project.compiled), parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
