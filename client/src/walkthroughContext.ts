/** The context keys the client sets for the walkthrough's steps (walkthrough.ts; package.json `onContext:` events). */
export const WALKTHROUGH_CONTEXT = {
  /** The server has code lenses for a check in a document: a check it can roll. */
  checkWritten: 'rollmark.walkthrough.checkWritten',
  /** The server answered a hover. */
  hovered: 'rollmark.walkthrough.hovered',
} as const;
