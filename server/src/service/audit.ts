/**
 * Where the luck audit finds a kept roll's scenario (features/luckAudit.ts `ScenarioSource`): in
 * the editor, the audited document itself, or the file a session log names beside it (open
 * documents as edited, the others read through the workspace's file system and analysed as the
 * workspace report analyses them).
 */
import { analyzeDocument } from '../analysis/analyzeDocument';
import { MEGABYTE, tooLargeToAnalyze } from '../analysis/project/fileRefusal';
import type { ScenarioSource, ScenarioText } from '../analysis/luckAudit';
import { fileUri, relativePath, sameFile } from '../workspace/folders';
import { analysisOptions } from '../workspace/workspaceScenarios';
import type { Session } from './session';

/** The scenarios of the open document `uri`'s kept rolls. */
export function editorScenarios(s: Session, uri: string): ScenarioSource {
  return async (file): Promise<ScenarioText | undefined> => {
    const folderUri = s.folders.folderFor(uri);
    const settings = await s.settings.forResource(uri);
    const project = await s.projects.get(folderUri, settings);
    const options = analysisOptions(settings, project);
    let target = uri;
    let path: string | undefined;
    if (file !== undefined) {
      if (!folderUri) return undefined;
      const here = relativePath(folderUri, uri);
      if (here === undefined) return undefined;
      path = `${here.slice(0, here.lastIndexOf('/') + 1)}${file}`;
      target = fileUri(folderUri, path);
    }
    const open = s.documents.all().find((d) => sameFile(d.uri, target));
    if (open) {
      if (await s.isServed(open)) {
        const analyzed = await s.analyzed(open);
        // Read together with the analysis, after the await: the text it is of.
        return { text: open.getText(), analysis: analyzed.analysis };
      }
      return { text: open.getText(), analysis: analyzeDocument(open.getText(), options) };
    }
    const fs = folderUri ? s.fsFor(folderUri) : undefined;
    if (!fs || path === undefined) return undefined;
    const read = await fs.readScenario(path);
    if (read.kind !== 'text' || tooLargeToAnalyze(read.text, settings.maxDocumentSizeMB * MEGABYTE)) return undefined;
    return { text: read.text, analysis: analyzeDocument(read.text, options) };
  };
}
