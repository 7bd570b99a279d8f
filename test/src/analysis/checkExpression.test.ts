/**
 * The check-expression parser (MARKUP.md §3): exact ASTs for the contract's examples, every
 * grammar branch, every error kind at its exact range (with a near miss that must not error),
 * recovery, the §2 (a) keyword helper and the §6 canonical form.
 *
 * Ranges are absolute: every parse starts at offset OFF, so an off-by-offset bug shows.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  MAX_ERRORS,
  canonicalKeyword,
  formatCanonical,
  formatParam,
  hasParamKeyword,
  parseCheckExpression,
  pluralRu,
} from '../../../server/src/analysis/checkExpression';
import type {
  CheckExpression,
  ModifierTerm,
  Param,
  ParseError,
  ParseErrorCode,
  PoolExpr,
  Term,
  TextRange,
  TraitTerm,
} from '../../../server/src/analysis/checkExpression';

const OFF = 1000;

/** A content string with helpers that find exact document offsets in it. */
class Src {
  constructor(readonly text: string) {}

  /** The range of the nth (0-based) occurrence of `sub`. */
  at(sub: string, nth = 0): TextRange {
    let i = -1;
    for (let k = 0; k <= nth; k++) {
      i = this.text.indexOf(sub, i + 1);
      assert.ok(i >= 0, `test bug: «${sub}» #${nth} not in «${this.text}»`);
    }
    return { start: OFF + i, end: OFF + i + sub.length };
  }

  /** The zero-length range right after the nth occurrence of `sub`. */
  after(sub: string, nth = 0): TextRange {
    const r = this.at(sub, nth);
    return { start: r.end, end: r.end };
  }

  all(): TextRange {
    return { start: OFF, end: OFF + this.text.length };
  }

  parse(): CheckExpression {
    return parseCheckExpression(this.text, OFF);
  }
}

/**
 * Reads ⟦…⟧ markers (nestable; ⟦⟧ is a zero-length range) out of `marked`: the plain text
 * and the marked ranges (absolute, from OFF) in the order their ⟦ appear.
 */
function marked(marked: string): { text: string; ranges: TextRange[] } {
  let text = '';
  const open: number[] = [];
  const ranges: { order: number; range: TextRange }[] = [];
  let order = 0;
  for (const ch of marked) {
    if (ch === '⟦') open.push(text.length);
    else if (ch === '⟧') {
      const start = open.pop();
      assert.ok(start !== undefined, `test bug: unbalanced ⟧ in ${marked}`);
      ranges.push({ order: order++, range: { start: OFF + start, end: OFF + text.length } });
    } else text += ch;
  }
  assert.equal(open.length, 0, `test bug: unbalanced ⟦ in ${marked}`);
  ranges.sort((a, b) => a.range.start - b.range.start || b.range.end - a.range.end || a.order - b.order);
  return { text, ranges: ranges.map((r) => r.range) };
}

function trait(s: Src, written: string, nth = 0, extra: Partial<TraitTerm> = {}): TraitTerm {
  const nameRange = s.at(written, nth);
  return { kind: 'trait', name: written.replace(/\s+/gu, ' '), nameRange, sign: 1, range: nameRange, ...extra };
}

function modifier(s: Src, written: string, nth: number, sign: 1 | -1, signRange?: TextRange): ModifierTerm {
  const term: ModifierTerm = { kind: 'modifier', value: Number(written), sign, range: s.at(written, nth) };
  if (signRange) term.signRange = signRange;
  return term;
}

function side(terms: Term[], range: TextRange | undefined, params: Param[] = [], paramsRange?: TextRange): PoolExpr {
  const out: PoolExpr = { terms, params, paramKeywordSeen: params.length > 0 };
  if (range) out.range = range;
  if (paramsRange) out.paramsRange = paramsRange;
  return out;
}


function difficulty(s: Src, written: string, value: number, nth = 0): Param {
  const range = s.at(written, nth);
  const kw = written.split(' ')[0];
  const kwStart = range.start;
  return {
    kind: 'difficulty',
    value,
    keyword: kw,
    keywordRange: { start: kwStart, end: kwStart + kw.length },
    range,
    valueRange: { start: kwStart + kw.length + 1, end: range.end },
  };
}

/** A simplified view of errors, sorted, for comparison with marked ranges. */
function errorView(errors: readonly ParseError[]): { code: ParseErrorCode; range: TextRange }[] {
  return errors
    .map((e) => ({ code: e.code, range: e.range }))
    .sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end || a.code.localeCompare(b.code));
}

const identity = (t: TraitTerm): string => t.name;

describe('check expression parser', () => {
  describe('MARKUP §3 examples parse to the exact AST', () => {
    it('«Сила + Атлетика (сложность 2)»', () => {
      const s = new Src('Сила + Атлетика (сложность 2)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side(
            [trait(s, 'Сила'), trait(s, 'Атлетика', 0, { signRange: s.at('+') })],
            s.at('Сила + Атлетика'),
            [difficulty(s, 'сложность 2', 2)],
            s.at('(сложность 2)'),
          ),
        ],
        errors: [],
      });
    });

    it('«Ловкость + Атлетика (сложность 4)»', () => {
      const s = new Src('Ловкость + Атлетика (сложность 4)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side(
            [trait(s, 'Ловкость'), trait(s, 'Атлетика', 0, { signRange: s.at('+') })],
            s.at('Ловкость + Атлетика'),
            [difficulty(s, 'сложность 4', 4)],
            s.at('(сложность 4)'),
          ),
        ],
        errors: [],
      });
    });

    it('«Сила воли (сложность 9)»: a two-word trait', () => {
      const s = new Src('Сила воли (сложность 9)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [side([trait(s, 'Сила воли')], s.at('Сила воли'), [difficulty(s, 'сложность 9', 9)], s.at('(сложность 9)'))],
        errors: [],
      });
    });

    it('«Ловкость + Атлетизм (сложность 6, специализация)»', () => {
      const s = new Src('Ловкость + Атлетизм (сложность 6, специализация)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side(
            [trait(s, 'Ловкость'), trait(s, 'Атлетизм', 0, { signRange: s.at('+') })],
            s.at('Ловкость + Атлетизм'),
            [
              difficulty(s, 'сложность 6', 6),
              { kind: 'specialty', keyword: 'специализация', keywordRange: s.at('специализация'), range: s.at('специализация') },
            ],
            s.at('(сложность 6, специализация)'),
          ),
        ],
        errors: [],
      });
    });

    it('«Манипулирование + Хитрость против Силы Воли»: two sides', () => {
      const s = new Src('Манипулирование + Хитрость против Силы Воли');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side([trait(s, 'Манипулирование'), trait(s, 'Хитрость', 0, { signRange: s.at('+') })], s.at('Манипулирование + Хитрость')),
          side([trait(s, 'Силы Воли')], s.at('Силы Воли')),
        ],
        versus: { written: 'против', range: s.at('против') },
        errors: [],
      });
    });

    it('«Ловкость + Вождение + 3 − 4»: modifiers', () => {
      const s = new Src('Ловкость + Вождение + 3 − 4');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side(
            [
              trait(s, 'Ловкость'),
              trait(s, 'Вождение', 0, { signRange: s.at('+') }),
              modifier(s, '3', 0, 1, s.at('+', 1)),
              modifier(s, '4', 0, -1, s.at('−')),
            ],
            s.all(),
          ),
        ],
        errors: [],
      });
    });

    it('«Сообразительность + Ремесло + 3 (10 успехов, 7 бросков)»: extended', () => {
      const s = new Src('Сообразительность + Ремесло + 3 (10 успехов, 7 бросков)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side(
            [trait(s, 'Сообразительность'), trait(s, 'Ремесло', 0, { signRange: s.at('+') }), modifier(s, '3', 0, 1, s.at('+', 1))],
            s.at('Сообразительность + Ремесло + 3'),
            [
              { kind: 'successesNeeded', value: 10, keyword: 'успехов', keywordRange: s.at('успехов'), range: s.at('10 успехов'), valueRange: s.at('10') },
              { kind: 'rollLimit', value: 7, keyword: 'бросков', keywordRange: s.at('бросков'), range: s.at('7 бросков'), valueRange: s.at('7') },
            ],
            s.at('(10 успехов, 7 бросков)'),
          ),
        ],
        errors: [],
      });
    });

    it('«Катастрофа: Ловкость + Атлетика (сложность 2)»: an actor', () => {
      const s = new Src('Катастрофа: Ловкость + Атлетика (сложность 2)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        actor: { name: 'Катастрофа', range: s.at('Катастрофа') },
        sides: [
          side(
            [trait(s, 'Ловкость'), trait(s, 'Атлетика', 0, { signRange: s.at('+') })],
            s.at('Ловкость + Атлетика'),
            [difficulty(s, 'сложность 2', 2)],
            s.at('(сложность 2)'),
          ),
        ],
        errors: [],
      });
    });

    it('«Скрытность 4 (сложность 15, Преимущество)»: rating, advantage without count', () => {
      const s = new Src('Скрытность 4 (сложность 15, Преимущество)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side(
            [trait(s, 'Скрытность', 0, { rating: { value: 4, range: s.at('4') }, range: s.at('Скрытность 4') })],
            s.at('Скрытность 4'),
            [
              difficulty(s, 'сложность 15', 15),
              { kind: 'advantage', count: 1, keyword: 'Преимущество', keywordRange: s.at('Преимущество'), range: s.at('Преимущество') },
            ],
            s.at('(сложность 15, Преимущество)'),
          ),
        ],
        errors: [],
      });
    });

    it('«Доблесть 3 (сложность 12, 2 Помехи)»: counted hindrance', () => {
      const s = new Src('Доблесть 3 (сложность 12, 2 Помехи)');
      assert.deepEqual(s.parse(), {
        range: s.all(),
        sides: [
          side(
            [trait(s, 'Доблесть', 0, { rating: { value: 3, range: s.at('3') }, range: s.at('Доблесть 3') })],
            s.at('Доблесть 3'),
            [
              difficulty(s, 'сложность 12', 12),
              { kind: 'hindrance', count: 2, countRange: { start: s.at('2 Помехи').start, end: s.at('2 Помехи').start + 1 }, keyword: 'Помехи', keywordRange: s.at('Помехи'), range: s.at('2 Помехи') },
            ],
            s.at('(сложность 12, 2 Помехи)'),
          ),
        ],
        errors: [],
      });
    });
  });

  describe('terms', () => {
    it('«Сила 3 + Атлетика 3»: each rating belongs to its trait', () => {
      const s = new Src('Сила 3 + Атлетика 3');
      const [pool] = s.parse().sides;
      assert.deepEqual(pool.terms, [
        trait(s, 'Сила', 0, { rating: { value: 3, range: s.at('3', 0) }, range: s.at('Сила 3') }),
        trait(s, 'Атлетика', 0, { rating: { value: 3, range: s.at('3', 1) }, range: s.at('Атлетика 3'), signRange: s.at('+') }),
      ]);
    });

    it('«Сила воли 3»: a two-word trait with a rating', () => {
      const s = new Src('Сила воли 3');
      const ast = s.parse();
      assert.deepEqual(ast.sides[0].terms, [trait(s, 'Сила воли', 0, { rating: { value: 3, range: s.at('3') }, range: s.all() })]);
      assert.deepEqual(ast.errors, []);
    });

    it('«Интеллект + Расследование [Цифровые медиа]»: a specialty', () => {
      const s = new Src('Интеллект + Расследование [Цифровые медиа]');
      const ast = s.parse();
      assert.deepEqual(ast.sides[0].terms[1], {
        kind: 'trait',
        name: 'Расследование',
        nameRange: s.at('Расследование'),
        sign: 1,
        signRange: s.at('+'),
        specialty: { text: 'Цифровые медиа', range: s.at('Цифровые медиа'), bracketsRange: s.at('[Цифровые медиа]') },
        range: s.at('Расследование [Цифровые медиа]'),
      });
      assert.deepEqual(ast.errors, []);
    });

    it('rating and specialty together, specialty text whitespace-normalised', () => {
      const s = new Src('Ловкость 3 [ Ножи,\u00a0 кинжалы ]');
      const ast = s.parse();
      assert.deepEqual(ast.sides[0].terms, [
        trait(s, 'Ловкость', 0, {
          rating: { value: 3, range: s.at('3') },
          specialty: { text: 'Ножи, кинжалы', range: s.at('Ножи,\u00a0 кинжалы'), bracketsRange: s.at('[ Ножи,\u00a0 кинжалы ]') },
          range: s.all(),
        }),
      ]);
      assert.deepEqual(ast.errors, []);
    });

    it('trait words separated by several spaces, tabs and NBSP; name normalised, range as written', () => {
      const s = new Src('Сила \t\u00a0воли  +  Хладнокровие');
      const ast = s.parse();
      assert.equal(ast.sides[0].terms[0].kind === 'trait' && ast.sides[0].terms[0].name, 'Сила воли');
      assert.deepEqual(ast.sides[0].terms[0].range, s.at('Сила \t\u00a0воли'));
      assert.deepEqual(ast.errors, []);
    });

    it('inner hyphens and ё stay in a word; a hyphen before a digit is a minus', () => {
      const s = new Src('Кунг-фу + Тёмное искусство-3');
      const ast = s.parse();
      assert.deepEqual(ast.sides[0].terms, [
        trait(s, 'Кунг-фу'),
        trait(s, 'Тёмное искусство', 0, { signRange: s.at('+') }),
        modifier(s, '3', 0, -1, s.at('-', 1)),
      ]);
      assert.deepEqual(ast.errors, []);
    });

    for (const [dash, name] of [['-', 'hyphen'], ['\u2212', 'U+2212'], ['\u2013', 'en dash']] as const) {
      it(`minus written as ${name}`, () => {
        const s = new Src(`Сила ${dash} 2`);
        const ast = s.parse();
        assert.deepEqual(ast.sides[0].terms[1], modifier(s, '2', 0, -1, s.at(dash)));
        assert.deepEqual(ast.errors, []);
      });
    }

    it('no whitespace at all', () => {
      const s = new Src('Сила+Атлетика−1(сложность 2;специализация)');
      const ast = s.parse();
      assert.deepEqual(
        ast.sides[0].terms.map((t) => [t.kind, t.sign]),
        [['trait', 1], ['trait', 1], ['modifier', -1]],
      );
      assert.deepEqual(ast.sides[0].params.map((p) => p.kind), ['difficulty', 'specialty']);
      assert.deepEqual(ast.sides[0].paramsRange, s.at('(сложность 2;специализация)'));
      assert.deepEqual(ast.errors, []);
    });

    it('a leading sign on a modifier is part of it: «−2 + Сила», «+3»', () => {
      const s = new Src('−2 + Сила');
      const ast = s.parse();
      assert.deepEqual(ast.sides[0].terms[0], modifier(s, '2', 0, -1, s.at('−')));
      assert.deepEqual(ast.sides[0].range, s.all());
      assert.deepEqual(ast.errors, []);
      const plus = new Src('+3');
      assert.deepEqual(plus.parse().sides[0].terms, [modifier(plus, '3', 0, 1, plus.at('+'))]);
      assert.deepEqual(plus.parse().errors, []);
    });

    it('«против» is case-insensitive and each side has its own parameters', () => {
      const s = new Src('Сила + Драка (сложность 6) ПРОТИВ Ловкость + Уклонение (сложность 7, специализация)');
      const ast = s.parse();
      assert.equal(ast.sides.length, 2);
      assert.deepEqual(ast.versus, { written: 'ПРОТИВ', range: s.at('ПРОТИВ') });
      assert.deepEqual(ast.sides[0].params, [difficulty(s, 'сложность 6', 6)]);
      assert.deepEqual(ast.sides[0].paramsRange, s.at('(сложность 6)'));
      assert.deepEqual(ast.sides[1].terms.map((t) => t.kind === 'trait' && t.name), ['Ловкость', 'Уклонение']);
      assert.deepEqual(ast.sides[1].range, s.at('Ловкость + Уклонение'));
      assert.deepEqual(ast.sides[1].params.map((p) => p.kind), ['difficulty', 'specialty']);
      assert.deepEqual(ast.sides[1].paramsRange, s.at('(сложность 7, специализация)'));
      assert.deepEqual(ast.errors, []);
    });

    it('the actor is any text before a top-level «:», whitespace-normalised', () => {
      const s = new Src('  Жан-Поль \u00a0Второй :Сила');
      const ast = s.parse();
      assert.deepEqual(ast.actor, { name: 'Жан-Поль Второй', range: s.at('Жан-Поль \u00a0Второй') });
      assert.deepEqual(ast.sides[0].terms, [trait(s, 'Сила')]);
      assert.deepEqual(ast.errors, []);
    });

    it('a «:» after a bracket is not an actor separator', () => {
      const s = new Src('Сила (сложность: 2)');
      const ast = s.parse();
      assert.equal(ast.actor, undefined);
      assert.deepEqual(errorView(ast.errors), [{ code: 'bad-number', range: s.at(': 2') }]);
    });

    it('a single word is a single trait term (quotation or check is for the caller to decide)', () => {
      const s = new Src('Несколько действий');
      const ast = s.parse();
      assert.deepEqual(ast.sides, [side([trait(s, 'Несколько действий')], s.all())]);
      assert.deepEqual(ast.errors, []);
    });
  });

  describe('parameters', () => {
    const cases: [string, Partial<Param> & { kind: Param['kind'] }][] = [
      ['сложность 7', { kind: 'difficulty', value: 7, keyword: 'сложность' }],
      ['Сложность 7', { kind: 'difficulty', value: 7, keyword: 'Сложность' }],
      ['сложность −1', { kind: 'difficulty', value: -1 }],
      ['сложность - 1', { kind: 'difficulty', value: -1 }],
      ['сложность +3', { kind: 'difficulty', value: 3 }],
      ['сложность 0', { kind: 'difficulty', value: 0 }],
      ['сложность 1000', { kind: 'difficulty', value: 1000 }],
      ['1 успех', { kind: 'successesNeeded', value: 1, keyword: 'успех' }],
      ['2 успеха', { kind: 'successesNeeded', value: 2, keyword: 'успеха' }],
      ['10 УСПЕХОВ', { kind: 'successesNeeded', value: 10, keyword: 'УСПЕХОВ' }],
      ['1 бросок', { kind: 'rollLimit', value: 1, keyword: 'бросок' }],
      ['3 броска', { kind: 'rollLimit', value: 3, keyword: 'броска' }],
      ['7 бросков', { kind: 'rollLimit', value: 7, keyword: 'бросков' }],
      ['продолжительное', { kind: 'extendedMarker', form: 'продолжительное' }],
      ['Длительное', { kind: 'extendedMarker', form: 'длительное', keyword: 'Длительное' }],
      ['Преимущество', { kind: 'advantage', count: 1 }],
      ['2 Преимущества', { kind: 'advantage', count: 2, keyword: 'Преимущества' }],
      ['преимущества', { kind: 'advantage', count: 1, keyword: 'преимущества' }],
      ['Помеха', { kind: 'hindrance', count: 1 }],
      ['2 Помехи', { kind: 'hindrance', count: 2 }],
      ['+2 Помехи', { kind: 'hindrance', count: 2 }],
      ['3 ПОМЕХИ', { kind: 'hindrance', count: 3, keyword: 'ПОМЕХИ' }],
      ['статичная', { kind: 'static' }],
      ['снова-9', { kind: 'again', rule: 9, keyword: 'снова-9' }],
      ['снова−8', { kind: 'again', rule: 8, keyword: 'снова−8' }],
      ['Снова – 9', { kind: 'again', rule: 9, keyword: 'Снова – 9' }],
      ['без снова-10', { kind: 'again', rule: 'none', keyword: 'без снова-10' }],
      ['Без  снова–10', { kind: 'again', rule: 'none', keyword: 'Без снова–10' }],
      ['специализация', { kind: 'specialty' }],
      ['Сила воли', { kind: 'willpower', form: 'Сила воли', keyword: 'Сила воли' }],
      ['Сила Воли', { kind: 'willpower', form: 'Сила воли', keyword: 'Сила Воли' }],
      ['сила\u00a0 воли', { kind: 'willpower', form: 'Сила воли', keyword: 'сила воли' }],
      ['Воля', { kind: 'willpower', form: 'Воля', keyword: 'Воля' }],
    ];
    for (const [written, expected] of cases) {
      it(`(${written})`, () => {
        const s = new Src(`Сила (${written})`);
        const ast = s.parse();
        assert.deepEqual(ast.errors, []);
        assert.equal(ast.sides[0].params.length, 1);
        const param = ast.sides[0].params[0];
        assert.deepEqual(param.range, s.at(written));
        for (const [k, v] of Object.entries(expected)) assert.deepEqual((param as unknown as Record<string, unknown>)[k], v, k);
        assert.ok(hasParamKeyword(ast));
      });
    }

    it('ranges of a counted parameter', () => {
      const s = new Src('Сила (3 Преимущества)');
      assert.deepEqual(s.parse().sides[0].params, [
        { kind: 'advantage', count: 3, countRange: s.at('3'), keyword: 'Преимущества', keywordRange: s.at('Преимущества'), range: s.at('3 Преимущества') },
      ]);
    });

    it('ranges of an again option and of a signed difficulty', () => {
      const s = new Src('Сила (без  снова-10; сложность −2)');
      assert.deepEqual(s.parse().sides[0].params, [
        { kind: 'again', rule: 'none', keyword: 'без снова-10', keywordRange: s.at('без  снова-10'), range: s.at('без  снова-10') },
        { kind: 'difficulty', value: -2, keyword: 'сложность', keywordRange: s.at('сложность'), range: s.at('сложность −2'), valueRange: s.at('−2') },
      ]);
    });

    it('all parameters at once, both separators, written order kept', () => {
      const s = new Src('Сила (специализация; сложность 6, 5 успехов; 3 броска, длительное, Помеха, Преимущество, статичная, снова-8, Воля)');
      const ast = s.parse();
      assert.deepEqual(ast.errors, []);
      assert.deepEqual(
        ast.sides[0].params.map((p) => p.kind),
        ['specialty', 'difficulty', 'successesNeeded', 'rollLimit', 'extendedMarker', 'hindrance', 'advantage', 'static', 'again', 'willpower'],
      );
    });
  });

  describe('errors at their exact range (hit), and near misses that must not error', () => {
    const hits: [string, ParseErrorCode[]][] = [
      // empty
      ['⟦⟧', ['empty']],
      ['⟦   ⟧', ['empty']],
      ['⟦\u00a0\t\n⟧', ['empty']],
      // empty-actor
      ['⟦:⟧ Сила', ['empty-actor']],
      // missing-term
      ['Катастрофа:⟦⟧', ['missing-term']],
      ['Катастрофа:⟦⟧ (сложность 2)', ['missing-term']],
      ['Сила против⟦⟧', ['missing-term']],
      ['Сила против⟦⟧ (сложность 2)', ['missing-term']],
      ['⟦⟧(сложность 2)', ['missing-term']],
      ['⟦⟧против Сила', ['missing-term']],
      // dangling-sign
      ['Сила ⟦+⟧', ['dangling-sign']],
      ['Сила ⟦+⟧ (сложность 2)', ['dangling-sign']],
      ['Сила +⟦+⟧ Атлетика', ['dangling-sign']],
      ['Сила − ⟦−⟧2', ['dangling-sign']],
      ['⟦−⟧Сила', ['dangling-sign']],
      ['⟦+⟧', ['dangling-sign']],
      ['Сила ⟦+⟧ против Ловкость', ['dangling-sign']],
      ['Сила против ⟦−⟧Ловкость', ['dangling-sign']],
      // missing-sign
      ['Сила 3 ⟦Атлетика⟧', ['missing-sign']],
      ['Сила 3 ⟦4⟧', ['missing-sign']],
      ['Сила [Ножи] ⟦Атлетика⟧', ['missing-sign']],
      // bad-number
      ['Сила + ⟦99999999999999999999⟧', ['bad-number']],
      ['Сила + ⟦1001⟧', ['bad-number']],
      ['Сила ⟦00012345⟧', ['bad-number']],
      ['Сила + ⟦2.5⟧', ['bad-number']],
      ['Сила (сложность ⟦99999⟧)', ['bad-number']],
      ['Сила (сложность ⟦−1001⟧)', ['bad-number']],
      ['Сила (сложность ⟦два⟧)', ['bad-number']],
      ['Сила (сложность ⟦2.5⟧)', ['bad-number']],
      ['Сила (⟦-2⟧ Помехи)', ['bad-number']],
      ['Сила (⟦5000⟧ успехов)', ['bad-number']],
      // missing-number
      ['Сила + Атлетика (сложность⟦⟧)', ['missing-number']],
      ['Сила (⟦⟧успехов)', ['missing-number']],
      ['Сила (⟦⟧броска, сложность 2)', ['missing-number']],
      // unknown-param
      ['Сила + Атлетика (⟦трудность 3⟧)', ['unknown-param']],
      ['Сила (⟦снова-7⟧)', ['unknown-param']],
      ['Сила (⟦снова-10⟧)', ['unknown-param']],
      ['Сила (⟦без снова-9⟧)', ['unknown-param']],
      ['Сила (⟦10⟧)', ['unknown-param']],
      ['Сила (⟦сила⟧)', ['unknown-param']],
      ['Сила (⟦со сложностью 2⟧)', ['unknown-param']],
      ['Сила (⟦5 Помех⟧)', ['unknown-param']],
      ['Сила (⟦!⟧)', ['unknown-param']],
      // duplicate-param
      ['Сила (сложность 2, ⟦сложность 3⟧)', ['duplicate-param']],
      ['Сила (снова-9; ⟦без снова-10⟧)', ['duplicate-param']],
      ['Сила (Воля, ⟦Сила воли⟧)', ['duplicate-param']],
      // empty-param
      ['Сила ⟦()⟧', ['empty-param']],
      ['Сила ⟦(  )⟧', ['empty-param']],
      ['Сила (сложность 2⟦,⟧)', ['empty-param']],
      ['Сила (⟦;⟧ сложность 2)', ['empty-param']],
      ['Сила (сложность 2,⟦,⟧ статичная)', ['empty-param']],
      // unclosed-paren
      ['Сила + Атлетика ⟦(⟧сложность 2', ['unclosed-paren']],
      ['Сила ⟦(⟧', ['unclosed-paren']],
      ['Сила ⟦(⟧сложность 2 против Ловкость (сложность 3)', ['unclosed-paren']],
      // unclosed-bracket
      ['Сила ⟦[⟧Ножи', ['unclosed-bracket']],
      ['Сила ⟦[⟧Ножи (сложность 2)', ['unclosed-bracket']],
      // empty-specialty
      ['Сила ⟦[]⟧', ['empty-specialty']],
      ['Сила 3 ⟦[ \u00a0]⟧ + Ловкость', ['empty-specialty']],
      // unexpected-token
      ['Сила ⟦!⟧', ['unexpected-token']],
      ['Сила ⟦! ?⟧ Атлетика', ['unexpected-token']],
      ['Сила ⟦)⟧', ['unexpected-token']],
      ['Сила ⟦]⟧', ['unexpected-token']],
      ['Катастрофа: Сила ⟦:⟧ Атлетика', ['unexpected-token']],
      ['Сила (сложность 2) ⟦+⟧ 3', ['unexpected-token']],
      ['Сила (сложность 2) ⟦Атлетика⟧', ['unexpected-token']],
      ['Сила (сложность 2) ⟦(⟧статичная)', ['unexpected-token']],
      ['Сила против Ловкость ⟦против⟧ Выносливость', ['unexpected-token']],
      ['Сила + 3 ⟦[Ножи]⟧', ['unexpected-token']],
      ['Сила (сложность 2 ⟦3 4⟧)', ['unexpected-token']],
      ['Сила (статичная ⟦value⟧)', ['unexpected-token']],
      // An em dash is not a sign (MARKUP lists -, −, –).
      ['Сила ⟦—⟧ Атлетика', ['unexpected-token']],
      ['Сила ⟦«⟧', ['unexpected-token']],
    ];

    for (const [src, codes] of hits) {
      it(`${codes.join(', ')}: ${JSON.stringify(src)}`, () => {
        const { text, ranges } = marked(src);
        assert.equal(ranges.length, codes.length, 'test bug: one marker per error');
        const ast = parseCheckExpression(text, OFF);
        const expected = codes.map((code, k) => ({ code, range: ranges[k] }));
        assert.deepEqual(errorView(ast.errors), errorView(expected.map((e) => ({ ...e, text: '' }))));
        for (const e of ast.errors) assert.equal(e.text, text.slice(e.range.start - OFF, e.range.end - OFF));
      });
    }

    const nearMisses = [
      'Сила',
      '0',
      'Катастрофа: Сила',
      'Сила против Ловкости',
      'Сила (сложность 2) против Ловкость',
      '−2 + Сила',
      '+3',
      'Сила − 2',
      'Сила − 2 + 1000',
      'Сила воли 3',
      'Сила 3 + Атлетика 3',
      'Сила 0007',
      'Сила (сложность −1)',
      'Сила (сложность 2)',
      'Сила (10 успехов)',
      'Сила (снова-9)',
      'Сила (Преимущество, Помеха)',
      'Сила (сложность 2; статичная)',
      'Сила (  сложность 2  )',
      'Сила [Ножи]',
      'Сила [Ножи] + Атлетика',
      'Кунг-фу',
    ];
    for (const src of nearMisses) {
      it(`no error: «${src}»`, () => {
        assert.deepEqual(parseCheckExpression(src, OFF).errors, []);
      });
    }

    it('error data: param and reason', () => {
      const pick = (src: string) => parseCheckExpression(src, OFF).errors.map((e) => ({ code: e.code, param: e.param, reason: e.reason }));
      assert.deepEqual(pick('Сила + 99999999999999999999'), [{ code: 'bad-number', param: undefined, reason: 'too-large' }]);
      assert.deepEqual(pick('Сила 2.5'), [{ code: 'bad-number', param: undefined, reason: 'not-integer' }]);
      assert.deepEqual(pick('Сила (сложность два)'), [{ code: 'bad-number', param: 'difficulty', reason: 'not-a-number' }]);
      assert.deepEqual(pick('Сила (-2 Помехи)'), [{ code: 'bad-number', param: 'hindrance', reason: 'negative' }]);
      assert.deepEqual(pick('Сила (2.0 успеха)'), [{ code: 'bad-number', param: 'successesNeeded', reason: 'not-integer' }]);
      assert.deepEqual(pick('Сила (сложность)'), [{ code: 'missing-number', param: 'difficulty', reason: undefined }]);
      assert.deepEqual(pick('Сила (бросков)'), [{ code: 'missing-number', param: 'rollLimit', reason: undefined }]);
      assert.deepEqual(pick('Сила (Помеха, Помеха)'), [{ code: 'duplicate-param', param: 'hindrance', reason: undefined }]);
    });

    it('the empty error covers the whole content', () => {
      const ast = parseCheckExpression('  ', OFF);
      assert.deepEqual(ast.errors, [{ code: 'empty', range: { start: OFF, end: OFF + 2 }, text: '  ' }]);
      assert.deepEqual(ast.sides, [{ terms: [], params: [], paramKeywordSeen: false }]);
    });
  });

  describe('recovery: one error does not hide the rest', () => {
    it('bad parameters among good ones', () => {
      const s = new Src('Сила (трудность 3, сложность 2, снова-7, статичная, сложность)');
      const ast = s.parse();
      assert.deepEqual(errorView(ast.errors), [
        { code: 'unknown-param', range: s.at('трудность 3') },
        { code: 'unknown-param', range: s.at('снова-7') },
        { code: 'missing-number', range: s.after('сложность', 1) },
      ]);
      assert.deepEqual(ast.sides[0].params.map((p) => p.kind), ['difficulty', 'static']);
      assert.equal(ast.sides[0].params[0].kind === 'difficulty' && ast.sides[0].params[0].value, 2);
    });

    it('sign errors and a parameter error in one check; terms kept', () => {
      const s = new Src('Сила ++ Атлетика − (сложность)');
      const ast = s.parse();
      assert.deepEqual(errorView(ast.errors), [
        { code: 'dangling-sign', range: s.at('+', 1) },
        { code: 'dangling-sign', range: s.at('−') },
        { code: 'missing-number', range: s.after('сложность') },
      ]);
      assert.deepEqual(ast.sides[0].terms.map((t) => t.kind === 'trait' && t.name), ['Сила', 'Атлетика']);
      assert.deepEqual(ast.sides[0].terms[1].signRange, s.at('+', 0));
      assert.ok(hasParamKeyword(ast));
    });

    it('a bad number keeps its term (NaN value) so the pool still has two terms', () => {
      const s = new Src('Сила + 99999999999999999999');
      const terms = s.parse().sides[0].terms;
      assert.equal(terms.length, 2);
      assert.equal(terms[1].kind, 'modifier');
      assert.ok(terms[1].kind === 'modifier' && Number.isNaN(terms[1].value));
      const r = new Src('Сила 5000 + Ловкость');
      const rt = r.parse().sides[0].terms;
      assert.ok(rt[0].kind === 'trait' && rt[0].rating !== undefined && Number.isNaN(rt[0].rating.value));
      assert.deepEqual(rt[0].kind === 'trait' && rt[0].rating?.range, r.at('5000'));
      assert.equal(rt.length, 2);
    });

    it('an unclosed group ends at «против»: the second side is still parsed', () => {
      const s = new Src('Сила (сложность 2 против Ловкость (сложность 3)');
      const ast = s.parse();
      assert.equal(ast.sides.length, 2);
      assert.deepEqual(ast.sides[0].paramsRange, s.at('(сложность 2'));
      assert.deepEqual(ast.sides[0].params, [difficulty(s, 'сложность 2', 2)]);
      assert.deepEqual(ast.sides[1].params, [difficulty(s, 'сложность 3', 3)]);
      assert.deepEqual(ast.sides[1].paramsRange, s.at('(сложность 3)'));
    });

    it('«против» inside a closed group is just an unknown parameter', () => {
      const s = new Src('Сила (против)');
      const ast = s.parse();
      assert.equal(ast.sides.length, 1);
      assert.deepEqual(errorView(ast.errors), [{ code: 'unknown-param', range: s.at('против') }]);
    });

    it('an unclosed bracket ends before the group: the group is still parsed', () => {
      const s = new Src('Сила [Ножи (сложность 2)');
      const ast = s.parse();
      const t = ast.sides[0].terms[0];
      assert.deepEqual(t.kind === 'trait' && t.specialty, { text: 'Ножи', range: s.at('Ножи'), bracketsRange: s.at('[Ножи') });
      assert.deepEqual(ast.sides[0].params, [difficulty(s, 'сложность 2', 2)]);
    });

    it('a specialty may contain anything but brackets, «против» included', () => {
      const s = new Src('Сила [Борьба против нежити, +2] против Ловкость');
      const ast = s.parse();
      assert.deepEqual(ast.errors, []);
      assert.equal(ast.sides.length, 2);
      const t = ast.sides[0].terms[0];
      assert.equal(t.kind === 'trait' && t.specialty?.text, 'Борьба против нежити, +2');
      assert.deepEqual(ast.versus?.range, s.at('против', 1));
    });

    it('a second «против» is flagged and the rest is kept in the second side', () => {
      const s = new Src('Сила против Ловкость против Выносливость');
      const ast = s.parse();
      assert.equal(ast.sides.length, 2);
      assert.deepEqual(ast.sides[1].terms.map((t) => t.kind === 'trait' && t.name), ['Ловкость', 'Выносливость']);
      assert.deepEqual(errorView(ast.errors), [{ code: 'unexpected-token', range: s.at('против', 1) }]);
    });

    it('a duplicated parameter is left out; the first one wins', () => {
      const s = new Src('Сила (сложность 2, сложность 3)');
      assert.deepEqual(s.parse().sides[0].params, [difficulty(s, 'сложность 2', 2)]);
    });

    it('errors come in document order', () => {
      const ast = parseCheckExpression('Сила ++ Атлетика (сложность) !', 0);
      const starts = ast.errors.map((e) => e.range.start);
      assert.deepEqual(starts, [...starts].sort((a, b) => a - b));
      assert.deepEqual(ast.errors.map((e) => e.code), ['dangling-sign', 'missing-number', 'unexpected-token']);
    });

    it('at most MAX_ERRORS errors', () => {
      const ast = parseCheckExpression('Сила ' + '+'.repeat(10 * MAX_ERRORS), 0);
      assert.equal(ast.errors.length, MAX_ERRORS);
    });
  });

  describe('hasParamKeyword (MARKUP §2 a)', () => {
    const yes = ['Сила (сложность 2)', 'Сила (сложность)', 'Сила (сложность два)', '(сложность 2)', 'Сила (снова-7)', 'Сила (трудность 3, статичная)', 'Сила против Ловкость (Преимущество)', 'Сила (5 успехов)', 'Война и мир (Воля)', 'Сила + (сложность 2'];
    const no = ['Сила + Атлетика', 'Война и мир (роман)', 'Сила (трудность 3)', 'Сила (10)', 'Сила (сила)', 'Сила (по сложности 3)', 'сложность 2', '+3', ''];
    for (const src of yes) it(`yes: «${src}»`, () => assert.equal(hasParamKeyword(parseCheckExpression(src)), true));
    for (const src of no) it(`no: «${src}»`, () => assert.equal(hasParamKeyword(parseCheckExpression(src)), false));
  });

  describe('formatCanonical (MARKUP §6)', () => {
    const canonical: Record<string, string> = { сила: 'Сила', атлетика: 'Атлетика', ловкость: 'Ловкость', скрытность: 'Скрытность' };
    const byDict = (t: TraitTerm): string => canonical[t.name.toLowerCase()] ?? t.name;
    const cases: [string, string][] = [
      ['Сила+Атлетика(сложность 2)', 'Сила + Атлетика (сложность 2)'],
      ['сила  -  2', 'Сила − 2'],
      ['Ловкость + Вождение + 3 – 4', 'Ловкость + Вождение + 3 − 4'],
      ['-2 + сила', '−2 + Сила'],
      ['Скрытность 4 (Преимущество, сложность 15)', 'Скрытность 4 (сложность 15, Преимущество)'],
      ['Доблесть 3 (2 помехи; СЛОЖНОСТЬ 12)', 'Доблесть 3 (сложность 12, 2 Помехи)'],
      ['Сила (1 Помеха)', 'Сила (Помеха)'],
      ['Сила (1 преимущества)', 'Сила (Преимущество)'],
      ['Сила (3 Преимущество)', 'Сила (3 Преимущества)'],
      ['Сила (3 успехов, 2 бросков)', 'Сила (3 успеха, 2 броска)'],
      ['Сила (21 успехов, 5 бросок)', 'Сила (21 успех, 5 бросков)'],
      ['Сила (11 успех, 1 броска)', 'Сила (11 успехов, 1 бросок)'],
      ['Сила (снова – 9)', 'Сила (снова-9)'],
      ['Сила (БЕЗ СНОВА−10)', 'Сила (без снова-10)'],
      ['Сила (сила  воли)', 'Сила (Сила воли)'],
      ['Сила (воля; Длительное)', 'Сила (Воля, длительное)'],
      ['Сила (сложность -1)', 'Сила (сложность −1)'],
      ['Сила (сложность +3)', 'Сила (сложность 3)'],
      ['Сила (СТАТИЧНАЯ ; Специализация)', 'Сила (статичная, специализация)'],
      ['Катастрофа :ловкость', 'Катастрофа: Ловкость'],
      ['сила 3 [ Ножи ,  кинжалы ]+атлетика 0', 'Сила 3 [Ножи , кинжалы] + Атлетика 0'],
      ['Сила (сложность 6)  Против  Ловкость(сложность 7)', 'Сила (сложность 6) против Ловкость (сложность 7)'],
    ];
    for (const [src, expected] of cases) {
      it(`«${src}» → «${expected}»`, () => {
        const ast = parseCheckExpression(src, OFF);
        assert.deepEqual(ast.errors, []);
        assert.equal(formatCanonical(ast, byDict), expected);
      });
    }

    it('passes the side index to canonicalName (genitive after «против»)', () => {
      const seen: [string, number][] = [];
      const out = formatCanonical(parseCheckExpression('Манипулирование + Хитрость против Силы Воли'), (t, side) => {
        seen.push([t.name, side]);
        return side === 1 ? 'Силы воли' : t.name;
      });
      assert.deepEqual(seen, [['Манипулирование', 0], ['Хитрость', 0], ['Силы Воли', 1]]);
      assert.equal(out, 'Манипулирование + Хитрость против Силы воли');
    });

    it('the Willpower spelling can come from the ruleset', () => {
      const ast = parseCheckExpression('Сила (сила воли)');
      assert.equal(formatCanonical(ast, identity, { willpower: 'Сила Воли' }), 'Сила (Сила Воли)');
      assert.equal(formatCanonical(ast, identity), 'Сила (Сила воли)');
    });

    it('canonicalKeyword tells a non-canonical keyword (RM010)', () => {
      const params = parseCheckExpression('Сила (Сложность 2, 5 успеха, снова -9, Помехи)').sides[0].params;
      assert.deepEqual(params.map((p) => [p.keyword, canonicalKeyword(p)]), [
        ['Сложность', 'сложность'],
        ['успеха', 'успехов'],
        ['снова -9', 'снова-9'],
        ['Помехи', 'Помеха'],
      ]);
      assert.deepEqual(params.map((p) => formatParam(p)), ['сложность 2', '5 успехов', 'снова-9', 'Помеха']);
    });

    it('Russian plural forms', () => {
      const forms = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112].map((n) => `${n} ${pluralRu(n, 'успех', 'успеха', 'успехов')}`);
      assert.deepEqual(forms, ['0 успехов', '1 успех', '2 успеха', '4 успеха', '5 успехов', '11 успехов', '12 успехов', '14 успехов', '21 успех', '22 успеха', '25 успехов', '101 успех', '111 успехов', '112 успехов']);
    });
  });

  describe('robustness', () => {
    /** Every range lies inside the content and every error's text is the content at its range. */
    function checkInvariants(content: string, ast: CheckExpression): void {
      const inside = (r: TextRange | undefined, what: string) => {
        if (!r) return;
        assert.ok(r.start >= OFF && r.start <= r.end && r.end <= OFF + content.length, `${what} ${JSON.stringify(r)} outside «${content}»`);
      };
      inside(ast.range, 'range');
      inside(ast.actor?.range, 'actor');
      inside(ast.versus?.range, 'versus');
      assert.ok(ast.sides.length === 1 || ast.sides.length === 2);
      for (const s of ast.sides) {
        inside(s.range, 'side');
        inside(s.paramsRange, 'params');
        for (const t of s.terms) {
          inside(t.range, 'term');
          inside(t.signRange, 'sign');
          if (t.kind === 'trait') {
            inside(t.nameRange, 'name');
            inside(t.rating?.range, 'rating');
            inside(t.specialty?.range, 'specialty');
          }
        }
        for (const p of s.params) {
          inside(p.range, 'param');
          inside(p.keywordRange, 'keyword');
        }
      }
      assert.ok(ast.errors.length <= MAX_ERRORS);
      for (const e of ast.errors) {
        inside(e.range, e.code);
        assert.equal(e.text, content.slice(e.range.start - OFF, e.range.end - OFF));
      }
    }

    const pieces = ['Сила', ' ', 'воли', 'против', '+', '-', '−', '–', '(', ')', '[', ']', ':', ',', ';', '3', '99999', '2.5', 'сложность', 'успехов', 'Помехи', 'снова', 'без', '\u00a0', '😀', '\n', 'ё', 'Кунг-фу', '!'];
    const grammarish = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((a) => a.join(''));

    it('never throws, ranges stay inside the content (grammar-like input)', () => {
      fc.assert(
        fc.property(grammarish, (content) => {
          checkInvariants(content, parseCheckExpression(content, OFF));
        }),
        { numRuns: 3000 },
      );
    });

    it('never throws on arbitrary strings, lone surrogates included', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (content) => {
          checkInvariants(content, parseCheckExpression(content, OFF));
        }),
        { numRuns: 2000 },
      );
    });

    it('the canonical form of a well-formed check parses without errors to the same canonical form', () => {
      fc.assert(
        fc.property(grammarish, (content) => {
          const ast = parseCheckExpression(content, OFF);
          if (ast.errors.length > 0) return;
          const once = formatCanonical(ast, identity);
          const again = parseCheckExpression(once, OFF);
          assert.deepEqual(again.errors, [], `«${content}» → «${once}»`);
          assert.equal(formatCanonical(again, identity), once);
        }),
        { numRuns: 3000 },
      );
    });

    it('a 1 MB content parses in linear time', () => {
      const mb = 1 << 20;
      const inputs = [
        'Сила + Атлетика 3 '.repeat(mb / 18),
        '+'.repeat(mb),
        '('.repeat(mb),
        '['.repeat(mb),
        'Сила (' + 'сложность 2, '.repeat(mb / 13),
        'против '.repeat(mb / 7),
        'слово '.repeat(mb / 6),
      ];
      for (const input of inputs) {
        const started = Date.now();
        const ast = parseCheckExpression(input, OFF);
        const ms = Date.now() - started;
        assert.ok(ms < 3000, `${ms} ms for ${input.slice(0, 20)}…`);
        assert.ok(ast.errors.length <= MAX_ERRORS);
      }
    });
  });
});
