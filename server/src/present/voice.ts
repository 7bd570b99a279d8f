/**
 * The catalog and the number formats bound to one locale: what every formatter speaks with.
 * `voice('ru').w.partOf('…')` is the catalog's phrase in Russian.
 */
import type { Locale } from './locale';
import { formatCount, formatMegabytes, formatNumber, formatPercent, formatSigned, takesSingular } from './numbers';
import { type Noun, NOUNS, type Text, WORDS } from './words';

type Entry = Text | ((...args: never[]) => Text);

/** A catalog with one language picked: words become strings, phrases return strings. */
export type Spoken<C extends Record<string, Entry>> = {
  readonly [K in keyof C]: C[K] extends (...args: infer A) => Text ? (...args: A) => string : string;
};

function speak<C extends Record<string, Entry>>(catalog: C, locale: Locale): Spoken<C> {
  const spoken: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(catalog)) {
    spoken[key] = typeof entry === 'function' ? (...args: never[]) => entry(...args)[locale] : entry[locale];
  }
  return spoken as Spoken<C>;
}

export interface Voice {
  readonly locale: Locale;
  /** The word catalog in this language. */
  readonly w: Spoken<typeof WORDS>;
  percent(probability: number): string;
  number(value: number): string;
  signed(value: number): string;
  /** A size in bytes as megabytes: «10 МБ». */
  megabytes(bytes: number): string;
  /** «4 броска», «1 die»; `orMore`: «5+ успехов». */
  count(value: number, noun: Noun, orMore?: boolean): string;
  /** Whether a count of `value` takes a verb in the singular («1 помощник бросает»). */
  singular(value: number): boolean;
  /** A `{ ru, en }` pair from data (a ruleset's outcome names, titles). */
  pick(text: Text): string;
}

function makeVoice(locale: Locale): Voice {
  return {
    locale,
    w: speak(WORDS, locale),
    percent: (probability) => formatPercent(probability, locale),
    number: (value) => formatNumber(value, locale),
    signed: (value) => formatSigned(value, locale),
    megabytes: (bytes) => formatMegabytes(bytes, locale),
    count: (value, noun, orMore) => formatCount(value, NOUNS[noun][locale], locale, orMore),
    singular: (value) => takesSingular(value, locale),
    pick: (text) => text[locale],
  };
}

const VOICES: Record<Locale, Voice> = { ru: makeVoice('ru'), en: makeVoice('en') };

export function voice(locale: Locale): Voice {
  return VOICES[locale];
}

/** The first letter in upper case, for a phrase that starts a line. */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
