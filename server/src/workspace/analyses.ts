/**
 * One analysis per document version (and per generation of settings and project files), shared
 * by diagnostics and every request whatever language it is shown in; a request for the version being analysed waits for it
 * instead of starting another. Each document has its own incremental analyzer, so an edit
 * costs the blocks it touches.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyzeDocument } from '../analysis/analyzeDocument';
import type { AnalysisProgress, DocumentAnalyzers } from '../analysis/document/incrementalAnalysis';
import { type FileRefusal, MEGABYTE, tooLargeToAnalyze } from '../analysis/project/fileRefusal';
import { withPathDiagnostics } from '../analysis/paths/pathDiagnostics';
import type { AnalysisOptions, DocumentAnalysis } from '../analysis/types';
import type { RollmarkSettings } from '../protocol';
import type { Clock } from './clock';
import { revisionOf } from './documentSync';
import type { Project } from './projects';
import { analysisOptions } from './workspaceScenarios';

export interface AnalyzedDocument {
  /** The version analysed; the live document may have moved on. */
  version: number;
  /** The document's revision analysed (documentSync.ts): a reused version number is a new revision. */
  revision: number;
  analysis: DocumentAnalysis;
  settings: RollmarkSettings;
  project: Project;
  /** Set when the text is larger than `maxDocumentSizeMB`: the analysis is of nothing, and this says why. */
  tooLarge?: FileRefusal;
  /** Set on the analysis of a document's top while the rest is being analysed (`through`): its checks only. */
  partial?: true;
}

/**
 * A document at least this long (characters) is analysed afresh in slices: between them other
 * requests are answered, and one for its top (`through`) gets what is done (issue 24).
 */
const SLICED_FROM = 64 * 1024;
/** Milliseconds of analysis between two turns of other work: under a frame, so typing never waits longer. */
const SLICE_MS = 12;

/**
 * The analysis was stopped because nobody needs it any more: its document was closed, or its
 * settings or project files changed, while it ran in slices. `get` and `through` wait for the
 * newer analysis instead, and throw this only for a document that was closed.
 */
export class AnalysisAbandoned extends Error {
  constructor() {
    super('the document was closed, or its settings changed, while it was analysed');
    this.name = 'AnalysisAbandoned';
  }
}

/** A request for the document as far as `offset`, answered once the analysis has got there. */
interface Waiter {
  offset: number;
  answer(analyzed: AnalyzedDocument): void;
}

/** An analysis in slices: how far it got, what it is analysed with, and who waits for a part. */
interface Slices {
  progress?: { step: AnalysisProgress; base: Omit<AnalyzedDocument, 'analysis'> };
  waiting: Waiter[];
}

interface Entry {
  /** The document object: a document closed and opened again restarts its versions. */
  document: TextDocument;
  revision: number;
  generation: string;
  result: Promise<AnalyzedDocument>;
  slices: Slices;
}

export interface AnalysisInputs {
  settings(uri: string): Promise<RollmarkSettings>;
  project(uri: string, settings: RollmarkSettings): Promise<Project>;
}

export class DocumentAnalyses {
  private readonly entries = new Map<string, Entry>();
  /** The newest finished analysis per document, for requests that can live with a slightly old one. */
  private readonly latest = new Map<string, AnalyzedDocument>();
  private generation = 0;
  /** Invalidations of single documents (their folder's project files changed), by URI. */
  private readonly epochs = new Map<string, number>();
  /** A document's analysis in slices, until it is done: the next one of the same document waits for it. */
  private readonly analysing = new Map<string, Promise<unknown>>();
  /** Documents closed (`forget`): nothing more is analysed for them. */
  private readonly closed = new WeakSet<TextDocument>();

  constructor(
    /**
     * An analyzer's result shares objects with its next one: only the newest result of a document
     * may be used. Here that holds: one entry per document, replaced as soon as a newer one exists.
     */
    private readonly analyzers: DocumentAnalyzers,
    private readonly inputs: AnalysisInputs,
    private readonly clock: Pick<Clock, 'now' | 'yield'>,
  ) {}

  /**
   * The analysis of the document as it is now. Settings and project files are fetched
   * asynchronously; if the document changes meanwhile, the newer text is analysed, so the
   * result always matches the live document when the promise settles.
   */
  async get(document: TextDocument): Promise<AnalyzedDocument> {
    for (;;) {
      const result = await this.unlessAbandoned(document, this.entryFor(document).result);
      if (result && this.isCurrent(document, result)) return result;
    }
  }

  /**
   * The analysis of the document as it is now, or, while a long document is analysed in slices,
   * the part of it before `offset` as soon as that part is done (`partial` set): what is on the
   * screen is shown before the rest is analysed.
   */
  async through(document: TextDocument, offset: number): Promise<AnalyzedDocument> {
    for (;;) {
      const entry = this.entryFor(document);
      const { progress, waiting } = entry.slices;
      const part = new Promise<AnalyzedDocument>((resolve, reject) => {
        if (progress && offset < progress.step.through) return resolve(partOf(progress));
        waiting.push({ offset, answer: resolve });
        entry.result.then(resolve, reject);
      });
      const result = await this.unlessAbandoned(document, part);
      if (result && this.isCurrent(document, result)) return result;
    }
  }

  /** `result`, or undefined when its analysis was abandoned for a newer one; for a closed document, AnalysisAbandoned. */
  private async unlessAbandoned(document: TextDocument, result: Promise<AnalyzedDocument>): Promise<AnalyzedDocument | undefined> {
    try {
      return await result;
    } catch (error) {
      if (error instanceof AnalysisAbandoned && !this.closed.has(document)) return undefined;
      throw error;
    }
  }

  /** Whether a first analysis of the document is under way in slices (`through` may answer for its top). */
  analysingInSlices(document: TextDocument): boolean {
    return this.entries.get(document.uri)?.slices.progress !== undefined;
  }

  /** Whether the analysis is of the document's text as it is now. */
  isCurrent(document: TextDocument, analyzed: AnalyzedDocument): boolean {
    return analyzed.revision === revisionOf(document) && analyzed.version === document.version;
  }

  /**
   * The newest finished analysis, even of an older version, or the current one when there is
   * none yet. Completion needs only the ruleset and the characters: waiting for a fresh
   * analysis on every keystroke would make it as slow as the document is long.
   */
  async recent(document: TextDocument): Promise<AnalyzedDocument> {
    return this.latest.get(document.uri) ?? this.get(document);
  }

  /** Settings or project files changed: every cached analysis is stale. */
  invalidateAll(): void {
    this.generation++;
    this.entries.clear();
    this.latest.clear();
  }

  /** One folder's project files changed: its documents' analyses are stale, the others' are not. */
  invalidate(affected: (uri: string) => boolean): void {
    for (const uri of new Set([...this.entries.keys(), ...this.latest.keys()])) {
      if (!affected(uri)) continue;
      this.epochs.set(uri, (this.epochs.get(uri) ?? 0) + 1);
      this.entries.delete(uri);
      this.latest.delete(uri);
    }
  }

  /** The document was closed: an analysis of it still running stops, and it is not analysed again. */
  forget(uri: string): void {
    const entry = this.entries.get(uri);
    if (entry) this.closed.add(entry.document);
    this.entries.delete(uri);
    this.latest.delete(uri);
    this.epochs.delete(uri);
    this.analyzers.forget(uri);
  }

  private generationOf(uri: string): string {
    return `${this.generation}.${this.epochs.get(uri) ?? 0}`;
  }

  private entryFor(document: TextDocument): Entry {
    if (this.closed.has(document)) throw new AnalysisAbandoned();
    const cached = this.entries.get(document.uri);
    const generation = this.generationOf(document.uri);
    if (cached && cached.document === document && cached.revision === revisionOf(document) && cached.generation === generation) return cached;
    const slices: Slices = { waiting: [] };
    const entry: Entry = { document, revision: revisionOf(document), generation, slices, result: this.run(document, generation, slices) };
    this.entries.set(document.uri, entry);
    // A failure must not stick: the next request for this version tries again.
    entry.result.catch(() => {
      if (this.entries.get(document.uri) === entry) this.entries.delete(document.uri);
    });
    return entry;
  }

  private async run(document: TextDocument, generation: string, slices: Slices): Promise<AnalyzedDocument> {
    const settings = await this.inputs.settings(document.uri);
    const project = await this.inputs.project(document.uri, settings);
    for (let busy = this.analysing.get(document.uri); busy; busy = this.analysing.get(document.uri)) await busy;
    if (this.closed.has(document)) throw new AnalysisAbandoned();
    // Text, version and revision are read together, after the awaits, so that they always agree.
    const version = document.version;
    const revision = revisionOf(document);
    const text = document.getText();
    const tooLarge = tooLargeToAnalyze(text, settings.maxDocumentSizeMB * MEGABYTE);
    let analysis: DocumentAnalysis;
    try {
      if (tooLarge) {
        // No checks, no odds, nothing kept of an earlier analysis: the one note is the answer.
        this.analyzers.forget(document.uri);
        analysis = analyzeDocument('', analysisOptions(settings, project));
      } else {
        const options = analysisOptions(settings, project);
        const blocks =
          text.length < SLICED_FROM
            ? this.analyzers.analyze(text, options, document.uri)
            : await this.inSlices(document, generation, text, options, slices, { version, revision, settings, project });
        // The paths read the whole text (linear, and only when it has links): the blocks alone do not know them.
        analysis = withPathDiagnostics(text, blocks);
      }
    } catch (error) {
      // An analyzer that failed halfway may hold half-updated blocks: the next attempt starts afresh.
      // One stopped (AnalysisAbandoned) is whole, and may already be analysing the newer version.
      if (!(error instanceof AnalysisAbandoned)) this.analyzers.forget(document.uri);
      throw error;
    }
    const result: AnalyzedDocument = { version, revision, analysis, settings, project, ...(tooLarge ? { tooLarge } : {}) };
    const current = this.entries.get(document.uri);
    // The document moved on while settings were fetched: this result belongs to the newer revision.
    if (current && current.document === document && current.revision !== revision && current.generation === generation) {
      this.entries.set(document.uri, { document, revision, generation, result: Promise.resolve(result), slices: { waiting: [] } });
    }
    if (current?.document === document && current.generation === generation) this.latest.set(document.uri, result);
    return result;
  }

  /**
   * A fresh analysis of a long text in slices of `SLICE_MS`, other work let in between; each step
   * answers those waiting for the part done. When the document is closed, or its settings or project
   * files change, it stops (AnalysisAbandoned), leaving the blocks done to the next analysis; a newer
   * version of the text waits for it and goes on from it, so that an author typing while a book opens
   * does not restart its analysis at every key. No other analysis of the document starts before it
   * ends (`analysing`).
   */
  private async inSlices(document: TextDocument, generation: string, text: string, options: AnalysisOptions, slices: Slices, base: Omit<AnalyzedDocument, 'analysis'>): Promise<DocumentAnalysis> {
    const { uri } = document;
    const steps = this.analyzers.analyzeInSteps(text, options, uri);
    let done!: () => void;
    this.analysing.set(uri, new Promise<void>((resolve) => (done = resolve)));
    try {
      let sliceStart = this.clock.now();
      for (;;) {
        // Closed (a document opened again under its name is another object), or new settings or project files.
        const current = this.entries.get(uri);
        if (current?.document !== document || current.generation !== generation) abandon(steps);
        const step = steps.next();
        if (step.done) return step.value;
        const progress = { step: step.value, base };
        slices.progress = progress;
        slices.waiting = slices.waiting.filter((waiter) => {
          if (waiter.offset >= progress.step.through) return true;
          waiter.answer(partOf(progress));
          return false;
        });
        if (this.clock.now() - sliceStart < SLICE_MS) continue;
        await this.clock.yield();
        sliceStart = this.clock.now();
      }
    } finally {
      slices.progress = undefined;
      slices.waiting = [];
      this.analysing.delete(uri);
      done();
    }
  }
}

/** Stops an analysis in steps halfway: the generator's `finally` runs (the blocks done are kept for the next analysis). */
function abandon(steps: Generator<AnalysisProgress, DocumentAnalysis, void>): never {
  const abandoned = new AnalysisAbandoned();
  steps.throw(abandoned);
  // The analyzer does not catch it; should one ever, the analysis still ends here.
  throw abandoned;
}

function partOf(progress: NonNullable<Slices['progress']>): AnalyzedDocument {
  return { ...progress.base, analysis: progress.step.analysis(), partial: true };
}
