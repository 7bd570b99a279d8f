/**
 * Checks written as prose (MARKUP.md §7, RM012): the contract's examples with exact spans and
 * markup, multi-word traits, case forms, signs and modifiers, difficulty phrases, «против»,
 * near misses that must stay silent, the diagnostic and its fix, segments, and robustness.
 *
 * Expected spans are written inline as ⟦…⟧ in the prose (test/src/markers.ts), and compared as
 * exact offsets, so an off-by-one in a range shows.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatCanonical, parseCheckExpression } from '../../../server/out/analysis/check/checkExpression';
import { DEFAULT_SEVERITY } from '../../../server/out/analysis/diagnosticCatalog';
import { findProseChecks } from '../../../server/out/analysis/prose/proseChecks';
import type { ProseCheckResult } from '../../../server/out/analysis/prose/proseChecks';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { traitIndex } from '../../../server/out/analysis/resolve/traitIndex';
import type { TraitIndex } from '../../../server/out/analysis/resolve/traitIndex';
import type { TextRange } from '../../../server/out/analysis/types';
import type { Locale } from '../../../server/out/present/locale';
import { getBuiltinRuleset } from '../../../server/out/engine/builtinRulesets';
import { parseMarkers } from '../markers';
import { worded } from './util';

function indexOf(rulesetId: string, dictionary: readonly string[] = []): TraitIndex {
  const ruleset = getBuiltinRuleset(rulesetId);
  assert.ok(ruleset, `test bug: no ruleset ${rulesetId}`);
  return traitIndex(ruleset, dictionary);
}

function find(rulesetId: string, text: string, options: { segments?: TextRange[]; dictionary?: string[] } = {}): ProseCheckResult {
  const segments = options.segments ?? [{ start: 0, end: text.length }];
  return findProseChecks(text, segments, indexOf(rulesetId, options.dictionary));
}

/** The fixes' titles as a user reads them in `locale`. */
function fixTitles(result: ProseCheckResult, locale: Locale = 'ru'): string[] {
  return worded(result.diagnostics, locale).map((d) => d.fixes[0].title);
}

/** The marked spans are exactly the checks found, with these markups in order. */
function expectChecks(rulesetId: string, marked: string, markups: string[]): void {
  const { text, ranges } = parseMarkers(marked);
  assert.equal(ranges.length, markups.length, 'test bug: one markup per ⟦…⟧');
  const { checks, diagnostics } = find(rulesetId, text);
  const got = checks.map((c) => ({ span: text.slice(c.range.start, c.range.end), range: c.range, markup: c.markup }));
  const want = ranges.map((r, k) => ({ span: text.slice(r.start, r.end), range: r, markup: markups[k] }));
  assert.deepEqual(got, want);
  assert.equal(diagnostics.length, checks.length);
}

function expectNone(rulesetId: string, text: string): void {
  const { checks, diagnostics } = find(rulesetId, text);
  assert.deepEqual(
    checks.map((c) => `${text.slice(c.range.start, c.range.end)} → ${c.markup}`),
    [],
  );
  assert.deepEqual(diagnostics, []);
}

/** Applies every check's fix (back to front, as an editor does). */
function applyFixes(text: string, result: ProseCheckResult): string {
  const edits = result.diagnostics.flatMap((d) => d.fixes.flatMap((f) => f.edits));
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.range.start - a.range.start)) {
    out = out.slice(0, edit.range.start) + edit.newText + out.slice(edit.range.end);
  }
  return out;
}

describe('findProseChecks (MARKUP §7, RM012)', () => {
  describe('the contract examples', () => {
    it('«бросок Ловкость + Атлетика (сложность 4)»', () => {
      expectChecks('werewolf-revised', 'бросок ⟦Ловкость + Атлетика (сложность 4)⟧, чтобы подняться', ['«Ловкость + Атлетика (сложность 4)»']);
    });

    it('«проверку Силы + Атлетики со сложностью 2» → «Сила + Атлетика (сложность 2)»', () => {
      expectChecks('vampire-pack', 'Ему нужно пройти проверку ⟦Силы + Атлетики со сложностью 2⟧.', ['«Сила + Атлетика (сложность 2)»']);
    });

    it('«броска Выносливости (сложность 8)»: one trait and a difficulty', () => {
      expectChecks('werewolf-revised', 'требует броска ⟦Выносливости (сложность 8)⟧. Этот бросок', ['«Выносливость (сложность 8)»']);
    });

    it('«Интеллект + Ремесло»: two traits without a difficulty', () => {
      expectChecks('storytelling', 'Его ⟦Интеллект + Ремесло⟧ дают запас дайсов 6', ['«Интеллект + Ремесло»']);
    });

    it('the fix rewrites exactly the span: «проверку «Сила + Атлетика (сложность 2)»»', () => {
      const text = 'Чтобы совершить прыжок, ему необходимо пройти проверку Силы + Атлетики со сложностью 2.';
      const result = find('vampire-pack', text);
      assert.equal(applyFixes(text, result), 'Чтобы совершить прыжок, ему необходимо пройти проверку «Сила + Атлетика (сложность 2)».');
    });
  });

  describe('the diagnostic', () => {
    const text = 'проверку Силы + Атлетики со сложностью 2';
    const range = { start: 9, end: text.length };
    const markup = '«Сила + Атлетика (сложность 2)»';

    const words = {
      ru: { message: `Проверка записана прозой; разметка: ${markup}`, title: `Разметить как ${markup}` },
      en: { message: `Check written as prose; as markup: ${markup}`, title: `Mark up as ${markup}` },
    };
    for (const locale of ['ru', 'en'] as const) {
      it(`RM012, hint, the catalog's message and one preferred fix (${locale})`, () => {
        const { checks, diagnostics } = find('vampire-pack', text);
        assert.deepEqual(checks, [{ range, markup }]);
        assert.deepEqual(worded(diagnostics, locale), [
          {
            code: 'RM012',
            severity: DEFAULT_SEVERITY.RM012,
            message: words[locale].message,
            range,
            fixes: [{ title: words[locale].title, edits: [{ range, newText: markup }], preferred: true }],
          },
        ]);
      });
    }

    it('the default severity is hint', () => {
      assert.equal(DEFAULT_SEVERITY.RM012, 'hint');
    });
  });

  describe('multi-word traits', () => {
    it('«Огнестрельное оружие», «Знание улиц», «Обращение с животными» (three words), in any case', () => {
      expectChecks(
        'storytelling',
        '⟦Ловкость + Огнестрельное оружие⟧; ⟦Ловкости + Огнестрельного оружия⟧; ⟦Сообразительность + Знание улиц⟧; ⟦Манипулирования + Обращением с животными⟧.',
        ['«Ловкость + Огнестрельное оружие»', '«Ловкость + Огнестрельное оружие»', '«Сообразительность + Знание улиц»', '«Манипулирование + Обращение с животными»'],
      );
    });

    it('a multi-word trait first in the pool, and with ratings («Ловкостью 2 + Огнестрельным оружием 3»)', () => {
      expectChecks(
        'storytelling',
        'Обладая ⟦Ловкостью 2 + Огнестрельным оружием 3⟧, запас; ⟦Огнестрельное оружие + Ловкость⟧.',
        ['«Ловкость 2 + Огнестрельное оружие 3»', '«Огнестрельное оружие + Ловкость»'],
      );
    });

    it('«Сила воли (сложность 9)» and «Силы воли со сложностью 8» (werewolf-revised)', () => {
      expectChecks('werewolf-revised', 'бросок ⟦Сила воли (сложность 9)⟧, затем ⟦Силы воли со сложностью 8⟧.', ['«Сила воли (сложность 9)»', '«Сила воли (сложность 8)»']);
    });

    it('«Силы Воли по сложности 6» in mage-revised, spelled as the ruleset spells it', () => {
      expectChecks('mage-revised', 'успешный бросок ⟦Силы Воли по сложности 6⟧ (или трата очка)', ['«Сила Воли (сложность 6)»']);
    });

    it('«Знание Улиц», «Огнестрельное Оружие» in mage-revised', () => {
      expectChecks(
        'mage-revised',
        'Удачный бросок ⟦Восприятие + Знание Улиц (сложность 8)⟧ и ⟦Огнестрельным Оружием + Ловкостью⟧.',
        ['«Восприятие + Знание Улиц (сложность 8)»', '«Огнестрельное Оружие + Ловкость»'],
      );
    });
  });

  describe('case forms, letter case and other spellings', () => {
    it('genitive, accusative, instrumental, prepositional forms become the nominative', () => {
      expectChecks(
        'storytelling',
        'броска ⟦Силы + Атлетики⟧, на ⟦Силу + Атлетику⟧, с ⟦Ловкостью + Атлетикой⟧, в ⟦Выносливости + Атлетике⟧.',
        ['«Сила + Атлетика»', '«Сила + Атлетика»', '«Ловкость + Атлетика»', '«Выносливость + Атлетика»'],
      );
    });

    it('letter case: capitals and lower case inside a pool of rolled traits', () => {
      expectChecks('storytelling', '⟦ЛОВКОСТЬ + АТЛЕТИКА⟧ и ⟦сила + атлетика⟧', ['«Ловкость + Атлетика»', '«Сила + Атлетика»']);
    });

    it('ё and е are the same letter', () => {
      expectChecks('mage-revised', '⟦Восприятие + Осведомлённость⟧', ['«Восприятие + Осведомленность»']);
    });

    it("another ruleset's name is written as this ruleset's (Атлетика → Атлетизм in mage-revised)", () => {
      expectChecks('mage-revised', 'бросок ⟦Сила + Атлетика⟧', ['«Сила + Атлетизм»']);
    });

    it('«Силы» next to a rolled trait, or alone with a difficulty, is Сила, not the Sphere Силы', () => {
      expectChecks('mage-revised', '⟦Силы + Атлетизм⟧; бросок ⟦Силы со сложностью 9⟧.', ['«Сила + Атлетизм»', '«Сила (сложность 9)»']);
    });
  });

  describe('signs and modifiers', () => {
    it('«−» may be written −, - or –; the markup prints U+2212', () => {
      expectChecks(
        'storytelling',
        '⟦Ловкость + Вождение + 3 − 4⟧ и ⟦Ловкость + Вождение + 3 - 4⟧ и ⟦Ловкость + Вождение + 3 – 4⟧.',
        ['«Ловкость + Вождение + 3 − 4»', '«Ловкость + Вождение + 3 − 4»', '«Ловкость + Вождение + 3 − 4»'],
      );
    });

    it('a modifier between a pool and a difficulty; ratings on several terms', () => {
      expectChecks(
        'werewolf-revised',
        'бросок ⟦Ловкость + Атлетика + 2 (сложность 6)⟧; запас (⟦Ловкость 3 + Вождение 3 + 1⟧).',
        ['«Ловкость + Атлетика + 2 (сложность 6)»', '«Ловкость 3 + Вождение 3 + 1»'],
      );
    });

    it('a minus term', () => {
      expectChecks('storytelling', 'бросок ⟦Сила − Выносливость⟧.', ['«Сила − Выносливость»']);
    });

    it('«рейтинг Управления» is the trait whose rating it is', () => {
      expectChecks('storytelling', 'бросок на ⟦Ловкость + Вождение + рейтинг Управления⟧ автомобиля.', ['«Ловкость + Вождение + Управление»']);
    });

    it('a dash after a pool is punctuation and ends it', () => {
      expectChecks('mage-revised', 'Нужный бросок – ⟦Восприятие + Техника⟧ – обычный.', ['«Восприятие + Техника»']);
    });
  });

  describe('difficulties and parameter groups', () => {
    it('«сложность N», «, по сложности N», «(по сложности N)», «(со сложностью N)»', () => {
      expectChecks(
        'mage-revised',
        '⟦Интеллект + Компьютеры, сложность 7⟧; ⟦Интеллект + Бдительность, по сложности 9⟧; ⟦Ловкость + Атлетизм (по сложности 6)⟧; ⟦Сила (со сложностью 5)⟧.',
        ['«Интеллект + Компьютеры (сложность 7)»', '«Интеллект + Бдительность (сложность 9)»', '«Ловкость + Атлетизм (сложность 6)»', '«Сила (сложность 5)»'],
      );
    });

    it('a whole parameter group the grammar reads is kept, in canonical form', () => {
      expectChecks(
        'mage-revised',
        'бросок ⟦Ловкость + Атлетизм (сложность 6, специализация)⟧.',
        ['«Ловкость + Атлетизм (сложность 6, специализация)»'],
      );
      expectChecks(
        'storytelling',
        'бросок ⟦Сообразительность + Ремесло + 3 (10 успехов, 7 бросков)⟧.',
        ['«Сообразительность + Ремесло + 3 (10 успехов, 7 бросков)»'],
      );
    });

    it('d20: «Скрытность 4 (сложность 15, Преимущество)», «Доблесть 3 (сложность 12, 2 Помехи)»', () => {
      expectChecks(
        'threads-of-fate',
        'проверка ⟦Скрытность 4 (сложность 15, Преимущество)⟧ и ⟦Доблесть 3 (сложность 12, 2 Помехи)⟧.',
        ['«Скрытность 4 (сложность 15, Преимущество)»', '«Доблесть 3 (сложность 12, 2 Помехи)»'],
      );
    });

    it('parentheses that are prose, a range or an alternative stay outside the span; «(обычно, по сложности 6)» is the usual difficulty (issue 20)', () => {
      expectChecks(
        'mage-revised',
        '⟦Ловкость + Атлетизм (обычно, по сложности 6)⟧; ⟦Ловкость + Атлетизм⟧ (сложность 4–6); ⟦Ловкость + Атлетизм⟧, сложность 6 или 7; ⟦Ловкость + Атлетизм⟧ (обычно, не сразу).',
        ['«Ловкость + Атлетизм (сложность 6)»', '«Ловкость + Атлетизм»', '«Ловкость + Атлетизм»', '«Ловкость + Атлетизм»'],
      );
    });

    it('a line break inside a paragraph does not end the check', () => {
      expectChecks('mage-revised', 'в броске ⟦Восприятие + Атлетизм\n (сложность 6)⟧ позволяют', ['«Восприятие + Атлетизм (сложность 6)»']);
    });
  });

  describe('«против»', () => {
    it('a contest keeps the genitive after «против» when it is spelled as the ruleset spells the name', () => {
      expectChecks('mage-revised', 'бросок ⟦Манипулирование + Хитрость против Силы Воли⟧ цели', ['«Манипулирование + Хитрость против Силы Воли»']);
    });

    it('otherwise the nominative', () => {
      expectChecks('werewolf-revised', 'бросок ⟦Манипулирование + Хитрость против Силы Воли⟧ цели', ['«Манипулирование + Хитрость против Сила воли»']);
    });

    it('both sides with their own difficulty', () => {
      expectChecks(
        'werewolf-revised',
        '⟦Ловкость + Скрытность (сложность 6) против Восприятия + Бдительности (сложность 7)⟧.',
        ['«Ловкость + Скрытность (сложность 6) против Восприятия + Бдительности (сложность 7)»'],
      );
    });

    it('«против» without a pool after it is left out of the span', () => {
      expectChecks('werewolf-revised', '⟦Ловкость + Скрытность⟧ против броска Восприятия', ['«Ловкость + Скрытность»']);
    });
  });

  describe('near misses stay silent', () => {
    it('a lone trait, with or without a rating', () => {
      expectNone('storytelling', 'Ловкость Тревиса равна 3, Атлетика 1. Сила 3. Бросок Ловкости со штрафом -3. Выносливость 2 раза.');
    });

    it('«Сила разума», even with a difficulty after it', () => {
      expectNone('storytelling', 'Сила разума укрепляет его мышцы. Сила разума (сложность 6).');
      expectNone('mage-revised', 'Сила разума + Атлетизм? Сила разума (сложность 6).');
    });

    it('ordinary lower-case words that are Spheres or other traits', () => {
      expectNone('mage-revised', 'время (сложность 6); дух и жизнь; силы + время; жизнь + Ловкость; связи (сложность 4)');
      expectNone('storytelling', 'воля (сложность 3); сила (сложность 2)');
    });

    it('a trait followed by an unrelated number or a count', () => {
      expectNone('storytelling', 'Выносливость 2 раза; Сила 5 человек; Ловкость + 2 кости; Размер + 1 за каждые 15 км/ч.');
    });

    it('generic formulas, whole or mixed', () => {
      expectNone('vampire-pack', 'Проверка = Характеристика + Навык − сложность. Сложи Характеристики + Навыка.');
      expectNone('storytelling', 'комбинации Атрибута + Навыка; бросок на Силу + Навык.');
    });

    it('sums of traits that are not rolled (derived values, Spheres)', () => {
      expectNone('storytelling', 'равняется его Прочности + Размеру.');
      expectNone('mage-revised', 'Эффект Силы + Жизнь, Материя + Разум (сложность 6).');
    });

    it('a pool that is only part of a larger formula', () => {
      expectNone('mage-revised', 'проходит (12 + Ловкость) метров; 20 + Сила + Ловкость.');
      expectNone('vampire-pack', 'Проверка Самоконтроля = Самообладание + Упорство − сложность');
      expectNone('storytelling', 'бросок на Ловкость + Вождение + рейтинг водителя; Сила + Атлетика − 2 кости.');
    });

    it('a pool right after «или» and a trait that the pool before did not take is part of something larger', () => {
      // Nine combinations are more than a check may have (MARKUP Additions (2)): no check at all, not half of one.
      expectNone('mage-revised', 'бросок Сила/Ловкость/Выносливость + Атлетизм/Драка/Фехтование или Ловкость + Атлетизм');
    });

    it('a difficulty phrase without a number, or not next to the trait', () => {
      expectNone('mage-revised', 'броска Плавания, сложность которых определяется; Силе Воли оппонента, сложность равна 9.');
      expectNone('vampire-pack', 'Выносливости противника со сложностью 2');
    });

    it('nothing joins across a blank line', () => {
      expectNone('storytelling', 'бросок Ловкость +\n\nАтлетика');
    });

    it('text without traits', () => {
      expectNone('storytelling', 'Хуан ненавидел метро. 2 + 2 = 4. Бонус +3 к броскам, сложность 8.');
      expectNone('storytelling', '');
    });
  });

  describe('segments', () => {
    it('only the given segments are searched, with document offsets', () => {
      const text = 'Сила + Атлетика. Мост. Ловкость + Атлетика.';
      const start = text.indexOf('Ловкость');
      const { checks } = find('storytelling', text, { segments: [{ start: start - 1, end: text.length }] });
      assert.deepEqual(checks, [{ range: { start, end: start + 'Ловкость + Атлетика'.length }, markup: '«Ловкость + Атлетика»' }]);
    });

    it('a check does not run across a cut-out «…» span', () => {
      const text = 'бросок «Сила» + Атлетика (сложность 3)';
      const cut = text.indexOf('»') + 1;
      const { checks } = find('vampire-pack', text, { segments: [{ start: 0, end: text.indexOf('«') }, { start: cut, end: text.length }] });
      assert.deepEqual(checks, []);
    });

    it('results come in document order whatever the order of the segments', () => {
      const text = 'Сила + Атлетика\n\nЛовкость + Атлетика';
      const mid = text.indexOf('\n');
      const { checks } = find('storytelling', text, { segments: [{ start: mid, end: text.length }, { start: 0, end: mid }] });
      assert.deepEqual(
        checks.map((c) => c.markup),
        ['«Сила + Атлетика»', '«Ловкость + Атлетика»'],
      );
    });

    it('bad segments are ignored, not thrown on', () => {
      const text = 'Сила + Атлетика';
      const segments = [
        { start: -5, end: 3 },
        { start: 10, end: 2 },
        { start: Number.NaN, end: 4 },
        { start: 0, end: 1e9 },
      ];
      const { checks } = find('storytelling', text, { segments });
      assert.deepEqual(
        checks.map((c) => c.markup),
        ['«Сила + Атлетика»'],
      );
    });
  });

  describe('project dictionary', () => {
    it('dictionary terms count as rolled traits (open-vocabulary threads-of-fate)', () => {
      expectChecks('threads-of-fate', 'Ничего: Сила + Атлетика.', []);
      const text = 'проверка Атлетика + Сила (сложность 12).';
      const { checks } = find('threads-of-fate', text, { dictionary: ['Атлетика', 'Сила'] });
      assert.deepEqual(
        checks.map((c) => [text.slice(c.range.start, c.range.end), c.markup]),
        [['Атлетика + Сила (сложность 12)', '«Атлетика + Сила (сложность 12)»']],
      );
    });
  });

  describe('alternatives (MARKUP Additions (2)), in canonical form with the joiner the text wrote', () => {
    it('one term: «или» and «/» join the single traits next to them', () => {
      expectChecks(
        'mage-revised',
        'Проникновение (⟦Ловкость или Интеллект + Техника⟧). Криптография (⟦Интеллект + Языки или Компьютеры⟧). Преследование (⟦Ловкость + Атлетизм/Вождение⟧). Хакерство (⟦Интеллект/Сообразительность + Компьютеры⟧).',
        ['«Ловкость или Интеллект + Техника»', '«Интеллект + Языки или Компьютеры»', '«Ловкость + Атлетизм/Вождение»', '«Интеллект/Сообразительность + Компьютеры»'],
      );
    });

    it('«/» stays «/» (without spaces, «либо» is «или»): written as «или», «Сила/Ловкость + Атлетизм или Сила + Драка» would be four other pools', () => {
      const marked = 'Бросок ⟦Сила/Ловкость + Атлетизм или Сила + Драка (сложность 6)⟧ решает. Погоня: ⟦Ловкость + Атлетизм / Вождение⟧, ⟦Ловкости либо Интеллекта + Ремесло⟧.';
      const markups = ['«Сила/Ловкость + Атлетизм или Сила + Драка (сложность 6)»', '«Ловкость + Атлетизм/Вождение»', '«Ловкость или Интеллект + Ремесло»'];
      expectChecks('mage-revised', marked, markups);
      const { text } = parseMarkers(marked);
      const fixed = applyFixes(text, find('mage-revised', text));
      assert.equal(fixed, `Бросок ${markups[0]} решает. Погоня: ${markups[1]}, ${markups[2]}.`);
      // The markup means what the prose scanner read: the author's three pools, and «/» between two traits.
      const analysis = analyzeDocument(`---\nruleset: mage-revised\n---\n${fixed}\n`, { rulesets: builtinRulesets() });
      // Only the standard difficulty noted for the two that the text gives none.
      assert.deepEqual(analysis.diagnostics.map((d) => d.code), ['RM004', 'RM004']);
      assert.deepEqual(
        analysis.checks.map((c) => c.spec?.alternatives?.map((a) => a.check)),
        [
          ['«Сила + Атлетизм (сложность 6)»', '«Ловкость + Атлетизм (сложность 6)»', '«Сила + Драка (сложность 6)»'],
          ['«Ловкость + Атлетизм»', '«Ловкость + Вождение»'],
          ['«Ловкость + Ремесло»', '«Интеллект + Ремесло»'],
        ],
      );
    });

    it('the difficulty after the phrase is the whole check\'s', () => {
      expectChecks('mage-revised', 'сделать бросок ⟦Ловкость + Фехтование или Огнестрельное Оружие (сложность 4)⟧, чтобы', ['«Ловкость + Фехтование или Огнестрельное Оружие (сложность 4)»']);
      expectChecks('werewolf-revised', 'бросок ⟦Ловкости или Выносливости (сложность 6)⟧', ['«Ловкость или Выносливость (сложность 6)»']);
      expectChecks('mage-revised', 'потребуют уже ⟦Восприятие или Ловкость + Ремесла⟧.', ['«Восприятие или Ловкость + Ремесло»']);
    });

    it('whole pools: each part has a sign, or a single trait is also the first after «или»', () => {
      expectChecks(
        'storytelling',
        'броска ⟦Ловкости + Атлетики или Выносливости + Атлетики⟧. Прыжок (⟦Сила или Сила + Атлетика⟧, с разбега).',
        ['«Ловкость + Атлетика или Выносливость + Атлетика»', '«Сила или Сила + Атлетика»'],
      );
    });

    it('a list «A, B или C» of whole pools is one check; without «или» it is several', () => {
      expectChecks(
        'mage-revised',
        'Наблюдение (⟦Восприятие + Бдительность, Восприятие + Техника или Ловкость + Незаметность⟧). Бой (⟦Ловкость + Драка⟧, ⟦Ловкость + Фехтование⟧).',
        ['«Восприятие + Бдительность или Восприятие + Техника или Ловкость + Незаметность»', '«Ловкость + Драка»', '«Ловкость + Фехтование»'],
      );
    });

    it('«и/или» joins two checks, not alternatives', () => {
      expectChecks('mage-revised', 'Внедрение (⟦Обаяние + Экспрессия⟧ и/или ⟦Сообразительность + Академические Знания⟧).', ['«Обаяние + Экспрессия»', '«Сообразительность + Академические Знания»']);
    });

    it('each alternative keeps its rating', () => {
      expectChecks('storytelling', 'бросок ⟦Ловкость 3 или Интеллект 2 + Ремесло 2⟧.', ['«Ловкость 3 или Интеллект 2 + Ремесло 2»']);
    });
  });

  describe('what the sentence says beyond the pool', () => {
    const sheets = ['characters:', '  Мирон: { Сила: 3, Атлетика: 2 }', '  Вера: { Ловкость: 4, Атлетика: 1 }'];
    const doc = (ruleset: string, line: string) => `---\nruleset: ${ruleset}\n${sheets.join('\n')}\n---\n\n${line}\n`;
    const analyzeDoc = (text: string) => analyzeDocument(text, { rulesets: builtinRulesets() });

    it('keeps the actor when the sentence names a character of the sheet, and the fixed check knows the pool', () => {
      const text = doc('vampire-pack', 'Мирон совершает бросок Силы + Атлетики (сложность 2), чтобы перепрыгнуть.');
      const analysis = analyzeDoc(text);
      assert.deepEqual(analysis.proseChecks.map((c) => [text.slice(c.range.start, c.range.end), c.markup]), [['Силы + Атлетики (сложность 2)', '«Мирон: Сила + Атлетика (сложность 2)»']]);
      const fixed = applyFixes(text, { checks: analysis.proseChecks, diagnostics: analysis.diagnostics.filter((d) => d.code === 'RM012') });
      assert.ok(fixed.includes('Мирон совершает бросок «Мирон: Сила + Атлетика (сложность 2)», чтобы'));
      const after = analyzeDoc(fixed);
      assert.deepEqual(after.diagnostics, []);
      assert.deepEqual(after.checks.map((c) => [c.actor, c.odds?.pool]), [['Мирон', 3]]);
    });

    it('any case form of the name; a possessor right after the pool before a name earlier in the sentence; never across a sentence', () => {
      const text = doc(
        'storytelling',
        'Мирону нужен бросок Силы + Атлетики. Мирон смотрит, как Ловкость + Атлетика Веры решают дело. Бросок Ловкости + Атлетики. Охрана заметит Мирона, если пройдёт проверку Сообразительности + Самообладания.',
      );
      assert.deepEqual(
        analyzeDoc(text).proseChecks.map((c) => c.markup),
        ['«Мирон: Сила + Атлетика»', '«Вера: Ловкость + Атлетика»', '«Ловкость + Атлетика»', '«Сообразительность + Самообладание»'],
      );
    });

    it('an initiative rating: «инициатива» shortly before the pool in its sentence', () => {
      expectChecks('werewolf-revised', 'Киньте кубик и добавьте к показателю инициативы персонажа (⟦Ловкость + Смекалка⟧). Бросок ⟦Ловкость + Смекалка⟧.', [
        '«Ловкость + Смекалка (инициатива)»',
        '«Ловкость + Смекалка»',
      ]);
    });

    it('a difficulty written before its trait: «сложность любого броска Вождения равна 3»', () => {
      expectChecks('mage-revised', 'Базовая сложность любого броска ⟦Вождения равна 3⟧, которая означает', ['«Вождение (сложность 3)»']);
      expectChecks('mage-revised', 'Сложность любой проверки ⟦Выносливости составляет 6⟧.', ['«Выносливость (сложность 6)»']);
      expectNone('mage-revised', 'сложность любого броска Вождения равна 3 или 4; сложность всех бросков на Вождение повышается на 1; сложность броска гадания равна 8.');
    });

    it('a sum that is a value is no roll: after «сумма», «значения его», «равной»', () => {
      expectNone('storytelling', 'за пять бросков (сумма Ловкости + Кражи протагониста); удвоенного значения его Ловкости + Ремесла.');
      expectChecks('mage-revised', 'бросок ⟦Интеллект + Компьютеры⟧ сисадмина против сложности, равной Интеллект + Компьютеры хакера.', ['«Интеллект + Компьютеры»']);
    });

    it('the fix’s title says what the markup cannot carry over', () => {
      const title = (ruleset: string, prose: string, locale: Locale = 'ru') => fixTitles(find(ruleset, prose), locale);
      // vampire-pack counts a missing difficulty as 0, as the pack writes its own checks: nothing to say.
      assert.deepEqual(title('vampire-pack', 'проверку Ловкости + Атлетики.'), ['Разметить как «Ловкость + Атлетика»']);
      assert.deepEqual(title('threads-of-fate', 'проверка Доблесть + Скрытность.', 'en'), ['Mark up as «Доблесть + Скрытность» (the text gives no difficulty)']);
      // A contest needs no difficulty; a ruleset with a default says so in the hover, not here.
      assert.deepEqual(title('vampire-pack', 'проверку Ловкости + Атлетики против Выносливости + Атлетики.'), ['Разметить как «Ловкость + Атлетика против Выносливости + Атлетики»']);
      assert.deepEqual(title('mage-revised', 'бросок Ловкость + Атлетизм.'), ['Разметить как «Ловкость + Атлетизм»']);
      // Storytelling has no difficulty: it is left out, and said.
      assert.deepEqual(find('storytelling', 'бросок Силы + Атлетики со сложностью 3').checks.map((c) => c.markup), ['«Сила + Атлетика»']);
      assert.deepEqual(title('storytelling', 'бросок Силы + Атлетики (сложность 3, специализация)'), ['Разметить как «Сила + Атлетика (специализация)» (сложность опущена: в этих правилах её нет)']);
      // Any other warning the markup will still get.
      assert.deepEqual(title('vampire-pack', 'проверка Силы + Выносливости со сложностью 2'), ['Разметить как «Сила + Выносливость (сложность 2)» (останется: состав пула не по правилам)']);
    });
  });

  describe('properties', () => {
    const pieces = [
      'Сила', 'Силы', 'Ловкость', 'Атлетика', 'Атлетики', 'Огнестрельное', 'оружие', 'Сила воли', 'Навык', 'время', 'Размер',
      ' ', ' ', ' ', '+', ' + ', ' − ', ' - ', ' – ', '(', ')', '(сложность 4)', ' со сложностью 2', ' по сложности ', 'сложность',
      ', ', '/', ' или ', ' против ', '3', '12', '2.5', '\n', '\n\n', '«', '»', '.',
    ];
    const prose = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((a) => a.join(''));

    it('never throws; spans lie in the segment, are disjoint, in order; the markup is canonical and parses', () => {
      fc.assert(
        fc.property(prose, fc.constantFrom('storytelling', 'mage-revised', 'threads-of-fate', 'werewolf-revised', 'vampire-pack'), (text, id) => {
          const from = Math.min(3, text.length);
          const { checks, diagnostics } = find(id, text, { segments: [{ start: from, end: text.length }] });
          assert.equal(diagnostics.length, checks.length);
          let last = from;
          for (const check of checks) {
            assert.ok(check.range.start >= last && check.range.end > check.range.start && check.range.end <= text.length);
            last = check.range.end;
            assert.ok(check.markup.startsWith('«') && check.markup.endsWith('»'));
            const content = check.markup.slice(1, -1);
            const ast = parseCheckExpression(content);
            assert.deepEqual(ast.errors, []);
            assert.equal(formatCanonical(ast, (term) => term.name), content);
          }
        }),
        { numRuns: 400 },
      );
    });

    it('never throws on arbitrary text', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
          find('mage-revised', text);
        }),
        { numRuns: 300 },
      );
    });

    it('applying every fix changes nothing outside the spans', () => {
      const text = 'Рассказчик требует броска Ловкости + Атлетики. Затем проверку Силы + Атлетики со сложностью 2, а потом броска Выносливости (сложность 8)!';
      const result = find('werewolf-revised', text);
      assert.equal(
        applyFixes(text, result),
        'Рассказчик требует броска «Ловкость + Атлетика». Затем проверку «Сила + Атлетика (сложность 2)», а потом броска «Выносливость (сложность 8)»!',
      );
    });
  });

  describe('performance', () => {
    it('is linear: 16× the prose (190 KB → 3 MB) costs far less than 256× the CPU', function () {
      this.timeout(120000);
      const paragraph =
        'Если протагонист карабкается по отвесной стене — он должен использовать комбинацию Силы + Атлетики; ' +
        'для прыжка нужна проверка Ловкости + Атлетики со сложностью 2, а рывок требует броска Выносливости (сложность 8). ' +
        'Хуан ненавидел метро – здесь воняло, здесь было шумно и здесь собирались толпы людей, 12 - 3 = 9.\n\n';
      const paragraphs = Math.ceil(3_000_000 / paragraph.length);
      const index = indexOf('werewolf-revised');
      // CPU time, best of three, as a ratio in the same run: a loaded machine slows both sizes
      // alike, where a wall-clock limit failed under load. A quadratic slip would be about 256×.
      const cpuMs = (count: number): number => {
        const text = paragraph.repeat(count);
        let best = Infinity;
        for (let run = 0; run < 3; run++) {
          const started = process.cpuUsage();
          const { checks } = findProseChecks(text, [{ start: 0, end: text.length }], index);
          const used = process.cpuUsage(started);
          assert.equal(checks.length, 3 * count);
          best = Math.min(best, (used.user + used.system) / 1000);
        }
        return Math.max(best, 1);
      };
      const ratio = cpuMs(paragraphs) / cpuMs(Math.ceil(paragraphs / 16));
      assert.ok(ratio < 128, `${ratio.toFixed(1)}× the CPU for 16× the prose`);
    });
  });
});
