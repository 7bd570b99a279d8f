/**
 * The programs beyond Node that some tests drive (Neovim, Vim with ALE, Emacs with eglot, strace). npm cannot
 * install them, and installing them needs root, so a test never does: it finds them on the PATH
 * or fails at once with one line that names them and the command that installs them (.ci/run runs
 * it as root). Never a spawn's ENOENT, never a skipped test counted as passing.
 */
import { spawnSync } from 'node:child_process';

export interface SystemTool {
  /** The program and arguments that succeed when the tool is there (a version query). */
  probe: readonly [string, ...string[]];
  /** What the user knows it as. */
  name: string;
  /** Its Debian package. */
  debian: string;
}

export const STRACE: SystemTool = { probe: ['strace', '-V'], name: 'strace', debian: 'strace' };
export const NEOVIM: SystemTool = { probe: ['nvim', '--version'], name: 'Neovim (nvim)', debian: 'neovim' };
export const VIM: SystemTool = { probe: ['vim', '--version'], name: 'Vim', debian: 'vim' };
// Vim exits with an error (`cq`) unless `packadd ale` loaded the plugin.
export const VIM_ALE: SystemTool = { probe: ['vim', '-Nu', 'NONE', '-i', 'NONE', '-es', '-c', 'packadd ale', '-c', 'if !exists("g:loaded_ale") | cq | endif', '-c', 'qa!'], name: "Vim's ALE plugin", debian: 'vim-ale' };
export const EMACS: SystemTool = { probe: ['emacs', '--version'], name: 'Emacs', debian: 'emacs-nox' };
// `emacs --batch` exits with an error when a `require` fails. Packages are activated first, as Emacs does at startup (Emacs 29+ has eglot
// built in), the system's only: the test runs Emacs with its own HOME, where the user's ~/.emacs.d/elpa is not.
const emacsPackage = (feature: string): SystemTool['probe'] => ['emacs', '--batch', '--eval', `(progn (let ((package-user-dir "/nonexistent")) (package-activate-all)) (require '${feature}))`];
export const EMACS_EGLOT: SystemTool = { probe: emacsPackage('eglot'), name: "Emacs's eglot", debian: 'elpa-eglot' };
export const EMACS_MARKDOWN_MODE: SystemTool = { probe: emacsPackage('markdown-mode'), name: "Emacs's markdown-mode", debian: 'elpa-markdown-mode' };

function present(tool: SystemTool): boolean {
  const [command, ...args] = tool.probe;
  const run = spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 });
  return run.error === undefined && run.status === 0;
}

/** An error whose report is its one line: a missing tool is the machine's state, not a failure in the code. */
class MissingTools extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingTools';
    this.stack = message;
  }
}

/** Fails, with one line naming them and how to install them, unless every tool answers. */
export function requireSystemTools(...tools: SystemTool[]): void {
  const missing = tools.filter((tool) => !present(tool));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((tool) => tool.debian))].join(' ');
  throw new MissingTools(`not installed: ${missing.map((tool) => tool.name).join(', ')}. Install, then run the tests again: sudo apt-get install ${packages} (Debian/Ubuntu; as root: bash scripts/install-test-tools.sh)`);
}
