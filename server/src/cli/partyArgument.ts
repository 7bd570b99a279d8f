/**
 * `--party NAME` (repeatable, or names separated by commas): which of the projects' parties
 * (`.rollmark/party.yaml`) the files are analysed with. Without it each file gets its project's
 * default party. A name is known when one of the files' projects has that party; a file whose
 * project lacks it keeps its own front matter's characters.
 */
import { MAX_COMPARED_PARTIES as MAX_COMPARED } from '../report/paths';
import { chooseParty, type ProjectParty } from '../service';
import { voice } from '../present/voice';
import type { FileToAnalyze } from './analyzeFiles';
import { type CliIo, UsageError } from './io';


/** The names asked for, in order, without repeats. */
export function partyNames(values: readonly string[] | undefined): string[] {
  const names = (values ?? []).flatMap((v) => v.split(',')).map((n) => n.trim()).filter((n) => n !== '');
  return [...new Set(names)];
}

/** The files as one party analyses them: each with its project's party of that name (or default, for `undefined`). */
export function filesForParty<F extends FileToAnalyze>(files: readonly F[], name: string | undefined): F[] {
  return files.map((file) => {
    const party = chooseParty(file.config.parties, name);
    const chosen: ProjectParty | undefined = party === 'unknown' ? undefined : party;
    return chosen ? { ...file, party: chosen } : file;
  });
}

/** Refuses (a usage error, exit 2) a name none of the files' projects has, or too many names. */
export function requireParties(names: readonly string[], files: readonly FileToAnalyze[], io: CliIo): void {
  const v = voice(io.locale);
  if (names.length > MAX_COMPARED) throw new UsageError(v.w.tooManyParties(v.number(MAX_COMPARED)));
  // No file read: the command says so itself (no scenario files), not that the party is unknown.
  if (files.length === 0) return;
  const known = [...new Set(files.flatMap((f) => f.config.parties?.parties.map((p) => p.name) ?? []))];
  for (const name of names) {
    if (!files.some((f) => chooseParty(f.config.parties, name) !== 'unknown')) throw new UsageError(v.w.unknownParty(name, known.join(', ')));
  }
}

/** The party name a file's analysis was made with, for the report (the project's default when none was asked for). */
export function partyLabel(files: readonly FileToAnalyze[], name: string | undefined): string | undefined {
  if (name !== undefined) return files.map((f) => chooseParty(f.config.parties, name)).find((p) => p !== undefined && p !== 'unknown')?.name ?? name;
  return files.map((f) => f.party?.name).find((n) => n !== undefined);
}
