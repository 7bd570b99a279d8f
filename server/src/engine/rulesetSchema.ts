/**
 * The ruleset schema's validators, for rulesetValidation.ts, which loads this module the first
 * time it checks a user's ruleset: the bundles carry it as a file of its own (dist/rulesetSchema.js,
 * esbuild.mjs). The validators are Ajv's code for the schema, generated at build time
 * (scripts/rulesetValidators.mjs): compiling the schema here took most of a CLI start.
 */
import type { ValidateFunction } from 'ajv';
import schema from './ruleset.schema.json';
import { full, user } from './rulesetValidators.generated';
import type { FullRulesetInput, UserRulesetData } from './rulesetValidation';

export interface Validators {
  full: ValidateFunction<FullRulesetInput>;
  user: ValidateFunction<FullRulesetInput | UserRulesetData>;
  patterns: Map<string, string>;
}

export function loadValidators(): Validators {
  const defs = schema.definitions;
  return {
    // The generated module is not type-checked: these are the types Ajv's own compile gives.
    full: full as unknown as ValidateFunction<FullRulesetInput>,
    user: user as unknown as ValidateFunction<FullRulesetInput | UserRulesetData>,
    // Ajv reports a failed pattern by its regex; these say what the regex means.
    patterns: new Map([
      [defs.traitName.pattern, 'a trait name: words of letters (inner hyphens allowed) separated by single spaces'],
      [defs.rulesetId.pattern, 'a ruleset id: lower-case letters, digits, "-", "_" or ".", at most 64 characters'],
      [defs.outcomeKey.pattern, 'an outcome key: lower-case Latin letters, digits and "_", starting with a letter'],
    ]),
  };
}
