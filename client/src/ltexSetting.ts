/**
 * LTeX+'s `ltex.dictionary` setting with Rollmark's dictionary file in it: an object of language
 * codes (`ru-RU`), each a list of words and `:`-prefixed external files. Kept apart from VS Code so
 * that it is tested on its own (test/src/client/ltexSetting.test.ts).
 */

/** The language LTeX+ checks Russian scenarios as. */
export const LTEX_RUSSIAN = 'ru-RU';

/** The setting's entry for an external file: its absolute path after a colon. */
export function ltexFileEntry(fsPath: string): string {
  return `:${fsPath}`;
}

/**
 * The setting with `entry` added to the Russian list, everything else as it was; undefined when
 * the entry is there already. A setting of another shape (hand-edited into a string) is replaced
 * only by what LTeX+ reads: an object of lists.
 */
export function withLtexEntry(current: unknown, entry: string): Record<string, unknown> | undefined {
  const setting: Record<string, unknown> = typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...(current as Record<string, unknown>) } : {};
  const list = Array.isArray(setting[LTEX_RUSSIAN]) ? (setting[LTEX_RUSSIAN] as unknown[]) : [];
  if (list.includes(entry)) return undefined;
  setting[LTEX_RUSSIAN] = [...list, entry];
  return setting;
}
