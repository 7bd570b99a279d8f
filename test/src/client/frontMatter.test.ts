import * as assert from 'node:assert/strict';
import { findFrontMatter, namesRuleset, rulesetEdit } from '../../../client/src/frontMatter';

function apply(text: string, edit: { start: number; end: number; newText: string }): string {
  return text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
}

describe('client front matter', () => {
  it('finds the ruleset line under any of its three keys', () => {
    assert.equal(findFrontMatter('---\nсистема: vampire-pack\n---\n')?.ruleset?.value, 'vampire-pack');
    assert.equal(findFrontMatter('---\nправила: "storytelling" # основная\n---\n')?.ruleset?.value, 'storytelling');
  });

  it('serves a markdown document only when a closed front matter names a ruleset', () => {
    assert.equal(namesRuleset('---\nruleset: vampire-pack\n---\n# Сцена'), true);
    assert.equal(namesRuleset('---\nruleset: vampire-pack\n# Сцена'), false);
    assert.equal(namesRuleset('---\nruleset:\n---\n'), false);
    assert.equal(namesRuleset('# Сцена\n---\nruleset: vampire-pack\n---\n'), false);
    assert.equal(namesRuleset('\uFEFF---\r\nruleset: vampire-pack\r\n---\r\n'), true);
  });

  it('rewrites an existing ruleset line, keeping its key and comment', () => {
    const text = '---\nсистема: storytelling # главная\nперсонажи: {}\n---\nТекст';
    assert.equal(apply(text, rulesetEdit(text, 'vampire-pack')), '---\nсистема: vampire-pack # главная\nперсонажи: {}\n---\nТекст');
  });

  it('adds a ruleset line to a block without one', () => {
    const text = '---\ncharacters: {}\n---\n';
    assert.equal(apply(text, rulesetEdit(text, 'mage-revised')), '---\nruleset: mage-revised\ncharacters: {}\n---\n');
  });

  it('creates the block after a BOM with the document\'s CRLF line breaks', () => {
    const text = '\uFEFF# Сцена\r\nТекст\r\n';
    assert.equal(apply(text, rulesetEdit(text, 'storytelling')), '\uFEFF---\r\nruleset: storytelling\r\n---\r\n\r\n# Сцена\r\nТекст\r\n');
  });
});
