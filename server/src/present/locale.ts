/**
 * The languages Rollmark speaks. Only present/ and the edges that choose a language (the server's
 * `initialize`, the CLI's environment) know it: what the analysis computes never depends on it.
 */
export type Locale = 'ru' | 'en';
