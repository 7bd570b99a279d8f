/**
 * A worker thread of analyzeFiles.ts: analyses the documents it is sent, one at a time, each
 * under its project's `.rollmark/` (read once per project, through the same file-system layer
 * as the main thread's), and sends back what the analysis holds.
 */
import { parentPort } from 'node:worker_threads';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { loadWorkspaceConfig, type WorkspaceConfig } from '../analysis/workspaceConfig';
import { ProjectFs } from '../workspace/projectFs';
import { type AnalysisReply, type AnalysisRequest, sendable } from './analyzeFiles';

const configs = new Map<string, Promise<WorkspaceConfig>>();

async function answer(request: AnalysisRequest): Promise<AnalysisReply> {
  try {
    let config = configs.get(request.root);
    if (!config) {
      config = loadWorkspaceConfig(new ProjectFs(request.root), request.locale);
      configs.set(request.root, config);
    }
    const { rulesets, dictionary } = await config;
    const analysis = analyzeDocument(request.text, { locale: request.locale, rulesets, dictionary, ...(request.defaultRuleset ? { defaultRuleset: request.defaultRuleset } : {}) });
    return { id: request.id, analysis: sendable(analysis) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (request: AnalysisRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
