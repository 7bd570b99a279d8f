/**
 * Expected Russian texts as a reader sees them: Intl writes a non-breaking space between a
 * number and its % sign, invisible in a test's source. `ru` puts it there, so that «76 %» in a
 * test stands for exactly what the user gets; an ordinary space in the output still fails.
 */
export const NBSP = '\u00a0';

export function ru(text: string): string {
  return text.replace(/ %/g, `${NBSP}%`);
}

export function ruLines(...lines: string[]): string[] {
  return lines.map(ru);
}
