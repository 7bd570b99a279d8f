/**
 * The ruleset schema compiled by Ajv, for rulesetValidation.ts, which loads this module the first
 * time it checks a user's ruleset: the bundles carry it as a file of its own (dist/rulesetSchema.js,
 * esbuild.mjs), since Ajv and the schema are a seventh of the server and compiling the schema took
 * most of a CLI start.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import schema from './ruleset.schema.json';
import type { FullRulesetInput, UserRulesetData } from './rulesetValidation';

const SCHEMA_KEY = 'rollmark-ruleset';

export interface Validators {
  full: ValidateFunction<FullRulesetInput>;
  user: ValidateFunction<FullRulesetInput | UserRulesetData>;
  patterns: Map<string, string>;
}

export function compileValidators(): Validators {
  // strictTypes keeps the schema honest (every keyword has its type), so VS Code reads it as Ajv does.
  const ajv = new Ajv({ allErrors: true, verbose: true, strictTypes: true });
  ajv.addSchema(schema, SCHEMA_KEY);
  const defs = schema.definitions;
  return {
    full: ajv.compile<FullRulesetInput>({ $ref: `${SCHEMA_KEY}#/definitions/fullRuleset` }),
    user: ajv.compile<FullRulesetInput | UserRulesetData>({ $ref: SCHEMA_KEY }),
    // Ajv reports a failed pattern by its regex; these say what the regex means.
    patterns: new Map([
      [defs.traitName.pattern, 'a trait name: words of letters (inner hyphens allowed) separated by single spaces'],
      [defs.rulesetId.pattern, 'a ruleset id: lower-case letters, digits, "-", "_" or ".", at most 64 characters'],
      [defs.outcomeKey.pattern, 'an outcome key: lower-case Latin letters, digits and "_", starting with a letter'],
    ]),
  };
}
