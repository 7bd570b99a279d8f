/**
 * Every word and phrase Rollmark shows outside diagnostics, once, in both languages — in the
 * manner of `analysis/diagnosticCatalog.ts`. Outcome names are not here: each ruleset spells
 * them as its rules text does. Numbers arrive formatted (see `numbers.ts`), so a phrase only
 * places them.
 */
import type { Locale } from './locale';
import type { PluralForms } from './numbers';

export type Text = Record<Locale, string>;

export const WORDS = {
  // Odds: what a chance is the chance of.
  success: { ru: 'успех', en: 'success' },
  win: { ru: 'победа', en: 'win' },
  tie: { ru: 'ничья', en: 'tie' },
  loss: { ru: 'поражение', en: 'loss' },
  contestExceptional: { ru: 'исключительная', en: 'exceptional' },
  contestExceptionalLoss: { ru: 'исключительная у противника', en: 'exceptional for the opponent' },
  // A storytelling contest rolled (000 l.341): `dramatic` and `exceptional` are the ruleset's outcome names.
  winExceptional: { ru: 'победа, исключительная', en: 'win, exceptional' },
  winByDramatic: (dramatic: string): Text => ({ ru: `победа, исключительная: у противника ${dramatic}`, en: `win, exceptional: the opponent’s ${dramatic}` }),
  lossExceptional: (exceptional: string): Text => ({ ru: `поражение: у противника ${exceptional}`, en: `loss: the opponent’s ${exceptional}` }),
  lossByDramatic: (dramatic: string): Text => ({ ru: `поражение: ${dramatic}`, en: `loss: ${dramatic}` }),
  tieBothDramatic: (dramatic: string): Text => ({ ru: `ничья: ${dramatic} у обоих`, en: `tie: a ${dramatic} on both sides` }),
  initiative: { ru: 'инициатива', en: 'initiative' },
  doneWithin: (rolls: string): Text => ({ ru: `за ${rolls}:`, en: `within ${rolls}:` }),
  withinRolls: (rolls: string): Text => ({ ru: `за ${rolls}`, en: `within ${rolls}` }),
  partOf: (what: string): Text => ({ ru: `из них ${what}`, en: `including ${what}` }),
  needed: (successes: string): Text => ({ ru: `нужно ${successes}`, en: `${successes} needed` }),
  oneRoll: (odds: string): Text => ({ ru: `Один бросок: ${odds}`, en: `One roll: ${odds}` }),
  meanSuccesses: (count: string): Text => ({ ru: `в среднем ${count}`, en: `${count} on average` }),
  meanTotal: (total: string): Text => ({ ru: `в среднем итог ${total}`, en: `expected total ${total}` }),
  marginSpread: { ru: 'разница со сложностью:', en: 'margin:' },
  tieStoryteller: { ru: 'ничья — решает Рассказчик', en: 'tie — the Storyteller decides' },
  raceTo: (successes: string): Text => ({ ru: `гонка: нужно ${successes}`, en: `race: ${successes} needed` }),
  raceToEach: (mine: string, theirs: string): Text => ({ ru: `гонка: нужно ${mine}, противнику — ${theirs}`, en: `race: ${mine} needed, the opponent ${theirs}` }),
  raceDecidedBy: (rounds: string, chance: string): Text => ({ ru: `решено за ${rounds}: ${chance}`, en: `decided within ${rounds}: ${chance}` }),
  raceAlsoBy: (rounds: string, chance: string): Text => ({ ru: `за ${rounds}: ${chance}`, en: `within ${rounds}: ${chance}` }),
  raceLimited: (rounds: string, chance: string): Text => ({
    ru: `до цели за ${rounds}: ${chance}; иначе побеждает больший счёт`,
    en: `a target reached within ${rounds}: ${chance}; otherwise the higher total wins`,
  }),
  raceUnfinished: (rounds: string, chance: string): Text => ({
    ru: `За ${rounds} гонка не решена с вероятностью ${chance}.`,
    en: `After ${rounds} the race is still undecided with a chance of ${chance}.`,
  }),
  meanInitiative: (mean: string): Text => ({ ru: `в среднем ${mean}`, en: `${mean} on average` }),
  meanHeader: { ru: 'в среднем', en: 'mean' },
  initiativeEven: (low: string, high: string, each: string): Text => ({ ru: `итог от ${low} до ${high}, каждый — ${each}`, en: `total ${low} to ${high}, each ${each}` }),
  initiativeTotals: { ru: 'итог:', en: 'total:' },
  initiativeRating: (rating: string): Text => ({ ru: `инициатива ${rating}`, en: `initiative ${rating}` }),
  alternatives: { ru: 'Варианты:', en: 'Alternatives:' },
  bestAlternative: { ru: 'лучший', en: 'best' },
  opponentChoice: { ru: 'выбор противника — худший для бросающего', en: 'the opponent’s choice, the worst for the roller' },
  firstAlternativeTable: { ru: 'таблица — для первого варианта', en: 'the table is for the first alternative' },
  rescue: (chance: string, what: string): Text => ({
    ru: `20 на кубике (${chance}) не дотягивает до сложности, но мастер может засчитать ${what}.`,
    en: `A 20 on the die (${chance}) falls short of the difficulty, but the GM may count it as an ${what}.`,
  }),

  // The pool of a check, and a check without odds.
  pool: (size: string): Text => ({ ru: `пул ${size}`, en: `pool ${size}` }),
  modifier: (value: string): Text => ({ ru: `модификатор ${value}`, en: `modifier ${value}` }),
  poolUnknown: { ru: 'пул неизвестен', en: 'pool unknown' },
  modifierUnknown: { ru: 'модификатор неизвестен', en: 'modifier unknown' },
  poolHeader: { ru: 'пул', en: 'pool' },
  /** vampire-pack's table is keyed by what remains once the difficulty is taken off the dice. */
  poolAfterDifficultyHeader: { ru: 'кубиков после сложности', en: 'dice after difficulty' },
  modifierHeader: { ru: 'модификатор', en: 'modifier' },
  ratingHeader: { ru: 'рейтинг', en: 'rating' },
  ratingUnknown: { ru: 'рейтинг неизвестен', en: 'rating unknown' },
  missingValues: (names: string): Text => ({ ru: `нет значения: ${names}`, en: `no value for ${names}` }),
  helpersWithoutPool: (names: string): Text => ({ ru: `неизвестен пул помощи: ${names}`, en: `unknown help pool: ${names}` }),
  cannotRoll: { ru: 'нельзя бросить', en: 'cannot be rolled' },
  checkHasError: { ru: 'Шансы не считаются: в записи проверки ошибка.', en: 'No odds: the check has an error.' },
  rollLens: { ru: '🎲 Бросить', en: '🎲 Roll' },
  rollNamed: (check: string): Text => ({ ru: `🎲 ${check}`, en: `🎲 ${check}` }),
  /** One lens over a line with many checks; it offers them. */
  rollOneOf: (checks: string): Text => ({ ru: `🎲 ▾ ${checks}`, en: `🎲 ▾ ${checks}` }),

  // A check as a formula.
  opponent: (side: string): Text => ({ ru: `Противник: ${side}`, en: `Opponent: ${side}` }),
  specialty: { ru: 'специализация', en: 'specialty' },
  difficulty: { ru: 'сложность', en: 'difficulty' },
  byDefault: { ru: 'по умолчанию', en: 'default' },
  storytellingWillpower: { ru: 'Воля', en: 'Willpower' },
  chanceDie: { ru: 'бросок на удачу', en: 'chance die' },
  noRollPossible: { ru: 'бросок невозможен', en: 'no roll possible' },
  willpowerSuccess: { ru: '+ 1 автоматический успех (Сила воли)', en: '+ 1 automatic success (Willpower)' },
  d20: { ru: 'к20', en: 'd20' },
  d10: { ru: '1к10', en: '1d10' },
  helpersCount: (count: string, pool: string): Text => ({ ru: `Помощь: ${count} × ${pool}`, en: `Help: ${count} × ${pool}` }),
  helpersNamed: (list: string): Text => ({ ru: `Помощь: ${list}`, en: `Help: ${list}` }),
  highest: { ru: 'лучший', en: 'highest' },
  lowest: { ru: 'худший', en: 'lowest' },
  unknownDice: { ru: '? костей', en: '? dice' },

  // Rolls.
  rerolled: { ru: 'переброс', en: 're-rolled' },
  bonus: { ru: 'бонус', en: 'bonus' },
  staticValue: { ru: 'статичное значение', en: 'static value' },
  noRoll: { ru: 'без броска', en: 'no roll' },
  versus: { ru: 'против', en: 'versus' },
  margin: (value: string): Text => ({ ru: `разница со сложностью ${value}`, en: `margin ${value}` }),
  extendedProgress: (rolls: string, accumulated: string, target: string): Text => ({
    ru: `${rolls}, набрано ${accumulated} из ${target}`,
    en: `${rolls}, ${accumulated} of ${target} successes`,
  }),
  rollNumber: (n: string, dice: string): Text => ({ ru: `бросок ${n}: ${dice}`, en: `roll ${n}: ${dice}` }),
  assumedTypical: (dice: string): Text => ({ ru: `пул неизвестен: взят типичный пул правил, ${dice}`, en: `pool unknown: rolled the ruleset’s typical pool, ${dice}` }),
  assumedGiven: (dice: string): Text => ({ ru: `пул неизвестен: взят заданный пул, ${dice}`, en: `pool unknown: rolled the given pool, ${dice}` }),
  assumedTypicalModifier: (value: string): Text => ({
    ru: `модификатор неизвестен: взят типичный модификатор правил, ${value}`,
    en: `modifier unknown: rolled the ruleset’s typical modifier, ${value}`,
  }),
  assumedGivenModifier: (value: string): Text => ({ ru: `модификатор неизвестен: взят заданный, ${value}`, en: `modifier unknown: rolled the given one, ${value}` }),
  assumedTypicalRating: (value: string): Text => ({ ru: `рейтинг неизвестен: взят типичный пул правил, ${value}`, en: `rating unknown: rolled the ruleset’s typical pool, ${value}` }),
  assumedGivenRating: (value: string): Text => ({ ru: `рейтинг неизвестен: взят заданный, ${value}`, en: `rating unknown: rolled the given one, ${value}` }),
  seed: (seed: string): Text => ({ ru: `зерно броска ${seed}`, en: `seed ${seed}` }),
  alternativeRolled: (check: string): Text => ({ ru: `вариант ${check}`, en: `alternative ${check}` }),
  helpedBy: (count: string): Text => ({ ru: `с помощью: ${count}`, en: `helped by ${count}` }),
  helperLine: (n: string, dice: string, effect: string): Text => ({ ru: `помощник ${n}: ${dice} (${effect})`, en: `helper ${n}: ${dice} (${effect})` }),
  helpDice: (dice: string): Text => ({ ru: `+${dice} в пул`, en: `+${dice} to the pool` }),
  helpPenalty: (dice: string): Text => ({ ru: `полный провал: −${dice}`, en: `dramatic failure: −${dice}` }),
  helpSuccesses: (successes: string): Text => ({ ru: `+${successes}`, en: `+${successes}` }),
  helpAdvantage: { ru: 'Преимущество', en: 'Advantage' },
  helpHindrance: { ru: 'Помеха', en: 'Hindrance' },
  raceScore: (rounds: string, mine: string, theirs: string): Text => ({ ru: `${rounds}, счёт ${mine} : ${theirs}`, en: `${rounds}, score ${mine} : ${theirs}` }),
  raceBotchWin: { ru: 'провал у соперника', en: 'the opponent botched' },
  raceBotchLoss: { ru: 'провал', en: 'a botch' },
  raceByScore: { ru: 'по счёту', en: 'on the score' },
  roundLine: (n: string, first: string, second: string, mine: string, theirs: string): Text => ({
    ru: `раунд ${n}: ${first} против ${second}, счёт ${mine} : ${theirs}`,
    en: `round ${n}: ${first} versus ${second}, score ${mine} : ${theirs}`,
  }),
  initiativeRoll: (die: string, rating: string, total: string): Text => ({ ru: `итог ${total} (${die} + ${rating})`, en: `total ${total} (${die} + ${rating})` }),
  byAttribute: (result: string): Text => ({ ru: `${result} по Характеристике`, en: `${result} by the Attribute` }),

  // The rules' notes on a result.
  noteChanceDie: { ru: 'Бросок на удачу: одна кость, успех только на 10; 1 — полный провал.', en: 'Chance die: one die, success only on a 10; a 1 is a dramatic failure.' },
  noteNoDice: { ru: 'Костей не осталось: бросок невозможен.', en: 'No dice left: no roll is possible.' },
  noteNoDiceOptions: {
    ru: 'Костей не осталось: броска нет. По тексту можно принять неудачу и получить Ускорение, перегруппироваться или помочь другому.',
    en: 'No dice left: no roll. The text offers: accept failure and gain Momentum, regroup, or help another.',
  },
  noteHighCompetence: {
    ru: 'Высокая компетентность: базовый успех можно взять без броска, кроме атаки и защиты.',
    en: 'High competence: a base success may be taken without rolling, except for attack or defence.',
  },
  noteHighCompetenceFrom: (from: string): Text => ({
    ru: `Высокая компетентность (пул ${from}+): базовый успех можно взять без броска, кроме атаки и защиты.`,
    en: `High competence (pool ${from}+): a base success may be taken without rolling, except for attack or defence.`,
  }),
  noteWillpower: { ru: 'С тратой Силы воли.', en: 'Willpower spent.' },
  noteClassicWillpower: {
    ru: 'Сила воли: один автоматический успех, который не отменяют единицы; провала не будет.',
    en: 'Willpower: one automatic success that 1s cannot cancel; the roll cannot botch.',
  },
  noteStorytellingWillpower: (dice: string): Text => ({ ru: `Воля: +${dice} к пулу.`, en: `Willpower: +${dice}.` }),
  noteStaticValue: { ru: 'Статичное значение: без броска, исход известен заранее.', en: 'Static value: no roll, the result is certain.' },
  noteNoBotch: { ru: 'Урон и поглощение: единицы отменяют успехи, но провала не бывает.', en: 'Damage and soak: 1s cancel successes, but the roll cannot botch.' },
  // `helpers` is counted («1 помощник», «2 помощника»); `one`: the number takes a verb in the singular (Intl's plural category `one`).
  noteHelpersDice: (helpers: string, one: boolean): Text => ({
    ru: one
      ? `${helpers} бросает первым: каждый его успех — кость в ваш пул, его полный провал — −4 кости.`
      : `${helpers} бросают первыми: каждый их успех — кость в ваш пул, полный провал помощника — −4 кости.`,
    en: `${helpers} ${one ? 'rolls' : 'roll'} first: each of their successes is a die for your pool, a helper’s dramatic failure −4 dice.`,
  }),
  noteHelpersSuccesses: (helpers: string, one: boolean): Text => ({
    ru: one ? `${helpers} бросает тот же пул: его успехи складываются с вашими.` : `${helpers} бросают тот же пул: их успехи складываются с вашими.`,
    en: `${helpers} ${one ? 'rolls' : 'roll'} the same pool: their successes add to yours.`,
  }),
  noteHelpersEdge: (helpers: string, one: boolean): Text => ({
    ru: `${helpers} ${one ? 'бросает' : 'бросают'} против сложности − 5: успех даёт Преимущество, неудача — Помеху.`,
    en: `${helpers} ${one ? 'rolls' : 'roll'} against the difficulty − 5: a success gives an Advantage, a failure a Hindrance.`,
  }),
  noteDramaticContest: (dramatic: string): Text => ({
    ru: `В состязании ${dramatic} — поражение, а противник побеждает исключительно; ${dramatic} у обоих — ничья.`,
    en: `In a contest a ${dramatic} loses, and the opponent wins exceptionally; a ${dramatic} on both sides is a tie.`,
  }),
  noteTieBreak: {
    ru: 'Ничью выигрывает тот, у кого выше Характеристика в пуле.',
    en: 'A tie goes to the side with the higher Attribute in its pool.',
  },
  noteTieBreakOrInitiator: (ties: string, rollerStarted: string, opponentStarted: string): Text => ({
    ru: `Шансы считают, что ничью (${ties}) выигрывает более высокая Характеристика в пуле. Но по решению Рассказчика ничью может выиграть тот, кто начал состязание: тогда победа ${rollerStarted}, если начал бросающий, и ${opponentStarted}, если противник.`,
    en: `The odds give a tie (${ties}) to the higher Attribute in the pool. The Storyteller may give it to whoever started the contest instead: then the win is ${rollerStarted} if the roller started it, ${opponentStarted} if the opponent did.`,
  }),
  noteTieToInitiator: (ties: string, rollerStarted: string, opponentStarted: string): Text => ({
    ru: `Ничью (${ties}) Характеристика не решает; по решению Рассказчика её может выиграть тот, кто начал состязание: тогда победа ${rollerStarted}, если начал бросающий, и ${opponentStarted}, если противник.`,
    en: `No Attribute breaks a tie (${ties}); the Storyteller may give it to whoever started the contest: then the win is ${rollerStarted} if the roller started it, ${opponentStarted} if the opponent did.`,
  }),
  noteInitiative: { ru: 'Инициатива: 1к10 + рейтинг; больший итог ходит первым.', en: 'Initiative: 1d10 + the rating; the higher total acts first.' },
  noteInitiativeTies: {
    ru: 'Инициатива: 1к10 + рейтинг; больший итог ходит первым. При равном итоге первым ходит тот, у кого выше рейтинг инициативы; если равны и рейтинги — персонажи действуют одновременно.',
    en: 'Initiative: 1d10 + the rating; the higher total acts first. On equal totals the higher initiative rating acts first; if the ratings are equal too, the characters act at the same time.',
  },
  noteSpecialty: { ru: 'Специализация: каждая 10 даёт дополнительную кость, которую не отменяют единицы.', en: 'Specialty: each 10 grants a bonus die that 1s never cancel.' },

  // Traits and rulesets.
  rollable: { ru: 'бросается отдельно', en: 'rolled on its own' },
  generic: { ru: 'общее название', en: 'generic term' },
  otherTrait: { ru: 'прочее', en: 'other' },
  attribute: { ru: 'Атрибут', en: 'Attribute' },
  ability: { ru: 'Способность', en: 'Ability' },
  power: { ru: 'Дисциплина', en: 'Discipline' },
  fromDictionary: { ru: 'из словаря проекта', en: 'from the project dictionary' },
  attested: { ru: '✓ есть в тексте правил', en: '✓ attested in the rules text' },
  unattested: { ru: '○ нет в тексте правил: взято из списка игры', en: '○ not in the rules text: from the game’s list' },
  otherSpellings: (spellings: string): Text => ({ ru: `также пишут: ${spellings}`, en: `also written: ${spellings}` }),
  projectDictionary: { ru: 'словарь проекта', en: 'project dictionary' },
  character: { ru: 'персонаж', en: 'character' },
  closedVocabulary: { ru: 'словарь закрытый', en: 'closed vocabulary' },
  openVocabulary: { ru: 'словарь открытый', en: 'open vocabulary' },
  typicalPool: (pool: string): Text => ({ ru: `типичный пул ${pool}`, en: `typical pool ${pool}` }),
  typicalModifier: (value: string): Text => ({ ru: `типичный модификатор ${value}`, en: `typical modifier ${value}` }),
  familyClassic: { ru: 'пул к10 против сложности', en: 'd10 pool against a difficulty' },
  familyStorytelling: { ru: 'пул к10, успех на 8+, десятки перебрасываются', en: 'd10 pool, success on 8+, 10-again' },
  familyPoolMinusDifficulty: { ru: 'пул к10 минус сложность, успех на 8+', en: 'd10 pool minus difficulty, success on 8+' },
  familyD20: { ru: 'к20 + модификаторы против сложности', en: 'd20 + modifiers against a difficulty' },

  // The whole party on a check without an actor.
  partyAny: (chance: string): Text => ({ ru: `Партия: хотя бы один справится — ${chance}`, en: `Party: at least one succeeds — ${chance}` }),
  partyAll: (chance: string): Text => ({ ru: `все — ${chance}`, en: `all — ${chance}` }),
  partyAnyShort: (chance: string): Text => ({ ru: `хотя бы один ${chance}`, en: `at least one ${chance}` }),
  partyAllShort: (chance: string): Text => ({ ru: `все ${chance}`, en: `all ${chance}` }),
  partyLabel: { ru: 'партия', en: 'party' },
  partyMember: (character: string, pool: string): Text => ({ ru: `${character} (${pool})`, en: `${character} (${pool})` }),
  partyLacking: (names: string): Text => ({ ru: `Нет нужных значений в листе: ${names}.`, en: `Values missing from the sheet: ${names}.` }),
  partyLackingShort: (names: string): Text => ({ ru: `нет значений в листе: ${names}`, en: `values missing from the sheet: ${names}` }),
  partyHelping: (names: string): Text => ({ ru: `Помогает, а не бросает: ${names}.`, en: `Helping, not rolling: ${names}.` }),

  // Difficulty tuning (a code action per target chance).
  tuneDifficulty: (target: string, result: string, chance: string): Text => ({
    ru: `Подобрать сложность: ${target} → ${result} (${chance})`,
    en: `Tune the difficulty: ${target} → ${result} (${chance})`,
  }),
  difficultyValue: (value: string): Text => ({ ru: `сложность ${value}`, en: `difficulty ${value}` }),
  noModifier: { ru: 'без модификатора', en: 'no modifier' },
  whoseChance: (character: string, chance: string): Text => ({ ru: `${character} — ${chance}`, en: `${character}: ${chance}` }),

  // The scenario report (`rollmark report`, «Обзор сценария»).
  reportTitle: { ru: 'Обзор сценария', en: 'Scenario overview' },
  reportSummary: (files: string, checks: string, problems: string): Text => ({ ru: `${files}, ${checks}; ${problems}`, en: `${files}, ${checks}; ${problems}` }),
  reportCharacters: (names: string): Text => ({ ru: `Персонажи: ${names}`, en: `Characters: ${names}` }),
  reportCurveTitle: { ru: 'Кривая сложности', en: 'Difficulty curve' },
  reportCurveX: { ru: 'проверки по порядку чтения', en: 'checks in reading order' },
  reportChanceAxis: { ru: 'шанс успеха', en: 'chance of success' },
  reportHistogramTitle: { ru: 'Распределение шансов', en: 'Chances of success' },
  reportCountAxis: { ru: 'проверок', en: 'checks' },
  reportHardest: { ru: 'Самые трудные', en: 'Hardest' },
  reportEasiest: { ru: 'Самые лёгкие', en: 'Easiest' },
  reportNoSheet: { ru: 'без листа', en: 'no sheet' },
  reportCheck: { ru: 'Проверка', en: 'Check' },
  reportWhere: { ru: 'Где', en: 'Where' },
  reportWho: { ru: 'Кто', en: 'Who' },
  reportChance: { ru: 'Шанс', en: 'Chance' },
  reportAnyone: { ru: 'Хотя бы один', en: 'At least one' },
  reportEveryone: { ru: 'Все', en: 'All' },
  reportProblems: { ru: 'Проблемы', en: 'Problems' },
  reportPartiesTitle: { ru: 'Партии бок о бок: шанс дойти до сцены', en: 'Parties side by side: the chance of reaching each scene' },
  reportScene: { ru: 'Сцена', en: 'Scene' },
  reportContrastsTitle: { ru: 'Почти наверняка (больше 95 %) или почти невозможно (меньше 10 %) — не для всех', en: 'Near-certain (over 95 %) or near-impossible (under 10 %) — not for every party' },
  reportBeforeHeadings: { ru: 'До первого заголовка', en: 'Before the first heading' },
  reportUnknownChance: { ru: 'шанс неизвестен', en: 'chance unknown' },
  reportNoChecks: { ru: 'Проверок нет.', en: 'No checks.' },
  reportNoProblems: { ru: 'без проблем', en: 'no problems' },
  reportNoChances: { ru: 'Шанс не известен ни для одной проверки — графиков нет.', en: 'No check has a known chance: no charts.' },
  reportRuleset: (title: string): Text => ({ ru: `правила: ${title}`, en: `ruleset: ${title}` }),
  reportOpen: (where: string): Text => ({ ru: `Открыть ${where}`, en: `Open ${where}` }),
  reportProgress: (done: string, total: string): Text => ({ ru: `rollmark report: ${done} из ${total}`, en: `rollmark report: ${done} of ${total}` }),
  // The map of scenes (report/sceneGraph.ts).
  reportGraphTitle: { ru: 'Карта сцен: шанс дойти до каждой', en: 'Map of scenes: the chance of reaching each' },
  reportGraphTitleBy: (parties: string): Text => ({ ru: `Карта сцен: шанс дойти до каждой (${parties})`, en: `Map of scenes: the chance of reaching each (${parties})` }),
  reportGraphLegend: {
    ru: 'Сплошная стрелка — путь при успехе проверки, пунктирная — при провале, точечная — по улике, тонкая серая — обычная ссылка; ⚠ и жирная рамка — сцена висит на одном броске.',
    en: 'A solid arrow: the way on a check’s success; dashed: on its failure; dotted: a clue’s; thin grey: a plain link. ⚠ and a bold frame: the scene hangs on a single roll.',
  },
  reportGraphTooLarge: (scenes: string, limit: string): Text => ({ ru: `Сцен ${scenes} — больше ${limit}: карта не нарисована.`, en: `${scenes} scenes, more than ${limit}: the map is not drawn.` }),
  reportGraphHangs: (check: string): Text => ({ ru: `висит на одном броске: ${check}`, en: `hangs on a single roll: ${check}` }),
  reportGraphFewClues: { ru: 'меньше трёх улик', en: 'fewer than three clues' },

  // Completion templates: what each one writes.
  templateCheck: { ru: 'проверка', en: 'check' },
  templateModifier: { ru: 'проверка с модификатором', en: 'check with a modifier' },
  templateContest: { ru: 'встречная проверка', en: 'contested check' },
  templateExtended: { ru: 'продолжительное действие', en: 'extended action' },
  templateSpecialty: { ru: 'проверка со специализацией', en: 'check with a specialty' },
  templateEdge: { ru: 'с Преимуществом или Помехой', en: 'with Advantage or Hindrance' },
  templateFrontMatter: { ru: 'front matter сценария: правила и лист персонажа', en: 'scenario front matter: ruleset and a character sheet' },
  templateSheet: { ru: 'лист персонажа', en: 'character sheet' },
  // Completion: a check's parameters after «(», the front matter's keys.
  paramDifficulty: { ru: 'сложность проверки', en: 'difficulty' },
  paramSuccesses: { ru: 'продолжительное действие: сколько успехов нужно', en: 'extended action: successes needed' },
  paramRolls: { ru: 'продолжительное действие: предел бросков', en: 'extended action: roll limit' },
  paramExtended: { ru: 'продолжительное действие', en: 'extended action' },
  paramSpecialty: { ru: 'специализация применима', en: 'a specialty applies' },
  paramAdvantage: { ru: 'бросить 2к20, взять лучший', en: 'roll 2d20, keep the highest' },
  paramTwoAdvantages: { ru: 'бросить 3к20, взять лучший', en: 'roll 3d20, keep the highest' },
  paramHindrance: { ru: 'бросить 2к20, взять худший', en: 'roll 2d20, keep the lowest' },
  paramTwoHindrances: { ru: 'бросить 3к20, взять худший', en: 'roll 3d20, keep the lowest' },
  paramStatic: { ru: 'статичное значение, без броска', en: 'static value, no roll' },
  paramNineAgain: { ru: 'переброс на 9 и 10', en: '9-again' },
  paramEightAgain: { ru: 'переброс на 8, 9 и 10', en: '8-again' },
  paramNoTenAgain: { ru: 'без переброса десяток', en: 'no 10-again' },
  paramWillpowerDice: (dice: string): Text => ({ ru: `трата Воли: +${dice} кости`, en: `spend Willpower: +${dice} dice` }),
  paramWillpowerSuccess: { ru: 'трата Силы воли: автоматический успех', en: 'spend Willpower: an automatic success' },
  keyRuleset: { ru: 'правила документа', en: 'the document’s ruleset' },
  keyRulesetAlias: { ru: 'правила документа (то же, что ruleset)', en: 'the ruleset (same as ruleset)' },
  // Suppression comments' directives (analysis/document/suppressions.ts).
  directiveDisableNextLine: { ru: 'не показывать диагностики на следующей строке', en: 'ignore diagnostics on the next line' },
  directiveDisable: { ru: 'не показывать диагностики до rollmark-enable', en: 'ignore diagnostics until rollmark-enable' },
  directiveEnable: { ru: 'снова показывать диагностики', en: 'show diagnostics again' },
  keyCharacters: { ru: 'листы персонажей', en: 'character sheets' },
  keyCharactersAlias: { ru: 'листы персонажей (то же, что characters)', en: 'character sheets (same as characters)' },

  // Editor actions and the command line.
  convertProse: (count: string): Text => ({ ru: `Разметить проверки, записанные прозой (${count})`, en: `Mark up checks written as prose (${count})` }),
  fixAll: (count: string): Text => ({ ru: `Исправить всё очевидное (${count})`, en: `Fix all obvious problems (${count})` }),
  tooManyProblems: (shown: string, total: string, hidden: string): Text => ({
    ru: `Слишком много проблем: показаны ${shown} из ${total}, сначала самые серьёзные; ещё ${hidden} — по мере исправления`,
    en: `Too many problems: showing ${shown} of ${total}, the most severe first; ${hidden} more as these are fixed`,
  }),
  checkSummary: (files: string, checks: string, problems: string): Text => ({ ru: `${files}, ${checks}: ${problems}`, en: `${files}, ${checks}: ${problems}` }),
  checkingFiles: (done: string, total: string): Text => ({ ru: `Rollmark: проверка файлов, ${done} из ${total}`, en: `Rollmark: checking files, ${done} of ${total}` }),
  notChecked: (reason: string): Text => ({ ru: `Rollmark не проверил этот файл: ${reason}.`, en: `Rollmark did not check this file: ${reason}.` }),
  jobsCapped: (asked: string, threads: string): Text => ({
    ru: `--jobs ${asked} — больше, чем эта машина выполняет одновременно; анализ пойдёт в ${threads}`,
    en: `--jobs ${asked} is more than this machine runs at once; analysing on ${threads}`,
  }),

  // Files Rollmark writes (present/fileWrites.ts): why one was not written, and what to do.
  reportNotWritten: (path: string, why: string, todo: string): Text => ({ ru: `отчёт не записан в ${path}: ${why}; ${todo}`, en: `the report was not written to ${path}: ${why}; ${todo}` }),
  // `rollmark dictionary -o` and the editor's "Dictionary for LTeX+".
  spellingDictionaryNotWritten: (path: string, why: string, todo: string): Text => ({
    ru: `словарь не записан в ${path}: ${why}; ${todo}`,
    en: `the dictionary was not written to ${path}: ${why}; ${todo}`,
  }),
  outputNotWritten: (why: string): Text => ({ ru: `вывод не записан: ${why}`, en: `the output could not be written: ${why}` }),
  writeRunInput: { ru: 'этот файл читает сам запуск', en: 'this run reads that file' },
  writeScenario: { ru: 'это файл сценария (*.scenario.md)', en: 'it is a scenario file (*.scenario.md)' },
  writeProjectFile: { ru: 'это файл проекта (в папке .rollmark)', en: 'it is a project file (in .rollmark)' },
  writeMissingFolder: (folder: string): Text => ({ ru: `папки ${folder} нет`, en: `the folder ${folder} does not exist` }),
  writeDiskFull: { ru: 'на диске нет места', en: 'the disk is full' },
  writeReadOnlyDisk: { ru: 'диск доступен только для чтения', en: 'the disk is read-only' },
  writeLocked: { ru: 'его сейчас пишет другой процесс Rollmark', en: 'another Rollmark process is writing it' },
  todoOtherOutput: { ru: 'укажите в -o другой файл', en: 'name another file with -o' },
  todoWritable: { ru: 'разрешите запись в него или укажите в -o другой файл', en: 'make it writable or name another file with -o' },
  todoFileNotFolder: { ru: 'укажите в -o файл, а не папку', en: 'name a file with -o, not a folder' },
  todoCreateFolder: { ru: 'создайте её или укажите файл в существующей папке', en: 'create it or name a file in a folder that exists' },
  todoWritableFolder: { ru: 'укажите файл в папке, куда можно писать', en: 'name a file in a folder you can write to' },
  todoFreeSpace: { ru: 'освободите место или укажите файл на другом диске', en: 'free some space or name a file on another disk' },
  todoRetry: { ru: 'попробуйте ещё раз', en: 'try again' },
  unknownParty: (name: string, known: string): Text => ({
    ru: known ? `партии «${name}» нет в .rollmark/party.yaml; есть: ${known}` : `партии «${name}» нет: рядом с файлами нет .rollmark/party.yaml`,
    en: known ? `no party "${name}" in .rollmark/party.yaml; there are: ${known}` : `no party "${name}": no .rollmark/party.yaml is found for these files`,
  }),
  tooManyParties: (max: string): Text => ({ ru: `--party: сравнить можно не больше ${max} партий`, en: `--party: at most ${max} parties are compared` }),
  oneParty: (): Text => ({ ru: '--party: check проверяет с одной партией', en: '--party: check uses one party' }),
  noScenarioFiles: (paths: string): Text => ({ ru: `не найдено ни одного файла сценария в ${paths}`, en: `no scenario files found in ${paths}` }),
  noScenarioFilesToCheck: (paths: string): Text => ({
    ru: `не найдено ни одного файла сценария в ${paths} (--allow-empty разрешает пустую проверку)`,
    en: `no scenario files found in ${paths} (--allow-empty accepts that)`,
  }),
  // Choosing the document's ruleset: why the front matter cannot be edited.
  rulesetNotInFolder: (id: string): Text => ({ ru: `Правил «${id}» нет среди доступных в этой папке`, en: `There is no ruleset "${id}" in this folder` }),
  frontMatterMalformed: {
    ru: 'Front matter документа содержит ошибки: исправьте их, и правила можно будет выбрать',
    en: "The document's front matter has errors: fix them first, then choose the ruleset",
  },
  frontMatterUnclosed: {
    ru: 'Front matter документа не закрыт строкой «---»: закройте его, и правила можно будет выбрать',
    en: 'The document\'s front matter is not closed by a "---" line: close it first, then choose the ruleset',
  },
  // The comment a new project dictionary file starts with, in the author's language.
  dictionaryHeader: {
    ru: 'Словарь проекта Rollmark: черты, которые принимают все правила этой рабочей области.',
    en: 'Rollmark project dictionary: traits every ruleset accepts in this workspace.',
  },
  // Kept rolls (present/keptRoll.ts) and their lenses.
  sessionLogTitle: (date: string): Text => ({ ru: `Сессия ${date}`, en: `Session ${date}` }),
  keptLens: (summary: string): Text => ({ ru: `📌 Сохранено: ${summary}`, en: `📌 Kept: ${summary}` }),
  rollAnew: { ru: '🎲 Бросить заново', en: '🎲 Roll anew' },
  replayLens: (seed: string): Text => ({ ru: `🔁 Повторить (зерно ${seed})`, en: `🔁 Replay (seed ${seed})` }),
  keptNotAChecksFile: { ru: 'Сохранять броски можно только в файле сценария, открытом в папке рабочей области', en: 'Rolls can be kept only from a scenario file in a workspace folder' },
  ltexDictionaryNoFolder: { ru: 'Словарь для LTeX+ пишется в папку рабочей области: откройте папку проекта', en: 'The LTeX+ dictionary is written into a workspace folder: open the project folder' },
  ltexDictionaryNotWritten: (file: string, reason: string): Text => ({ ru: `Словарь для LTeX+ не записан в «${file}»: ${reason}`, en: `The LTeX+ dictionary was not written to "${file}": ${reason}` }),
  keptLogRefused: (file: string, reason: string): Text => ({ ru: `Бросок не записан в «${file}»: ${reason}`, en: `The roll was not written to "${file}": ${reason}` }),
  // The luck audit (present/luck.ts).
  auditTitle: { ru: 'Проверка удачи', en: 'Luck audit' },
  auditVerdict: (percentile: string): Text => ({
    ru: `Успехи группы — на ${percentile}-м процентиле того, что дают шансы`,
    en: `The party's successes were in the ${percentile} percentile of what the odds give`,
  }),
  auditTotals: (observed: string, expected: string, rolls: string): Text => ({
    ru: `Выпало успехов: ${observed}, ожидалось в среднем ${expected} (${rolls})`,
    en: `Successes rolled: ${observed}, expected on average ${expected} (${rolls})`,
  }),
  auditRollLine: (check: string, who: string, observed: string, expected: string, percentile: string): Text => ({
    ru: `${check}${who}: ${observed} при ожидаемых ${expected} — ${percentile}-й процентиль`,
    en: `${check}${who}: ${observed} against ${expected} expected — ${percentile} percentile`,
  }),
  auditSkipped: (check: string, reason: string): Text => ({ ru: `${check}: не учтён — ${reason}`, en: `${check}: left out — ${reason}` }),
  auditNoRolls: { ru: 'В файле нет сохранённых бросков, которые можно сравнить с шансами', en: 'The file holds no kept rolls that can be compared with the odds' },
  auditTooLarge: { ru: 'Слишком много бросков для точного расчёта', en: 'Too many rolls for the exact computation' },
  auditNoScenario: { ru: 'сценарий не найден', en: 'the scenario was not found' },
  auditNoCheck: { ru: 'проверки больше нет в сценарии', en: 'the check is no longer in the scenario' },
  auditOtherRuleset: { ru: 'правила проверки изменились', en: "the check's ruleset has changed" },
  auditNoActor: { ru: 'персонажа больше нет в партии', en: 'the character is no longer in the party' },
  auditNoSuccesses: { ru: 'у этой проверки нет распределения успехов (состязание, длительное действие, к20, неизвестный пул)', en: 'this check has no distribution of successes (a contest, an extended action, a d20 roll, an unknown pool)' },
  auditChartX: { ru: 'успехов за сессию', en: 'successes in the session' },
  auditChartY: { ru: 'вероятность', en: 'probability' },
  auditChartObserved: { ru: 'выпало', en: 'rolled' },

  // Roll twice (`дважды`) and attempts (`K попыток [штраф M]`): odds, rolls, completion (docs/markup.md).
  noteTwice: { ru: 'Бросок делается дважды, засчитывается лучший из двух результатов.', en: 'Rolled twice, the better of the two results counts.' },
  attemptsWithin: (attempts: string): Text => ({ ru: `успех за ${attempts}`, en: `success within ${attempts}` }),
  attemptsSoFar: (attempts: string): Text => ({ ru: `за ${attempts}`, en: `within ${attempts}` }),
  attemptsPenalty: (dice: string): Text => ({ ru: `каждая следующая попытка: −${dice}`, en: `each further attempt: −${dice}` }),
  attemptsDramatic: (what: string): Text => ({ ru: `${what} хотя бы раз`, en: `${what} at least once` }),
  twiceRolled: (first: string, second: string, keptSecond: boolean): Text => ({
    ru: `${first} и ${second}, засчитан ${keptSecond ? 'второй' : 'первый'}`,
    en: `${first} and ${second}, the ${keptSecond ? 'second' : 'first'} counts`,
  }),
  attemptsProgress: (made: string, count: string, dice: string): Text => ({ ru: `попытка ${made} из ${count}: ${dice}`, en: `attempt ${made} of ${count}: ${dice}` }),
  attemptNumber: (n: string, dice: string): Text => ({ ru: `попытка ${n}: ${dice}`, en: `attempt ${n}: ${dice}` }),
  noteSecondAttempt: {
    ru: 'Вторая попытка: сложность на 1 выше написанной, любой провал — болезненный (Сделку с Дьяволом предложить нельзя).',
    en: 'Second attempt: the difficulty is one higher than written, and every failure is painful (no Devil’s Bargain).',
  },
  paramSecondAttempt: { ru: 'вторая попытка: сложность +1, любой провал болезненный', en: 'second attempt: difficulty +1, every failure painful' },
  goalNotStated: { ru: 'цель задаёт Рассказчик', en: 'the Storyteller sets the goal' },
  goalHeader: { ru: 'цель', en: 'goal' },
  noteSpecial: {
    ru: 'Пул опирается на особую способность: правила состава пула к нему не применяются.',
    en: 'The pool rests on a special ability: the pool composition rules do not apply to it.',
  },
  noteNoHighCompetenceAttack: {
    ru: 'Атака: Высокая компетентность здесь не действует — базового успеха без броска нет, «неопределённость и хаос таких ситуаций делают любое действие рискованным».',
    en: 'Attack: High Competence does not apply — no base success without rolling; "the uncertainty and chaos of such situations make any action risky".',
  },
  noteNoHighCompetenceDefence: {
    ru: 'Защита: Высокая компетентность здесь не действует — базового успеха без броска нет, «неопределённость и хаос таких ситуаций делают любое действие рискованным».',
    en: 'Defence: High Competence does not apply — no base success without rolling; "the uncertainty and chaos of such situations make any action risky".',
  },
  noteDeal: {
    ru: 'Сделка с Дьяволом: после провала, но не болезненного, игрок предлагает осложнение и передаёт Рассказчику 1 Драму — результат становится базовым успехом. Раз за сцену; Рассказчик может отклонить сделку, потратив 1 Драму.',
    en: 'Devil’s Bargain: after a failure that is not painful, the player offers a complication and gives the Storyteller 1 Drama, and the result becomes a base success. Once per scene; the Storyteller may refuse by spending 1 Drama.',
  },
  dealOffer: { ru: 'можно Сделку с Дьяволом: осложнение и 1 Драма — базовый успех', en: 'a Devil’s Bargain is open: a complication and 1 Drama for a base success' },
  withDeal: { ru: 'со Сделкой с Дьяволом', en: 'with the Devil’s Bargain' },
  paramAttack: { ru: 'атака: Высокая компетентность не даёт успеха без броска', en: 'an attack: High Competence gives no success without rolling' },
  paramDefence: { ru: 'защита: Высокая компетентность не даёт успеха без броска', en: 'a defence: High Competence gives no success without rolling' },
  paramDeal: { ru: 'Сделка с Дьяволом: провал (не болезненный) — в базовый успех за осложнение и 1 Драму', en: 'Devil’s Bargain: a failure (not a painful one) becomes a base success for a complication and 1 Drama' },
  paramSpecial: { ru: 'пул на особой способности, без правил состава', en: 'a pool resting on a special ability, outside the composition rules' },
  // `+N успехов`, `прочность N`, `маневр N`, `фора N` (docs/markup.md, "Механики"): notes, rolls, completion.
  noteExtraSuccesses: (successes: string): Text => ({
    ru: `Дополнительные успехи: +${successes} к броску, давшему хотя бы один успех; бросок без успехов остаётся неудачей (или провалом).`,
    en: `Extra successes: +${successes} for a roll with at least one success; a roll without successes stays a failure (or a botch).`,
  }),
  noteDurability: (durability: string): Text => ({
    ru: `Засчитываются только успехи сверх Прочности ${durability}: успех — больше ${durability}.`,
    en: `Only successes beyond Durability ${durability} count: a success takes more than ${durability}.`,
  }),
  maneuverName: { ru: 'Маневр', en: 'Maneuver' },
  noteManeuver: (cap: string, written: string): Text => ({ ru: `Пул ограничен Маневром: ${cap} из ${written}.`, en: `The pool is capped by the vehicle’s Maneuver: ${cap} of ${written}.` }),
  noteHeadStart: (mine: string, theirs: string): Text => ({
    ru: `Фора: на старте гонки у проверяющего ${mine}, у противника — ${theirs}.`,
    en: `Head start: at the race’s start the roller has ${mine}, the opponent ${theirs}.`,
  }),
  noteReplay: {
    ru: 'Воспроизведение: каждая кость пула без успеха перебрасывается один раз; у переброшенной, как у любой кости, 10 даёт ещё бросок.',
    en: 'Replication: each die of the pool without a success is rolled once more; like any die, a 10 on it rolls again.',
  },
  replayedDice: { ru: 'воспроизведение', en: 'replicated' },
  paramReplay: { ru: 'воспроизведение: кости без успеха перебрасываются один раз', en: 'replication: dice without a success are rolled once more' },
  countedRoll: (rolled: string, counted: string): Text => ({ ru: `выпало ${rolled}, засчитано ${counted}`, en: `${rolled} rolled, ${counted} counted` }),
  paramExtraSuccesses: { ru: 'дополнительные успехи к броску, давшему хотя бы один', en: 'extra successes for a roll that has at least one' },
  paramDurability: { ru: 'Прочность объекта: засчитываются успехи сверх неё', en: 'an object’s Durability: only successes beyond it count' },
  paramManeuver: { ru: 'Маневр транспорта: пул не больше него', en: 'a vehicle’s Maneuver: the pool is at most this' },
  paramHeadStart: { ru: 'фора в гонке: успехи на старте', en: 'a race head start: successes at the start' },
  paramTwice: { ru: 'бросить дважды, взять лучший результат', en: 'roll twice, keep the better result' },
  paramAttempts: { ru: 'попытки до первого успеха, каждая на кость меньше', en: 'attempts until the first success, one die fewer each' },

  // Combat (`урон:` / `поглощение:`, 001 l.268–275, 306): odds, rolls, completion (docs/markup.md).
  combatHit: { ru: 'попадание', en: 'hit' },
  combatMiss: { ru: 'промах', en: 'miss' },
  combatMeanDamage: (levels: string): Text => ({ ru: `урон в среднем ${levels}`, en: `${levels} of damage on average` }),
  combatMeanHeader: { ru: 'урон в среднем', en: 'mean damage' },
  combatSoaked: { ru: 'весь урон поглощён', en: 'all damage soaked' },
  combatLevels: { ru: 'уровней урона:', en: 'levels of damage:' },
  combatHitDealt: (levels: string): Text => ({ ru: `попадание, урон ${levels}`, en: `hit, ${levels} of damage` }),
  combatDamageRoll: (dice: string, extra: string | undefined, roll: string): Text => ({
    ru: `урон (${dice}${extra ? `, из них ${extra} за лишние успехи` : ''}): ${roll}`,
    en: `damage (${dice}${extra ? `, ${extra} of them for extra successes` : ''}): ${roll}`,
  }),
  combatSoakRoll: (roll: string): Text => ({ ru: `поглощение: ${roll}`, en: `soak: ${roll}` }),
  noteCombat: (damage: string, soak: string | undefined): Text => ({
    ru: `Урон: ${damage} и по кости за каждый лишний успех атаки${soak ? `; поглощение: ${soak}` : ''}; сложность 6, единицы отменяют успехи, провала нет.`,
    en: `Damage: ${damage} plus a die for each extra success of the attack${soak ? `; soak: ${soak}` : ''}; difficulty 6, 1s cancel successes, no botch.`,
  }),
  paramDamage: { ru: 'атака: пул урона (и поглощения) цели', en: "an attack: the damage pool (and the target's soak)" },
} satisfies Record<string, Text | ((...args: never[]) => Text)>;

/** Nouns that follow a number, in every plural form the language has. */
export const NOUNS = {
  success: { ru: { one: 'успех', few: 'успеха', many: 'успехов', other: 'успеха' }, en: { one: 'success', other: 'successes' } },
  roll: { ru: { one: 'бросок', few: 'броска', many: 'бросков', other: 'броска' }, en: { one: 'roll', other: 'rolls' } },
  round: { ru: { one: 'раунд', few: 'раунда', many: 'раундов', other: 'раунда' }, en: { one: 'round', other: 'rounds' } },
  helper: { ru: { one: 'помощник', few: 'помощника', many: 'помощников', other: 'помощника' }, en: { one: 'helper', other: 'helpers' } },
  die: { ru: { one: 'кость', few: 'кости', many: 'костей', other: 'кости' }, en: { one: 'die', other: 'dice' } },
  trait: { ru: { one: 'черта', few: 'черты', many: 'черт', other: 'черты' }, en: { one: 'trait', other: 'traits' } },
  file: { ru: { one: 'файл', few: 'файла', many: 'файлов', other: 'файла' }, en: { one: 'file', other: 'files' } },
  check: { ru: { one: 'проверка', few: 'проверки', many: 'проверок', other: 'проверки' }, en: { one: 'check', other: 'checks' } },
  error: { ru: { one: 'ошибка', few: 'ошибки', many: 'ошибок', other: 'ошибки' }, en: { one: 'error', other: 'errors' } },
  warning: { ru: { one: 'предупреждение', few: 'предупреждения', many: 'предупреждений', other: 'предупреждения' }, en: { one: 'warning', other: 'warnings' } },
  info: { ru: { one: 'сведение', few: 'сведения', many: 'сведений', other: 'сведения' }, en: { one: 'info', other: 'infos' } },
  hint: { ru: { one: 'подсказка', few: 'подсказки', many: 'подсказок', other: 'подсказки' }, en: { one: 'hint', other: 'hints' } },
  /** After «за» / "within": the accusative («за 1 попытку», «за 2 попытки»). */
  attempt: { ru: { one: 'попытку', few: 'попытки', many: 'попыток', other: 'попытки' }, en: { one: 'attempt', other: 'attempts' } },
  thread: { ru: { one: 'поток', few: 'потока', many: 'потоков', other: 'потока' }, en: { one: 'thread', other: 'threads' } },
  /** Levels of damage (health levels, 001 l.268). */
  level: { ru: { one: 'уровень', few: 'уровня', many: 'уровней', other: 'уровня' }, en: { one: 'level', other: 'levels' } },
} satisfies Record<string, Record<Locale, PluralForms>>;

export type Noun = keyof typeof NOUNS;
