/**
 * `rollmark dictionary [--format ltex] [--ruleset ID] [-o FILE] [FILES|DIRS|-…]`: the words a spell
 * checker should take as written (analysis/project/spellingWords.ts) — the rulesets of the
 * scenarios named (or `--ruleset`, else the default one), the project dictionary and the
 * characters of their front matter, with case forms — as an LTeX+ dictionary, one word a line.
 * The scenarios are read and analysed as `rollmark check` reads and analyses them; the file `-o`
 * names is written as `rollmark report -o` writes (whole or not at all), never over a file the run
 * reads, a scenario or a project file other than `.rollmark/ltex.dictionary.txt`.
 */
import { parseArgs } from 'node:util';
import type { WriteRefusal } from '../analysis/project/fileRefusal';
import type { Ruleset } from '../engine/ruleset';
import { resolveOutput } from '../node/projectFs';
import { spellingDictionaryNotWrittenMessage } from '../present/fileWrites';
import { voice } from '../present/voice';
import { DEFAULT_RULESET_ID, LTEX_DICTIONARY_PATH, type RollmarkService } from '../service';
import { overwritesInput, writeOrPrint } from './outputFile';
import { analyzeFiles } from './analyzeFiles';
import { type CliIo, UsageError } from './io';
import { maxDocumentBytes, readTargets } from './readTargets';
import { requireRuleset } from './rulesetArgument';

const FORMATS = ['ltex'] as const;

/**
 * Exit 0 with the dictionary written; 2 when a file could not be read (the words of the others
 * are written all the same), the arguments are wrong, or the file could not be written.
 */
export async function dictionaryCommand(args: string[], io: CliIo, rollmark: RollmarkService): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ruleset: { type: 'string' }, format: { type: 'string', default: 'ltex' }, output: { type: 'string', short: 'o' }, 'max-document-size-mb': { type: 'string' } },
  });
  if (!FORMATS.includes(values.format as (typeof FORMATS)[number])) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  const chosen = values.ruleset === undefined ? undefined : requireRuleset(values.ruleset, rollmark);
  const cwd = process.cwd();
  const { files: read, unread, inputs, projects } = await readTargets('dictionary', positionals, io, cwd, rollmark, maxDocumentBytes(values['max-document-size-mb']));
  if (positionals.length > 0 && read.length === 0 && unread === 0) throw new UsageError(voice(io.locale).w.noScenarioFiles(positionals.join(' ')));
  const notWritten = (refusal: WriteRefusal) => {
    io.err(`rollmark dictionary: ${spellingDictionaryNotWrittenMessage(values.output ?? '', refusal, io.locale)}\n`);
    return 2;
  };
  const target = values.output === undefined ? undefined : await resolveOutput(values.output);
  if (target?.kind === 'refused') return notWritten(target.refusal);
  const input = target ? await overwritesInput(target.real, inputs, LTEX_DICTIONARY_PATH) : undefined;
  if (input) return notWritten(input);

  const analyses = await analyzeFiles(read, { rollmark, ...(chosen ? { defaultRuleset: chosen.id } : {}) });
  const rulesets = new Map<string, Ruleset>(analyses.map((a) => [a.ruleset.id, a.ruleset]));
  if (rulesets.size === 0) {
    // No scenario named: the words of the ruleset the current folder's scenarios would get.
    const project = await projects.config(await projects.rootOfFolder(cwd));
    const ruleset = chosen ?? project.rulesets.get(DEFAULT_RULESET_ID);
    if (ruleset) rulesets.set(ruleset.id, ruleset);
  }
  // With no file read, the project the current folder's scenarios would belong to.
  const roots = projects.loaded().length > 0 ? projects.loaded() : [await projects.rootOfFolder(cwd)];
  const dictionaries = await Promise.all(roots.map(async (root) => (await projects.config(root)).dictionary));
  const text = rollmark.ltexDictionary({
    rulesets: [...rulesets.values()],
    dictionary: dictionaries.flat(),
    characters: analyses.flatMap((a) => a.frontMatter?.characters.map((c) => c.name) ?? []),
  });
  return (await writeOrPrint(target, text, io, notWritten)) ?? (unread > 0 ? 2 : 0);
}
