/**
 * A document's file name from its URI, read one way (workspace/folders.ts `fileNameOf`) for
 * whether it is a scenario file and for how a report names it.
 */
import * as assert from 'node:assert/strict';
import { fileNameOf } from '../../../server/src/workspace/folders';
import { isScenarioFile } from '../../../server/src/workspace/servedDocuments';
import { reportPath } from '../../../server/src/workspace/workspaceScenarios';

describe('file names from URIs', () => {
  it('the last segment, decoded, without query or fragment; as written where an escape is malformed', () => {
    assert.equal(fileNameOf('file:///book/%D0%B3%D0%BB%D0%B0%D0%B2%D0%B0.scenario.md'), 'глава.scenario.md');
    assert.equal(fileNameOf('file:///book/notes.md?view=a/b#part/2'), 'notes.md');
    assert.equal(fileNameOf('untitled:Untitled-1'), 'untitled:Untitled-1');
    assert.equal(fileNameOf('file:///book/100%.md'), '100%.md');
    assert.equal(fileNameOf('file:///book/'), '');
  });

  it('a scenario file by its name, whatever its case and encoding', () => {
    assert.equal(isScenarioFile('file:///book/%D0%93%D0%BB%D0%B0%D0%B2%D0%B0.SCENARIO.md'), true);
    assert.equal(isScenarioFile('file:///book.scenario.md/notes.md'), false);
    assert.equal(isScenarioFile('file:///book/notes.md#x.scenario.md'), false);
  });

  it('a report names a document by its path in the folder, else by its file name, else by its URI', () => {
    assert.equal(reportPath('file:///book/%D1%87%D0%B0%D1%81%D1%82%D1%8C%201/%D0%B3%D0%BB%D0%B0%D0%B2%D0%B0.md', 'file:///book'), 'часть 1/глава.md');
    assert.equal(reportPath('file:///elsewhere/%D0%B3%D0%BB%D0%B0%D0%B2%D0%B0.md', 'file:///book'), 'глава.md');
    // A slash in the query is not the file name's.
    assert.equal(reportPath('untitled:Untitled-1?a/b', undefined), 'untitled:Untitled-1');
    assert.equal(reportPath('file:///book/', undefined), 'file:///book/');
  });
});
