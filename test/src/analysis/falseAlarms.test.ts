/**
 * Issue 20: no false alarm on what the texts allow, and the mistakes that used to pass reported,
 * each with the exact diagnostic (code, severity, range, fix). The scenarios of
 * test/fixtures/alarms/ (scenarios.test.ts) check the same across whole documents.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import { scenario, worded } from './util';

/** Each diagnostic as `code severity ‹text› message`, then its fixes' new texts. */
function found(ruleset: string, body: string[], frontMatter: string[] = []): string[] {
  const text = scenario(ruleset, body, frontMatter);
  const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), proseChecks: 'on' });
  return worded(analysis.diagnostics, 'en').map(
    (d) => `${d.code} ${d.severity} ‹${text.slice(d.range.start, d.range.end)}› ${d.message}${d.fixes.length ? ` → ${d.fixes.map((f) => JSON.stringify(f.edits.map((e) => e.newText))).join(' ')}` : ''}`,
  );
}

const MAGE_SHEET = ['characters:', '  Лиза: { Ловкость: 3, Атлетизм: 2 }', '  Ирина: { Ловкость: 2, Атлетизм: 1 }'];

describe('no false alarms on correct writing (issue 20)', () => {
  it('parameters in any order, separated by «,» or «;» (MARKUP §3), get no RM010', () => {
    for (const check of [
      '«Лиза: Ловкость + Атлетизм (сложность 6, помощь: Ирина)»',
      '«Лиза: Ловкость + Атлетизм (сложность 6; помощь: Ирина)»',
      '«Лиза: Ловкость + Атлетизм (5 успехов, 4 броска, сложность 7)»',
      '«Лиза: Ловкость + Атлетизм (специализация; сложность 7)»',
    ]) {
      assert.deepEqual(found('mage-revised', [check], MAGE_SHEET), [], check);
    }
  });

  it('a wrong keyword is still RM010, and its fix keeps the order written', () => {
    assert.deepEqual(found('mage-revised', ['«Лиза: Ловкость + Атлетизм (5 успехов, 4 бросков; сложность 7)»'], MAGE_SHEET), [
      'RM010 warning ‹Лиза: Ловкость + Атлетизм (5 успехов, 4 бросков; сложность 7)› Written «Лиза: Ловкость + Атлетизм (5 успехов, 4 бросков; сложность…»; canonical: «Лиза: Ловкость + Атлетизм (5 успехов, 4 броска, сложность 7)» → ["Лиза: Ловкость + Атлетизм (5 успехов, 4 броска, сложность 7)"]',
    ]);
  });

  it('armour added to a soak pool (001 l.280, 497) is equipment, and a soak or damage roll has its difficulty fixed by the text (001 l.273)', () => {
    assert.deepEqual(found('mage-revised', ['«Выносливость 3 + Броня 2 (поглощение)»', '«Сила 2 + 1 (урон)»']), []);
    // Without a soak or damage parameter the standard difficulty is still worth the information.
    assert.deepEqual(found('mage-revised', ['«Ловкость 3 + Атлетизм 2»']), ['RM004 info ‹Ловкость 3 + Атлетизм 2› No difficulty given: the standard difficulty 6 applies']);
  });

  it('threads-of-fate: a sheet key from its open vocabulary is the table’s own trait, information, not another line’s (RM014)', () => {
    const sheet = ['characters:', '  Ника: { Сила: 1, Электроника: 3 }'];
    assert.deepEqual(found('threads-of-fate', ['«Ника: Сила + Электроника (сложность 12)»'], sheet), [
      'RM001 info ‹Сила› The trait "Сила" is not in the threads-of-fate vocabulary (an open one): if it is your table\'s own trait, add it to the project dictionary → []',
      'RM001 info ‹Электроника› The trait "Электроника" is not in the threads-of-fate vocabulary (an open one): if it is your table\'s own trait, add it to the project dictionary → []',
    ]);
  });

  it('a formula «X = A + B» is not a prose check', () => {
    assert.deepEqual(found('mage-revised', ['Скорость = Сила + Ловкость + 5.', 'Скорость = (Сила + Ловкость).']), []);
    assert.deepEqual(found('mage-revised', ['Бросок Силы + Ловкости.']), ['RM012 hint ‹Силы + Ловкости› Check written as prose; as markup: «Сила + Ловкость» → ["«Сила + Ловкость»"]']);
  });
});

describe('the mistakes that used to pass (issue 20)', () => {
  it('a Background, Sphere, Quintessence or Gift rolled as dice is RM002: the text makes it change the difficulty', () => {
    const message = (name: string) => `"${name}" is not rolled as dice: the rules make its rating change the difficulty. Leave it out of the pool and count it in the difficulty`;
    assert.deepEqual(found('mage-revised', ['«Ловкость 3 + Сокрытие 2 (сложность 6)»']), [`RM002 warning ‹Сокрытие 2› ${message('Сокрытие')}`]);
    assert.deepEqual(found('mage-revised', ['«Арете 3 + Жизнь 2 (сложность 6)»']), [`RM002 warning ‹Жизнь 2› ${message('Жизнь')}`]);
    assert.deepEqual(found('mage-revised', ['«Арете 3 + Квинтэссенция 2 (сложность 6)»']), [`RM002 warning ‹Квинтэссенция 2› ${message('Квинтэссенция')}`]);
    assert.deepEqual(found('mage-revised', ['«Манипулирование 3 + Ресурсы 2 (сложность 6)»']), [`RM002 warning ‹Ресурсы 2› ${message('Ресурсы')}`]);
    assert.deepEqual(found('werewolf-revised', ['«Смекалка 2 + Дар 3 (сложность 6)»']), [`RM002 warning ‹Дар 3› ${message('Дар')}`]);
    // What the texts do roll stays silent: werewolf Предки (a rollable Background), mage «Арете», Сила Воли after «против».
    assert.deepEqual(found('werewolf-revised', ['«Предки 2 (сложность 8)»']), []);
    assert.deepEqual(found('mage-revised', ['«Арете 3 (сложность 6)»', '«Манипулирование 3 + Хитрость 2 против Силы Воли 4»']), []);
  });

  it('`специализация` in threads-of-fate is RM005 (002 has no specialties), with its removal', () => {
    assert.deepEqual(found('threads-of-fate', ['«Скрытность 4 (сложность 15, специализация)»']), [
      'RM005 warning ‹специализация› The parameter "специализация" is not used by threads-of-fate → [""]',
    ]);
  });

  it('a lone «Воля 6» in storytelling is a check and gets RM002, like Willpower inside a pool (000 l.89)', () => {
    assert.deepEqual(found('storytelling', ['«Воля 6»']), ['RM002 warning ‹Воля 6› The trait "Воля" is never rolled: its points are spent. To spend one, write the parameter «(Воля)»']);
    // Without dots it names the trait, a quotation.
    assert.deepEqual(found('storytelling', ['«Воля»']), []);
  });

  it('threads-of-fate: a trait one letter from the actor’s sheet key is a warning with the key as the fix (Additions 2)', () => {
    const sheet = ['characters:', '  Ника: { Электроника: 3 }'];
    const [, misspelt] = found('threads-of-fate', ['«Ника: Электронника (сложность 12)»'], sheet);
    assert.equal(misspelt, 'RM001 warning ‹Электронника› Unknown trait "Электронника". Did you mean: Электроника → ["Электроника"] []');
  });
});

describe('prose → markup keeps the difficulty however the sentence words it (issue 20)', () => {
  const wordings: [string, string][] = [
    ['Бросок Силы + Атлетизма против сложности 6.', 'Силы + Атлетизма против сложности 6'],
    ['Бросок Силы + Атлетизма при сложности 7.', 'Силы + Атлетизма при сложности 7'],
    ['Бросок Силы + Атлетизма, сложность броска — 7.', 'Силы + Атлетизма, сложность броска — 7'],
    ['Бросок Силы + Атлетизма, сложность броска 7.', 'Силы + Атлетизма, сложность броска 7'],
    ['Бросок Силы + Атлетизма (обычно, по сложности 6).', 'Силы + Атлетизма (обычно, по сложности 6)'],
  ];
  for (const [sentence, span] of wordings) {
    it(`«${sentence}»`, () => {
      const difficulty = /(\d)\D*$/u.exec(span)![1];
      assert.deepEqual(found('mage-revised', [sentence]), [
        `RM012 hint ‹${span}› Check written as prose; as markup: «Сила + Атлетизм (сложность ${difficulty})» → ["«Сила + Атлетизм (сложность ${difficulty})»"]`,
      ]);
    });
  }

  it('a penalty or a bonus in dice is carried over as the pool’s modifier, before or after the difficulty; one to the difficulty is not a die', () => {
    const markup = (sentence: string) => found('mage-revised', [sentence]).map((line) => /→ (\[.*\])$/u.exec(line)?.[1]);
    assert.deepEqual(markup('Бросок Силы + Атлетизма со штрафом −2 (сложность 6).'), ['["«Сила + Атлетизм − 2 (сложность 6)»"]']);
    assert.deepEqual(markup('Бросок Силы + Атлетизма со сложностью 6, с бонусом +1.'), ['["«Сила + Атлетизм + 1 (сложность 6)»"]']);
    assert.deepEqual(markup('Бросок Силы + Атлетизма со штрафом в 2 кости, сложность 6.'), ['["«Сила + Атлетизм − 2 (сложность 6)»"]']);
    assert.deepEqual(found('storytelling', ['Бросок Силы + Атлетики со штрафом −2.']), [
      'RM012 hint ‹Силы + Атлетики со штрафом −2› Check written as prose; as markup: «Сила + Атлетика − 2» → ["«Сила + Атлетика − 2»"]',
    ]);
    // «+1 к сложности» raises the difficulty the text does not give here: the pool alone is marked up.
    assert.deepEqual(markup('Бросок Силы + Атлетизма со штрафом +1 к сложности.'), ['["«Сила + Атлетизм»"]']);
  });

  it('an extended action’s success target written before the pool is carried over: «пять успехов в продолженном броске …»', () => {
    const markup = (ruleset: string, sentence: string) => found(ruleset, [sentence]).map((line) => /→ (\[.*\])$/u.exec(line)?.[1]);
    assert.deepEqual(markup('mage-revised', 'Нужно пять успехов в продолженном броске Сообразительности + Расследования (сложность 7).'), ['["«Сообразительность + Расследование (сложность 7, 5 успехов)»"]']);
    assert.deepEqual(markup('storytelling', 'Нужно 10 успехов в длительной проверке Сообразительности + Ремесла.'), ['["«Сообразительность + Ремесло (10 успехов)»"]']);
    // Successes counted without an extended roll are no target: «пять успехов в броске» is one roll's result.
    assert.deepEqual(markup('mage-revised', 'Пять успехов в броске Сообразительности + Расследования (сложность 7).'), ['["«Сообразительность + Расследование (сложность 7)»"]']);
  });

  it('the successes one roll must reach and «дважды» are carried over (003 l.92, 000 l.343, 000 l.480); successes told as a result are no requirement', () => {
    const markup = (ruleset: string, sentence: string) => found(ruleset, [sentence]).map((line) => /→ (\[.*\])$/u.exec(line)?.[1]);
    assert.deepEqual(markup('werewolf-revised', 'Игрок должен выбросить 3 успеха в броске на Силу воли.'), ['["«Сила воли (3 успеха за бросок)»"]']);
    assert.deepEqual(markup('storytelling', 'Хакер должен будет набрать как минимум пять успехов в одном броске Интеллекта + Компьютера.'), ['["«Интеллект + Компьютер (5 успехов за бросок)»"]']);
    assert.deepEqual(markup('mage-revised', 'Бросок Ловкости + Атлетизма (сложность 6) дважды, выбирая лучший результат.'), ['["«Ловкость + Атлетизм (сложность 6, дважды)»"]']);
    assert.deepEqual(markup('mage-revised', 'Если он получил три успеха в броске Сообразительности + Расследования (сложность 7), он всё понял.'), ['["«Сообразительность + Расследование (сложность 7)»"]']);
    // threads-of-fate counts no successes, and its «дважды» is Advantage: neither is carried over.
    assert.deepEqual(markup('threads-of-fate', 'Бросок Скрытности (сложность 12) дважды.'), ['["«Скрытность (сложность 12)»"]']);
  });

  it('«против» and a pool stays a contest', () => {
    assert.deepEqual(found('mage-revised', ['Бросок Силы + Атлетизма против Ловкости + Уклонения.']), [
      'RM012 hint ‹Силы + Атлетизма против Ловкости + Уклонения› Check written as prose; as markup: «Сила + Атлетизм против Ловкости + Уклонения» → ["«Сила + Атлетизм против Ловкости + Уклонения»"]',
    ]);
  });
});

describe('a prose check with a misspelt trait is a warning with the fix, never a silent correction (issue 20)', () => {
  it('«проверка Ловкасти + Атлетизма», «бросок Выносливасти (сложность 8)», «Ловкости + Атлетезма»', () => {
    assert.deepEqual(found('mage-revised', ['Нужна проверка Ловкасти + Атлетизма.', 'Нужен бросок Выносливасти (сложность 8).', 'Бросок Ловкости + Атлетезма (сложность 6).']), [
      'RM001 warning ‹Ловкасти + Атлетизма› Unknown trait "Ловкасти". Did you mean: Ловкость → ["«Ловкость + Атлетизм»"]',
      'RM001 warning ‹Выносливасти (сложность 8)› Unknown trait "Выносливасти". Did you mean: Выносливость → ["«Выносливость (сложность 8)»"]',
      'RM001 warning ‹Ловкости + Атлетезма (сложность 6)› Unknown trait "Атлетезма". Did you mean: Атлетизм → ["«Ловкость + Атлетизм (сложность 6)»"]',
    ]);
  });

  it('a correct case form stays a hint; a lower-case word, a short one or one three letters off is no check', () => {
    assert.deepEqual(found('mage-revised', ['Бросок Ловкости + Атлетизмом (сложность 6).']), [
      'RM012 hint ‹Ловкости + Атлетизмом (сложность 6)› Check written as prose; as markup: «Ловкость + Атлетизм (сложность 6)» → ["«Ловкость + Атлетизм (сложность 6)»"]',
    ]);
    assert.deepEqual(found('mage-revised', ['Бросок ловкасти (сложность 6).', 'Бросок Силв (сложность 6).', 'Бросок Лувкусту (сложность 6).']), []);
  });
});
