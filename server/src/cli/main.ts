import { auditCommand } from './auditCommand';
import { checkCommand } from './checkCommand';
import { dictionaryCommand } from './dictionaryCommand';
import { oddsCommand, rollCommand, rulesetsCommand } from './commands';
import { reportCommand } from './reportCommand';
import type { Locale } from '../present/locale';
import { nodeHost } from '../node/host';
import { showControls } from '../present/escape';
import { createRollmarkService, type RollmarkService } from '../service';
import { type CliIo, processIo, UsageError } from './io';

const COMMAND_LINES = `  rollmark check [--ruleset ID] [--party NAME] [--format text|json|sarif] [--max-warnings N] [--checks [--seed S]] [--allow-empty] [--jobs N|auto] [--max-document-size-mb N] FILES|DIRS|-…
  rollmark odds  --ruleset ID [--json] "«check»"
  rollmark roll  --ruleset ID [--seed S] [--pool N] [--json] "«check»"
  rollmark report [--ruleset ID] [--party NAME[,NAME…]] [--format html|json|md] [-o FILE] [--max-document-size-mb N] FILES|DIRS|-…
  rollmark rulesets [--json]
  rollmark audit [--format text|json] [--ruleset ID] FILES…
  rollmark dictionary [--format ltex] [--ruleset ID] [-o FILE] [--max-document-size-mb N] [FILES|DIRS|-…]
`;

const USAGE: Record<Locale, string> = {
  ru: `rollmark — проверки бросков в русских сценариях настольных ролевых игр

${COMMAND_LINES}
  --lang ru|en  язык сообщений (без него — по LC_ALL, LC_MESSAGES, LANG)
`,
  en: `rollmark — dice checks in Russian RPG scenarios

${COMMAND_LINES}
  --lang ru|en  the language of messages (without it: LC_ALL, LC_MESSAGES, LANG)
`,
};

const BAD_LANG: Record<Locale, (got: string) => string> = {
  ru: (got) => `--lang: нужно ru или en, а не «${got}»`,
  en: (got) => `--lang must be ru or en, got "${got}"`,
};

/** `--lang ru|en` (or `--lang=…`) anywhere before a `--`, taken out of the arguments: the language of this run. */
function takeLang(argv: readonly string[]): { args: string[]; lang?: string | undefined } {
  const args: string[] = [];
  let lang: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      args.push(...argv.slice(i));
      break;
    }
    if (arg === '--lang') lang = argv[++i] ?? '';
    else if (arg.startsWith('--lang=')) lang = arg.slice('--lang='.length);
    else args.push(arg);
  }
  return { args, lang };
}

type Command = (args: string[], io: CliIo, rollmark: RollmarkService) => number | Promise<number>;

const COMMANDS: Record<string, Command> = {
  check: checkCommand,
  odds: oddsCommand,
  roll: rollCommand,
  report: reportCommand,
  rulesets: rulesetsCommand,
  audit: auditCommand,
  dictionary: dictionaryCommand,
};

/**
 * Runs one CLI invocation; returns the exit code: 0 ok, 1 problems found, 2 usage or input
 * error (a file that could not be read, no scenario files found), 3 an unexpected failure.
 */
export async function main(argv: string[], environment: CliIo = processIo()): Promise<number> {
  const { args: rest, lang } = takeLang(argv);
  if (lang !== undefined && lang !== 'ru' && lang !== 'en') {
    environment.err(`rollmark: ${BAD_LANG[environment.locale](lang)}\n`);
    return 2;
  }
  const chosen: CliIo = lang ? { ...environment, locale: lang } : environment;
  // What reaches the terminal: no control from a scenario it would obey (present/escape.ts).
  const io: CliIo = { ...chosen, out: (text) => chosen.out(showControls(text)), err: (text) => chosen.err(showControls(text)) };
  const [name, ...args] = rest;
  const command = name ? COMMANDS[name] : undefined;
  if (name === '--help' || name === '-h') {
    // Asked for: the answer, on standard output.
    io.out(USAGE[io.locale]);
    return 0;
  }
  if (!command) {
    io.err(name ? `rollmark: ${io.locale === 'ru' ? `неизвестная команда «${name}»` : `unknown command "${name}"`}\n\n${USAGE[io.locale]}` : USAGE[io.locale]);
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
