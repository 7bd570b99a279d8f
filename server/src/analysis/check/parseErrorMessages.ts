import { MAX_ALTERNATIVES } from '../../engine/checkSpec';
import type { ParseError } from './checkExpression';
import type { Locale } from '../types';

type Text = Record<Locale, string>;

/** Longest quotation of the offending text in a message, in code points. */
const MAX_QUOTED = 60;

/**
 * The offending text as a message quotes it: on one line whatever the document's line ends
 * (the same error reads the same with LF and CRLF), and short even when the text is not.
 */
export function quoted(text: string): string {
  const oneLine = text.replace(/\s+/gu, ' ');
  const points = Array.from(oneLine);
  return points.length > MAX_QUOTED ? `${points.slice(0, MAX_QUOTED - 1).join('')}…` : oneLine;
}

/** RM009 wording for each syntax error the check parser reports. */
export function parseErrorMessage(error: ParseError): Text {
  const at = error.text ? ` «${quoted(error.text)}»` : '';
  switch (error.code) {
    case 'empty':
      return { ru: 'Пустая проверка', en: 'Empty check' };
    case 'empty-actor':
      return { ru: 'Перед «:» нет имени персонажа', en: 'No character name before ":"' };
    case 'missing-term':
      return { ru: 'Здесь нужна черта или число', en: 'A trait or a number is missing here' };
    case 'dangling-sign':
      return { ru: `Знак${at} без слагаемого`, en: `Sign${at} without a term` };
    case 'missing-sign':
      return { ru: `Перед${at} нужен «+» или «−»`, en: `"+" or "−" needed before${at}` };
    case 'bad-number':
      return { ru: `Неверное число${at}: нужно целое от 0 до 1000`, en: `Bad number${at}: a whole number from 0 to 1000 is needed` };
    case 'missing-number':
      if (error.param === 'helpers') return { ru: 'После «помощь:» нужно число помощников или их имена', en: '"помощь:" needs a number of helpers or their names' };
      return { ru: 'Параметру не хватает числа', en: 'The parameter lacks its number' };
    case 'unknown-param':
      return { ru: `Неизвестный параметр${at}`, en: `Unknown parameter${at}` };
    case 'duplicate-param':
      return { ru: `Параметр${at} указан дважды`, en: `Parameter${at} given twice` };
    case 'conflicting-param': {
      const first = `«${quoted(error.first ?? '')}»`;
      return {
        ru: `${first} и${at} противоречат друг другу: действует только одно — оставьте нужное`,
        en: `${first} and${at} contradict each other: only one can apply — keep the one you mean`,
      };
    }
    case 'empty-param':
      return { ru: 'Пустой параметр', en: 'Empty parameter' };
    case 'unclosed-paren':
      return { ru: 'Скобка «(» не закрыта', en: 'Unclosed "("' };
    case 'unclosed-bracket':
      return { ru: 'Скобка «[» не закрыта', en: 'Unclosed "["' };
    case 'empty-specialty':
      return { ru: 'Пустая специализация «[]»', en: 'Empty specialty "[]"' };
    case 'unexpected-token':
      return { ru: `Лишнее${at}`, en: `Unexpected${at}` };
    case 'bad-alternative':
      return {
        ru: `${at.trim() || '«или»'} должно стоять между двумя чертами (или между двумя пулами)`,
        en: `${at.trim() || '«или»'} must stand between two traits (or two whole pools)`,
      };
    case 'too-many-alternatives':
      return {
        ru: `Слишком много вариантов: у проверки может быть не больше ${MAX_ALTERNATIVES} сочетаний`,
        en: `Too many alternatives: a check may have at most ${MAX_ALTERNATIVES} combinations`,
      };
  }
}
