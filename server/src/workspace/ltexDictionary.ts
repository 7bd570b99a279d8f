/**
 * The editor's "Dictionary for LTeX+" (`rollmark.writeLtexDictionary`): the words of a workspace
 * folder — its scenarios' rulesets and characters, as a report reads them (open documents as the
 * editor has them, the others from disk), and its project dictionary — written to
 * `.rollmark/ltex.dictionary.txt` through the folder's file layer: whole or not at all, under the
 * file's lock, inside the folder.
 */
import { DEFAULT_RULESET_ID } from '../analysis/project/rulesetProvider';
import { LTEX_DICTIONARY_PATH, ltexDictionaryText, spellingWords } from '../analysis/project/spellingWords';
import type { Ruleset } from '../engine/ruleset';
import type { RollmarkSettings } from '../protocol';
import type { ProjectFiles } from './projectFiles';
import type { Project } from './projects';
import { type OpenDocuments, workspaceReportDocuments } from './workspaceScenarios';

/** Writes the folder's LTeX+ dictionary; the number of words written. Throws the file layer's {@link FileRefusedError}. */
export async function writeLtexDictionary(folderUri: string, fs: ProjectFiles, settings: RollmarkSettings, project: Project, open: OpenDocuments): Promise<number> {
  const documents = await workspaceReportDocuments(folderUri, fs, settings, project, open);
  const rulesets = new Map<string, Ruleset>();
  const characters: string[] = [];
  for (const document of documents) {
    const loaded = await document.load();
    if (!loaded) continue;
    rulesets.set(loaded.analysis.ruleset.id, loaded.analysis.ruleset);
    for (const character of loaded.analysis.frontMatter?.characters ?? []) characters.push(character.name);
  }
  if (rulesets.size === 0) {
    // No scenario yet: the ruleset a new one would get.
    const ruleset = project.config.rulesets.get(settings.defaultRuleset || DEFAULT_RULESET_ID) ?? project.config.rulesets.get(DEFAULT_RULESET_ID);
    if (ruleset) rulesets.set(ruleset.id, ruleset);
  }
  const words = spellingWords({ rulesets: [...rulesets.values()], dictionary: project.config.dictionary, characters });
  await fs.edit(LTEX_DICTIONARY_PATH, () => ltexDictionaryText(words));
  return words.length;
}
