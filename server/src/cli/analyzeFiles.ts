/**
 * Many documents analysed at once, for the CLI: in this thread, or spread over worker threads
 * (`node:worker_threads`, analysisWorker.ts) where a campaign is large enough for the threads'
 * start to pay. Either way the analyses come back in the order given, each equal to
 * `analyzeDocument` of its text under its project's configuration (test/src/cli/parallel.test.ts).
 *
 * A worker gets each project's own rulesets and dictionary from this thread, as loaded here (a
 * ruleset's schema compiles once, here), and sends back what each analysis holds; this thread
 * rebuilds each analysis against its copy of the project (service/transfer.ts). Both threads
 * analyse through the service.
 */
import { availableParallelism, loadavg } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DocumentAnalysis } from '../analysis/types';
import type { WorkspaceConfig } from '../analysis/project/workspaceConfig';
import type { ProjectParty } from '../analysis/project/partyFile';
import type { RollmarkService, SentAnalysis, SentProject } from '../service';

/** One document to analyse: its text and its project (the folder that holds `.rollmark/`, and that project as this thread loaded it). */
export interface FileToAnalyze {
  text: string;
  root: string;
  config: WorkspaceConfig;
  /** The project's party it is analysed with (`--party`). */
  party?: ProjectParty;
}

export interface AnalyzeFilesOptions {
  rollmark: RollmarkService;
  defaultRuleset?: string;
  /** Worker threads to use: 1 analyses here; undefined decides from the work and the machine (`parallelJobs`). */
  jobs?: number;
  /** Told how many files are analysed so far, as they are (a progress line). */
  progress?: (analysed: number) => void;
}

/** What a worker is asked: a batch of documents, each with its index in the list, and the projects it has not had yet. */
export interface AnalysisRequest {
  id: number;
  files: { index: number; text: string; root: string; party?: ProjectParty }[];
  projects: Record<string, SentProject>;
  defaultRuleset?: string;
}

export type AnalysisReply = { id: number; analyses: SentAnalysis[] } | { id: number; error: string };

/**
 * Below this much text a thread's start (loading and warming the analysis) and the results sent back
 * cost more than the second core gives: with the analysis at about 0.2 s a megabyte (issue 24), on the
 * bench's 2-core machine one thread checked 2,000 files (11 M characters) in 3.8 s and two worker
 * threads in 4.8 s; at 4,000 files (22 M characters) both took 6.7–7.1 s.
 */
const PARALLEL_MIN_CHARS = 24 << 20;

/**
 * How many worker threads `files` are worth: none for a small amount of text; else one per idle
 * core (the cores less the load average of the last minute), for threads on a busy machine only
 * wait for each other (two workers on two cores that other processes keep busy took 40 % more
 * CPU time than one thread, and longer).
 */
export function parallelJobs(files: readonly { text: string }[]): number {
  const chars = files.reduce((sum, f) => sum + f.text.length, 0);
  if (chars < PARALLEL_MIN_CHARS) return 1;
  const idle = Math.round(availableParallelism() - loadavg()[0]);
  return Math.max(1, Math.min(files.length, idle));
}

/** The analyses of `files`, in their order. */
export async function analyzeFiles(files: readonly FileToAnalyze[], options: AnalyzeFilesOptions): Promise<DocumentAnalysis[]> {
  const jobs = Math.min(files.length, options.jobs ?? parallelJobs(files));
  const analyze = (f: FileToAnalyze) =>
    options.rollmark.analyzeText(f.text, f.config, { ...(options.defaultRuleset ? { defaultRuleset: options.defaultRuleset } : {}), ...(f.party ? { party: f.party } : {}) });
  if (jobs <= 1) {
    return files.map((file, k) => {
      const analysis = analyze(file);
      options.progress?.(k + 1);
      return analysis;
    });
  }
  return inWorkers(files, options, jobs);
}

/** Text sent to a worker in one message: enough to make the message's cost small beside the analysis. */
const BATCH_CHARS = 64 * 1024;
/** Batches a worker holds at once: the next is there when it finishes one. */
const BATCHES_AHEAD = 2;

function inWorkers(files: readonly FileToAnalyze[], options: AnalyzeFilesOptions, jobs: number): Promise<DocumentAnalysis[]> {
  const batches: number[][] = [];
  for (let k = 0, chars = BATCH_CHARS; k < files.length; k++) {
    if (chars >= BATCH_CHARS) {
      batches.push([]);
      chars = 0;
    }
    batches[batches.length - 1].push(k);
    chars += files[k].text.length;
  }
  const results: DocumentAnalysis[] = new Array(files.length);
  const workers: Worker[] = [];
  return new Promise<DocumentAnalysis[]>((resolve, reject) => {
    let next = 0;
    let done = 0;
    let analysed = 0;
    let failed = false;
    const retired = new Set<Worker>();
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(error);
    };
    const known = new Map<Worker, Set<string>>();
    const give = (worker: Worker) => {
      if (next >= batches.length) return;
      const id = next++;
      const projects: Record<string, SentProject> = {};
      const sent = known.get(worker) ?? new Set<string>();
      known.set(worker, sent);
      for (const index of batches[id]) {
        const { root, config } = files[index];
        if (sent.has(root)) continue;
        sent.add(root);
        projects[root] = options.rollmark.sendProject(config);
      }
      const request: AnalysisRequest = {
        id,
        files: batches[id].map((index) => ({ index, text: files[index].text, root: files[index].root, ...(files[index].party ? { party: files[index].party } : {}) })),
        projects,
        ...(options.defaultRuleset ? { defaultRuleset: options.defaultRuleset } : {}),
      };
      worker.postMessage(request);
    };
    for (let k = 0; k < Math.min(jobs, batches.length); k++) {
      const worker = new Worker(path.join(__dirname, 'analysisWorker.js'));
      workers.push(worker);
      worker.on('message', (reply: AnalysisReply) => {
        if (failed) return;
        if ('error' in reply) {
          fail(new Error(reply.error));
          return;
        }
        give(worker);
        try {
          batches[reply.id].forEach((index, k) => (results[index] = options.rollmark.receiveAnalysis(reply.analyses[k], files[index].config)));
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        analysed += batches[reply.id].length;
        options.progress?.(analysed);
        if (++done === batches.length) {
          for (const w of workers) {
            retired.add(w);
            void w.terminate();
          }
          resolve(results);
        }
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!retired.has(worker)) fail(new Error(`an analysis worker stopped (exit code ${code})`));
      });
      for (let ahead = 0; ahead < BATCHES_AHEAD; ahead++) give(worker);
    }
  });
}
