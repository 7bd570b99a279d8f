/** RM009's words: what each syntax error the check parser reports (analysis/check/checkTokens.ts `ParseErrorCode`) says. */
import type { DiagnosticMessage } from '../analysis/diagnosticCatalog';
import { MAX_ALTERNATIVES } from '../engine/checkSpec';
import type { Wording } from './messages';
import type { Voice } from './voice';

type Syntax = Extract<DiagnosticMessage, { id: 'syntax' }>;

/** RM009 wording for each syntax error the check parser reports. */
const SYNTAX: Record<Syntax['error'], Wording<Syntax>> = {
  empty: { ru: () => 'Пустая проверка', en: () => 'Empty check' },
  'empty-actor': { ru: () => 'Перед «:» нет имени персонажа', en: () => 'No character name before ":"' },
  'missing-term': { ru: () => 'Здесь нужна черта или число', en: () => 'A trait or a number is missing here' },
  'dangling-sign': { ru: (m) => `Знак${at(m)} без слагаемого`, en: (m) => `Sign${at(m)} without a term` },
  'missing-sign': { ru: (m) => `Перед${at(m)} нужен «+» или «−»`, en: (m) => `"+" or "−" needed before${at(m)}` },
  'bad-number': {
    ru: (m) => `Неверное число${at(m)}: нужно целое от 0 до 1000`,
    en: (m) => `Bad number${at(m)}: a whole number from 0 to 1000 is needed`,
  },
  'missing-number': {
    ru: (m) => (m.param === 'helpers' ? 'После «помощь:» нужно число помощников или их имена' : 'Параметру не хватает числа'),
    en: (m) => (m.param === 'helpers' ? '"помощь:" needs a number of helpers or their names' : 'The parameter lacks its number'),
  },
  'unknown-param': { ru: (m) => `Неизвестный параметр${at(m)}`, en: (m) => `Unknown parameter${at(m)}` },
  'duplicate-param': { ru: (m) => `Параметр${at(m)} указан дважды`, en: (m) => `Parameter${at(m)} given twice` },
  'conflicting-param': {
    ru: (m) => `«${m.first ?? ''}» и${at(m)} противоречат друг другу: действует только одно — оставьте нужное`,
    en: (m) => `«${m.first ?? ''}» and${at(m)} contradict each other: only one can apply — keep the one you mean`,
  },
  'empty-param': { ru: () => 'Пустой параметр', en: () => 'Empty parameter' },
  'unclosed-paren': { ru: () => 'Скобка «(» не закрыта', en: () => 'Unclosed "("' },
  'unclosed-bracket': { ru: () => 'Скобка «[» не закрыта', en: () => 'Unclosed "["' },
  'empty-specialty': { ru: () => 'Пустая специализация «[]»', en: () => 'Empty specialty "[]"' },
  'unexpected-token': { ru: (m) => `Лишнее${at(m)}`, en: (m) => `Unexpected${at(m)}` },
  'bad-alternative': {
    ru: (m) => `${at(m).trim() || '«или»'} должно стоять между двумя чертами (или между двумя пулами)`,
    en: (m) => `${at(m).trim() || '«или»'} must stand between two traits (or two whole pools)`,
  },
  'too-many-alternatives': {
    ru: (_m, v) => `Слишком много вариантов: у проверки может быть не больше ${v.number(MAX_ALTERNATIVES)} сочетаний`,
    en: (_m, v) => `Too many alternatives: a check may have at most ${v.number(MAX_ALTERNATIVES)} combinations`,
  },
};

/** The offending text, quoted after a word: « «Сила»». */
function at(m: Syntax): string {
  return m.text ? ` «${m.text}»` : '';
}

/** A syntax error's message in the voice's language. */
export function syntaxMessage(message: Syntax, v: Voice): string {
  return SYNTAX[message.error][v.locale](message, v);
}
