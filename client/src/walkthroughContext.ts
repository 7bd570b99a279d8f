/**
 * The context keys the client sets for the walkthrough's steps (walkthrough.ts; package.json
 * `onContext:` events). The client sets them because it sees what the author does: VS Code's own
 * `onCommand:` events miss a command run from a code lens or the status bar with arguments (the
 * extension host runs those itself).
 */
export const WALKTHROUGH_CONTEXT = {
  /** A served document's ruleset is the author's: from its front matter or the workspace setting. */
  rulesetChosen: 'rollmark.walkthrough.rulesetChosen',
  /** The server has code lenses for a check in a document: a check it can roll. */
  checkWritten: 'rollmark.walkthrough.checkWritten',
  /** The server answered a hover. */
  hovered: 'rollmark.walkthrough.hovered',
  /** A check was rolled (a lens, the cursor command, «Roll again»). */
  rolled: 'rollmark.walkthrough.rolled',
  /** The scenario overview was opened. */
  overviewShown: 'rollmark.walkthrough.overviewShown',
} as const;
