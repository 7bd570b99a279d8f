/**
 * Which open documents the server analyses. Every editor sends it all its Markdown; the server
 * decides, so that VS Code, Neovim, Vim and any other client get the same answer: `*.scenario.md`
 * files always, other Markdown per `rollmark.markdown.enable` (default: those whose front matter
 * names a ruleset — most Markdown in a workspace is READMEs and notes, not scenarios).
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { namesRuleset } from '../analysis/project/frontMatter';
import { MARKDOWN_LANGUAGE_ID, type MarkdownMode, type RollmarkSettings, SCENARIO_FILE_SUFFIX } from '../protocol';
import { revisionOf } from './documentSync';
import { fileNameOf } from './folders';

export function isScenarioFile(uri: string): boolean {
  return fileNameOf(uri).toLowerCase().endsWith(SCENARIO_FILE_SUFFIX);
}

/**
 * The rule for one Markdown text: a `*.scenario.md` file always; another per the mode (`all`,
 * or `withRuleset` when its front matter names one). Open documents and files on disk alike.
 */
export function servesText(uri: string, text: string, mode: MarkdownMode): boolean {
  return isScenarioFile(uri) || mode === 'all' || (mode === 'withRuleset' && namesRuleset(text));
}

export class ServedDocuments {
  /**
   * Documents served since they were opened (or since the setting last changed). A document that
   * loses its ruleset line stays served until it is closed, so that its diagnostics do not
   * vanish and come back while the author retypes the line.
   */
  private readonly sticky = new Set<string>();

  /**
   * Documents not served, and the revision judged: every request and every publish asks, and
   * judging a README with front matter parses its YAML. An edit (a new revision) or a change of
   * the setting ({@link reset}) judges it afresh.
   */
  private readonly unserved = new Map<string, { document: TextDocument; revision: number }>();

  constructor(private readonly settings: (uri: string) => Promise<RollmarkSettings>) {}

  async isServed(document: TextDocument): Promise<boolean> {
    if (document.languageId !== MARKDOWN_LANGUAGE_ID) return false;
    if (this.sticky.has(document.uri) || isScenarioFile(document.uri)) return true;
    const revision = revisionOf(document);
    const judged = this.unserved.get(document.uri);
    if (judged?.document === document && judged.revision === revision) return false;
    const served = servesText(document.uri, document.getText(), (await this.settings(document.uri)).markdown.enable);
    if (served) {
      this.sticky.add(document.uri);
      this.unserved.delete(document.uri);
    } else {
      this.unserved.set(document.uri, { document, revision });
    }
    return served;
  }

  forget(uri: string): void {
    this.sticky.delete(uri);
    this.unserved.delete(uri);
  }

  /** The setting changed: every document is judged afresh. */
  reset(): void {
    this.sticky.clear();
    this.unserved.clear();
  }
}
