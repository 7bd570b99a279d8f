// @nlpjs/lang-ru ships no types; Rollmark uses only its Snowball Russian stemmer.
declare module '@nlpjs/lang-ru' {
  export class StemmerRu {
    stem(word: string): string;
  }
}
