/**
 * The anchors GitHub, VS Code's preview and most Markdown renderers give headings, so that the
 * links authors already write («[Таверна](#таверна)») find their scene.
 */

/**
 * A heading's anchor as github-slugger makes it: lower case, every character that is not a letter,
 * mark, digit, connector, space or hyphen removed, spaces made hyphens («Сцена 2: Мост» → «сцена-2-мост»).
 * Written here rather than imported: github-slugger is ESM-only and its rule is this one expression.
 */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Each title's anchor in document order, repeated titles numbered as GitHub does («мост», «мост-1»). */
export function uniqueSlugs(titles: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const base = slugOf(title);
    let slug = base;
    let count = seen.get(base) ?? 0;
    while (seen.has(slug)) slug = `${base}-${++count}`;
    seen.set(base, count);
    seen.set(slug, 0);
    return slug;
  });
}
