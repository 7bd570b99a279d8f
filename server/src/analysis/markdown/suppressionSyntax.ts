/**
 * The words of a suppression comment, `<!-- rollmark-disable-next-line RM010 -->`: read by
 * document/suppressions.ts, offered by completion/completionPlace.ts (an earlier stage, hence here).
 */
export type SuppressionDirective = 'disable-next-line' | 'disable' | 'enable';

export const SUPPRESSION_DIRECTIVES: readonly SuppressionDirective[] = ['disable-next-line', 'disable', 'enable'];

/** What every directive starts with. */
export const DIRECTIVE_PREFIX = 'rollmark-';
