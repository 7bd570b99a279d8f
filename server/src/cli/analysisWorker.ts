/**
 * A worker thread of analyzeFiles.ts: analyses the batches of documents it is sent, in turn, each
 * under its project's rulesets and dictionary as the main thread loaded them, through its own
 * service, and sends back what the analyses hold.
 */
import { parentPort } from 'node:worker_threads';
import { nodeHost } from '../node/host';
import { type AnalysisProject, createRollmarkService, type SentAnalysis } from '../service';
import type { AnalysisReply, AnalysisRequest } from './analyzeFiles';

const projects = new Map<string, AnalysisProject>();
/** The worker only analyses: the analyses are data, the same in every language, so its service's language is never used. */
const rollmark = createRollmarkService({ ...nodeHost(), locale: 'en' });

function answer(request: AnalysisRequest): AnalysisReply {
  try {
    for (const [root, project] of Object.entries(request.projects)) projects.set(root, rollmark.receiveProject(project));
    const analyses: SentAnalysis[] = request.files.map((file) => {
      const project = projects.get(file.root);
      if (!project) throw new Error(`no project was sent for ${file.root}`);
      return rollmark.sendAnalysis(rollmark.analyzeText(file.text, project, { ...(request.defaultRuleset ? { defaultRuleset: request.defaultRuleset } : {}), ...(file.party ? { party: file.party } : {}) }));
    });
    return { id: request.id, analyses };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (request: AnalysisRequest) => parentPort?.postMessage(answer(request)));
