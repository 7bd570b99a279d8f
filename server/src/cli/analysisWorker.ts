/**
 * A worker thread of analyzeFiles.ts: analyses the batches of documents it is sent, in turn, each
 * under its project's `.rollmark/` (read once per project, through the same file-system layer
 * as the main thread's), and sends back what the analysis holds.
 */
import { parentPort } from 'node:worker_threads';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { loadWorkspaceConfig, type WorkspaceConfig } from '../analysis/workspaceConfig';
import { ProjectFs } from '../workspace/projectFs';
import { type AnalysisReply, type AnalysisRequest, type SentAnalysis, sendable } from './analyzeFiles';

const configs = new Map<string, Promise<WorkspaceConfig>>();

function config(root: string, locale: AnalysisRequest['locale']): Promise<WorkspaceConfig> {
  let loaded = configs.get(root);
  if (!loaded) {
    loaded = loadWorkspaceConfig(new ProjectFs(root), locale);
    configs.set(root, loaded);
  }
  return loaded;
}

async function answer(request: AnalysisRequest): Promise<AnalysisReply> {
  try {
    const analyses: SentAnalysis[] = [];
    for (const file of request.files) {
      const { rulesets, dictionary } = await config(file.root, request.locale);
      const analysis = analyzeDocument(file.text, { locale: request.locale, rulesets, dictionary, ...(request.defaultRuleset ? { defaultRuleset: request.defaultRuleset } : {}) });
      analyses.push(sendable(analysis));
    }
    return { id: request.id, analyses };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

// One request at a time, in order: requests queue up while a batch is analysed.
let queue = Promise.resolve();
parentPort?.on('message', (request: AnalysisRequest) => {
  queue = queue.then(() => answer(request)).then((reply) => parentPort?.postMessage(reply));
});
