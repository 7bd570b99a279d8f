/** `ltex.dictionary` with Rollmark's file added: to the Russian list, once, the rest kept. */
import * as assert from 'node:assert/strict';
import { ltexFileEntry, withLtexEntry } from '../../../client/src/ltexSetting';

describe('the ltex.dictionary setting', () => {
  const entry = ltexFileEntry('/home/автор/кампания/.rollmark/ltex.dictionary.txt');

  it('is an absolute path after a colon', () => assert.equal(entry, ':/home/автор/кампания/.rollmark/ltex.dictionary.txt'));

  it('adds the file to the Russian list, keeping the words and the other languages', () => {
    assert.deepEqual(withLtexEntry(undefined, entry), { 'ru-RU': [entry] });
    assert.deepEqual(withLtexEntry({ 'ru-RU': ['Гнозис'], 'en-US': ['Rollmark'] }, entry), { 'ru-RU': ['Гнозис', entry], 'en-US': ['Rollmark'] });
  });

  it('leaves a setting that has it alone, and replaces one LTeX+ cannot read', () => {
    assert.equal(withLtexEntry({ 'ru-RU': [entry] }, entry), undefined);
    assert.deepEqual(withLtexEntry('Гнозис', entry), { 'ru-RU': [entry] });
    assert.deepEqual(withLtexEntry({ 'ru-RU': 'Гнозис' }, entry), { 'ru-RU': [entry] });
  });
});
