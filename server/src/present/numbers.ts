/**
 * Numbers as a reader of the locale writes them, through `Intl`: «76 %», «0,81 %», «1,2» in
 * Russian (decimal comma, the non-breaking space Intl puts before %), «76%», «0.81%», «1.2» in
 * English; a true minus sign «−» in both.
 */
import type { Locale } from './locale';

/** Intl's locale for each of ours. */
const INTL_LOCALE: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };

/**
 * Digit grouping: Russian typography leaves four-digit numbers whole («1001», «12 001»); English
 * groups from four («1,001»).
 */
const GROUPING: Record<Locale, Intl.NumberFormatOptions['useGrouping']> = { ru: 'min2', en: 'auto' };

function cached<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

const wholePercent = cached((l) => new Intl.NumberFormat(INTL_LOCALE[l], { style: 'percent', maximumFractionDigits: 0 }));
const finePercent = cached((l) => new Intl.NumberFormat(INTL_LOCALE[l], { style: 'percent', maximumFractionDigits: 2 }));
const decimals = cached((l) => new Intl.NumberFormat(INTL_LOCALE[l], { maximumFractionDigits: 2, useGrouping: GROUPING[l] }));
const signedDecimals = cached((l) => new Intl.NumberFormat(INTL_LOCALE[l], { maximumFractionDigits: 2, useGrouping: GROUPING[l], signDisplay: 'exceptZero' }));
const megabyteFormats = cached((l) => new Intl.NumberFormat(INTL_LOCALE[l], { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }));
const plurals = cached((l) => new Intl.PluralRules(INTL_LOCALE[l]));

/** Intl writes a hyphen-minus in both locales; a number in a sentence takes the minus sign. */
function withMinusSign(format: Intl.NumberFormat, value: number): string {
  // Only a negative number (−0 included) has a sign to replace; the rest skip formatToParts' allocations.
  if (value > 0 || Object.is(value, 0)) return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'minusSign' ? '−' : part.value))
    .join('');
}

/**
 * A probability for reading: whole percents from 1 % to 99 % («76 %»), two decimals at the
 * ends where they matter («0,81 %», «99,25 %»), and never a false 0 or 100 («<0,01 %»).
 */
export function formatPercent(probability: number, locale: Locale): string {
  const percent = probability * 100;
  if (probability <= 0) return wholePercent(locale).format(0);
  if (probability >= 1) return wholePercent(locale).format(1);
  if (percent < 0.01) return `<${finePercent(locale).format(0.0001)}`;
  if (percent > 99.99) return `>${finePercent(locale).format(0.9999)}`;
  if (percent < 1 || percent > 99) return finePercent(locale).format(probability);
  return wholePercent(locale).format(probability);
}

/** An expected value or any other computed number: at most two decimals («1,2», «17,83», «−1»). */
export function formatNumber(value: number, locale: Locale): string {
  return withMinusSign(decimals(locale), value);
}

/** A modifier or a margin, signed unless zero: «+4», «−2», «0». */
export function formatSigned(value: number, locale: Locale): string {
  return withMinusSign(signedDecimals(locale), value);
}

/** The CLDR plural forms a noun takes: Russian one/few/many/other, English one/other. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * A number with its noun in the form the number asks for: «1 успех», «3 кости», «5 бросков»,
 * «1,2 успеха»; `orMore` writes «5+ успехов».
 */
export function formatCount(value: number, forms: PluralForms, locale: Locale, orMore = false): string {
  return `${formatNumber(value, locale)}${orMore ? '+' : ''} ${forms[plurals(locale).select(value)] ?? forms.other}`;
}

/** Whether a count takes a verb in the singular: «1 помощник бросает», «21 помощник бросает», but «2 помощника бросают». */
export function takesSingular(value: number, locale: Locale): boolean {
  return plurals(locale).select(value) === 'one';
}

/** A file's size or a size limit in megabytes (of 1,048,576 bytes): «10 МБ», "1.5 MB". */
export function formatMegabytes(bytes: number, locale: Locale): string {
  return megabyteFormats(locale).format(bytes / (1024 * 1024));
}
