// The stemmer's own module: the package's index also loads a 330 KiB sentiment lexicon.
import StemmerRu from '@nlpjs/lang-ru/src/stemmer-ru';

const stemmer = new StemmerRu();
const stemCache = new Map<string, string>();
/** Stems repeat endlessly in a long document; the cache is bounded so a hostile one cannot grow it forever. */
const STEM_CACHE_LIMIT = 50_000;

/** Letter case, ё/е and runs of spaces (NBSP included) do not distinguish two spellings. */
export function normalizeWords(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/[\s\u00a0]+/g, ' ').trim();
}

/** The Snowball stem of one lower-case word. */
export function stemWord(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = word.length <= 2 ? word : stemmer.stem(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(word, stem);
  }
  return stem;
}

/** A key under which every grammatical case of a (multi-word) name meets: «Силы Воли» → «сил вол». */
export function stemKey(text: string): string {
  return normalizeWords(text)
    .split(' ')
    .map((word) => word.split('-').map(stemWord).join('-'))
    .join(' ');
}
