/**
 * fast-check arbitraries for whole scenario documents: random prose, «…» with structured or
 * random content, front matter (valid and broken YAML, random ruleset ids, character sheets),
 * Markdown blocks, mixed line ends (LF, CRLF, CR), a BOM, NBSP, tabs, astral characters,
 * unbalanced guillemets and huge numbers. Everything is built from small pieces so that a
 * failing document shrinks to a few characters.
 */
import fc from 'fast-check';
import { BUILTIN_RULESET_IDS, getBuiltinRuleset } from '../../../server/src/engine/builtinRulesets';
import type { AnalysisOptions } from '../../../server/src/analysis/types';

/** Every spelling the built-in rulesets know (names, aliases, variants, forms), deduplicated. */
function builtinSpellings(): string[] {
  const out = new Set<string>();
  for (const id of BUILTIN_RULESET_IDS) {
    const ruleset = getBuiltinRuleset(id);
    if (!ruleset) continue;
    for (const t of ruleset.traits) for (const s of [t.name, ...(t.aliases ?? []), ...(t.variants ?? []), ...(t.forms ?? [])]) out.add(s);
  }
  return [...out];
}

export const SPELLINGS: readonly string[] = builtinSpellings();

/**
 * Traits of several rulesets that documents, sheets and checks share often enough to meet: a
 * sheet's value then reaches a check's pool.
 */
const COMMON = ['Сила', 'Ловкость', 'Атлетика', 'Интеллект', 'Скрытность', 'Меткость', 'Доблесть', 'Сила Воли', 'Сила воли', 'Самообладание', 'Упорство'];

/** A known spelling, or one bent the ways authors bend them: letter case, ё/е, a typo, odd spacing. */
export const traitName: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(fc.constantFrom(...COMMON), fc.constantFrom(...SPELLINGS)), fc.nat(7), fc.nat(40))
  .map(([name, how, at]) => {
    switch (how) {
      case 0:
        return name.toLowerCase();
      case 1:
        return name.toUpperCase();
      case 2:
        return name.replace(/е/g, 'ё');
      case 3: {
        const k = at % name.length;
        return name.slice(0, k) + name.slice(k + 1); // a typo: one letter dropped
      }
      case 4:
        return name.replace(/ /g, '\u00a0');
      default:
        return name;
    }
  });

/** Numbers: ordinary, zero-padded, decimal, huge, astronomically huge. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 12 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99_999 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('007', '2.5', '0.0', '1000', '1001', '9999', '10000', '4294967296', '1e3', '٣') },
  { weight: 1, arbitrary: fc.bigInt({ min: 10n ** 15n, max: 10n ** 40n }).map(String) },
);

/** Spacing between tokens of a check: none, one space, several, NBSP, tab, a line break. */
const gap: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(' ') },
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('  ', '\u00a0', '\t', ' \u00a0 ', '\n', '\u2009') },
);

const sign: fc.Arbitrary<string> = fc.constantFrom('+', '+', '+', '-', '\u2212', '\u2013', '++', '+ −');

/** Free text of any kind: astral characters, lone guillemets and brackets, Markdown punctuation. */
export const junk: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('😀', '👩‍👩‍👧', '𝔘', '\u{1F3B2}', '«', '»', '«»', '(', ')', '[', ']', ':', ',', ';', '*', '_', '`', '\\', '<b>', '&amp;', '#', '|', '\ufeff', '\u200b', '\u0301', '\u00a0', '\t', '\r', '\uD83D', '\uDE00'),
  },
);

/** A term of an `урон:` / `поглощение:` pool: a trait, with a rating or not, or a number. */
const combatTerm: fc.Arbitrary<string> = fc.oneof(traitName, fc.tuple(traitName, numberText).map(([n, v]) => `${n} ${v}`), numberText);

const param: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: numberText.map((n) => `сложность ${n}`) },
  { weight: 1, arbitrary: numberText.map((n) => `сложность −${n}`) },
  { weight: 1, arbitrary: fc.constantFrom('сложность', 'сложность два', 'Сложность 3', 'СЛОЖНОСТЬ\u00a04', 'сложность-2') },
  { weight: 2, arbitrary: fc.tuple(numberText, fc.constantFrom('успех', 'успеха', 'успехов', 'бросок', 'броска', 'бросков')).map(([n, w]) => `${n} ${w}`) },
  { weight: 2, arbitrary: fc.tuple(fc.option(numberText, { nil: undefined }), fc.constantFrom('Преимущество', 'Преимущества', 'Помеха', 'Помехи')).map(([n, w]) => (n === undefined ? w : `${n} ${w}`)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('статичная', 'продолжительное', 'длительное', 'снова-9', 'снова-8', 'снова-7', 'без снова-10', 'специализация', 'Сила воли', 'Сила Воли', 'Воля', 'успехов', '-2 Помехи', ''),
  },
  // Roll twice, attempts with their penalty, vampire-pack's second attempt (docs/markup.md), whole and broken.
  { weight: 1, arbitrary: fc.tuple(numberText, fc.constantFrom('попытка', 'попытки', 'попыток', 'попытки штраф 2', 'попыток штраф -1', 'попытки штраф')).map(([n, w]) => `${n} ${w}`) },
  { weight: 1, arbitrary: fc.constantFrom('дважды', 'Дважды', 'штраф 2', 'штраф -1', 'штраф', 'вторая попытка', 'вторая') },
  // Combat (docs/markup.md): a damage or soak pool after a colon, whole and broken.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('урон:', 'Урон:', 'поглощение:', 'урон :', 'урон'), gap, fc.array(fc.tuple(combatTerm, gap, sign, gap), { maxLength: 3 }), fc.option(combatTerm, { nil: undefined }))
      .map(([keyword, g, parts, last]) => `${keyword}${g}${parts.map(([t, g1, s, g2]) => `${t}${g1}${s}${g2}`).join('')}${last ?? ''}`),
  },
  { weight: 1, arbitrary: junk },
);

const paramGroup: fc.Arbitrary<string> = fc
  .tuple(fc.array(param, { maxLength: 4 }), fc.constantFrom(', ', ',', '; ', ' , '), fc.nat(9))
  .map(([params, sep, close]) => `(${params.join(sep)}${close === 0 ? '' : close === 1 ? ')(' : ')'}`);

const term: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: traitName },
  { weight: 3, arbitrary: fc.tuple(traitName, gap, numberText).map(([n, g, v]) => `${n}${g}${v}`) },
  { weight: 1, arbitrary: fc.tuple(traitName, gap, fc.constantFrom('[Цифровые медиа]', '[]', '[ ]', '[Скрытность', '[😀]')).map(([n, g, s]) => `${n}${g}${s}`) },
  { weight: 2, arbitrary: numberText },
  { weight: 1, arbitrary: junk },
);

const side: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.tuple(sign, gap, term, gap), { minLength: 0, maxLength: 4 }), term, fc.option(fc.tuple(gap, paramGroup), { nil: undefined }))
  .map(([rest, first, group]) => first + rest.map(([s, g1, t, g2]) => `${g1}${s}${g2}${t}`).join('') + (group ? group.join('') : ''));

/** The content of a «…»: a check as authors write them (well or badly), or anything at all. */
export const checkContent: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.option(fc.constantFrom('Анна', 'анна', 'Катастрофа', 'Ирина', 'Незнакомец', ''), { nil: undefined }),
        side,
        fc.option(fc.tuple(fc.constantFrom(' против ', ' Против ', ' против', 'против '), side), { nil: undefined }),
      )
      .map(([actor, a, b]) => (actor === undefined ? '' : `${actor}: `) + a + (b ? b.join('') : '')),
  },
  { weight: 1, arbitrary: fc.array(fc.oneof(junk, traitName, sign, paramGroup), { maxLength: 6 }).map((parts) => parts.join(' ')) },
);

const PROSE_WORDS = [
  'бросок',
  'броска',
  'проверку',
  'проверка',
  'со сложностью',
  'сложность',
  'по сложности',
  'против',
  'или',
  'либо',
  'и',
  'раза',
  'кости',
  'Анна',
  'Сцена',
  'персонаж',
  'делает',
  'сила',
  'время',
  '/',
  '—',
  '.',
  ',',
];

const proseWord: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROSE_WORDS) },
  { weight: 4, arbitrary: traitName },
  { weight: 2, arbitrary: numberText },
  { weight: 2, arbitrary: sign },
  { weight: 1, arbitrary: paramGroup },
  { weight: 2, arbitrary: junk },
  { weight: 1, arbitrary: fc.constantFrom('*курсив*', '**жирный**', '`код`', '[ссылка](https://example.org)', '<https://example.org>', '~~зачёркнуто~~', '<span>', '![img](x.png)') },
);

/** A piece of a prose line: words, or a guillemet span (closed, unclosed, or a stray »). */
const inline: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.tuple(proseWord, gap), { minLength: 1, maxLength: 8 }).map((ws) => ws.map(([w, g]) => w + g).join('')) },
  { weight: 4, arbitrary: checkContent.map((c) => `«${c}»`) },
  { weight: 1, arbitrary: checkContent.map((c) => `«${c}`) },
  { weight: 1, arbitrary: checkContent.map((c) => `${c}»`) },
  { weight: 1, arbitrary: fc.tuple(checkContent, checkContent).map(([a, b]) => `«${a}«${b}»`) },
);

const proseLine: fc.Arbitrary<string> = fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));

/** A Markdown block as a list of lines (the line ends are chosen later). */
const block: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 6, arbitrary: fc.array(proseLine, { minLength: 1, maxLength: 3 }) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 7 }), proseLine).map(([d, l]) => [`${'#'.repeat(d)} ${l}`]) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('- ', '* ', '1. ', '  - ', '- [ ] '), proseLine).map(([m, l]) => [m + l]) },
  { weight: 1, arbitrary: proseLine.map((l) => [`> ${l}`]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('```', '~~~', '```md'), proseLine, fc.boolean()).map(([f, l, closed]) => (closed ? [f, l, f.slice(0, 3)] : [f, l])) },
  { weight: 1, arbitrary: fc.tuple(proseLine, proseLine).map(([a, b]) => [`| ${a} | x |`, '|---|---|', `| ${b} | y |`]) },
  { weight: 1, arbitrary: proseLine.map((l) => [`<div>${l}</div>`]) },
  { weight: 1, arbitrary: proseLine.map((l) => [`    ${l}`]) },
  { weight: 1, arbitrary: fc.constantFrom('---', '***', '<!-- «Сила + Атлетика» -->', '\t«Сила + Атлетика»', '').map((l) => [l]) },
);

const rulesetValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...BUILTIN_RULESET_IDS) },
  { weight: 1, arbitrary: fc.constantFrom(...BUILTIN_RULESET_IDS).map((id) => `"${id}"`) },
  { weight: 1, arbitrary: fc.constantFrom(...BUILTIN_RULESET_IDS).map((id) => `${id.slice(0, -1)}x`) },
  { weight: 1, arbitrary: fc.constantFrom('', '~', '[a, b]', '{ id: x }', '42', '"unclosed', "'", '&a vampire-pack', '*a', '|\n  storytelling', 'Vampire-Pack', 'user-rules', '😀') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

const sheetValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -2, max: 6 }).map(String) },
  { weight: 1, arbitrary: numberText },
  { weight: 1, arbitrary: fc.constantFrom('2.5', '"3"', 'три', '~', '[1, 2]', '{ a: 1 }', '-0', '0x1F', '1e400', '.inf', '') },
);

const sheetLine: fc.Arbitrary<string[]> = fc
  .tuple(fc.constantFrom('Анна', 'Ирина', 'Катастрофа', '"Незнакомец"', '😀', 'анна'), fc.array(fc.tuple(traitName, sheetValue), { maxLength: 4 }), fc.boolean())
  .map(([name, traits, flow]) =>
    flow ? [`  ${name}: { ${traits.map(([t, v]) => `${t}: ${v}`).join(', ')} }`] : [`  ${name}:`, ...traits.map(([t, v]) => `    ${t}: ${v}`)],
  );

const frontMatterLines: fc.Arbitrary<string[]> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom('ruleset', 'система', 'правила', 'Ruleset'), rulesetValue).map(([k, v]) => [`${k}: ${v}`]) },
      { weight: 3, arbitrary: fc.tuple(fc.constantFrom('characters', 'персонажи'), fc.array(sheetLine, { maxLength: 3 })).map(([k, sheets]) => [`${k}:`, ...sheets.flat()]) },
      { weight: 1, arbitrary: fc.constantFrom<readonly string[]>(['title: Сценарий'], ['characters: 5'], ['characters:', '  - Анна'], ['\tключ: значение'], ['a: [1, 2'], ['a: "unclosed'], ['- list'], ['? complex key'], ['a: &x {b: 1}', 'c: *x'], ['%YAML 1.2'], ['...'], ['"key']).map((l) => [...l]) },
      { weight: 1, arbitrary: junk.map((j) => [j]) },
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.flat());

export interface GeneratedDocument {
  text: string;
  /** What was generated, before the line ends were chosen: for messages. */
  lines: string[];
}

const EOLS = ['\n', '\r\n', '\r'] as const;

/** Line ends: all LF, all CRLF, all CR, or each line its own. */
const eolPlan: fc.Arbitrary<(i: number) => string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(() => '\n') },
  { weight: 2, arbitrary: fc.constant(() => '\r\n') },
  { weight: 1, arbitrary: fc.constant(() => '\r') },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...EOLS), { minLength: 1, maxLength: 8 }).map((plan) => (i: number) => plan[i % plan.length]) },
);

export const document: fc.Arbitrary<GeneratedDocument> = fc
  .record({
    bom: fc.nat(3).map((n) => n === 0),
    frontMatter: fc.option(fc.tuple(frontMatterLines, fc.constantFrom('---', '---', '...', '--- ', '')), { nil: undefined, freq: 3 }),
    blocks: fc.array(block, { maxLength: 6 }),
    blankBetween: fc.boolean(),
    eol: eolPlan,
    finalEol: fc.boolean(),
  })
  .map(({ bom, frontMatter, blocks, blankBetween, eol, finalEol }) => {
    const lines: string[] = [];
    if (frontMatter) lines.push('---', ...frontMatter[0], frontMatter[1]);
    blocks.forEach((b, i) => {
      if (i > 0 && blankBetween) lines.push('');
      lines.push(...b);
    });
    let text = bom ? '\ufeff' : '';
    lines.forEach((line, i) => {
      text += line;
      if (i < lines.length - 1 || finalEol) text += eol(i);
    });
    return { text, lines };
  });

/** Analysis options: any default ruleset (even an unknown one), a dictionary, prose checks on or off. */
export const analysisOptions = (rulesets: AnalysisOptions['rulesets']): fc.Arbitrary<AnalysisOptions> =>
  fc
    .record({
      defaultRuleset: fc.option(fc.constantFrom(...BUILTIN_RULESET_IDS, 'no-such-ruleset', ''), { nil: undefined }),
      dictionary: fc.array(fc.oneof(traitName, fc.constantFrom('Кибернетика', 'Пилотирование', 'бросок', '', ' ', '😀')), { maxLength: 3 }),
      proseChecks: fc.constantFrom<'on' | 'off'>('on', 'on', 'on', 'off'),
    })
    .map(({ defaultRuleset, dictionary, proseChecks }) => ({
      rulesets,
      ...(defaultRuleset === undefined ? {} : { defaultRuleset }),
      dictionary,
      proseChecks,
    }));
