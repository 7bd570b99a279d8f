/**
 * Workspace trust: an untrusted workspace may carry hostile ruleset files, so the client says
 * `trusted: false` and the server keeps to the built-in rulesets.
 */
import * as assert from 'node:assert/strict';
import { docUri, joinLines, LspTestClient } from './harness';

const USER_RULESET = joinLines('id: my-vampire', 'extends: vampire-pack', 'traits:', '  - { name: Скрытность, category: ability }');
const TEXT = joinLines('---', 'ruleset: my-vampire', '---', '«Ловкость 2 + Скрытность 2 (сложность 1)»');

describe('workspace trust', () => {
  let client: LspTestClient;
  const uri = docUri('trust.md');
  afterEach(async () => client.stop());

  it('loads user ruleset files in a trusted workspace', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/rulesets/my-vampire.yaml': USER_RULESET } });
    const published = await client.open(uri, TEXT);
    assert.deepEqual(published.diagnostics, []);
  });

  it('does not load them when the workspace is untrusted: the id is unknown and the default ruleset applies', async () => {
    client = await LspTestClient.start({ files: { '.rollmark/rulesets/my-vampire.yaml': USER_RULESET }, initializationOptions: { trusted: false } });
    const published = await client.open(uri, TEXT);
    assert.deepEqual(
      published.diagnostics.map((d) => [d.code, d.range.start.line]),
      // RM011 on the unknown id; the default (storytelling) has no difficulty, hence RM005.
      [
        ['RM011', 1],
        ['RM005', 3],
      ],
    );
  });
});
