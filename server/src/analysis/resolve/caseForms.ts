/**
 * The singular case forms of a Russian word, for spell checkers that know only the words they are
 * given (LTeX+): the analysis recognises a trait's case forms by their stem (russianWords.ts) and
 * never has to write them, a spelling dictionary has to list them.
 *
 * The forms come from the regular endings of the word's declension, guessed from its ending
 * (noun of the first, second or third declension, or an adjective); a form is kept only when the
 * analysis's stemmer gives it the word's own stem (or that stem and one letter more), so a guessed
 * declension that changes the stem is dropped. Irregular
 * words (a fleeting vowel: «Огонь» → «Огня») get fewer forms, never wrong-stemmed ones; a word in
 * «-ь» whose gender the ending does not tell gets the forms of both genders.
 */
import { stemWord } from './russianWords';

/** After these consonants the spelling rules write «и» for «ы». */
const VELAR_OR_HUSHING = /[гкхжшщч]$/;
/** After these an unstressed «о» in an ending is written «е»; both are given, the stress is unknown. */
const HUSHING_OR_TS = /[жшщчц]$/;
/** Words in «-ь» that are feminine by their ending (хитрость, жизнь, ночь). */
const FEMININE_SOFT = /(?:сть|знь|[жшчщ]ь)$/;

/** The endings of each declension's oblique cases, by the word's ending; `stem` is the word without it. */
function endings(word: string): { cut: number; add: string[] }[] {
  const stem = (n: number) => word.slice(0, word.length - n);
  if (word.endsWith('ый')) return [{ cut: 2, add: ['ого', 'ому', 'ым', 'ом'] }];
  if (word.endsWith('ой')) return [{ cut: 2, add: ['ого', 'ому', 'ым', 'ом'] }, { cut: 1, add: ['я', 'ю', 'ем', 'е'] }];
  if (word.endsWith('ий')) {
    // After «г», «к», «х» and the hushing consonants «-ий» is an adjective's or a participle's (Высокий, Рвущий); else a noun's too (Гений).
    if (/[гкх]$/.test(stem(2))) return [{ cut: 2, add: ['ого', 'ому', 'им', 'ом'] }];
    if (/[жшщч]$/.test(stem(2))) return [{ cut: 2, add: ['его', 'ему', 'им', 'ем'] }];
    return [{ cut: 2, add: ['его', 'ему', 'им', 'ем'] }, { cut: 2, add: ['ия', 'ию', 'ием', 'ии'] }];
  }
  if (word.endsWith('ая')) return [{ cut: 2, add: ['ой', 'ую', 'ою'] }];
  if (word.endsWith('яя')) return [{ cut: 2, add: ['ей', 'юю', 'ею'] }];
  if (word.endsWith('ое')) return [{ cut: 2, add: ['ого', 'ому', 'ым', 'ом'] }];
  if (word.endsWith('ее')) return [{ cut: 2, add: ['его', 'ему', 'им', 'ем'] }];
  if (word.endsWith('ия')) return [{ cut: 1, add: ['и', 'ю', 'ей', 'ею'] }];
  if (word.endsWith('ие')) return [{ cut: 1, add: ['я', 'ю', 'ем', 'и'] }];
  if (word.endsWith('а')) return [{ cut: 1, add: [VELAR_OR_HUSHING.test(stem(1)) ? 'и' : 'ы', 'е', 'у', 'ой', 'ою', ...(HUSHING_OR_TS.test(stem(1)) ? ['ей', 'ею'] : [])] }];
  if (word.endsWith('я')) return [{ cut: 1, add: ['и', 'е', 'ю', 'ей', 'ею'] }];
  if (word.endsWith('ь')) {
    const feminine = { cut: 1, add: ['и', 'ью'] };
    return FEMININE_SOFT.test(word) ? [feminine] : [feminine, { cut: 1, add: ['я', 'ю', 'ем', 'е'] }];
  }
  if (word.endsWith('о')) return [{ cut: 1, add: ['а', 'у', 'ом', 'е'] }];
  if (word.endsWith('е')) return [{ cut: 1, add: ['я', 'ю', 'ем'] }];
  if (word.endsWith('й')) return [{ cut: 1, add: ['я', 'ю', 'ем', 'е'] }];
  if (/[бвгдзклмнпрстфхжшщчц]$/.test(word)) return [{ cut: 0, add: ['а', 'у', 'ом', 'е', ...(HUSHING_OR_TS.test(word) ? ['ем'] : [])] }];
  return [];
}

/** Only words of Russian letters, at least this long, are declined: «ОЗ» or «Сила 3» are not words to decline. */
const MIN_DECLINED_LENGTH = 3;

/**
 * The word and its singular case forms, first the word itself, each form in the word's letter
 * case (capitalised when the word is): «Атлетика» → «Атлетика», «Атлетики», «Атлетике», «Атлетику»,
 * «Атлетикой», «Атлетикою». A hyphenated word declines its first part (an adjective before its
 * noun: «Рвущий-Тени» → «Рвущего-Тени») and its last (two nouns: «Человек-Паук» → «Человек-Паука»).
 */
export function singularCaseForms(word: string): string[] {
  const forms = new Set([word]);
  const parts = word.split('-');
  for (const form of declineOne(parts[0])) forms.add([form, ...parts.slice(1)].join('-'));
  if (parts.length > 1) for (const form of declineOne(parts[parts.length - 1])) forms.add([...parts.slice(0, -1), form].join('-'));
  return [...forms];
}

/**
 * Whether two stems are of one word: equal, or one the other and a letter more — the stemmer
 * leaves the «е» of «-ей» on some forms («Гордей» → «горд», «Гордея» → «горде»).
 */
function sameStem(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.startsWith(short) && long.length - short.length <= 1;
}

function declineOne(word: string): string[] {
  if (word.length < MIN_DECLINED_LENGTH || !/^[а-яё]+$/i.test(word)) return [];
  const lower = word.toLowerCase();
  // An all-capital word is an abbreviation, not a noun to decline.
  if (lower !== word && word.toUpperCase() === word) return [];
  const capital = word[0] !== lower[0];
  const stem = stemWord(lower.replace(/ё/g, 'е'));
  const out: string[] = [];
  for (const { cut, add } of endings(lower)) {
    for (const ending of add) {
      const form = lower.slice(0, lower.length - cut) + ending;
      if (form === lower || !sameStem(stemWord(form.replace(/ё/g, 'е')), stem)) continue;
      out.push(capital ? form[0].toUpperCase() + form.slice(1) : form);
    }
  }
  return out;
}
