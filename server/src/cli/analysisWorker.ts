/**
 * A worker thread of analyzeFiles.ts: analyses the batches of documents it is sent, in turn, each
 * under its project's rulesets and dictionary as the main thread loaded them, and sends back what
 * the analyses hold.
 */
import { parentPort } from 'node:worker_threads';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { withUserRulesets } from '../analysis/project/rulesetProvider';
import type { DictionaryEntry, RulesetProvider } from '../analysis/types';
import { type AnalysisReply, type AnalysisRequest, type SentAnalysis, sendable } from './analyzeFiles';

const projects = new Map<string, { rulesets: RulesetProvider; dictionary: DictionaryEntry[] }>();

function answer(request: AnalysisRequest): AnalysisReply {
  try {
    for (const [root, project] of Object.entries(request.projects)) projects.set(root, { rulesets: withUserRulesets(project.rulesets), dictionary: project.dictionary });
    const analyses: SentAnalysis[] = request.files.map((file) => {
      const project = projects.get(file.root);
      if (!project) throw new Error(`no project was sent for ${file.root}`);
      const analysis = analyzeDocument(file.text, { rulesets: project.rulesets, dictionary: project.dictionary, ...(request.defaultRuleset ? { defaultRuleset: request.defaultRuleset } : {}) });
      return sendable(analysis);
    });
    return { id: request.id, analyses };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (request: AnalysisRequest) => parentPort?.postMessage(answer(request)));
