/**
 * Many documents analysed at once, for the CLI: in this thread, or spread over worker threads
 * (`node:worker_threads`, analysisWorker.ts) where a campaign is large enough for the threads'
 * start to pay. Either way the analyses come back in the order given, each equal to
 * `analyzeDocument` of its text under its project's configuration (test/src/cli/parallel.test.ts).
 *
 * A worker loads each project's `.rollmark/` itself (the same files, through the same
 * file-system layer) and sends back what its analysis holds, without the parts a check computes
 * when read (lazyCheck.ts): this thread rebuilds each analysis against its own copy of the
 * project, so a check's tree, sides and odds are computed here when a report reads them.
 */
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { analyzeDocument } from '../analysis/analyzeDocument';
import { lazyCheck } from '../analysis/lazyCheck';
import type { Heading } from '../analysis/markdownScan';
import { traitIndex } from '../analysis/traitIndex';
import type { AnalysisDiagnostic, DocumentAnalysis, FrontMatter, Locale, ProseCheck, TextRange } from '../analysis/types';
import type { WorkspaceConfig } from '../analysis/workspaceConfig';
import type { CheckSpec } from '../engine/checkSpec';

/** One document to analyse: its text and its project (the folder that holds `.rollmark/`, and that project as this thread loaded it). */
export interface FileToAnalyze {
  text: string;
  root: string;
  config: WorkspaceConfig;
}

export interface AnalyzeFilesOptions {
  locale: Locale;
  defaultRuleset?: string;
  /** Worker threads to use: 1 analyses here; undefined decides from the work and the machine (`parallelJobs`). */
  jobs?: number;
}

/** What a worker is asked: one document. */
export interface AnalysisRequest {
  id: number;
  text: string;
  root: string;
  locale: Locale;
  defaultRuleset?: string;
}

/** A check as sent between threads: what `lazyCheck` is built from. */
interface SentCheck {
  range: TextRange;
  contentRange: TextRange;
  text: string;
  actor?: string;
  spec?: CheckSpec;
  scene?: Heading;
}

/** An analysis as sent between threads: the ruleset by id, checks without their computed parts. */
export interface SentAnalysis {
  rulesetId: string;
  rulesetSource: DocumentAnalysis['rulesetSource'];
  frontMatter?: FrontMatter;
  checks: SentCheck[];
  proseChecks: ProseCheck[];
  diagnostics: AnalysisDiagnostic[];
  headings: Heading[];
}

export type AnalysisReply = { id: number; analysis: SentAnalysis } | { id: number; error: string };

/** Below this much text the threads' start (loading the analysis, ~0.2 s of CPU each) costs more than it saves. */
const PARALLEL_MIN_CHARS = 1 << 20;

/** How many worker threads `files` are worth: one per core, none for a small amount of text. */
export function parallelJobs(files: readonly { text: string }[]): number {
  const chars = files.reduce((sum, f) => sum + f.text.length, 0);
  return chars < PARALLEL_MIN_CHARS ? 1 : Math.min(files.length, availableParallelism());
}

/** An analysis as a worker sends it; a structured clone keeps a check's scene the very heading of `headings`. */
export function sendable(analysis: DocumentAnalysis): SentAnalysis {
  const { ruleset, rulesetSource, frontMatter, proseChecks, diagnostics, headings } = analysis;
  const checks = analysis.checks.map((c): SentCheck => {
    const sent: SentCheck = { range: c.range, contentRange: c.contentRange, text: c.text };
    if (c.actor !== undefined) sent.actor = c.actor;
    if (c.spec) sent.spec = c.spec;
    if (c.scene) sent.scene = c.scene;
    return sent;
  });
  return { rulesetId: ruleset.id, rulesetSource, ...(frontMatter ? { frontMatter } : {}), checks, proseChecks, diagnostics, headings };
}

/** The analysis a worker sent, rebuilt against this thread's copy of the project. */
function received(sent: SentAnalysis, config: WorkspaceConfig, locale: Locale): DocumentAnalysis {
  const ruleset = config.rulesets.get(sent.rulesetId);
  if (!ruleset) throw new Error(`the worker's ruleset ${sent.rulesetId} is not in this project`);
  const context = { ruleset, index: traitIndex(ruleset, config.dictionary), locale, characters: sent.frontMatter?.characters ?? [] };
  const checks = sent.checks.map((c) => {
    const check = lazyCheck(c.range, c.contentRange, c.text, context, c.spec, c.actor);
    if (c.scene) check.scene = c.scene;
    return check;
  });
  const { rulesetSource, frontMatter, proseChecks, diagnostics, headings } = sent;
  return { ruleset, rulesetSource, ...(frontMatter ? { frontMatter } : {}), checks, proseChecks, diagnostics, headings };
}

/** The analyses of `files`, in their order. */
export async function analyzeFiles(files: readonly FileToAnalyze[], options: AnalyzeFilesOptions): Promise<DocumentAnalysis[]> {
  const jobs = Math.min(files.length, options.jobs ?? parallelJobs(files));
  const analyze = (f: FileToAnalyze) =>
    analyzeDocument(f.text, { locale: options.locale, rulesets: f.config.rulesets, dictionary: f.config.dictionary, ...(options.defaultRuleset ? { defaultRuleset: options.defaultRuleset } : {}) });
  if (jobs <= 1) return files.map(analyze);
  return inWorkers(files, options, jobs);
}

function inWorkers(files: readonly FileToAnalyze[], options: AnalyzeFilesOptions, jobs: number): Promise<DocumentAnalysis[]> {
  const results: DocumentAnalysis[] = new Array(files.length);
  const workers: Worker[] = [];
  return new Promise<DocumentAnalysis[]>((resolve, reject) => {
    let next = 0;
    let done = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(error);
    };
    const retired = new Set<Worker>();
    const give = (worker: Worker) => {
      if (next >= files.length) {
        retired.add(worker);
        void worker.terminate();
        return;
      }
      const id = next++;
      const request: AnalysisRequest = { id, text: files[id].text, root: files[id].root, locale: options.locale, ...(options.defaultRuleset ? { defaultRuleset: options.defaultRuleset } : {}) };
      worker.postMessage(request);
    };
    for (let k = 0; k < jobs; k++) {
      const worker = new Worker(path.join(__dirname, 'analysisWorker.js'));
      workers.push(worker);
      worker.on('message', (reply: AnalysisReply) => {
        if (failed) return;
        if ('error' in reply) {
          fail(new Error(reply.error));
          return;
        }
        try {
          results[reply.id] = received(reply.analysis, files[reply.id].config, options.locale);
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (++done === files.length) {
          for (const w of workers) void w.terminate();
          resolve(results);
          return;
        }
        give(worker);
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!retired.has(worker) && done < files.length) fail(new Error(`an analysis worker stopped (exit code ${code})`));
      });
      give(worker);
    }
  });
}
