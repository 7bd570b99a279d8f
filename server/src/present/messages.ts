/**
 * The message catalog: every diagnostic message, fix title, note and file refusal the analysis
 * returns as data (analysis/diagnosticCatalog.ts), worded in Russian and English. Each entry
 * takes exactly its id's arguments, so a message and its words cannot drift apart; numbers go
 * through the voice (present/numbers.ts), names and text from the document as written.
 */
import type { AnalysisDiagnostic, DiagnosticCode, Fix, RelatedInformation } from '../analysis/types';
import type { DiagnosticMessage, DictionaryEditProblem, FixTitle, PoolPart, ProseNote, RelatedMessage } from '../analysis/diagnosticCatalog';
import type { FileRefusal } from '../analysis/project/fileRefusal';
import { getBuiltinRuleset } from '../engine/builtinRulesets';
import { traitCategoryWords } from '../engine/traitCategories';
import type { Locale } from './locale';
import { echoed } from './echo';
import { writeFailureReason } from './fileWrites';
import { refusalReason } from './refusals';
import { syntaxMessage } from './syntaxMessages';
import type { Voice } from './voice';

/** One message's words: a function per language of its arguments. */
export type Wording<M> = Record<Locale, (message: M, v: Voice) => string>;

/** A catalog for a union of messages: one wording per id, typed by that id's arguments. */
export type Catalog<M extends { id: string }> = { [Id in M['id']]: Wording<Extract<M, { id: Id }>> };

/** A message in the voice's language. */
export function say<M extends { id: string }>(catalog: Catalog<M>, message: M, v: Voice): string {
  // TypeScript cannot pair an entry with the member of the union it was picked by; the catalog's type does.
  const wording = catalog[message.id as M['id']] as Wording<M>;
  return wording[v.locale](echoedArguments(message), v);
}

/** The message with each text argument (and list of texts) {@link echoed}: no message repeats more than 200 characters of what an author wrote. */
function echoedArguments<M extends object>(message: M): M {
  const short = (value: unknown): unknown => (typeof value === 'string' ? echoed(value) : Array.isArray(value) ? value.map(short) : value);
  return Object.fromEntries(Object.entries(message).map(([key, value]) => [key, short(value)])) as M;
}

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
  RM016: { ru: 'приключение зависит от одного броска', en: 'the adventure hangs on one roll' },
  RM017: { ru: 'непонятный комментарий отключения проверок', en: 'malformed suppression comment' },
};

/** At most two titles, then «and others»: a name four game lines share would make a paragraph. */
function rulesetTitles(ids: readonly string[], v: Voice): string {
  const titles = ids.map((id) => {
    const ruleset = getBuiltinRuleset(id);
    return ruleset === undefined ? id : v.locale === 'ru' ? ruleset.title : (ruleset.titleEn ?? ruleset.title);
  });
  const shown = titles.slice(0, 2).join('; ');
  if (titles.length <= 2) return shown;
  return v.locale === 'ru' ? `${shown} и других` : `${shown} and others`;
}

/** Categories the ruleset's text has no generic term for. */
const CATEGORY_WORDS: Record<string, Record<Locale, string>> = {
  attribute: { ru: 'Атрибут', en: 'Attribute' },
  ability: { ru: 'Навык', en: 'Skill' },
  power: { ru: 'Дисциплина', en: 'Discipline' },
  rollable: { ru: 'черта для броска', en: 'rollable trait' },
};

/** A pool the rules allow in the ruleset's own terms: vampire-pack «Характеристика + Навык». */
function poolParts(parts: readonly PoolPart[], locale: Locale): string {
  return parts.map((part) => (part.term ? (locale === 'ru' ? part.term.name : part.term.en) : (CATEGORY_WORDS[part.item]?.[locale] ?? part.item))).join(' + ');
}

/** «(в front matter: Вера, Гордей)», or that it lists no one. */
function knownCharacters(known: readonly string[], locale: Locale): string {
  if (locale === 'ru') return known.length ? ` (в front matter: ${known.join(', ')})` : ' (в front matter нет персонажей)';
  return known.length ? ` (front matter has: ${known.join(', ')})` : ' (front matter lists no characters)';
}

/** «Ошибка во front matter: …» around the detail. */
function frontMatter<M>(ru: (m: M, v: Voice) => string, en: (m: M, v: Voice) => string): Wording<M> {
  return { ru: (m, v) => `Ошибка во front matter: ${ru(m, v)}`, en: (m, v) => `Malformed front matter: ${en(m, v)}` };
}

/** A project file the server or the CLI cannot use: «Файл проекта «…» не используется: …». */
function unusedFileMessage(path: string, refusal: FileRefusal, v: Voice): string {
  const why = refusalReason(refusal, v);
  return v.locale === 'ru' ? `Файл проекта «${path}» не используется: ${why}` : `The project file "${path}" is not used: ${why}`;
}

/** Every diagnostic message. */
export const DIAGNOSTIC_MESSAGES: Catalog<DiagnosticMessage> = {
  unknownTrait: {
    ru: (m) => `Неизвестная черта «${m.name}»${m.suggestions.length ? `. Возможно: ${m.suggestions.join(', ')}` : ''}`,
    en: (m) => `Unknown trait "${m.name}"${m.suggestions.length ? `. Did you mean: ${m.suggestions.join(', ')}` : ''}`,
  },
  unknownTraitOpen: {
    ru: (m) => `Черты «${m.name}» нет в словаре правил ${m.ruleset} (словарь открытый): если это черта вашего стола, добавьте её в словарь проекта`,
    en: (m) => `The trait "${m.name}" is not in the ${m.ruleset} vocabulary (an open one): if it is your table's own trait, add it to the project dictionary`,
  },
  foreignTrait: {
    ru: (m, v) => `«${m.name}» — черта других правил: ${rulesetTitles(m.rulesets, v)}. В правилах документа её нет; если она есть у ваших персонажей, добавьте её в словарь проекта`,
    en: (m, v) => `"${m.name}" is a trait of other rules: ${rulesetTitles(m.rulesets, v)}. The document's ruleset has no such trait; if your characters have it, add it to the project dictionary`,
  },
  variant: {
    ru: (m) => `«${m.name}» — термин другого перевода; в правилах ${m.ruleset}: «${m.canonical}»`,
    en: (m) => `"${m.name}" comes from another translation; ${m.ruleset} calls it "${m.canonical}"`,
  },
  caseForm: { ru: (m) => `Написано «${m.name}»; канонически: «${m.canonical}»`, en: (m) => `Written "${m.name}"; canonical: "${m.canonical}"` },
  spacing: { ru: (m) => `Написано «${m.written}»; канонически: «${m.canonical}»`, en: (m) => `Written «${m.written}»; canonical: «${m.canonical}»` },
  tooManyTraits: {
    ru: (m, v) => `Черт в пуле: ${v.number(m.count)}; правила обычно складывают не больше ${v.number(m.max)}`,
    en: (m, v) => `The pool combines ${v.number(m.count)} traits; the rules normally combine at most ${v.number(m.max)}`,
  },
  forbiddenCombination: { ru: (m) => `Правила не складывают ${m.names.join(' + ')} в один пул`, en: (m) => `The rules do not combine ${m.names.join(' + ')} in one pool` },
  notAllowedCombination: {
    ru: (m) => `Пул проверки в этих правилах: ${m.allowed.map((c) => poolParts(c, 'ru')).join('; или ')}`,
    en: (m) => `A pool in this ruleset is: ${m.allowed.map((c) => poolParts(c, 'en')).join('; or ')}`,
  },
  neverRolled: {
    ru: (m) => `Черту «${m.trait}» не бросают: её очки тратят. Чтобы потратить, допишите параметр «(${m.param})»`,
    en: (m) => `The trait "${m.trait}" is never rolled: its points are spent. To spend one, write the parameter «(${m.param})»`,
  },
  chanceDie: {
    ru: () => 'Пул 0 или меньше: бросок на удачу (одна кость, успех только на 10, 1 — полный провал)',
    en: () => 'Pool of 0 or less: a chance die (one die, success only on a 10, a 1 is a dramatic failure)',
  },
  noDiceLeft: {
    ru: () => 'Костей не осталось: бросок невозможен — примите провал и получите Ускорение, перегруппируйтесь или помогите другому',
    en: () => 'No dice left: no roll — accept failure and gain Momentum (Ускорение), regroup, or help another',
  },
  cannotRoll: { ru: () => 'Пул 0 или меньше: бросок невозможен, действие проваливается', en: () => 'Pool of 0 or less: no roll is possible, the action fails' },
  poolTooLarge: {
    ru: (m, v) => `Пул ${v.number(m.pool)}: больше ${v.number(m.max)} — это опечатка, а не бросок; шансы не считаются`,
    en: (m, v) => `Pool of ${v.number(m.pool)}: over ${v.number(m.max)} is a typo, not a roll; no odds are computed`,
  },
  difficultyOutOfRange: {
    ru: (m, v) => `Сложность ${v.number(m.value)} вне пределов ${v.number(m.min)}–${v.number(m.max)}`,
    en: (m, v) => `Difficulty ${v.number(m.value)} is outside ${v.number(m.min)}–${v.number(m.max)}`,
  },
  difficultyNegative: {
    ru: (m, v) => `Сложность ${v.number(m.value)}: должна быть целым числом не меньше 0`,
    en: (m, v) => `Difficulty ${v.number(m.value)}: must be a whole number of at least 0`,
  },
  difficultyDefault: {
    ru: (m, v) => `Сложность не указана: применяется стандартная сложность ${v.number(m.value)}`,
    en: (m, v) => `No difficulty given: the standard difficulty ${v.number(m.value)} applies`,
  },
  difficultyZero: { ru: () => 'Сложность не указана: считается 0, из пула ничего не вычитается', en: () => 'No difficulty given: it counts as 0 and removes no dice' },
  difficultyRequired: {
    ru: () => 'Проверке нужна сложность (например, «сложность 15»), кроме состязания',
    en: () => 'This check needs a difficulty (e.g. «сложность 15») unless it is a contest',
  },
  difficultyUnused: {
    ru: () => 'В Системе Повествования нет сложности: успех всегда на 8+. Вместо сложности добавьте или вычтите кости модификатором',
    en: () => 'The Storytelling System has no difficulty: dice succeed on 8+. Use a dice modifier instead',
  },
  paramUnused: { ru: (m) => `Параметр «${m.param}» не используется в правилах ${m.ruleset}`, en: (m) => `The parameter "${m.param}" is not used by ${m.ruleset}` },
  noBotchUnused: {
    ru: (m) => `«${m.param}»: бросок без провала есть только в классическом пуле (Маг, Оборотень); в правилах ${m.ruleset} этот параметр не используется`,
    en: (m) => `"${m.param}": a roll that cannot botch exists only in the classic pool (Mage, Werewolf); ${m.ruleset} does not use it`,
  },
  tooManyEdges: {
    ru: (m, v) => `${m.kind === 'advantage' ? 'Преимуществ' : 'Помех'} в броске: ${v.number(m.count)}; можно не больше ${v.number(m.max)}`,
    en: (m, v) => `${v.number(m.count)} ${m.kind === 'advantage' ? 'Преимущества (advantages)' : 'Помехи (hindrances)'}: a roll takes at most ${v.number(m.max)}`,
  },
  modifierEach: { ru: (m, v) => `Модификатор ${v.number(m.value)} больше обычных ±${v.number(m.max)}`, en: (m, v) => `Modifier ${v.number(m.value)} exceeds the usual ±${v.number(m.max)}` },
  modifierTotal: { ru: (m, v) => `Модификаторы в сумме ${v.number(m.value)}: обычно не больше ±${v.number(m.max)}`, en: (m, v) => `Modifiers total ${v.number(m.value)}: usually at most ±${v.number(m.max)}` },
  initiativeInContest: { ru: () => 'Инициатива — не состязание: это 1к10 + рейтинг каждого персонажа отдельно', en: () => 'Initiative is not a contest: each character rolls 1d10 + their rating on their own' },
  difficultyWithInitiative: {
    ru: () => 'У броска инициативы нет сложности: это 1к10 + рейтинг, без успеха и неудачи',
    en: () => 'An initiative roll has no difficulty: it is 1d10 + the rating, with no success or failure',
  },
  unusedWithInitiative: {
    ru: (m) => `«${m.param}» не используется с инициативой: это один бросок 1к10 + рейтинг`,
    en: (m) => `"${m.param}" does not apply to initiative: it is a single roll of 1d10 + the rating`,
  },
  raceUnsupported: {
    ru: (m) => `«${m.param}»: в правилах ${m.ruleset} состязание решается одним броском, гонки до N успехов нет`,
    en: (m) => `"${m.param}": in ${m.ruleset} a contest is one roll; there is no race to N successes`,
  },
  zeroSuccesses: {
    ru: () => '«0 успехов»: цель уже достигнута, бросать нечего; нужно хотя бы 1 успех',
    en: () => '"0 успехов" (0 successes): the goal is already reached, nothing to roll; at least 1 is needed',
  },
  zeroRolls: {
    ru: () => '«0 бросков»: за ноль бросков действие не выполнить; нужен хотя бы 1 бросок',
    en: () => '"0 бросков" (0 rolls): no action is done in zero rolls; at least 1 is needed',
  },
  rollLimitWithoutTarget: {
    ru: () => 'Число бросков без цели: укажите, сколько успехов нужно набрать («10 успехов»)',
    en: () => 'A roll limit without a goal: say how many successes are needed («10 успехов»)',
  },
  extendedGoalNotStated: {
    ru: (m) => `«${m.param}»: цель не указана — её задаёт Рассказчик; показаны шансы набрать от 1 до 10 успехов за 1–5 бросков. Чтобы считать одну цель, допишите «10 успехов»`,
    en: (m) => `"${m.param}": goal not stated, the Storyteller sets it; the odds shown are of reaching 1 to 10 successes within 1–5 rolls. To count one goal, add «10 успехов»`,
  },
  unknownCharacter: { ru: (m) => `Неизвестный персонаж «${m.name}»${knownCharacters(m.known, 'ru')}`, en: (m) => `Unknown character "${m.name}"${knownCharacters(m.known, 'en')}` },
  sheetLacksTrait: {
    ru: (m) => `В листе персонажа «${m.character}» нет черты «${m.trait}»: шансы показаны по размеру пула`,
    en: (m) => `"${m.character}"'s sheet has no "${m.trait}": odds are shown per pool size`,
  },
  helperTraitUnused: {
    ru: (m) => `В правилах ${m.ruleset} помощник бросает те же черты, что и проверяющий: черта в скобках после «${m.name}» не используется`,
    en: (m) => `In ${m.ruleset} a helper rolls the check’s own traits: the trait in parentheses after "${m.name}" is not used`,
  },
  helperUnskilled: {
    ru: (m, v) =>
      m.rule === 'cannot'
        ? `У помощника «${m.character}» нет Знания «${m.trait}»: без него бросок невозможен, помощник не помогает`
        : m.rule === 'attribute'
          ? `У помощника «${m.character}» нет Таланта «${m.trait}»: помощник бросает один Атрибут`
          : m.rule === 'difficulty'
            ? `У помощника «${m.character}» нет Навыка «${m.trait}»: его бросок со сложностью +${v.number(m.penalty)}`
            : `У помощника «${m.character}» нет навыка «${m.trait}»: помощник бросает Атрибут со штрафом −${v.number(m.penalty)}`,
    en: (m, v) =>
      m.rule === 'cannot'
        ? `Helper "${m.character}" has no Knowledge "${m.trait}": without it there is no roll, the helper does not help`
        : m.rule === 'attribute'
          ? `Helper "${m.character}" has no Talent "${m.trait}": the helper rolls the Attribute alone`
          : m.rule === 'difficulty'
            ? `Helper "${m.character}" has no Skill "${m.trait}": their roll's difficulty is +${v.number(m.penalty)}`
            : `Helper "${m.character}" has no skill "${m.trait}": the helper rolls the Attribute at −${v.number(m.penalty)}`,
  },
  unknownHelper: {
    ru: (m) => `Помощник «${m.name}» не найден среди персонажей${knownCharacters(m.known, 'ru')}; укажите персонажа из листа или число помощников («помощь: 2»)`,
    en: (m) => `Helper "${m.name}" is not a character${knownCharacters(m.known, 'en')}; name a character from the sheet or give a number («помощь: 2»)`,
  },
  selfHelp: {
    ru: (m) => `Персонаж «${m.name}» бросает эту проверку и не может помогать в ней: уберите имя из помощи`,
    en: (m) => `"${m.name}" rolls this check and cannot also help with it: remove the name from the helpers`,
  },
  helpersAsBonus: {
    ru: () => 'В этих правилах нет броска помощи: помощь другого персонажа — это бонус от +1 до +3 костей к проверке. Запишите его модификатором, например «+ 1»',
    en: () => 'This ruleset has no teamwork roll: another character’s help is a bonus of +1 to +3 dice. Write it as a modifier, e.g. «+ 1»',
  },
  tooManyHelpers: { ru: (m, v) => `Помощников: ${v.number(m.count)}; можно не больше ${v.number(m.max)}`, en: (m, v) => `${v.number(m.count)} helpers: at most ${v.number(m.max)}` },
  helpersInD20Contest: {
    ru: () => 'В состязании помощь не работает: помощники бросают против сложности − 5, а у состязания сложности нет',
    en: () => 'Help does not work in a contest: helpers roll against the difficulty − 5, and a contest has none',
  },
  syntax: { ru: (m, v) => syntaxMessage(m, v), en: (m, v) => syntaxMessage(m, v) },
  unclosedGuillemet: { ru: () => 'Незакрытая «: проверке не хватает »', en: () => 'Unclosed «: the check lacks its »' },
  unknownRuleset: { ru: (m) => `Неизвестные правила «${m.ruleset}». Доступны: ${m.known.join(', ')}`, en: (m) => `Unknown ruleset "${m.ruleset}". Available: ${m.known.join(', ')}` },
  unclosedFrontMatter: {
    ru: () => 'Front matter не закрыт: добавьте строку «---» после него. Пока его нет, правила и персонажи документа не читаются',
    en: () => 'The front matter is not closed: add a "---" line after it. Until then the document\'s ruleset and characters are not read',
  },
  frontMatterYaml: frontMatter(
    (m) => m.detail,
    (m) => m.detail,
  ),
  frontMatterNotMapping: frontMatter(
    () => 'ожидался словарь «ключ: значение»',
    () => 'expected a "key: value" mapping',
  ),
  rulesetNotString: frontMatter(
    () => 'правила задаются строкой, например vampire-pack',
    () => 'the ruleset is a string such as vampire-pack',
  ),
  charactersNotMapping: frontMatter(
    () => 'персонажи — словарь «Имя: { Характеристика: значение }»',
    () => 'characters is a mapping "Name: { Trait: value }"',
  ),
  sheetNotMapping: frontMatter(
    (m) => `лист персонажа «${m.name}» — словарь характеристик`,
    (m) => `"${m.name}"'s sheet is a mapping of traits`,
  ),
  sheetValueNotInteger: frontMatter(
    (m) => `значение «${m.trait}» должно быть целым числом`,
    (m) => `the value of "${m.trait}" must be a whole number`,
  ),
  sheetValueOutOfRange: frontMatter(
    (m, v) => `значение «${m.trait}» должно быть от ${v.number(m.min)} до ${v.number(m.max)}`,
    (m, v) => `the value of "${m.trait}" must be from ${v.number(m.min)} to ${v.number(m.max)}`,
  ),
  proseCheck: { ru: (m) => `Проверка записана прозой; разметка: ${m.markup}`, en: (m) => `Check written as prose; as markup: ${m.markup}` },
  unusedFile: { ru: (m, v) => unusedFileMessage(m.path, m.refusal, v), en: (m, v) => unusedFileMessage(m.path, m.refusal, v) },
  pathOutsideWorkspace: { ru: (m) => `Путь «${m.path}» выходит за пределы рабочей папки и не читается`, en: (m) => `The path "${m.path}" leaves the workspace and is not read` },
  rulesetsFolderTruncated: { ru: (m, v) => `Папка правил «${m.path}»: ${refusalReason(m.refusal, v)}`, en: (m, v) => `The rulesets folder "${m.path}": ${refusalReason(m.refusal, v)}` },
  dictionaryTooLarge: { ru: () => 'Файл словаря слишком велик', en: () => 'The dictionary file is too large' },
  partyFileTooLarge: { ru: () => 'Файл партий слишком велик', en: () => 'The party file is too large' },
  partyFileShape: {
    ru: () => 'Файл партий — «parties:» с именованными партиями: «Прегены: { Мирон: { Сила: 3 } }»',
    en: () => 'A party file is "parties:" with named parties: "Pregens: { Miron: { Сила: 3 } }"',
  },
  partyNotMapping: { ru: (m) => `Партия «${m.name}» — словарь «Имя: { Характеристика: значение }»`, en: (m) => `The party "${m.name}" is a mapping "Name: { Trait: value }"` },
  partySheetNotMapping: { ru: (m) => `Лист персонажа «${m.name}» — словарь характеристик`, en: (m) => `"${m.name}"'s sheet is a mapping of traits` },
  partyValueNotInteger: { ru: (m) => `Значение «${m.trait}» должно быть целым числом`, en: (m) => `The value of "${m.trait}" must be a whole number` },
  partyValueOutOfRange: {
    ru: (m, v) => `Значение «${m.trait}» должно быть от ${v.number(m.min)} до ${v.number(m.max)}`,
    en: (m, v) => `The value of "${m.trait}" must be from ${v.number(m.min)} to ${v.number(m.max)}`,
  },
  partyTooMany: {
    ru: (m, v) => `${m.what === 'parties' ? 'Партий' : 'Персонажей в партии'} больше ${v.number(m.max)}: читаются первые ${v.number(m.max)}, остальные пропущены`,
    en: (m, v) => `More than ${v.number(m.max)} ${m.what === 'parties' ? 'parties' : 'characters in a party'}: the first ${v.number(m.max)} are read, the rest left out`,
  },
  partyUnknownDefault: {
    ru: (m) => `Партии «${m.name}» нет в файле. Есть: ${m.known.join(', ')}`,
    en: (m) => `The file has no party "${m.name}". It has: ${m.known.join(', ')}`,
  },
  dictionaryShape: { ru: () => 'Словарь — список терминов или «traits: [ … ]»', en: () => 'A dictionary is a list of terms or "traits: [ … ]"' },
  dictionaryEntryNotText: {
    ru: () => 'Элемент словаря должен быть строкой — названием черты — или «{ name: …, category: … }»',
    en: () => 'A dictionary entry must be text (a trait name) or "{ name: …, category: … }"',
  },
  dictionaryEntryWithoutName: {
    ru: () => 'У элемента словаря нет названия черты: «{ name: Скрытность, category: skill }»',
    en: () => 'A dictionary entry has no trait name: "{ name: Скрытность, category: skill }"',
  },
  unknownCategory: {
    ru: (m) => `Неизвестная категория «${m.word}»: черта считается навыком. Категории: ${traitCategoryWords().join(', ')}`,
    en: (m) => `Unknown category "${m.word}": the trait counts as a skill. Categories: ${traitCategoryWords().join(', ')}`,
  },
  yaml: { ru: (m) => `Ошибка YAML: ${m.detail}`, en: (m) => `YAML error: ${m.detail}` },
  rulesetFile: { ru: (m) => `Ошибка в файле правил: ${m.detail}`, en: (m) => `Ruleset file problem: ${m.detail}` },
  builtinRulesetId: {
    ru: (m) => `«${m.ruleset}» — встроенные правила; у правил проекта свой id (например, «extends: ${m.ruleset}» и «id: ${m.ruleset}-custom»). Файл не используется`,
    en: (m) => `"${m.ruleset}" is a built-in ruleset; a workspace ruleset needs its own id (e.g. "extends: ${m.ruleset}" with "id: ${m.ruleset}-custom"). This file is not used`,
  },
  duplicateRulesetId: {
    ru: (m) => `Правила с id «${m.ruleset}» уже заданы в ${m.first}. Файл не используется`,
    en: (m) => `The ruleset id "${m.ruleset}" is already defined in ${m.first}. This file is not used`,
  },  suppressionUnknownDirective: {
    ru: (m) => `«${m.written}» — не команда Rollmark; есть rollmark-disable-next-line, rollmark-disable и rollmark-enable. Комментарий ничего не отключает`,
    en: (m) => `"${m.written}" is not a Rollmark directive; there are rollmark-disable-next-line, rollmark-disable and rollmark-enable. The comment disables nothing`,
  },
  suppressionUnknownCode: {
    ru: (m) => `«${m.written}» — не код диагностики Rollmark (RM001…); этот код не отключён`,
    en: (m) => `"${m.written}" is not a Rollmark diagnostic code (RM001…); nothing is disabled for it`,
  },
  changesDifficulty: {
    ru: (m) => `«${m.trait}» не бросают: по правилам её значение меняет сложность броска. Уберите черту из пула и учтите её в сложности`,
    en: (m) => `"${m.trait}" is not rolled as dice: the rules make its rating change the difficulty. Leave it out of the pool and count it in the difficulty`,
  },
  thresholdConflict: {
    ru: (m) =>
      m.with === 'contest'
        ? `«${m.param}» — порог одного броска, а в состязании побеждает тот, у кого больше успехов: порог не применяется`
        : `«${m.param}» — порог одного броска, а продолжительное действие копит успехи за несколько бросков: порог не применяется`,
    en: (m) =>
      m.with === 'contest'
        ? `"${m.param}" is a threshold for one roll, but a contest is won by more successes: the threshold does not apply`
        : `"${m.param}" is a threshold for one roll, but an extended action adds up successes over several rolls: the threshold does not apply`,
  },
  // Roll twice and attempts with a growing penalty (docs/markup.md, 000 l.480, 294, 398).
  twiceConflict: {
    ru: (m) =>
      m.with === 'contest'
        ? '«дважды» не применяется в состязании: лучший из двух бросков бывает только у проверки без противника'
        : m.with === 'extended'
          ? '«дважды» не применяется к продолжительному действию: лучший из двух бросков выбирают у одного броска'
          : '«дважды» не применяется вместе с порогом «N успехов за бросок»: оставьте одно из двух',
    en: (m) =>
      m.with === 'contest'
        ? '"дважды" (roll twice) does not apply in a contest: only a check without an opponent keeps the better of two rolls'
        : m.with === 'extended'
          ? '"дважды" (roll twice) does not apply to an extended action: the better of two rolls is kept for one roll'
          : '"дважды" (roll twice) does not apply together with a threshold "N успехов за бросок": keep one of the two',
  },
  twiceAsAdvantage: {
    ru: () => 'В этих правилах «бросить дважды и взять лучшее» — это Преимущество',
    en: () => 'In this ruleset "roll twice and keep the better" is an Advantage (Преимущество)',
  },
  attemptsConflict: {
    ru: (m) =>
      m.with === 'contest'
        ? 'Попытки до первого успеха не применяются в состязании: его решает один бросок каждой стороны'
        : 'Попытки до первого успеха не применяются к продолжительному действию: оно само копит успехи за несколько бросков',
    en: (m) =>
      m.with === 'contest'
        ? 'Attempts until the first success do not apply in a contest: one roll of each side decides it'
        : 'Attempts until the first success do not apply to an extended action: it adds up successes over several rolls itself',
  },
  zeroAttempts: {
    ru: () => '«0 попыток»: без попыток нечего бросать; нужна хотя бы 1 попытка',
    en: () => '"0 попыток" (0 attempts): nothing to roll; at least 1 attempt is needed',
  },
  tooManyAttempts: {
    ru: (m, v) => `Попыток: ${v.number(m.count)}; можно не больше ${v.number(m.max)}`,
    en: (m, v) => `${v.number(m.count)} attempts: at most ${v.number(m.max)}`,
  },
  penaltyWithoutAttempts: {
    ru: () => '«штраф» относится к попыткам, а их число не указано: добавьте, например, «3 попытки»',
    en: () => '"штраф" (penalty) belongs to attempts, and their number is not given: add, for example, "3 попытки"',
  },
  vampirePackOnly: {
    ru: (m) =>
      m.rule === 'deal'
        ? `«${m.param}»: Сделка с Дьяволом есть только в «Пакете игрока» (vampire-pack); в правилах ${m.ruleset} её нет`
        : `«${m.param}»: эта пометка нужна Высокой компетентности «Пакета игрока» (vampire-pack), которая не даёт автоматического успеха атаке и защите; в правилах ${m.ruleset} её нет`,
    en: (m) =>
      m.rule === 'deal'
        ? `"${m.param}": the Devil's Bargain exists only in the Player Pack (vampire-pack); ${m.ruleset} has none`
        : `"${m.param}": this mark is for the Player Pack's High Competence (vampire-pack), which gives no automatic success to an attack or a defence; ${m.ruleset} has none`,
  },
  dealConflict: {
    ru: (m) =>
      m.with === 'contest'
        ? '«сделка с Дьяволом» относится к проваленной проверке, а у состязания провала нет: его решает больше успехов'
        : '«сделка с Дьяволом» относится к одной проваленной проверке, а не к продолжительному действию',
    en: (m) =>
      m.with === 'contest'
        ? '"сделка с Дьяволом" (Devil\'s Bargain) belongs to a failed check, and a contest has no failure: more successes decide it'
        : '"сделка с Дьяволом" (Devil\'s Bargain) belongs to one failed check, not to an extended action',
  },
  zeroExtraSuccesses: {
    ru: () => '«+0 успехов» ничего не добавляет: уберите параметр или укажите число',
    en: () => '"+0 успехов" (+0 successes) adds nothing: remove it or give a number',
  },
  zeroManeuver: {
    ru: () => '«маневр 0»: транспорт с Маневром 0 не даёт бросить ни одной кости',
    en: () => '"маневр 0" (Maneuver 0): a vehicle with Maneuver 0 leaves no die to roll',
  },
  durabilityInContest: {
    ru: () => '«прочность» — это Прочность объекта против одного броска; в состязании успехи сравниваются с успехами противника',
    en: () => '"прочность" (Durability) is an object’s, against one roll; a contest compares successes with the opponent’s',
  },
  headStartWithoutRace: {
    ru: () => '«фора» — это успехи на старте гонки: нужно состязание с целью, например «против Ловкость + Атлетизм (10 успехов)»',
    en: () => '"фора" (head start) is successes at a race’s start: it needs a contest with a goal, e.g. "против Ловкость + Атлетизм (10 успехов)"',
  },
  headStartReachesTarget: {
    ru: (m, v) => `Фора ${v.number(m.start)} не меньше цели гонки (${v.number(m.target)}): гонка закончилась бы до первого броска`,
    en: (m, v) => `A head start of ${v.number(m.start)} is not below the race’s goal (${v.number(m.target)}): the race would end before the first roll`,
  },
  secondAttemptInContest: {
    ru: () => '«вторая попытка» относится к проверке, а не к состязанию: у состязания нет провала, который стал бы болезненным',
    en: () => '"вторая попытка" (second attempt) belongs to a check, not a contest: a contest has no failure to become painful',
  },
  combatUnsupported: {
    ru: (m) => `«${m.param}:»: атака с уроном и поглощением описана только в классическом пуле (Маг, Оборотень, 001 стр. 268–275); в правилах ${m.ruleset} этот параметр не используется`,
    en: (m) => `"${m.param}:": an attack with damage and soak exists only in the classic pool (Mage, Werewolf, 001 l.268–275); ${m.ruleset} does not use it`,
  },
  combatOnDefender: {
    ru: (m) => `«${m.param}:» относится к атакующему: напишите его в скобках до «против»`,
    en: (m) => `"${m.param}:" belongs to the attacker: write it in the parentheses before "против"`,
  },
  combatConflict: {
    ru: (m) =>
      `Атака с уроном — один бросок: ${{ extended: 'продолжительное действие', threshold: 'порог «N успехов за бросок»', twice: '«дважды»', attempts: 'попытки до первого успеха' }[m.with]} к ней не применяется; урон не рассчитан`,
    en: (m) =>
      `An attack with damage is one roll: ${{ extended: 'an extended action', threshold: 'a threshold "N успехов за бросок"', twice: '"дважды" (roll twice)', attempts: 'attempts until the first success' }[m.with]} does not apply to it; the damage is not computed`,
  },
  soakWithoutDamage: {
    ru: () => '«поглощение:» поглощает урон атаки, а «урон:» не указан: добавьте, например, «урон: Сила + 1», или уберите двоеточие, если это сам бросок поглощения',
    en: () => '"поглощение:" (soak) soaks an attack\'s damage, and "урон:" (damage) is not given: add, for example, "урон: Сила + 1", or drop the colon if this is the soak roll itself',
  },
  combatWithNoBotch: {
    ru: (m) => `«${m.param}» без двоеточия делает проверку самим броском урона или поглощения, а «урон:» — атакой: оставьте одно из двух`,
    en: (m) => `"${m.param}" without a colon makes the check a damage or soak roll itself, and "урон:" an attack: keep one of the two`,
  },
  combatPoolTooLarge: {
    ru: (m, v) => `«${m.param}:»: ${v.number(m.pool)} костей; можно не больше ${v.number(m.max)}`,
    en: (m, v) => `"${m.param}:": ${v.number(m.pool)} dice; at most ${v.number(m.max)}`,
  },
  combatValueUnknown: {
    ru: (m) => `У «${m.name}» в «${m.param}:» нет значения: урон не рассчитан; напишите его («${m.name} 3»)${m.param === 'урон' ? ' или персонажа с этой чертой' : ''}`,
    en: (m) => `"${m.name}" in "${m.param}:" has no value: the damage is not computed; write it ("${m.name} 3")${m.param === 'урон' ? ' or a character with this trait' : ''}`,
  },
  penaltyTwice: {
    ru: () => 'Штраф попыток уже указан после их числа: оставьте один',
    en: () => 'The attempts’ penalty is already given after their number: keep one',
  },
  hangsOnOneRoll: {
    ru: (m, v) =>
      `Сцена «${m.scene}» достижима только ${m.outcome === 'success' ? 'при успехе' : 'при провале'} проверки ${m.check}${m.chance === undefined ? ' (шанс неизвестен)' : ` (${v.percent(m.chance)})`}: дайте к ней ещё один путь`,
    en: (m, v) =>
      `The scene "${m.scene}" is reached only if ${m.check} ${m.outcome === 'success' ? 'succeeds' : 'fails'}${m.chance === undefined ? ' (chance unknown)' : ` (${v.percent(m.chance)})`}: give it another way in`,
  },
  fewClues: {
    ru: (m, v) => `Улик, ведущих к выводу «${m.scene}»: ${v.number(m.clues)}; по правилу трёх улик нужно не меньше ${v.number(m.needed)}`,
    en: (m, v) => `Clues leading to the conclusion "${m.scene}": ${v.number(m.clues)}; the Three Clue Rule asks for at least ${v.number(m.needed)}`,
  },
};

/** What a prose fix's title adds in parentheses. */
const PROSE_NOTES: Catalog<ProseNote> = {
  noDifficulty: { ru: () => 'сложности в тексте нет', en: () => 'the text gives no difficulty' },
  droppedDifficulty: { ru: () => 'сложность опущена: в этих правилах её нет', en: () => 'difficulty left out: this ruleset has none' },
  remains: {
    ru: (m) => `останется: ${m.codes.map((code) => CODE_SUMMARY[code].ru).join('; ')}`,
    en: (m) => `will still warn: ${m.codes.map((code) => CODE_SUMMARY[code].en).join('; ')}`,
  },
};

/** Every fix title. */
export const FIX_TITLES: Catalog<FixTitle> = {
  replaceWith: { ru: (m) => `Заменить на «${m.name}»`, en: (m) => `Replace with "${m.name}"` },
  addToDictionary: { ru: (m) => `Добавить «${m.name}» в словарь проекта`, en: (m) => `Add "${m.name}" to the project dictionary` },
  rewriteCheck: { ru: () => 'Переписать в канонической форме', en: () => 'Rewrite in canonical form' },
  toMarkup: {
    ru: (m, v) => `Разметить как ${m.markup}${m.note ? ` (${say(PROSE_NOTES, m.note, v)})` : ''}`,
    en: (m, v) => `Mark up as ${m.markup}${m.note ? ` (${say(PROSE_NOTES, m.note, v)})` : ''}`,
  },
  removeParam: { ru: (m) => `Убрать «${m.param}»`, en: (m) => `Remove "${m.param}"` },
  removeHelper: { ru: (m) => `Убрать «${m.name}» из помощи`, en: (m) => `Remove "${m.name}" from the helpers` },
  useRuleset: { ru: (m) => `Использовать правила ${m.ruleset}`, en: (m) => `Use the ${m.ruleset} ruleset` },
  useCharacter: { ru: (m) => `Заменить на «${m.name}»`, en: (m) => `Replace with "${m.name}"` },
  closeGuillemet: { ru: () => 'Закрыть проверку »', en: () => 'Close the check with »' },
  closeParen: { ru: () => 'Закрыть скобку )', en: () => 'Close the parenthesis )' },
  spendInstead: { ru: (m) => `Тратить, а не бросать: (${m.param})`, en: (m) => `Spend it instead of rolling: (${m.param})` },
  addSpecial: { ru: () => 'Пул на особой способности: добавить (особое)', en: () => 'The pool rests on a special ability: add (особое)' },
  ignoreHere: { ru: (m) => `Не показывать ${m.code} в этой строке`, en: (m) => `Ignore ${m.code} on this line` },
  addToSheet: { ru: (m) => `Добавить «${m.trait}» в лист персонажа «${m.character}»`, en: (m) => `Add "${m.trait}" to "${m.character}"'s sheet` },
};

const RELATED: Catalog<RelatedMessage> = {
  characterSheet: { ru: (m) => `Лист персонажа «${m.character}»`, en: (m) => `"${m.character}"'s character sheet` },
};

/**
 * Messages already worded, per language. A message is never changed once made, and the analysis
 * keeps an unchanged block's diagnostics across versions: each publish after an edit words only
 * the new ones, as when the analysis held the words itself.
 */
const worded: Record<Locale, WeakMap<DiagnosticMessage, string>> = { ru: new WeakMap(), en: new WeakMap() };

/** A diagnostic's message in the voice's language. */
export function diagnosticMessage(message: DiagnosticMessage, v: Voice): string {
  const cache = worded[v.locale];
  let words = cache.get(message);
  if (words === undefined) {
    words = say(DIAGNOSTIC_MESSAGES, message, v);
    cache.set(message, words);
  }
  return words;
}

export function fixTitle(title: FixTitle, v: Voice): string {
  return say(FIX_TITLES, title, v);
}

export function relatedMessage(message: RelatedMessage, v: Voice): string {
  return say(RELATED, message, v);
}

/** A fix with its title worded. */
export type WordedFix = Omit<Fix, 'title'> & { title: string };
export type WordedRelated = Omit<RelatedInformation, 'message'> & { message: string };

/** A diagnostic with its message, fix titles and related information worded: what the CLI's JSON and tests read. */
export type WordedDiagnostic = Omit<AnalysisDiagnostic, 'message' | 'fixes' | 'related'> & { message: string; fixes: WordedFix[]; related?: WordedRelated[] };

export function wordedDiagnostic(d: AnalysisDiagnostic, v: Voice): WordedDiagnostic {
  const { message, fixes, related, ...rest } = d;
  return {
    ...rest,
    message: diagnosticMessage(message, v),
    fixes: fixes.map((fix) => ({ ...fix, title: fixTitle(fix.title, v) })),
    ...(related ? { related: related.map((info) => ({ ...info, message: relatedMessage(info.message, v) })) } : {}),
  };
}

const DICTIONARY_EDIT: Catalog<DictionaryEditProblem> = {
  fileHasProblem: {
    ru: (m, v) => `в файле словаря ошибка: ${diagnosticMessage(m.problem, v)}`,
    en: (m, v) => `the dictionary file has a problem: ${diagnosticMessage(m.problem, v)}`,
  },
  notAList: { ru: () => 'файл словаря — не список и не «traits: [ … ]»', en: () => 'the dictionary file is neither a list nor "traits: [ … ]"' },
  byHand: {
    ru: () => 'список в файле записан так, что термин нельзя добавить, не переписав его; добавьте его вручную',
    en: () => 'the list is written in a way the term cannot be added to without rewriting it; add it by hand',
  },
  refused: { ru: (m, v) => writeFailureReason(m.refusal, v.locale), en: (m, v) => writeFailureReason(m.refusal, v.locale) },
  termTooLong: { ru: (m, v) => `термин длиннее ${v.number(m.limit)} знаков`, en: (m, v) => `the term is longer than ${v.number(m.limit)} characters` },
  tooLarge: { ru: (m, v) => `словарь стал бы больше ${v.megabytes(m.limit)}`, en: (m, v) => `the dictionary would grow past ${v.megabytes(m.limit)}` },
};

/** Why the dictionary edit did not add the term, in a few words. */
export function dictionaryEditReason(problem: DictionaryEditProblem, v: Voice): string {
  return say(DICTIONARY_EDIT, problem, v);
}

/** The message the user reads when the term was not added: which file, and why. */
export function dictionaryNotAdded(path: string, term: string, problem: DictionaryEditProblem, v: Voice): string {
  const why = dictionaryEditReason(problem, v);
  return v.locale === 'ru' ? `«${echoed(term)}» не добавлено в словарь проекта ${echoed(path)}: ${why}` : `"${echoed(term)}" was not added to the project dictionary ${echoed(path)}: ${why}`;
}
