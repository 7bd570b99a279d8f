/**
 * How much of an author's text a message repeats: a name, a term or a path of five million
 * characters is not echoed whole into a diagnostic, a refusal or the terminal.
 */

/** The most code points of an author's text any message repeats. */
export const MAX_ECHOED = 200;

/** An author's text as a message repeats it: whole up to {@link MAX_ECHOED} code points, else cut there with «…». */
export function echoed(text: string): string {
  // Code points, so that an emoji is never cut in half; twice the limit in UTF-16 units holds at least the limit in code points.
  const long = text.length > 2 * MAX_ECHOED;
  const points = Array.from(long ? text.slice(0, 2 * MAX_ECHOED) : text);
  return long || points.length > MAX_ECHOED ? `${points.slice(0, MAX_ECHOED - 1).join('')}…` : text;
}
