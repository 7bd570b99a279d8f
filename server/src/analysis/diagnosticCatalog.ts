import { quoted } from './check/parseErrorMessages';
import { echoed } from './echo';
import type { DiagnosticCode, Locale, Severity } from './types';

/** Default severities (docs/markup.en.md, "Diagnostics"); RM001 and RM004 depend on the ruleset and are decided where they are raised. */
export const DEFAULT_SEVERITY: Record<DiagnosticCode, Severity> = {
  RM001: 'error',
  RM002: 'warning',
  RM003: 'error',
  RM004: 'info',
  RM005: 'warning',
  RM006: 'info',
  RM007: 'error',
  RM008: 'info',
  RM009: 'error',
  RM010: 'warning',
  RM011: 'error',
  RM012: 'hint',
  RM013: 'error',
  RM014: 'warning',
  RM015: 'warning',
};

/** One line per code: SARIF's rule descriptions and the code headings of docs/markup*.md (docs.test.ts). */
export const CODE_SUMMARY: Record<DiagnosticCode, Record<Locale, string>> = {
  RM001: { ru: 'неизвестная черта', en: 'unknown trait' },
  RM002: { ru: 'состав пула не по правилам', en: 'pool composition the ruleset forbids' },
  RM003: { ru: 'сложность или параметр вне допустимых пределов', en: 'difficulty or parameter out of range' },
  RM004: { ru: 'не указана сложность', en: 'difficulty missing' },
  RM005: { ru: 'параметр не используется в этих правилах', en: 'parameter not used by this ruleset' },
  RM006: { ru: 'пул 0 или меньше', en: 'pool is 0 or less' },
  RM007: { ru: 'неизвестный персонаж', en: 'unknown character' },
  RM008: { ru: 'в листе персонажа нет черты', en: 'character sheet lacks a trait' },
  RM009: { ru: 'ошибка в записи проверки', en: 'malformed check' },
  RM010: { ru: 'неканоническое написание', en: 'non-canonical spelling' },
  RM011: { ru: 'неизвестные правила или ошибка во front matter', en: 'unknown ruleset or malformed front matter' },
  RM012: { ru: 'проверка записана прозой', en: 'check written as prose' },
  RM013: { ru: 'больше двух Преимуществ или Помех', en: 'more than 2 Преимущества or Помехи' },
  RM014: { ru: 'термин из другого перевода или других правил', en: 'term from another translation or ruleset' },
  RM015: { ru: 'модификатор вне обычных пределов', en: 'modifier outside the usual range' },
};

type Text = Record<Locale, string>;

/** At most two titles, then «and others»: a name four game lines share would make a paragraph. */
function listTitles(titles: readonly Text[], locale: Locale): string {
  const shown = titles.slice(0, 2).map((t) => t[locale]).join('; ');
  if (titles.length <= 2) return shown;
  return locale === 'ru' ? `${shown} и других` : `${shown} and others`;
}

type Catalog = Record<string, (...args: never[]) => Text>;

/** The catalog with every text argument (and list of texts) {@link echoed}: no message repeats more than 200 characters of what an author wrote. */
function echoing<C extends Catalog>(catalog: C): C {
  const short = (arg: unknown): unknown => (typeof arg === 'string' ? echoed(arg) : Array.isArray(arg) ? arg.map(short) : arg);
  return Object.fromEntries(Object.entries(catalog).map(([key, phrase]) => [key, (...args: unknown[]) => (phrase as (...a: unknown[]) => Text)(...args.map(short))])) as unknown as C;
}

/** Every message the analysis words, in both languages; the caller's locale picks one. */
export const messages = echoing({
  unknownTrait: (name: string, suggestions: string[]): Text => ({
    ru: `Неизвестная черта «${name}»${suggestions.length ? `. Возможно: ${suggestions.join(', ')}` : ''}`,
    en: `Unknown trait "${name}"${suggestions.length ? `. Did you mean: ${suggestions.join(', ')}` : ''}`,
  }),
  unknownTraitOpen: (name: string, ruleset: string): Text => ({
    ru: `Черты «${name}» нет в словаре правил ${ruleset} (словарь открытый): если это черта вашего стола, добавьте её в словарь проекта`,
    en: `The trait "${name}" is not in the ${ruleset} vocabulary (an open one): if it is your table's own trait, add it to the project dictionary`,
  }),
  foreignTrait: (written: string, lines: readonly Text[]): Text => ({
    ru: `«${written}» — черта других правил: ${listTitles(lines, 'ru')}. В правилах документа её нет; если она есть у ваших персонажей, добавьте её в словарь проекта`,
    en: `"${written}" is a trait of other rules: ${listTitles(lines, 'en')}. The document's ruleset has no such trait; if your characters have it, add it to the project dictionary`,
  }),
  variant: (written: string, canonical: string, ruleset: string): Text => ({
    ru: `«${written}» — термин другого перевода; в правилах ${ruleset}: «${canonical}»`,
    en: `"${written}" comes from another translation; ${ruleset} calls it "${canonical}"`,
  }),
  caseForm: (written: string, canonical: string): Text => ({
    ru: `Написано «${written}»; канонически: «${canonical}»`,
    en: `Written "${written}"; canonical: "${canonical}"`,
  }),
  spacing: (written: string, canonical: string): Text => ({
    ru: `Написано «${quoted(written)}»; канонически: «${canonical}»`,
    en: `Written «${quoted(written)}»; canonical: «${canonical}»`,
  }),
  tooManyTraits: (count: number, max: number): Text => ({
    ru: `Черт в пуле: ${count}; правила обычно складывают не больше ${max}`,
    en: `The pool combines ${count} traits; the rules normally combine at most ${max}`,
  }),
  forbiddenCombination: (names: string[]): Text => ({
    ru: `Правила не складывают ${names.join(' + ')} в один пул`,
    en: `The rules do not combine ${names.join(' + ')} in one pool`,
  }),
  notAllowedCombination: (allowed: readonly Text[]): Text => ({
    ru: `Пул проверки в этих правилах: ${allowed.map((c) => c.ru).join('; или ')}`,
    en: `A pool in this ruleset is: ${allowed.map((c) => c.en).join('; or ')}`,
  }),
  difficultyOutOfRange: (value: number, min: number, max: number): Text => ({
    ru: `Сложность ${value} вне пределов ${min}–${max}`,
    en: `Difficulty ${value} is outside ${min}–${max}`,
  }),
  difficultyNegative: (value: number): Text => ({
    ru: `Сложность ${value}: должна быть целым числом не меньше 0`,
    en: `Difficulty ${value}: must be a whole number of at least 0`,
  }),
  difficultyDefault: (value: number): Text => ({
    ru: `Сложность не указана: применяется стандартная сложность ${value}`,
    en: `No difficulty given: the standard difficulty ${value} applies`,
  }),
  difficultyZero: (): Text => ({
    ru: 'Сложность не указана: считается 0, из пула ничего не вычитается',
    en: 'No difficulty given: it counts as 0 and removes no dice',
  }),
  difficultyRequired: (): Text => ({
    ru: 'Проверке нужна сложность (например, «сложность 15»), кроме состязания',
    en: 'This check needs a difficulty (e.g. «сложность 15») unless it is a contest',
  }),
  difficultyUnused: (): Text => ({
    ru: 'В Системе Повествования нет сложности: успех всегда на 8+. Вместо сложности добавьте или вычтите кости модификатором',
    en: 'The Storytelling System has no difficulty: dice succeed on 8+. Use a dice modifier instead',
  }),
  paramUnused: (param: string, ruleset: string): Text => ({
    ru: `Параметр «${param}» не используется в правилах ${ruleset}`,
    en: `The parameter "${param}" is not used by ${ruleset}`,
  }),
  chanceDie: (): Text => ({
    ru: 'Пул 0 или меньше: бросок на удачу (одна кость, успех только на 10, 1 — полный провал)',
    en: 'Pool of 0 or less: a chance die (one die, success only on a 10, a 1 is a dramatic failure)',
  }),
  noDiceLeft: (): Text => ({
    ru: 'Костей не осталось: бросок невозможен — примите провал и получите Ускорение, перегруппируйтесь или помогите другому',
    en: 'No dice left: no roll — accept failure and gain Momentum (Ускорение), regroup, or help another',
  }),
  poolTooLarge: (pool: number, max: number): Text => ({
    ru: `Пул ${pool}: больше ${max} — это опечатка, а не бросок; шансы не считаются`,
    en: `Pool of ${pool}: over ${max} is a typo, not a roll; no odds are computed`,
  }),
  cannotRoll: (): Text => ({
    ru: 'Пул 0 или меньше: бросок невозможен, действие проваливается',
    en: 'Pool of 0 or less: no roll is possible, the action fails',
  }),
  unknownCharacter: (name: string, known: string[]): Text => ({
    ru: `Неизвестный персонаж «${name}»${known.length ? ` (в front matter: ${known.join(', ')})` : ' (в front matter нет персонажей)'}`,
    en: `Unknown character "${name}"${known.length ? ` (front matter has: ${known.join(', ')})` : ' (front matter lists no characters)'}`,
  }),
  sheetLacksTrait: (character: string, trait: string): Text => ({
    ru: `В листе персонажа «${character}» нет черты «${trait}»: шансы показаны по размеру пула`,
    en: `"${character}"'s sheet has no "${trait}": odds are shown per pool size`,
  }),
  characterSheet: (character: string): Text => ({
    ru: `Лист персонажа «${character}»`,
    en: `"${character}"'s character sheet`,
  }),
  tooManyEdges: (count: number, kind: 'advantage' | 'hindrance', max: number): Text => ({
    ru: `${kind === 'advantage' ? 'Преимуществ' : 'Помех'} в броске: ${count}; можно не больше ${max}`,
    en: `${count} ${kind === 'advantage' ? 'Преимущества (advantages)' : 'Помехи (hindrances)'}: a roll takes at most ${max}`,
  }),
  modifierEach: (value: number, max: number): Text => ({
    ru: `Модификатор ${value} больше обычных ±${max}`,
    en: `Modifier ${value} exceeds the usual ±${max}`,
  }),
  modifierTotal: (value: number, max: number): Text => ({
    ru: `Модификаторы в сумме ${value}: обычно не больше ±${max}`,
    en: `Modifiers total ${value}: usually at most ±${max}`,
  }),
  unknownHelper: (name: string, known: string[]): Text => ({
    ru: `Помощник «${name}» не найден среди персонажей${known.length ? ` (в front matter: ${known.join(', ')})` : ' (в front matter нет персонажей)'}; укажите персонажа из листа или число помощников («помощь: 2»)`,
    en: `Helper "${name}" is not a character${known.length ? ` (front matter has: ${known.join(', ')})` : ' (front matter lists no characters)'}; name a character from the sheet or give a number («помощь: 2»)`,
  }),
  selfHelp: (name: string): Text => ({
    ru: `Персонаж «${name}» бросает эту проверку и не может помогать в ней: уберите имя из помощи`,
    en: `"${name}" rolls this check and cannot also help with it: remove the name from the helpers`,
  }),
  helpersAsBonus: (): Text => ({
    ru: 'В этих правилах нет броска помощи: помощь другого персонажа — это бонус от +1 до +3 костей к проверке. Запишите его модификатором, например «+ 1»',
    en: 'This ruleset has no teamwork roll: another character’s help is a bonus of +1 to +3 dice. Write it as a modifier, e.g. «+ 1»',
  }),
  tooManyHelpers: (count: number, max: number): Text => ({
    ru: `Помощников: ${count}; можно не больше ${max}`,
    en: `${count} helpers: at most ${max}`,
  }),
  helpersInD20Contest: (): Text => ({
    ru: 'В состязании помощь не работает: помощники бросают против сложности − 5, а у состязания сложности нет',
    en: 'Help does not work in a contest: helpers roll against the difficulty − 5, and a contest has none',
  }),
  noBotchUnused: (param: string, ruleset: string): Text => ({
    ru: `«${param}»: бросок без провала есть только в классическом пуле (Маг, Оборотень); в правилах ${ruleset} этот параметр не используется`,
    en: `"${param}": a roll that cannot botch exists only in the classic pool (Mage, Werewolf); ${ruleset} does not use it`,
  }),
  initiativeInContest: (): Text => ({
    ru: 'Инициатива — не состязание: это 1к10 + рейтинг каждого персонажа отдельно',
    en: 'Initiative is not a contest: each character rolls 1d10 + their rating on their own',
  }),
  difficultyWithInitiative: (): Text => ({
    ru: 'У броска инициативы нет сложности: это 1к10 + рейтинг, без успеха и неудачи',
    en: 'An initiative roll has no difficulty: it is 1d10 + the rating, with no success or failure',
  }),
  unusedWithInitiative: (param: string): Text => ({
    ru: `«${param}» не используется с инициативой: это один бросок 1к10 + рейтинг`,
    en: `"${param}" does not apply to initiative: it is a single roll of 1d10 + the rating`,
  }),
  raceUnsupported: (param: string, ruleset: string): Text => ({
    ru: `«${param}»: в правилах ${ruleset} состязание решается одним броском, гонки до N успехов нет`,
    en: `"${param}": in ${ruleset} a contest is one roll; there is no race to N successes`,
  }),
  neverRolled: (trait: string, param: string): Text => ({
    ru: `Черту «${trait}» не бросают: её очки тратят. Чтобы потратить, допишите параметр «(${param})»`,
    en: `The trait "${trait}" is never rolled: its points are spent. To spend one, write the parameter «(${param})»`,
  }),
  zeroSuccesses: (): Text => ({
    ru: '«0 успехов»: цель уже достигнута, бросать нечего; нужно хотя бы 1 успех',
    en: '"0 успехов" (0 successes): the goal is already reached, nothing to roll; at least 1 is needed',
  }),
  zeroRolls: (): Text => ({
    ru: '«0 бросков»: за ноль бросков действие не выполнить; нужен хотя бы 1 бросок',
    en: '"0 бросков" (0 rolls): no action is done in zero rolls; at least 1 is needed',
  }),
  rollLimitWithoutTarget: (): Text => ({
    ru: 'Число бросков без цели: укажите, сколько успехов нужно набрать («10 успехов»)',
    en: 'A roll limit without a goal: say how many successes are needed («10 успехов»)',
  }),
  extendedWithoutTarget: (param: string): Text => ({
    ru: `«${param}» без цели: укажите, сколько успехов нужно набрать («10 успехов»), иначе это обычный бросок`,
    en: `"${param}" without a goal: say how many successes are needed («10 успехов»); otherwise it is a single roll`,
  }),
  unknownRuleset: (id: string, known: string[]): Text => ({
    ru: `Неизвестные правила «${id}». Доступны: ${known.join(', ')}`,
    en: `Unknown ruleset "${id}". Available: ${known.join(', ')}`,
  }),
  unclosedFrontMatter: (): Text => ({
    ru: 'Front matter не закрыт: добавьте строку «---» после него. Пока его нет, правила и персонажи документа не читаются',
    en: 'The front matter is not closed: add a "---" line after it. Until then the document\'s ruleset and characters are not read',
  }),
  badFrontMatter: (detail: string): Text => ({
    ru: `Ошибка во front matter: ${detail}`,
    en: `Malformed front matter: ${detail}`,
  }),
  proseCheck: (markup: string): Text => ({
    ru: `Проверка записана прозой; разметка: ${markup}`,
    en: `Check written as prose; as markup: ${markup}`,
  }),
  unclosedGuillemet: (): Text => ({
    ru: 'Незакрытая «: проверке не хватает »',
    en: 'Unclosed «: the check lacks its »',
  }),
} satisfies Catalog);

/** Fix titles. */
export const fixTitles = echoing({
  replaceWith: (name: string): Text => ({ ru: `Заменить на «${name}»`, en: `Replace with "${name}"` }),
  addToDictionary: (name: string): Text => ({
    ru: `Добавить «${name}» в словарь проекта`,
    en: `Add "${name}" to the project dictionary`,
  }),
  rewriteCheck: (): Text => ({ ru: 'Переписать в канонической форме', en: 'Rewrite in canonical form' }),
  toMarkup: (markup: string): Text => ({ ru: `Разметить как ${markup}`, en: `Mark up as ${markup}` }),
  /** The prose fix whose markup cannot carry everything over: the note says what (in the caller's locale). */
  toMarkupWithNote: (markup: string, note: string): Text => ({ ru: `Разметить как ${markup} (${note})`, en: `Mark up as ${markup} (${note})` }),
  setDifficulty: (value: number): Text => ({ ru: `Указать сложность ${value}`, en: `Set difficulty ${value}` }),
  removeParam: (param: string): Text => ({ ru: `Убрать «${param}»`, en: `Remove "${param}"` }),
  removeHelper: (name: string): Text => ({ ru: `Убрать «${name}» из помощи`, en: `Remove "${name}" from the helpers` }),
  useRuleset: (id: string): Text => ({ ru: `Использовать правила ${id}`, en: `Use the ${id} ruleset` }),
  useCharacter: (name: string): Text => ({ ru: `Заменить на «${name}»`, en: `Replace with "${name}"` }),
  closeGuillemet: (): Text => ({ ru: 'Закрыть проверку »', en: 'Close the check with »' }),
  closeParen: (): Text => ({ ru: 'Закрыть скобку )', en: 'Close the parenthesis )' }),
  spendInstead: (param: string): Text => ({ ru: `Тратить, а не бросать: (${param})`, en: `Spend it instead of rolling: (${param})` }),
});
