/**
 * Every diagnostic RM001–RM015 (MARKUP.md §8) through `analyzeDocument`: a hit with its exact
 * code, severity, range (marked `⟦…⟧` in the document, see test/src/markers.ts) and, where
 * given, its message in Russian and English; and a near miss that must not fire. Then quotations
 * that stay quotations, the MARKUP §3 examples, places that are never checks, and fixes applied.
 */
import * as assert from 'node:assert/strict';
import { analyzeDocument } from '../../../server/out/analysis/analyzeDocument';
import { builtinRulesets } from '../../../server/out/analysis/project/rulesetProvider';
import type { DiagnosticCode, Severity } from '../../../server/out/analysis/types';
import type { Locale } from '../../../server/out/present/locale';
import type { WordedDiagnostic } from '../../../server/out/present/messages';
import { markedRange, parseMarkers } from '../markers';
import { applyEdits, joinLines, rangeOf, scenario, type WordedAnalysis, wordedAnalysis } from './util';

function analyze(text: string, locale: Locale = 'ru', dictionary: string[] = []): WordedAnalysis {
  return wordedAnalysis(analyzeDocument(text, { rulesets: builtinRulesets(), dictionary }), locale);
}

function codes(analysis: WordedAnalysis): DiagnosticCode[] {
  return analysis.diagnostics.map((d) => d.code);
}

interface Hit {
  name: string;
  /** The whole document; `⟦…⟧` marks the diagnostic's range. */
  doc: string;
  code: DiagnosticCode;
  severity: Severity;
  /** Exact messages, when spot-checked. */
  ru?: string;
  en?: string;
  /** Every diagnostic code of the document, in order (default: just `code`). */
  all?: DiagnosticCode[];
  /** The preferred fix's replacement text for the marked range, or null when no fix is preferred. */
  preferred?: string | null;
  dictionary?: string[];
}

interface Miss {
  name: string;
  doc: string;
  code: DiagnosticCode;
  /** Every diagnostic code the document does have (default: none). */
  all?: DiagnosticCode[];
  dictionary?: string[];
}

const V = (...body: string[]) => scenario('vampire-pack', body);
const M = (...body: string[]) => scenario('mage-revised', body);
const W = (...body: string[]) => scenario('werewolf-revised', body);
const S = (...body: string[]) => scenario('storytelling', body);
const T = (...body: string[]) => scenario('threads-of-fate', body);
const SHEETS = ['characters:', '  Адриан: { Сила: 3, Атлетика: 3 }', '  Катастрофа: { Ловкость: 4 }'];

const hits: Hit[] = [
  {
    name: 'RM001: an unknown trait in a closed vocabulary is an error with the close trait as the preferred fix',
    doc: V('«Сила + ⟦Атлетиканн⟧ (сложность 2)»'),
    code: 'RM001',
    severity: 'error',
    ru: 'Неизвестная черта «Атлетиканн». Возможно: Атлетика',
    en: 'Unknown trait "Атлетиканн". Did you mean: Атлетика',
    preferred: 'Атлетика',
  },
  {
    name: 'RM001: an unknown trait in the open threads-of-fate vocabulary is information only',
    doc: T('«⟦Взлом⟧ 2 (сложность 10)»'),
    code: 'RM001',
    severity: 'info',
    ru: 'Черты «Взлом» нет в словаре правил threads-of-fate (словарь открытый): если это черта вашего стола, добавьте её в словарь проекта',
    en: 'The trait "Взлом" is not in the threads-of-fate vocabulary (an open one): if it is your table\'s own trait, add it to the project dictionary',
    preferred: null,
  },
  {
    name: 'RM002: three traits in a classic pool is a warning over the whole pool',
    doc: M('«⟦Ловкость + Атлетизм + Хитрость⟧ (сложность 6)»'),
    code: 'RM002',
    severity: 'warning',
    ru: 'Черт в пуле: 3; правила обычно складывают не больше 2',
    en: 'The pool combines 3 traits; the rules normally combine at most 2',
  },
  {
    name: 'RM002: two Skills in vampire-pack is a warning that names the allowed pools in the text’s own terms',
    doc: V('«⟦Атлетика + Убеждение⟧ (сложность 2)»'),
    code: 'RM002',
    severity: 'warning',
    ru: 'Пул проверки в этих правилах: Характеристика + Навык; или Характеристика + Дисциплина; или Самообладание + Упорство',
    en: 'A pool in this ruleset is: Attribute + Skill; or Attribute + Discipline; or Самообладание + Упорство',
  },
  {
    name: 'RM003: difficulty 11 in mage-revised is out of 2–10',
    doc: M('«Ловкость + Атлетизм (⟦сложность 11⟧)»'),
    code: 'RM003',
    severity: 'error',
    ru: 'Сложность 11 вне пределов 2–10',
    en: 'Difficulty 11 is outside 2–10',
  },
  {
    name: 'RM003: difficulty 0 in threads-of-fate is out of 1–40',
    doc: T('«Доблесть 3 (⟦сложность 0⟧)»'),
    code: 'RM003',
    severity: 'error',
    en: 'Difficulty 0 is outside 1–40',
  },
  {
    name: 'RM003: a negative difficulty in vampire-pack is an error',
    doc: V('«Сила + Атлетика (⟦сложность −1⟧)»'),
    code: 'RM003',
    severity: 'error',
    ru: 'Сложность −1: должна быть целым числом не меньше 0',
  },
  {
    name: 'RM004: a missing difficulty in mage-revised is information naming the default 6',
    doc: M('«⟦Ловкость + Атлетизм⟧»'),
    code: 'RM004',
    severity: 'info',
    ru: 'Сложность не указана: применяется стандартная сложность 6',
    en: 'No difficulty given: the standard difficulty 6 applies',
  },
  {
    name: 'RM004: a parameter group without a difficulty is where RM004 points',
    doc: M('«Ловкость + Атлетизм ⟦(специализация)⟧»'),
    code: 'RM004',
    severity: 'info',
  },
  {
    name: 'RM004: a missing difficulty in vampire-pack is information that it counts as 0 (the pack writes checks so)',
    doc: V('«⟦Сила + Атлетика⟧»'),
    code: 'RM004',
    severity: 'info',
    en: 'No difficulty given: it counts as 0 and removes no dice',
  },
  {
    name: 'RM004: a missing difficulty in threads-of-fate outside a contest is an error',
    doc: T('«⟦Доблесть 3⟧»'),
    code: 'RM004',
    severity: 'error',
    ru: 'Проверке нужна сложность (например, «сложность 15»), кроме состязания',
  },
  {
    name: 'RM005: сложность in storytelling is a warning that says to use a dice modifier',
    doc: S('«Сила + Атлетика (⟦сложность 3⟧)»'),
    code: 'RM005',
    severity: 'warning',
    ru: 'В Системе Повествования нет сложности: успех всегда на 8+. Вместо сложности добавьте или вычтите кости модификатором',
    en: 'The Storytelling System has no difficulty: dice succeed on 8+. Use a dice modifier instead',
    preferred: null,
  },
  {
    name: 'RM005: an again option in vampire-pack is a parameter the ruleset does not use',
    doc: V('«Сила + Атлетика (сложность 2, ⟦снова-9⟧)»'),
    code: 'RM005',
    severity: 'warning',
    en: 'The parameter "снова-9" is not used by vampire-pack',
  },
  {
    name: 'RM005: Воля in vampire-pack is a parameter the ruleset does not use',
    doc: V('«Сила + Атлетика (сложность 2, ⟦Воля⟧)»'),
    code: 'RM005',
    severity: 'warning',
    ru: 'Параметр «Воля» не используется в правилах vampire-pack',
  },
  {
    name: 'RM006: a storytelling pool of 0 is a chance die',
    doc: S('«⟦Сила 1 + Атлетика 1 − 2⟧»'),
    code: 'RM006',
    severity: 'info',
    ru: 'Пул 0 или меньше: бросок на удачу (одна кость, успех только на 10, 1 — полный провал)',
    en: 'Pool of 0 or less: a chance die (one die, success only on a 10, a 1 is a dramatic failure)',
  },
  {
    name: 'RM006: a vampire-pack difficulty that removes every die leaves no dice',
    doc: V('«⟦Сила 1 + Атлетика 1⟧ (сложность 2)»'),
    code: 'RM006',
    severity: 'info',
    en: 'No dice left: no roll — accept failure and gain Momentum (Ускорение), regroup, or help another',
  },
  {
    name: 'RM006: a classic pool of 0 cannot roll',
    doc: M('«⟦Ловкость 1 − 1⟧ (сложность 6)»'),
    code: 'RM006',
    severity: 'info',
    en: 'Pool of 0 or less: no roll is possible, the action fails',
  },
  {
    name: 'RM007: an actor missing from the front matter is an error listing the known characters',
    doc: scenario('vampire-pack', ['«⟦Адриана⟧: Сила + Атлетика (сложность 2)»'], SHEETS),
    code: 'RM007',
    severity: 'error',
    ru: 'Неизвестный персонаж «Адриана» (в front matter: Адриан, Катастрофа)',
    en: 'Unknown character "Адриана" (front matter has: Адриан, Катастрофа)',
    preferred: null,
  },
  {
    name: 'RM007: with one character in the front matter, that character is the preferred fix',
    doc: scenario('vampire-pack', ['«⟦Адриана⟧: Сила + Атлетика (сложность 2)»'], ['characters:', '  Адриан: { Сила: 3, Атлетика: 3 }']),
    code: 'RM007',
    severity: 'error',
    preferred: 'Адриан',
  },
  {
    name: 'RM007: an actor in a document without characters says the front matter lists none',
    doc: V('«⟦Незнакомец⟧: Сила + Атлетика (сложность 2)»'),
    code: 'RM007',
    severity: 'error',
    en: 'Unknown character "Незнакомец" (front matter lists no characters)',
  },
  {
    name: 'RM008: a trait missing from the actor’s sheet is information',
    doc: scenario('vampire-pack', ['«Катастрофа: Ловкость + ⟦Атлетика⟧ (сложность 2)»'], SHEETS),
    code: 'RM008',
    severity: 'info',
    ru: 'В листе персонажа «Катастрофа» нет черты «Атлетика»: шансы показаны по размеру пула',
    en: '"Катастрофа"\'s sheet has no "Атлетика": odds are shown per pool size',
  },
  {
    name: 'RM009: a sign without a term before the parameter group is malformed at the sign',
    doc: M('«Сила ⟦+⟧ (сложность 6)»'),
    code: 'RM009',
    severity: 'error',
    ru: 'Знак «+» без слагаемого',
    en: 'Sign «+» without a term',
  },
  {
    name: 'RM009: damage and soak together contradict each other: only one applies',
    doc: M('«Выносливость 3 (урон, ⟦поглощение⟧)»'),
    code: 'RM009',
    severity: 'error',
    ru: '«урон» и «поглощение» противоречат друг другу: действует только одно — оставьте нужное',
    en: '«урон» and «поглощение» contradict each other: only one can apply — keep the one you mean',
  },
  {
    name: 'RM009: two re-roll rules contradict each other',
    doc: S('«Сила 3 (снова-9, ⟦без снова-10⟧)»'),
    code: 'RM009',
    severity: 'error',
    ru: '«снова-9» и «без снова-10» противоречат друг другу: действует только одно — оставьте нужное',
  },
  {
    name: 'RM009: an unclosed « is malformed at the «, with a fix closing it at the end of the line',
    doc: V('Текст ⟦«⟧Сила + Атлетика (сложность 2)', 'и следующая строка.'),
    code: 'RM009',
    severity: 'error',
    ru: 'Незакрытая «: проверке не хватает »',
    en: 'Unclosed «: the check lacks its »',
    preferred: '',
  },
  {
    name: 'RM009: an unclosed parenthesis is malformed at the (',
    doc: V('«Сила + Атлетика ⟦(⟧сложность 2» и дальше.'),
    code: 'RM009',
    severity: 'error',
    en: 'Unclosed "("',
  },
  {
    name: 'RM010: case forms inside a check are warnings that name the written form and the nominative, the fix',
    doc: V('«⟦Силы⟧ + Атлетики (сложность 2)»'),
    code: 'RM010',
    severity: 'warning',
    ru: 'Написано «Силы»; канонически: «Сила»',
    en: 'Written "Силы"; canonical: "Сила"',
    all: ['RM010', 'RM010'],
    preferred: 'Сила',
  },
  {
    name: 'RM010: missing spaces around + is a warning over the content with the canonical layout as the fix',
    doc: V('«⟦Сила+Атлетика (сложность 2)⟧»'),
    code: 'RM010',
    severity: 'warning',
    ru: 'Написано «Сила+Атлетика (сложность 2)»; канонически: «Сила + Атлетика (сложность 2)»',
    en: 'Written «Сила+Атлетика (сложность 2)»; canonical: «Сила + Атлетика (сложность 2)»',
    preferred: 'Сила + Атлетика (сложность 2)',
  },
  {
    name: 'RM010: a long check is quoted around its mistake, not cut off before it (issue 23)',
    doc: V('«⟦Сообразительность 3 + Расследование 2 против Сообразительность 2+Расследование 3⟧»'),
    code: 'RM010',
    severity: 'warning',
    ru: 'Написано «…Расследование 2 против Сообразительность 2+Расследование…»; канонически: «Сообразительность 3 + Расследование 2 против Сообразительность 2 + Расследование 3»',
    preferred: 'Сообразительность 3 + Расследование 2 против Сообразительность 2 + Расследование 3',
  },
  {
    name: 'RM010: a wrong plural is rewritten, the parameters kept in the order written (issue 20: order is free)',
    doc: M('«⟦Ловкость + Атлетизм (5 успехов, 4 бросков, сложность 7)⟧»'),
    code: 'RM010',
    severity: 'warning',
    preferred: 'Ловкость + Атлетизм (5 успехов, 4 броска, сложность 7)',
  },
  {
    name: 'RM010: a capitalised keyword is non-canonical',
    doc: V('«⟦Сила + Атлетика (Сложность 2)⟧»'),
    code: 'RM010',
    severity: 'warning',
    preferred: 'Сила + Атлетика (сложность 2)',
  },
  {
    name: 'RM011: an unknown ruleset id is an error on the id with the nearest id as the preferred fix',
    doc: joinLines('---', 'ruleset: ⟦vampire-pak⟧', '---', '', 'Текст.'),
    code: 'RM011',
    severity: 'error',
    ru: 'Неизвестные правила «vampire-pak». Доступны: storytelling, mage-revised, threads-of-fate, werewolf-revised, vampire-pack',
    en: 'Unknown ruleset "vampire-pak". Available: storytelling, mage-revised, threads-of-fate, werewolf-revised, vampire-pack',
    preferred: 'vampire-pack',
  },
  {
    name: 'RM011: broken YAML in the front matter is an error on its line',
    doc: joinLines('---', 'ruleset: vampire-pack', '⟦characters: [1, 2⟧', '---', '', 'Текст.'),
    code: 'RM011',
    severity: 'error',
    en: 'Malformed front matter: Flow sequence in block collection must be sufficiently indented and end with a ]',
  },
  {
    name: 'RM011: a sheet value that is not a whole number is an error on the value',
    doc: joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Адриан: { Сила: ⟦три⟧ }', '---', '', 'Текст.'),
    code: 'RM011',
    severity: 'error',
    ru: 'Ошибка во front matter: значение «Сила» должно быть целым числом',
  },
  {
    name: 'RM012: a check written as prose is a hint over exactly its span, with canonical markup as the fix',
    doc: V('Сделайте проверку ⟦Силы + Атлетики со сложностью 2⟧, если успеете.'),
    code: 'RM012',
    severity: 'hint',
    ru: 'Проверка записана прозой; разметка: «Сила + Атлетика (сложность 2)»',
    en: 'Check written as prose; as markup: «Сила + Атлетика (сложность 2)»',
    preferred: '«Сила + Атлетика (сложность 2)»',
  },
  {
    name: 'RM012: «бросок» stays outside the prose check it introduces',
    doc: W('При броске ⟦Ловкость + Атлетика (сложность 4)⟧ он прыгает.'),
    code: 'RM012',
    severity: 'hint',
    preferred: '«Ловкость + Атлетика (сложность 4)»',
  },
  {
    name: 'RM013: three Преимущества in threads-of-fate is an error, worded so that no count needs agreeing',
    doc: T('«Доблесть 3 (сложность 12, ⟦3 Преимущества⟧)»'),
    code: 'RM013',
    severity: 'error',
    ru: 'Преимуществ в броске: 3; можно не больше 2',
    en: '3 Преимущества (advantages): a roll takes at most 2',
  },
  {
    name: 'RM013: three Помехи in threads-of-fate is an error',
    doc: T('«Доблесть 3 (сложность 12, ⟦3 Помехи⟧)»'),
    code: 'RM013',
    severity: 'error',
    ru: 'Помех в броске: 3; можно не больше 2',
  },
  {
    name: 'RM014: Атлетизм in werewolf-revised is another translation’s term with Атлетика as the fix',
    doc: W('«Ловкость + ⟦Атлетизм⟧ (сложность 4)»'),
    code: 'RM014',
    severity: 'warning',
    ru: '«Атлетизм» — термин другого перевода; в правилах werewolf-revised: «Атлетика»',
    en: '"Атлетизм" comes from another translation; werewolf-revised calls it "Атлетика"',
    preferred: 'Атлетика',
  },
  {
    name: 'RM014: Атлетика in mage-revised is another translation’s term with Атлетизм as the fix',
    doc: M('«Ловкость + ⟦Атлетика⟧ (сложность 4)»'),
    code: 'RM014',
    severity: 'warning',
    preferred: 'Атлетизм',
  },
  {
    name: 'RM015: a modifier of +6 in storytelling is beyond ±5',
    doc: S('«Сила + Атлетика + ⟦6⟧»'),
    code: 'RM015',
    severity: 'warning',
    ru: 'Модификатор 6 больше обычных ±5',
    en: 'Modifier 6 exceeds the usual ±5',
  },
  {
    name: 'RM015: a bonus of +4 in vampire-pack is beyond +1…+3 (each bonus on its own)',
    doc: V('«Сила + Атлетика + 2 + ⟦4⟧ (сложность 2)»'),
    code: 'RM015',
    severity: 'warning',
    ru: 'Модификатор 4 больше обычных ±3',
    en: 'Modifier 4 exceeds the usual ±3',
  },
];

const misses: Miss[] = [
  { name: 'RM001: known traits in a closed vocabulary', doc: V('«Сила + Атлетика (сложность 2)»'), code: 'RM001' },
  { name: 'RM001: an attested trait of threads-of-fate', doc: T('«Доблесть 2 (сложность 10)»'), code: 'RM001' },
  { name: 'RM001: a trait the project dictionary adds', doc: T('«Выживание 2 (сложность 10)»'), code: 'RM001', dictionary: ['Выживание'] },
  { name: 'RM002: an Attribute and an Ability in mage-revised', doc: M('«Ловкость + Атлетизм (сложность 6)»'), code: 'RM002' },
  { name: 'RM002: Самообладание + Упорство in vampire-pack', doc: V('«Самообладание + Упорство (сложность 2)»'), code: 'RM002' },
  { name: 'RM003: difficulty 10 in mage-revised', doc: M('«Ловкость + Атлетизм (сложность 10)»'), code: 'RM003' },
  { name: 'RM003: difficulties 1 and 40 in threads-of-fate', doc: T('«Доблесть 3 (сложность 1)» «Доблесть 3 (сложность 40)»'), code: 'RM003' },
  { name: 'RM003: difficulty 0 in vampire-pack', doc: V('«Сила + Атлетика (сложность 0)»'), code: 'RM003' },
  { name: 'RM004: a threads-of-fate contest needs no difficulty', doc: T('«Доблесть 3 против Меткость 2»'), code: 'RM004' },
  { name: 'RM004: a mage-revised contest needs no difficulty', doc: M('«Манипулирование + Хитрость против Силы Воли»'), code: 'RM004' },
  { name: 'RM004: storytelling has no difficulty to miss', doc: S('«Сила + Атлетика»'), code: 'RM004' },
  { name: 'RM005: снова-9 in storytelling', doc: S('«Сила + Атлетика (снова-9)»'), code: 'RM005' },
  { name: 'RM005: Воля in storytelling', doc: S('«Сила + Атлетика (Воля)»'), code: 'RM005' },
  { name: 'RM006: a storytelling pool of 1', doc: S('«Сила 1 + Атлетика 1 − 1»'), code: 'RM006' },
  { name: 'RM006: a vampire-pack pool of 1 after the difficulty', doc: V('«Сила 1 + Атлетика 2 (сложность 2)»'), code: 'RM006' },
  { name: 'RM006: a classic pool of 1', doc: M('«Ловкость 1 (сложность 6)»'), code: 'RM006' },
  { name: 'RM007: a character from the front matter', doc: scenario('vampire-pack', ['«Адриан: Сила + Атлетика (сложность 2)»'], SHEETS), code: 'RM007' },
  {
    name: 'RM008: a trait with an inline rating needs no sheet entry',
    doc: scenario('vampire-pack', ['«Катастрофа: Ловкость + Атлетика 2 (сложность 2)»'], SHEETS),
    code: 'RM008',
  },
  { name: 'RM009: a well-formed check', doc: M('«Сила + Ловкость (сложность 6)»'), code: 'RM009' },
  { name: 'RM009: an exclamation in «» is a quotation, not a malformed check', doc: V('Шериф: «Беги!» и «Беги?»'), code: 'RM009' },
  { name: 'RM010: the canonical form', doc: V('«Сила + Атлетика (сложность 2)»'), code: 'RM010' },
  { name: 'RM010: the genitive after «против» is canonical', doc: M('«Манипулирование + Хитрость против Силы Воли»'), code: 'RM010' },
  { name: 'RM010: a hyphen is an accepted minus', doc: S('«Сила + Атлетика - 1»'), code: 'RM010' },
  { name: 'RM011: «система» names the ruleset', doc: joinLines('---', 'система: vampire-pack', '---', '', '«Сила + Атлетика (сложность 2)»'), code: 'RM011' },
  { name: 'RM011: «правила» names the ruleset', doc: joinLines('---', 'правила: mage-revised', '---', '', '«Ловкость + Атлетизм (сложность 6)»'), code: 'RM011' },
  { name: 'RM012: traits joined by «и», not by +', doc: V('Сила и атлетика героя велики.'), code: 'RM012' },
  { name: 'RM012: a trait and a difficulty in unrelated words', doc: V('Его сила велика, сложность задачи тоже.'), code: 'RM012' },
  { name: 'RM012: a marked-up check', doc: V('«Сила + Атлетика (сложность 2)» и всё.'), code: 'RM012' },
  { name: 'RM013: two Преимущества', doc: T('«Доблесть 3 (сложность 12, 2 Преимущества)»'), code: 'RM013' },
  { name: 'RM013: two Помехи', doc: T('«Доблесть 3 (сложность 12, 2 Помехи)»'), code: 'RM013' },
  { name: 'RM014: Атлетика in werewolf-revised', doc: W('«Ловкость + Атлетика (сложность 4)»'), code: 'RM014' },
  { name: 'RM014: Атлетизм in mage-revised', doc: M('«Ловкость + Атлетизм (сложность 4)»'), code: 'RM014' },
  { name: 'RM015: +5 in storytelling', doc: S('«Сила + Атлетика + 5»'), code: 'RM015' },
  { name: 'RM015: stacked bonuses +3 + 2 in vampire-pack (each within +1…+3)', doc: V('«Сила + Атлетика + 3 + 2 (сложность 2)»'), code: 'RM015' },
];

function only(analysis: WordedAnalysis, code: DiagnosticCode): WordedDiagnostic {
  const found = analysis.diagnostics.filter((d) => d.code === code);
  assert.equal(found.length > 0, true, `no ${code}`);
  return found[0];
}

describe('diagnostics RM001–RM015', () => {
  for (const hit of hits) {
    it(`${hit.name}`, () => {
      const { text, range } = markedRange(hit.doc);
      const ru = analyze(text, 'ru', hit.dictionary);
      assert.deepEqual(codes(ru), hit.all ?? [hit.code]);
      const d = only(ru, hit.code);
      assert.deepEqual(d.range, range);
      assert.equal(d.severity, hit.severity);
      if (hit.ru !== undefined) assert.equal(d.message, hit.ru);
      if (hit.en !== undefined) assert.equal(only(analyze(text, 'en', hit.dictionary), hit.code).message, hit.en);
      if (hit.preferred !== undefined) {
        const preferred = d.fixes.filter((f) => f.preferred);
        if (hit.preferred === null) assert.deepEqual(preferred, []);
        else {
          assert.equal(preferred.length, 1);
          assert.equal(preferred[0].edits.length, 1);
          const edit = preferred[0].edits[0];
          if (hit.code === 'RM009' && hit.preferred === '') {
            // Closing a «: insert » where the check's line ends.
            const lineEnd = text.indexOf('\n', range.start);
            assert.deepEqual(edit, { range: { start: lineEnd, end: lineEnd }, newText: '»' });
          } else assert.deepEqual(edit, { range, newText: hit.preferred });
        }
      }
    });
  }

  for (const miss of misses) {
    it(`does not fire for the near miss ${miss.name}`, () => {
      const analysis = analyze(miss.doc, 'ru', miss.dictionary);
      assert.deepEqual(codes(analysis), miss.all ?? []);
      assert.equal(codes(analysis).includes(miss.code), false);
    });
  }

  it('lists every code at least once as a hit and once as a near miss', () => {
    const all: DiagnosticCode[] = ['RM001', 'RM002', 'RM003', 'RM004', 'RM005', 'RM006', 'RM007', 'RM008', 'RM009', 'RM010', 'RM011', 'RM012', 'RM013', 'RM014', 'RM015'];
    assert.deepEqual([...new Set(hits.map((h) => h.code))].sort(), all);
    assert.deepEqual([...new Set(misses.map((m) => m.code))].sort(), all);
  });

  it('RM008 points its related information at the character’s name in the front matter', () => {
    const { text, ranges } = parseMarkers(
      joinLines('---', 'ruleset: vampire-pack', 'characters:', '  ⟦Катастрофа⟧: { Ловкость: 4 }', '---', '', '«Катастрофа: Ловкость + ⟦Атлетика⟧ (сложность 2)»'),
    );
    const d = only(analyze(text, 'en'), 'RM008');
    assert.deepEqual(d.range, ranges[1]);
    assert.deepEqual(d.related, [{ range: ranges[0], message: '"Катастрофа"\'s character sheet' }]);
  });

  describe('RM008 offers writing the trait into the sheet, its value to be chosen (issue 23)', () => {
    /** The document with the RM008 fix applied, and the text its value choice points at. */
    function addToSheet(text: string): { fixed: string; title: string; chosen: string } | undefined {
      const analysis = analyzeDocument(text, { rulesets: builtinRulesets(), dictionary: [] });
      const d = analysis.diagnostics.find((x) => x.code === 'RM008');
      assert.ok(d, 'no RM008');
      const fix = d.fixes.find((f) => f.title.id === 'addToSheet');
      if (!fix) return undefined;
      assert.equal(fix.preferred, false);
      const [edit] = fix.edits;
      const fixed = text.slice(0, edit.range.start) + edit.newText + text.slice(edit.range.end);
      const at = edit.range.start + (fix.valueChoice?.at ?? Number.NaN);
      const after = analyzeDocument(fixed, { rulesets: builtinRulesets(), dictionary: [] });
      assert.deepEqual(after.diagnostics.filter((x) => x.code === 'RM008'), [], 'the fix leaves RM008');
      return { fixed, title: only(wordedAnalysis(analysis, 'ru'), 'RM008').fixes[0].title, chosen: fixed.slice(at, at + (fix.valueChoice?.length ?? 0)) };
    }

    it('a block sheet gets a line after its last trait, indented like it, the comment on that line kept', () => {
      const text = joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Мирон:', '    Сила: 3 # после ранения', '  Вера:', '    Сила: 2', '---', '', '«Мирон: Сила + Атлетика (сложность 2)»');
      assert.deepEqual(addToSheet(text), {
        fixed: joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Мирон:', '    Сила: 3 # после ранения', '    Атлетика: 1', '  Вера:', '    Сила: 2', '---', '', '«Мирон: Сила + Атлетика (сложность 2)»'),
        title: 'Добавить «Атлетика» в лист персонажа «Мирон»',
        chosen: '1',
      });
    });

    it('with CRLF line ends, a helper’s sheet too', () => {
      const text = ['---', 'ruleset: storytelling', 'characters:', '  Мирон:', '    Сила: 3', '    Атлетика: 2', '  Вера:', '    Сила: 2', '---', '', '«Мирон: Сила + Атлетика (помощь: Вера)»'].join('\r\n');
      assert.equal(addToSheet(text)?.fixed, ['---', 'ruleset: storytelling', 'characters:', '  Мирон:', '    Сила: 3', '    Атлетика: 2', '  Вера:', '    Сила: 2', '    Атлетика: 1', '---', '', '«Мирон: Сила + Атлетика (помощь: Вера)»'].join('\r\n'));
    });

    it('an empty sheet («Мирон:», no RM011) gets its first trait two spaces deeper than the name', () => {
      const text = joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Мирон:', '  Вера:', '    Сила: 2', '---', '', '«Мирон: Сила 3 + Атлетика (сложность 2)»');
      assert.deepEqual(codes(analyze(text)), ['RM008']);
      assert.equal(addToSheet(text)?.fixed, joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Мирон:', '    Атлетика: 1', '  Вера:', '    Сила: 2', '---', '', '«Мирон: Сила 3 + Атлетика (сложность 2)»'));
    });

    it('a flow sheet is left to the author: no fix that could break it', () => {
      assert.equal(addToSheet(joinLines('---', 'ruleset: vampire-pack', 'characters:', '  Мирон: { Сила: 3 }', '  Вера: { Сила: 2 }', '---', '', '«Мирон: Сила + Атлетика (сложность 2)»')), undefined);
    });
  });

  it('RM001 in a closed vocabulary always offers adding the trait to the project dictionary', () => {
    const d = only(analyze(V('«Сила + Атлетиканн (сложность 2)»'), 'en'), 'RM001');
    assert.deepEqual(
      d.fixes.map((f) => ({ title: f.title, preferred: f.preferred, add: f.addToDictionary ?? null, edits: f.edits.length })),
      [
        { title: 'Replace with "Атлетика"', preferred: true, add: null, edits: 1 },
        { title: 'Add "Атлетиканн" to the project dictionary', preferred: false, add: 'Атлетиканн', edits: 0 },
      ],
    );
  });

  it('RM004 as an error in threads-of-fate leaves the check without a spec or odds', () => {
    const analysis = analyze(T('«Доблесть 3»'));
    assert.equal(analysis.checks.length, 1);
    assert.equal(analysis.checks[0].spec, undefined);
    assert.equal(analysis.checks[0].odds, undefined);
  });

  it('RM011 for an unknown id falls back to the built-in default ruleset, storytelling', () => {
    const analysis = analyze(joinLines('---', 'ruleset: nope', '---', '', 'Текст.'));
    assert.equal(analysis.ruleset.id, 'storytelling');
    assert.equal(analysis.rulesetSource, 'default');
  });

  it('a malformed check does not stop the analysis of the checks after it', () => {
    const analysis = analyze(V('«Сила + Атлетика (сложность 2» и «Сила + Атлетиканн (сложность 2)»'));
    assert.deepEqual(codes(analysis), ['RM009', 'RM001']);
    assert.equal(analysis.checks.length, 2);
  });
});

describe('quotations stay quotations', () => {
  const quotations = ['«Беги!»', '«да»', '«Несколько действий»', '«+3»', '«Сделку с Дьяволом»', '«Беги, если увидишь Ищеек»', '«Полынь»'];
  for (const ruleset of ['vampire-pack', 'mage-revised', 'werewolf-revised', 'storytelling', 'threads-of-fate']) {
    it(`in ${ruleset}, ${quotations.join(', ')} get no diagnostic and are not checks`, () => {
      const analysis = analyze(scenario(ruleset, [`Мастер говорит ${quotations.join(' и ')}.`]));
      assert.deepEqual(analysis.checks, []);
      assert.deepEqual(analysis.diagnostics, []);
    });
  }

  it('a single trait of another ruleset is a quotation: «Сила» in threads-of-fate', () => {
    const analysis = analyze(T('Слово «Сила» на двери.'));
    assert.deepEqual(analysis.checks, []);
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('a single trait of the active ruleset is a check: «Сила» in storytelling', () => {
    const analysis = analyze(S('Бросьте «Сила».'));
    assert.deepEqual(analysis.checks.map((c) => c.text), ['«Сила»']);
  });

  it('a sentence that starts with a trait is a quotation: «Атлетика — это жизнь», «Ловкость + Атлетика, как учил тренер», «Атлетика!»', () => {
    for (const ruleset of ['vampire-pack', 'storytelling', 'mage-revised']) {
      const analysis = analyze(scenario(ruleset, ['Девиз клуба — «Атлетика — это жизнь». Он повторял «Ловкость + Атлетика, как учил тренер» и кричал «Атлетика!»']));
      assert.deepEqual(analysis.checks, [], ruleset);
      assert.deepEqual(analysis.diagnostics, [], ruleset);
    }
  });

  it('…while a mistyped check stays a check with its syntax error: «Сила — 2», «Сила + Атлетика)»', () => {
    const text = S('«Сила — 2» и «Сила + Атлетика)»');
    const analysis = analyze(text);
    assert.deepEqual(analysis.checks.map((c) => c.text), ['«Сила — 2»', '«Сила + Атлетика)»']);
    assert.deepEqual(
      analysis.diagnostics.filter((d) => d.code === 'RM009').map((d) => text.slice(d.range.start, d.range.end)),
      ['—', ')'],
    );
  });

  it('a check quoted inside a quotation is found, and the quotation is not flagged', () => {
    const text = S('Тренер: «Бросайте «Ловкость + Вождение + 1», и побыстрее». Потом «Сила + Атлетика». «Крикни «Сила (снова-9)» и беги»');
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => [c.text, c.range.start]),
      [
        ['«Ловкость + Вождение + 1»', text.indexOf('«Ловкость')],
        ['«Сила + Атлетика»', text.indexOf('«Сила')],
        ['«Сила (снова-9)»', text.indexOf('«Сила (')],
      ],
    );
    assert.deepEqual(analysis.diagnostics, []);
    // A «…» whose » is missing before another « is still that check, with its errors.
    const unclosed = S('«Сила (сложность 2 «Ловкость»');
    assert.deepEqual(analyze(unclosed).checks.map((c) => c.text), ['«Сила (сложность 2 «Ловкость»']);
    // The same check unquoted is the same check.
    assert.deepEqual(analysis.checks[0].spec, analyze(S('«Ловкость + Вождение + 1»')).checks[0].spec);
  });

  it('a check in Russian inner quotes „…“ inside a quotation is found as a check, and the quotation is left alone', () => {
    const text = V('«Проверь „Сила + Атлетика (сложность 2)“ и беги». «Скажи „да“ или „нет“». «Бросай „Ловкость + Атлетика (сложность 1)” и „Сила 2 + Драка 2 (сложность 3)“»');
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((c) => [c.text, c.range.start]),
      [
        ['„Сила + Атлетика (сложность 2)“', text.indexOf('„Сила')],
        ['„Ловкость + Атлетика (сложность 1)”', text.indexOf('„Ловкость')],
        ['„Сила 2 + Драка 2 (сложность 3)“', text.indexOf('„Сила 2')],
      ],
    );
    assert.deepEqual(analysis.diagnostics, []);
    // The same check in «…» is the same check.
    assert.deepEqual(analysis.checks[0].spec, analyze(V('«Сила + Атлетика (сложность 2)»')).checks[0].spec);
    // Its mistakes are its own: the quotation around it gets none.
    const typo = V('«Проверь „Сила + Атлетка (сложность 2)“ и беги»');
    assert.deepEqual(
      analyze(typo).diagnostics.map((d) => [d.code, typo.slice(d.range.start, d.range.end)]),
      [['RM001', 'Атлетка']],
    );
  });
});

describe('the MARKUP §3 examples', () => {
  const examples: { ruleset: string; check: string; frontMatter?: string[] }[] = [
    { ruleset: 'vampire-pack', check: '«Сила + Атлетика (сложность 2)»' },
    { ruleset: 'werewolf-revised', check: '«Ловкость + Атлетика (сложность 4)»' },
    { ruleset: 'werewolf-revised', check: '«Сила воли (сложность 9)»' },
    { ruleset: 'mage-revised', check: '«Ловкость + Атлетизм (сложность 6, специализация)»' },
    { ruleset: 'mage-revised', check: '«Манипулирование + Хитрость против Силы Воли»' },
    { ruleset: 'storytelling', check: '«Ловкость + Вождение + 3 − 4»' },
    { ruleset: 'storytelling', check: '«Сообразительность + Ремесло + 3 (10 успехов, 7 бросков)»' },
    { ruleset: 'vampire-pack', check: '«Катастрофа: Ловкость + Атлетика (сложность 2)»', frontMatter: ['characters:', '  Катастрофа: { Ловкость: 4, Атлетика: 2 }'] },
    { ruleset: 'threads-of-fate', check: '«Скрытность 4 (сложность 15, Преимущество)»' },
    { ruleset: 'threads-of-fate', check: '«Доблесть 3 (сложность 12, 2 Помехи)»' },
  ];
  for (const example of examples) {
    it(`${example.check} is a check with no diagnostic at all under ${example.ruleset}`, () => {
      const text = scenario(example.ruleset, [`Текст ${example.check} текст.`], example.frontMatter);
      const analysis = analyze(text);
      assert.deepEqual(analysis.checks.map((c) => [c.text, c.range]), [[example.check, rangeOf(text, example.check)]]);
      assert.deepEqual(analysis.diagnostics, []);
      assert.notEqual(analysis.checks[0].spec, undefined);
    });
  }
});

describe('places that are never checks', () => {
  const check = '«Сила+Атлетика (сложность 2)»';
  const places: { name: string; body: string[] }[] = [
    { name: 'a fenced code block', body: ['```', check, '```'] },
    { name: 'a tilde-fenced code block', body: ['~~~md', check, '~~~'] },
    { name: 'an indented code block', body: ['Абзац.', '', `    ${check}`] },
    { name: 'an inline code span', body: [`Пишите \`${check}\` так.`] },
    { name: 'an HTML block', body: ['<div>', check, '</div>'] },
    { name: 'an HTML comment', body: [`<!-- ${check} -->`] },
    { name: 'an inline HTML comment', body: [`Текст <!-- ${check} --> текст.`] },
    { name: 'a link destination', body: ['См. [правила](https://example.org/«Сила+Атлетика») тут.'] },
    { name: 'a link destination in angle brackets', body: [`См. [правила](<${check}>) тут.`] },
    { name: 'a link title', body: [`См. [правила](https://example.org "${check}") тут.`] },
    { name: 'a link reference definition', body: [`[правила]: <${check}>`] },
  ];
  for (const place of places) {
    it(`finds no check in ${place.name}`, () => {
      const analysis = analyze(V(...place.body));
      assert.deepEqual(analysis.checks, []);
      assert.deepEqual(analysis.diagnostics, []);
    });
  }

  it('finds no check in the front matter', () => {
    const text = joinLines('---', 'ruleset: vampire-pack', `заметка: "${check}"`, '---', '', 'Текст.');
    const analysis = analyze(text);
    assert.deepEqual(analysis.checks, []);
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('finds checks in headings, list items, block quotes, emphasis, link text and table cells', () => {
    const c = '«Сила + Атлетика (сложность 2)»';
    const text = V(`# ${c}`, '', `- ${c}`, '', `> ${c}`, '', `*${c}*`, '', `[${c}](https://example.org)`, '', '| a | b |', '|---|---|', `| ${c} | x |`);
    const analysis = analyze(text);
    assert.deepEqual(
      analysis.checks.map((k) => k.range),
      [0, 1, 2, 3, 4, 5].map((n) => rangeOf(text, c, n)),
    );
    assert.deepEqual(analysis.diagnostics, []);
  });
});

describe('fixes', () => {
  /** Documents whose diagnostics all have a preferred fix; each is applied and checked. */
  const docs: { name: string; doc: string; code: DiagnosticCode }[] = [
    { name: 'RM001 replace with the suggestion', doc: V('Сначала «Сила + Атлетиканн (сложность 2)», потом текст.'), code: 'RM001' },
    { name: 'RM007 use the only character', doc: scenario('vampire-pack', ['Тут «Адриана: Сила + Атлетика (сложность 2)» и всё.'], ['characters:', '  Адриан: { Сила: 3, Атлетика: 3 }']), code: 'RM007' },
    { name: 'RM009 close the «', doc: V('Тут «Сила + Атлетика (сложность 2)', 'дальше текст.'), code: 'RM009' },
    { name: 'RM009 close the (', doc: V('Тут «Сила + Атлетика (сложность 2» и всё.'), code: 'RM009' },
    { name: 'RM010 case forms', doc: V('Тут «Силы + Атлетики (сложность 2)» и всё.'), code: 'RM010' },
    { name: 'RM010 layout', doc: M('Тут «Ловкость+Атлетизм (5 успехов, 4 бросков, сложность 7)» и всё.'), code: 'RM010' },
    { name: 'RM011 nearest ruleset id', doc: joinLines('---', 'ruleset: vampire-pak', '---', '', 'Тут «Сила + Атлетика (сложность 2)».'), code: 'RM011' },
    { name: 'RM012 mark up the prose check', doc: V('Сделайте проверку Силы + Атлетики со сложностью 2, если успеете.'), code: 'RM012' },
    { name: 'RM014 the ruleset’s own term', doc: W('Тут «Ловкость + Атлетизм (сложность 4)» и всё.'), code: 'RM014' },
  ];
  for (const { name, doc, code } of docs) {
    it(`applying the preferred ${name} fix removes that ${code} and changes nothing outside the edit`, () => {
      const before = analyze(doc);
      const targets = before.diagnostics.filter((d) => d.code === code);
      assert.ok(targets.length > 0);
      for (const d of targets) {
        const fix = d.fixes.find((f) => f.preferred);
        assert.ok(fix, `${code} at ${d.range.start} has no preferred fix`);
        const after = applyEdits(doc, fix.edits);
        // Outside the edits the text is unchanged: the prefix before the first edit and the suffix after the last.
        const first = Math.min(...fix.edits.map((e) => e.range.start));
        const last = Math.max(...fix.edits.map((e) => e.range.end));
        const grown = fix.edits.reduce((n, e) => n + e.newText.length - (e.range.end - e.range.start), 0);
        assert.equal(after.slice(0, first), doc.slice(0, first));
        assert.equal(after.slice(last + grown), doc.slice(last));
        const reanalysed = analyze(after);
        assert.equal(
          reanalysed.diagnostics.some((r) => r.code === code && r.range.start <= last + grown && r.range.end >= first),
          false,
          `${code} still reported after the fix: ${after}`,
        );
      }
    });
  }

  it('applying every preferred fix of a messy document leaves it without warnings or errors', () => {
    let text = V('«Силы+Атлетики (сложность 2)» и «Адриан: Ловкость + Атлетизм (сложность 2)»'.replace('Адриан: ', ''));
    for (let round = 0; round < 5; round++) {
      const d = analyze(text).diagnostics.find((x) => x.fixes.some((f) => f.preferred));
      if (!d) break;
      text = applyEdits(text, d.fixes.find((f) => f.preferred)!.edits);
    }
    assert.equal(text, V('«Сила + Атлетика (сложность 2)» и «Ловкость + Атлетика (сложность 2)»'));
    assert.deepEqual(analyze(text).diagnostics, []);
  });
});
