'use strict';
// What the extension tests share: the workspace's files, waiting for the server, reading results.
const assert = require('node:assert/strict');
const vscode = require('vscode');

const EXTENSION_ID = 'rollmark.rollmark';

function extension() {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  return ext;
}

/** What the extension's activate() returns (client/src/api.ts), once its server is up. */
async function api() {
  const ext = extension();
  const exports = ext.isActive ? ext.exports : await ext.activate();
  assert.ok(exports && typeof exports.ready === 'function', 'activate() returns the RollmarkApi');
  await exports.ready();
  return exports;
}

function workspaceUri(...segments) {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  assert.ok(folder, 'the tests need a workspace folder (test/vscode/workspace)');
  return vscode.Uri.joinPath(folder.uri, ...segments);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value; the last value or error explains a timeout. */
async function waitFor(what, probe, timeout = 20000, interval = 100) {
  const until = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${detail})`);
    }
    await sleep(interval);
  }
}

async function open(name) {
  const document = await vscode.workspace.openTextDocument(workspaceUri(name));
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  return { document, editor };
}

/** The position of `needle` in the document (plus `offset` characters). */
function positionOf(document, needle, offset = 0) {
  const at = document.getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} is not in ${document.uri.path}`);
  return document.positionAt(at + offset);
}

function codeOf(diagnostic) {
  const code = diagnostic.code;
  return typeof code === 'object' && code !== null ? String(code.value) : String(code);
}

function rollmarkDiagnostics(uri) {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'rollmark');
}

/** Diagnostics of the document once `accept` likes them (the server publishes after a delay). */
function diagnosticsWhen(uri, accept, what = 'diagnostics', timeout) {
  return waitFor(`${what} of ${uri.path}`, () => {
    const diagnostics = rollmarkDiagnostics(uri);
    return accept(diagnostics) ? diagnostics : false;
  }, timeout);
}

/** [code, line (1-based), severity name] for compact comparisons. */
function summarize(diagnostics) {
  return diagnostics
    .map((d) => [codeOf(d), d.range.start.line + 1, vscode.DiagnosticSeverity[d.severity]])
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
}

function hoverText(hovers) {
  return (hovers || [])
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

/** Code lenses from the extension's providers (resolved, so that each has its command). */
async function codeLenses(uri) {
  const lenses = (await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri, 100)) || [];
  return lenses.filter((lens) => lens.command && lens.command.command.startsWith('rollmark.'));
}

/** Sets a user setting for one test; the returned function restores it. */
async function withSetting(section, value) {
  const config = vscode.workspace.getConfiguration('rollmark');
  const before = config.inspect(section);
  await config.update(section, value, vscode.ConfigurationTarget.Global);
  return async () => {
    await vscode.workspace.getConfiguration('rollmark').update(section, before ? before.globalValue : undefined, vscode.ConfigurationTarget.Global);
  };
}

module.exports = {
  EXTENSION_ID,
  api,
  codeLenses,
  codeOf,
  diagnosticsWhen,
  extension,
  hoverText,
  open,
  positionOf,
  rollmarkDiagnostics,
  sleep,
  summarize,
  waitFor,
  withSetting,
  workspaceUri,
};
