import { nodeHost } from '../node/host';
import { createRollmarkService, type RollmarkService } from '../service';
import { checkCommand } from './checkCommand';
import { oddsCommand, rollCommand, rulesetsCommand } from './commands';
import { reportCommand } from './reportCommand';
import { type CliIo, processIo, UsageError } from './io';

const USAGE = `rollmark — dice checks in Russian RPG scenarios

  rollmark check [--ruleset ID] [--format text|json|sarif] [--max-warnings N] [--checks [--seed S]] [--allow-empty] [--jobs N|auto] FILES|DIRS|-…
  rollmark odds  --ruleset ID [--json] "«check»"
  rollmark roll  --ruleset ID [--seed S] [--pool N] [--json] "«check»"
  rollmark report [--ruleset ID] [--format html|json|md] [-o FILE] FILES|DIRS|-…
  rollmark rulesets [--json]
`;

type Command = (args: string[], io: CliIo, rollmark: RollmarkService) => number | Promise<number>;

const COMMANDS: Record<string, Command> = {
  check: checkCommand,
  odds: oddsCommand,
  roll: rollCommand,
  report: reportCommand,
  rulesets: rulesetsCommand,
};

/**
 * Runs one CLI invocation; returns the exit code: 0 ok, 1 problems found, 2 usage or input
 * error (a file that could not be read, no scenario files found), 3 an unexpected failure.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (name === '--help' || name === '-h') {
    // Asked for: the answer, on standard output.
    io.out(USAGE);
    return 0;
  }
  if (!command) {
    io.err(name ? `rollmark: unknown command "${name}"\n\n${USAGE}` : USAGE);
    return 2;
  }
  try {
    return await command(args, io, createRollmarkService({ ...nodeHost(), locale: io.locale }));
  } catch (error) {
    // Bad input is the user's to fix: a message, never a stack trace.
    const usage = error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    io.err(`rollmark ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return usage ? 2 : 3;
  }
}
