/**
 * What completion offers where (analysis/completion/completionPlace.ts), in offsets: the cursor is marked
 * `|` in each text, and each offer's start is given as the text it replaces up to the cursor.
 */
import * as assert from 'node:assert/strict';
import { type CompletionPlace, completionPlace, FRONT_MATTER_KEYS } from '../../../server/out/analysis/completion/completionPlace';

/** The place at `|`, each offer's start turned into the text from it to the cursor. */
function at(marked: string, { frontMatter = false, invoked = false } = {}): unknown {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const place: CompletionPlace | undefined = completionPlace(text, offset, frontMatter, invoked);
  if (!place) return undefined;
  return { where: place.where, offers: place.offers.map(({ start, ...offer }) => ({ ...offer, replaces: text.slice(start, offset) })) };
}

const FM = '---\nruleset: vampire-pack\ncharacters:\n  Адриан: { Сила: 3 }\n';

describe('completion place (analysis)', () => {
  it('right after «: templates (» added unless the editor closed it), traits and the characters', () => {
    assert.deepEqual(at('Текст «|»', { frontMatter: true }), {
      where: 'check',
      offers: [
        { kind: 'checkTemplates', wrap: false, closed: true, replaces: '' },
        { kind: 'traits', check: '', replaces: '' },
        { kind: 'characters', replaces: '' },
      ],
    });
    assert.deepEqual(at('«  |'), {
      where: 'check',
      offers: [
        { kind: 'checkTemplates', wrap: false, closed: false, replaces: '' },
        { kind: 'traits', check: '  ', replaces: '' },
      ],
    });
  });

  it('in a check: the term typed after a sign, a colon, «против», «или» or «/»; characters only before anything else', () => {
    assert.deepEqual(at('«Ад|', { frontMatter: true }), { where: 'check', offers: [{ kind: 'traits', check: '', replaces: 'Ад' }, { kind: 'characters', replaces: 'Ад' }] });
    assert.deepEqual(at('«Сила + Атл|', { frontMatter: true }), { where: 'check', offers: [{ kind: 'traits', check: 'Сила + ', replaces: 'Атл' }] });
    assert.deepEqual(at('«Адриан:  Си|'), { where: 'check', offers: [{ kind: 'traits', check: 'Адриан:  ', replaces: 'Си' }] });
    assert.deepEqual(at('«Сила против Ло|'), { where: 'check', offers: [{ kind: 'traits', check: 'Сила против ', replaces: 'Ло' }] });
    // «против» only as a whole word.
    assert.deepEqual(at('«Напротив Ло|'), { where: 'check', offers: [{ kind: 'traits', check: '', replaces: 'Напротив Ло' }] });
    // «или» and «/» start an alternative's term: the word typed after them is what is replaced.
    assert.deepEqual(at('«Ловкость или Ин|'), { where: 'check', offers: [{ kind: 'traits', check: 'Ловкость или ', replaces: 'Ин' }] });
    assert.deepEqual(at('«Ловкость/Ин|'), { where: 'check', offers: [{ kind: 'traits', check: 'Ловкость/', replaces: 'Ин' }] });
    assert.deepEqual(at('«Лисица Ин|'), { where: 'check', offers: [{ kind: 'traits', check: '', replaces: 'Лисица Ин' }] });
    // Right after the space that follows a colon, nothing is replaced: the space is no part of the next term.
    assert.deepEqual(at('«Вера: |'), { where: 'check', offers: [{ kind: 'traits', check: 'Вера: ', replaces: '' }] });
  });

  it('traits, not parameters, in a «(» that opens a whole pool: after «или», «против» or at the start', () => {
    assert.deepEqual(at('«Сила 3 против (Сила Воли 5) или (Вын|'), { where: 'check', offers: [{ kind: 'traits', check: 'Сила 3 против (Сила Воли 5) или (', replaces: 'Вын' }] });
    assert.deepEqual(at('«Сила 3 против (Си|'), { where: 'check', offers: [{ kind: 'traits', check: 'Сила 3 против (', replaces: 'Си' }] });
    assert.deepEqual(at('«(Выносливость 2 + Ат|'), { where: 'check', offers: [{ kind: 'traits', check: '(Выносливость 2 + ', replaces: 'Ат' }] });
    assert.deepEqual(at('«(Сила 4) или (Ловкость 6) (сл|'), { where: 'check', offers: [{ kind: 'parameters', replaces: 'сл' }] });
  });

  it('traits, not parameters, in an attack’s «урон:» or «поглощение:» pool', () => {
    assert.deepEqual(at('«Ловкость + Драка (сложность 6; урон: Си|'), { where: 'check', offers: [{ kind: 'traits', check: 'Ловкость + Драка (сложность 6; урон: ', replaces: 'Си' }] });
    assert.deepEqual(at('«Ловкость + Драка (урон: Сила + 1; поглощение: Вын|'), { where: 'check', offers: [{ kind: 'traits', check: 'Ловкость + Драка (урон: Сила + 1; поглощение: ', replaces: 'Вын' }] });
    // Without the colon «урон» is a word of its own: the parameters are offered.
    assert.deepEqual(at('«Сила (уро|'), { where: 'check', offers: [{ kind: 'parameters', replaces: 'уро' }] });
  });

  it('parameters after «(», «,» or «;», replacing the word typed', () => {
    assert.deepEqual(at('«Сила + Атлетика (сл|'), { where: 'check', offers: [{ kind: 'parameters', replaces: 'сл' }] });
    assert.deepEqual(at('«Доблесть (сложность 12,  Пре|'), { where: 'check', offers: [{ kind: 'parameters', replaces: 'Пре' }] });
    assert.deepEqual(at('«Сила (сложность 2) + Ат|'), { where: 'check', offers: [{ kind: 'traits', check: 'Сила (сложность 2) + ', replaces: 'Ат' }] });
  });

  it('nothing in prose or after a closed check unless asked; asked, whole checks replacing the word', () => {
    assert.equal(at('Просто текст|'), undefined);
    assert.equal(at('«Сила» и |'), undefined);
    assert.deepEqual(at('«Сила» и пров|', { frontMatter: true, invoked: true }), { where: 'prose', offers: [{ kind: 'checkTemplates', wrap: true, closed: false, replaces: 'пров' }] });
    assert.deepEqual(at('Прыжок: к-10|', { invoked: true }), { where: 'prose', offers: [{ kind: 'checkTemplates', wrap: true, closed: false, replaces: 'к-10' }] });
  });

  it('the front matter template only at the very start of a document without one', () => {
    assert.deepEqual(at('пр|\n# Глава', { invoked: true }), {
      where: 'prose',
      offers: [
        { kind: 'frontMatterTemplate', replaces: 'пр' },
        { kind: 'checkTemplates', wrap: true, closed: false, replaces: 'пр' },
      ],
    });
    assert.deepEqual(at('пр|', { frontMatter: true, invoked: true }), { where: 'prose', offers: [{ kind: 'checkTemplates', wrap: true, closed: false, replaces: 'пр' }] });
    assert.deepEqual(at('\nпр|', { invoked: true }), { where: 'prose', offers: [{ kind: 'checkTemplates', wrap: true, closed: false, replaces: 'пр' }] });
  });

  it('in the front matter: keys, ruleset ids, a character’s line under characters:, a sheet’s traits', () => {
    assert.deepEqual(at('---\nrul|\n---\n'), { where: 'frontMatter', offers: [{ kind: 'frontMatterKeys', replaces: 'rul' }] });
    assert.deepEqual(at('---\nсистема:  v|\n---\n'), { where: 'frontMatter', offers: [{ kind: 'rulesetIds', replaces: 'v' }] });
    assert.deepEqual(at(`${FM}  Ка|\n---\n`), { where: 'frontMatter', offers: [{ kind: 'sheetLine', replaces: 'Ка' }] });
    assert.deepEqual(at('---\nперсонажи:\n\n  |\n---\n'), { where: 'frontMatter', offers: [{ kind: 'sheetLine', replaces: '' }] });
    assert.deepEqual(at(`${FM}  Вера:\n    Си|\n---\n`), { where: 'frontMatter', offers: [{ kind: 'traits', replaces: 'Си' }] });
    assert.deepEqual(at(`${FM}  Вера: { Сила: 1, Ат|\n---\n`), { where: 'frontMatter', offers: [{ kind: 'traits', replaces: 'Ат' }] });
    // Not under characters: a key's indentation is no sheet line.
    assert.deepEqual(at('---\ntitle:\n  Ка|\n---\n'), { where: 'frontMatter', offers: [] });
    // A check's «» means nothing in the front matter.
    assert.deepEqual(at('---\ntitle: «|\n---\n', { invoked: true }), { where: 'frontMatter', offers: [] });
  });

  it('judges the front matter from the text, as edited: unclosed, closed by --- or ..., after a BOM, with CRLF or CR lines', () => {
    assert.deepEqual(at('---\nruleset: vampire-pack\n\nrul|'), { where: 'frontMatter', offers: [{ kind: 'frontMatterKeys', replaces: 'rul' }] });
    assert.equal(at('---\nruleset: vampire-pack\n...\nrul|'), undefined);
    assert.equal(at('---\n---\nrul|'), undefined);
    assert.equal(at('---|'), undefined);
    assert.deepEqual(at('\uFEFF--- \r\nruleset: v|\r\n---\r\n'), { where: 'frontMatter', offers: [{ kind: 'rulesetIds', replaces: 'v' }] });
    assert.deepEqual(at('---\rcharacters:\r\r  |\r---\r'), { where: 'frontMatter', offers: [{ kind: 'sheetLine', replaces: '' }] });
    assert.deepEqual(at('---\r\ncharacters:\r\n  Вера: { Сила: 1 }\r\n  |'), { where: 'frontMatter', offers: [{ kind: 'sheetLine', replaces: '' }] });
  });

  it('lists the front matter’s keys in English first, then their Russian spellings', () => {
    assert.deepEqual(
      FRONT_MATTER_KEYS.map((k) => [k.key, k.names, k.alias]),
      [
        ['ruleset', 'ruleset', false],
        ['characters', 'characters', false],
        ['система', 'ruleset', true],
        ['правила', 'ruleset', true],
        ['персонажи', 'characters', true],
      ],
    );
  });
});
