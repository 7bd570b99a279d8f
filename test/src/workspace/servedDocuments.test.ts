/**
 * Which open documents are served (server/src/workspace/servedDocuments.ts), judged once per
 * revision: a Markdown document that is not served is not judged again (its front matter's YAML
 * parsed again) until it changes, it is forgotten or the setting changes.
 */
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS, type RollmarkSettings } from '../../../server/src/protocol';
import { checkedTextDocuments } from '../../../server/src/validate';
import { ServedDocuments } from '../../../server/src/workspace/servedDocuments';

const URI = 'file:///book/notes.md';
const UNNAMED = '---\ntitle: Заметки\n---\n«Сила + Атлетика (сложность 2)»\n';
const NAMED = '---\nruleset: vampire-pack\n---\n«Сила + Атлетика (сложность 2)»\n';

/** Served documents whose settings count how many times a document was judged. */
function counted(): { served: ServedDocuments; judged: () => number } {
  let judged = 0;
  const settings: RollmarkSettings = { ...DEFAULT_SETTINGS, markdown: { ...DEFAULT_SETTINGS.markdown, enable: 'withRuleset' } };
  const served = new ServedDocuments(async () => {
    judged++;
    return settings;
  });
  return { served, judged: () => judged };
}

function edit(document: TextDocument, text: string): TextDocument {
  return checkedTextDocuments.update(document, [{ text }], document.version + 1);
}

describe('served documents', () => {
  it('a document not served is judged once per revision, again after an edit', async () => {
    const { served, judged } = counted();
    const document = TextDocument.create(URI, 'markdown', 1, UNNAMED);
    assert.equal(await served.isServed(document), false);
    assert.equal(await served.isServed(document), false);
    assert.equal(judged(), 1);
    // Same text, new revision: judged again, still not served.
    assert.equal(await served.isServed(edit(document, UNNAMED)), false);
    assert.equal(judged(), 2);
    assert.equal(await served.isServed(edit(document, NAMED)), true);
    assert.equal(judged(), 3);
    // Served from now on without judging (sticky), even when the ruleset line goes.
    assert.equal(await served.isServed(edit(document, UNNAMED)), true);
    assert.equal(judged(), 3);
  });

  it('forgetting a document or a change of the setting judges it afresh', async () => {
    const { served, judged } = counted();
    const document = TextDocument.create(URI, 'markdown', 1, UNNAMED);
    assert.equal(await served.isServed(document), false);
    served.forget(URI);
    assert.equal(await served.isServed(document), false);
    assert.equal(judged(), 2);
    served.reset();
    assert.equal(await served.isServed(document), false);
    assert.equal(judged(), 3);
  });

  it('a document opened anew under the same URI is judged as the new document', async () => {
    const { served, judged } = counted();
    assert.equal(await served.isServed(TextDocument.create(URI, 'markdown', 1, UNNAMED)), false);
    assert.equal(await served.isServed(TextDocument.create(URI, 'markdown', 1, NAMED)), true);
    assert.equal(judged(), 2);
  });

  it('scenario files and other languages are decided by their name and language alone', async () => {
    const { served, judged } = counted();
    assert.equal(await served.isServed(TextDocument.create('file:///book/глава.scenario.md', 'markdown', 1, UNNAMED)), true);
    assert.equal(await served.isServed(TextDocument.create('file:///book/notes.txt', 'plaintext', 1, NAMED)), false);
    assert.equal(judged(), 0);
  });
});
