// @nlpjs/lang-ru ships no types; Rollmark uses only its Snowball Russian stemmer, a module of its own.
declare module '@nlpjs/lang-ru/src/stemmer-ru' {
  class StemmerRu {
    stem(word: string): string;
  }
  export = StemmerRu;
}
